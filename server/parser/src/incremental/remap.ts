/**
 * After a sync (reparse.ts, step 4): the new region's nodes, checkpoints and
 * logs pointed at the old nodes that took their counterparts' places, and the
 * old checkpoints after the sync point made to describe the new tree.
 */
import { sameTagSource, type ChildNode, type Node, type SourceRange } from '../dom';
import type { Checkpoint } from '../tree/checkpoint';
import { logOf } from '../tree/mutation-log';
import type { Span } from '../span';
import type { Pairing } from './pairing';

/** Points every copy in a subtree of the new region at the final node of what it copies. */
export function remapClones(root: ChildNode, pairing: Pairing): void {
  const work: Node[] = [root];
  while (work.length > 0) {
    const node = work.pop()!;
    if (node.kind !== 'element') continue;
    if (node.cloneOf !== null) {
      const original = pairing.final(node.cloneOf);
      if (original !== node.cloneOf) {
        node.cloneOf = original;
        // Its attributes copy the original's, in the same order: they read their source from the old node's.
        for (let k = 0; k < node.attributes.length; k++) node.attributes[k].copyOf(original.attributes[k]);
      }
    }
    for (const child of node.children) work.push(child);
    if (node.content !== null) for (const child of node.content.children) work.push(child);
  }
}

/** Points a checkpoint of the new region at the final nodes. */
export function remapCheckpoint(c: Checkpoint, pairing: Pairing): void {
  const f = <T extends Node>(n: T): T => pairing.final(n);
  c.openElements = c.openElements.map(f);
  c.activeFormattingElements = c.activeFormattingElements.map((e) => (e === null ? null : f(e)));
  c.live = c.live.map(f);
  if (c.headElement !== null) c.headElement = f(c.headElement);
  if (c.formElement !== null) c.formElement = f(c.formElement);
  if (c.fosterTable !== null) c.fosterTable = f(c.fosterTable);
}

/** Points the entries of a region span's log at the final nodes. */
export function remapLog(span: Span, pairing: Pairing): void {
  const log = logOf(span);
  if (log === null) return;
  for (const m of log) {
    if (m.parent !== null) m.parent = pairing.final(m.parent);
    if (m.child !== null) m.child = pairing.final(m.child);
    if (m.before !== null) m.before = pairing.final(m.before);
  }
}

/**
 * The old checkpoints from P on describe the old tree; after the reuse they
 * must describe the new one (their offsets move with their spans; their
 * child counts move as the replay goes, in `RegionReparse.reuseAfterSync`). Error counts
 * move; while a live node's last child is still the Text node it had at P,
 * that text's length and end come from the new tree (plus what was appended
 * since); and while its end tag is still the one it had at P, that end tag
 * is the new tree's. `newTextLengths`, `newTextEnds` and `newEndTags` are
 * those of P's live nodes in the new tree at P.
 */
export function adjustLaterCheckpoints(
  old: readonly Checkpoint[],
  from: number,
  newTextLengths: readonly number[],
  newTextEnds: readonly number[],
  newEndTags: readonly (SourceRange | null)[],
  errorShift: number,
): void {
  const P = old[from];
  if (errorShift !== 0) for (let k = from; k < old.length; k++) old[k].errorCount += errorShift;
  for (let i = 0; i < P.live.length; i++) {
    const node = P.live[i];
    const oldCount = P.childCounts[i];
    const newTextLength = newTextLengths[i];
    const oldTextLength = P.lastTextLengths[i];
    const oldEndTag = P.endTags[i];
    const newEndTag = newEndTags[i];
    let textSameAsAtP = newTextLength >= 0;
    let endTagSameAsAtP = !sameTagSource(oldEndTag, newEndTag);
    for (let k = from; k < old.length && (textSameAsAtP || endTagSameAsAtP); k++) {
      const c = old[k];
      const at = c.live.indexOf(node);
      if (at < 0) break;
      if (textSameAsAtP) {
        // The same Text node as at P, maybe with text appended since (which ends where it did, moved).
        const length = c.lastTextLengths[at];
        if (c.childCounts[at] === oldCount && length >= 0) c.setLastText(at, length + newTextLength - oldTextLength, length === oldTextLength ? newTextEnds[i] : c.lastTextEnd(at));
        else textSameAsAtP = false;
      }
      if (endTagSameAsAtP) {
        if (sameTagSource(c.endTags[at], oldEndTag)) c.endTags[at] = newEndTag;
        else endTagSameAsAtP = false;
      }
    }
  }
}
