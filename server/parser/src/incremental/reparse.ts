/**
 * Incremental reparsing: the result of parsing a text after an edit, built
 * from the previous parse by reparsing only the region the edit can change.
 * The result is identical to a full parse of the new text (tree, ranges and
 * errors). It falls back to a full parse only when the scripting flag
 * changed, or on an internal error (a log that does not fit the tree it is
 * undone or replayed on).
 *
 * The method, with C and P the old checkpoints around the edit: each step
 * is a method of `RegionReparse`, and the code's `// Step N.` comments use
 * these numbers.
 *
 * 1. Restore. C is the last checkpoint at or before the edit. Every token
 *    before C was read from text before C, which the edit leaves alone, so
 *    the parse of the new text reaches C in C's state. The tree builder's
 *    state comes back from C's snapshot. The tree comes back in two steps:
 *    first the mutation logs of the spans from the last one back to C's are
 *    undone (tree/mutation-log.ts: every change of the tree but appending a
 *    node just made, such as the adoption agency moving nodes, foster
 *    parenting, text appended to an older Text node, attributes added to
 *    <html> or <body>); then each of C's live nodes is cut back to its child
 *    count at C (and its last Text node to its length at C), which undoes
 *    the appends.
 * 2. Run the parser from C on a window of the new text, taking new
 *    checkpoints on the way.
 * 3. Sync. At each old checkpoint P at or after the edit where the new parse
 *    stops (moved by the edit), the tokens after P are the old ones moved,
 *    so they do what they did, unless a refusal reason holds
 *    (sync-refusals.ts: the states differ, a table other than the foster
 *    parenting table took fostered nodes, …). The first P no reason refuses
 *    is the sync point; the old region's nodes the states name are paired
 *    with their new counterparts (pairing.ts).
 * 4. Reuse. The paired old elements take their counterparts' places; each
 *    live node at P gets back the children appended to it after P (told by
 *    their spans); everything made after P moves with its spans; and the
 *    logs of the spans after P are replayed on the new tree, so that what
 *    the tokens after P changed in place is changed again.
 * 5. Ranges. The ranges of the nodes whose children changed, and of their
 *    ancestors, are made again (ranges.ts).
 * 6. Checkpoints. Those before C, the region's, and the old ones from P on
 *    (remap.ts makes them describe the new tree) are the new parse's.
 *
 * If the parse reaches the end of the input without syncing, the region is
 * everything after C; that is still exact. `ReparseOptions.onExplain` tells
 * where the region ended and which refusal made it go on at each P passed.
 *
 * Invariant: the result equals `parse(newText)`. The property tests check
 * it after every edit of seeded random edit sequences: test/incremental.test.ts
 * (edits that break parsers, on the html5lib inputs and the corpus) and
 * test/incremental-real-edits.test.ts (edits as people make them, on the corpus).
 */
import { computeRanges, type Attribute, type ChildNode, type Element, type Node, type ParentNode, type SourceRange, type Text } from '../dom';
import type { ParseError } from '../errors';
import type { PieceText } from '../piece-text';
import type { Span } from '../span';
import { runTheTokenizer } from '../tokenizer/run';
import { InputExhausted, Tokenizer } from '../tokenizer/tokenizer';
import { CheckpointRecorder, lastTextChild, restoreTreeBuilder, textBefore, type Checkpoint } from '../tree/checkpoint';
import { TREE_CONSTRUCTION } from '../tree/dispatch';
import { logOf, MutationKind, replayLog, undoLog, type ReplayContext } from '../tree/mutation-log';
import { parse, type ParseOptions, type ParseResult } from '../tree/parse';
import { deleteIncrementalState, incrementalStateOf, setIncrementalState, type IncrementalState } from '../tree/state';
import { TreeBuilder, type TreeToken } from '../tree/tree-builder';
import { Pairing } from './pairing';
import { cutOrReparentedExtent, givenBackExtent, olderNodesMovedExtent, remakeChangedRanges } from './ranges';
import { adjustLaterCheckpoints, remapCheckpoint, remapClones, remapLog } from './remap';
import type { ReparseExplanation } from './explain';
import { NO_TOKEN_ENDS_THERE, refusalAt, SyncContext, type RefusalReason } from './sync-refusals';

export type { ReparseExplanation } from './explain';
export type { RefusalReason } from './sync-refusals';

/** Past a window this long, a reparse that runs out of window reads the rest of the text (see `RegionReparse.run`). */
const LAST_GROWN_WINDOW = 262_144;

/** An edit of the parsed text: `deleteCount` characters at `start` replaced by `insertText`. */
export interface TextEdit {
  start: number;
  deleteCount: number;
  insertText: string;
}

