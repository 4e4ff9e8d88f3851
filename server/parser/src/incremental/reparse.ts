/**
 * Incremental reparsing: the result of parsing a text after an edit, built
 * from the previous parse by reparsing only the region the edit can change.
 * The result is identical to a full parse of the new text (tree, ranges and
 * errors). It falls back to a full parse only when the scripting flag
 * changed, or on an internal error (a log that does not fit the tree it is
 * undone or replayed on). Once a selectedcontent element exists, the old
 * tree is not reused across an option's end (see `MutationKind.Mirror`).
 *
 * The method, with C, P the old checkpoints around the edit [a, b) and d the
 * change in length:
 *
 * 1. Restore. C is the last checkpoint at or before a. Every token before C
 *    was read from text before C, which the edit leaves alone, so the parse
 *    of the new text reaches C in C's state. The tree builder's state comes
 *    back from C's snapshot. The tree comes back in two steps: first the
 *    mutation logs of the spans from the last one back to C's are undone
 *    (tree/mutation-log.ts: every change of the tree but appending a node just
 *    made, such as the adoption agency moving nodes, foster parenting, text
 *    appended to an older Text node, attributes added to <html> or <body>);
 *    then each of C's live nodes is cut back to its child count at C (and
 *    its last Text node to its length at C), which undoes the appends.
 * 2. Reparse from C on a window of the new text, taking new checkpoints on
 *    the way.
 * 3. Sync. At the first old checkpoint P at or after b whose offset (plus d)
 *    the new parse stops at, compare the states: the same insertion modes,
 *    flags and pointers; the same open elements, active formatting elements,
 *    live nodes and foster parenting table, where an element both regions
 *    made is paired with its counterpart (same name, attributes and source
 *    moved by the edit); the same live nodes ending in a Text node, and the
 *    same Text node or none before the foster parenting table when the
 *    tokens after P insert before it. The tokens after P are the old ones
 *    moved by d, and they meet the same state, so they do what they did —
 *    to the nodes the state names, which the logs after P must name too
 *    (every node they name that the old region made is paired).
 * 4. Reuse. The paired old elements take their counterparts' places; each
 *    live node at P gets back the children appended to it after P (told by
 *    their spans); everything made after P moves by d with its spans; and
 *    the logs of the spans after P are replayed on the new tree, so that
 *    what the tokens after P changed in place is changed again.
 *
 * If the parse reaches the end of the input without syncing, the region is
 * everything after C; that is still exact.
 *
 * Invariant: the result equals `parse(newText)`. The property tests check
 * it after every edit of seeded random edit sequences: test/incremental.test.ts
 * (edits that break parsers, on the html5lib inputs and the corpus) and
 * test/incremental-real-edits.test.ts (edits as people make them, on the corpus).
 */
import { computeRanges, sameTagSource, type Attribute, type ChildNode, type Element, type Node, type ParentNode, type SourceRange, type Text } from '../dom';
import type { ParseError } from '../errors';
import { runTheTokenizer } from '../tokenizer/run';
import { TREE_CONSTRUCTION } from '../tree/dispatch';
import { InputExhausted, Tokenizer } from '../tokenizer/tokenizer';
import { parse, type ParseOptions, type ParseResult } from '../tree/parse';
import { TreeBuilder } from '../tree/tree-builder';
import { atCheckpointBoundary, CheckpointRecorder, fosterTableOf, lastTextChild, liveNodesOf, restoreTreeBuilder, textBefore, type Checkpoint } from '../tree/checkpoint';
import { PieceText } from '../piece-text';
import { logOf, MutationKind, replayLog, undoLog, type ReplayContext } from '../tree/mutation-log';
import type { Span } from '../span';
import { patchOf } from '../tree/template-for';
import { deleteIncrementalState, incrementalStateOf, setIncrementalState, type IncrementalState } from '../tree/state';

/**
 * The HTML elements whose attributes the tree construction reads once they
 * are made (see `Pairing.reattributable`): an edit of their attributes is
 * not a change that can be carried to the parse after the sync point.
 */
const ATTRIBUTES_READ_BY_THE_PARSER = new Set(['html', 'body', 'template', 'select', 'option', 'optgroup', 'selectedcontent', 'button']);

/** Past a window this long, a reparse that runs out of window reads the rest of the text (see `reparseRegion`). */
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
  const a = clampInteger(edit.start, 0, oldText.length);
  const b = clampInteger(a + clampInteger(edit.deleteCount, 0, oldText.length), a, oldText.length);
  const insertText = typeof edit.insertText === 'string' ? edit.insertText : '';
  const newText = oldText.edit(a, b, insertText);
  let reason: string;
  if (state.scripting !== scripting) reason = 'the scripting flag changed';
  else {
    try {
      return reparseRegion(previous, state, a, b, newText, scripting, options);
    } catch (e) {
      // The tree may be half restored: a full parse of the new text is still right.
      reason = `internal error: ${(e as Error).message}`;
      if (options.rethrow === true) throw e;
    }
  }
  options.onFallback?.(reason);
  // The previous tree is consumed: let it go before building the new one (two trees of a big document may not fit).
  previous.document.children = [];
  deleteIncrementalState(previous.document);
  return parse(newText.toString(), { scripting, checkpointInterval: state.checkpointInterval });
}

