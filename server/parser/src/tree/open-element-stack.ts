/**
 * https://html.spec.whatwg.org/multipage/parsing.html#the-stack-of-open-elements
 *
 * "The stack grows downwards; the topmost node on the stack is the first one
 * added to the stack, and the bottommost node of the stack is the most
 * recently added node." Here index 0 is the topmost node (the html element)
 * and the last index is the current node.
 *
 * Each entry is an element and its tag key (TagId | namespace bits), kept in
 * parallel arrays. OPTIMIZATION: the stack also indexes itself by key: the
 * index of the lowest (most recent) element of each key, and for each entry
 * the index of the previous entry with the same key. "The last X on the
 * stack" is then one read, and "has X in scope" compares X's index with the
 * indexes of the scope's boundary elements instead of walking the stack, so
 * a stack 100,000 elements deep costs no more than a shallow one.
 */
import { removeIndex, insertAtIndex } from './arrays';
import type { Element } from '../dom';
import { TAG_KEY_COUNT, TagId } from './tag-id';
import {
  BUTTON_SCOPE,
  DEFAULT_SCOPE,
  HEADINGS,
  IMPLIED_END_TAGS,
  IMPLIED_END_TAGS_THOROUGHLY,
  LIST_ITEM_SCOPE,
  TABLE_BODY_CONTEXT,
  TABLE_CONTEXT,
  TABLE_ROW_CONTEXT,
  TABLE_SCOPE,
  keysOf,
  type TagSet,
} from './tag-sets';

const DEFAULT_SCOPE_KEYS = keysOf(DEFAULT_SCOPE);
const LIST_ITEM_SCOPE_KEYS = keysOf(LIST_ITEM_SCOPE);
const BUTTON_SCOPE_KEYS = keysOf(BUTTON_SCOPE);
const TABLE_SCOPE_KEYS = keysOf(TABLE_SCOPE);
const HEADING_KEYS = keysOf(HEADINGS);

export class OpenElementStack {
  /** The elements, topmost (html) first. */
  readonly elements: Element[] = [];
  /** The tag key of each element, parallel to `elements`. */
  readonly keys: number[] = [];
  /** For each entry, the index of the previous entry with the same key (-1 for none). */
  private readonly previousSameKey: number[] = [];
  /** For each key, the index of the lowest entry with that key (-1 for none). */
  private readonly lastIndex = new Int32Array(TAG_KEY_COUNT).fill(-1);
  /** How many open HTML elements of each unknown name (`TagId.Unknown`) there are. */
  private readonly unknownNames = new Map<string, number>();
  /**
   * Called after an element is popped off the stack (not when it is removed
   * from the middle of it). The tree builder runs the "HTML element popped"
   * steps from here, such as maybe cloning an option into selectedcontent.
   */
  onPop: ((element: Element, key: number) => void) | null = null;

