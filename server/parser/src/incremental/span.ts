/**
 * Spans: the stretches of a parse between two checkpoints (see
 * checkpoint.ts). Every node records the span it was created in, which tells
 * an incremental reparse how old a node is: created before the reparsed
 * region, inside it, or after it.
 *
 * A span also records the oldest nodes its tokens changed in place, because
 * a later edit may reuse what this span built only if its tokens never
 * reached back into the part of the tree the edit rebuilds.
 */
import type { Node } from '../dom';

export class Span {
  /**
   * The span's place in the parse: orders increase with the source. Between
   * reparses they are 0, 1, 2, … in source order; a reparse gives its new
   * spans fractional orders between their neighbours, then renumbers.
   */
  order: number;
  /**
   * The lowest order of a node from an earlier span that this span's tokens
   * changed other than by appending a child or setting its end tag: moved,
   * removed, inserted before, children taken, attributes added
   * (`Infinity` when none).
   */
  structuralTouch = Infinity;
  /**
   * The lowest order of a node from an earlier span that this span's tokens
   * inserted a node before (foster parenting inserts before a table), or of
   * a Text node before such a place that they appended text to.
   */
  insertTouch = Infinity;
  /** The nodes from earlier spans behind `insertTouch` (a table foster parenting inserted before, the Text node before it). */
  insertedBefore: Node[] | null = null;
  /** The lowest order of a Text node from an earlier span that this span's tokens appended text to (`Infinity` when none). */
  mergeTouch = Infinity;
  /**
   * Added to every position stored in the nodes, tag ranges and attributes
   * made in this span (see `Located` in dom.ts): an edit before the span
   * moves them all by changing this.
   */
  delta = 0;

  constructor(order: number) {
    this.order = order;
  }
}