function clampInteger(n: number, min: number, max: number): number {
  if (typeof n !== 'number' || Number.isNaN(n)) return min;
  return Math.max(min, Math.min(max, Math.floor(n)));
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

/**
 * Where the old region's nodes live on after a sync: pairs of an old node
 * (made in the old region and still reachable from after P) and the new
 * node that plays its part in the new parse.
 */
class Pairing {
  readonly oldToNew = new Map<Node, Node>();
  readonly newToOld = new Map<Node, Node>();
  /**
   * The old elements paired although their attributes differ from their
   * counterparts': an element whose start tag the edit is inside (typing
   * an attribute), and the clones of such an element. They take their
   * counterparts' attributes (see `reattributable`).
   */
  readonly reattributed = new Set<Element>();

  constructor(
    /** Nodes of the old region have orders from here up (older ones below). */
    private readonly oldRegionOrder: number,
    /** Nodes of the new region have orders from here up. */
    private readonly newRegionOrder: number,
    private readonly a: number,
    private readonly b: number,
    private readonly d: number,
  ) {}

  /** Whether old position `p`, where something starts, became new position `q`. */
  private samePosition(p: number, q: number): boolean {
    if (p >= this.b) return q === p + this.d;
    if (p < this.a) return q === p;
    return false;
  }

  /** Whether old range `x` became new range `y`: after the edit it moved, before it it stayed. */
  private sameRange(x: { start: number; end: number } | null, y: { start: number; end: number } | null): boolean {
    if (x === null || y === null) return x === y;
    if (x.start >= this.b) return y.start === x.start + this.d && y.end === x.end + this.d;
    if (x.end <= this.a) return y.start === x.start && y.end === x.end;
    return false;
  }

  /**
   * Whether old node `o` (from the old parse at P) and new node `n` (from the
   * new parse at P') are the same: the same object made before the region,
   * or two nodes made by the same markup in the two regions (same name,
   * attributes, source ranges moved by the edit, and copies of the same
   * element). Pairs them.
   */
  match(o: Node | null, n: Node | null): boolean {
    if (o === null || n === null) return o === n;
    if (o === n) return o.kind === 'document' || o.span.order < this.oldRegionOrder;
    if (o.span.order < this.oldRegionOrder || n.span.order < this.newRegionOrder) return false;
    const paired = this.oldToNew.get(o);
    if (paired !== undefined) return paired === n;
    if (this.newToOld.has(n) || o.kind !== n.kind) return false;
    if (o.kind === 'element') {
      const m = n as Element;
      if (o.name !== m.name || o.namespace !== m.namespace) return false;
      if (!this.sameTagAndAttributes(o, m)) {
        if (!this.reattributable(o, m)) return false;
        this.reattributed.add(o);
      }
      this.pair(o, n);
      if (!this.match(o.cloneOf, m.cloneOf)) return false;
      if (o.cloneOf !== null) {
        // A clone's attributes differ from its counterpart's only as their originals' do; and
        // the clone of an original that takes new attributes takes them too (its copies read the old ones' source).
        if (this.reattributed.has(o.cloneOf)) this.reattributed.add(o);
        else if (this.reattributed.has(o)) return false;
      }
      return true;
    }
    if (o.kind === 'fragment') {
      this.pair(o, n);
      return this.match(o.host, (n as typeof o).host);
    }
    return false;
  }

  /** Whether old element `o` and new element `m` come from the same markup: the same start tag (or place, for a clone) and attributes, moved by the edit. */
  private sameTagAndAttributes(o: Element, m: Element): boolean {
    if (o.attributes.length !== m.attributes.length) return false;
    if (!this.sameRange(o.startTag, m.startTag)) return false;
    if (o.startTag === null && !this.samePosition(o.start, m.start)) return false;
    for (let i = 0; i < o.attributes.length; i++) {
      const x = o.attributes[i];
      const y = m.attributes[i];
      if (x.name !== y.name || x.value !== y.value || x.namespace !== y.namespace || x.prefix !== y.prefix || !this.sameRange(x, y)) return false;
    }
    return true;
  }

  /**
   * Whether old element `o` can stand for new element `m` although their
   * attributes differ: start tags that begin at the same place before the
   * edit (the edit is in the tag, or changed where it ends: a `>` or a
   * quote typed), or two clones made at the same place (whose originals
   * must be such a pair). The parse after the
   * sync point does not read these attributes, except through the clones
   * made of the element, which the reuse gives the new ones, and the Noah's
   * Ark clause, which `runRegion` rules out: an HTML element other than
   * those whose attributes the tree construction reads (`<html>` and
   * `<body>` take a later start tag's missing attributes; the selectedness
   * of a select's options reads `selected`, `multiple`, `size`,
   * `disabled`; a template's `for` and `shadowrootmode` are read as its
   * token is).
   */
  private reattributable(o: Element, m: Element): boolean {
    if (o.namespace !== 'html' || ATTRIBUTES_READ_BY_THE_PARSER.has(o.name)) return false;
    const x = o.startTag;
    const y = m.startTag;
    if (x === null || y === null) return x === y && o.cloneOf !== null && m.cloneOf !== null && this.samePosition(o.start, m.start);
    return o.cloneOf === null && m.cloneOf === null && x.start < this.a && y.start === x.start;
  }

  private pair(o: Node, n: Node): void {
    this.oldToNew.set(o, n);
    this.newToOld.set(n, o);
  }

  /** The node of the final tree for a node of the new parse. */
  final<T extends Node>(n: T): T {
    return (this.newToOld.get(n) as T | undefined) ?? n;
  }
}

/** What a run of the parser over the region left. */
interface RegionRun {
  recorder: CheckpointRecorder;
  regionErrors: ParseError[];
  regionStartOrder: number;
  /** The index of the old checkpoint P the run synced with, or -1 when it reached the end. */
  synced: number;
  pairing: Pairing | null;
}

/**
 * Runs the parser from checkpoint C over `window`, the new text from C on
 * (`partial` when it stops before the end of the text). Positions here are
 * relative to the window. Stops at the first old checkpoint P at or after
 * the edit where the states agree. `spans` receives the region's spans as
 * they open (to undo their logs if the run must start again).
 */
function runRegion(
  document: ParseResult['document'],
  window: string,
  partial: boolean,
  scripting: boolean,
  C: Checkpoint,
  old: readonly Checkpoint[],
  firstCandidate: number,
  lowOrder: number,
  highOrder: number,
  interval: number,
  a: number,
  b: number,
  d: number,
  spans: Span[],
): RegionRun {
  const regionErrors: ParseError[] = [];
  // The window is a string of this reparse's own: the nodes must not keep it alive.
  const tb = new TreeBuilder(window, document, regionErrors, { scripting, ownStrings: true }, null, -1, TREE_CONSTRUCTION);
  const tokenizer = new Tokenizer(window, tb, regionErrors);
  tokenizer.inputIsPartial = partial;
  tb.tokenizer = tokenizer;
  // The Text nodes the restore may cut back (C's foster text, the live nodes' last children): with those the
  // region appends to, their lengths may differ from the old parse's after C (see `staleFosterText`).
  const restoredTexts = new Set<Text>();
  if (C.fosterText !== null) restoredTexts.add(C.fosterText);
  for (const node of C.live) {
    const text = lastTextChild(node);
    if (text !== null) restoredTexts.add(text);
  }
  restoreTreeBuilder(tb, C);
  tokenizer.resumeAt(0, C.lastStartTagName);
  const recorder = new CheckpointRecorder(tb, C.errorCount, 0, (index) => lowOrder + (highOrder - lowOrder) * (1 - 1 / (index + 2)), interval);
  recorder.onSpan = (span) => spans.push(span);
  const regionStartOrder = recorder.takeAt(0).span.order;
  // Decisions the tokenizer makes look a little ahead; near the end of a partial window they may not see far enough.
  const lastSync = partial ? window.length - 256 : Infinity;
  let j = firstCandidate;
  let synced = -1;
  let pairing: Pairing | null = null;
  // A <template for> after P looked for markers in the whole tree, which the
  // edit may have changed (a marker added, removed or renamed): the parse is
  // not reused from before the last one (see tree/template-for.ts).
  let lastTemplateFor = -1;
  for (let k = old.length - 1; k >= 0; k--) {
    if (old[k].span.templateFor) {
      lastTemplateFor = k;
      break;
    }
  }
  // For each tag name, the last old span in which the Noah's Ark clause
  // compared attributes of elements of that name: a pairing that changes the
  // attributes of such an element is not reused from before it (see Span.ark).
  // Made when first needed.
  let lastArk: Map<string, number> | null = null;
  const arkAfter = (j: number, pairing: Pairing): boolean => {
    if (lastArk === null) {
      lastArk = new Map();
      for (let k = 0; k < old.length; k++) for (const name of old[k].span.ark ?? []) lastArk.set(name, k);
    }
    for (const element of pairing.reattributed) if ((lastArk.get(element.name) ?? -1) >= j) return true;
    return false;
  };
  tb.afterToken = (token) => {
    const end = token.end;
    while (j < old.length && old[j].offset + d < end) j++;
    if (j < old.length && j > lastTemplateFor && old[j].offset + d === end && end <= lastSync && atCheckpointBoundary(tb, token)) {
      const P = old[j];
      const candidate = new Pairing(C.span.order, regionStartOrder, a, b, d);
      const fostering = fosteringAfter(old, j, P);
      if (
        !fostering.outerTable &&
        sameState(tb, P, candidate, fostering.fosterTable) &&
        !staleFosterText(tb, P, old, j, restoredTexts, spans) &&
        (candidate.reattributed.size === 0 || (tb.selects === null && !P.selectsActive && !arkAfter(j, candidate))) &&
        logsFit(old, j, C.span.order, candidate)
      ) {
        synced = j;
        pairing = candidate;
        tokenizer.done = true;
        return;
      }
      j++;
    }
    recorder.afterToken(token);
  };
  runTheTokenizer(tokenizer);
  // The new spans were made with delta 0 in window positions; the caller moves them with the others.
  return { recorder, regionErrors, regionStartOrder, synced, pairing };
}

function reparseRegion(
  previous: ParseResult,
  state: IncrementalState,
  a: number,
  b: number,
  newText: PieceText,
  scripting: boolean,
  options: ReparseOptions,
): ParseResult {
  const old = state.checkpoints;
  const d = newText.length - state.text.length;
  // Step 1. C: the last checkpoint at or before the edit.
  let kC = 0;
  for (let lo = 0, hi = old.length - 1; lo <= hi; ) {
    const mid = (lo + hi) >> 1;
    if (old[mid].offset <= a) {
      kC = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const C = old[kC];
  const base = C.offset;
  const document = previous.document;
  const oldErrors = previous.errors;
  // The mode is set once, in the "initial" insertion mode: by P, or by the tokens after it.
  const oldDocumentMode = document.mode;

  // Step 1.1. Undo what the tokens after C changed in place in nodes made
  // before their spans (tree/mutation-log.ts), from the last span back. The tree
  // is then the one at C, but for the children appended to C's live nodes
  // since, which the restore below cuts off. The nodes this changes keep
  // their old ranges until step 6.
  const undone = new Set<Node>();
  for (let k = old.length - 1; k >= kC; k--) undoLog(old[k].span, undone);

  // Step 1.2. Restore the tree: cut each live node back to its state at C.
  const liveAtC = C.live;
  const oldStates = new Map<ParentNode, OldState>();
  const restoredTexts: Text[] = [];
  for (let i = 0; i < liveAtC.length; i++) oldStates.set(liveAtC[i], oldStateOf(liveAtC[i]));
  const restoreTree = (): void => {
    restoredTexts.length = 0;
    for (let i = 0; i < liveAtC.length; i++) {
      const node = liveAtC[i];
      node.children = oldStates.get(node)!.children.slice(0, C.childCounts[i]);
      if (C.lastTextLengths[i] >= 0) {
        const text = node.children[node.children.length - 1] as Text;
        restoredTexts.push(text);
        text.data = text.data.slice(0, C.lastTextLengths[i]);
        text.end = C.lastTextEnd(i);
      }
      if (node.kind === 'element') node.endTag = C.endTags[i];
    }
    const text = C.fosterText;
    if (text !== null) {
      restoredTexts.push(text);
      text.data = text.data.slice(0, C.fosterTextLength);
      text.end = C.fosterTextEnd();
    }
  };

  // Candidates for P: old checkpoints after C, at or after the end of the edit.
  let firstCandidate = kC + 1;
  while (firstCandidate < old.length && old[firstCandidate].offset < b) firstCandidate++;
  // New spans sit between the spans before C and the ones after it: kC - 1 < order < kC.
  const lowOrder = kC === 0 ? -1 : old[kC - 1].span.order;
  const highOrder = C.span.order;
  // Every span of the tree, to read positions relative to the window during the run.
  const spans = new Set(old.map((c) => c.span));
  spans.add(document.span);

  // Step 2. Restore the parser and run it from C on a window of the new text
  // starting at C: the region rarely reaches far, and reading the whole text
  // would copy it (see PieceText). Positions during the run are relative to
  // the window: every span's delta is lowered by C meanwhile.
  let windowLength = Math.max(4 * state.checkpointInterval, 2 * (b - a + state.checkpointInterval) + 4096);
  let attempt: RegionRun | null = null;
  const regionSpans: Span[] = [];
  while (attempt === null) {
    const windowEnd = Math.min(newText.length, base + windowLength);
    const partial = windowEnd < newText.length;
    // A run that ran out of window changed older nodes in place too: undo that first.
    for (let k = regionSpans.length - 1; k >= 0; k--) undoLog(regionSpans[k], null);
    regionSpans.length = 0;
    restoreTree();
    for (const span of spans) span.delta -= base;
    try {
      attempt = runRegion(document, newText.slice(base, windowEnd), partial, scripting, C, old, firstCandidate, lowOrder, highOrder, state.checkpointInterval, a - base, b - base, d, regionSpans);
    } catch (e) {
      // The window was too short: again with a much longer one, and after
      // that with the rest of the text. A region that does not sync soon
      // often runs to the end of the text, and each attempt starts again
      // from C: growing the window step by step up to a long region would
      // parse most of it twice (a 6 MB region parsed 10 MB); copying the rest
      // of the text once costs a few milliseconds.
      if (!(e instanceof InputExhausted)) throw e;
      windowLength = windowLength >= LAST_GROWN_WINDOW ? Infinity : windowLength * 16;
    } finally {
      for (const span of spans) span.delta += base;
    }
  }
  const { recorder, regionErrors, regionStartOrder, synced, pairing } = attempt;
  for (const span of recorder.checkpoints.map((c) => c.span)) span.delta += base;
  for (const e of regionErrors) {
    e.start += base;
    e.end += base;
    if (e.related !== undefined) {
      e.related.start += base;
      e.related.end += base;
    }
  }
  const P = synced >= 0 ? old[synced] : null;
  // P's offset in the old text (the checkpoints after it move by d below).
  const syncOffset = P === null ? Infinity : P.offset;
  const reusedOrder = P === null ? Infinity : P.span.order;

  // The nodes whose ranges step 6 recomputes: C's live nodes and Text nodes,
  // and the nodes older than the reused part whose children or text the undo changed.
  const straddlers = new Set<Node>(liveAtC);
  /** Elements made after P that the replay moved older nodes into (the adoption agency's copies): their ranges reach back past P. */
  const reusedTouched = new Set<Element>();
  for (const text of restoredTexts) straddlers.add(text);
  for (const node of undone) if (node.span.order < C.span.order) straddlers.add(node);

  // Step 3. The children each live node at P had appended after P (in the old
  // tree, with the logs undone): a suffix of its children, told by their spans.
  const tails = new Map<ParentNode, ChildNode[]>();
  if (P !== null) {
    for (let i = 0; i < P.live.length; i++) {
      const node = P.live[i];
      const children = oldStates.get(node)?.children ?? node.children;
      let from = children.length;
      while (from > 0 && children[from - 1].span.order >= reusedOrder) from--;
      tails.set(node, from === children.length ? [] : children.slice(from));
    }
  }

  // Step 4. The old region's nodes that live on after P take the place of their new counterparts.
  /** The old attributes of the elements whose start tag the edit changed and that live on (see `Pairing.reattributable`). */
  const attributesBefore = new Map<Element, Attribute[]>();
  /** Their old start tags ("start:end" in the old text), which errors after P may name as related, and their new ones. */
  const startTagsMoved = new Map<string, SourceRange>();
  /** The paired old elements' parents before, and those under another parent now (`onChanged` covers them). */
  const parentsBefore = new Map<Node, ParentNode | null>();
  const reparented: Element[] = [];
  if (pairing !== null) {
    const pairs = [...(pairing as Pairing).oldToNew].filter(([o, n]) => o !== n) as [ParentNode, ParentNode][];
    for (const [o, n] of pairs) {
      oldStates.set(o, oldStateOf(o));
      straddlers.add(o);
      o.children = n.children;
      for (const child of o.children) child.parent = o as Element;
      n.children = [];
      // (Read before the span changes: the old start tag's range is stored relative to it.)
      if (o.kind === 'element' && o.cloneOf === null && o.startTag !== null && pairing.reattributed.has(o)) {
        startTagsMoved.set(`${o.startTag.start}:${o.startTag.end}`, (n as Element).startTag!);
      }
      o.span = n.span;
      o.start = n.start;
      o.end = n.end;
      if (o.kind === 'element') {
        const m = n as Element;
        // Attributes the edit changed are the new ones (the clones made after P follow below).
        if (pairing.reattributed.has(o)) {
          if (o.cloneOf === null) attributesBefore.set(o, o.attributes);
          o.attributes = m.attributes;
        }
        // Else keep the attribute objects: the copies in clones read their source.
        else for (let k = 0; k < o.attributes.length; k++) o.attributes[k].takeSourceOf(m.attributes[k]);
        o.startTag = m.startTag;
        o.endTag = m.endTag;
        o.cloneOf = m.cloneOf;
        // A clone is listed by its span (see Span.clones): the old one stands there for the new one now.
        if (m.cloneOf !== null) {
          const clones = o.span.clones as Element[] | null;
          const at = clones === null ? -1 : clones.lastIndexOf(m);
          if (at >= 0) clones![at] = o;
        }
        parentsBefore.set(o, o.parent);
        o.parent = m.parent;
        if (m.parent !== null) {
          const siblings = m.parent.children;
          siblings[siblings.lastIndexOf(m)] = o;
        }
      }
    }
    const final = pairing as Pairing;
    for (const [o] of pairs) {
      if (o.kind === 'element') {
        if (o.parent !== null) o.parent = final.final(o.parent);
        // Under another parent than before (an element the region made, <form> typed above it): what the reused
        // part below it is inside changed.
        if (o.parent !== parentsBefore.get(o)) reparented.push(o);
        if (o.cloneOf !== null) o.cloneOf = final.final(o.cloneOf);
      }
    }
    for (const checkpoint of recorder.checkpoints) {
      remapCheckpoint(checkpoint, final);
      remapLog(checkpoint.span, final);
    }
  }

  // The region's top-level nodes: each live node's children after its count at C,
  // and the nodes the region inserted before another child (foster parenting).
  // (A parent the region changed other than by appends is scanned whole.)
  const changedByRegion = new Set<Node>();
  for (const checkpoint of recorder.checkpoints) {
    for (const m of logOf(checkpoint.span) ?? []) {
      if (m.parent !== null) changedByRegion.add(m.parent);
      if (m.kind === MutationKind.MoveChildren || m.kind === MutationKind.Append || m.kind === MutationKind.AppendToCopy) changedByRegion.add(m.child!);
      if (m.before !== null && m.before.parent !== null) changedByRegion.add(m.before.parent);
      // What the region changed in place in older nodes.
      for (const node of [m.parent, m.child, m.before]) if (node !== null && node.span.order < regionStartOrder) straddlers.add(node);
    }
  }
  const regionRoots = new Set<ChildNode>();
  const addRegionChildren = (parent: ParentNode, from: number): void => {
    const children = parent.children;
    for (let k = from; k < children.length; k++) if (children[k].span.order >= regionStartOrder) regionRoots.add(children[k]);
  };
  for (let i = 0; i < liveAtC.length; i++) if (!changedByRegion.has(liveAtC[i])) addRegionChildren(liveAtC[i], C.childCounts[i]);
  for (const node of changedByRegion) {
    if (node.kind === 'element' || node.kind === 'document' || node.kind === 'fragment') {
      if (node.span.order < regionStartOrder) addRegionChildren(node, 0);
    }
  }
  for (const root of regionRoots) {
    if (root.kind !== 'element') continue;
    // Copies made in the region of an element that is now an old node point at it.
    if (pairing !== null) remapClones(root, pairing);
    // Their ranges, before anything from after P comes back.
    computeRanges(root);
  }

  // Step 5. Reuse the old tree after P: each live node gets back its children made after P, moved by d.
  /** Moves a range from after the sync point: after the edit it moves by d, before it it stays. */
  const shiftRange = (r: { start: number; end: number }): void => {
    if (r.start >= b) {
      r.start += d;
      r.end += d;
    } else if (r.end > a) throw new Error('a range after the sync point overlaps the edited text');
  };
  /** The clones made after P whose attributes changed with their original's, by original. */
  const recloned = new Map<Element, Element[]>();
  const errors = oldErrors.slice(0, C.errorCount);
  for (const e of regionErrors) errors.push(e);
  if (P !== null) {
    const fosterTable = P.fosterTable;
    const newFosterText = fosterTable === null ? null : textBefore(fosterTable);
    const newFosterTextLength = newFosterText === null ? -1 : newFosterText.data.length;
    const newFosterTextEnd = newFosterText === null ? 0 : newFosterText.end;
    const newCounts = new Array<number>(P.live.length);
    const newEndTags = new Array<SourceRange | null>(P.live.length);
    /** The length and end of each live node's last child at P in the new tree, when a Text node (-1 and 0 for the others). */
    const newTextLengths = new Array<number>(P.live.length);
    const newTextEnds = new Array<number>(P.live.length);
    const newTexts = new Array<Text | null>(P.live.length);
    const shifts = new Map<ParentNode, number>();
    for (let i = 0; i < P.live.length; i++) {
      const node = P.live[i];
      newCounts[i] = node.children.length;
      const text = lastTextChild(node);
      newTextLengths[i] = text === null ? -1 : text.data.length;
      newTextEnds[i] = text === null ? 0 : text.end;
      newTexts[i] = text;
      newEndTags[i] = node.kind === 'element' ? node.endTag : null;
      if (newCounts[i] !== P.childCounts[i]) shifts.set(node, newCounts[i] - P.childCounts[i]);
    }
    for (let i = 0; i < P.live.length; i++) {
      const node = P.live[i];
      const saved = oldStates.get(node);
      if (saved === undefined) throw new Error('a live node at the sync point has no old state');
      // OPTIMIZATION: one new array of the final size; pushing a long tail
      // (a parent with thousands of children) grew the array several times.
      const tail = tails.get(node)!;
      if (tail.length > 0) node.children = node.children.length === 0 ? tail : node.children.concat(tail);
      // An end tag the tokens after P recorded (the last one recorded wins).
      const endTag = saved.endTag;
      if (node.kind === 'element' && endTag !== null && endTag.start >= syncOffset) node.endTag = endTag;
    }
    for (let k = P.errorCount; k < oldErrors.length; k++) {
      const e = oldErrors[k];
      shiftRange(e);
      if (e.related !== undefined) {
        // An error after P may name the start tag of an element the edit changed.
        const moved = e.related.start < a && e.related.end > a ? startTagsMoved.get(`${e.related.start}:${e.related.end}`) : undefined;
        if (moved !== undefined) {
          e.related.start = moved.start;
          e.related.end = moved.end;
        } else shiftRange(e.related);
      }
      errors.push(e);
    }
    // Everything made after P moves by d: its spans do.
    if (d !== 0) {
      // A checkpoint's text ends are stored relative to its span, but the
      // Text node may end before the edit (made long before): such an end stays.
      const kept: [Checkpoint, number, number][] = [];
      for (let k = synced; k < old.length; k++) {
        const c = old[k];
        if (c.fosterText !== null && c.fosterTextEnd() <= a) kept.push([c, -1, c.fosterTextEnd()]);
        for (let i = 0; i < c.live.length; i++) if (c.lastTextLengths[i] >= 0 && c.lastTextEnd(i) <= a) kept.push([c, i, c.lastTextEnd(i)]);
      }
      for (let k = synced; k < old.length; k++) old[k].span.delta += d;
      for (const [c, i, end] of kept) {
        if (i < 0) c.setFosterText(c.fosterText, c.fosterTextLength, end);
        else c.setLastText(i, c.lastTextLengths[i], end);
      }
    }
    // The clones made after P of an element whose attributes the edit
    // changed: "create an element for the token for which the element entry
    // was created" (https://html.spec.whatwg.org/multipage/parsing.html#reconstruct-the-active-formatting-elements),
    // whose attributes are now the new ones.
    if (attributesBefore.size > 0) {
      for (let k = synced; k < old.length; k++) {
        const clones = old[k].span.clones as Element[] | null;
        if (clones === null) continue;
        for (const clone of clones) {
          const original = clone.cloneOf!;
          if (!attributesBefore.has(original)) continue;
          clone.attributes = original.attributes.map((x) => x.copy());
          const list = recloned.get(original);
          if (list === undefined) recloned.set(original, [clone]);
          else list.push(clone);
        }
      }
    }
    // What the tokens after P changed in place, done again on the new tree.
    const replayed = new Set<Node>();
    const movedInto = new Set<ParentNode>();
    const context: ReplayContext = { final: (node) => node, shifts, touched: replayed, movedInto };
    adjustLaterCheckpoints(old, synced, newTexts, newTextLengths, newTextEnds, newEndTags, C.errorCount + regionErrors.length - P.errorCount);
    for (let k = synced; k < old.length; k++) {
      // The child counts at each later checkpoint differ as the children the nodes had at P do then.
      const c = old[k];
      if (shifts.size > 0) {
        for (let i = 0; i < c.live.length; i++) {
          const shift = shifts.get(c.live[i]);
          if (shift !== undefined) c.childCounts[i] += shift;
        }
      }
      replayLog(c.span, context);
    }
    for (const node of replayed) if (node.span.order < reusedOrder) straddlers.add(node);
    // A node made after P that older nodes were moved into covers them where they are, not moved by d.
    for (const node of movedInto) if (node.span.order >= reusedOrder && node.kind === 'element') reusedTouched.add(node);
    // While the Text node before P's table is still the one it had at P, it is the new tree's.
    const oldFosterText = P.fosterText;
    if (oldFosterText !== null) {
      const oldLength = P.fosterTextLength;
      for (let k = synced; k < old.length; k++) {
        const c = old[k];
        // (Not only the checkpoints right after P: a nested table may come between.)
        if (c.fosterText !== oldFosterText) continue;
        if (newFosterText === null) c.setFosterText(null, -1, 0);
        else if (c.fosterTextLength === oldLength) c.setFosterText(newFosterText, newFosterTextLength, newFosterTextEnd);
        // Text was appended to it after P: it ends where that text does, moved.
        else c.setFosterText(newFosterText, c.fosterTextLength + newFosterTextLength - oldLength, c.fosterTextEnd());
      }
    } else if (newFosterText !== null) {
      // No Text node was right before P's table in the old parse, and there is
      // one in the new: the states matched only because the tokens after P
      // foster parent nothing before that table (see `sameState`), so at every
      // later checkpoint with that table the node right before it is this Text node.
      for (let k = synced; k < old.length; k++) {
        const c = old[k];
        if (c.fosterTable === fosterTable && c.fosterText === null) c.setFosterText(newFosterText, newFosterTextLength, newFosterTextEnd);
      }
    }
    document.mode = oldDocumentMode;
  }

  // Step 6. The ranges of the nodes whose children changed and of their
  // ancestors (an element removed from the middle of the stack of open
  // elements, by </form> say, still holds open ones), deepest first. A node
  // whose old range reached past P ends where it did, moved by d; the others
  // end where their markup and children do.
  // First the elements made after P the replay moved older nodes into, and
  // their ancestors made after P: each covers its markup and its children
  // (an adoption agency copy has no markup and sits where its first child began).
  const reusedByDepth = [...reusedTouched];
  for (const node of reusedTouched) {
    for (let up = parentOf(node); up !== null && up.kind === 'element' && up.span.order >= reusedOrder && !reusedTouched.has(up); up = parentOf(up)) {
      reusedTouched.add(up);
      reusedByDepth.push(up);
    }
  }
  const reusedDepths = new Map<Node, number>(reusedByDepth.map((n) => [n, depthOf(n)]));
  reusedByDepth.sort((x, y) => reusedDepths.get(y)! - reusedDepths.get(x)!);
  for (const node of reusedByDepth) {
    hullRange(node);
    const up = parentOf(node);
    if (up !== null && up.span.order < reusedOrder) straddlers.add(up);
  }
  for (const node of [...straddlers]) {
    for (let up = parentOf(node); up !== null && up.kind !== 'document' && !straddlers.has(up); up = parentOf(up)) straddlers.add(up);
  }
  const byDepth = [...straddlers].filter((n) => n.kind !== 'document' && n.kind !== 'text' && n.kind !== 'comment' && n.kind !== 'processingInstruction' && n.kind !== 'doctype') as ParentNode[];
  const depths = new Map<Node, number>(byDepth.map((n) => [n, depthOf(n)]));
  byDepth.sort((x, y) => depths.get(y)! - depths.get(x)!);
  // The old ranges first: recomputing a node must not change what its ancestors read.
  const oldEnds = new Map<Node, number>();
  for (const node of byDepth) {
    const saved = oldStates.get(node);
    if (saved !== undefined) oldEnds.set(node, saved.end);
    else if (node.span.order < regionStartOrder) oldEnds.set(node, node.end);
  }
  for (const node of byDepth) {
    const saved = oldStates.get(node);
    if (saved !== undefined && node.span.order < regionStartOrder) node.start = saved.start;
    const oldEnd = oldEnds.get(node);
    if (oldEnd !== undefined && oldEnd > syncOffset) node.end = oldEnd + d;
    else node.end = coveredEnd(node, straddlers, regionStartOrder, C.offset, changedByRegion.has(node));
  }
  document.start = 0;
  document.end = newText.length;

  // Step 7. The checkpoints: before C, the region's, then the old ones from P, moved; the spans renumbered 0, 1, 2, …
  const checkpoints = old.slice(0, kC);
  for (const c of recorder.checkpoints) checkpoints.push(c);
  if (P !== null) for (let k = synced; k < old.length; k++) checkpoints.push(old[k]);
  for (let k = 0; k < checkpoints.length; k++) checkpoints[k].span.order = k;
  setIncrementalState(document, {
    text: newText,
    scripting,
    checkpointInterval: state.checkpointInterval,
    checkpoints,
  });
  const regionEnd = P === null ? newText.length : syncOffset + d;
  options.onRegion?.(C.offset, regionEnd);
  if (options.onChanged !== undefined) {
    const [lo, hi] = givenBackExtent(old, kC, P === null ? old.length : synced);
    const [movedLo, movedHi] = olderNodesMovedExtent(recorder.checkpoints, regionStartOrder);
    // An element open at C that the new parse appended nothing to (the edit closed it sooner) ends before C now: its
    // children after C are gone, so the stretch from its end on changed too.
    let cutLo = Number.POSITIVE_INFINITY;
    for (const node of C.openElements) if (node.end < C.offset && node.end < cutLo && isInTree(node)) cutLo = node.end;
    // A paired element under another parent than before: all of it (the ancestors of what is below it changed).
    let reparentedHi = Number.NEGATIVE_INFINITY;
    for (const node of reparented) {
      if (!isInTree(node)) continue;
      if (node.start < cutLo) cutLo = node.start;
      if (node.end > reparentedHi) reparentedHi = node.end;
    }
    const changed: ReattributedElement[] = [];
    for (const [element, before] of attributesBefore) changed.push({ element, before, clones: recloned.get(element) ?? [] });
    options.onChanged(Math.min(C.offset, lo, movedLo, cutLo), Math.max(regionEnd, hi, movedHi, reparentedHi), changed);
  }
  return { document, errors };
}

/**
 * The extent of the elements still in the tree that the old spans `from` to
 * `to` (exclusive: the old region, whose logs were undone and not replayed)
 * took children from (`Remove` and `MoveChildren` entries, which the
 * adoption agency algorithm makes; an element the region made and the new
 * parse paired may hold older children, and an adoption agency copy starts
 * where its first child does)
 * (https://html.spec.whatwg.org/multipage/parsing.html#adoption-agency-algorithm:
 * "Append all of the child nodes of furthest block to node"). Their ranges
 * are final here. [Infinity, -Infinity] when there are none.
 */
function givenBackExtent(old: readonly Checkpoint[], from: number, to: number): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let k = from; k < to; k++) {
    const log = logOf(old[k].span);
    if (log === null) continue;
    for (const m of log) {
      if (m.kind === MutationKind.AppendText) {
        // Text the old region appended to an older Text node, undone: that node ends earlier now, wherever it starts.
        const text = m.child;
        if (text !== null && isInTree(text)) {
          if (text.start < lo) lo = text.start;
          if (text.end > hi) hi = text.end;
        }
        continue;
      }
      if (m.kind !== MutationKind.Remove && m.kind !== MutationKind.MoveChildren) continue;
      const parent = m.parent;
      if (parent === null || parent.kind !== 'element' || !isInTree(parent)) continue;
      if (parent.start < lo) lo = parent.start;
      if (parent.end > hi) hi = parent.end;
    }
  }
  return [lo, hi];
}

/**
 * The extent of the nodes made before the region (span order below `regionStartOrder`) that the region's own logs
 * changed in place: moved to another parent (the adoption agency algorithm's `Append`, `AppendToCopy`, and
 * `MoveChildren` into a copy it made, which holds them now; foster parenting's `InsertBefore`), removed, or given
 * text (`AppendText`). Those nodes may start long before the region, under a parent they were not under before.
 * [Infinity, -Infinity] when there are none.
 */
function olderNodesMovedExtent(checkpoints: readonly Checkpoint[], regionStartOrder: number): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  const cover = (node: Node | null): void => {
    if (node === null || !isInTree(node)) return;
    if (node.start < lo) lo = node.start;
    if (node.end > hi) hi = node.end;
  };
  for (const checkpoint of checkpoints) {
    const log = logOf(checkpoint.span);
    if (log === null) continue;
    for (const m of log) {
      switch (m.kind) {
        case MutationKind.MoveChildren:
          // The copy holds the furthest block's children now: where it holds older ones, all of it.
          if ((m.parent !== null && m.parent.span.order < regionStartOrder) || (m.child !== null && m.child.kind === 'element' && m.child.children.some((c) => c.span.order < regionStartOrder))) cover(m.child);
          break;
        case MutationKind.Remove:
        case MutationKind.Append:
        case MutationKind.AppendToCopy:
        case MutationKind.InsertBefore:
        case MutationKind.AppendText:
          if (m.child !== null && m.child.span.order < regionStartOrder) cover(m.child);
          break;
      }
    }
  }
  return [lo, hi];
}

