/**
 * Folding ranges from the real tree: an element folds from its start tag to
 * the line before the place the browser ends it (its end tag, or, when the
 * end tag is implied, the end of its last descendant), so the line that
 * closes it stays visible. Also multi-line start tags, multi-line comments,
 * and `<!-- #region -->` / `<!-- #endregion -->` pairs.
 *
 * Folding is by lines, so this module takes the text's line lookup; it
 * builds no protocol types.
 */
import type { DomChild, DomParent } from '../dom';
import { NODES_PER_STEP } from './symbols';
import { walkSteps } from './tree';
import type { SourceText } from '../document-text';

export type FoldKind = 'comment' | 'region' | undefined;

export interface FoldData {
  startLine: number;
  endLine: number;
  kind: FoldKind;
}

export interface LineLookup {
  /** The 0-based line of an offset. */
  line(offset: number): number;
}

const REGION_START = /^\s*#?region\b/;
const REGION_END = /^\s*#?endregion\b/;

/** Whether only whitespace follows `offset` up to the end of its line. */
function restOfLineIsBlank(text: SourceText, offset: number): boolean {
  for (let i = offset; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) return true;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0c) return false;
  }
  return true;
}

/** The folding ranges, in steps (a generator that yields about every `NODES_PER_STEP` nodes); `foldingRanges` runs it to the end. */
export function* foldingRangeSteps(root: DomParent, text: SourceText, lines: LineLookup, limit = Number.MAX_SAFE_INTEGER): Generator<void, FoldData[]> {
  const folds: FoldData[] = [];
  const regions: number[] = [];
  const add = (startLine: number, endLine: number, kind: FoldKind) => {
    if (endLine > startLine) folds.push({ startLine, endLine, kind });
  };
  // Document order, template contents first, without recursion: `walkSteps` (tree.ts), the one walk of the tree features.
  const visit = (node: DomChild): void => {
    if (node.kind === 'comment') {
      const first = lines.line(node.start);
      if (REGION_START.test(node.data)) {
        regions.push(first);
        return;
      }
      if (REGION_END.test(node.data)) {
        const open = regions.pop();
        if (open !== undefined) add(open, first, 'region');
        return;
      }
      // The whole comment folds onto its first line, unless markup follows it on its last line.
      const last = lines.line(Math.max(node.start, node.end - 1));
      add(first, restOfLineIsBlank(text, node.end) ? last : last - 1, 'comment');
      return;
    }
    if (node.kind !== 'element' || node.startTag === null) return;
    const tag = node.startTag;
    const tagFirst = lines.line(tag.start);
    const tagLast = lines.line(Math.max(tag.start, tag.end - 1));
    // Where the browser ends the element: its end tag, or the end of its last descendant.
    const endTag = node.endTag;
    const closing = endTag !== null ? endTag.start : node.end;
    const contentLast = lines.line(closing) - 1;
    const hasContentFold = closing > tag.end && contentLast > tagLast;
    if (tagLast > tagFirst) {
      // A multi-line start tag: fold its attributes, keeping the line of ">" when the content folds from there.
      add(tagFirst, hasContentFold || !restOfLineIsBlank(text, tag.end) ? tagLast - 1 : tagLast, undefined);
    }
    if (hasContentFold) add(tagLast, contentLast, undefined);
  };
  yield* walkSteps(root, visit, NODES_PER_STEP);
  folds.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  return folds.length > limit ? folds.slice(0, limit) : folds;
}

export function foldingRanges(root: DomParent, text: SourceText, lines: LineLookup, limit = Number.MAX_SAFE_INTEGER): FoldData[] {
  const steps = foldingRangeSteps(root, text, lines, limit);
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}
