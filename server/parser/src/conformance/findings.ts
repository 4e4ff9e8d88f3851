/**
 * The findings of a conformance check kept for the next edit: an edit moves
 * them, and a re-check replaces some of them, in time proportional to what
 * changed, not to their number.
 *
 * The findings of the elements are sorted by position and held in chunks of
 * about `CHUNK` findings. A chunk stores its findings' positions (start, end
 * and related ranges) less a delta that the version holds per chunk, so an
 * edit before a chunk moves all of it by changing one number; only the
 * chunks the edit falls among are rebuilt. Versions share their chunks (a
 * version is never changed: the previous parse keeps its findings). The
 * document-level findings (the title rules, which a re-check makes again
 * each time) are kept apart, in plain offsets.
 *
 * `disordered` remembers which parents' children are out of source order
 * (foster parenting puts nodes before a table whose source they are inside:
 * https://html.spec.whatwg.org/multipage/parsing.html#foster-parent),
 * so that a re-check need not scan a large parent's children to know it may
 * search them by position.
 */
import { HeadingOutline } from './heading-levels';
import type { FindingsEdit } from './findings-edit';
import { TableRows } from './table-model';
import { AriaOwnsIndex } from './aria-owns';
import type { ConformanceCode } from './conformance-codes';
import type { ConformanceDiagnostic, Replaced } from './diagnostic';

export type { ConformanceDiagnostic, Replaced } from './diagnostic';

/** The findings per chunk a chunk is rebuilt to; a rebuilt chunk over twice this is split. */
const CHUNK = 128;

type Related = NonNullable<ConformanceDiagnostic['related']>;

interface Chunk {
  /** Sorted by start, then end; every position less the chunk's delta. */
  readonly items: readonly ConformanceDiagnostic[];
  /** The smallest and largest stored positions of the items (related ranges included). */
  readonly low: number;
  readonly high: number;
}

export type { FindingsEdit } from './findings-edit';

/**
 * A parent whose children are out of source order, with its position (the
 * start of its extent when the check saw it, moved through later edits).
 */
export interface DisorderedParent {
  /**
   * Held weakly: findings are carried from parse to parse, and a parent that
   * a later reparse replaced must not keep its old subtree alive (it did: a
   * third of the 7 MB page's elements, detached, after 2,000 keystrokes).
   */
  readonly parent: WeakRef<object>;
  readonly at: number;
}

function makeChunk(items: readonly ConformanceDiagnostic[]): Chunk {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const d of items) {
    if (d.start < low) low = d.start;
    if (d.end > high) high = d.end;
    const related = d.related;
    if (related !== undefined) {
      for (const r of related) {
        if (r.start < low) low = r.start;
        if (r.end > high) high = r.end;
      }
    }
  }
  return { items, low, high };
}

/** `d` with every position plus `by`; `d` itself when `by` is 0. */
function shifted(d: ConformanceDiagnostic, by: number): ConformanceDiagnostic {
  if (by === 0) return d;
  const out: ConformanceDiagnostic = { code: d.code, severity: d.severity, start: d.start + by, end: d.end + by, message: d.message, href: d.href };
  if (d.related !== undefined) out.related = d.related.map((r) => ({ start: r.start + by, end: r.end + by, message: r.message }));
  return out;
}

/**
 * The findings' order: by start, then end, then code and message (so that a re-check, which keeps some findings at a
 * place and makes others there again, puts them in the order a full check does).
 */
export function compareFindings(a: ConformanceDiagnostic, b: ConformanceDiagnostic): number {
  return a.start - b.start || a.end - b.end || compareStrings(a.code, b.code) || compareStrings(a.message, b.message);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether `a`, at [start, end), goes before `b` when two sorted lists are merged (`compareFindings`; on a tie, before). */
function goesBefore(start: number, end: number, a: ConformanceDiagnostic, b: ConformanceDiagnostic): boolean {
  return start < b.start || (start === b.start && (end < b.end || (end === b.end && (compareStrings(a.code, b.code) || compareStrings(a.message, b.message)) <= 0)));
}

/** Sorted (`compareFindings`); on a tie `a`'s come first. */
function mergeSorted(a: readonly ConformanceDiagnostic[], b: readonly ConformanceDiagnostic[]): ConformanceDiagnostic[] {
  if (b.length === 0) return a.slice();
  if (a.length === 0) return b.slice();
  const out: ConformanceDiagnostic[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && goesBefore(a[i].start, a[i].end, a[i], b[j]))) out.push(a[i++]);
    else out.push(b[j++]);
  }
  return out;
}