export interface ReparseOptions extends ParseOptions {
  /** Told why a reparse fell back to a full parse (for tests and benchmarks). */
  onFallback?: (reason: string) => void;
  /** Throws an internal error instead of falling back to a full parse (for tests). */
  rethrow?: boolean;
  /** Told the size of the reparsed region in characters of the new text, when the reparse was incremental. */
  onRegion?: (start: number, end: number) => void;
  /**
   * Told, when the reparse was incremental, the stretch of the new text whose
   * nodes may differ from the previous parse's: the region, widened to cover
   * every older element that got children back when the region's old logs
   * were undone and that the new parse did not take them from again (the
   * adoption agency algorithm moves children out of a "furthest block" made
   * long before; undone, they are back in it, wherever it starts). What reads
   * the tree again after an edit (the conformance re-check) reads this.
   */
  onChanged?: (start: number, end: number, reattributed: readonly ReattributedElement[]) => void;
  /** Told, when the reparse was incremental, what it reused and why it went on (for the server's trace and the benchmarks). */
  onExplain?: (explanation: ReparseExplanation) => void;
}

/**
 * An element in the changed stretch whose attributes the edit changed (the
 * edit was inside its start tag) and the clones of it made after the
 * stretch, which the parser gave the new attributes (active formatting
 * elements reconstructed in later paragraphs): they are outside the stretch
 * but their attributes changed too.
 */
export interface ReattributedElement {
  readonly element: Element;
  /** Its attributes before the edit. */
  readonly before: readonly Attribute[];
  readonly clones: readonly Element[];
}

/**
 * The parse of `previous`'s text with `edit` applied. `previous` must come
 * from `parse` or `reparse` and is consumed: its tree is reused and changed
 * in place, so it must not be used afterwards.
 */
export function reparse(previous: ParseResult, edit: TextEdit, options: ReparseOptions = {}): ParseResult {
  const state = incrementalStateOf(previous.document);
  const scripting = options.scripting ?? true;
  if (state === undefined) throw new TypeError('reparse: the previous result was not made by parse() or reparse()');
  const oldText = state.text;
  const editStart = clampInteger(edit.start, 0, oldText.length);
  const editEnd = clampInteger(editStart + clampInteger(edit.deleteCount, 0, oldText.length), editStart, oldText.length);
  const insertText = typeof edit.insertText === 'string' ? edit.insertText : '';
  const newText = oldText.edit(editStart, editEnd, insertText);
  let reason: string;
  if (state.scripting !== scripting) reason = 'the scripting flag changed';
  else {
    try {
      return new RegionReparse(previous, state, editStart, editEnd, newText, scripting, options).reparse();
    } catch (error) {
      // The tree may be half restored: a full parse of the new text is still right.
      reason = `internal error: ${(error as Error).message}`;
      if (options.rethrow === true) throw error;
    }
  }
  options.onFallback?.(reason);
  // The previous tree is consumed: let it go before building the new one (two trees of a big document may not fit).
  previous.document.children = [];
  deleteIncrementalState(previous.document);
  return parse(newText.toString(), { scripting, checkpointInterval: state.checkpointInterval });
}

function clampInteger(value: number, min: number, max: number): number {
  if (typeof value !== 'number' || Number.isNaN(value)) return min;
  return Math.max(min, Math.min(max, Math.floor(value)));
}

/** What restoring a node put aside: its state in the old tree. */
interface OldState {
  children: ChildNode[];
  start: number;
  end: number;
  endTag: Element['endTag'];
}

function oldStateOf(node: ParentNode): OldState {
  return { children: node.children, start: node.start, end: node.end, endTag: node.kind === 'element' ? node.endTag : null };
}

/** What a run of the parser over the region left. */
interface RegionRun {
  recorder: CheckpointRecorder;
  regionErrors: ParseError[];
  /** The span order of the region's first span: the new region's nodes have orders from here up. */
  regionStartOrder: number;
  /** The index of the old checkpoint P the run synced with, or -1 when it reached the end. */
  synced: number;
  pairing: Pairing | null;
  /** The old checkpoints the run passed without syncing, with why (window positions). */
  refusals: { at: number; reason: RefusalReason }[];
}

/**
 * One incremental reparse, as the steps of the method at the top of this
 * file: `restore`, `run` (whose tokens ask `sync`), `reuse`, `ranges`,
 * `checkpoints`. Positions are in the old text unless named new.
 */
