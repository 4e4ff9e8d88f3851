/**
 * What a re-check (`recheckConformance`, check-conformance.ts) reads around the reparsed region: the children that meet
 * it (found by binary search over their source extents), whether a parent's children are in source order or else
 * their blocks (foster parenting, the adoption agency algorithm and `<template for>` move nodes), the elements it
 * re-checks whole, and the stretches whose previous findings it made again.
 */
import type { ElementShape, TreeRootShape } from '../attributes/tree-shape';
import { ConformanceCode } from './conformance-codes';
import type { ConformanceDiagnostic, Replaced } from './diagnostic';
import type { Range } from './node-reading';

/** A node's source extent, as the parser's nodes have it. */
interface Extent {
  readonly start: number;
  readonly end: number;
}

export function extentOf(node: unknown): Extent {
  return node as Extent;
}

/** The index of the first of `children` from `from` on that meets `region`, or their length (children in source order). */
export function nextMeeting(children: TreeRootShape['children'], from: number, region: Range): number {
  const lo = firstEndingAtOrAfter(children, from, region.start);
  return lo < children.length && extentOf(children[lo]).start <= region.end ? lo : children.length;
}

/** The index of the first of `children` from `from` on that ends at or after `at` (children in source order). */
function firstEndingAtOrAfter(children: TreeRootShape['children'], from: number, at: number): number {
  let lo = from;
  let hi = children.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (extentOf(children[mid]).end < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The children that meet `region`, [from, to) (children in source order). */
export function meetingRange(children: TreeRootShape['children'], region: Range): [number, number] {
  const from = firstEndingAtOrAfter(children, 0, region.start);
  let to = from;
  while (to < children.length && extentOf(children[to]).start <= region.end) to++;
  return [from, to];
}

/**
 * Whether the children around `region` (those meeting it, one on each side, and before them those the binary search
 * may pass over: clones the adoption agency algorithm made, which sit where a moved node starts, and any that end in
 * or after the region) are in source order and apart: with the others as they were in an ordered parent, all of them
 * are.
 */
export function orderedAround(children: TreeRootShape['children'], region: Range): boolean {
  const [from, to] = meetingRange(children, region);
  let first = Math.max(0, from - 1);
  while (first > 0) {
    const c = children[first] as ElementShape;
    if (extentOf(c).end < region.start && !(c.kind === 'element' && c.cloneOf !== null)) break;
    first--;
  }
  let end = -1;
  for (let i = first; i <= to && i < children.length; i++) {
    const e = extentOf(children[i]);
    if (e.start < end) return false;
    end = e.end;
  }
  return true;
}

/** Whether a node's extent meets `region` (touching counts). */
export function meets(node: unknown, region: Range): boolean {
  const e = extentOf(node);
  return e.start <= region.end && e.end >= region.start;
}

/** Codes reported at an element's start tag from what is below it: they stay with an element a re-check does not walk into. */
const SUBTREE_CODES: ReadonlySet<string> = new Set([ConformanceCode.MissingRequiredChild, ConformanceCode.LabelMultipleControls]);
/**
 * Elements a re-check does not walk down through: what is reported on them or below them reads their children (a
 * select's first option, a figure's figcaption, a label's labelable descendants, a time's text, whether a heading is
 * empty), so they are re-checked whole.
 */
const RECHECKED_WHOLE: ReadonlySet<string> = new Set(['select', 'figure', 'label', 'time', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export const KEEP_ALL = 0;
export const KEEP_FROM_BELOW = 1;
/** A node walked whole whose source is inside another's that the walk left standing in part: made again all the same. */
export const REPLACE_ALL = 2;

/**
 * Pushes onto `rechecked`, as `kind`, the stretches of source that `element` and its descendants hold (start tags and
 * text, merged where they touch), not its extent: the extent of an element that the adoption agency algorithm
 * (https://html.spec.whatwg.org/multipage/parsing.html#adoption-agency-algorithm) reopened elsewhere also holds the
 * source of what was put in its clones, far from it in the tree.
 */
export function pushOwnStretches(element: ElementShape, rechecked: number[], kind: number): void {
  const ranges: [number, number][] = [];
  const stack: ElementShape[] = [element];
  while (stack.length > 0) {
    const e = stack.pop()!;
    const tag = e.startTag;
    if (tag !== null) ranges.push([tag.start, tag.end]);
    else if (e.cloneOf !== null) ranges.push([extentOf(e).start, extentOf(e).start + 1]);
    const lists = e.content !== null ? [e.children, e.content.children] : [e.children];
    for (const children of lists) {
      for (const c of children) {
        if (c.kind === 'element') stack.push(c as ElementShape);
        else ranges.push([extentOf(c).start, extentOf(c).end]);
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  let from = -1;
  let to = -1;
  for (const [start, end] of ranges) {
    if (start <= to) {
      if (end > to) to = end;
      continue;
    }
    if (to > from) rechecked.push(from, to, kind);
    from = start;
    to = end;
  }
  if (to > from) rechecked.push(from, to, kind);
}

/**
 * Whether `children` are in source order and apart (foster parenting,
 * https://html.spec.whatwg.org/multipage/parsing.html#foster-parent, puts text and elements before a table whose
 * source they are inside): a re-check walks into part of an element by position only when they are.
 */
export function inOrder(children: TreeRootShape['children']): boolean {
  let end = -1;
  for (const c of children) {
    const e = extentOf(c);
    if (e.start < end) return false;
    end = e.end;
  }
  return true;
}

/**
 * Children out of source order in blocks: runs of consecutive children whose extents overlap, merged (foster
 * parenting puts a node before a table whose source it is inside, or joins it to the text before the table, so it
 * falls in one block with the table). The blocks are in source order and apart. Flat: per block, its first child's
 * index, the index after its last, and the start and end of the extents' union.
 */
export function blocksOf(children: TreeRootShape['children']): Int32Array {
  // OPTIMIZATION: one typed array used as a stack (a large parent has tens of thousands of children).
  const out = new Int32Array(4 * children.length);
  let top = 0;
  for (let i = 0; i < children.length; i++) {
    const e = extentOf(children[i]);
    let from = i;
    let start = e.start;
    let end = e.end;
    // Every block before that ends after this child starts joins its block.
    while (top > 0 && out[top - 1] > start) {
      end = Math.max(end, out[top - 1]);
      start = Math.min(start, out[top - 2]);
      from = out[top - 4];
      top -= 4;
    }
    out[top] = from;
    out[top + 1] = i + 1;
    out[top + 2] = start;
    out[top + 3] = end;
    top += 4;
  }
  return out.subarray(0, top);
}

/** The block holding child `index`. */
export function blockAt(blocks: Int32Array, index: number): number {
  let lo = 0;
  let hi = blocks.length / 4 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks[4 * mid] <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function blockMeets(blocks: Int32Array, b: number, region: Range): boolean {
  return blocks[4 * b + 2] <= region.end && blocks[4 * b + 3] >= region.start;
}

/** The first block from `from` on that meets `region`, or the number of blocks. */
export function nextMeetingBlock(blocks: Int32Array, from: number, region: Range): number {
  const count = blocks.length / 4;
  let lo = from;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (blocks[4 * mid + 3] < region.start) lo = mid + 1;
    else hi = mid;
  }
  return lo < count && blocks[4 * lo + 2] <= region.end ? lo : count;
}

/** Whether a re-check that walks into `element` walks into all of it (its template contents and foreign content too). */
export function wholeBelow(element: ElementShape): boolean {
  return element.namespace !== 'html' || element.content !== null || RECHECKED_WHOLE.has(element.name);
}

/** Whether a finding on a start tag comes from below the element (a re-check that judges the tag again keeps it). */
function fromBelow(d: ConformanceDiagnostic): boolean {
  return SUBTREE_CODES.has(d.code);
}

/**
 * The stretches of [contentStart, contentEnd) whose previous findings a re-check made again, into `out` (sorted,
 * apart), from where its walk left them standing (`Checker.rechecked`). Where those overlap (a node fostered before
 * a table, https://html.spec.whatwg.org/multipage/parsing.html#foster-parent, has its source inside the table's),
 * REPLACE_ALL wins over KEEP_FROM_BELOW, which wins over KEEP_ALL.
 */
export function replacedStretches(rechecked: readonly number[], contentStart: number, contentEnd: number, out: Replaced[]): void {
  let ordered = true;
  for (let j = 0, end = -1; j < rechecked.length; j += 3) {
    if (rechecked[j + 1] <= rechecked[j]) continue;
    if (rechecked[j] < end || rechecked[j + 2] === REPLACE_ALL) {
      ordered = false;
      break;
    }
    end = rechecked[j + 1];
  }
  if (ordered) {
    // The usual case: in source order and apart.
    let at = contentStart;
    for (let j = 0; j < rechecked.length; j += 3) {
      const start = rechecked[j];
      const end = rechecked[j + 1];
      if (end <= start) continue;
      if (start > at) out.push({ start: at, end: start, which: all });
      if (rechecked[j + 2] === KEEP_FROM_BELOW) out.push({ start, end, which: notFromBelow });
      if (end > at) at = end;
    }
    if (contentEnd > at) out.push({ start: at, end: contentEnd, which: all });
    return;
  }
  // A sweep over the stretches' ends: at each point, the strongest stretch open there decides.
  const events: [at: number, kind: number, open: number][] = [];
  for (let j = 0; j < rechecked.length; j += 3) {
    const start = Math.max(rechecked[j], contentStart);
    const end = Math.min(rechecked[j + 1], contentEnd);
    if (end <= start) continue;
    events.push([start, rechecked[j + 2], 1], [end, rechecked[j + 2], -1]);
  }
  events.sort((a, b) => a[0] - b[0]);
  const open = [0, 0, 0];
  /** What the stretch from `from` on does: `all`, `notFromBelow`, or null (kept). */
  let which: Replaced['which'] | null = all;
  let from = contentStart;
  const decide = (): Replaced['which'] | null => (open[REPLACE_ALL] > 0 ? all : open[KEEP_FROM_BELOW] > 0 ? notFromBelow : open[KEEP_ALL] > 0 ? null : all);
  for (let k = 0; k < events.length; ) {
    const at = events[k][0];
    for (; k < events.length && events[k][0] === at; k++) open[events[k][1]] += events[k][2];
    const next = decide();
    if (next === which) continue;
    if (which !== null && at > from) out.push({ start: from, end: at, which });
    which = next;
    from = at;
  }
  if (which !== null && contentEnd > from) out.push({ start: from, end: contentEnd, which });
}

/**
 * Whether `d` is a formatting element clone's finding (`Checker.cloneNotAllowed`): the only empty element-level finding.
 * It is made again only where the re-check judged that clone (or in its region, where a clone may be gone), not with
 * the stretch it is in: a clone's content begins where its first child's findings begin (and its clones', nested), and
 * the walk may go down through the clone, or leave its first child standing, or judge it again without walking into it.
 */
export function isCloneFinding(d: ConformanceDiagnostic): boolean {
  return d.start === d.end && d.code === ConformanceCode.ElementNotAllowed;
}

/**
 * Which clone a clone's finding is (nested clones begin at the same place): where the start tag of the element it
 * copies is (its first related range), from the finding's place. Read on a finding as stored (a difference of
 * positions of one finding, which its chunk's delta does not change).
 */
export function cloneFindingKey(d: ConformanceDiagnostic): number {
  return d.related !== undefined ? d.related[0].start - d.start : 0;
}

const all = (d: ConformanceDiagnostic): boolean => !isCloneFinding(d);
const notFromBelow = (d: ConformanceDiagnostic): boolean => !fromBelow(d) && !isCloneFinding(d);

/**
 * `replaced` (sorted, apart) with the clones' findings made again: those of the clones the re-check judged (`judged`:
 * pairs of where a clone's content begins and its `cloneFindingKey`), and any in `region` (a clone the reparse made
 * or dropped is in it; one the re-check walks down through silently begins before it).
 */
export function withClones(replaced: readonly Replaced[], judged: readonly number[], region: Range): Replaced[] {
  const clones: Replaced[] = [];
  const byPlace = new Map<number, number[]>();
  for (let j = 0; j < judged.length; j += 2) {
    const p = judged[j];
    if (p >= region.start && p <= region.end) continue;
    const keys = byPlace.get(p);
    if (keys === undefined) byPlace.set(p, [judged[j + 1]]);
    else keys.push(judged[j + 1]);
  }
  for (const [p, keys] of byPlace) clones.push({ start: p, end: p + 1, which: (d) => isCloneFinding(d) && keys.includes(cloneFindingKey(d)) });
  clones.push({ start: region.start, end: region.end + 1, which: isCloneFinding });
  clones.sort((a, b) => a.start - b.start);
  // A sweep over both lists' ends.
  const cuts = new Set<number>();
  for (const r of replaced) cuts.add(r.start).add(r.end);
  for (const c of clones) cuts.add(c.start).add(c.end);
  const at = [...cuts].sort((a, b) => a - b);
  const out: Replaced[] = [];
  let i = 0;
  let j = 0;
  for (let k = 0; k + 1 < at.length; k++) {
    const from = at[k];
    const to = at[k + 1];
    while (i < replaced.length && replaced[i].end <= from) i++;
    while (j < clones.length && clones[j].end <= from) j++;
    const stretch = i < replaced.length && replaced[i].start <= from ? replaced[i].which : null;
    const clone = j < clones.length && clones[j].start <= from ? clones[j].which : null;
    const which = stretch === null ? clone : clone === null ? stretch : either(stretch, clone);
    if (which === null) continue;
    const last = out[out.length - 1];
    if (last !== undefined && last.end === from && last.which === which) out[out.length - 1] = { start: last.start, end: to, which };
    else out.push({ start: from, end: to, which });
  }
  return out;
}

function either(a: Replaced['which'], b: Replaced['which']): Replaced['which'] {
  return (d) => a(d) || b(d);
}
