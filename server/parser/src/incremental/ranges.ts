/**
 * The ranges of the nodes an incremental reparse changed (reparse.ts,
 * step 5), and the helpers that walk up the tree for it.
 */
import type { Element, Node, ParentNode } from '../dom';
import type { Checkpoint } from '../tree/checkpoint';
import { logOf, MutationKind } from '../tree/mutation-log';

/**
 * The extent of the elements still in the tree that the old spans `from` to
 * `to` (exclusive: the old region, whose logs were undone and not replayed)
 * took children from (`Remove` and `MoveChildren` entries, which the
 * adoption agency algorithm makes; an element the region made and the new
 * parse paired may hold older children, and an adoption agency copy starts
 * where its first child does)
 * (https://html.spec.whatwg.org/multipage/parsing.html#adoption-agency-algorithm:
 * "Append all of the child nodes of furthest block to node"). Their ranges
 * are final here. [Infinity, -Infinity] when there are none.
 */
export function givenBackExtent(old: readonly Checkpoint[], from: number, to: number): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let k = from; k < to; k++) {
    const log = logOf(old[k].span);
    if (log === null) continue;
    for (const m of log) {
      if (m.kind === MutationKind.AppendText) {
        // Text the old region appended to an older Text node, undone: that node ends earlier now, wherever it starts.
        const text = m.child;
        if (text !== null && isInTree(text)) {
          if (text.start < lo) lo = text.start;
          if (text.end > hi) hi = text.end;
        }
        continue;
      }
      if (m.kind !== MutationKind.Remove && m.kind !== MutationKind.MoveChildren) continue;
      const parent = m.parent;
      if (parent === null || parent.kind !== 'element' || !isInTree(parent)) continue;
      if (parent.start < lo) lo = parent.start;
      if (parent.end > hi) hi = parent.end;
    }
  }
  return [lo, hi];
}

/**
 * The extent of the nodes made before the region (span order below `regionStartOrder`) that the region's own logs
 * changed in place: moved to another parent (the adoption agency algorithm's `Append`, `AppendToCopy`, and
 * `MoveChildren` into a copy it made, which holds them now; foster parenting's `InsertBefore`), removed, or given
 * text (`AppendText`). Those nodes may start long before the region, under a parent they were not under before.
 * [Infinity, -Infinity] when there are none.
 */
export function olderNodesMovedExtent(checkpoints: readonly Checkpoint[], regionStartOrder: number): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  const cover = (node: Node | null): void => {
    if (node === null || !isInTree(node)) return;
    if (node.start < lo) lo = node.start;
    if (node.end > hi) hi = node.end;
  };
  for (const checkpoint of checkpoints) {
    const log = logOf(checkpoint.span);
    if (log === null) continue;
    for (const m of log) {
      switch (m.kind) {
        case MutationKind.MoveChildren:
          // The copy holds the furthest block's children now: where it holds older ones, all of it.
          if ((m.parent !== null && m.parent.span.order < regionStartOrder) || (m.child !== null && m.child.kind === 'element' && m.child.children.some((c) => c.span.order < regionStartOrder))) cover(m.child);
          break;
        case MutationKind.Remove:
        case MutationKind.Append:
        case MutationKind.AppendToCopy:
        case MutationKind.InsertBefore:
        case MutationKind.AppendText:
          if (m.child !== null && m.child.span.order < regionStartOrder) cover(m.child);
          break;
      }
    }
  }
  return [lo, hi];
}

/**
 * The extent of what `onChanged` covers besides the region for the open
 * elements at C and the reparented elements: an element open at C that the new parse
 * appended nothing to (the edit closed it sooner) ends before C now, and its
 * children after C are gone, so the stretch from its end on changed too; a
 * paired element under another parent than before changed all of it (the
 * ancestors of what is below it changed). [Infinity, -Infinity] when none.
 */
export function cutOrReparentedExtent(restorePoint: Checkpoint, reparented: readonly Element[]): [number, number] {
  let cutLow = Number.POSITIVE_INFINITY;
  for (const node of restorePoint.openElements) if (node.end < restorePoint.offset && node.end < cutLow && isInTree(node)) cutLow = node.end;
  let reparentedHigh = Number.NEGATIVE_INFINITY;
  for (const node of reparented) {
    if (!isInTree(node)) continue;
    if (node.start < cutLow) cutLow = node.start;
    if (node.end > reparentedHigh) reparentedHigh = node.end;
  }
  return [cutLow, reparentedHigh];
}

/** Whether a node is in its document's tree (template contents included). */
function isInTree(node: Node): boolean {
  let n: Node | null = node;
  while (n !== null && n.kind !== 'document') n = parentOf(n);
  return n !== null;
}

/**
 * Sets an element's range to what covers the place it was made at (its
 * range now: the replay put a copy back where the node moved into it
 * starts), its markup, its template contents and its children.
 */
export function hullRange(node: Element): void {
  let start = node.start;
  let end = node.end;
  const startTagEnd = node.startTagEnd;
  if (startTagEnd !== null) {
    start = node.startTagStart;
    end = startTagEnd;
  }
  const endTagEnd = node.endTagEnd;
  if (endTagEnd !== null) {
    start = Math.min(start, node.endTagStart!);
    end = Math.max(end, endTagEnd);
  }
  if (node.content !== null && node.content.children.length > 0) {
    start = Math.min(start, node.content.start);
    end = Math.max(end, node.content.end);
  }
  for (const child of node.children) {
    if (child.start < start) start = child.start;
    if (child.end > end) end = child.end;
  }
  node.start = start;
  node.end = end;
}

/** A node's parent (a template's contents: their template). */
export function parentOf(node: Node): ParentNode | null {
  return node.kind === 'document' ? null : node.kind === 'fragment' ? node.host : node.parent;
}

/** How many ancestors a node has. */
export function depthOf(node: Node): number {
  let depth = 0;
  for (let p = node.kind === 'document' ? null : node.kind === 'fragment' ? node.host : node.parent; p !== null; depth++) {
    p = p.kind === 'document' ? null : p.kind === 'fragment' ? p.host : p.parent;
  }
  return depth;
}

/**
 * The end of the range of a node whose children changed: the furthest of
 * its own markup and its children's ends. Children made before the region
 * (and not straddling it themselves) end before `regionStart`, so the scan
 * stops at the first of them once something reaches that far.
 */
export function coveredEnd(node: ParentNode, straddlers: ReadonlySet<Node>, regionStartOrder: number, regionStart: number, scanAll: boolean): number {
  let end = node.start;
  if (node.kind === 'element') {
    const startTagEnd = node.startTagEnd;
    if (startTagEnd !== null && startTagEnd > end) end = startTagEnd;
    const endTagEnd = node.endTagEnd;
    if (endTagEnd !== null && endTagEnd > end) end = endTagEnd;
    if (node.content !== null && node.content.end > end) end = node.content.end;
  }
  // Straddling children first: they need not be the last ones (a comment after </body> follows the body).
  for (const s of straddlers) if (s.kind !== 'document' && s.kind !== 'fragment' && s.parent === node && s.end > end) end = s.end;
  const children = node.children;
  for (let k = children.length - 1; k >= 0; k--) {
    const child = children[k];
    if (child.end > end) end = child.end;
    // A parent the region inserted into before an older child (a <template for>
    // patch, whose <?end> may be gone since) has new children anywhere: all are read.
    if (!scanAll && child.span.order < regionStartOrder && !straddlers.has(child) && end >= regionStart) break;
  }
  return end;
}
