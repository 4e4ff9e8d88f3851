/**
 * Completion while writing markup: tag names after `<` (what the content
 * model of the element the tag goes in allows there first), the end tags of
 * the elements open at `</`, attribute names inside a start tag (the
 * element's own, then the global ones), and the keywords of an enumerated
 * attribute inside its value (attribute-completion.ts). Offsets in; plain
 * items out (convert.ts makes them LSP completion items).
 *
 * The place comes from the text around the cursor (a tag being typed is
 * often not yet a tag), the element it goes in from the tree the parser
 * built: only the path from the root to the cursor is read, never the whole
 * tree.
 */
import {
  ARIA_ATTRIBUTES,
  attributeDefinition,
  ELEMENT_ENTRIES,
  elementEntry,
  elementsAllowedHere,
  EVENT_HANDLER_ATTRIBUTES,
  GLOBAL_ATTRIBUTES,
  type ElementShape,
  type PlaceChild,
} from '@tagtree/parser';
import type { DocumentParse } from '../document-parse';
import type { AttributeAllowList } from '@tagtree/parser';
import { customAttributeCompletions, customElementCompletions, customValueCompletions } from './custom-data';
import type { SourceText } from '../document-text';
import type { DomChild, DomElement, DomNode, DomParent } from '../dom';
import { attributeValueCompletions, type CompletionData } from './attribute-completion';
import { pathAt, tagAt, visibleChildren } from './tree';

const SPEC = 'https://html.spec.whatwg.org/multipage/';
const ARIA = 'https://w3c.github.io/aria/#';

/** Whether `c` can be part of a tag or attribute name being typed (NaN: outside the text). */
function isNameChar(c: number): boolean {
  return !(
    Number.isNaN(c) ||
    c === 0x09 ||
    c === 0x0a ||
    c === 0x0c ||
    c === 0x0d ||
    c === 0x20 ||
    c === 0x2f /* / */ ||
    c === 0x3c /* < */ ||
    c === 0x3e /* > */ ||
    c === 0x3d /* = */ ||
    c === 0x22 ||
    c === 0x27
  );
}

