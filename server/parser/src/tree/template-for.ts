/**
 * `<template for>`: declarative out-of-order streaming (whatwg/html 2ff023fb,
 * 2026-08-20; Chromium 156 ships it).
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead (a start tag whose tag name is "template")
 *
 * A `<template for="name">` start tag whose value finds a marker — the first
 * `<?marker name="name">` or `<?start name="name">` processing instruction in
 * tree order under the node that holds the insertion location — is pushed on
 * the stack of open elements without being inserted. For a `<?start>`, what
 * lies between it and its `<?end>` (the first `<?end>` sibling at its nesting
 * level, or the end of its parent) is removed at once. While the template is
 * open, "the appropriate place for inserting a node" that would be inside its
 * contents is in the marker's parent, before the `<?marker>` or the `<?end>`
 * (after the last child when that node is gone). When the template is popped
 * off the stack of open elements, the markers are removed.
 *
 * The details were checked against Chromium 156's `DOMParser` (see
 * test/template-for.test.ts): the scope is the insertion location's parent,
 * except that `body` searches the whole document element; markers inside
 * template contents are not descendants; a marker's name is read as the DOM
 * reads processing instruction attributes (`name=x`, unquoted, is no name).
 *
 * Every change this makes to the tree goes through the tree builder's
 * logged primitives (`removeNode`, and insertions into the marker's parent,
 * which are logged even as appends): an older node changes in place, so an
 * incremental reparse must be able to undo and replay it.
 */
import type { ChildNode, DocumentFragment, Element, Node, ParentNode, ProcessingInstruction, TemplatePatch } from '../dom';
import { getAProcessingInstructionAttribute } from '../processing-instruction-attributes';

/** The targets a marker search looks for. */
export function isMarkerTarget(target: string): boolean {
  return target === 'marker' || target === 'start';
}

/** The `<?marker>` and `<?start>` instructions of one name, in the order they were indexed. */
class Candidates {
  readonly list: ProcessingInstruction[] = [];
  /** Those before `head` are out of the tree for good. */
  head = 0;
  /**
   * Whether the list is in tree order (within each tree: the document, each
   * template's contents): true while every instruction was indexed by a walk
   * in tree order (`MarkerIndex.of`) or was appended at the end of its tree
   * when it was inserted (`add` with `atTheEnd`).
   */
  ordered = true;
}

/**
 * The marker processing instructions by name, so that finding markers does
 * not walk the document. Candidates are checked against the tree when
 * looked up (they may have been removed or moved since).
 */
export class MarkerIndex {
  private readonly byName = new Map<string, Candidates>();

  /** An index of every marker in the tree under `root` (template contents included), in tree order. */
  static of(root: ParentNode): MarkerIndex {
    const index = new MarkerIndex();
    // Pre-order, iteratively: a stack of nodes still to visit, the next on top.
    const stack: Node[] = [root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.kind === 'processingInstruction') {
        index.add(node, true);
        continue;
      }
      if (node.kind !== 'element' && node.kind !== 'document' && node.kind !== 'fragment') continue;
      const children = node.children;
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
      if (node.kind === 'element' && node.content !== null) stack.push(node.content);
    }
    return index;
  }

  /**
   * Records `instruction` if it is a `<?marker>` or `<?start>` with a name.
   * `atTheEnd`: it follows, in tree order, every node of its tree that was
   * there before it (the tree builder knows when; see `TreeBuilder.appendOrder`).
   */
  add(instruction: ProcessingInstruction, atTheEnd: boolean): void {
    if (!isMarkerTarget(instruction.target)) return;
    const name = getAProcessingInstructionAttribute(instruction.data, 'name');
    if (name === null) return;
    let candidates = this.byName.get(name);
    if (candidates === undefined) this.byName.set(name, (candidates = new Candidates()));
    candidates.list.push(instruction);
    if (!atTheEnd) candidates.ordered = false;
  }

  /**
   * "Find markers": the first `<?marker>` or `<?start>` whose name is `name`
   * among the descendants of `scope`, in tree order; or null.
   */
  find(scope: ParentNode, name: string): ProcessingInstruction | null {
    const candidates = this.byName.get(name);
    if (candidates === undefined) return null;
    const list = candidates.list;
    // Drop the ones out of the tree for good at the front: removed from their parent, or in a removed subtree.
    while (candidates.head < list.length && placeOf(scope, list[candidates.head]) === Place.Removed) candidates.head++;
    if (candidates.head > 64 && candidates.head * 2 > list.length) {
      list.splice(0, candidates.head);
      candidates.head = 0;
    }
    if (candidates.ordered) {
      // OPTIMIZATION: the list is in tree order: the first in scope is the first in tree order.
      for (let i = candidates.head; i < list.length; i++) if (placeOf(scope, list[i]) === Place.InScope) return list[i];
      return null;
    }
    let best: ProcessingInstruction | null = null;
    let bestPath: Node[] | null = null;
    for (let i = candidates.head; i < list.length; i++) {
      const candidate = list[i];
      const path = pathFrom(scope, candidate);
      if (path === null) continue;
      if (best === null || precedes(scope, path, bestPath!)) {
        best = candidate;
        bestPath = path;
      }
    }
    return best;
  }
}