/** Splits sorted findings (stored positions) into chunks. */
function chunksOf(items: readonly ConformanceDiagnostic[], into: Chunk[], deltas: number[], delta: number): void {
  if (items.length === 0) return;
  const pieces = Math.max(1, Math.round(items.length / CHUNK));
  const size = Math.ceil(items.length / pieces);
  for (let i = 0; i < items.length; i += size) {
    into.push(makeChunk(items.slice(i, i + size)));
    deltas.push(delta);
  }
}

export class ConformanceFindings {
  private array: ConformanceDiagnostic[] | null = null;
  /** How many findings there are. */
  readonly length: number;

  private constructor(
    private readonly chunks: readonly Chunk[],
    private readonly deltas: readonly number[],
    /** The document-level findings, sorted, in plain offsets. */
    readonly documentLevel: readonly ConformanceDiagnostic[],
    /** The parents whose children are out of source order. */
    readonly disordered: readonly DisorderedParent[],
    /**
     * Whether the document had a `<?marker>` or `<?start>` processing instruction when checked (a `<template for>`
     * may move nodes into its parent: then a re-check does not trust `disordered`). Kept once set, until a full check.
     */
    readonly markers: boolean,
    /**
     * Set by `moved`: the stretch of the new text holding the findings the edit left out (it fell inside their range,
     * or inside a related range: a parent's start tag that the edit changes), which a re-check must make again; null
     * when none.
     */
    readonly dropped: { readonly start: number; readonly end: number } | null = null,
    /** The document's headings and their levels (heading-levels.ts), moved through the edits. */
    readonly outline: HeadingOutline = HeadingOutline.EMPTY,
    /** Whether the document has a base element with href (document-rules.ts: then a re-check judges the base rule again). */
    readonly hasBase: boolean = false,
    /** The document's tables' rows kept between checks (table-model.ts), carried from version to version. */
    readonly tableRows: TableRows = new TableRows(),
    /** The document's aria-owns and owned ids at its last full check (aria-owns.ts), moved through the edits. */
    readonly owns: AriaOwnsIndex = AriaOwnsIndex.EMPTY,
  ) {
    let n = documentLevel.length;
    for (const c of chunks) n += c.items.length;
    this.length = n;
  }

  /** From a full check: the elements' findings and the document-level ones, each sorted. */
  static of(
    elementLevel: readonly ConformanceDiagnostic[],
    documentLevel: readonly ConformanceDiagnostic[],
    disordered: readonly DisorderedParent[],
    markers: boolean,
    outline: HeadingOutline = HeadingOutline.EMPTY,
    hasBase = false,
    tableRows: TableRows = new TableRows(),
    owns: AriaOwnsIndex = AriaOwnsIndex.EMPTY,
  ): ConformanceFindings {
    const chunks: Chunk[] = [];
    const deltas: number[] = [];
    chunksOf(elementLevel, chunks, deltas, 0);
    return new ConformanceFindings(chunks, deltas, documentLevel, disordered, markers, null, outline, hasBase, tableRows, owns);
  }

  /** Every finding in plain offsets, sorted by position (made once per version). */
  toArray(): readonly ConformanceDiagnostic[] {
    if (this.array === null) {
      const array: ConformanceDiagnostic[] = [];
      this.forEachInOrder((d, delta) => array.push(shifted(d, delta)));
      this.array = array;
    }
    return this.array;
  }

  /**
   * Visits every finding in the order of `toArray()`, as it is stored with the
   * delta that moves it to plain offsets (its start is `d.start + delta`), so
   * that a caller that shows a few of many findings moves only those it shows.
   */
  forEachInOrder(visit: (d: ConformanceDiagnostic, delta: number) => void): void {
    const documentLevel = this.documentLevel;
    let j = 0;
    for (let k = 0; k < this.chunks.length; k++) {
      const delta = this.deltas[k];
      for (const d of this.chunks[k].items) {
        const start = d.start + delta;
        const end = d.end + delta;
        while (j < documentLevel.length && !goesBefore(start, end, d, documentLevel[j])) visit(documentLevel[j++], 0);
        visit(d, delta);
      }
    }
    while (j < documentLevel.length) visit(documentLevel[j++], 0);
  }