function isWhitespace(c: number): boolean {
  return c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** Elements whose content is text to the parser: no tags start inside them. */
const TEXT_CONTENT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

/** The name being typed around `offset`: `[start, end)`, the run of name characters through it. */
function nameAround(text: SourceText, offset: number): { start: number; end: number } {
  let start = offset;
  while (start > 0 && start > offset - 256 && isNameChar(text.charCodeAt(start - 1))) start--;
  let end = offset;
  while (end < text.length && end < offset + 256 && isNameChar(text.charCodeAt(end))) end++;
  return { start, end };
}

/**
 * The nodes containing the place where a tag starting at `lt` goes, root
 * first, without the nodes that start at `lt` (the tag being typed, or the
 * text `<` it is so far).
 */
function pathToPlace(root: DomParent, lt: number): DomNode[] {
  const path = pathAt(root, lt);
  let n = path.length;
  while (n > 1) {
    const node = path[n - 1];
    const startsHere = node.kind === 'element' ? node.startTag !== null && node.startTag.start >= lt : node.start >= lt;
    if (!startsHere) break;
    n--;
  }
  return path.slice(0, n);
}

/** The elements of a path, innermost first. */
function elementsOf(path: readonly DomNode[]): DomElement[] {
  const out: DomElement[] = [];
  for (let i = path.length - 1; i >= 0; i--) {
    const n = path[i];
    if (n.kind === 'element') out.push(n);
  }
  return out;
}

/** Tag names after `<`: the elements that may go here first (by name), then the others. */
function tagNameCompletions(root: DomParent, text: SourceText, lt: number, name: { start: number; end: number }): CompletionData[] {
  // Not inside another tag (an attribute value), a comment or text-only content.
  const tag = tagAt(root, lt);
  if (tag !== undefined && !(tag.tag === 'start' && tag.element.startTag!.start === lt)) return [];
  const path = pathToPlace(root, lt);
  if (path[path.length - 1].kind === 'comment') return [];
  const ancestors = elementsOf(path);
  if (ancestors.length > 0 && ancestors[0].namespace === 'html' && TEXT_CONTENT.has(ancestors[0].name)) return [];
  const parent = ancestors[0];
  let allowed: Set<string> | null = null;
  if (parent !== undefined) {
    const children = visibleChildren(parent);
    const before: DomChild[] = [];
    for (let i = 0; i < children.length && children[i].start < lt; i++) if (children[i].end <= lt) before.push(children[i]);
    allowed = elementsAllowedHere(ancestors as readonly ElementShape[], before as readonly PlaceChild[]);
  }
  const where = parent === undefined ? 'here' : `in <${parent.name}>`;
  const out: CompletionData[] = [];
  for (const entry of ELEMENT_ENTRIES) {
    if (entry.obsolete !== undefined) continue;
    const ok = allowed === null || allowed.has(entry.name);
    out.push({
      kind: 'element',
      label: entry.name,
      detail: allowed === null ? 'element' : ok ? `allowed ${where}` : `not allowed ${where} by its content model`,
      documentation: `\`<${entry.name}>\` — [specification](${entry.href})`,
      start: name.start,
      end: name.end,
      sortText: `${ok ? 0 : 1}${entry.name}`,
    });
  }
  return out;
}

/** End tags after `</`: the elements open at that place, innermost first. */
function endTagCompletions(root: DomParent, text: SourceText, lt: number, name: { start: number; end: number }): CompletionData[] {
  const open = elementsOf(pathToPlace(root, lt)).filter((e) => e.startTag !== null);
  const closed = text.charCodeAt(name.end) === 0x3e;
  return open.map((e, i) => ({
    kind: 'end-tag',
    label: `</${e.name}>`,
    filterText: e.name,
    newText: closed ? e.name : `${e.name}>`,
    detail: i === 0 ? 'closes the open element' : `closes the open <${e.name}> and the elements inside it`,
    documentation: `The end tag of the \`<${e.name}>\` opened at offset ${e.startTag!.start}.`,
    start: name.start,
    end: closed ? name.end + 1 : name.end,
    sortText: String(i).padStart(4, '0'),
  }));
}

/** Where an attribute name is defined. */
function attributeHref(element: string, name: string, own: boolean): string {
  const defined = attributeDefinition(element, name);
  if (defined !== null) return defined.href;
  if (name.startsWith('aria-')) return `${ARIA}${name}`;
  if (name === 'role') return `${ARIA}host_general_role`;
  if (name.startsWith('on')) return `${SPEC}webappapis.html#handler-${name}`;
  if (own) return elementEntry(element)?.href ?? `${SPEC}indices.html#attributes-3`;
  return `${SPEC}dom.html#global-attributes`;
}

/** Attribute names inside the start tag of `element`: its own, the global ones, ARIA, event handlers. */
function attributeNameCompletions(element: DomElement, name: { start: number; end: number }): CompletionData[] {
  if (element.namespace !== 'html') return [];
  const present = new Set(element.attributes.filter((a) => a.start !== name.start).map((a) => a.name));
  const entry = elementEntry(element.name);
  const groups: [string[], string, boolean][] = [
    [[...(entry?.attributes ?? [])], `attribute of <${element.name}>`, true],
    [[...GLOBAL_ATTRIBUTES], 'global attribute', false],
    [['role', ...ARIA_ATTRIBUTES], 'ARIA', false],
    [[...EVENT_HANDLER_ATTRIBUTES], 'event handler', false],
  ];
  const out: CompletionData[] = [];
  const seen = new Set<string>();
  groups.forEach(([names, detail, own], group) => {
    for (const n of names) {
      if (seen.has(n) || present.has(n)) continue;
      seen.add(n);
      out.push({
        kind: 'attribute',
        label: n,
        detail,
        documentation: `\`${n}\` on \`<${element.name}>\` — [specification](${attributeHref(element.name, n, own)})`,
        start: name.start,
        end: name.end,
        sortText: `${group}${n}`,
      });
    }
  });
  return out;
}

/** Completions for the cursor at `offset`. */
export function completionsAt(parse: DocumentParse, offset: number, customData?: AttributeAllowList): CompletionData[] {
  const values = attributeValueCompletions(parse, offset);
  if (values.length > 0) return values;
  // What custom data (tagtree.customData) declares: its values, elements and attributes, after the standard ones.
  if (customData !== undefined && !customData.empty) {
    const custom = customValueCompletions(customData, parse, offset);
    if (custom.length > 0) return custom;
  }
  const root = parse.document;
  if (root === null) return [];
  const text = parse.text;
  const name = nameAround(text, offset);
  const typed = text.slice(name.start, offset);
  // `<` then a name (or nothing yet): a start tag.
  if (text.charCodeAt(name.start - 1) === 0x3c && (typed === '' || isAsciiAlpha(typed.charCodeAt(0)))) {
    const elements = tagNameCompletions(root, text, name.start - 1, name);
    return customData === undefined ? elements : [...elements, ...customElementCompletions(customData, name)];
  }
  // `</` then a name: an end tag.
  if (text.charCodeAt(name.start - 1) === 0x2f && text.charCodeAt(name.start - 2) === 0x3c) {
    return endTagCompletions(root, text, name.start - 2, name);
  }
  // After whitespace inside a start tag, not in a value: an attribute name.
  if (name.start > 0 && isWhitespace(text.charCodeAt(name.start - 1))) {
    const tag = tagAt(root, name.start - 1);
    if (tag === undefined || tag.tag !== 'start') return [];
    const inValue = tag.element.attributes.some((a) => a.valueStart !== null && a.valueEnd !== null && a.valueStart <= offset && offset <= a.valueEnd);
    if (inValue) return [];
    const names = attributeNameCompletions(tag.element, name);
    return customData === undefined ? names : [...names, ...customAttributeCompletions(customData, tag.element, name)];
  }
  return [];
}
