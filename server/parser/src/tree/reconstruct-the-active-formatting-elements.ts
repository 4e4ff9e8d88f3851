/**
 * https://html.spec.whatwg.org/multipage/parsing.html#reconstruct-the-active-formatting-elements
 * (the insertion modes run it; the list is active-formatting-list.ts).
 */
import { MARKER } from './active-formatting-list';
import type { TreeBuilder } from './tree-builder';

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#reconstruct-the-active-formatting-elements
 */
export function reconstructTheActiveFormattingElements(tb: TreeBuilder): void {
  const list = tb.activeFormattingElements;
  const entries = list.entries;
  // Step 1. "If there are no entries in the list of active formatting elements, then there is nothing to reconstruct; stop this algorithm."
  if (entries.length === 0) return;
  // Step 2. "If the last (most recently added) entry in the list of active
  // formatting elements is a marker, or if it is an element that is in the
  // stack of open elements, then there is nothing to reconstruct; stop this algorithm."
  let index = entries.length - 1;
  const last = entries[index];
  if (last === MARKER || tb.openElements.indexOfWithKey(last, list.keys[index]) >= 0) return;
  // Step 3. "Let entry be the last (most recently added) element in the list of active formatting elements."
  // Step 4. Rewind: "If there are no entries before entry in the list of active formatting elements, then jump to the step labeled create."
  rewind: while (index > 0) {
    // Step 5. "Let entry be the entry one earlier than entry in the list of active formatting elements."
    index--;
    const entry = entries[index];
    // Step 6. "If entry is neither a marker nor an element that is also in the stack of open elements, go to the step labeled rewind."
    if (entry !== MARKER && tb.openElements.indexOfWithKey(entry, list.keys[index]) < 0) continue rewind;
    // Step 7. Advance: "Let entry be the element one later than entry in the list of active formatting elements."
    index++;
    break;
  }
  // Step 8. Create: "Insert an HTML element for the token for which the element entry was created, to obtain new element."
  // Step 9. "Replace the entry for entry in the list with an entry for new element."
  // Step 10. "If the entry for new element in the list of active formatting elements is not the last entry in the list, return to the step labeled advance."
  for (; index < entries.length; index++) {
    const entry = entries[index]!;
    const clone = tb.insertAClone(entry, list.keys[index]);
    list.replaceAt(index, clone);
  }
}
