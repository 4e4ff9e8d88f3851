/**
 * Heading levels and the rule on them:
 * https://html.spec.whatwg.org/multipage/sections.html#headings-and-outlines: "Each heading following another
 * heading lead in the outline must have a heading level that is less than, equal to, or 1 greater than lead's
 * heading level."
 *
 * A heading's level is its number plus its computed heading offset (the `headingoffset` attributes of it and its
 * ancestors, up to one with `headingreset`):
 * https://html.spec.whatwg.org/multipage/sections.html#heading-levels-&-offsets.
 *
 * The outline is kept between edits (`HeadingOutline`): the start of each heading's start tag and its level, in tree
 * order, moved through each edit. A re-check reads the level of the heading before one it judges again from it, and
 * checks the whole document when a heading was added, removed or changed level (or the document uses heading
 * offsets, which an edit far from a heading can change).
 */
import type { ElementShape } from '../attributes/tree-shape';
import type { FindingsEdit } from './findings-edit';

/** The h1–h6 elements' numbers. */
const HEADING_NUMBER: Readonly<Record<string, number>> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/** The number of an h1–h6 element (1 to 6), or 0 for any other element. */
export function headingNumber(element: ElementShape): number {
  return element.namespace === 'html' ? (HEADING_NUMBER[element.name] ?? 0) : 0;
}

/**
 * The computed heading offset of `element`, given its parent's (the walk carries it down): its own headingoffset
 * (a non-negative integer, at most 8) plus, unless it has headingreset, its parent's.
 */
export function computedHeadingOffset(element: ElementShape, parentOffset: number): number {
  const attributes = element.attributes;
  // OPTIMIZATION: one pass over the attributes, and none for the elements that have no heading attribute.
  let reset = false;
  let own = 0;
  for (let i = 0; i < attributes.length; i++) {
    const name = attributes[i].name;
    if (name.charCodeAt(0) !== 104 /* h */) continue;
    if (name === 'headingreset') reset = true;
    else if (name === 'headingoffset') {
      const m = /^[\t\n\f\r ]*\+?([0-9]+)/.exec(attributes[i].value);
      if (m !== null) own = Math.min(8, Number(m[1]));
    }
  }
  return own + (reset ? 0 : parentOffset);
}

/** Whether an element takes part in heading offsets (then an edit far from a heading can change its level). */
export function hasHeadingOffsetAttributes(element: ElementShape): boolean {
  const attributes = element.attributes;
  for (let i = 0; i < attributes.length; i++) {
    const name = attributes[i].name;
    if (name.charCodeAt(0) === 104 /* h */ && (name === 'headingoffset' || name === 'headingreset')) return true;
  }
  return false;
}

/** "The heading level … is the minimum of 9 and" the number plus the offset. */
export function headingLevel(number: number, offset: number): number {
  return Math.min(9, number + offset);
}

/** The headings of a document in tree order (their start tags' starts and their levels), kept between edits. */
export class HeadingOutline {
  constructor(
    readonly starts: readonly number[],
    readonly levels: readonly number[],
    /** Whether the document has headingoffset or headingreset attributes. */
    readonly offsets: boolean,
    /** Set by `moved` when an edit removed text where a heading's start tag starts. */
    readonly touched: boolean = false,
  ) {}

  static readonly EMPTY = new HeadingOutline([], [], false);

  /** Through an edit: starts after it move; a start in the text it removes is dropped, and the outline is touched. */
  moved(edit: FindingsEdit): HeadingOutline {
    const s = edit.start;
    const e = edit.start + edit.deleteCount;
    const by = edit.insertText.length - edit.deleteCount;
    if (this.starts.length === 0 || (by === 0 && edit.deleteCount === 0)) return this;
    // OPTIMIZATION: when the edit removes no heading's start (most keystrokes), the levels are shared and the starts
    // copied at once, those after the edit moved in place (no array grown per heading: a page has thousands).
    let dropped = false;
    for (let i = 0; i < this.starts.length && !dropped; i++) if (this.starts[i] >= s && this.starts[i] < e) dropped = true;
    if (!dropped) {
      const starts = this.starts.slice();
      for (let i = 0; i < starts.length; i++) if (starts[i] >= e) starts[i] += by;
      return new HeadingOutline(starts, this.levels, this.offsets, this.touched);
    }
    const starts: number[] = [];
    const levels: number[] = [];
    let touched = this.touched;
    for (let i = 0; i < this.starts.length; i++) {
      const at = this.starts[i];
      if (at < s) starts.push(at);
      else if (at >= e) starts.push(at + by);
      else {
        touched = true;
        continue;
      }
      levels.push(this.levels[i]);
    }
    return new HeadingOutline(starts, levels, this.offsets, touched);
  }

  /** The index of the heading whose start tag starts at `start` (a binary search: starts are in source order where the tree order is), or -1. */
  indexOf(start: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] === start) return mid;
      if (starts[mid] < start) lo = mid + 1;
      else hi = mid - 1;
    }
    // Out of source order (a heading foster parented or moved): a scan.
    return starts.indexOf(start);
  }

  /** How many headings start in [from, to]. */
  countIn(from: number, to: number): number {
    let n = 0;
    for (const at of this.starts) if (at >= from && at <= to) n++;
    return n;
  }
}