/** Whether a node is in its document's tree (template contents included). */
function isInTree(node: Node): boolean {
  let n: Node | null = node;
  while (n !== null && n.kind !== 'document') n = parentOf(n);
  return n !== null;
}

/**
 * Sets an element's range to what covers the place it was made at (its
 * range now: the replay put a copy back where the node moved into it
 * starts), its markup, its template contents and its children.
 */
function hullRange(node: Element): void {
  let start = node.start;
  let end = node.end;
  const startTagEnd = node.startTagEnd;
  if (startTagEnd !== null) {
    start = node.startTagStart;
    end = startTagEnd;
  }
  const endTagEnd = node.endTagEnd;
  if (endTagEnd !== null) {
    start = Math.min(start, node.endTagStart!);
    end = Math.max(end, endTagEnd);
  }
  if (node.content !== null && node.content.children.length > 0) {
    start = Math.min(start, node.content.start);
    end = Math.max(end, node.content.end);
  }
  for (const child of node.children) {
    if (child.start < start) start = child.start;
    if (child.end > end) end = child.end;
  }
  node.start = start;
  node.end = end;
}

/** A node's parent (a template's contents: their template). */
function parentOf(node: Node): ParentNode | null {
  return node.kind === 'document' ? null : node.kind === 'fragment' ? node.host : node.parent;
}

