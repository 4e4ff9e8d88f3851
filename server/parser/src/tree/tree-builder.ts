/**
 * The tree construction stage: the parser's state and the algorithms the
 * insertion modes share.
 * https://html.spec.whatwg.org/multipage/parsing.html#tree-construction
 *
 * The insertion modes live in `modes/*.ts`, one file per mode; `dispatch.ts`
 * is the tree construction dispatcher. All parser state is kept in plain
 * fields (insertion mode, stacks, pointers, flags), so it can be snapshotted.
 *
 * The shared algorithms that only read the state or insert through this
 * class have files of their own: `open-element-stack.ts`,
 * `active-formatting-list.ts` and `reconstruct-the-active-formatting-elements.ts`,
 * `appropriate-place-for-inserting-a-node.ts`, `create-an-element.ts`,
 * `reset-the-insertion-mode.ts`, `adoption-agency.ts`; `children.ts` edits a
 * parent's children without the mutation log.
 */
import { removeIndex, insertAtIndex } from './arrays';
import {
  computeRanges,
  createComment,
  createProcessingInstruction,
  createElement,
  createText,
  type Comment,
  type ProcessingInstruction,
  type Document,
  type DocumentFragment,
  type Element,
  type ParentNode,
  type ChildNode,
  type TemplatePatch,
} from '../dom';
import type { Span } from '../span';
import { logAppend, logAppendText, logInsertBefore, logRemove } from './mutation-log';
import type { ParseError } from '../errors';
import { asciiLowercase } from '../tokenizer/code-points';
import type { EofToken, TokenSink, Tokenizer } from '../tokenizer/tokenizer';
import type { CharactersToken, CommentToken, ProcessingInstructionToken, StartTagToken, Token } from '../tokenizer/tokens';
import { ActiveFormattingList } from './active-formatting-list';
import { appropriatePlaceForInsertingANode } from './appropriate-place-for-inserting-a-node';
import { appendChild, lastIndexOfChild } from './children';
import { cloneElement, createAnElementForTheToken } from './create-an-element';
import { InsertionMode } from './insertion-mode';
import { OpenElementStack } from './open-element-stack';
import { MarkerIndex, patchOf, rangeOfStart } from './template-for';
import { GAP_THRESHOLD, GapChildren } from './gap-children';
import { ownString } from './own-string';
import { ForeignKey, NsBits, TAG_NAMES, TagId, tagIdOf } from './tag-id';
import { TreeErrorCode } from './tree-error-codes';

/** A token as the tree builder sees it. */
export type TreeToken = Token | EofToken;

/** A handler's answer: the token is done, or must be reprocessed (in the possibly new insertion mode). */
export type Step = boolean;
export const DONE: Step = false;
export const REPROCESS: Step = true;

/**
 * The empty list of pending table character tokens (`pendingTableCharacterTokens`),
 * one for every parse. OPTIMIZATION: the list is emptied after every run of
 * character tokens in a table, and most runs are one token (the white space
 * between two table tags): a new empty array each time, and a first push
 * that gave it room for 17 tokens, were 3% of what a parse allocated. Never
 * appended to: the first token of a run starts a list of its own
 * (in-table-text.ts).
 */
export const NO_PENDING_CHARACTERS: CharactersToken[] = [];

/** https://infra.spec.whatwg.org/#ascii-whitespace (the input has no CR by now). */
export function isAsciiWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}

/** Index of the first character of `data` at or after `from` that is not ASCII whitespace. */
export function skipWhitespace(data: string, from = 0): number {
  let i = from;
  while (i < data.length && isAsciiWhitespace(data.charCodeAt(i))) i++;
  return i;
}

/** Options the tree builder is created with. */
/**
 * The tree construction stage's entry points into the insertion modes, given
 * to the tree builder (dispatch.ts: `TREE_CONSTRUCTION`) so that this module
 * imports no insertion mode: every mode imports it.
 */
export interface TreeConstruction {
  /** https://html.spec.whatwg.org/multipage/parsing.html#tree-construction-dispatcher */
  dispatch(tb: TreeBuilder, token: TreeToken): Step;
  /** The rules of `mode` for the token. */
  processInInsertionMode(tb: TreeBuilder, mode: InsertionMode, token: TreeToken, id: TagId): Step;
  /** The selectedcontent steps for a parse (selectedcontent.ts), made when the first selectedcontent element is inserted. */
  selectedcontentSteps(tb: TreeBuilder): SelectedcontentSteps;
}

