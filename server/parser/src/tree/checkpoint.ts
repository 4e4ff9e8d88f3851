/**
 * Checkpoints: snapshots of the parser's state at token boundaries, taken
 * while parsing so that an edit can be reparsed from the last one before it.
 *
 * A checkpoint is taken only where the whole state of the parse is small:
 * the tokenizer is in the data state between two tokens (nothing pending,
 * no lookahead past the boundary), and the tree builder has no pending table
 * character tokens. What the rest of the parse can still change of the tree
 * built so far is then reachable from the snapshot: the stack of open
 * elements, the list of active formatting elements, the head and form
 * element pointers, template contents, and the document. Those are the
 * checkpoint's *live* nodes; for each, the snapshot records how many
 * children it had, and how long its last child was if that is a Text node
 * (later text may be appended to it).
 * https://html.spec.whatwg.org/multipage/parsing.html#parse-state
 */
import type { DocumentMode, Element, ParentNode, SourceRange, Text } from '../dom';
import { State } from '../tokenizer/state';
import type { InsertionMode } from './insertion-mode';
import { TagId } from './tag-id';
import type { TreeBuilder, TreeToken } from './tree-builder';
import { Span } from '../span';

/** Source characters between two checkpoints, at least (by default). */
export const CHECKPOINT_INTERVAL = 4096;
/** No checkpoint is taken while more elements than this are open (its snapshot would be as deep). */
export const MAX_CHECKPOINT_DEPTH = 512;

export class Checkpoint {
  /** The span that begins here: nodes made from here to the next checkpoint belong to it. */
  span: Span;
  /** The source offset of the token boundary, stored relative to the span (see `Located` in dom.ts). */
  private offsetInSpan: number;
  /** How many parse errors had been raised. */
  errorCount: number;
  /** https://html.spec.whatwg.org/multipage/parsing.html#insertion-mode */
  insertionMode: InsertionMode;
  originalInsertionMode: InsertionMode;
  templateInsertionModes: InsertionMode[];
  framesetOk: boolean;
  ignoreNextLineFeed: boolean;
  /** Whether the selectedcontent steps run (a selectedcontent element has been inserted); their state is made again from the tree. */
  selectsActive: boolean;
  headElement: Element | null;
  formElement: Element | null;
  documentMode: DocumentMode;
  /** https://html.spec.whatwg.org/multipage/parsing.html#appropriate-end-tag-token */
  lastStartTagName: string | null;
  openElements: Element[];
  openElementKeys: number[];
  activeFormattingElements: (Element | null)[];
  activeFormattingKeys: number[];
  /**
   * The live nodes, in a fixed order: the document, then each open element
   * (followed by its template contents if it is a template), then the head
   * element if it is not open.
   */
  live: ParentNode[];
  /** The number of children of each live node. */
  childCounts: number[];
  /** For each live node whose last child is a Text node, that text's length; -1 for the others. */
  lastTextLengths: number[];
  /** For each live node whose last child is a Text node, that text's end offset (relative to the span); NaN for the others. */
  private lastTextEndsInSpan: number[];
  /** Each live element's end tag (`</body>` and `</html>` are recorded while their elements stay open); null for the others. */
  endTags: (SourceRange | null)[];
  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#foster-parent
   * The table foster parenting would insert before ("last table", when no
   * template is after it on the stack and it has a parent), or null; the
   * Text node right before it, if any, with its length and end.
   */
  fosterTable: Element | null;
  fosterText: Text | null;
  fosterTextLength: number;
  private fosterTextEndInSpan: number;

