/**
 * The pairing of a sync: which node of the old parse plays the part of
 * which node of the new one (see reparse.ts, step 3).
 */
import type { Element, Node } from '../dom';

/**
 * The HTML elements whose attributes the tree construction reads once they
 * are made (see `Pairing.reattributable`): an edit of their attributes is
 * not a change that can be carried to the parse after the sync point.
 */
const ATTRIBUTES_READ_BY_THE_PARSER = new Set(['html', 'body', 'template', 'select', 'option', 'optgroup', 'selectedcontent', 'button']);

/**
 * Where the old region's nodes live on after a sync: pairs of an old node
 * (made in the old region and still reachable from after P) and the new
 * node that plays its part in the new parse.
 */
export class Pairing {
  readonly oldToNew = new Map<Node, Node>();
  readonly newToOld = new Map<Node, Node>();
  /**
   * The old elements paired although their attributes differ from their
   * counterparts': an element whose start tag the edit is inside (typing
   * an attribute), and the clones of such an element. They take their
   * counterparts' attributes (see `reattributable`).
   */
  readonly reattributed = new Set<Element>();

  constructor(
    /** Nodes of the old region have orders from here up (older ones below). */
    private readonly oldRegionOrder: number,
    /** Nodes of the new region have orders from here up. */
    private readonly newRegionOrder: number,
    /** The edit: [editStart, editEnd) of the old text, and the change in length. */
    private readonly editStart: number,
    private readonly editEnd: number,
    private readonly lengthChange: number,
  ) {}

  /** Whether old position `oldPosition`, where something starts, became new position `newPosition`. */
  private samePosition(oldPosition: number, newPosition: number): boolean {
    if (oldPosition >= this.editEnd) return newPosition === oldPosition + this.lengthChange;
    if (oldPosition < this.editStart) return newPosition === oldPosition;
    return false;
  }

  /** Whether old range `oldRange` became new range `newRange`: after the edit it moved, before it it stayed. */
  private sameRange(oldRange: { start: number; end: number } | null, newRange: { start: number; end: number } | null): boolean {
    if (oldRange === null || newRange === null) return oldRange === newRange;
    if (oldRange.start >= this.editEnd) return newRange.start === oldRange.start + this.lengthChange && newRange.end === oldRange.end + this.lengthChange;
    if (oldRange.end <= this.editStart) return newRange.start === oldRange.start && newRange.end === oldRange.end;
    return false;
  }

  /**
   * Whether old node `oldNode` (from the old parse at P) and new node `newNode` (from the
   * new parse at P') are the same: the same object made before the region,
   * or two nodes made by the same markup in the two regions (same name,
   * attributes, source ranges moved by the edit, and copies of the same
   * element). Pairs them.
   */
  match(oldNode: Node | null, newNode: Node | null): boolean {
    if (oldNode === null || newNode === null) return oldNode === newNode;
    if (oldNode === newNode) return oldNode.kind === 'document' || oldNode.span.order < this.oldRegionOrder;
    if (oldNode.span.order < this.oldRegionOrder || newNode.span.order < this.newRegionOrder) return false;
    const paired = this.oldToNew.get(oldNode);
    if (paired !== undefined) return paired === newNode;
    if (this.newToOld.has(newNode) || oldNode.kind !== newNode.kind) return false;
    if (oldNode.kind === 'element') {
      const newElement = newNode as Element;
      if (oldNode.name !== newElement.name || oldNode.namespace !== newElement.namespace) return false;
      if (!this.sameTagAndAttributes(oldNode, newElement)) {
        if (!this.reattributable(oldNode, newElement)) return false;
        this.reattributed.add(oldNode);
      }
      this.pair(oldNode, newNode);
      if (!this.match(oldNode.cloneOf, newElement.cloneOf)) return false;
      if (oldNode.cloneOf !== null) {
        // A clone's attributes differ from its counterpart's only as their originals' do; and
        // the clone of an original that takes new attributes takes them too (its copies read the old ones' source).
        if (this.reattributed.has(oldNode.cloneOf)) this.reattributed.add(oldNode);
        else if (this.reattributed.has(oldNode)) return false;
      }
      return true;
    }
    if (oldNode.kind === 'fragment') {
      this.pair(oldNode, newNode);
      return this.match(oldNode.host, (newNode as typeof oldNode).host);
    }
    return false;
  }

  /** Whether old element `oldElement` and new element `newElement` come from the same markup: the same start tag (or place, for a clone) and attributes, moved by the edit. */
  private sameTagAndAttributes(oldElement: Element, newElement: Element): boolean {
    if (oldElement.attributes.length !== newElement.attributes.length) return false;
    if (!this.sameRange(oldElement.startTag, newElement.startTag)) return false;
    if (oldElement.startTag === null && !this.samePosition(oldElement.start, newElement.start)) return false;
    for (let index = 0; index < oldElement.attributes.length; index++) {
      const oldAttribute = oldElement.attributes[index];
      const newAttribute = newElement.attributes[index];
      if (oldAttribute.name !== newAttribute.name || oldAttribute.value !== newAttribute.value || oldAttribute.namespace !== newAttribute.namespace || oldAttribute.prefix !== newAttribute.prefix || !this.sameRange(oldAttribute, newAttribute)) return false;
    }
    return true;
  }

  /**
   * Whether old element `oldElement` can stand for new element `newElement` although their
   * attributes differ: start tags that begin at the same place before the
   * edit (the edit is in the tag, or changed where it ends: a `>` or a
   * quote typed), or two clones made at the same place (whose originals
   * must be such a pair). The parse after the
   * sync point does not read these attributes, except through the clones
   * made of the element, which the reuse gives the new ones, and the Noah's
   * Ark clause, which the refusal `noahsArkCompared` rules out
   * (sync-refusals.ts): an HTML element other than
   * those whose attributes the tree construction reads (`<html>` and
   * `<body>` take a later start tag's missing attributes; the selectedness
   * of a select's options reads `selected`, `multiple`, `size`,
   * `disabled`; a template's `for` and `shadowrootmode` are read as its
   * token is).
   */
  private reattributable(oldElement: Element, newElement: Element): boolean {
    if (oldElement.namespace !== 'html' || ATTRIBUTES_READ_BY_THE_PARSER.has(oldElement.name)) return false;
    const oldStartTag = oldElement.startTag;
    const newStartTag = newElement.startTag;
    if (oldStartTag === null || newStartTag === null) return oldStartTag === newStartTag && oldElement.cloneOf !== null && newElement.cloneOf !== null && this.samePosition(oldElement.start, newElement.start);
    return oldElement.cloneOf === null && newElement.cloneOf === null && oldStartTag.start < this.editStart && newStartTag.start === oldStartTag.start;
  }

  private pair(oldNode: Node, newNode: Node): void {
    this.oldToNew.set(oldNode, newNode);
    this.newToOld.set(newNode, oldNode);
  }

  /** The node of the final tree for a node of the new parse. */
  final<T extends Node>(newNode: T): T {
    return (this.newToOld.get(newNode) as T | undefined) ?? newNode;
  }
}