  /**
   * The findings moved through an edit: those before it stay, those after it
   * move, those it falls inside are left out (a re-check reports them again
   * if they still hold). A related range moves when it is after the edit.
   */
  moved(edit: FindingsEdit): ConformanceFindings {
    const s = edit.start;
    const e = edit.start + edit.deleteCount;
    const by = edit.insertText.length - edit.deleteCount;
    if (by === 0 && edit.deleteCount === 0) return this;
    const chunks: Chunk[] = [];
    const deltas: number[] = [];
    let droppedStart = Number.POSITIVE_INFINITY;
    let droppedEnd = Number.NEGATIVE_INFINITY;
    /** Covers [from, to) of the new text. */
    const cover = (from: number, to: number): void => {
      if (from < droppedStart) droppedStart = from;
      if (to > droppedEnd) droppedEnd = to;
    };
    /** Covers what becomes of [start, end) of the old text, which meets the edit: the part before it stays, the part after it moves. */
    const drop = (start: number, end: number): void => cover(Math.min(start, s), end >= e ? end + by : s + edit.insertText.length);
    for (let k = 0; k < this.chunks.length; k++) {
      const chunk = this.chunks[k];
      const delta = this.deltas[k];
      if (chunk.high + delta < s) {
        // Before the edit.
        chunks.push(chunk);
        deltas.push(delta);
      } else if (chunk.low + delta >= e) {
        // After it: one number changes.
        chunks.push(chunk);
        deltas.push(delta + by);
      } else {
        // Among it: each finding moved alone (the chunk keeps its delta, or takes the new one if all its findings start after the edit).
        const newDelta = chunk.items[0].start + delta >= e ? delta + by : delta;
        const items: ConformanceDiagnostic[] = [];
        for (const d of chunk.items) {
          const start = d.start + delta;
          const end = d.end + delta;
          let move: number;
          if (end <= s) move = 0;
          else if (start >= e) move = by;
          else {
            drop(start, end);
            continue;
          }
          let related: Related | undefined;
          let same = move + delta === newDelta;
          if (d.related !== undefined) {
            // A related range the edit changes (a parent's start tag typed into) is not known here: the finding is
            // left out, and the re-check makes it again.
            if (d.related.some((r) => s < r.end + delta && e > r.start + delta)) {
              cover(start + move, end + move);
              continue;
            }
            related = [];
            for (const r of d.related) {
              const rs = r.start + delta;
              const re = r.end + delta;
              const rm = rs >= e ? by : 0;
              if (rm + delta !== newDelta) same = false;
              related.push({ start: rs + rm - newDelta, end: re + rm - newDelta, message: r.message });
            }
          }
          if (same) {
            items.push(d);
            continue;
          }
          const out: ConformanceDiagnostic = { code: d.code, severity: d.severity, start: start + move - newDelta, end: end + move - newDelta, message: d.message, href: d.href };
          if (related !== undefined) out.related = related;
          items.push(out);
        }
        if (items.length > 0) {
          chunks.push(makeChunk(items));
          deltas.push(newDelta);
        }
      }
    }
    const documentLevel = this.documentLevel.flatMap((d) => {
      const moved = moveDiagnostic(d, s, e, by);
      return moved === null ? [] : [moved];
    });
    const disordered: DisorderedParent[] = [];
    for (const d of this.disordered) disordered.push(d.at >= e ? { parent: d.parent, at: d.at + by } : d);
    const dropped = droppedStart <= droppedEnd ? { start: droppedStart, end: droppedEnd } : null;
    return new ConformanceFindings(chunks, deltas, documentLevel, disordered, this.markers, dropped, this.outline.moved(edit), this.hasBase, this.tableRows, this.owns.moved(edit));
  }

  /** Whether `parent`'s children were out of source order when last seen. */
  isDisordered(parent: object): boolean {
    for (const d of this.disordered) if (d.parent.deref() === parent) return true;
    return false;
  }

