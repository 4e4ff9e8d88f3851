/**
 * A parent's children edited in place, without the mutation log: the tree
 * builder logs around these (tree-builder.ts), the adoption agency moves
 * children with them.
 */
import type { ChildNode, ParentNode } from '../dom';
import { insertAtIndex, removeIndex } from './arrays';

/** Index of `child` in `children`, searching from the end (where insertions happen). */
export function lastIndexOfChild(children: readonly ChildNode[], child: ChildNode): number {
  for (let i = children.length - 1; i >= 0; i--) if (children[i] === child) return i;
  return -1;
}

/**
 * Appends `child` to `parent`'s children (not setting its `parent`).
 *
 * OPTIMIZATION: most elements get one child. A first child gets a new array
 * that holds just it, where a push would give the empty array room for 16.
 */
export function appendChild(parent: ParentNode, child: ChildNode): void {
  const children = parent.children;
  if (children.length === 0) parent.children = [child];
  else children.push(child);
}

/** Inserts `node` into `parent` before `before` (or last). */
export function insertNode(parent: ParentNode, node: ChildNode, before: ChildNode | null): void {
  node.parent = parent;
  if (before === null) appendChild(parent, node);
  else insertAtIndex(parent.children, lastIndexOfChild(parent.children, before), node);
}

/** Removes `node` from its parent, if it has one. */
export function removeNode(node: ChildNode): void {
  const parent = node.parent;
  if (parent === null) return;
  const children = parent.children;
  const i = lastIndexOfChild(children, node);
  if (i >= 0) removeIndex(children, i);
  node.parent = null;
}
