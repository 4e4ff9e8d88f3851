/**
 * Spans: the stretches of a parse between two checkpoints (see
 * tree/checkpoint.ts). Every node records the span it was created in, which tells
 * an incremental reparse how old a node is: created before the reparsed
 * region, inside it, or after it.
 *
 * A span also logs what its tokens changed in place in older nodes, so
 * that a reparse can undo it before the edit and replay it after.
 */

/**
 * An entry of a span's log, as this file knows it: each is a `Mutation`
 * (tree/mutation-log.ts, which alone writes the log and reads it back through
 * `logOf`). Named by its kind only, so that this file, whose `Span` every
 * node names (dom.ts), imports no node type.
 */
export interface LogEntry {
  readonly kind: number;
}

export class Span {
  /**
   * The span's place in the parse: orders increase with the source. Between
   * reparses they are 0, 1, 2, … in source order; a reparse gives its new
   * spans fractional orders between their neighbours, then renumbers.
   */
  order: number;
  /**
   * What this span's tokens changed in place in nodes made before it, in
   * order (see tree/mutation-log.ts; read it with `logOf`), or null when nothing.
   */
  log: LogEntry[] | null = null;
  /**
   * Added to every position stored in the nodes, tag ranges and attributes
   * made in this span (see `Located` in dom.ts): an edit before the span
   * moves them all by changing this.
   */
  delta = 0;
  /**
   * A `<template for>` start tag was processed in this span: what it did
   * depends on markers anywhere in the tree, so a reparse does not reuse the
   * parse from before it (see reparse.ts).
   */
  templateFor = false;
  /**
   * The tag names of the start tags this span pushed onto the list of
   * active formatting elements while three or more entries after the last
   * marker had that name (the Noah's Ark clause compared attributes then),
   * or null when none. A reparse that pairs an element of such a name whose
   * attributes the edit changed does not reuse the parse from before such a
   * span (see reparse.ts).
   */
  ark: string[] | null = null;
  /**
   * The elements this span made as clones of others (`cloneElement` in
   * tree-builder.ts), or null when none: when an edit changes an original's
   * attributes and the parse after the edit is reused, a reparse gives its
   * clones there the new attributes (see reparse.ts). Typed loosely so
   * that this file names no node type.
   */
  clones: unknown[] | null = null;

  constructor(order: number) {
    this.order = order;
  }
}
