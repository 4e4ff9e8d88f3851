/**
 * The children of a `<template for>` marker's parent while patches work in
 * the middle of them: a gap buffer.
 *
 * OPTIMIZATION: a parent's children are an array, so removing a `<?start>`
 * range and inserting what its template holds in the middle of a long list
 * of siblings moves every sibling after it, for each node: n ranges among n
 * siblings took time quadratic in n. While a parent is in a gap buffer, its
 * children are split at a point (the gap): those before it in order, those
 * after it in reverse order (the one right after the gap last). A removal
 * or an insertion at the gap is a push or a pop, and moving the gap costs
 * the nodes it passes, so patches that go through the siblings in order
 * (or in reverse) cost time linear in them.
 *
 * The parent's `children` becomes an accessor while the gap is open: any
 * read (or write) of it closes the gap and puts a plain array back, so code
 * that does not know about the gap sees the same children as ever. The
 * tree builder closes every gap when it stops.
 */
import type { ChildNode, ParentNode } from '../dom';

/** Fewer children than this are spliced in place (a gap costs a copy of them to open and to close). */
export const GAP_THRESHOLD = 256;

export class GapChildren {
  /** The children before the gap, in tree order. */
  private readonly before: ChildNode[];
  /** The children after the gap, in reverse tree order: the one right after the gap is last. */
  private readonly after: ChildNode[];

  /** Opens a gap in `parent`'s children before index `at`; `onClose` runs when a read of `children` closes it. */
  constructor(
    readonly parent: ParentNode,
    at: number,
    onClose: (gap: GapChildren) => void,
  ) {
    const children = parent.children;
    this.before = children.slice(0, at);
    this.after = children.slice(at).reverse();
    Object.defineProperty(parent, 'children', {
      configurable: true,
      enumerable: true,
      get: (): ChildNode[] => {
        onClose(this);
        return this.close();
      },
      set: (value: ChildNode[]) => {
        onClose(this);
        this.close();
        parent.children = value;
      },
    });
  }

  /** Puts the children back as a plain array (once), and returns it. */
  close(): ChildNode[] {
    const children = this.before;
    for (let i = this.after.length - 1; i >= 0; i--) children.push(this.after[i]);
    this.after.length = 0;
    Object.defineProperty(this.parent, 'children', { configurable: true, enumerable: true, writable: true, value: children });
    return children;
  }

  /** The number of children. */
  get length(): number {
    return this.before.length + this.after.length;
  }

  /**
   * Moves the gap to just before `child`, and returns `child`'s index; -1
   * (the gap unmoved) when it is not a child. Looks on both sides of the gap
   * at once, so it costs twice the distance moved.
   */
  seek(child: ChildNode): number {
    const before = this.before;
    const after = this.after;
    for (let d = 0; d < before.length || d < after.length; d++) {
      if (d < after.length && after[after.length - 1 - d] === child) {
        for (let i = 0; i < d; i++) before.push(after.pop()!);
        return before.length;
      }
      if (d < before.length && before[before.length - 1 - d] === child) {
        for (let i = 0; i <= d; i++) after.push(before.pop()!);
        return before.length;
      }
    }
    return -1;
  }

  /** The child right after the gap, or null at the end. */
  next(): ChildNode | null {
    return this.after.length === 0 ? null : this.after[this.after.length - 1];
  }

  /** The child right before the gap, or null at the start. */
  previous(): ChildNode | null {
    return this.before.length === 0 ? null : this.before[this.before.length - 1];
  }

  /** The child `k` places after the gap (0: the next one), or null past the end. */
  nextAt(k: number): ChildNode | null {
    const i = this.after.length - 1 - k;
    return i < 0 ? null : this.after[i];
  }

  /** Moves the gap one child forward (past the next one). */
  forward(): void {
    this.before.push(this.after.pop()!);
  }

  /** Removes the child right after the gap. */
  removeNext(): void {
    this.after.pop();
  }

  /** Inserts `child` at the gap (before the next child), and moves the gap after it. */
  insert(child: ChildNode): void {
    this.before.push(child);
  }
}
