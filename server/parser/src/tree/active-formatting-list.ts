/**
 * https://html.spec.whatwg.org/multipage/parsing.html#list-of-active-formatting-elements
 *
 * "Initially, the list of active formatting elements is empty. It is used to
 * handle mis-nested formatting element tags." Entries are formatting elements
 * (with their tag keys, in a parallel array) or markers (`null`).
 *
 * OPTIMIZATION: for the Noah's Ark clause, the list counts the entries of
 * each tag key in each stretch between markers. Only when a stretch holds
 * three entries with one key are their signatures (name and attributes, as
 * one string) built and counted, once per stretch and key, and from then on
 * for each entry with that key. So pushing an element does not compare it
 * with every entry (a list of 100,000 different open formatting elements
 * costs no more per push than a short one), and the usual short lists build
 * no signatures at all.
 */
import type { Element } from '../dom';
import { insertAtIndex, removeIndex } from './arrays';

/** A marker entry. */
export const MARKER = null;

/** Name and attributes, in a string equal for two elements exactly when Noah's Ark calls them the same. */
function signatureOf(element: Element): string {
  const attributes = element.attributes;
  if (attributes.length === 0) return element.name;
  if (attributes.length === 1) {
    const a = attributes[0];
    return element.name + '\u0000' + (a.namespace ?? '') + ':' + a.name + '\u0001' + a.value;
  }
  const parts: string[] = [];
  for (const a of attributes) parts.push(`${a.namespace ?? ''}:${a.name}\u0001${a.value}`);
  if (parts.length > 1) parts.sort();
  return element.name + '\u0000' + parts.join('\u0000');
}

/** What the list counts in one stretch of entries: before the first marker, or after a marker. */
class Stretch {
  /**
   * How many element entries have each tag key. OPTIMIZATION: made at the
   * first element entry (every table cell opens a stretch, most hold none).
   */
  keyCounts: Map<number, number> | null = null;
  /**
   * The keys whose entries have their signatures computed and counted in
   * `signatureCounts`: those that reached three entries in this stretch.
   */
  signedKeys: Set<number> | null = null;
  signatureCounts: Map<string, number> | null = null;
}

export class ActiveFormattingList {
  /** The entries, oldest first; `null` is a marker. */
  readonly entries: (Element | null)[] = [];
  /** The tag key of each element entry (-1 for a marker), parallel to `entries`. */
  readonly keys: number[] = [];
  /**
   * The signature of each element entry whose key is signed in its stretch
   * (see `Stretch`); null for the other entries and for markers. Parallel to `entries`.
   */
  private readonly signatures: (string | null)[] = [];
  /** The indexes of the markers, ascending. */
  private readonly markers: number[] = [];
  /** Told when a push compares attributes for the Noah's Ark clause (three entries with its tag name: see `push`). */
  onNoahsArk: ((element: Element) => void) | null = null;
  /** The stretch after the last marker. */
  private stretch = new Stretch();
  /** The earlier stretches, one per marker, oldest first. */
  private readonly savedStretches: Stretch[] = [];

  get length(): number {
    return this.entries.length;
  }

  /**
   * Makes the list hold exactly `entries` (with their `keys`), which already
   * satisfy the Noah's Ark clause (they were such a list's entries).
   */
  reset(entries: readonly (Element | null)[], keys: readonly number[]): void {
    this.entries.length = 0;
    this.keys.length = 0;
    this.signatures.length = 0;
    this.markers.length = 0;
    this.savedStretches.length = 0;
    this.stretch = new Stretch();
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      if (entry === MARKER) this.insertMarker();
      else this.push(entry, keys[i]);
    }
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#concept-parser-marker */
  insertMarker(): void {
    this.markers.push(this.entries.length);
    this.entries.push(MARKER);
    this.keys.push(-1);
    this.signatures.push(null);
    this.savedStretches.push(this.stretch);
    this.stretch = new Stretch();
  }

  /** The stretch the entry at `index` is in. */
  private stretchAt(index: number): Stretch {
    const markers = this.markers;
    let after = 0;
    for (let m = markers.length - 1; m >= 0 && markers[m] >= index; m--) after++;
    return after === 0 ? this.stretch : this.savedStretches[this.savedStretches.length - after];
  }

