/**
 * https://html.spec.whatwg.org/multipage/parsing.html#list-of-active-formatting-elements
 *
 * "Initially, the list of active formatting elements is empty. It is used to
 * handle mis-nested formatting element tags." Entries are formatting elements
 * (with their tag keys, in a parallel array) or markers (`null`).
 */
import type { Attribute, Element } from '../dom';

/** A marker entry. */
export const MARKER = null;

export class ActiveFormattingList {
  /** The entries, oldest first; `null` is a marker. */
  readonly entries: (Element | null)[] = [];
  /** The tag key of each element entry (-1 for a marker), parallel to `entries`. */
  readonly keys: number[] = [];

  get length(): number {
    return this.entries.length;
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#concept-parser-marker */
  insertMarker(): void {
    this.entries.push(MARKER);
    this.keys.push(-1);
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#push-onto-the-list-of-active-formatting-elements
   */
  push(element: Element, key: number): void {
    const entries = this.entries;
    const keys = this.keys;
    // Step 1. "If there are already three elements in the list of active
    // formatting elements after the last marker, if any, or anywhere in the
    // list if there are no markers, that have the same tag name, namespace,
    // and attributes as element, then remove the earliest such element from
    // the list of active formatting elements. For these purposes, the
    // attributes must be compared as they were when the elements were created
    // by the parser; two elements have the same attributes if all their parsed
    // attributes can be paired such that the two attributes in each pair have
    // identical names, namespaces, and values (the order of the attributes
    // does not matter)." (This is the Noah's Ark clause.)
    let found = 0;
    let earliest = -1;
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i];
      if (entry === MARKER) break;
      if (keys[i] === key && entry.name === element.name && sameAttributes(entry.attributes, element.attributes)) {
        found++;
        earliest = i;
      }
    }
    if (found >= 3) {
      entries.splice(earliest, 1);
      keys.splice(earliest, 1);
    }
    // Step 2. "Add element to the list of active formatting elements."
    entries.push(element);
    keys.push(key);
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#clear-the-list-of-active-formatting-elements-up-to-the-last-marker
   * Step 1. "Let entry be the last (most recently added) entry in the list of active formatting elements."
   * Step 2. "Remove entry from the list of active formatting elements."
   * Step 3. "If entry was a marker, then stop the algorithm at this point."
   * Step 4. "Go to step 1."
   */
  clearToLastMarker(): void {
    const entries = this.entries;
    while (entries.length > 0) {
      const entry = entries.pop();
      this.keys.pop();
      if (entry === MARKER) return;
    }
  }

  /**
   * The last element with this key "between the end of the list and the last
   * marker in the list, if any, or the start of the list otherwise", or null.
   * For elements outside the HTML namespace the name must match too (keys of
   * unknown names are shared), so `name` is compared when given.
   */
  lastElementAfterMarker(key: number, name: string): Element | null {
    const entries = this.entries;
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i];
      if (entry === MARKER) return null;
      if (this.keys[i] === key && entry.name === name) return entry;
    }
    return null;
  }

  indexOf(element: Element): number {
    const entries = this.entries;
    for (let i = entries.length - 1; i >= 0; i--) if (entries[i] === element) return i;
    return -1;
  }

  contains(element: Element): boolean {
    return this.indexOf(element) >= 0;
  }

  remove(element: Element): void {
    const i = this.indexOf(element);
    if (i >= 0) {
      this.entries.splice(i, 1);
      this.keys.splice(i, 1);
    }
  }

  /** Removes the entry at `index`. */
  removeAt(index: number): void {
    this.entries.splice(index, 1);
    this.keys.splice(index, 1);
  }

  /** Replaces the entry at `index` by another element with the same key. */
  replaceAt(index: number, element: Element): void {
    this.entries[index] = element;
  }

  /** Inserts an element entry at `index`. */
  insertAt(index: number, element: Element, key: number): void {
    this.entries.splice(index, 0, element);
    this.keys.splice(index, 0, key);
  }
}

/** Same names, namespaces and values, in any order (attribute names are unique on an element). */
function sameAttributes(a: readonly Attribute[], b: readonly Attribute[]): boolean {
  if (a.length !== b.length) return false;
  outer: for (let i = 0; i < a.length; i++) {
    const x = a[i];
    for (let j = 0; j < b.length; j++) {
      const y = b[j];
      if (x.name === y.name && x.namespace === y.namespace) {
        if (x.value !== y.value) return false;
        continue outer;
      }
    }
    return false;
  }
  return true;
}
