/**
 * After a sync (reparse.ts, step 4): the new region's nodes, checkpoints and
 * logs pointed at the old nodes that took their counterparts' places, and the
 * old checkpoints after the sync point made to describe the new tree.
 */
import { sameTagSource, type ChildNode, type Node, type SourceRange, type Text } from '../dom';
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
export function remapCheckpoint(checkpoint: Checkpoint, pairing: Pairing): void {
  const final = <T extends Node>(node: T): T => pairing.final(node);
  checkpoint.openElements = checkpoint.openElements.map(final);
  checkpoint.activeFormattingElements = checkpoint.activeFormattingElements.map((element) => (element === null ? null : final(element)));
  checkpoint.live = checkpoint.live.map(final);
  if (checkpoint.headElement !== null) checkpoint.headElement = final(checkpoint.headElement);
  if (checkpoint.formElement !== null) checkpoint.formElement = final(checkpoint.formElement);
  if (checkpoint.fosterTable !== null) checkpoint.fosterTable = final(checkpoint.fosterTable);
}

/** Points the entries of a region span's log at the final nodes. */
export function remapLog(span: Span, pairing: Pairing): void {
  const log = logOf(span);
  if (log === null) return;
  for (const mutation of log) {
    if (mutation.parent !== null) mutation.parent = pairing.final(mutation.parent);
    if (mutation.child !== null) mutation.child = pairing.final(mutation.child);
    if (mutation.before !== null) mutation.before = pairing.final(mutation.before);
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
  newTexts: readonly (Text | null)[],
  newTextLengths: readonly number[],
  newTextEnds: readonly number[],
  newEndTags: readonly (SourceRange | null)[],
  errorShift: number,
): void {
  const syncPoint = old[from];
  if (errorShift !== 0) for (let later = from; later < old.length; later++) old[later].errorCount += errorShift;
  for (let index = 0; index < syncPoint.live.length; index++) {
    const node = syncPoint.live[index];
    const oldCount = syncPoint.childCounts[index];
    const newTextLength = newTextLengths[index];
    const oldTextLength = syncPoint.lastTextLengths[index];
    const oldEndTag = syncPoint.endTags[index];
    const newEndTag = newEndTags[index];
    let textSameAsAtP = newTextLength >= 0;
    let endTagSameAsAtP = !sameTagSource(oldEndTag, newEndTag);
    for (let later = from; later < old.length && (textSameAsAtP || endTagSameAsAtP); later++) {
      const checkpoint = old[later];
      const at = checkpoint.live.indexOf(node);
      if (at < 0) break;
      if (textSameAsAtP) {
        // The same Text node as at P, maybe with text appended since (which ends where it did, moved).
        const length = checkpoint.lastTextLengths[at];
        if (checkpoint.childCounts[at] === oldCount && length >= 0) checkpoint.setLastText(at, length + newTextLength - oldTextLength, length === oldTextLength ? newTextEnds[index] : checkpoint.lastTextEnd(at));
        else textSameAsAtP = false;
      }
      if (endTagSameAsAtP) {
        if (sameTagSource(checkpoint.endTags[at], oldEndTag)) checkpoint.endTags[at] = newEndTag;
        else endTagSameAsAtP = false;
      }
    }
    // A table inserted after P behind that Text node makes it the later checkpoints' foster text (the Text node
    // right before the table), with the length it had then: longer or shorter by what the region changed. (The
    // Text node before P's own table is `RegionReparse.carryFosterText`'s concern.) Found by the template/form/frameset documents
    // of incremental.test.ts: text typed before a table that later text is foster parented after.
    const text = newTexts[index];
    if (text !== null && oldTextLength >= 0 && text !== syncPoint.fosterText && (newTextLength !== oldTextLength || newTextEnds[index] !== syncPoint.lastTextEnd(index))) {
      for (let later = from; later < old.length; later++) {
        const checkpoint = old[later];
        if (checkpoint.fosterText !== text) continue;
        const length = checkpoint.fosterTextLength;
        checkpoint.setFosterText(text, length + newTextLength - oldTextLength, length === oldTextLength ? newTextEnds[index] : checkpoint.fosterTextEnd());
      }
    }
  }
}