const enum Place {
  InScope,
  /** In a tree (the document, a template's contents) but not under the scope. */
  OutOfScope,
  /** Removed from its parent, or in a subtree that was (the parser never puts one back). */
  Removed,
}

/** Where `node` is with respect to `scope`. */
function placeOf(scope: ParentNode, node: ProcessingInstruction): Place {
  let p: ParentNode | null = node.parent;
  if (p === null) return Place.Removed;
  for (;;) {
    if (p === scope) return Place.InScope;
    if (p.kind !== 'element') return Place.OutOfScope;
    if (p.parent === null) return Place.Removed;
    p = p.parent;
  }
}

/** The chain of nodes from `scope` (excluded) down to `node`, or null when `node` is not a descendant of `scope`. */
function pathFrom(scope: ParentNode, node: ProcessingInstruction): Node[] | null {
  const path: Node[] = [node];
  let p: ParentNode | null = node.parent;
  while (p !== null && p !== scope) {
    path.push(p);
    p = p.kind === 'element' ? p.parent : null;
  }
  if (p === null) return null;
  return path.reverse();
}

/** Whether the node at the end of path `a` comes before the one at the end of `b` in tree order (both paths from `scope`). */
function precedes(scope: ParentNode, a: readonly Node[], b: readonly Node[]): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  // One is an ancestor of the other (not for two instructions, which have no children).
  if (i === a.length || i === b.length) return a.length < b.length;
  const siblings = (i === 0 ? scope : (a[i - 1] as ParentNode)).children as readonly Node[];
  return siblings.indexOf(a[i]) < siblings.indexOf(b[i]);
}

/**
 * The range of a `<?start>`: the siblings after it up to "the first `<?end>`
 * sibling at its nesting level" (each `<?start>` after it opens a level), or
 * to the end of its parent. `next(k)` is the start's `k`th following sibling
 * (0: the one right after it), null past the last. Returns that `<?end>`
 * (null when the parent ends first) and how many siblings lie between.
 */
export function rangeOfStart(next: (k: number) => ChildNode | null): { end: ProcessingInstruction | null; count: number } {
  let depth = 0;
  let k = 0;
  for (let s = next(0); s !== null; s = next(++k)) {
    if (s.kind !== 'processingInstruction') continue;
    if (s.target === 'start') depth++;
    else if (s.target === 'end') {
      if (depth === 0) return { end: s, count: k };
      depth--;
    }
  }
  return { end: null, count: k };
}

/** The patch of a template element on the stack of open elements, or null for an ordinary one. */
export function patchOf(template: Element): TemplatePatch | null {
  const content: DocumentFragment | null = template.content;
  return content === null ? null : content.patch;
}
