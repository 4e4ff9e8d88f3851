/**
 * https://html.spec.whatwg.org/multipage/parsing.html#reset-the-insertion-mode-appropriately
 * (the insertion modes run it).
 */
import { InsertionMode } from './insertion-mode';
import { TagId } from './tag-id';
import { RESET_INSERTION_MODE_STOPS, keysOf } from './tag-sets';
import type { TreeBuilder } from './tree-builder';

const RESET_INSERTION_MODE_STOP_KEYS = keysOf(RESET_INSERTION_MODE_STOPS);

/** https://html.spec.whatwg.org/multipage/parsing.html#reset-the-insertion-mode-appropriately */
export function resetTheInsertionModeAppropriately(tb: TreeBuilder): void {
  const stack = tb.openElements;
  // Step 1. "Let last be false."
  let last = false;
  // Step 2. "Let node be the last node in the stack of open elements."
  // OPTIMIZATION: the loop below passes over every element that is not one
  // of the elements it stops at, so it starts at the lowest of those.
  let index = stack.lastIndexOfOneOf(RESET_INSERTION_MODE_STOP_KEYS);
  if (index < 0) index = 0;
  for (;;) {
    let key = stack.keys[index];
    // Step 3. Loop: "If node is the first node in the stack of open elements, then set last to true, and, if the
    // parser was created as part of the HTML fragment parsing algorithm (fragment case), set node to the context element passed to that algorithm."
    if (index === 0) {
      last = true;
      if (tb.context !== null) key = tb.contextKey;
    }
    switch (key) {
      // Step 4. (The select step was removed with the relaxed <select> parser.)
      // Step 5. "If node is a td or th element and last is false, then switch the insertion mode to "in cell" and return."
      case TagId.Td:
      case TagId.Th:
        if (!last) {
          tb.insertionMode = InsertionMode.InCell;
          return;
        }
        break;
      // Step 6. "If node is a tr element, then switch the insertion mode to "in row" and return."
      case TagId.Tr:
        tb.insertionMode = InsertionMode.InRow;
        return;
      // Step 7. "If node is a tbody, thead, or tfoot element, then switch the insertion mode to "in table body" and return."
      case TagId.Tbody:
      case TagId.Thead:
      case TagId.Tfoot:
        tb.insertionMode = InsertionMode.InTableBody;
        return;
      // Step 8. "If node is a caption element, then switch the insertion mode to "in caption" and return."
      case TagId.Caption:
        tb.insertionMode = InsertionMode.InCaption;
        return;
      // Step 9. "If node is a colgroup element, then switch the insertion mode to "in column group" and return."
      case TagId.Colgroup:
        tb.insertionMode = InsertionMode.InColumnGroup;
        return;
      // Step 10. "If node is a table element, then switch the insertion mode to "in table" and return."
      case TagId.Table:
        tb.insertionMode = InsertionMode.InTable;
        return;
      // Step 11. "If node is a template element, then switch the insertion mode to the current template insertion mode and return."
      case TagId.Template:
        tb.insertionMode = tb.templateInsertionModes[tb.templateInsertionModes.length - 1];
        return;
      // Step 12. "If node is a head element and last is false, then switch the insertion mode to "in head" and return."
      case TagId.Head:
        if (!last) {
          tb.insertionMode = InsertionMode.InHead;
          return;
        }
        break;
      // Step 13. "If node is a body element, then switch the insertion mode to "in body" and return."
      case TagId.Body:
        tb.insertionMode = InsertionMode.InBody;
        return;
      // Step 14. "If node is a frameset element, then switch the insertion mode to "in frameset" and return. (fragment case)"
      case TagId.Frameset:
        tb.insertionMode = InsertionMode.InFrameset;
        return;
      // Step 15. "If node is an html element, run these substeps:"
      case TagId.Html:
        // Step 15.1. "If the head element pointer is null, switch the insertion mode to "before head" and return. (fragment case)"
        // Step 15.2. "Otherwise, the head element pointer is not null, switch the insertion mode to "after head" and return."
        tb.insertionMode = tb.headElement === null ? InsertionMode.BeforeHead : InsertionMode.AfterHead;
        return;
    }
    // Step 16. "If last is true, then switch the insertion mode to "in body" and return. (fragment case)"
    if (last) {
      tb.insertionMode = InsertionMode.InBody;
      return;
    }
    // Step 17. "Let node now be the node before node in the stack of open elements."
    // Step 18. "Return to the step labeled loop."
    index--;
  }
}