/**
 * The DOM steps of option and selectedcontent elements that change the
 * tree while it is parsed (selectedcontent.ts: `SelectedcontentTracker`),
 * as the tree builder calls them.
 */
export interface SelectedcontentSteps {
  /** Whether a new tracker would make the same state from the tree now (checkpoints are taken only then). */
  readonly derivable: boolean;
  /** The insertion and post-connection steps of the options and selectedcontent elements in `node`, just inserted. */
  inserted(node: ChildNode): void;
  /** The removing steps of the options and selectedcontent elements in `node`, just removed from `oldParent`. */
  removed(node: ChildNode, oldParent: ParentNode): void;
  /** A selectedcontent element was popped off the stack of open elements. */
  popped(selectedcontent: Element): void;
  /** https://html.spec.whatwg.org/multipage/form-elements.html#maybe-clone-an-option-into-selectedcontent */
  maybeCloneAnOptionIntoSelectedcontent(option: Element): void;
  /** After a checkpoint is restored: the open selects' state made from the tree. */
  deriveOpenSelects(): void;
}

export interface TreeBuilderOptions {
  /** https://html.spec.whatwg.org/multipage/parsing.html#scripting-flag */
  scripting: boolean;
  /**
   * The tree's strings must not share the input's memory (see own-string.ts):
   * true when the input is a reparse's window, not the document's text.
   */
  ownStrings?: boolean;
}

export class TreeBuilder implements TokenSink {
  // --- State: https://html.spec.whatwg.org/multipage/parsing.html#parse-state ---------------

  /** https://html.spec.whatwg.org/multipage/parsing.html#insertion-mode */
  insertionMode: InsertionMode = InsertionMode.Initial;
  /** https://html.spec.whatwg.org/multipage/parsing.html#original-insertion-mode */
  originalInsertionMode: InsertionMode = InsertionMode.Initial;
  /** https://html.spec.whatwg.org/multipage/parsing.html#stack-of-template-insertion-modes */
  readonly templateInsertionModes: InsertionMode[] = [];
  /** https://html.spec.whatwg.org/multipage/parsing.html#stack-of-open-elements */
  readonly openElements = new OpenElementStack();
  /** https://html.spec.whatwg.org/multipage/parsing.html#list-of-active-formatting-elements */
  readonly activeFormattingElements = new ActiveFormattingList();
  /** https://html.spec.whatwg.org/multipage/parsing.html#head-element-pointer */
  headElement: Element | null = null;
  /** https://html.spec.whatwg.org/multipage/parsing.html#form-element-pointer */
  formElement: Element | null = null;
  /** https://html.spec.whatwg.org/multipage/parsing.html#frameset-ok-flag ("ok" is true). */
  framesetOk = true;
  /** https://html.spec.whatwg.org/multipage/parsing.html#foster-parent */
  fosterParenting = false;
  /** https://html.spec.whatwg.org/multipage/parsing.html#scripting-flag */
  readonly scripting: boolean;
  /** https://html.spec.whatwg.org/multipage/parsing.html#concept-pending-table-char-tokens */
  pendingTableCharacterTokens: CharactersToken[] = NO_PENDING_CHARACTERS;
  /** "If the next token is a U+000A LINE FEED (LF) character token, then ignore that token" (pre, listing, textarea). */
  ignoreNextLineFeed = false;
  /** https://html.spec.whatwg.org/multipage/parsing.html#acknowledge-self-closing-flag */
  selfClosingFlagAcknowledged = false;
  /** https://html.spec.whatwg.org/multipage/parsing.html#stop-parsing has run. */
  stopped = false;
  /**
   * The selectedcontent steps (selectedcontent.ts), made when the first
   * selectedcontent element is inserted: until then no option or
   * selectedcontent step can change the tree.
   */
  selects: SelectedcontentSteps | null = null;

  /** The fragment case's context element, or null. */
  readonly context: Element | null;
  /** The context element's tag key (-1 when there is no context). */
  readonly contextKey: number;

  readonly document: Document;
  readonly input: string;
  /** See `TreeBuilderOptions.ownStrings`. */
  readonly ownStrings: boolean;
  readonly errors: ParseError[] | null;
  /** Set by the parse driver before running the tokenizer. */
  tokenizer!: Tokenizer;

