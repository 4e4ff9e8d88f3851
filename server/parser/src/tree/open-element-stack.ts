/**
 * https://html.spec.whatwg.org/multipage/parsing.html#the-stack-of-open-elements
 *
 * "The stack grows downwards; the topmost node on the stack is the first one
 * added to the stack, and the bottommost node of the stack is the most
 * recently added node." Here index 0 is the topmost node (the html element)
 * and the last index is the current node.
 *
 * Each entry is an element and its tag key (TagId | namespace bits), kept in
 * parallel arrays so scope checks read numbers only. A count of open elements
 * per key answers "is there any X open?" at once, which keeps the scope
 * checks from walking a deep stack that holds no X at all.
 */
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
  type TagSet,
} from './tag-sets';

export class OpenElementStack {
  /** The elements, topmost (html) first. */
  readonly elements: Element[] = [];
  /** The tag key of each element, parallel to `elements`. */
  readonly keys: number[] = [];
  /** How many open elements have each key. */
  private readonly counts = new Int32Array(TAG_KEY_COUNT);
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
    return this.counts[key] > 0;
  }

  /** The number of open elements with this key. */
  countOf(key: number): number {
    return this.counts[key];
  }

  push(element: Element, key: number): void {
    this.elements.push(element);
    this.keys.push(key);
    this.counts[key]++;
  }

  /** Pops the current node. */
  pop(): Element {
    const element = this.elements.pop()!;
    const key = this.keys.pop()!;
    this.counts[key]--;
    if (this.onPop !== null) this.onPop(element, key);
    return element;
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

  /** Index of the lowest (most recent) element with this key, or -1. */
  lastIndexOfKey(key: number): number {
    if (this.counts[key] === 0) return -1;
    const keys = this.keys;
    for (let i = keys.length - 1; i >= 0; i--) if (keys[i] === key) return i;
    return -1;
  }

  /** Pops elements until the stack has `length` entries. */
  popTo(length: number): void {
    while (this.elements.length > length) this.pop();
  }

  /** "Pop elements from the stack of open elements until an X element has been popped from the stack." */
  popUntilKeyPopped(key: number): void {
    while (this.keys.length > 0) {
      if (this.keys[this.keys.length - 1] === key) {
        this.pop();
        return;
      }
      this.pop();
    }
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

  /** Removes an element from wherever it is on the stack (not a pop). */
  remove(element: Element): void {
    const i = this.indexOf(element);
    if (i < 0) return;
    this.counts[this.keys[i]]--;
    this.elements.splice(i, 1);
    this.keys.splice(i, 1);
  }

  /** Replaces the entry for `element` by `replacement` (same key). */
  replace(element: Element, replacement: Element): void {
    const i = this.indexOf(element);
    if (i >= 0) this.elements[i] = replacement;
  }

  /** Inserts `element` immediately below (after) the entry at `index`. */
  insertAfter(index: number, element: Element, key: number): void {
    this.elements.splice(index + 1, 0, element);
    this.keys.splice(index + 1, 0, key);
    this.counts[key]++;
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-the-specific-scope
   * Step 1. "Initialize node to be the current node (the bottommost node of the stack)."
   * Step 2. "If node is the target node, terminate in a match state."
   * Step 3. "Otherwise, if node is one of the element types in list, terminate in a failure state."
   * Step 4. "Otherwise, set node to the previous entry in the stack of open elements and return to step 2."
   * Here the target is any element with the key `key`.
   */
  hasInSpecificScope(key: number, list: TagSet): boolean {
    // OPTIMIZATION: with no such element open, the walk cannot match.
    if (this.counts[key] === 0) return false;
    const keys = this.keys;
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i];
      if (k === key) return true;
      if (list[k] === 1) return false;
    }
    return false;
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-scope */
  hasInScope(key: number): boolean {
    return this.hasInSpecificScope(key, DEFAULT_SCOPE);
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-list-item-scope */
  hasInListItemScope(key: number): boolean {
    return this.hasInSpecificScope(key, LIST_ITEM_SCOPE);
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-button-scope */
  hasInButtonScope(key: number): boolean {
    return this.hasInSpecificScope(key, BUTTON_SCOPE);
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-table-scope */
  hasInTableScope(key: number): boolean {
    return this.hasInSpecificScope(key, TABLE_SCOPE);
  }

  /** "has a particular element in scope", for one given element (the form element pointer's). */
  hasElementInScope(element: Element): boolean {
    const elements = this.elements;
    const keys = this.keys;
    for (let i = elements.length - 1; i >= 0; i--) {
      if (elements[i] === element) return true;
      if (DEFAULT_SCOPE[keys[i]] === 1) return false;
    }
    return false;
  }

  /** "has an element in scope that is an HTML element whose tag name is one of h1, h2, h3, h4, h5, h6". */
  hasHeadingInScope(): boolean {
    const keys = this.keys;
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i];
      if (HEADINGS[k] === 1) return true;
      if (DEFAULT_SCOPE[k] === 1) return false;
    }
    return false;
  }

  /** "has a td or th element in table scope". */
  hasCellInTableScope(): boolean {
    return this.hasInTableScope(TagId.Td) || this.hasInTableScope(TagId.Th);
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