  get length(): number {
    return this.elements.length;
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#current-node */
  get current(): Element {
    return this.elements[this.elements.length - 1];
  }

  /** The current node's key, or -1 when the stack is empty. */
  get currentKey(): number {
    const n = this.keys.length;
    return n === 0 ? -1 : this.keys[n - 1];
  }

  /** True when an element with this key is open, anywhere on the stack. */
  hasOpen(key: number): boolean {
    return this.lastIndex[key] >= 0;
  }

  /** True when an HTML element with this (unknown, `TagId.Unknown`) name is open. */
  hasOpenUnknown(name: string): boolean {
    return (this.unknownNames.get(name) ?? 0) > 0;
  }

  /** Index of the lowest (most recent) element with this key, or -1. */
  lastIndexOfKey(key: number): number {
    return this.lastIndex[key];
  }

  push(element: Element, key: number): void {
    this.previousSameKey.push(this.lastIndex[key]);
    this.lastIndex[key] = this.elements.length;
    this.elements.push(element);
    this.keys.push(key);
    if (key === TagId.Unknown) this.unknownNames.set(element.name, (this.unknownNames.get(element.name) ?? 0) + 1);
  }

  /** Empties the stack and pushes `elements` with their `keys` (no pops are reported). */
  reset(elements: readonly Element[], keys: readonly number[]): void {
    const onPop = this.onPop;
    this.onPop = null;
    this.popTo(0);
    this.onPop = onPop;
    for (let i = 0; i < elements.length; i++) this.push(elements[i], keys[i]);
  }

  /** Pops the current node. */
  pop(): Element {
    const element = this.elements.pop()!;
    const key = this.keys.pop()!;
    this.lastIndex[key] = this.previousSameKey.pop()!;
    if (key === TagId.Unknown) this.unknownNames.set(element.name, this.unknownNames.get(element.name)! - 1);
    if (this.onPop !== null) this.onPop(element, key);
    return element;
  }

  /** The index of the previous entry with the same key as the entry at `index`, or -1. */
  previousWithSameKey(index: number): number {
    return this.previousSameKey[index];
  }

  /** Index of an element whose key is known, or -1 (walks only the entries with that key). */
  indexOfWithKey(element: Element, key: number): number {
    for (let i = this.lastIndex[key]; i >= 0; i = this.previousSameKey[i]) if (this.elements[i] === element) return i;
    return -1;
  }

  /** Index of an element on the stack (searching from the current node), or -1. */
  indexOf(element: Element): number {
    const elements = this.elements;
    for (let i = elements.length - 1; i >= 0; i--) if (elements[i] === element) return i;
    return -1;
  }

  contains(element: Element): boolean {
    return this.indexOf(element) >= 0;
  }

  /** Pops elements until the stack has `length` entries. */
  popTo(length: number): void {
    while (this.elements.length > length) this.pop();
  }

  /** "Pop elements from the stack of open elements until an X element has been popped from the stack." */
  popUntilKeyPopped(key: number): void {
    const i = this.lastIndex[key];
    if (i >= 0) this.popTo(i);
    else this.popTo(0);
  }

  /** Pops elements until one whose key is in `set` has been popped. */
  popUntilOneOfPopped(set: TagSet): void {
    while (this.keys.length > 0) {
      const key = this.keys[this.keys.length - 1];
      this.pop();
      if (set[key] === 1) return;
    }
  }

  /** Pops elements until `element` has been popped. */
  popUntilElementPopped(element: Element): void {
    while (this.elements.length > 0) {
      if (this.pop() === element) return;
    }
  }

  /** Removes the entry at `index` (not a pop), keeping the key index right. */
  removeAt(index: number): void {
    const key = this.keys[index];
    const previous = this.previousSameKey[index];
    const n = this.elements.length;
    if (this.lastIndex[key] === index) this.lastIndex[key] = previous;
    // Later entries move up by one: fix the indexes that point past `index`.
    for (let j = index + 1; j < n; j++) {
      const k = this.keys[j];
      if (this.lastIndex[k] === j) this.lastIndex[k] = j - 1;
      const p = this.previousSameKey[j];
      if (p === index) this.previousSameKey[j] = previous;
      else if (p > index) this.previousSameKey[j] = p - 1;
    }
    if (key === TagId.Unknown) {
      const name = this.elements[index].name;
      this.unknownNames.set(name, this.unknownNames.get(name)! - 1);
    }
    removeIndex(this.elements, index);
    removeIndex(this.keys, index);
    removeIndex(this.previousSameKey, index);
  }

  /** Removes an element from wherever it is on the stack (not a pop). */
  remove(element: Element): void {
    const i = this.indexOf(element);
    if (i >= 0) this.removeAt(i);
  }

  /** Replaces the entry at `index` by another element with the same key. */
  replaceAt(index: number, replacement: Element): void {
    this.elements[index] = replacement;
  }

  /** Inserts `element` immediately below (after) the entry at `index`. */
  insertAfter(index: number, element: Element, key: number): void {
    const at = index + 1;
    insertAtIndex(this.elements, at, element);
    insertAtIndex(this.keys, at, key);
    insertAtIndex(this.previousSameKey, at, -1);
    // Later entries moved down by one: fix the indexes that pointed at or past `at`.
    const n = this.elements.length;
    for (let j = at + 1; j < n; j++) {
      const k = this.keys[j];
      if (this.lastIndex[k] === j - 1) this.lastIndex[k] = j;
      const p = this.previousSameKey[j];
      if (p >= at) this.previousSameKey[j] = p + 1;
    }
    // Link the new entry into its key's chain, between its neighbours.
    let successor = -1;
    let i = this.lastIndex[key];
    while (i > at) {
      successor = i;
      i = this.previousSameKey[i];
    }
    this.previousSameKey[at] = i;
    if (successor >= 0) this.previousSameKey[successor] = at;
    else this.lastIndex[key] = at;
    if (key === TagId.Unknown) this.unknownNames.set(element.name, (this.unknownNames.get(element.name) ?? 0) + 1);
  }

  /** The index of the lowest element whose key is one of `keys`, or -1. */
  private lastIndexOfAny(keys: readonly number[]): number {
    let max = -1;
    const lastIndex = this.lastIndex;
    for (let i = 0; i < keys.length; i++) {
      const j = lastIndex[keys[i]];
      if (j > max) max = j;
    }
    return max;
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-the-specific-scope
   * Step 1. "Initialize node to be the current node (the bottommost node of the stack)."
   * Step 2. "If node is the target node, terminate in a match state."
   * Step 3. "Otherwise, if node is one of the element types in list, terminate in a failure state."
   * Step 4. "Otherwise, set node to the previous entry in the stack of open elements and return to step 2."
   * Here the target is the lowest element at `index`; OPTIMIZATION: instead of
   * walking, the walk matches exactly when no element of the list is lower.
   */
  private inScopeAt(index: number, scopeKeys: readonly number[]): boolean {
    if (index < 0) return false;
    const lastIndex = this.lastIndex;
    for (let i = 0; i < scopeKeys.length; i++) if (lastIndex[scopeKeys[i]] > index) return false;
    return true;
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-scope */
  hasInScope(key: number): boolean {
    return this.inScopeAt(this.lastIndex[key], DEFAULT_SCOPE_KEYS);
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-list-item-scope */
  hasInListItemScope(key: number): boolean {
    return this.inScopeAt(this.lastIndex[key], LIST_ITEM_SCOPE_KEYS);
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-button-scope */
  hasInButtonScope(key: number): boolean {
    return this.inScopeAt(this.lastIndex[key], BUTTON_SCOPE_KEYS);
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-table-scope */
  hasInTableScope(key: number): boolean {
    return this.inScopeAt(this.lastIndex[key], TABLE_SCOPE_KEYS);
  }

  /** "has a particular element in scope", for one given element with a known key. */
  hasElementInScope(element: Element, key: number): boolean {
    return this.inScopeAt(this.indexOfWithKey(element, key), DEFAULT_SCOPE_KEYS);
  }

  /** "has an element in scope that is an HTML element whose tag name is one of h1, h2, h3, h4, h5, h6". */
  hasHeadingInScope(): boolean {
    return this.inScopeAt(this.lastIndexOfAny(HEADING_KEYS), DEFAULT_SCOPE_KEYS);
  }

  /** "has a td or th element in table scope". */
  hasCellInTableScope(): boolean {
    return this.hasInTableScope(TagId.Td) || this.hasInTableScope(TagId.Th);
  }

  /** The index of the lowest element whose key is one of `keys` (e.g. the reset algorithm's stops), or -1. */
  lastIndexOfOneOf(keys: readonly number[]): number {
    return this.lastIndexOfAny(keys);
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#generate-implied-end-tags
   * "while the current node is a dd element, a dt element, an li element, an
   * optgroup element, an option element, a p element, an rb element, an rp
   * element, an rt element, or an rtc element, the UA must pop the current node
   * off the stack of open elements." `exceptKey` is the element "excluded from
   * the process" (-1 for none).
   */
  generateImpliedEndTags(exceptKey = -1): void {
    const keys = this.keys;
    for (;;) {
      const key = keys.length === 0 ? -1 : keys[keys.length - 1];
      if (key < 0 || key === exceptKey || IMPLIED_END_TAGS[key] !== 1) return;
      this.pop();
    }
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#generate-all-implied-end-tags-thoroughly */
  generateAllImpliedEndTagsThoroughly(): void {
    const keys = this.keys;
    while (keys.length > 0 && IMPLIED_END_TAGS_THOROUGHLY[keys[keys.length - 1]] === 1) this.pop();
  }

  /** Pops while the current node is not in `set`. */
  private clearBackTo(set: TagSet): void {
    const keys = this.keys;
    while (keys.length > 0 && set[keys[keys.length - 1]] !== 1) this.pop();
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#clear-the-stack-back-to-a-table-context
   * "while the current node is not a table, template, or html element, pop elements from the stack of open elements."
   */
  clearBackToTableContext(): void {
    this.clearBackTo(TABLE_CONTEXT);
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#clear-the-stack-back-to-a-table-body-context
   * "while the current node is not a tbody, tfoot, thead, template, or html element, pop elements from the stack of open elements."
   */
  clearBackToTableBodyContext(): void {
    this.clearBackTo(TABLE_BODY_CONTEXT);
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#clear-the-stack-back-to-a-table-row-context
   * "while the current node is not a tr, template, or html element, pop elements from the stack of open elements."
   */
  clearBackToTableRowContext(): void {
    this.clearBackTo(TABLE_ROW_CONTEXT);
  }
}