/** How many ancestors a node has. */
function depthOf(node: Node): number {
  let depth = 0;
  for (let p = node.kind === 'document' ? null : node.kind === 'fragment' ? node.host : node.parent; p !== null; depth++) {
    p = p.kind === 'document' ? null : p.kind === 'fragment' ? p.host : p.parent;
  }
  return depth;
}

/** Points every copy in a subtree of the new region at the final node of what it copies. */
function remapClones(root: ChildNode, pairing: Pairing): void {
  const work: Node[] = [root];
  while (work.length > 0) {
    const node = work.pop()!;
    if (node.kind !== 'element') continue;
    if (node.cloneOf !== null) {
      const original = pairing.final(node.cloneOf);
      if (original !== node.cloneOf) {
        node.cloneOf = original;
        // Its attributes copy the original's, in the same order: they read their source from the old node's.
        for (let k = 0; k < node.attributes.length; k++) node.attributes[k].copyOf(original.attributes[k]);
      }
    }
    for (const child of node.children) work.push(child);
    if (node.content !== null) for (const child of node.content.children) work.push(child);
  }
}

/** Points a checkpoint of the new region at the final nodes. */
function remapCheckpoint(c: Checkpoint, pairing: Pairing): void {
  const f = <T extends Node>(n: T): T => pairing.final(n);
  c.openElements = c.openElements.map(f);
  c.activeFormattingElements = c.activeFormattingElements.map((e) => (e === null ? null : f(e)));
  c.live = c.live.map(f);
  if (c.headElement !== null) c.headElement = f(c.headElement);
  if (c.formElement !== null) c.formElement = f(c.formElement);
  if (c.fosterTable !== null) c.fosterTable = f(c.fosterTable);
}