  /** The span of the parse new nodes belong to (see ../span.ts). */
  span: Span;
  /**
   * Called after each tag, comment and DOCTYPE token has been processed:
   * records checkpoints for incremental reparsing. Null when nobody listens.
   */
  afterToken: ((token: TreeToken) => void) | null = null;

  /** Start of the token being processed: where implied elements are created. */
  tokenStart = 0;

  /** The result of `appropriatePlaceForInsertingANode`: the parent... */
  insertionParent: ParentNode | null = null;
  /** ...and the child to insert before (null: append). */
  insertionBefore: ChildNode | null = null;
  /** The appropriate place was moved into a `<template for>`'s marker parent: an append there is logged. */
  insertionRedirected = false;
  /** The `<?marker>` and `<?start>` instructions by name (tree/template-for.ts), or null until first needed. */
  private markerIndex: MarkerIndex | null;
  /**
   * Whether every node this parse inserted so far went at the end of its
   * tree in tree order, so that each open element (and each template's
   * contents) ends its tree: true until a node is inserted before another
   * (foster parenting, a `<template for>` patch) or appended into a node that
   * is not the current node (a `<template for>` patch, a comment after
   * `</body>` or `</html>`). The adoption agency keeps it: its moves keep the
   * nodes in tree order and leave the furthest block last. A reparse, which
   * starts from a tree it did not build, starts with false. The marker index
   * reads it: markers indexed while it holds are in tree order.
   */
  private appendOrder: boolean;
  /** The parents whose children are in a gap buffer (tree/gap-children.ts: `<template for>` ranges), or null when none is. */
  private gaps: Map<ParentNode, GapChildren> | null = null;

  constructor(
    input: string,
    document: Document,
    errors: ParseError[] | null,
    options: TreeBuilderOptions,
    context: Element | null,
    contextKey: number,
    /** The dispatcher and the insertion modes (dispatch.ts: `TREE_CONSTRUCTION`). */
    readonly construction: TreeConstruction,
  ) {
    this.input = input;
    this.span = document.span;
    // What the attributes of the list's elements decide is marked on the span (see Span.ark).
    this.activeFormattingElements.onNoahsArk = (element) => {
      const names = (this.span.ark ??= []);
      if (!names.includes(element.name)) names.push(element.name);
    };
    this.document = document;
    this.errors = errors;
    this.scripting = options.scripting;
    this.ownStrings = options.ownStrings ?? false;
    this.context = context;
    this.contextKey = contextKey;
    this.openElements.onPop = (element, key) => {
      // https://html.spec.whatwg.org/multipage/form-elements.html#the-option-element
      // "When an option element is popped off the stack of open elements of an
      // HTML parser or XML parser, the user agent must run maybe clone an
      // option into selectedcontent given the option."
      // whatwg/html 2ff023fb: a patching template's markers are removed when it is popped.
      if (key === TagId.Template) {
        const patch = patchOf(element);
        if (patch !== null) this.removeTheMarkers(patch);
        return;
      }
      if (this.selects === null) return;
      if (key === TagId.Option) this.selects.maybeCloneAnOptionIntoSelectedcontent(element);
      else if (key === TagId.SelectedContent) this.selects.popped(element);
    };
    // A new parse indexes its markers as it makes them; a reparse (whose
    // document already has nodes) indexes the tree when it first needs to.
    this.markerIndex = document.children.length === 0 ? new MarkerIndex() : null;
    this.appendOrder = document.children.length === 0;
  }

  /** True in the fragment case (https://html.spec.whatwg.org/multipage/parsing.html#fragment-case). */
  get isFragmentCase(): boolean {
    return this.context !== null;
  }

  // --- The token sink -----------------------------------------------------------------------

