/**
 * Rename of a tag pair: the start tag's name and the end tag's, as the
 * parser paired them (the element whose start tag it is, and the end tag
 * that closed it). Where the parser made no pair (an element closed without
 * an end tag, a void element, an end tag it ignored) or the new name is not
 * a tag name, the answer says why. Offsets only.
 */
import { isValidCustomElementName } from '@tagtree/parser';
import type { SourceText } from '../document-text';
import type { DomParent, SourceRange } from '../dom';
import { tagPairAt } from './matching-tags';
import { contains } from './tree';

export interface RenameRefusal {
  refused: string;
}

export interface RenamePlace {
  /** The name under the cursor. */
  start: number;
  end: number;
  /** The name as written there. */
  placeholder: string;
  /** Both names: the start tag's and the end tag's. */
  names: [SourceRange, SourceRange];
}

/** https://html.spec.whatwg.org/multipage/syntax.html#void-elements */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** `</name` at `offset`'s tag, when the cursor is on the name of an end tag: the name, lowercased. */
function endTagNameAt(text: SourceText, offset: number): string | null {
  let start = offset;
  while (start > 0 && start > offset - 256 && /[^\s/<>]/.test(text.slice(start - 1, start))) start--;
  if (text.slice(start - 2, start) !== '</') return null;
  const m = /^[A-Za-z][^\s/>]*/.exec(text.slice(start, start + 256));
  return m === null ? null : m[0].toLowerCase();
}

/** The tag pair to rename at `offset`, or why there is none. */
export function renamePlaceAt(root: DomParent, text: SourceText, offset: number): RenamePlace | RenameRefusal {
  const pair = tagPairAt(root, text, offset);
  if (pair === undefined) {
    const stray = endTagNameAt(text, offset);
    if (stray !== null) return { refused: `</${stray}> closes no element (the parser ignored it), so there is no tag pair to rename` };
    return { refused: 'Rename works on a tag name: put the cursor on the name in a start or end tag' };
  }
  const { element, start, end } = pair;
  if (start === null) return { refused: `</${element.name}> has no start tag of its own: the parser made this <${element.name}> without one, so there is no tag pair to rename` };
  if (end === null) {
    if (element.namespace === 'html' && VOID.has(element.name)) return { refused: `<${element.name}> is a void element: it has no end tag to rename with it` };
    return { refused: `<${element.name}> has no end tag: the parser closed it without one, so there is no tag pair to rename` };
  }
  const here = contains({ start: start.start, end: start.end + 1 }, offset) ? start : end;
  return { start: here.start, end: here.end, placeholder: text.slice(here.start, here.end), names: [start, end] };
}

/**
 * Why `name` cannot be a tag name, or null when it can: ASCII alphanumerics
 * starting with a letter (as every HTML, SVG and MathML element is named),
 * or a valid custom element name.
 * https://html.spec.whatwg.org/multipage/syntax.html#syntax-tag-name
 */
export function invalidTagName(name: string): string | null {
  if (/^[A-Za-z][A-Za-z0-9]*$/.test(name) || isValidCustomElementName(name)) return null;
  return `"${name}" is not a valid tag name: use ASCII letters and digits starting with a letter, or a custom element name such as my-element`;
}

/** The edits that rename the tag pair at `offset` to `newName`, or why they cannot. */
export function renameTagPair(root: DomParent, text: SourceText, offset: number, newName: string): { start: number; end: number; newText: string }[] | RenameRefusal {
  const place = renamePlaceAt(root, text, offset);
  if ('refused' in place) return place;
  const invalid = invalidTagName(newName);
  if (invalid !== null) return { refused: invalid };
  return place.names.map((r) => ({ start: r.start, end: r.end, newText: newName }));
}