/** Points the entries of a region span's log at the final nodes. */
function remapLog(span: Span, pairing: Pairing): void {
  const log = logOf(span);
  if (log === null) return;
  for (const m of log) {
    if (m.parent !== null) m.parent = pairing.final(m.parent);
    if (m.child !== null) m.child = pairing.final(m.child);
    if (m.before !== null) m.before = pairing.final(m.before);
  }
}

/**
 * Whether the logs of the old spans from checkpoint `from` on can be
 * replayed on the new tree: every node they name that the old region made
 * (orders from `regionOrder` up to P's) lives on, paired with its
 * counterpart. (The Text nodes text was appended to are found by place, not named.)
 */
function logsFit(old: readonly Checkpoint[], from: number, regionOrder: number, pairing: Pairing): boolean {
  const limit = old[from].span.order;
  const fits = (node: Node | null): boolean => {
    if (node === null) return true;
    const order = node.span.order;
    return order < regionOrder || order >= limit || pairing.oldToNew.has(node);
  };
  for (let k = from; k < old.length; k++) {
    const log = logOf(old[k].span);
    if (log === null) continue;
    for (const m of log) {
      // An option popped after P may copy into a selectedcontent, depending on the whole select: not reused.
      if (m.kind === MutationKind.Mirror) return false;
      if (!fits(m.before)) return false;
      if (m.kind === MutationKind.AppendText) {
        if (m.before === null && !fits(m.parent)) return false;
      } else if (!fits(m.parent) || !fits(m.child)) return false;
    }
  }
  return true;
}

