/**
 * Selection ranges: from the cursor outwards by the DOM ancestry. Inside a
 * tag: the attribute value, the attribute, the tag name, the tag; then each
 * element's content (between its tags) and the element itself, up to the
 * document. Offsets only; each range contains the one before it.
 */
import type { DomElement, DomParent, SourceRange } from '../dom';
import { contains, pathAt, tagNameRange } from './tree';
import type { SourceText } from '../document-text';

function pushRange(chain: SourceRange[], r: SourceRange): void {
  const last = chain[chain.length - 1];
  if (last !== undefined) {
    if (r.start === last.start && r.end === last.end) return;
    // A range must contain the one before it; skip one that does not (content moved by the parser).
    if (r.start > last.start || r.end < last.end) return;
  }
  chain.push({ start: r.start, end: r.end });
}

function tagRanges(text: SourceText, element: DomElement, offset: number, chain: SourceRange[]): void {
  const startTag = element.startTag;
  const inStartTag = startTag !== null && contains(startTag, offset);
  const tag = inStartTag ? startTag : element.endTag;
  if (tag === null || !contains(tag, offset)) return;
  if (inStartTag) {
    for (const a of element.attributes) {
      if (a.start <= offset && offset <= a.end && a.start >= tag.start && a.end <= tag.end) {
        if (a.valueStart !== null && a.valueEnd !== null && a.valueStart <= offset && offset <= a.valueEnd && a.valueEnd > a.valueStart) {
          pushRange(chain, { start: a.valueStart, end: a.valueEnd });
        }
        pushRange(chain, { start: a.start, end: a.end });
        break;
      }
    }
  }
  const name = tagNameRange(text, tag);
  if (name.start <= offset && offset <= name.end) pushRange(chain, name);
  pushRange(chain, tag);
}

/**
 * The longest chain returned. Clients and JSON serializers recurse on the
 * nested result, so past this the outer ancestors are thinned out (each step
 * still contains the one before, and the last is the whole document).
 */
export const MAX_SELECTION_CHAIN = 200;

function thin(chain: SourceRange[]): SourceRange[] {
  if (chain.length <= MAX_SELECTION_CHAIN) return chain;
  const inner = MAX_SELECTION_CHAIN - 50;
  const out = chain.slice(0, inner);
  const rest = chain.length - inner;
  for (let k = 1; k <= 50; k++) out.push(chain[inner - 1 + Math.round((k * rest) / 50)]);
  return out;
}

/** The selection chain at `offset`, innermost first. */
export function selectionRanges(root: DomParent, text: SourceText, offset: number): SourceRange[] {
  const chain: SourceRange[] = [];
  const path = pathAt(root, offset);
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (node.kind === 'element') {
      tagRanges(text, node, offset, chain);
      if (node.startTag !== null && node.endTag !== null && node.startTag.end <= offset && offset <= node.endTag.start && node.endTag.start > node.startTag.end) {
        pushRange(chain, { start: node.startTag.end, end: node.endTag.start });
      }
      pushRange(chain, node);
    } else if (node.kind === 'document' || node.kind === 'fragment') {
      pushRange(chain, { start: 0, end: text.length });
    } else {
      pushRange(chain, node);
    }
  }
  if (chain.length === 0) pushRange(chain, { start: 0, end: text.length });
  return thin(chain);
}