  /**
   * Computes and counts the signatures of the entries with `key` in the
   * current stretch, once per stretch and key; later entries with that key
   * get theirs when they are added.
   */
  private signKey(key: number): Stretch {
    const stretch = this.stretch;
    const signed = (stretch.signedKeys ??= new Set());
    if (signed.has(key)) return stretch;
    signed.add(key);
    const counts = (stretch.signatureCounts ??= new Map());
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i];
      if (entry === MARKER) break;
      if (this.keys[i] !== key) continue;
      const signature = signatureOf(entry);
      this.signatures[i] = signature;
      counts.set(signature, (counts.get(signature) ?? 0) + 1);
    }
    return stretch;
  }

  /**
   * Counts a new element entry with `key` in `stretch`; returns its
   * signature (`known`, when the caller built it) if its key is signed there.
   */
  private count(stretch: Stretch, element: Element, key: number, known: string | null): string | null {
    const keyCounts = (stretch.keyCounts ??= new Map());
    keyCounts.set(key, (keyCounts.get(key) ?? 0) + 1);
    if (stretch.signedKeys === null || !stretch.signedKeys.has(key)) return null;
    const signature = known ?? signatureOf(element);
    const counts = stretch.signatureCounts!;
    counts.set(signature, (counts.get(signature) ?? 0) + 1);
    return signature;
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#push-onto-the-list-of-active-formatting-elements
   */
  push(element: Element, key: number): void {
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
    // OPTIMIZATION: three such elements have element's tag key, so while
    // fewer than three entries of the stretch have it, no signature is built.
    let signature: string | null = null;
    if ((this.stretch.keyCounts?.get(key) ?? 0) >= 3) {
      this.onNoahsArk?.(element);
      signature = signatureOf(element);
      const same = this.signKey(key).signatureCounts!.get(signature) ?? 0;
      if (same >= 3) {
        // The earliest of the `same` matching entries is the last one found walking back.
        let found = 0;
        for (let i = this.entries.length - 1; i >= 0; i--) {
          if (this.signatures[i] === signature && ++found === same) {
            this.removeAt(i);
            break;
          }
        }
      }
    }
    // Step 2. "Add element to the list of active formatting elements."
    this.entries.push(element);
    this.keys.push(key);
    this.signatures.push(this.count(this.stretch, element, key, signature));
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
      this.signatures.pop();
      if (entry === MARKER) {
        this.markers.pop();
        this.stretch = this.savedStretches.pop()!;
        return;
      }
    }
    this.stretch = new Stretch();
  }

  /**
   * The last element with this key "between the end of the list and the last
   * marker in the list, if any, or the start of the list otherwise", or null.
   * Keys of unknown names are shared, so `name` must match too.
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
    if (i >= 0) this.removeAt(i);
  }

  /** Removes the element entry at `index`. */
  removeAt(index: number): void {
    const stretch = this.stretchAt(index);
    const key = this.keys[index];
    // (The entry was counted: its stretch has its counts.)
    const keyCounts = stretch.keyCounts!;
    keyCounts.set(key, keyCounts.get(key)! - 1);
    const signature = this.signatures[index];
    if (signature !== null) stretch.signatureCounts!.set(signature, stretch.signatureCounts!.get(signature)! - 1);
    removeIndex(this.entries, index);
    removeIndex(this.keys, index);
    removeIndex(this.signatures, index);
    const markers = this.markers;
    for (let m = markers.length - 1; m >= 0 && markers[m] > index; m--) markers[m]--;
  }

  /** Replaces the entry at `index` by a clone of its element (same key and signature). */
  replaceAt(index: number, element: Element): void {
    this.entries[index] = element;
  }

  /** Inserts an element entry at `index`. */
  insertAt(index: number, element: Element, key: number): void {
    const signature = this.count(this.stretchAt(index), element, key, null);
    insertAtIndex(this.entries, index, element);
    insertAtIndex(this.keys, index, key);
    insertAtIndex(this.signatures, index, signature);
    const markers = this.markers;
    for (let m = markers.length - 1; m >= 0 && markers[m] >= index; m--) markers[m]++;
  }
}