/**
 * What the spans from old checkpoint `from` on foster parented before
 * (inserted a node or appended text right before): `P`'s foster parent
 * table, and a table that was open at `P` but was not its foster parent
 * table then (an outer table, once the inner ones closed). `sameState`
 * compares only what is right before P's foster parent table; what is right
 * before an outer one may differ between the two parses, and a Text node
 * there takes the fostered text: "If there is a Text node immediately before
 * the adjusted insertion location, then append data to that Text node's
 * data" (https://html.spec.whatwg.org/multipage/parsing.html#insert-a-character).
 * Then the old tree after `P` cannot be reused from there.
 */
function fosteringAfter(old: readonly Checkpoint[], from: number, P: Checkpoint): { fosterTable: boolean; outerTable: boolean } {
  let fosterTable = false;
  const table = P.fosterTable;
  for (let k = from; k < old.length; k++) {
    const log = logOf(old[k].span);
    if (log === null) continue;
    for (const m of log) {
      const before = m.before;
      if (before === null) continue;
      if (before === table) fosterTable = true;
      else if (before.kind === 'element' && before.name === 'table' && P.openElements.includes(before as Element)) return { fosterTable, outerTable: true };
    }
  }
  return { fosterTable, outerTable: false };
}

/** Whether the new parse's state now is the old one at checkpoint `P`, pairing the nodes the two regions made. */
function sameState(tb: TreeBuilder, P: Checkpoint, pairing: Pairing, fosteredAfter: boolean): boolean {
  if (
    tb.insertionMode !== P.insertionMode ||
    tb.originalInsertionMode !== P.originalInsertionMode ||
    tb.framesetOk !== P.framesetOk ||
    tb.ignoreNextLineFeed !== P.ignoreNextLineFeed ||
    (tb.selects !== null) !== P.selectsActive ||
    (tb.selects !== null && !tb.selects.derivable) ||
    tb.document.mode !== P.documentMode ||
    !sameArray(tb.templateInsertionModes, P.templateInsertionModes) ||
    !sameArray(tb.openElements.keys, P.openElementKeys) ||
    !sameArray(tb.activeFormattingElements.keys, P.activeFormattingKeys)
  ) {
    return false;
  }
  const stack = tb.openElements.elements;
  for (let i = 0; i < stack.length; i++) if (!pairing.match(P.openElements[i], stack[i])) return false;
  // A patching <template for> open in either parse inserts into its marker's parent, which the states do not compare.
  for (let i = 0; i < stack.length; i++) if (patchOf(stack[i]) !== null || patchOf(P.openElements[i]) !== null) return false;
  const list = tb.activeFormattingElements.entries;
  for (let i = 0; i < list.length; i++) if (!pairing.match(P.activeFormattingElements[i], list[i])) return false;
  if (!pairing.match(P.headElement, tb.headElement) || !pairing.match(P.formElement, tb.formElement)) return false;
  const live = liveNodesOf(tb);
  if (live.length !== P.live.length) return false;
  for (let i = 0; i < live.length; i++) {
    if (!pairing.match(P.live[i], live[i])) return false;
    if ((lastTextChild(live[i]) !== null) !== P.lastTextLengths[i] >= 0) return false;
  }
  // Foster parenting inserts before the same table; and when the tokens
  // after P do foster parent, after a Text node or not, as in the old parse.
  const table = fosterTableOf(tb);
  if (!pairing.match(P.fosterTable, table)) return false;
  if (fosteredAfter && (table === null ? null : textBefore(table)) === null !== (P.fosterText === null)) return false;
  return true;
}