class RegionReparse {
  private readonly oldCheckpoints: readonly Checkpoint[];
  /** The change in length the edit makes. */
  private readonly lengthChange: number;
  private readonly document: ParseResult['document'];
  /** The mode is set once, in the "initial" insertion mode: by P, or by the tokens after it. */
  private readonly oldDocumentMode: ParseResult['document']['mode'];
  /** C, the checkpoint the reparse starts from, and its index. */
  private restoreIndex = 0;
  private restorePoint!: Checkpoint;
  /** C's offset, where the region starts (in both texts). */
  private regionStart = 0;
  /** What restoring the live nodes at C put aside: their state in the old tree. */
  private readonly oldStates = new Map<ParentNode, OldState>();
  /** The Text nodes at C cut back to their length at C. */
  private readonly restoredTexts: Text[] = [];
  /** The nodes older than C whose children or text undoing the old logs changed. */
  private readonly undone = new Set<Node>();
  /** Every span of the old tree. */
  private readonly oldSpans = new Set<Span>();
  /** The index of the first old checkpoint at or after the edit: the first candidate for P. */
  private firstCandidate = 0;
  /** Where the first candidate stands in the new text (the text's end when there is none). */
  private firstCandidateAt = 0;
  private runResult!: RegionRun;
  private windowRestarts = 0;
  /** P, the old checkpoint the new parse synced with, or null; its offset in the old text (Infinity when none); its span's order. */
  private syncPoint: Checkpoint | null = null;
  private syncOffset = Infinity;
  private reusedOrder = Infinity;
  /** The nodes whose ranges step 5 recomputes. */
  private readonly straddlers = new Set<Node>();
  /** Elements made after P that the replay moved older nodes into (the adoption agency's copies): their ranges reach back past P. */
  private readonly reusedTouched = new Set<Element>();
  /** The nodes the region changed other than by appends (scanned whole for their ranges). */
  private readonly changedByRegion = new Set<Node>();
  /** The old attributes of the elements whose start tag the edit changed and that live on (see `Pairing.reattributable`). */
  private readonly attributesBefore = new Map<Element, Attribute[]>();
  /** Their old start tags ("start:end" in the old text), which errors after P may name as related, and their new ones. */
  private readonly startTagsMoved = new Map<string, SourceRange>();
  /** The clones made after P whose attributes changed with their original's, by original. */
  private readonly recloned = new Map<Element, Element[]>();
  /** The paired old elements' parents before, and those under another parent now (`onChanged` covers them). */
  private readonly parentsBefore = new Map<Node, ParentNode | null>();
  private readonly reparented: Element[] = [];
  private errors: ParseError[] = [];

  constructor(
    private readonly previous: ParseResult,
    private readonly state: IncrementalState,
    /** The edit: [editStart, editEnd) of the old text replaced, giving `newText`. */
    private readonly editStart: number,
    private readonly editEnd: number,
    private readonly newText: PieceText,
    private readonly scripting: boolean,
    private readonly options: ReparseOptions,
  ) {
    this.oldCheckpoints = state.checkpoints;
    this.lengthChange = newText.length - state.text.length;
    this.document = previous.document;
    this.oldDocumentMode = this.document.mode;
  }

  /** The steps, in order. */
  reparse(): ParseResult {
    this.restore();
    this.run();
    this.reuse();
    this.ranges();
    return this.checkpoints();
  }