  /**
   * A re-check's result: the findings `replaced` says are made again are
   * left out (`replaced` sorted by start, apart), `added` (sorted, plain
   * offsets) are put in, and the document-level findings and the disordered
   * parents are the given ones.
   */
  replaced(
    replaced: readonly Replaced[],
    added: readonly ConformanceDiagnostic[],
    documentLevel: readonly ConformanceDiagnostic[],
    disordered: readonly DisorderedParent[],
    markers: boolean,
    outline: HeadingOutline,
    hasBase = false,
  ): ConformanceFindings {
    const n = this.chunks.length;
    // The chunks to rebuild: those holding a finding of a replaced stretch, or where an added finding goes.
    const touched = new Set<number>();
    for (const r of replaced) {
      // The first chunk whose last finding starts at or after r.start.
      let k = this.firstChunkEndingAtOrAfter(r.start);
      for (; k < n; k++) {
        const items = this.chunks[k].items;
        if (items[0].start + this.deltas[k] >= r.end) break;
        touched.add(k);
      }
    }
    const addedTo = new Map<number, ConformanceDiagnostic[]>();
    for (const d of added) {
      const k = this.chunkFor(d);
      touched.add(k);
      const list = addedTo.get(k);
      if (list === undefined) addedTo.set(k, [d]);
      else list.push(d);
    }
    if (n === 0) {
      const chunks: Chunk[] = [];
      const deltas: number[] = [];
      chunksOf(added, chunks, deltas, 0);
      return new ConformanceFindings(chunks, deltas, documentLevel, disordered, markers, null, outline, hasBase, this.tableRows, this.owns);
    }
    const chunks: Chunk[] = [];
    const deltas: number[] = [];
    for (let k = 0; k < n; k++) {
      const chunk = this.chunks[k];
      const delta = this.deltas[k];
      if (!touched.has(k)) {
        chunks.push(chunk);
        deltas.push(delta);
        continue;
      }
      const kept: ConformanceDiagnostic[] = [];
      let i = 0;
      for (const d of chunk.items) {
        const start = d.start + delta;
        while (i < replaced.length && replaced[i].end <= start) i++;
        if (i < replaced.length && replaced[i].start <= start && replaced[i].which(d)) continue;
        kept.push(d);
      }
      const mine = addedTo.get(k);
      const items = mine === undefined ? kept : mergeSorted(kept, mine.map((d) => shifted(d, -delta)));
      if (items.length <= 2 * CHUNK) {
        if (items.length > 0) {
          chunks.push(makeChunk(items));
          deltas.push(delta);
        }
      } else chunksOf(items, chunks, deltas, delta);
    }
    return new ConformanceFindings(chunks, deltas, documentLevel, disordered, markers, null, outline, hasBase, this.tableRows, this.owns);
  }

  /** Whether a finding with `code` starts at `at` (a binary search to its chunk). */
  has(at: number, code: ConformanceCode): boolean {
    for (let k = this.firstChunkEndingAtOrAfter(at); k < this.chunks.length; k++) {
      const delta = this.deltas[k];
      const items = this.chunks[k].items;
      if (items[0].start + delta > at) break;
      for (const d of items) if (d.start + delta === at && d.code === code) return true;
    }
    return false;
  }

  /** The index of the first chunk whose last finding starts at or after `at` (or the number of chunks). */
  private firstChunkEndingAtOrAfter(at: number): number {
    let lo = 0;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const items = this.chunks[mid].items;
      if (items[items.length - 1].start + this.deltas[mid] < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The chunk an added finding goes into: the last whose first finding comes before it or ties with it (or the first). */
  private chunkFor(d: ConformanceDiagnostic): number {
    let lo = 0;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const first = this.chunks[mid].items[0];
      const start = first.start + this.deltas[mid];
      if (goesBefore(start, first.end + this.deltas[mid], first, d)) lo = mid + 1;
      else hi = mid;
    }
    return Math.max(0, lo - 1);
  }
}

/** A finding in plain offsets moved through an edit, or null when the edit falls inside it. */
function moveDiagnostic(d: ConformanceDiagnostic, s: number, e: number, by: number): ConformanceDiagnostic | null {
  let move: number;
  if (d.end <= s) move = 0;
  else if (d.start >= e) move = by;
  else return null;
  const out: ConformanceDiagnostic = { code: d.code, severity: d.severity, start: d.start + move, end: d.end + move, message: d.message, href: d.href };
  if (d.related !== undefined) out.related = d.related.map((r) => (r.start >= e ? { start: r.start + by, end: r.end + by, message: r.message } : r));
  return out;
}