/**
 * Whether a later checkpoint (from P on) has as its foster text (the Text
 * node right before its foster parenting table) a Text node whose length the
 * region may have changed (cut back by the restore, or appended to) and that
 * the adjustment of the later checkpoints does not reach: it fixes P's own
 * foster text and the live nodes' last Text children at P, not a Text node
 * that a table inserted after P follows from the middle of its parent.
 * Then P is not a sync point: the parse goes on to a later one. Found by the
 * template/form/frameset documents of incremental.test.ts (issue 24): text
 * fostered in a template's contents, then an inner template, whose
 * checkpoints kept the Text node's old length for the table after it.
 */
function staleFosterText(tb: TreeBuilder, P: Checkpoint, old: readonly Checkpoint[], j: number, restored: ReadonlySet<Text>, spans: readonly Span[]): boolean {
  let touched: Set<Text> | null = null;
  for (let k = j; k < old.length; k++) {
    const text = old[k].fosterText;
    if (text === null || text === P.fosterText) continue;
    if (touched === null) {
      touched = new Set(restored);
      for (const span of spans) for (const m of logOf(span) ?? []) if (m.kind === MutationKind.AppendText) touched.add(m.child as Text);
      const live = liveNodesOf(tb);
      // Handled by adjustLaterCheckpoints: the live nodes' last Text children at P.
      for (let i = 0; i < live.length && i < P.live.length; i++) {
        const last = lastTextChild(live[i]);
        if (last !== null && P.lastTextLengths[i] >= 0) touched.delete(last);
      }
    }
    if (touched.has(text)) return true;
  }
  return false;
}