  /** https://html.spec.whatwg.org/multipage/parsing.html#tree-construction-dispatcher */
  processToken(token: TreeToken): void {
    if (this.stopped) return;
    if (this.ignoreNextLineFeed) {
      this.ignoreNextLineFeed = false;
      if (token.type === 'characters' && token.data.charCodeAt(0) === 0x0a) {
        if (token.data.length === 1) return;
        token.data = token.data.slice(1);
        token.start = this.input.charCodeAt(token.start) === 0x0d && this.input.charCodeAt(token.start + 1) === 0x0a ? token.start + 2 : token.start + 1;
      }
    }
    this.tokenStart = token.start;
    if (token.type === 'startTag') {
      this.selfClosingFlagAcknowledged = false;
      // Reprocess in a loop, not by recursion.
      while (this.construction.dispatch(this, token) === REPROCESS) {
        // The handler switched the insertion mode (or changed the token) and asked to reprocess.
      }
      // https://html.spec.whatwg.org/multipage/parsing.html#acknowledge-self-closing-flag
      // "When a start tag token is emitted with its self-closing flag set, if
      // the flag is not acknowledged when it is processed by the tree
      // construction stage, that is a
      // non-void-html-element-start-tag-with-trailing-solidus parse error."
      if (token.selfClosing && !this.selfClosingFlagAcknowledged) {
        this.error(TreeErrorCode.NonVoidHtmlElementStartTagWithTrailingSolidus, token.start, token.end);
      }
      if (this.afterToken !== null) this.afterToken(token);
      return;
    }
    while (this.construction.dispatch(this, token) === REPROCESS) {
      // See above.
    }
    if (this.afterToken !== null && token.type !== 'characters') this.afterToken(token);
  }

  // --- Tree mutations (logged for incremental reparsing) ---------------------------------------

  /**
   * Inserts `node` into `parent` before `before` (or last). Every change of
   * the tree but appending a node just made is logged for incremental
   * reparsing (see mutation-log.ts): an insertion before another
   * child (foster parenting), and the append of a node that was in the tree
   * before (`moved`: the adoption agency).
   */
  insertNode(parent: ParentNode, node: ChildNode, before: ChildNode | null, moved = false): void {
    if (before !== null || this.insertionRedirected) this.appendOrder = false;
    node.parent = parent;
    if (before === null) {
      appendChild(parent, node);
      if (moved) logAppend(this.span, parent, node, parent.children.length - 1);
    } else {
      const gap = this.gapOf(parent);
      let index: number;
      if (gap !== undefined) {
        index = gap.seek(before);
        gap.insert(node);
      } else {
        const children = parent.children;
        index = lastIndexOfChild(children, before);
        insertAtIndex(children, index, node);
      }
      logInsertBefore(this.span, parent, node, before, index);
    }
    if (node.kind !== 'element') return;
    if (this.selects === null) {
      if (node.name !== 'selectedcontent' || node.namespace !== 'html') return;
      this.selects = this.construction.selectedcontentSteps(this);
    }
    // The insertion and post-connection steps of the options and selectedcontent elements inserted.
    this.selects.inserted(node);
  }

