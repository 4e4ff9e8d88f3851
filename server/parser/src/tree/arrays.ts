/**
 * Array helpers for the tree builder's hot paths.
 *
 * OPTIMIZATION: `array.splice(index, 1)` allocates an array for the removed
 * entry on every call; removing the last entry (what closing the current
 * element or formatting element mostly does) is a pop, and the others move
 * the later entries up in place.
 */
export function removeIndex<T>(array: T[], index: number): void {
  const last = array.length - 1;
  for (let i = index; i < last; i++) array[i] = array[i + 1];
  array.pop();
}

/** Inserts `value` at `index`, moving the later entries down in place (no splice result array). */
export function insertAtIndex<T>(array: T[], index: number, value: T): void {
  for (let i = array.length; i > index; i--) array[i] = array[i - 1];
  array[index] = value;
}