  // Step 1. Restore: C, the last checkpoint at or before the edit; the tree
  // and the parser state as they were at C.
  private restore(): void {
    const old = this.oldCheckpoints;
    for (let low = 0, high = old.length - 1; low <= high; ) {
      const middle = (low + high) >> 1;
      if (old[middle].offset <= this.editStart) {
        this.restoreIndex = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    this.restorePoint = old[this.restoreIndex];
    this.regionStart = this.restorePoint.offset;
    // Step 1.1. Undo what the tokens after C changed in place in nodes made
    // before their spans (tree/mutation-log.ts), from the last span back. The tree
    // is then the one at C, but for the children appended to C's live nodes
    // since, which `restoreLiveNodes` cuts off. The nodes this changes keep
    // their old ranges until step 5.
    for (let index = old.length - 1; index >= this.restoreIndex; index--) undoLog(old[index].span, this.undone);
    // Step 1.2. Put aside the old state of each live node at C (`restoreLiveNodes`, before each run, cuts them back).
    for (const node of this.restorePoint.live) this.oldStates.set(node, oldStateOf(node));
    // Candidates for P: old checkpoints after C, at or after the end of the edit.
    this.firstCandidate = this.restoreIndex + 1;
    while (this.firstCandidate < old.length && old[this.firstCandidate].offset < this.editEnd) this.firstCandidate++;
    this.firstCandidateAt = this.firstCandidate < old.length ? old[this.firstCandidate].offset + this.lengthChange : this.newText.length;
    for (const checkpoint of old) this.oldSpans.add(checkpoint.span);
    this.oldSpans.add(this.document.span);
  }

  /** Step 1.2. Cuts each live node at C back to its state at C (and the Text node before the foster parenting table). */
  private restoreLiveNodes(): void {
    const restorePoint = this.restorePoint;
    const liveAtC = restorePoint.live;
    this.restoredTexts.length = 0;
    for (let index = 0; index < liveAtC.length; index++) {
      const node = liveAtC[index];
      node.children = this.oldStates.get(node)!.children.slice(0, restorePoint.childCounts[index]);
      if (restorePoint.lastTextLengths[index] >= 0) {
        const text = node.children[node.children.length - 1] as Text;
        this.restoredTexts.push(text);
        text.data = text.data.slice(0, restorePoint.lastTextLengths[index]);
        text.end = restorePoint.lastTextEnd(index);
      }
      if (node.kind === 'element') node.endTag = restorePoint.endTags[index];
    }
    const text = restorePoint.fosterText;
    if (text !== null) {
      this.restoredTexts.push(text);
      text.data = text.data.slice(0, restorePoint.fosterTextLength);
      text.end = restorePoint.fosterTextEnd();
    }
  }

  // Step 2. Run the parser from C on a window of the new text starting at C:
  // the region rarely reaches far, and reading the whole text would copy it
  // (see PieceText). Positions during the run are relative to the window:
  // every span's delta is lowered by C meanwhile.
  private run(): void {
    const base = this.regionStart;
    const interval = this.state.checkpointInterval;
    let windowLength = Math.max(4 * interval, 2 * (this.editEnd - this.editStart + interval) + 4096);
    let attempt: RegionRun | null = null;
    const regionSpans: Span[] = [];
    while (attempt === null) {
      const windowEnd = Math.min(this.newText.length, base + windowLength);
      // A run that ran out of window changed older nodes in place too: undo that first.
      for (let index = regionSpans.length - 1; index >= 0; index--) undoLog(regionSpans[index], null);
      regionSpans.length = 0;
      this.restoreLiveNodes();
      for (const span of this.oldSpans) span.delta -= base;
      try {
        attempt = this.runOnce(this.newText.slice(base, windowEnd), windowEnd < this.newText.length, regionSpans);
      } catch (error) {
        // The window was too short: again with a much longer one, and after
        // that with the rest of the text. A region that does not sync soon
        // often runs to the end of the text, and each attempt starts again
        // from C: growing the window step by step up to a long region would
        // parse most of it twice (a 6 MB region parsed 10 MB); copying the rest
        // of the text once costs a few milliseconds.
        if (!(error instanceof InputExhausted)) throw error;
        windowLength = windowLength >= LAST_GROWN_WINDOW ? Infinity : windowLength * 16;
        this.windowRestarts++;
      } finally {
        for (const span of this.oldSpans) span.delta += base;
      }
    }
    this.runResult = attempt;
    // The new spans were made with delta 0 in window positions: they move with the others.
    for (const checkpoint of attempt.recorder.checkpoints) checkpoint.span.delta += base;
    for (const error of attempt.regionErrors) {
      error.start += base;
      error.end += base;
      if (error.related !== undefined) {
        error.related.start += base;
        error.related.end += base;
      }
    }
    if (attempt.synced >= 0) {
      this.syncPoint = this.oldCheckpoints[attempt.synced];
      this.syncOffset = this.syncPoint.offset;
      this.reusedOrder = this.syncPoint.span.order;
    }
  }

  /**
   * Step 2. One run of the parser from C over `window`, the new text from C on
   * (`partial` when it stops before the end of the text). Stops at the first
   * old checkpoint P at or after the edit where step 3 syncs. `regionSpans`
   * receives the region's spans as they open (to undo their logs if the run
   * must start again).
   */
  private runOnce(window: string, partial: boolean, regionSpans: Span[]): RegionRun {
    const restorePoint = this.restorePoint;
    const old = this.oldCheckpoints;
    const regionErrors: ParseError[] = [];
    // The window is a string of this reparse's own: the nodes must not keep it alive.
    const treeBuilder = new TreeBuilder(window, this.document, regionErrors, { scripting: this.scripting, ownStrings: true }, null, -1, TREE_CONSTRUCTION);
    const tokenizer = new Tokenizer(window, treeBuilder, regionErrors);
    tokenizer.inputIsPartial = partial;
    treeBuilder.tokenizer = tokenizer;
    restoreTreeBuilder(treeBuilder, restorePoint);
    tokenizer.resumeAt(0, restorePoint.lastStartTagName);
    // New spans sit between the spans before C and the ones after it: the order of C - 1 < order < C's.
    const lowOrder = this.restoreIndex === 0 ? -1 : old[this.restoreIndex - 1].span.order;
    const highOrder = restorePoint.span.order;
    const recorder = new CheckpointRecorder(treeBuilder, restorePoint.errorCount, 0, (index) => lowOrder + (highOrder - lowOrder) * (1 - 1 / (index + 2)), this.state.checkpointInterval);
    recorder.onSpan = (span) => regionSpans.push(span);
    const regionStartOrder = recorder.takeAt(0).span.order;
    // The Text nodes the restore may cut back (C's foster text, the live nodes' last children): with those the
    // region appends to, their lengths may differ from the old parse's after C (the refusal `stale-foster-text`).
    const restoredTexts = new Set<Text>();
    if (restorePoint.fosterText !== null) restoredTexts.add(restorePoint.fosterText);
    for (const node of restorePoint.live) {
      const text = lastTextChild(node);
      if (text !== null) restoredTexts.add(text);
    }
    // Decisions the tokenizer makes look a little ahead; near the end of a partial window they may not see far enough.
    const context = new SyncContext(old, restorePoint.span.order, partial ? window.length - 256 : Infinity, restoredTexts, regionSpans);
    const result: RegionRun = { recorder, regionErrors, regionStartOrder, synced: -1, pairing: null, refusals: [] };
    let candidate = this.firstCandidate;
    treeBuilder.afterToken = (token) => {
      const end = token.end;
      // The old checkpoints a token ran across: no token ends there.
      // (Offsets are the window's during the run.)
      for (; candidate < old.length && old[candidate].offset + this.lengthChange < end; candidate++) result.refusals.push({ at: old[candidate].offset + this.lengthChange, reason: NO_TOKEN_ENDS_THERE });
      if (candidate < old.length && old[candidate].offset + this.lengthChange === end) {
        const pairing = this.sync(treeBuilder, token, context, candidate, regionStartOrder, result.refusals);
        if (pairing !== null) {
          result.synced = candidate;
          result.pairing = pairing;
          tokenizer.done = true;
          return;
        }
        candidate++;
      }
      recorder.afterToken(token);
    };
    runTheTokenizer(treeBuilder.tokenizer);
    return result;
  }

  // Step 3. Sync. At an old checkpoint P the new parse stops at (moved by
  // the edit), the tokens after P are the old ones moved, so they do what
  // they did, unless one of the refusal reasons of sync-refusals.ts holds.
  // The pairing of the nodes both regions made, or null (the refusal told).
  private sync(treeBuilder: TreeBuilder, token: TreeToken, context: SyncContext, index: number, regionStartOrder: number, refusals: RegionRun['refusals']): Pairing | null {
    const syncPoint = this.oldCheckpoints[index];
    // The positions of the pairing are the window's during the run (where C's offset reads 0).
    const base = this.regionStart;
    const pairing = new Pairing(this.restorePoint.span.order, regionStartOrder, this.editStart - base, this.editEnd - base, this.lengthChange);
    const reason = refusalAt({ context, treeBuilder, token, index, syncPoint, pairing });
    if (reason === null) return pairing;
    refusals.push({ at: token.end, reason });
    return null;
  }

  // Step 4. Reuse: the old region's nodes that live on after P take the
  // places of their new counterparts; each live node at P gets back the
  // children appended to it after P; everything made after P moves by the
  // change in length; the logs after P are replayed on the new tree.
  private reuse(): void {
    for (const node of this.restorePoint.live) this.straddlers.add(node);
    for (const text of this.restoredTexts) this.straddlers.add(text);
    for (const node of this.undone) if (node.span.order < this.restorePoint.span.order) this.straddlers.add(node);
    const tails = this.tailsAfterSync();
    if (this.runResult.pairing !== null) this.pairOldNodes(this.runResult.pairing);
    this.regionRanges();
    this.errors = this.previous.errors.slice(0, this.restorePoint.errorCount);
    for (const error of this.runResult.regionErrors) this.errors.push(error);
    if (this.syncPoint !== null) this.reuseAfterSync(this.syncPoint, tails);
  }

  /** Step 4.1. The children each live node at P had appended after P (in the old tree, with the logs undone): a suffix of its children, told by their spans. */
  private tailsAfterSync(): Map<ParentNode, ChildNode[]> {
    const tails = new Map<ParentNode, ChildNode[]>();
    if (this.syncPoint === null) return tails;
    for (const node of this.syncPoint.live) {
      const children = this.oldStates.get(node)?.children ?? node.children;
      let from = children.length;
      while (from > 0 && children[from - 1].span.order >= this.reusedOrder) from--;
      tails.set(node, from === children.length ? [] : children.slice(from));
    }
    return tails;
  }

  /** Step 4.2. The old region's nodes that live on after P take the place of their new counterparts. */
  private pairOldNodes(pairing: Pairing): void {
    const pairs = [...pairing.oldToNew].filter(([oldNode, newNode]) => oldNode !== newNode) as [ParentNode, ParentNode][];
    for (const [oldNode, newNode] of pairs) {
      this.oldStates.set(oldNode, oldStateOf(oldNode));
      this.straddlers.add(oldNode);
      oldNode.children = newNode.children;
      for (const child of oldNode.children) child.parent = oldNode as Element;
      newNode.children = [];
      // (Read before the span changes: the old start tag's range is stored relative to it.)
      if (oldNode.kind === 'element' && oldNode.cloneOf === null && oldNode.startTag !== null && pairing.reattributed.has(oldNode)) {
        this.startTagsMoved.set(`${oldNode.startTag.start}:${oldNode.startTag.end}`, (newNode as Element).startTag!);
      }
      oldNode.span = newNode.span;
      oldNode.start = newNode.start;
      oldNode.end = newNode.end;
      if (oldNode.kind === 'element') this.takeElementPlace(oldNode, newNode as Element, pairing);
    }
    for (const [oldNode] of pairs) {
      if (oldNode.kind === 'element') {
        if (oldNode.parent !== null) oldNode.parent = pairing.final(oldNode.parent);
        // Under another parent than before (an element the region made, <form> typed above it): what the reused
        // part below it is inside changed.
        if (oldNode.parent !== this.parentsBefore.get(oldNode)) this.reparented.push(oldNode);
        if (oldNode.cloneOf !== null) oldNode.cloneOf = pairing.final(oldNode.cloneOf);
      }
    }
    for (const checkpoint of this.runResult.recorder.checkpoints) {
      remapCheckpoint(checkpoint, pairing);
      remapLog(checkpoint.span, pairing);
    }
  }

  /** Step 4.2. An old element takes a new one's attributes (when the edit changed them), tags, place among its siblings and in its span's clones. */
  private takeElementPlace(oldElement: Element, newElement: Element, pairing: Pairing): void {
    // Attributes the edit changed are the new ones (the clones made after P follow in `recloneAfterSync`).
    if (pairing.reattributed.has(oldElement)) {
      if (oldElement.cloneOf === null) this.attributesBefore.set(oldElement, oldElement.attributes);
      oldElement.attributes = newElement.attributes;
    }
    // Else keep the attribute objects: the copies in clones read their source.
    else for (let index = 0; index < oldElement.attributes.length; index++) oldElement.attributes[index].takeSourceOf(newElement.attributes[index]);
    oldElement.startTag = newElement.startTag;
    oldElement.endTag = newElement.endTag;
    oldElement.cloneOf = newElement.cloneOf;
    // A clone is listed by its span (see Span.clones): the old one stands there for the new one now.
    if (newElement.cloneOf !== null) {
      const clones = oldElement.span.clones as Element[] | null;
      const at = clones === null ? -1 : clones.lastIndexOf(newElement);
      if (at >= 0) clones![at] = oldElement;
    }
    this.parentsBefore.set(oldElement, oldElement.parent);
    oldElement.parent = newElement.parent;
    if (newElement.parent !== null) {
      const siblings = newElement.parent.children;
      siblings[siblings.lastIndexOf(newElement)] = oldElement;
    }
  }

  /**
   * Step 4.3. The ranges of the region's top-level nodes, before anything
   * from after P comes back: each live node's children after its count at C,
   * and the nodes the region inserted before another child (foster
   * parenting). (A parent the region changed other than by appends is
   * scanned whole.)
   */
  private regionRanges(): void {
    const { recorder, regionStartOrder, pairing } = this.runResult;
    for (const checkpoint of recorder.checkpoints) {
      for (const mutation of logOf(checkpoint.span) ?? []) {
        if (mutation.parent !== null) this.changedByRegion.add(mutation.parent);
        if (mutation.kind === MutationKind.MoveChildren || mutation.kind === MutationKind.Append || mutation.kind === MutationKind.AppendToCopy) this.changedByRegion.add(mutation.child!);
        if (mutation.before !== null && mutation.before.parent !== null) this.changedByRegion.add(mutation.before.parent);
        // What the region changed in place in older nodes.
        for (const node of [mutation.parent, mutation.child, mutation.before]) if (node !== null && node.span.order < regionStartOrder) this.straddlers.add(node);
      }
    }
    const regionRoots = new Set<ChildNode>();
    const addRegionChildren = (parent: ParentNode, from: number): void => {
      const children = parent.children;
      for (let index = from; index < children.length; index++) if (children[index].span.order >= regionStartOrder) regionRoots.add(children[index]);
    };
    const liveAtC = this.restorePoint.live;
    for (let index = 0; index < liveAtC.length; index++) if (!this.changedByRegion.has(liveAtC[index])) addRegionChildren(liveAtC[index], this.restorePoint.childCounts[index]);
    for (const node of this.changedByRegion) {
      if (node.kind === 'element' || node.kind === 'document' || node.kind === 'fragment') {
        if (node.span.order < regionStartOrder) addRegionChildren(node, 0);
      }
    }
    for (const root of regionRoots) {
      if (root.kind !== 'element') continue;
      // Copies made in the region of an element that is now an old node point at it.
      if (pairing !== null) remapClones(root, pairing);
      computeRanges(root);
    }
  }

  /** Moves a range from after the sync point: after the edit it moves by the change in length, before it it stays. */
  private shiftRange(range: { start: number; end: number }): void {
    if (range.start >= this.editEnd) {
      range.start += this.lengthChange;
      range.end += this.lengthChange;
    } else if (range.end > this.editStart) throw new Error('a range after the sync point overlaps the edited text');
  }

  /** Step 4.4. Reuse the old tree after P: each live node gets back its children made after P, moved. */
  private reuseAfterSync(syncPoint: Checkpoint, tails: Map<ParentNode, ChildNode[]>): void {
    const old = this.oldCheckpoints;
    const synced = this.runResult.synced;
    const fosterTable = syncPoint.fosterTable;
    // The Text node right before P's table in the new tree, as it is at P (before the replay appends to it).
    const newFosterText = fosterTable === null ? null : textBefore(fosterTable);
    const newFoster = { text: newFosterText, length: newFosterText === null ? -1 : newFosterText.data.length, end: newFosterText === null ? 0 : newFosterText.end };
    const live = syncPoint.live;
    const newCounts = new Array<number>(live.length);
    const newEndTags = new Array<SourceRange | null>(live.length);
    /** The length and end of each live node's last child at P in the new tree, when a Text node (-1 and 0 for the others). */
    const newTextLengths = new Array<number>(live.length);
    const newTextEnds = new Array<number>(live.length);
    const newTexts = new Array<Text | null>(live.length);
    const shifts = new Map<ParentNode, number>();
    for (let index = 0; index < live.length; index++) {
      const node = live[index];
      newCounts[index] = node.children.length;
      const text = lastTextChild(node);
      newTextLengths[index] = text === null ? -1 : text.data.length;
      newTextEnds[index] = text === null ? 0 : text.end;
      newTexts[index] = text;
      newEndTags[index] = node.kind === 'element' ? node.endTag : null;
      if (newCounts[index] !== syncPoint.childCounts[index]) shifts.set(node, newCounts[index] - syncPoint.childCounts[index]);
    }
    for (const node of live) {
      const saved = this.oldStates.get(node);
      if (saved === undefined) throw new Error('a live node at the sync point has no old state');
      // OPTIMIZATION: one new array of the final size; pushing a long tail
      // (a parent with thousands of children) grew the array several times.
      const tail = tails.get(node)!;
      if (tail.length > 0) node.children = node.children.length === 0 ? tail : node.children.concat(tail);
      // An end tag the tokens after P recorded (the last one recorded wins).
      const endTag = saved.endTag;
      if (node.kind === 'element' && endTag !== null && endTag.start >= this.syncOffset) node.endTag = endTag;
    }
    this.carryErrorsAfterSync(syncPoint);
    this.moveLaterSpans();
    this.recloneAfterSync();
    // What the tokens after P changed in place, done again on the new tree.
    const replayed = new Set<Node>();
    const movedInto = new Set<ParentNode>();
    const context: ReplayContext = { final: (node) => node, shifts, touched: replayed, movedInto };
    adjustLaterCheckpoints(old, synced, newTexts, newTextLengths, newTextEnds, newEndTags, this.restorePoint.errorCount + this.runResult.regionErrors.length - syncPoint.errorCount);
    for (let index = synced; index < old.length; index++) {
      // The child counts at each later checkpoint differ as the children the nodes had at P do then.
      const checkpoint = old[index];
      if (shifts.size > 0) {
        for (let at = 0; at < checkpoint.live.length; at++) {
          const shift = shifts.get(checkpoint.live[at]);
          if (shift !== undefined) checkpoint.childCounts[at] += shift;
        }
      }
      replayLog(checkpoint.span, context);
    }
    for (const node of replayed) if (node.span.order < this.reusedOrder) this.straddlers.add(node);
    // A node made after P that older nodes were moved into covers them where they are, not moved.
    for (const node of movedInto) if (node.span.order >= this.reusedOrder && node.kind === 'element') this.reusedTouched.add(node);
    this.carryFosterText(syncPoint, newFoster);
    this.document.mode = this.oldDocumentMode;
  }

  /** Step 4.4. The old errors after P, moved (an error after P may name the start tag of an element the edit changed). */
  private carryErrorsAfterSync(syncPoint: Checkpoint): void {
    const oldErrors = this.previous.errors;
    for (let index = syncPoint.errorCount; index < oldErrors.length; index++) {
      const error = oldErrors[index];
      this.shiftRange(error);
      if (error.related !== undefined) {
        const moved = error.related.start < this.editStart && error.related.end > this.editStart ? this.startTagsMoved.get(`${error.related.start}:${error.related.end}`) : undefined;
        if (moved !== undefined) {
          error.related.start = moved.start;
          error.related.end = moved.end;
        } else this.shiftRange(error.related);
      }
      this.errors.push(error);
    }
  }

  /** Step 4.4. Everything made after P moves by the change in length: its spans do. */
  private moveLaterSpans(): void {
    if (this.lengthChange === 0) return;
    const old = this.oldCheckpoints;
    // A checkpoint's text ends are stored relative to its span, but the
    // Text node may end before the edit (made long before): such an end stays.
    const kept: [Checkpoint, number, number][] = [];
    for (let index = this.runResult.synced; index < old.length; index++) {
      const checkpoint = old[index];
      if (checkpoint.fosterText !== null && checkpoint.fosterTextEnd() <= this.editStart) kept.push([checkpoint, -1, checkpoint.fosterTextEnd()]);
      for (let at = 0; at < checkpoint.live.length; at++) if (checkpoint.lastTextLengths[at] >= 0 && checkpoint.lastTextEnd(at) <= this.editStart) kept.push([checkpoint, at, checkpoint.lastTextEnd(at)]);
    }
    for (let index = this.runResult.synced; index < old.length; index++) old[index].span.delta += this.lengthChange;
    for (const [checkpoint, at, end] of kept) {
      if (at < 0) checkpoint.setFosterText(checkpoint.fosterText, checkpoint.fosterTextLength, end);
      else checkpoint.setLastText(at, checkpoint.lastTextLengths[at], end);
    }
  }

  /**
   * Step 4.4. The clones made after P of an element whose attributes the edit
   * changed: "create an element for the token for which the element entry
   * was created" (https://html.spec.whatwg.org/multipage/parsing.html#reconstruct-the-active-formatting-elements),
   * whose attributes are now the new ones.
   */
  private recloneAfterSync(): void {
    if (this.attributesBefore.size === 0) return;
    const old = this.oldCheckpoints;
    for (let index = this.runResult.synced; index < old.length; index++) {
      const clones = old[index].span.clones as Element[] | null;
      if (clones === null) continue;
      for (const clone of clones) {
        const original = clone.cloneOf!;
        if (!this.attributesBefore.has(original)) continue;
        clone.attributes = original.attributes.map((attribute) => attribute.copy());
        const list = this.recloned.get(original);
        if (list === undefined) this.recloned.set(original, [clone]);
        else list.push(clone);
      }
    }
  }

  /** Step 4.4. While the Text node before P's table is still the one it had at P, it is the new tree's (`newFoster`: that node, its length and end at P). */
  private carryFosterText(syncPoint: Checkpoint, newFoster: { text: Text | null; length: number; end: number }): void {
    const old = this.oldCheckpoints;
    const { text: newFosterText, length: newFosterTextLength, end: newFosterTextEnd } = newFoster;
    const oldFosterText = syncPoint.fosterText;
    if (oldFosterText !== null) {
      const oldLength = syncPoint.fosterTextLength;
      for (let index = this.runResult.synced; index < old.length; index++) {
        const checkpoint = old[index];
        // (Not only the checkpoints right after P: a nested table may come between.)
        if (checkpoint.fosterText !== oldFosterText) continue;
        if (newFosterText === null) checkpoint.setFosterText(null, -1, 0);
        else if (checkpoint.fosterTextLength === oldLength) checkpoint.setFosterText(newFosterText, newFosterTextLength, newFosterTextEnd);
        // Text was appended to it after P: it ends where that text does, moved.
        else checkpoint.setFosterText(newFosterText, checkpoint.fosterTextLength + newFosterTextLength - oldLength, checkpoint.fosterTextEnd());
      }
    } else if (newFosterText !== null) {
      // No Text node was right before P's table in the old parse, and there is
      // one in the new: the states matched only because the tokens after P
      // foster parent nothing before that table (the refusal
      // `foster-text-differs`), so at every later checkpoint with that table
      // the node right before it is this Text node.
      for (let index = this.runResult.synced; index < old.length; index++) {
        const checkpoint = old[index];
        if (checkpoint.fosterTable === syncPoint.fosterTable && checkpoint.fosterText === null) checkpoint.setFosterText(newFosterText, newFosterTextLength, newFosterTextEnd);
      }
    }
  }

  // Step 5. Ranges: the ranges of the nodes whose children changed and of
  // their ancestors (ranges.ts).
  private ranges(): void {
    remakeChangedRanges({
      straddlers: this.straddlers,
      reusedTouched: this.reusedTouched,
      changedByRegion: this.changedByRegion,
      oldStates: this.oldStates,
      regionStart: this.regionStart,
      regionStartOrder: this.runResult.regionStartOrder,
      reusedOrder: this.reusedOrder,
      syncOffset: this.syncOffset,
      lengthChange: this.lengthChange,
    });
    this.document.start = 0;
    this.document.end = this.newText.length;
  }

  // Step 6. Checkpoints: before C, the region's, then the old ones from P,
  // moved; the spans renumbered 0, 1, 2, … Then the callers are told.
  private checkpoints(): ParseResult {
    const old = this.oldCheckpoints;
    const { recorder, synced } = this.runResult;
    const checkpoints = old.slice(0, this.restoreIndex);
    for (const checkpoint of recorder.checkpoints) checkpoints.push(checkpoint);
    if (this.syncPoint !== null) for (let index = synced; index < old.length; index++) checkpoints.push(old[index]);
    for (let index = 0; index < checkpoints.length; index++) checkpoints[index].span.order = index;
    setIncrementalState(this.document, { text: this.newText, scripting: this.scripting, checkpointInterval: this.state.checkpointInterval, checkpoints });
    const regionStart = this.regionStart;
    const regionEnd = this.syncPoint === null ? this.newText.length : this.syncOffset + this.lengthChange;
    const options = this.options;
    options.onRegion?.(regionStart, regionEnd);
    if (options.onChanged !== undefined) {
      const [low, high] = givenBackExtent(old, this.restoreIndex, this.syncPoint === null ? old.length : synced);
      const [movedLow, movedHigh] = olderNodesMovedExtent(recorder.checkpoints, this.runResult.regionStartOrder);
      const [cutLow, reparentedHigh] = cutOrReparentedExtent(this.restorePoint, this.reparented);
      const changed: ReattributedElement[] = [];
      for (const [element, before] of this.attributesBefore) changed.push({ element, before, clones: this.recloned.get(element) ?? [] });
      options.onChanged(Math.min(regionStart, low, movedLow, cutLow), Math.max(regionEnd, high, movedHigh, reparentedHigh), changed);
    }
    options.onExplain?.(this.explanation(regionEnd));
    return { document: this.document, errors: this.errors };
  }

  /** What this reparse reused and why it went on (see `ReparseExplanation`). */
  private explanation(regionEnd: number): ReparseExplanation {
    const regionStart = this.regionStart;
    const refusals = this.runResult.refusals.map(({ at, reason }) => ({ at: at + regionStart, reason, bytes: 0 }));
    for (let index = 0; index < refusals.length; index++) refusals[index].bytes = (index + 1 < refusals.length ? refusals[index + 1].at : regionEnd) - refusals[index].at;
    return {
      regionStart,
      firstCandidate: Math.min(this.firstCandidateAt, regionEnd),
      regionEnd,
      synced: this.syncPoint !== null,
      reusedLength: this.newText.length - regionEnd,
      reusedCheckpoints: this.syncPoint === null ? 0 : this.oldCheckpoints.length - this.runResult.synced,
      pairedElements: this.runResult.pairing === null ? 0 : [...this.runResult.pairing.oldToNew].filter(([oldNode, newNode]) => oldNode !== newNode).length,
      refusals,
      windowRestarts: this.windowRestarts,
    };
  }

}
