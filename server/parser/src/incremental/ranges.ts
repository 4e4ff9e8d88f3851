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

/** What step 5 of a reparse reads (reparse.ts, `RegionReparse`). Positions in the old text unless named new. */
export interface ChangedRanges {
  /** The nodes whose ranges are made again, and their ancestors (added here). */
  readonly straddlers: Set<Node>;
  /** Elements made after P that the replay moved older nodes into (and their ancestors made after P, added here). */
  readonly reusedTouched: Set<Element>;
  /** The nodes the region changed other than by appends (scanned whole). */
  readonly changedByRegion: ReadonlySet<Node>;
  /** The live nodes at C and the paired old elements: their ranges in the old tree. */
  readonly oldStates: ReadonlyMap<ParentNode, { readonly start: number; readonly end: number }>;
  /** C's offset. */
  readonly regionStart: number;
  /** The span orders of the region's first span and of P's (Infinity when the reparse did not sync). */
  readonly regionStartOrder: number;
  readonly reusedOrder: number;
  /** P's offset (Infinity when none). */
  readonly syncOffset: number;
  /** The change in length the edit makes. */
  readonly lengthChange: number;
}

/**
 * Step 5 of a reparse: the ranges of the nodes whose children changed and of
 * their ancestors (an element removed from the middle of the stack of open
 * elements, by </form> say, still holds open ones), deepest first. A node
 * whose old range reached past P ends where it did, moved (unless
 * `endMoved` says otherwise); the others end where their markup and
 * children do.
 */
export function remakeChangedRanges(reparse: ChangedRanges): void {
  const { straddlers, reusedTouched, oldStates, regionStartOrder, reusedOrder, syncOffset, lengthChange } = reparse;
  // First the elements made after P the replay moved older nodes into, and
  // their ancestors made after P: each covers its markup and its children
  // (an adoption agency copy has no markup and sits where its first child began).
  const reusedByDepth = [...reusedTouched];
  for (const node of reusedTouched) {
    for (let up = parentOf(node); up !== null && up.kind === 'element' && up.span.order >= reusedOrder && !reusedTouched.has(up); up = parentOf(up)) {
      reusedTouched.add(up);
      reusedByDepth.push(up);
    }
  }
  const reusedDepths = new Map<Node, number>(reusedByDepth.map((node) => [node, depthOf(node)]));
  reusedByDepth.sort((x, y) => reusedDepths.get(y)! - reusedDepths.get(x)!);
  // Their parents made before P: such a copy's old range may not be its new
  // one moved (see `endMoved`).
  const hullParents = new Set<Node>();
  for (const node of reusedByDepth) {
    hullRange(node);
    const up = parentOf(node);
    if (up !== null && up.span.order < reusedOrder) {
      straddlers.add(up);
      hullParents.add(up);
    }
  }
  for (const node of [...straddlers]) {
    for (let up = parentOf(node); up !== null && up.kind !== 'document' && !straddlers.has(up); up = parentOf(up)) straddlers.add(up);
  }
  const byDepth = [...straddlers].filter((node) => node.kind !== 'document' && node.kind !== 'text' && node.kind !== 'comment' && node.kind !== 'processingInstruction' && node.kind !== 'doctype') as ParentNode[];
  const depths = new Map<Node, number>(byDepth.map((node) => [node, depthOf(node)]));
  byDepth.sort((x, y) => depths.get(y)! - depths.get(x)!);
  // The old ranges first: recomputing a node must not change what its ancestors read.
  const oldEnds = new Map<Node, number>();
  /** The old ends (in the old text) of the nodes whose old end reached past P and whose new end is not it moved. */
  const endsNotMoved = new Map<Node, number>();
  for (const node of byDepth) {
    const saved = oldStates.get(node);
    if (saved !== undefined) oldEnds.set(node, saved.end);
    else if (node.span.order < regionStartOrder) oldEnds.set(node, node.end);
  }
  for (const node of byDepth) {
    const saved = oldStates.get(node);
    if (saved !== undefined && node.span.order < regionStartOrder) node.start = saved.start;
    const oldEnd = oldEnds.get(node);
    if (oldEnd !== undefined && oldEnd > syncOffset && endMoved(node, oldEnd, hullParents, endsNotMoved)) node.end = oldEnd + lengthChange;
    else {
      node.end = coveredEnd(node, straddlers, regionStartOrder, reparse.regionStart, reparse.changedByRegion.has(node));
      if (oldEnd !== undefined && oldEnd > syncOffset && node.end !== oldEnd + lengthChange) endsNotMoved.set(node, oldEnd);
    }
  }
}

/**
 * Step 5. Whether a node whose old end reached past P ends there now,
 * moved. Not always when an adoption agency copy made after P is among its
 * children: while the copy held nothing it sat where it was made ("create an
 * element for the token", https://html.spec.whatwg.org/multipage/parsing.html#adoption-agency-algorithm,
 * step 4.16), and once the replay moves the region's nodes into it, it sits
 * where the first of them starts. Nor when its old end was a child's that
 * does not end there now (`endsNotMoved`, by old end). Such a node ends
 * where its markup and children do.
 */
function endMoved(node: Node, oldEnd: number, hullParents: ReadonlySet<Node>, endsNotMoved: ReadonlyMap<Node, number>): boolean {
  if (hullParents.has(node)) return false;
  for (const [child, childOldEnd] of endsNotMoved) if (childOldEnd === oldEnd && parentOf(child) === node) return false;
  return true;
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