  constructor(tb: TreeBuilder, offset: number, span: Span, errorCount: number) {
    this.span = span;
    this.offsetInSpan = offset - span.delta;
    this.errorCount = errorCount;
    this.insertionMode = tb.insertionMode;
    this.originalInsertionMode = tb.originalInsertionMode;
    this.templateInsertionModes = tb.templateInsertionModes.slice();
    this.framesetOk = tb.framesetOk;
    this.ignoreNextLineFeed = tb.ignoreNextLineFeed;
    this.selectsActive = tb.selects !== null;
    this.headElement = tb.headElement;
    this.formElement = tb.formElement;
    this.documentMode = tb.document.mode;
    this.lastStartTagName = tb.tokenizer.lastStartTagName;
    this.openElements = tb.openElements.elements.slice();
    this.openElementKeys = tb.openElements.keys.slice();
    this.activeFormattingElements = tb.activeFormattingElements.entries.slice();
    this.activeFormattingKeys = tb.activeFormattingElements.keys.slice();
    const live = liveNodesOf(tb);
    this.live = live;
    this.childCounts = new Array<number>(live.length);
    this.lastTextLengths = new Array<number>(live.length);
    this.lastTextEndsInSpan = new Array<number>(live.length);
    this.endTags = new Array<SourceRange | null>(live.length);
    for (let i = 0; i < live.length; i++) {
      const node = live[i];
      this.endTags[i] = node.kind === 'element' ? node.endTag : null;
      this.childCounts[i] = node.children.length;
      const text = lastTextChild(node);
      this.lastTextLengths[i] = text === null ? -1 : text.data.length;
      this.lastTextEndsInSpan[i] = text === null ? NaN : text.end - span.delta;
    }
    this.fosterTable = fosterTableOf(tb);
    this.fosterText = this.fosterTable === null ? null : textBefore(this.fosterTable);
    this.fosterTextLength = this.fosterText === null ? -1 : this.fosterText.data.length;
    this.fosterTextEndInSpan = this.fosterText === null ? NaN : this.fosterText.end - span.delta;
  }

  /** The end offset of `fosterText`. */
  fosterTextEnd(): number {
    return this.fosterTextEndInSpan + this.span.delta;
  }

  setFosterText(text: Text | null, length: number, end: number): void {
    this.fosterText = text;
    this.fosterTextLength = text === null ? -1 : length;
    this.fosterTextEndInSpan = text === null ? NaN : end - this.span.delta;
  }

  /** The source offset of the token boundary. */
  get offset(): number {
    return this.offsetInSpan + this.span.delta;
  }

  /** The end offset of live node `i`'s last Text child (when `lastTextLengths[i]` is not -1). */
  lastTextEnd(i: number): number {
    return this.lastTextEndsInSpan[i] + this.span.delta;
  }

  setLastText(i: number, length: number, end: number): void {
    this.lastTextLengths[i] = length;
    this.lastTextEndsInSpan[i] = end - this.span.delta;
  }
}

/** The live nodes of the tree builder's current state, in the checkpoint order. */
export function liveNodesOf(tb: TreeBuilder): ParentNode[] {
  const live: ParentNode[] = [tb.document];
  const elements = tb.openElements.elements;
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i];
    live.push(element);
    if (element.content !== null) live.push(element.content);
  }
  const head = tb.headElement;
  if (head !== null && tb.openElements.indexOfWithKey(head, TagId.Head) < 0) live.push(head);
  return live;
}

/**
 * The table foster parenting would insert before now: the last table on the
 * stack of open elements, when no template is after it and it has a parent.
 * https://html.spec.whatwg.org/multipage/parsing.html#appropriate-place-for-inserting-a-node
 */
export function fosterTableOf(tb: TreeBuilder): Element | null {
  const stack = tb.openElements;
  const lastTable = stack.lastIndexOfKey(TagId.Table);
  if (lastTable < 0 || stack.lastIndexOfKey(TagId.Template) > lastTable) return null;
  const table = stack.elements[lastTable];
  return table.parent === null ? null : table;
}

/** The Text node right before `node` among its parent's children, or null. */
export function textBefore(node: Element): Text | null {
  const children = node.parent!.children;
  const i = children.lastIndexOf(node);
  const before = i > 0 ? children[i - 1] : null;
  return before !== null && before.kind === 'text' ? before : null;
}