function sameArray<T>(x: readonly T[], y: readonly T[]): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * The end of the range of a node whose children changed: the furthest of
 * its own markup and its children's ends. Children made before the region
 * (and not straddling it themselves) end before `regionStart`, so the scan
 * stops at the first of them once something reaches that far.
 */
function coveredEnd(node: ParentNode, straddlers: ReadonlySet<Node>, regionStartOrder: number, regionStart: number, scanAll: boolean): number {
  let end = node.start;
  if (node.kind === 'element') {
    const startTagEnd = node.startTagEnd;
    if (startTagEnd !== null && startTagEnd > end) end = startTagEnd;
    const endTagEnd = node.endTagEnd;
    if (endTagEnd !== null && endTagEnd > end) end = endTagEnd;
    if (node.content !== null && node.content.end > end) end = node.content.end;
  }
  // Straddling children first: they need not be the last ones (a comment after </body> follows the body).
  for (const s of straddlers) if (s.kind !== 'document' && s.kind !== 'fragment' && s.parent === node && s.end > end) end = s.end;
  const children = node.children;
  for (let k = children.length - 1; k >= 0; k--) {
    const child = children[k];
    if (child.end > end) end = child.end;
    // A parent the region inserted into before an older child (a <template for>
    // patch, whose <?end> may be gone since) has new children anywhere: all are read.
    if (!scanAll && child.span.order < regionStartOrder && !straddlers.has(child) && end >= regionStart) break;
  }
  return end;
}

/**
 * The old checkpoints from P on describe the old tree; after the reuse they
 * must describe the new one (their offsets move with their spans; their
 * child counts move as the replay goes, in reparseRegion). Error counts
 * move; while a live node's last child is still the Text node it had at P,
 * that text's length and end come from the new tree (plus what was appended
 * since); and while its end tag is still the one it had at P, that end tag
 * is the new tree's. `newTextLengths`, `newTextEnds` and `newEndTags` are
 * those of P's live nodes in the new tree at P.
 */
function adjustLaterCheckpoints(
  old: readonly Checkpoint[],
  from: number,
  newTexts: readonly (Text | null)[],
  newTextLengths: readonly number[],
  newTextEnds: readonly number[],
  newEndTags: readonly (SourceRange | null)[],
  errorShift: number,
): void {
  const P = old[from];
  if (errorShift !== 0) for (let k = from; k < old.length; k++) old[k].errorCount += errorShift;
  for (let i = 0; i < P.live.length; i++) {
    const node = P.live[i];
    const oldCount = P.childCounts[i];
    const newTextLength = newTextLengths[i];
    const oldTextLength = P.lastTextLengths[i];
    const oldEndTag = P.endTags[i];
    const newEndTag = newEndTags[i];
    let textSameAsAtP = newTextLength >= 0;
    let endTagSameAsAtP = !sameTagSource(oldEndTag, newEndTag);
    for (let k = from; k < old.length && (textSameAsAtP || endTagSameAsAtP); k++) {
      const c = old[k];
      const at = c.live.indexOf(node);
      if (at < 0) break;
      if (textSameAsAtP) {
        // The same Text node as at P, maybe with text appended since (which ends where it did, moved).
        const length = c.lastTextLengths[at];
        if (c.childCounts[at] === oldCount && length >= 0) c.setLastText(at, length + newTextLength - oldTextLength, length === oldTextLength ? newTextEnds[i] : c.lastTextEnd(at));
        else textSameAsAtP = false;
      }
      if (endTagSameAsAtP) {
        if (sameTagSource(c.endTags[at], oldEndTag)) c.endTags[at] = newEndTag;
        else endTagSameAsAtP = false;
      }
    }
    // A table inserted after P behind that Text node makes it the later checkpoints' foster text (the Text node
    // right before the table), with the length it had then: longer or shorter by what the region changed. (The
    // Text node before P's own table is reparseRegion's concern.) Found by the template/form/frameset documents
    // of incremental.test.ts: text typed before a table that later text is foster parented after.
    const text = newTexts[i];
    if (text !== null && oldTextLength >= 0 && text !== P.fosterText && (newTextLength !== oldTextLength || newTextEnds[i] !== P.lastTextEnd(i))) {
      for (let k = from; k < old.length; k++) {
        const c = old[k];
        if (c.fosterText !== text) continue;
        const length = c.fosterTextLength;
        c.setFosterText(text, length + newTextLength - oldTextLength, length === oldTextLength ? newTextEnds[i] : c.fosterTextEnd());
      }
    }
  }
}
