/**
 * The start and end tag of one element: highlighted together, and renamed
 * together (linked editing). The pair is the one the parser matched, so a
 * `</p>` that closes nothing, or an end tag the parser ignored, has no partner.
 * Offsets only.
 */
import type { DomElement, DomParent, SourceRange } from '../dom';
import { pathAt, tagNameRange } from './tree';
import type { SourceText } from '../document-text';

export interface TagPair {
  element: DomElement;
  /** The name in the start tag. */
  start: SourceRange | null;
  /** The name in the end tag. */
  end: SourceRange | null;
}

/** The element whose start or end tag *name* is at `offset` (its end inclusive), with both name ranges. */
export function tagPairAt(root: DomParent, text: SourceText, offset: number): TagPair | undefined {
  // The cursor may sit just after the name (`<div|>`), which is still inside the tag.
  for (const probe of [offset, offset - 1]) {
    if (probe < 0) continue;
    const path = pathAt(root, probe);
    for (let i = path.length - 1; i >= 0; i--) {
      const n = path[i];
      if (n.kind !== 'element') continue;
      const start = n.startTag !== null ? tagNameRange(text, n.startTag) : null;
      const end = n.endTag !== null ? tagNameRange(text, n.endTag) : null;
      const onStart = start !== null && start.start <= offset && offset <= start.end;
      const onEnd = end !== null && end.start <= offset && offset <= end.end;
      if (onStart || onEnd) return { element: n, start, end };
    }
  }
  return undefined;
}

/** Ranges to highlight for the tag name at `offset`: its own name and its partner's. */
export function matchingTagHighlights(root: DomParent, text: SourceText, offset: number): SourceRange[] {
  const pair = tagPairAt(root, text, offset);
  if (pair === undefined) return [];
  return [pair.start, pair.end].filter((r): r is SourceRange => r !== null);
}

/** Both tag names, when the element has a start and an end tag written exactly alike (editors require equal text). */
export function linkedTagNames(root: DomParent, text: SourceText, offset: number): SourceRange[] | undefined {
  const pair = tagPairAt(root, text, offset);
  if (pair === undefined || pair.start === null || pair.end === null) return undefined;
  const a = text.slice(pair.start.start, pair.start.end);
  const b = text.slice(pair.end.start, pair.end.end);
  if (a !== b) return undefined;
  return [pair.start, pair.end];
}

/** What a tag name may be while it is renamed (LSP `wordPattern`). */
export const TAG_NAME_PATTERN = '[A-Za-z][^\\s/>]*';