/** The last child of `node` if it is a Text node. */
export function lastTextChild(node: ParentNode): Text | null {
  const children = node.children;
  const last = children.length > 0 ? children[children.length - 1] : null;
  return last !== null && last.kind === 'text' ? last : null;
}

/** Whether the parse may take a checkpoint right after `token`. */
export function atCheckpointBoundary(tb: TreeBuilder, token: TreeToken): boolean {
  const tokenizer = tb.tokenizer;
  return (
    token.type !== 'eof' &&
    tokenizer.state === State.Data &&
    tokenizer.pos === token.end &&
    !tokenizer.done &&
    tb.pendingTableCharacterTokens.length === 0 &&
    !tb.stopped &&
    // The selectedcontent steps keep state (the options' selectedness) that a checkpoint does not hold, but can make again from the tree.
    (tb.selects === null || tb.selects.derivable) &&
    tb.openElements.length <= MAX_CHECKPOINT_DEPTH
  );
}

/** Puts the tree builder's own state (not the tree) back to the checkpoint's. */
export function restoreTreeBuilder(tb: TreeBuilder, checkpoint: Checkpoint): void {
  tb.insertionMode = checkpoint.insertionMode;
  tb.originalInsertionMode = checkpoint.originalInsertionMode;
  tb.templateInsertionModes.length = 0;
  tb.templateInsertionModes.push(...checkpoint.templateInsertionModes);
  tb.framesetOk = checkpoint.framesetOk;
  tb.ignoreNextLineFeed = checkpoint.ignoreNextLineFeed;
  // A checkpoint is taken only where the state of the selectedcontent steps is what a new tracker makes from the tree (atCheckpointBoundary).
  tb.selects = checkpoint.selectsActive ? tb.construction.selectedcontentSteps(tb) : null;
  tb.headElement = checkpoint.headElement;
  tb.formElement = checkpoint.formElement;
  tb.document.mode = checkpoint.documentMode;
  tb.openElements.reset(checkpoint.openElements, checkpoint.openElementKeys);
  tb.activeFormattingElements.reset(checkpoint.activeFormattingElements, checkpoint.activeFormattingKeys);
  // The tree is back at the checkpoint: the open selects' state is made from it now.
  tb.selects?.deriveOpenSelects();
}

/**
 * Takes a checkpoint after every token that ends at least
 * `CHECKPOINT_INTERVAL` characters after the previous checkpoint, and opens
 * a new span there. `order` gives each new span its order.
 */
export class CheckpointRecorder {
  readonly checkpoints: Checkpoint[] = [];
  /** Told each new span as it opens. */
  onSpan: ((span: Span) => void) | null = null;
  private nextAt: number;

  constructor(
    private readonly tb: TreeBuilder,
    private readonly errorBase: number,
    from: number,
    private readonly order: (index: number) => number,
    readonly interval: number = CHECKPOINT_INTERVAL,
  ) {
    this.nextAt = from + interval;
  }

  /** Takes a checkpoint at `offset` now (the parse's first, where it starts), opening `span` or a new span. */
  takeAt(offset: number, span: Span = new Span(this.order(this.checkpoints.length))): Checkpoint {
    const tb = this.tb;
    const errorCount = this.errorBase + (tb.errors === null ? 0 : tb.errors.length);
    const checkpoint = new Checkpoint(tb, offset, span, errorCount);
    this.checkpoints.push(checkpoint);
    tb.span = span;
    this.onSpan?.(span);
    this.nextAt = offset + this.interval;
    return checkpoint;
  }

  /**
   * Called after each token: a checkpoint when one is due and the parse is
   * at a boundary. An end tag is preferred, because the fewer elements are
   * open at a checkpoint, the likelier an edit before it syncs there (see
   * incremental/reparse.ts); past half an interval more, any token does.
   */
  afterToken(token: TreeToken): void {
    if (token.end < this.nextAt) return;
    if (token.type !== 'endTag' && token.end < this.nextAt + (this.interval >> 1)) return;
    if (atCheckpointBoundary(this.tb, token)) this.takeAt(token.end);
  }
}
