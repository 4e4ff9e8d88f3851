/**
 * https://html.spec.whatwg.org/multipage/parsing.html#appropriate-place-for-inserting-a-node
 * (the tree builder's insertions and the insertion modes ask it).
 */
import type { ChildNode, Element, ParentNode } from '../dom';
import type { OpenElementStack } from './open-element-stack';
import { TagId } from './tag-id';
import { FOSTER_PARENTING_TARGETS } from './tag-sets';

/** What the algorithm reads of the parser (the tree builder), and where it leaves its answer. */
export interface InsertionLocation {
  readonly openElements: OpenElementStack;
  /** https://html.spec.whatwg.org/multipage/parsing.html#foster-parent */
  readonly fosterParenting: boolean;
  /** The answer: the parent... */
  insertionParent: ParentNode | null;
  /** ...and the child to insert before (null: append). */
  insertionBefore: ChildNode | null;
  /** The place was moved into a `<template for>`'s marker parent: an append there is logged. */
  insertionRedirected: boolean;
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#appropriate-place-for-inserting-a-node
 * Sets `insertionParent` and `insertionBefore`.
 */
export function appropriatePlaceForInsertingANode(parser: InsertionLocation, overrideTarget: Element | null = null, overrideKey = -1): void {
  const stack = parser.openElements;
  // Step 1. "If there was an override target specified, then let target be
  // the override target. Otherwise, let target be the current node."
  const target = overrideTarget ?? stack.current;
  const targetKey = overrideTarget !== null ? overrideKey : stack.currentKey;
  // Step 2. "Determine the adjusted insertion location using the first
  // matching steps from the following list:"
  let parent: ParentNode = target;
  let before: ChildNode | null = null;
  // "If foster parenting is enabled and target is a table, tbody, tfoot, thead, or tr element"
  if (parser.fosterParenting && FOSTER_PARENTING_TARGETS[targetKey] === 1) {
    fosterParent: {
      // Step 2.1. "Let last template be the last template element in the stack of open elements, if any."
      const lastTemplate = stack.lastIndexOfKey(TagId.Template);
      // Step 2.2. "Let last table be the last table element in the stack of open elements, if any."
      const lastTable = stack.lastIndexOfKey(TagId.Table);
      // Step 2.3. "If there is a last template and either there is no last
      // table, or there is one, but last template is lower (more recently
      // added) than last table in the stack of open elements, then: let
      // adjusted insertion location be inside last template's template
      // contents, after its last child (if any), and abort these steps."
      if (lastTemplate >= 0 && (lastTable < 0 || lastTemplate > lastTable)) {
        parent = stack.elements[lastTemplate];
        break fosterParent;
      }
      // Step 2.4. "If there is no last table, then let adjusted insertion
      // location be inside the first element in the stack of open elements
      // (the html element), after its last child (if any), and abort these
      // steps. (fragment case)"
      if (lastTable < 0) {
        parent = stack.elements[0];
        break fosterParent;
      }
      // Step 2.5. "If last table has a parent node, then let adjusted
      // insertion location be inside last table's parent node, immediately
      // before last table, and abort these steps."
      const table = stack.elements[lastTable];
      if (table.parent !== null) {
        parent = table.parent;
        before = table;
        break fosterParent;
      }
      // Step 2.6. "Let previous element be the element immediately above last table in the stack of open elements."
      // Step 2.7. "Let adjusted insertion location be inside previous element, after its last child (if any)."
      parent = stack.elements[lastTable - 1];
    }
  }
  // Step 3. "If the adjusted insertion location is inside a template
  // element, let it instead be inside the template element's template
  // contents, after its last child (if any)."
  // (Step 2.3 above leaves the template itself as the parent, to come here.)
  let redirected = false;
  if (parent.kind === 'element' && parent.content !== null) {
    const patch = parent.content.patch;
    if (patch === null) {
      parent = parent.content;
      before = null;
    } else {
      // whatwg/html 2ff023fb: a patching template's contents go into the
      // marker's parent, before the <?marker> or <?end> while it is there.
      parent = patch.parent;
      before = patch.before !== null && patch.before.parent === parent ? patch.before : null;
      redirected = true;
    }
  }
  // Step 4. "Return the adjusted insertion location."
  parser.insertionParent = parent;
  parser.insertionBefore = before;
  parser.insertionRedirected = redirected;
}