  /** Removes `node` from its parent, if it has one (logged). */
  removeNode(node: ChildNode): void {
    const parent = node.parent;
    if (parent === null) return;
    const gap = this.gapOf(parent);
    const children = gap === undefined ? parent.children : null;
    const i = gap !== undefined ? gap.seek(node) : lastIndexOfChild(children!, node);
    node.parent = null;
    if (i < 0) return;
    if (gap !== undefined) gap.removeNext();
    else removeIndex(children!, i);
    logRemove(this.span, parent, node, i);
    // The removing steps of the options and selectedcontent elements removed.
    if (this.selects !== null) this.selects.removed(node, parent);
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#markup-declaration-open-state
   * "If there is an adjusted current node and it is not an element in the HTML namespace".
   */
  isCdataAllowed(): boolean {
    const key = this.adjustedCurrentNodeKey();
    return key >= 0 && (key & 0x300) !== NsBits.HTML;
  }

  // --- Errors -------------------------------------------------------------------------------

  error(code: TreeErrorCode, start: number, end: number, related: Element | null = null): void {
    if (this.errors === null) return;
    const error: ParseError = { code, start, end };
    if (related !== null) {
      const range = sourceOf(related);
      if (range !== null) error.related = range;
    }
    this.errors.push(error);
  }

  /** A parse error about a token, with its whole source as the range. */
  tokenError(code: TreeErrorCode, token: TreeToken, related: Element | null = null): void {
    this.error(code, token.start, token.end, related);
  }

  // --- Nodes ---------------------------------------------------------------------------------

  /** https://html.spec.whatwg.org/multipage/parsing.html#current-node */
  get currentNode(): Element {
    return this.openElements.current;
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#adjusted-current-node */
  adjustedCurrentNode(): Element | null {
    const stack = this.openElements;
    if (stack.length === 0) return null;
    // "The adjusted current node is the context element if the parser was
    // created as part of the HTML fragment parsing algorithm and the stack of
    // open elements has only one element in it (fragment case); otherwise, the
    // adjusted current node is the current node."
    if (this.context !== null && stack.length === 1) return this.context;
    return stack.current;
  }

  /** The adjusted current node's key, or -1 when there is none. */
  adjustedCurrentNodeKey(): number {
    const stack = this.openElements;
    if (stack.length === 0) return -1;
    if (this.context !== null && stack.length === 1) return this.contextKey;
    return stack.currentKey;
  }

  /** Inserts `node` at the place computed by `appropriatePlaceForInsertingANode` (`moved`: it was in the tree before). */
  insertAtInsertionPlace(node: ChildNode, moved = false): void {
    // An append into a patching template's marker parent (an older node) is logged like a move.
    this.insertNode(this.insertionParent!, node, this.insertionBefore, moved || this.insertionRedirected);
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#insert-an-element-at-the-adjusted-insertion-location
   */
  insertAnElementAtTheAdjustedInsertionLocation(element: Element): void {
    // Step 1. "Let the adjusted insertion location be the appropriate place for inserting a node."
    appropriatePlaceForInsertingANode(this);
    // Step 2. "If it is not possible to insert element at the adjusted insertion location, abort these steps."
    // (Only a Document refuses, and nothing inserts a second element there.)
    if (this.insertionParent!.kind === 'document') return;
    // Step 4. "Insert element at the adjusted insertion location."
    this.insertAtInsertionPlace(element);
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#insert-a-foreign-element
   * "When the steps below require the user agent to insert a foreign element
   * for a token in a given namespace and with a boolean onlyAddToElementStack".
   */
  insertAForeignElement(token: StartTagToken, namespace: NsBits, onlyAddToElementStack: boolean, nameOverride: string | null = null): Element {
    // Step 1. "Let the adjusted insertion location be the appropriate place for inserting a node."
    // Step 2. "Let element be the result of creating an element for the token in the given namespace,
    // with the intended parent being the element in which the adjusted insertion location finds itself."
    const element = createAnElementForTheToken(this, token, namespace, nameOverride);
    // Step 3. "If onlyAddToElementStack is false, then run insert an element at the adjusted insertion location with element."
    if (!onlyAddToElementStack) this.insertAnElementAtTheAdjustedInsertionLocation(element);
    // Step 4. "Push element onto the stack of open elements so that it is the new current node."
    const key = tagIdOf(token.name) | namespace;
    this.openElements.push(element, key);
    // Step 5. "Return element."
    return element;
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#insert-an-html-element */
  insertAnHtmlElement(token: StartTagToken): Element {
    return this.insertAForeignElement(token, NsBits.HTML, false);
  }

  /**
   * "Insert an HTML element for a "x" start tag token with no attributes": an
   * element with no start tag in the source, created where the current token is.
   */
  insertAnImpliedHtmlElement(id: TagId): Element {
    const element = createElement(TAG_NAMES[id], 'html', [], null, this.tokenStart, null, this.span);
    this.insertAnElementAtTheAdjustedInsertionLocation(element);
    this.openElements.push(element, id);
    return element;
  }

  /**
   * "Insert an HTML element for the token for which the element entry was
   * created": a clone of `original` (active formatting reconstruction).
   */
  insertAClone(original: Element, key: number): Element {
    const element = cloneElement(original, this.tokenStart, this.span);
    this.insertAnElementAtTheAdjustedInsertionLocation(element);
    this.openElements.push(element, key);
    return element;
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#insert-a-character
   * Inserts `data`, whose source is `start`..`end`.
   */
  insertCharacters(data: string, start: number, end: number): void {
    // Step 1. "Let data be the characters passed to the algorithm".
    if (this.ownStrings) data = ownString(data);
    // Step 2. "Let the adjusted insertion location be the appropriate place for inserting a node."
    appropriatePlaceForInsertingANode(this);
    const parent = this.insertionParent!;
    const before = this.insertionBefore;
    // Step 3. "If the adjusted insertion location is in a Document node, then return."
    if (parent.kind === 'document') return;
    // Step 4. "If there is a Text node immediately before the adjusted
    // insertion location, then append data to that Text node's data."
    const gap = before === null ? undefined : this.gapOf(parent);
    const children = gap === undefined ? parent.children : null;
    const index = gap !== undefined ? gap.seek(before!) : before === null ? children!.length : lastIndexOfChild(children!, before);
    const previous = gap !== undefined ? gap.previous() : index > 0 ? children![index - 1] : null;
    if (previous !== null && previous.kind === 'text') {
      if (previous.span !== this.span) logAppendText(this.span, parent, previous, index - 1, before, data, start, end);
      previous.data += data;
      if (start < previous.start) previous.start = start;
      if (end > previous.end) previous.end = end;
      return;
    }
    // Step 5. "Otherwise, create a new Text node whose data is data and whose
    // node document is the same as that of the element in which the adjusted
    // insertion location finds itself, and insert the newly created node at
    // the adjusted insertion location."
    const text = createText(data, start, end, this.span);
    text.parent = parent;
    if (before === null) {
      appendChild(parent, text);
      if (this.insertionRedirected) logAppend(this.span, parent, text, parent.children.length - 1);
    } else {
      if (gap !== undefined) gap.insert(text);
      else insertAtIndex(children!, index, text);
      logInsertBefore(this.span, parent, text, before, index);
    }
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#insert-a-comment
   * `parent` is the explicit position ("as the last child of"), or null for
   * the appropriate place for inserting a node.
   */
  insertAComment(token: CommentToken, parent: ParentNode | null = null): Comment {
    return this.insertAsLastChildOrAtTheAppropriatePlace(createComment(this.ownStrings ? ownString(token.data) : token.data, token.start, token.end, this.span), parent);
  }

  /** Inserts `node` as the last child of `parent`, or at the appropriate place for inserting a node when `parent` is null. */
  private insertAsLastChildOrAtTheAppropriatePlace<T extends ChildNode>(node: T, parent: ParentNode | null): T {
    if (parent !== null) {
      if (this.openElements.elements.length > 0 && parent !== this.openElements.current) this.appendOrder = false;
      this.insertNode(parent, node, null);
    } else {
      appropriatePlaceForInsertingANode(this);
      this.insertAtInsertionPlace(node);
    }
    return node;
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#insert-a-processing-instruction
   * (whatwg/html 320c05f6): as "insert a comment", with a ProcessingInstruction
   * node whose target and data are the token's. `parent` as in `insertAComment`.
   */
  insertAProcessingInstruction(token: ProcessingInstructionToken, parent: ParentNode | null = null): ProcessingInstruction {
    const instruction = this.insertAsLastChildOrAtTheAppropriatePlace(createProcessingInstruction(this.ownStrings ? ownString(token.target) : token.target, this.ownStrings ? ownString(token.data) : token.data, token.start, token.end, this.span), parent);
    this.markerIndex?.add(instruction, this.appendOrder);
    return instruction;
  }

  /**
   * whatwg/html 2ff023fb: for a `template` start tag with a non-empty `for`
   * attribute, "find markers" under the node that holds the insertion
   * location (the document element when that is `body`; template contents
   * when it is a template). Returns the patch, with a `<?start>`'s range
   * already removed, or null when no marker matches.
   */
  findAPatchTarget(name: string): TemplatePatch | null {
    this.span.templateFor = true;
    if (name === '') return null;
    appropriatePlaceForInsertingANode(this);
    let scope = this.insertionParent!;
    if (scope.kind === 'element' && scope.name === 'body' && scope.namespace === 'html') {
      const root = this.document.children.find((c) => c.kind === 'element');
      if (root !== undefined && root.kind === 'element') scope = root;
    }
    if (this.markerIndex === null) this.markerIndex = MarkerIndex.of(this.document);
    const marker = this.markerIndex.find(scope, name);
    if (marker === null) return null;
    const parent = marker.parent!;
    if (marker.target === 'marker') return { parent, marker, before: marker };
    // A <?start>: "Everything between start and end is removed at once."
    let gap = this.gapOf(parent);
    if (gap === undefined && parent.children.length >= GAP_THRESHOLD) gap = this.openGap(parent, parent.children.indexOf(marker));
    if (gap !== undefined) {
      // The gap right after the <?start>: its range is what follows the gap.
      gap.seek(marker);
      gap.forward();
      const { end, count } = rangeOfStart((k) => gap!.nextAt(k));
      for (let i = 0; i < count; i++) this.removeRangeNode(gap.next()!);
      return { parent, marker, before: end };
    }
    const children = parent.children;
    const from = children.indexOf(marker) + 1;
    const { end, count } = rangeOfStart((k) => (from + k < children.length ? children[from + k] : null));
    const between = children.slice(from, from + count);
    for (const node of between) this.removeRangeNode(node);
    return { parent, marker, before: end };
  }

  /**
   * Removes a node of a `<?start>`'s range for good. Its ranges are computed
   * first, as the frameset start tag does for the body it removes: the parse
   * computes only those of the tree, and an incremental reparse where the
   * range is not filled puts the node back with what it has.
   */
  private removeRangeNode(node: ChildNode): void {
    if (node.kind === 'element') computeRanges(node);
    this.removeNode(node);
  }

  /** The gap buffer of `parent`'s children, if it is in one. */
  private gapOf(parent: ParentNode): GapChildren | undefined {
    return this.gaps === null ? undefined : this.gaps.get(parent);
  }

  /** Puts `parent`'s children in a gap buffer, the gap before index `at`. */
  private openGap(parent: ParentNode, at: number): GapChildren {
    const gaps = (this.gaps ??= new Map());
    const gap = new GapChildren(parent, at, (closed) => gaps.delete(closed.parent));
    gaps.set(parent, gap);
    return gap;
  }

  /** Puts every gap buffer's children back as plain arrays. */
  closeTheGaps(): void {
    if (this.gaps === null) return;
    for (const gap of this.gaps.values()) gap.close();
    this.gaps = null;
  }

  /** When a patching template is popped: "the markers are removed" (its <?marker>, or its <?start> and <?end>). */
  private removeTheMarkers(patch: TemplatePatch): void {
    this.removeNode(patch.marker);
    if (patch.before !== null && patch.before !== patch.marker) this.removeNode(patch.before);
  }

  /**
   * Source offset of `data[index]` in a characters chunk: a chunk's data is
   * its source slice with CR and CRLF read as LF, unless it is a character
   * reference, which maps as a whole to its start.
   */
  sourceOffsetIn(token: CharactersToken, index: number): number {
    if (index === 0) return token.start;
    const data = token.data;
    const input = this.input;
    if (token.end - token.start === data.length) return token.start + index;
    let s = token.start;
    for (let i = 0; i < index; i++) {
      const c = data.charCodeAt(i);
      const source = input.charCodeAt(s);
      if (c === source) s++;
      else if (c === 0x0a && source === 0x0d) s += input.charCodeAt(s + 1) === 0x0a ? 2 : 1;
      else return token.start;
    }
    return s;
  }

  /**
   * Splits off the leading ASCII whitespace of a characters token: inserts it
   * (when `insert`) or drops it, and leaves the rest in the token. Returns
   * true when characters remain.
   */
  takeLeadingWhitespace(token: CharactersToken, insert: boolean): boolean {
    const data = token.data;
    const i = skipWhitespace(data);
    if (i === 0) return true;
    if (i === data.length) {
      if (insert) this.insertCharacters(data, token.start, token.end);
      return false;
    }
    const split = this.sourceOffsetIn(token, i);
    if (insert) this.insertCharacters(data.slice(0, i), token.start, split);
    token.data = data.slice(i);
    token.start = split;
    this.tokenStart = split;
    return true;
  }

  // --- Shared algorithms ----------------------------------------------------------------------

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#generic-raw-text-element-parsing-algorithm
   * https://html.spec.whatwg.org/multipage/parsing.html#generic-rcdata-element-parsing-algorithm
   */
  genericTextElementParsing(token: StartTagToken, state: number): void {
    // Step 1. "Insert an HTML element for the token."
    this.insertAnHtmlElement(token);
    // Step 2. "If the algorithm that was invoked is the generic raw text element parsing algorithm, switch the
    // tokenizer to the RAWTEXT state; otherwise the algorithm invoked was the generic RCDATA element parsing
    // algorithm, switch the tokenizer to the RCDATA state."
    this.tokenizer.switchTo(state);
    // Step 3. "Set the original insertion mode to the current insertion mode."
    this.originalInsertionMode = this.insertionMode;
    // Step 4. "Then, switch the insertion mode to "text"."
    this.insertionMode = InsertionMode.Text;
  }

  /** https://html.spec.whatwg.org/multipage/parsing.html#close-a-p-element */
  closeAPElement(token: TreeToken): void {
    const stack = this.openElements;
    // "Generate implied end tags, except for p elements."
    stack.generateImpliedEndTags(TagId.P);
    // "If the current node is not a p element, then this is a parse error."
    if (stack.currentKey !== TagId.P) this.tokenError(TreeErrorCode.UnclosedElement, token, stack.current);
    // "Pop elements from the stack of open elements until a p element has been popped from the stack."
    stack.popUntilKeyPopped(TagId.P);
  }

  /** "If the stack of open elements has a p element in button scope, then close a p element." */
  closePInButtonScope(token: TreeToken): void {
    if (this.openElements.hasInButtonScope(TagId.P)) this.closeAPElement(token);
  }

  /**
   * "If the current node is not an X element, then this is a parse error":
   * raised with the unclosed current node as the related range.
   */
  expectCurrentNode(key: number, token: TreeToken): void {
    const stack = this.openElements;
    if (stack.currentKey !== key) this.tokenError(TreeErrorCode.UnclosedElement, token, stack.current);
  }

  /** True when a template element is on the stack of open elements. */
  hasTemplateOnStack(): boolean {
    return this.openElements.hasOpen(TagId.Template);
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#parsing-template-contents
   * whatwg/html#12911 (September 2026, "Ignore the form element pointer
   * throughout template contents"): the parser is parsing template contents
   * when there is a template element on the stack of open elements, or when
   * it was created for the fragment parsing algorithm with a template element
   * as its context element (its nodes become template contents, yet no
   * template element is ever on the stack). While it is, the form element
   * pointer is neither set nor used: by the "form" start tags in body and in
   * table, by the "form" end tag, and when a form-associated element is
   * created (that association is not part of our tree).
   */
  parsingTemplateContents(): boolean {
    return this.contextKey === TagId.Template || this.openElements.hasOpen(TagId.Template);
  }

  /**
   * Records `token` as the end tag of `element`, which it closes. A clone
   * keeps no source ranges: its markup belongs to the element it copies.
   */
  setEndTag(element: Element, token: TreeToken): void {
    if (element.cloneOf !== null || token.type !== 'endTag') return;
    // Only an end tag with the element's own name is its end tag (`</h2>` closes an h1 too).
    const name = element.namespace === 'html' ? element.name : element.name.toLowerCase();
    if (name === token.name) element.setEndTag(token.start, token.end, this.span);
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#stop-parsing
   * NOOP(spec): the steps about scripts, events and the document's readiness do not apply.
   */
  stopParsing(): void {
    // Step 3. "Pop all the nodes off the stack of open elements."
    this.openElements.popTo(0);
    this.stopped = true;
    this.closeTheGaps();
  }

  /** "HTML integration point" check for an element on the stack: https://html.spec.whatwg.org/multipage/parsing.html#html-integration-point */
  isHtmlIntegrationPoint(element: Element, key: number): boolean {
    if (key === ForeignKey.SvgForeignObject || key === ForeignKey.SvgDesc || key === ForeignKey.SvgTitle) return true;
    if (key !== ForeignKey.MathAnnotationXml) return false;
    // "A MathML annotation-xml element whose start tag token had an attribute
    // with the name "encoding" whose value was an ASCII case-insensitive match
    // for the string "text/html" / "application/xhtml+xml"". The context
    // element's start tag is the fragment algorithm's fake token, with no attributes.
    if (element === this.context || element.startTagEnd === null) return false;
    const attributes = element.attributes;
    for (let i = 0; i < attributes.length; i++) {
      const a = attributes[i];
      if (a.name === 'encoding' && a.namespace === null) {
        const v = asciiLowercase(a.value);
        return v === 'text/html' || v === 'application/xhtml+xml';
      }
    }
    return false;
  }
}

/** The source range that best identifies an element: its start tag, or that of the element it clones. */
export function sourceOf(element: Element): { start: number; end: number } | null {
  const range = element.startTag ?? element.cloneOf?.startTag ?? null;
  return range === null ? null : { start: range.start, end: range.end };
}

export type { DocumentFragment };
