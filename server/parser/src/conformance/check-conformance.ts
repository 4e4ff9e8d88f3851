/**
 * Document conformance checks on the tree the parser built:
 * https://html.spec.whatwg.org/multipage/dom.html#element-definitions
 *
 * Content models (children, text, required children, forbidden descendants,
 * transparent elements), unknown and obsolete elements and attributes,
 * required attributes, and document-level rules (title, main, label, ARIA
 * role and attribute names, the required select's placeholder).
 *
 * The tree is the spec's tree, so an end tag the author omitted (`<li>a<li>b`)
 * is never an issue: only what the document *is* is judged. The tree is
 * walked once, iteratively (a document can be 100,000 levels deep); a
 * template's contents are a tree of their own, whose top-level children are
 * allowed anything (their context is where the template's clone will go) and
 * which inherit no ancestor's restrictions.
 *
 * Per-element checks read only the element, its children and what the walk
 * carries down (its context, the active restrictions); the document-level
 * rules read the facts the walk gathers (titles, mains). That split is what
 * would let an editor re-check one subtree after an edit.
 *
 * Elements the parser implied (no start tag) are matched against their
 * parent's model but never reported (there is no markup to point at);
 * elements it cloned (`cloneOf`) are not reported either: their original is.
 */
import { getAttribute, type AttributeShape, type ElementShape, type TreeRootShape } from '../attributes/tree-shape';
import { valueSubrange } from '../attributes/check-attributes';
import { isAsciiWhitespace, splitOnAsciiWhitespaceWithPositions } from '../microsyntaxes/infra';
import { automatonOf, describeContentModel, describeItem, describeSelector, type ContentAutomaton } from './content-model';
import { CONFORMANCE_CODES, ConformanceCode } from './conformance-codes';
import { checkAttributesNeedingHref, checkConditionalRequired, checkHttpEquiv, checkTimeText, type Reporter } from './conditional-rules';
import { checkTableModel } from './table-model';
import { checkBaseBeforeUrls, recheckBaseBeforeUrls } from './document-rules';
import { computedHeadingOffset, hasHeadingOffsetAttributes, headingLevel, headingNumber, HeadingOutline } from './heading-levels';
import { checkAttributeAdvice, checkEmptyHeading, checkRedundantRole, isConformingImgBorder, isHeading } from './element-advice';
import { ConformanceFindings, type ConformanceDiagnostic, type DisorderedParent, type FindingsEdit, type Replaced } from './findings';

export type { ConformanceDiagnostic } from './findings';
import type { ContentItem, ContentModel, ElementEntry, Selector } from './element-entry';
import {
  ARIA_ABSTRACT_ROLE_SET,
  ARIA_ATTRIBUTE_SET,
  ARIA_ROLE_SET,
  contentModelOf,
  elementEntry,
  entryHasCategory,
  isValidCustomElementName,
} from './element-table';


/** A text node as the checks read it. */
interface TextLike {
  readonly kind: 'text';
  readonly data: string;
  readonly start: number;
  readonly end: number;
}

type Range = { start: number; end: number };

/**
 * What a transparent element's children are matched against: the item that
 * let the element in, itself read in its own parent's context. Null: anything.
 */
interface Context {
  readonly item: ContentItem;
  readonly parent: Context | null;
}

/** An ancestor's "no such descendants" rule, active below it. A list, newest first. */
interface Restriction {
  readonly selectors: readonly Selector[];
  readonly ancestor: ElementShape;
  readonly source: ContentItem;
  readonly next: Restriction | null;
}

/**
 * One element being walked. OPTIMIZATION: a walk keeps one frame per depth and fills it again for each element at
 * that depth (`Checker.frameAt`): no frame is made per element.
 */
interface Frame {
  /** Its depth in the walk: the frame of its children's children is the one at depth + 1. */
  depth: number;
  element: ElementShape | null;
  /** The node whose children these are: the element, the document or a template's contents. */
  owner: object;
  /** A re-check walking part of children out of source order: their blocks (`blocksOf`); null otherwise. */
  blocks: Int32Array | null;
  /** Whether all its children are walked into (a re-check walks into those that meet the region). */
  whole: boolean;
  /** Children before this index are walked into whole (the block being walked holds nodes out of order). */
  wholeUntil: number;
  /** Children before this index are in the block being walked, one by one. */
  blockUntil: number;
  /** Children before this index are in that block before its last child (`Checker.blockInPart`). */
  fosteredUntil: number;
  children: readonly ElementShape['children'][number][];
  index: number;
  /** The model its children are checked against; null: not checked. */
  automaton: ContentAutomaton | null;
  model: ContentModel | null;
  /** The automaton's current states. */
  states: number[];
  /** The context its `context` selectors read. */
  context: Context | null;
  restrictions: Restriction | null;
  /** Whether a main element here would be hierarchically correct. */
  mainAllowed: boolean;
  /** The nearest label ancestor (or this element), with its count of labelable descendants. */
  label: LabelCount | null;
  /** The nearest figure ancestor (for img alt). */
  figure: ElementShape | null;
  /** The nearest map ancestor. */
  inMap: boolean;
  /** The computed heading offset of the element (heading-levels.ts): what its children's add to. */
  headingOffset: number;
  /** Whether this is in a template's contents (whose headings are not in the document's outline). */
  inTemplate: boolean;
  /** Whether a child failed already (later failures in the same parent are still reported, but missing children are not). */
  failed: boolean;
  /**
   * Set when text was accepted in a model that judges each child alone (`ContentAutomaton.loops`): its states never
   * change, so all text is accepted there.
   */
  textAccepted: boolean;
}

interface LabelCount {
  readonly label: ElementShape;
  count: number;
  first: ElementShape | null;
}

const SPEC = 'https://html.spec.whatwg.org/multipage/';
/** https://html.spec.whatwg.org/multipage/forms.html#category-label */
const LABELABLE = new Set(['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']);
/** https://html.spec.whatwg.org/multipage/grouping-content.html#hierarchically-correct-main-element */
const MAIN_ANCESTORS = new Set(['html', 'body', 'div', 'form']);
/** OPTIMIZATION: transparent elements nested deeper than this read their context as "anything" (keeps the walk linear). */
const CONTEXT_DEPTH_LIMIT = 64;
/** The states of a frame without an automaton (never changed: a frame's states are replaced, not changed). */
const NO_STATES: number[] = [];

/** What the walk reads of an HTML element's table entry. */
interface EntryFacts {
  readonly entry: ElementEntry;
  /** Its content model, when it has no conditional model (undefined: chosen per element, `contentModelOf`). */
  readonly model: ContentModel | undefined;
  /** That model's automaton, null when it is not a pattern. */
  readonly automaton: ContentAutomaton | null;
  /** Its obsolete attributes, or null. */
  readonly obsoleteAttributes: ReadonlySet<string> | null;
  /** Whether a main element may be inside it (`MAIN_ANCESTORS`). */
  readonly mainAncestor: boolean;
  /**
   * Whether its model (when it has no conditional one) allows any text anywhere: it judges each child alone, accepts
   * text and does not read its context (then its frame skips text at once).
   */
  readonly textAccepted: boolean;
}

/** OPTIMIZATION: per element name, the facts of its entry, made once (one look-up per element, no compiling per element). */
const entryFacts = new Map<string, EntryFacts>();

function factsOf(name: string): EntryFacts | undefined {
  const known = entryFacts.get(name);
  if (known !== undefined) return known;
  const entry = elementEntry(name);
  if (entry === undefined) return undefined;
  const model = entry.conditional === undefined ? entry.model : undefined;
  const automaton = model !== undefined && model.kind === 'pattern' ? automatonOf(model.pattern) : null;
  const facts: EntryFacts = {
    entry,
    model,
    automaton,
    obsoleteAttributes: entry.obsoleteAttributes !== undefined ? new Set(entry.obsoleteAttributes) : null,
    mainAncestor: MAIN_ANCESTORS.has(name),
    textAccepted:
      automaton !== null && automaton.loops() && !automaton.readsContext() && automaton.step(automaton.initial(), (item) => item.match.some(textMatches)).length > 0,
  };
  entryFacts.set(name, facts);
  return facts;
}

/**
 * The conformance findings of a parsed document (or fragment), sorted by
 * position. Pure: reads the tree, changes nothing.
 */
export function checkConformance(root: TreeRootShape): ConformanceDiagnostic[] {
  return checkConformanceFindings(root).toArray() as ConformanceDiagnostic[];
}

/**
 * The conformance findings of a parsed document (or fragment), kept for
 * `moveConformanceFindings` and `recheckConformance` after an edit.
 */
export function checkConformanceFindings(root: TreeRootShape): ConformanceFindings {
  const out: ConformanceDiagnostic[] = [];
  const checker = new Checker(out, null);
  checker.walk(root);
  const elementLevel = out.length;
  if (root.kind === 'document') checker.documentRules(root);
  const hasBase = checkBaseBeforeUrls(root, checker.reporter);
  const documentLevel = out.splice(elementLevel);
  out.sort(byPosition);
  documentLevel.sort(byPosition);
  return ConformanceFindings.of(out, documentLevel, checker.disordered(), checker.sawMarker, new HeadingOutline(checker.headingStarts, checker.headingLevels, checker.sawHeadingOffsets), hasBase);
}

function byPosition(a: ConformanceDiagnostic, b: ConformanceDiagnostic): number {
  return a.start - b.start || a.end - b.end;
}

/**
 * Findings moved through one edit of the text (`deleteCount` code units at
 * `start` replaced by `insertText`), for `recheckConformance`: those before
 * it stay as they are, those after it move, those it falls inside are left
 * out (the re-check reports them again if they still hold). In time
 * proportional to the findings the edit falls among, not to all of them.
 */
export function moveConformanceFindings(findings: ConformanceFindings, edit: FindingsEdit): ConformanceFindings {
  return findings.moved(edit);
}

/** A node's source extent, as the parser's nodes have it. */
interface Extent {
  readonly start: number;
  readonly end: number;
}

function extentOf(node: unknown): Extent {
  return node as Extent;
}

/** The index of the first of `children` from `from` on that meets `region`, or their length (children in source order). */
function nextMeeting(children: TreeRootShape['children'], from: number, region: Range): number {
  const lo = firstEndingAtOrAfter(children, from, region.start);
  return lo < children.length && extentOf(children[lo]).start <= region.end ? lo : children.length;
}

/** The index of the first of `children` from `from` on that ends at or after `at` (children in source order). */
function firstEndingAtOrAfter(children: TreeRootShape['children'], from: number, at: number): number {
  let lo = from;
  let hi = children.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (extentOf(children[mid]).end < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The children that meet `region`, [from, to) (children in source order). */
function meetingRange(children: TreeRootShape['children'], region: Range): [number, number] {
  const from = firstEndingAtOrAfter(children, 0, region.start);
  let to = from;
  while (to < children.length && extentOf(children[to]).start <= region.end) to++;
  return [from, to];
}

/**
 * Whether the children around `region` (those meeting it, one on each side, and before them those the binary search
 * may pass over: clones the adoption agency algorithm made, which sit where a moved node starts, and any that end in
 * or after the region) are in source order and apart: with the others as they were in an ordered parent, all of them
 * are.
 */
function orderedAround(children: TreeRootShape['children'], region: Range): boolean {
  const [from, to] = meetingRange(children, region);
  let first = Math.max(0, from - 1);
  while (first > 0) {
    const c = children[first] as ElementShape;
    if (extentOf(c).end < region.start && !(c.kind === 'element' && c.cloneOf !== null)) break;
    first--;
  }
  let end = -1;
  for (let i = first; i <= to && i < children.length; i++) {
    const e = extentOf(children[i]);
    if (e.start < end) return false;
    end = e.end;
  }
  return true;
}

/** Whether a node's extent meets `region` (touching counts). */
function meets(node: unknown, region: Range): boolean {
  const e = extentOf(node);
  return e.start <= region.end && e.end >= region.start;
}

/** Codes reported at an element's start tag from what is below it: they stay with an element a re-check does not walk into. */
const SUBTREE_CODES: ReadonlySet<string> = new Set([ConformanceCode.MissingRequiredChild, ConformanceCode.LabelMultipleControls]);
/**
 * Elements a re-check does not walk down through: what is reported on them or below them reads their children (a
 * select's first option, a figure's figcaption, a label's labelable descendants, a time's text, whether a heading is
 * empty), so they are re-checked whole.
 */
/** The elements of the rules in conditional-rules.ts and element-advice.ts (but redundant roles, on any element with a role). */
const RULED_ELEMENTS: ReadonlySet<string> = new Set(['a', 'area', 'img', 'script', 'style', 'html', 'meta', 'input', 'object', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const RECHECKED_WHOLE: ReadonlySet<string> = new Set(['select', 'figure', 'label', 'time', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

const KEEP_ALL = 0;
const KEEP_FROM_BELOW = 1;
/** A node walked whole whose source is inside another's that the walk left standing in part: made again all the same. */
const REPLACE_ALL = 2;

/**
 * Whether `children` are in source order and apart (foster parenting,
 * https://html.spec.whatwg.org/multipage/parsing.html#foster-parent, puts text and elements before a table whose
 * source they are inside): a re-check walks into part of an element by position only when they are.
 */
function inOrder(children: TreeRootShape['children']): boolean {
  let end = -1;
  for (const c of children) {
    const e = extentOf(c);
    if (e.start < end) return false;
    end = e.end;
  }
  return true;
}

/**
 * Children out of source order in blocks: runs of consecutive children whose extents overlap, merged (foster
 * parenting puts a node before a table whose source it is inside, or joins it to the text before the table, so it
 * falls in one block with the table). The blocks are in source order and apart. Flat: per block, its first child's
 * index, the index after its last, and the start and end of the extents' union.
 */
function blocksOf(children: TreeRootShape['children']): Int32Array {
  // OPTIMIZATION: one typed array used as a stack (a large parent has tens of thousands of children).
  const out = new Int32Array(4 * children.length);
  let top = 0;
  for (let i = 0; i < children.length; i++) {
    const e = extentOf(children[i]);
    let from = i;
    let start = e.start;
    let end = e.end;
    // Every block before that ends after this child starts joins its block.
    while (top > 0 && out[top - 1] > start) {
      end = Math.max(end, out[top - 1]);
      start = Math.min(start, out[top - 2]);
      from = out[top - 4];
      top -= 4;
    }
    out[top] = from;
    out[top + 1] = i + 1;
    out[top + 2] = start;
    out[top + 3] = end;
    top += 4;
  }
  return out.subarray(0, top);
}

/** The block holding child `index`. */
function blockAt(blocks: Int32Array, index: number): number {
  let lo = 0;
  let hi = blocks.length / 4 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks[4 * mid] <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function blockMeets(blocks: Int32Array, b: number, region: Range): boolean {
  return blocks[4 * b + 2] <= region.end && blocks[4 * b + 3] >= region.start;
}

/** The first block from `from` on that meets `region`, or the number of blocks. */
function nextMeetingBlock(blocks: Int32Array, from: number, region: Range): number {
  const count = blocks.length / 4;
  let lo = from;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (blocks[4 * mid + 3] < region.start) lo = mid + 1;
    else hi = mid;
  }
  return lo < count && blocks[4 * lo + 2] <= region.end ? lo : count;
}

/** Whether a re-check that walks into `element` walks into all of it (its template contents and foreign content too). */
function wholeBelow(element: ElementShape): boolean {
  return element.namespace !== 'html' || element.content !== null || RECHECKED_WHOLE.has(element.name);
}

/** Whether a finding on a start tag comes from below the element (a re-check that judges the tag again keeps it). */
function fromBelow(d: ConformanceDiagnostic): boolean {
  return SUBTREE_CODES.has(d.code);
}

/**
 * The conformance findings of a document after an incremental reparse, from
 * the previous findings: `moved` are those of the previous parse moved
 * through the edit into the new text's offsets (`moveConformanceFindings`),
 * `region` the stretch of the new text the parser parsed again (every node
 * outside it is the previous parse's). Only the deepest element that
 * contains the region is checked again, and of its children only those that
 * meet the region are walked into (the others are checked as children, as
 * their parent's model reads them; in models that judge each child alone
 * they are skipped by a binary search); the walk down to it is silent and
 * finds the children by position too. The title rules are made again (they
 * read the head's children). The cost follows what is walked, not the
 * document: the findings are replaced chunk by chunk, and whether a parent's
 * children are in source order is known from the previous check and
 * verified only around the region.
 *
 * Returns null when the document's findings may change beyond what is
 * re-checked (a main element is met: mains are judged across the document);
 * the caller then checks the whole document.
 */
export function recheckConformance(root: TreeRootShape, moved: ConformanceFindings, changed: Range): ConformanceFindings | null {
  // The findings the edit left out (`ConformanceFindings.moved`) are made again: the region covers them.
  const dropped = moved.dropped;
  const region = dropped === null ? changed : { start: Math.min(changed.start, dropped.start), end: Math.max(changed.end, dropped.end) };
  const out: ConformanceDiagnostic[] = [];
  const checker = new Checker(out, { previous: moved, region });
  checker.silent = true;
  let frame = checker.rootFrame(root.children, null, root);
  let container: ElementShape | null = null;
  let contentStart = 0;
  let contentEnd = Number.MAX_SAFE_INTEGER;
  const tables: ElementShape[] = [];
  /** How far the walk went down from the last table: 1 the table, 2 a row group, 3 a row; 0 elsewhere. */
  let tableStep = 0;
  const rootOrder = checker.orderFor(root, root.children);
  while (rootOrder === true) {
    const [from, to] = meetingRange(frame.children, region);
    if (to - from !== 1 || frame.children[from].kind !== 'element') break;
    const c = frame.children[from] as ElementShape;
    const start = c.startTag !== null ? c.startTag.end : extentOf(c).start;
    const end = extentOf(c).end;
    if (start > region.start || end < region.end || wholeBelow(c) || checker.orderFor(c, c.children) !== true) break;
    // The children before it, as its parent's model reads them (OPTIMIZATION: not needed when each child is judged alone).
    if (frame.automaton !== null && !frame.automaton.loops()) for (const s of frame.children) {
      if (s === c) break;
      if (s.kind === 'text') checker.text(frame, s as unknown as TextLike);
      else if (s.kind === 'element') checker.element(frame, s as ElementShape, false);
    }
    frame = checker.element(frame, c, false);
    // A table the re-check walks down through: its table model is made again (table-model.ts reads its rows and
    // cells), unless the walk goes on down into one of its cells (row group, row, cell): the region is inside that
    // cell's content, so its rows and cells and their spans are as they were (OPTIMIZATION: a table of 14,000 cells
    // is not read again at each keystroke in one of them).
    if (c.namespace === 'html') {
      const name = c.name;
      if (name === 'table' && c.startTag !== null) {
        tables.push(c);
        tableStep = 1;
      } else if (tableStep === 1 && (name === 'tbody' || name === 'thead' || name === 'tfoot')) tableStep = 2;
      else if ((tableStep === 1 || tableStep === 2) && name === 'tr') tableStep = 3;
      else if (tableStep === 3 && (name === 'td' || name === 'th')) {
        tables.pop();
        tableStep = 0;
      } else tableStep = 0;
    } else tableStep = 0;
    container = c;
    contentStart = start;
    contentEnd = end;
  }
  checker.silent = false;
  if (container === null && rootOrder !== true) frame.blocks = rootOrder;
  frame.whole = false;
  checker.run(frame, region);
  // Mains are judged across the document; a marker met for the first time may have moved nodes anywhere.
  if (checker.sawMain || (checker.sawMarker && !moved.markers)) return null;
  // Heading levels are judged across the document: a heading added, removed or changed, or heading offsets anywhere.
  const outline = moved.outline;
  if (outline.touched || outline.offsets || checker.sawHeadingOffsets || checker.outlineChanged || checker.headingsInRegion !== outline.countIn(region.start, region.end)) return null;
  for (const table of tables) checkTableModel(table, checker.reporter);
  const elementLevel = out.length;
  if (root.kind === 'document') checker.documentRules(root);
  const hasBase = recheckBaseBeforeUrls(root, moved.hasBase, region, checker.reporter);
  const documentLevel = out.splice(elementLevel);
  out.sort(byPosition);
  documentLevel.sort(byPosition);

  // The previous findings made again: on the container's start tag, those from below it; inside it, those the walk
  // did not leave standing (it leaves those inside elements it did not walk into, and on their start tags those from
  // below them).
  const replaced: Replaced[] = [];
  const containerTag = container?.startTag?.start ?? -1;
  // (`which` reads a finding as stored, its positions less its chunk's delta: by its code only.) The tables above the
  // container, in tree order (their start tags before the container's), their table model; the container, also what
  // is missing in it.
  for (const table of tables) {
    if (table === container) continue;
    replaced.push({ start: table.startTag!.start, end: table.startTag!.start + 1, which: (d) => d.code === ConformanceCode.TableModelError });
  }
  const containerIsTable = tables.length > 0 && tables[tables.length - 1] === container;
  if (containerTag >= 0) {
    replaced.push({
      start: containerTag,
      end: containerTag + 1,
      which: containerIsTable ? (d) => d.code === ConformanceCode.MissingRequiredChild || d.code === ConformanceCode.TableModelError : (d) => d.code === ConformanceCode.MissingRequiredChild,
    });
  }
  replacedStretches(checker.rechecked, contentStart, contentEnd, replaced);
  return moved.replaced(replaced, out, documentLevel, checker.disorderedAfter(moved, region), moved.markers, outline, hasBase);
}

/**
 * The stretches of [contentStart, contentEnd) whose previous findings a re-check made again, into `out` (sorted,
 * apart), from where its walk left them standing (`Checker.rechecked`). Where those overlap (a node fostered before
 * a table, https://html.spec.whatwg.org/multipage/parsing.html#foster-parent, has its source inside the table's),
 * REPLACE_ALL wins over KEEP_FROM_BELOW, which wins over KEEP_ALL.
 */
function replacedStretches(rechecked: readonly number[], contentStart: number, contentEnd: number, out: Replaced[]): void {
  let ordered = true;
  for (let j = 0, end = -1; j < rechecked.length; j += 3) {
    if (rechecked[j + 1] <= rechecked[j]) continue;
    if (rechecked[j] < end || rechecked[j + 2] === REPLACE_ALL) {
      ordered = false;
      break;
    }
    end = rechecked[j + 1];
  }
  if (ordered) {
    // The usual case: in source order and apart.
    let at = contentStart;
    for (let j = 0; j < rechecked.length; j += 3) {
      const start = rechecked[j];
      const end = rechecked[j + 1];
      if (end <= start) continue;
      if (start > at) out.push({ start: at, end: start, which: all });
      if (rechecked[j + 2] === KEEP_FROM_BELOW) out.push({ start, end, which: notFromBelow });
      if (end > at) at = end;
    }
    if (contentEnd > at) out.push({ start: at, end: contentEnd, which: all });
    return;
  }
  // A sweep over the stretches' ends: at each point, the strongest stretch open there decides.
  const events: [at: number, kind: number, open: number][] = [];
  for (let j = 0; j < rechecked.length; j += 3) {
    const start = Math.max(rechecked[j], contentStart);
    const end = Math.min(rechecked[j + 1], contentEnd);
    if (end <= start) continue;
    events.push([start, rechecked[j + 2], 1], [end, rechecked[j + 2], -1]);
  }
  events.sort((a, b) => a[0] - b[0]);
  const open = [0, 0, 0];
  /** What the stretch from `from` on does: `all`, `notFromBelow`, or null (kept). */
  let which: Replaced['which'] | null = all;
  let from = contentStart;
  const decide = (): Replaced['which'] | null => (open[REPLACE_ALL] > 0 ? all : open[KEEP_FROM_BELOW] > 0 ? notFromBelow : open[KEEP_ALL] > 0 ? null : all);
  for (let k = 0; k < events.length; ) {
    const at = events[k][0];
    for (; k < events.length && events[k][0] === at; k++) open[events[k][1]] += events[k][2];
    const next = decide();
    if (next === which) continue;
    if (which !== null && at > from) out.push({ start: from, end: at, which });
    which = next;
    from = at;
  }
  if (which !== null && contentEnd > from) out.push({ start: from, end: contentEnd, which });
}

const all = (): boolean => true;
const notFromBelow = (d: ConformanceDiagnostic): boolean => !fromBelow(d);

/** A reused frame set to walk `children` from the first, whole, with no blocks yet; the caller sets the rest. */
function startFrame(frame: Frame, element: Frame['element'], owner: object, children: Frame['children']): Frame {
  frame.element = element;
  frame.owner = owner;
  frame.blocks = null;
  frame.whole = true;
  frame.wholeUntil = 0;
  frame.blockUntil = 0;
  frame.fosteredUntil = 0;
  frame.children = children;
  frame.index = 0;
  return frame;
}

class Checker {
  /** Visible main elements, in tree order. */
  private readonly mains: ElementShape[] = [];
  /** While set, nothing is reported (a re-check walking down to the part it re-checks). */
  silent = false;
  /** Set when a main element was checked (a re-check of part of a document cannot judge mains). */
  sawMain = false;
  /**
   * Where a re-check's walk left the previous findings standing, in source order: triples of start, end and which
   * (KEEP_ALL: all of them; KEEP_FROM_BELOW: a start tag judged again, where only findings from below it stand), or
   * where it made them all again over what it left standing (REPLACE_ALL): see `replacedStretches`.
   */
  readonly rechecked: number[] = [];

  /**
   * The parents whose children this walk saw whole, or scanned, and whether they are in source order (a re-check),
   * or only those that are not (a full check).
   */
  private readonly order = new Map<object, boolean>();
  /**
   * Set when a `<?marker>` or `<?start>` processing instruction was walked: a `<template for>` may then move nodes into
   * its parent (tree/template-for.ts), far from an edit's region.
   */
  sawMarker = false;

  constructor(
    private readonly out: ConformanceDiagnostic[],
    /** For a re-check: the previous findings, moved, and the reparsed region. */
    private readonly recheck: { readonly previous: ConformanceFindings; readonly region: Range } | null,
  ) {}

  /** Per parent, what `orderFor` found in this re-check. */
  private readonly orderFound = new Map<object, true | Int32Array>();

  /**
   * Whether `owner`'s children are in source order (true), or else their blocks (`blocksOf`), for a re-check: a parent
   * the previous parse had with its children in order (it starts before the region and the previous check did not find
   * them out of order) is verified only around the region (`orderedAround`), in a document with no markers; another is
   * scanned (its extents only, not walked). In a document with markers, the previous order is not trusted: an edit
   * far from a parent can move nodes into it (a `<template for>` whose contents the edit makes patch another
   * parent, tree/template-for.ts), where no search around the region sees them.
   */
  orderFor(owner: object, children: Frame['children']): true | Int32Array {
    let found = this.orderFound.get(owner);
    if (found !== undefined) return found;
    const { previous, region } = this.recheck!;
    if (!previous.markers && this.orderKey(owner) < region.start && !previous.isDisordered(owner) && orderedAround(children, region)) found = true;
    else {
      const blocks = blocksOf(children);
      const ordered = blocks.length === 4 * children.length;
      this.order.set(owner, ordered);
      found = ordered ? true : blocks;
    }
    this.orderFound.set(owner, found);
    return found;
  }

  /**
   * Whether the block of `frame`'s children [from, last] (`blocksOf`) can be walked in part, child by child, in a
   * parent that the previous parse had as it is (its start tag before the region): its last child is an element whose
   * extent holds the other elements' (foster parenting puts them before a table whose source they are inside), and
   * its text is allowed there, so reports nothing, now or before (text foster parenting joined to the text before
   * the table). The other elements are walked whole where they meet the region (`fosteredUntil`), the last as any
   * child.
   */
  blockInPart(frame: Frame, from: number, last: number): boolean {
    const owner = frame.owner as ElementShape;
    const region = this.recheck!.region;
    if (owner.kind === 'element') {
      const tag = owner.startTag;
      if ((tag !== null ? tag.end : extentOf(owner).start) >= region.start) return false;
    }
    const children = frame.children;
    if (children[last].kind !== 'element') return false;
    const outer = extentOf(children[last]);
    let textAllowed: boolean | null = null;
    for (let i = from; i < last; i++) {
      const c = children[i];
      if (c.kind === 'element') {
        const e = extentOf(c);
        if (e.start < outer.start || e.end > outer.end) return false;
      } else if (c.kind === 'text' && frame.automaton !== null && !isInterElementWhitespace((c as unknown as TextLike).data)) {
        // A model that judges each child alone (a frame walked by blocks): text now is text before.
        textAllowed ??= this.step(frame, null, undefined).length > 0;
        if (!textAllowed) return false;
      }
    }
    return true;
  }

  /** A parent's position among the disordered parents: the document's is -1. */
  private orderKey(owner: object): number {
    return (owner as { kind: string }).kind === 'element' ? extentOf(owner).start : -1;
  }

  /** The parents a full check found with their children out of source order. */
  disordered(): DisorderedParent[] {
    const out: DisorderedParent[] = [];
    for (const [parent, ordered] of this.order) if (!ordered) out.push({ parent: new WeakRef(parent), at: this.orderKey(parent) });
    return out;
  }

  /**
   * The parents with their children out of order after a re-check: the previous ones, but those the reparse made
   * again (in the region) or this walk saw, and those this walk found.
   */
  disorderedAfter(previous: ConformanceFindings, region: Range): DisorderedParent[] {
    const out: DisorderedParent[] = [];
    for (const d of previous.disordered) {
      const parent = d.parent.deref();
      // A parent no longer alive is in no tree: forgotten.
      if (parent !== undefined && !(d.at >= region.start && d.at <= region.end) && !this.order.has(parent)) out.push(d);
    }
    out.push(...this.disordered());
    return out;
  }

  /**
   * One string per distinct message: a legacy page repeats a few messages
   * tens of thousands of times ("The align attribute on <td> is obsolete…"),
   * each built anew, and the findings are kept for as long as the document
   * is open (the 7 MB page: 24,477 obsolete attributes).
   */
  private readonly messages = new Map<string, string>();

  private report(code: ConformanceCode, range: Range, message: string, href?: string, related?: ConformanceDiagnostic['related']): void {
    if (this.silent) return;
    const info = CONFORMANCE_CODES[code];
    let shared = this.messages.get(message);
    if (shared === undefined) this.messages.set(message, (shared = message));
    const d: ConformanceDiagnostic = { code, severity: info.severity, start: range.start, end: range.end, message: shared, href: href ?? info.href };
    if (related !== undefined && related.length > 0) d.related = related;
    this.out.push(d);
  }

  walk(root: TreeRootShape): void {
    this.run(this.rootFrame(root.children, null, root), null);
  }

  /** The frames by depth (see Frame). */
  private readonly frames: Frame[] = [];

  /** The frame at `depth`, to fill. */
  private frameAt(depth: number): Frame {
    const frames = this.frames;
    while (frames.length <= depth) frames.push(emptyFrame(frames.length));
    return frames[depth];
  }

  /**
   * Walks `start` and everything below it. With a `region`, every child of a
   * frame is checked as a child, but only the children that meet the region
   * are walked into, unless they are re-checked whole (`wholeBelow`).
   */
  run(start: Frame, region: Range | null): void {
    const stack: Frame[] = [start];
    const rechecked = this.rechecked;
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame.index >= frame.children.length) {
        this.finish(frame);
        stack.pop();
        // Whether the children of a parent walked whole are in source order (the template contents' are never asked):
        // foster parenting, the adoption agency algorithm and `<template for>` patches move nodes out of it.
        if (frame.whole && (frame.element !== null || (frame.owner as { kind: string }).kind === 'document')) {
          const ordered = frame.children.length < 2 || inOrder(frame.children);
          if (!ordered || this.recheck !== null) this.order.set(frame.owner, ordered);
        }
        continue;
      }
      const child = frame.children[frame.index++];
      let all = frame.whole || frame.index <= frame.wholeUntil;
      const blocks = frame.blocks;
      if (!all && blocks !== null && frame.index > frame.blockUntil) {
        // Children out of source order, walked in part by blocks (the walk is at a block's first child): a block away
        // from the region is skipped with the ones after it up to the next that meets it; one that meets it is walked
        // into, whole when it holds more than one child, unless all but its last are text the parent allows (text
        // joined by foster parenting: then they report nothing, and the last, the table, is walked as any child).
        const b = blockAt(blocks, frame.index - 1);
        if (!blockMeets(blocks, b, region!)) {
          const n = nextMeetingBlock(blocks, b + 1, region!);
          rechecked.push(blocks[4 * b + 2], blocks[4 * (n - 1) + 3], KEEP_ALL);
          frame.index = n < blocks.length / 4 ? blocks[4 * n] : frame.children.length;
          continue;
        }
        if (blocks[4 * b + 1] - blocks[4 * b] > 1) {
          if (this.blockInPart(frame, blocks[4 * b], blocks[4 * b + 1] - 1)) {
            frame.blockUntil = blocks[4 * b + 1];
            frame.fosteredUntil = blocks[4 * b + 1] - 1;
          } else {
            frame.wholeUntil = blocks[4 * b + 1];
            all = true;
          }
        }
      }
      if (!all && frame.index > frame.blockUntil && !meets(child, region!) && (frame.automaton === null || frame.automaton.loops())) {
        // OPTIMIZATION: in a model that judges each child alone, the children away from the region are judged as
        // before: skip to the next one that meets it (children are in source order in a frame walked in part).
        const next = nextMeeting(frame.children, frame.index, region!);
        rechecked.push(extentOf(child).start, extentOf(frame.children[next - 1]).end, KEEP_ALL);
        frame.index = next;
        continue;
      }
      if (child.kind === 'text') {
        this.text(frame, child as unknown as TextLike);
        continue;
      }
      if (child.kind !== 'element') {
        if (child.kind === 'processingInstruction' && isMarkerTarget((child as { readonly target?: string }).target)) this.sawMarker = true;
        continue;
      }
      const element = child as ElementShape;
      const next = this.element(frame, element);
      if (!all && !meets(element, region!)) {
        // Judged again as a child; what is below it stands.
        const tag = element.startTag;
        if (tag !== null) rechecked.push(tag.start, tag.end, KEEP_FROM_BELOW);
        rechecked.push(tag !== null ? tag.end : extentOf(element).start, extentOf(element).end, KEEP_ALL);
        continue;
      }
      let wholeHere = all || wholeBelow(element);
      if (!all && frame.index <= frame.fosteredUntil) {
        // An element of a block walked in part, its source inside the block's last child (`blockInPart`): walked
        // whole, and its stretch made again even where the walk leaves the last child's findings standing.
        wholeHere = true;
        rechecked.push(extentOf(element).start, extentOf(element).end, REPLACE_ALL);
      }
      if (!wholeHere) {
        const order = this.orderFor(element, element.children);
        // Children out of order are walked in part by blocks only in a model that judges each child alone.
        if (order !== true) {
          if (next.automaton === null || next.automaton.loops()) next.blocks = order;
          else wholeHere = true;
        }
      }
      // OPTIMIZATION: an element without children needs no frame unless its model requires a child.
      if (next.children.length > 0 || (next.automaton !== null && !next.automaton.accepts(next.states))) {
        next.whole = wholeHere;
        stack.push(next);
      }
      if (element.content !== null) {
        // Above the element's frame (which is walked after it).
        const contents = this.rootFrame(element.content.children, null, element.content, next.depth + 1);
        stack.push(contents);
      }
    }
  }

  /** A tree's root: the document or a template's contents, walked whole. Its children may be anything. */
  rootFrame(children: Frame['children'], restrictions: Restriction | null, owner: object, depth = 0): Frame {
    const frame = startFrame(this.frameAt(depth), null, owner, children);
    frame.automaton = null;
    frame.model = null;
    frame.states = NO_STATES;
    frame.context = null;
    frame.restrictions = restrictions;
    frame.mainAllowed = true;
    frame.label = null;
    frame.figure = null;
    frame.inMap = false;
    frame.headingOffset = 0;
    frame.inTemplate = depth > 0;
    frame.failed = false;
    frame.textAccepted = false;
    return frame;
  }

  // -------------------------------------------------------------------------
  // Children
  // -------------------------------------------------------------------------

  text(frame: Frame, text: TextLike): void {
    // OPTIMIZATION: text where text was accepted already in a model that judges each child alone is accepted again.
    if (frame.automaton === null || frame.textAccepted || isInterElementWhitespace(text.data)) return;
    const parent = frame.element!;
    // noscript with scripting enabled is read as text, "that conforms to the requirements given in the prose".
    if (parent.name === 'noscript') return;
    const next = this.step(frame, null, undefined);
    if (next.length > 0) {
      frame.states = next;
      if (frame.automaton.loops()) frame.textAccepted = true;
      return;
    }
    if (frame.failed && frame.states.length === 0) return;
    frame.failed = true;
    this.report(
      ConformanceCode.TextNotAllowed,
      trimmedTextRange(text),
      `Text is not allowed in <${parent.name}>: ${this.expected(parent, frame)}`,
      elementEntry(parent.name)?.href,
      this.parentRelated(parent),
    );
  }

  /** The child `matchChild` matches (an element, or null for text), its entry and its parent's context. */
  private matching: ElementShape | null = null;
  private matchingEntry: ElementEntry | undefined = undefined;
  private matchingContext: Context | null = null;
  /** The first item `matchChild` matched since `step` began. */
  private accepting: ContentItem | null = null;
  /** OPTIMIZATION: one matcher for every step (no closure is made per child). */
  private readonly matchChild = (item: ContentItem): boolean => {
    const ok = this.itemMatches(item, this.matching, this.matchingEntry, this.matchingContext, 0);
    if (ok && this.accepting === null) this.accepting = item;
    return ok;
  };

  /** `frame`'s states after the child `element` (null: text), and in `accepting` the first item it matched. */
  private step(frame: Frame, element: ElementShape | null, entry: ElementEntry | undefined): number[] {
    this.matching = element;
    this.matchingEntry = entry;
    this.matchingContext = frame.context;
    this.accepting = null;
    return frame.automaton!.step(frame.states, this.matchChild);
  }

  /** Whether `element` matches one of `selectors` as something an ancestor forbids (`forbiddenMatches`). */
  private anyForbidden(selectors: readonly Selector[], element: ElementShape, entry: ElementEntry | undefined): boolean {
    for (let i = 0; i < selectors.length; i++) if (this.forbiddenMatches(selectors[i], element, entry)) return true;
    return false;
  }

  /** Checks `element` as a child of `frame`, and returns its own frame; `rules`: false to skip the element's own rules. */
  element(frame: Frame, element: ElementShape, rules = true): Frame {
    const parent = frame.element;
    const html = element.namespace === 'html';
    const facts = html ? factsOf(element.name) : undefined;
    const entry = facts?.entry;
    const written = element.cloneOf === null && hasStartTag(element);
    const custom = html && entry === undefined && isValidCustomElementName(element.name);

    // Restrictions from ancestors.
    let forbidden = false;
    if (html || element.name === 'svg' || element.name === 'math') {
      for (let r = frame.restrictions; r !== null; r = r.next) {
        if (!written) break;
        if (this.anyForbidden(r.selectors, element, entry)) {
          this.report(
            ConformanceCode.ForbiddenDescendant,
            element.startTag!,
            `<${element.name}> must not be inside <${r.ancestor.name}>: ${forbiddenRule(r.ancestor, r.source)}`,
            elementEntry(r.ancestor.name)?.href,
            this.parentRelated(r.ancestor, `The <${r.ancestor.name}> it is inside`),
          );
          forbidden = true;
          break;
        }
      }
    }

    // Matching against the parent's model.
    let accepting: ContentItem | null = null;
    if (frame.automaton !== null) {
      const next = this.step(frame, element, entry);
      accepting = this.accepting;
      if (next.length > 0) frame.states = next;
      else {
        frame.failed = true;
        // An element an ancestor forbids is reported once, as forbidden.
        if (written && !forbidden) this.notAllowed(frame, element, entry, frame.automaton.items(frame.states));
      }
    }

    const headingOffset = html ? computedHeadingOffset(element, frame.headingOffset) : frame.headingOffset;
    if (html && !this.sawHeadingOffsets && hasHeadingOffsetAttributes(element)) this.sawHeadingOffsets = true;
    if (written && html && rules) {
      this.elementRules(frame, element, facts, custom);
      const number = headingNumber(element);
      if (number > 0 && !frame.inTemplate) this.heading(element, headingLevel(number, headingOffset));
    }

    // The element's own frame.
    let model: ContentModel | null = null;
    let automaton: ContentAutomaton | null = null;
    if (facts !== undefined) {
      if (facts.model !== undefined) {
        model = facts.model;
        automaton = facts.automaton;
      } else {
        model = contentModelOf(facts.entry, element, parent);
        if (model.kind === 'pattern') automaton = automatonOf(model.pattern);
      }
    }

    let restrictions = frame.restrictions;
    const acceptingItem = accepting as ContentItem | null;
    if (acceptingItem !== null && acceptingItem.noDescendants !== undefined && parent !== null) {
      let active = false;
      for (let r = restrictions; r !== null; r = r.next) if (r.source === acceptingItem) active = true;
      if (!active) restrictions = { selectors: acceptingItem.noDescendants, ancestor: parent, source: acceptingItem, next: restrictions };
    }

    let label = frame.label;
    if (html) {
      if (label !== null && LABELABLE.has(element.name) && !(element.name === 'input' && isHiddenInput(element))) {
        label.count++;
        if (label.count === 2 && written && label.label.startTag !== null) {
          this.report(
            ConformanceCode.LabelMultipleControls,
            label.label.startTag,
            `<label> contains more than one labelable element (a second <${element.name}>): a label labels one control; give each control its own label`,
            `${SPEC}forms.html#the-label-element`,
            [related(element.startTag!, 'The second labelable element in this label')],
          );
        }
      }
      if (element.name === 'label') label = { label: element, count: 0, first: null };
    }

    // Filled last: `frame` is read above, and the frame at the next depth may be one a sibling had.
    const own = startFrame(this.frameAt(frame.depth + 1), element, element, element.children);
    own.automaton = automaton;
    own.model = model;
    own.states = automaton === null ? NO_STATES : automaton.initial();
    // OPTIMIZATION: only a model with `context` selectors (transparent) reads the context; the contexts its children
    // are given read it only through their accepting item, one of its own.
    own.context =
      automaton === null || !automaton.readsContext() ? null : accepting === null ? (frame.automaton === null ? null : frame.context) : this.contextFor(accepting, frame.context);
    own.restrictions = restrictions;
    own.mainAllowed = frame.mainAllowed && (facts !== undefined ? facts.mainAncestor : custom);
    own.label = label;
    own.figure = html && element.name === 'figure' ? element : frame.figure;
    own.inMap = frame.inMap || (html && element.name === 'map');
    own.headingOffset = headingOffset;
    own.inTemplate = frame.inTemplate;
    own.failed = false;
    own.textAccepted = facts !== undefined && facts.model !== undefined && facts.textAccepted;
    return own;
  }

  /** The context a transparent child accepted by `item` reads. */
  private contextFor(item: ContentItem, parent: Context | null): Context | null {
    // An item that is just "what the parent allows" passes the parent's context on.
    if (item.match.length === 1 && item.match[0].kind === 'context' && item.except === undefined) return parent;
    return { item, parent };
  }

  private finish(frame: Frame): void {
    const element = frame.element;
    if (element === null || frame.automaton === null || frame.failed) return;
    if (frame.automaton.accepts(frame.states)) return;
    if (element.cloneOf !== null || !hasStartTag(element)) return;
    const wanted = frame.automaton
      .items(frame.states)
      .map((item) => describeItem(item))
      .join(' or ');
    this.report(
      ConformanceCode.MissingRequiredChild,
      element.startTag!,
      `<${element.name}> is missing a required ${wanted === '' ? 'child' : wanted}: ${this.expected(element, frame)}`,
      elementEntry(element.name)?.href,
    );
  }

  private notAllowed(frame: Frame, element: ElementShape, entry: ElementEntry | undefined, candidates: ContentItem[]): void {
    const parent = frame.element!;
    // A child excluded by an item that otherwise matches it is a forbidden descendant ("no a element descendants").
    for (const item of candidates) {
      if (item.except === undefined) continue;
      if (!item.match.some((s) => this.selectorMatches(s, element, entry, frame.context, 0))) continue;
      if (!item.except.some((s) => this.forbiddenMatches(s, element, entry))) continue;
      this.report(
        ConformanceCode.ForbiddenDescendant,
        element.startTag!,
        `<${element.name}> must not be inside <${parent.name}>: ${forbiddenRule(parent, item)}`,
        elementEntry(parent.name)?.href,
        this.parentRelated(parent),
      );
      return;
    }
    this.report(
      ConformanceCode.ElementNotAllowed,
      element.startTag!,
      `<${element.name}> is not allowed ${frame.states.length === 0 || frame.automaton!.accepts(frame.states) ? 'in' : 'here in'} <${parent.name}>: ${this.expected(parent, frame)}`,
      elementEntry(parent.name)?.href,
      this.parentRelated(parent),
    );
  }

  /** "a ul contains only: any number of li or script-supporting content" (with the context of a transparent parent). */
  private expected(parent: ElementShape, frame: Frame): string {
    const model = frame.model === null ? '' : describeContentModel(frame.model);
    let text = `<${parent.name}> contains ${model}`;
    if (model.includes('transparent') && frame.context !== null) text += `, here ${describeItem(frame.context.item)}`;
    return text;
  }

  private parentRelated(parent: ElementShape, message?: string): ConformanceDiagnostic['related'] {
    const tag = parent.startTag;
    if (tag === null) return undefined;
    return [{ start: tag.start, end: tag.end, message: message ?? `The parent <${parent.name}>` }];
  }

  // -------------------------------------------------------------------------
  // Matching
  // -------------------------------------------------------------------------

  /** Whether a child (an element, or text when `element` is null) matches `item` read in `context`. */
  private itemMatches(item: ContentItem, element: ElementShape | null, entry: ElementEntry | undefined, context: Context | null, depth: number): boolean {
    let matched = false;
    for (const s of item.match) {
      if (this.selectorMatches(s, element, entry, context, depth)) {
        matched = true;
        break;
      }
    }
    if (!matched) return false;
    if (item.except !== undefined && element !== null) {
      for (const s of item.except) if (this.forbiddenMatches(s, element, entry)) return false;
    }
    return true;
  }

  /**
   * Whether `element` matches `s` as something an ancestor forbids (`except`, `noDescendants`): unknown, custom and
   * obsolete elements are in no category there (they are reported once, by their own code, or never).
   */
  private forbiddenMatches(s: Selector, element: ElementShape, entry: ElementEntry | undefined): boolean {
    if (s.kind === 'attribute') return getAttribute(element, s.name) !== null;
    if (element.namespace !== 'html') return false;
    if (s.kind === 'element') return s.name === element.name;
    if (s.kind !== 'category' || entry === undefined || entry.obsolete !== undefined) return false;
    return entryHasCategory(entry, s.category, element);
  }

  private selectorMatches(s: Selector, element: ElementShape | null, entry: ElementEntry | undefined, context: Context | null, depth: number): boolean {
    if (element === null) {
      if (s.kind !== 'context') return textMatches(s);
      return context === null || depth > CONTEXT_DEPTH_LIMIT || this.itemMatches(context.item, null, undefined, context.parent, depth + 1);
    }
    if (s.kind === 'any') return true;
    if (s.kind === 'text') return false;
    if (s.kind === 'attribute') return getAttribute(element, s.name) !== null;
    if (s.kind === 'context') {
      return context === null || depth > CONTEXT_DEPTH_LIMIT || this.itemMatches(context.item, element, entry, context.parent, depth + 1);
    }
    if (element.namespace !== 'html') {
      // The roots of SVG and MathML are flow, phrasing and embedded content; other foreign elements only appear inside them.
      if (s.kind === 'category') return s.category === 'flow' || s.category === 'phrasing' || s.category === 'embedded';
      return false;
    }
    if (entry === undefined) {
      // Autonomous custom elements (flow, phrasing, palpable) are never flagged; unknown elements are reported once, as unknown.
      return s.kind === 'category' ? s.category !== 'interactive' : true;
    }
    // Obsolete elements are reported once, as obsolete, and allowed wherever they are.
    if (entry.obsolete !== undefined) return s.kind === 'category' ? s.category !== 'interactive' : true;
    if (s.kind === 'element') return s.name === element.name;
    return entryHasCategory(entry, s.category, element);
  }

  // -------------------------------------------------------------------------
  // Rules on one element
  // -------------------------------------------------------------------------

  private elementRules(frame: Frame, element: ElementShape, facts: EntryFacts | undefined, custom: boolean): void {
    const entry = facts?.entry;
    const obsoleteAttributes = facts !== undefined ? facts.obsoleteAttributes : null;
    if (entry === undefined) {
      if (!custom) {
        this.report(
          ConformanceCode.UnknownElement,
          element.startTag!,
          `<${element.name}> is not an HTML element: check the spelling; an autonomous custom element's name must contain a hyphen`,
        );
      }
    } else if (entry.obsolete !== undefined) {
      this.report(ConformanceCode.ObsoleteElement, element.startTag!, `<${element.name}> is obsolete: ${entry.obsolete}`, entry.href);
    } else if (entry.ancestor !== undefined && !(entry.ancestor === 'map' && frame.inMap)) {
      this.report(ConformanceCode.MissingAncestor, element.startTag!, `<${element.name}> must be inside a <${entry.ancestor}>`, entry.href);
    }

    const attributes = element.attributes;
    for (let i = 0; i < attributes.length; i++) {
      const attribute = attributes[i];
      const name = attribute.name;
      if (obsoleteAttributes !== null && obsoleteAttributes.has(name) && !isConformingImgBorder(element, name)) {
        this.report(
          ConformanceCode.ObsoleteAttribute,
          attributeRange(attribute),
          `The ${name} attribute on <${element.name}> is obsolete: use CSS or the element's current attributes instead`,
          `${SPEC}obsolete.html#non-conforming-features`,
        );
      } else if (name === 'role') this.checkRole(element, attribute);
      else if (name.startsWith('aria-') && !ARIA_ATTRIBUTE_SET.has(name)) {
        this.report(
          ConformanceCode.UnknownAriaAttribute,
          attributeRange(attribute),
          `${name} is not a WAI-ARIA state or property: check the spelling`,
          'https://w3c.github.io/aria/#state_prop_def',
        );
      }
    }

    if (entry === undefined || entry.obsolete !== undefined) return;
    switch (element.name) {
      case 'img':
        this.checkImg(frame, element);
        break;
      case 'area':
        if (getAttribute(element, 'href') !== null && getAttribute(element, 'alt') === null) {
          this.missingAttribute(element, 'alt', 'an area with an href must have alt text', `${SPEC}image-maps.html#attr-area-alt`);
        }
        break;
      case 'link':
        // https://html.spec.whatwg.org/multipage/semantics.html#the-link-element
        if (getAttribute(element, 'rel') === null && getAttribute(element, 'itemprop') === null) {
          this.missingAttribute(element, 'rel', 'a link element must have either a rel attribute or an itemprop attribute', `${SPEC}semantics.html#attr-link-rel`);
        }
        if (getAttribute(element, 'href') === null && getAttribute(element, 'imagesrcset') === null) {
          this.missingAttribute(element, 'href', 'a link element must have an href or imagesrcset attribute', `${SPEC}semantics.html#attr-link-href`);
        }
        break;
      case 'meta':
        this.checkMeta(element);
        checkHttpEquiv(element, this.reporter);
        break;
      case 'base':
        // https://html.spec.whatwg.org/multipage/semantics.html#the-base-element: "must have either an href attribute, a target attribute, or both".
        if (getAttribute(element, 'href') === null && getAttribute(element, 'target') === null) {
          this.missingAttribute(element, 'href', 'a base element must have an href attribute, a target attribute, or both', entry.href);
        }
        break;
      case 'bdo':
        // https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-bdo-element: "must specify the dir attribute".
        if (getAttribute(element, 'dir') === null) this.missingAttribute(element, 'dir', 'a bdo element must have a dir attribute', entry.href);
        break;
      case 'main':
        this.checkMain(frame, element);
        break;
      case 'select':
        this.checkSelect(element);
        break;
      case 'table':
        checkTableModel(element, this.reporter);
        break;
      case 'time':
        checkTimeText(element, this.reporter);
        break;
    }
    // OPTIMIZATION: only the elements these rules are about (most elements are none of them).
    if (RULED_ELEMENTS.has(element.name)) {
      if (element.name === 'input' || element.name === 'object') checkConditionalRequired(element, (name, rule, href) => this.missingAttribute(element, name, rule, href));
      checkAttributesNeedingHref(element, this.reporter);
      checkAttributeAdvice(element, this.reporter);
      if (isHeading(element)) checkEmptyHeading(element, this.reporter);
    }
    if (element.attributes.length > 0) checkRedundantRole(element, this.reporter);
  }

  /** `report` for the rules of other files. */
  readonly reporter: Reporter = (code, range, message, href, related) => this.report(code, range, message, href, related);

  private missingAttribute(element: ElementShape, name: string, rule: string, href: string): void {
    this.report(ConformanceCode.MissingRequiredAttribute, element.startTag!, `<${element.name}> is missing the ${name} attribute: ${rule}`, href);
  }

  /** https://html.spec.whatwg.org/multipage/embedded-content.html#the-img-element */
  private checkImg(frame: Frame, element: ElementShape): void {
    // "The src attribute must be present."
    if (getAttribute(element, 'src') === null) {
      this.missingAttribute(element, 'src', 'an img element must have a src attribute', `${SPEC}embedded-content.html#attr-img-src`);
    }
    if (getAttribute(element, 'alt') !== null) return;
    // https://html.spec.whatwg.org/multipage/images.html#unknown-images: alt may be omitted in a figure with a
    // figcaption, or with the generator-unable-to-provide-required-alt attribute.
    if (getAttribute(element, 'generator-unable-to-provide-required-alt') !== null) return;
    if (frame.figure !== null && frame.figure.children.some((c) => c.kind === 'element' && (c as ElementShape).name === 'figcaption')) return;
    this.report(
      ConformanceCode.MissingAlt,
      element.startTag!,
      '<img> is missing the alt attribute: give the image a text alternative, or alt="" when it is decorative',
      `${SPEC}images.html#alt`,
    );
  }

  /** https://html.spec.whatwg.org/multipage/semantics.html#the-meta-element */
  private checkMeta(element: ElementShape): void {
    const named = ['name', 'http-equiv', 'itemprop'].find((n) => getAttribute(element, n) !== null);
    // "If either name, http-equiv, or itemprop is specified, then the content attribute must also be specified."
    if (named !== undefined) {
      if (getAttribute(element, 'content') === null) {
        this.missingAttribute(element, 'content', `a meta element with ${named} must have a content attribute`, `${SPEC}semantics.html#attr-meta-content`);
      }
      return;
    }
    // "Exactly one of the name, http-equiv, charset, and itemprop attributes must be specified."
    // DEVIATION: a meta with RDFa's property attribute (Open Graph) is not reported, as the Nu checker does not report it.
    if (getAttribute(element, 'charset') === null && getAttribute(element, 'property') === null) {
      this.missingAttribute(element, 'name', 'a meta element must have exactly one of name, http-equiv, charset and itemprop', `${SPEC}semantics.html#the-meta-element`);
    }
  }

  /** The headings met, in tree order: their start tags' starts and levels (a full check). */
  readonly headingStarts: number[] = [];
  readonly headingLevels: number[] = [];
  /** Set when an element with headingoffset or headingreset was met. */
  sawHeadingOffsets = false;
  /** A re-check: set when a heading it judged is not in the previous outline with the same level. */
  outlineChanged = false;
  /** A re-check: the headings it judged whose start tag starts in the region. */
  headingsInRegion = 0;

  /**
   * https://html.spec.whatwg.org/multipage/sections.html#headings-and-outlines: "Each heading following another
   * heading lead in the outline must have a heading level that is less than, equal to, or 1 greater than lead's
   * heading level." A re-check reads the level of the heading before from the previous outline.
   */
  private heading(element: ElementShape, level: number): void {
    const start = element.startTag!.start;
    let previous: number;
    if (this.recheck === null) {
      const n = this.headingLevels.length;
      previous = n === 0 ? 0 : this.headingLevels[n - 1];
      this.headingStarts.push(start);
      this.headingLevels.push(level);
    } else {
      const outline = this.recheck.previous.outline;
      const i = outline.indexOf(start);
      if (i < 0 || outline.levels[i] !== level) {
        this.outlineChanged = true;
        return;
      }
      if (start >= this.recheck.region.start && start <= this.recheck.region.end) this.headingsInRegion++;
      previous = i === 0 ? 0 : outline.levels[i - 1];
    }
    if (previous === 0 || level <= previous + 1) return;
    const skipped = level - previous - 1;
    this.report(
      ConformanceCode.HeadingLevelSkipped,
      element.startTag!,
      `<${element.name}> (level ${level}) follows a heading of level ${previous}, skipping ${skipped} level${skipped === 1 ? '' : 's'}: a heading may be at most one level deeper than the one before it`,
    );
  }

  /** https://html.spec.whatwg.org/multipage/grouping-content.html#the-main-element */
  private checkMain(frame: Frame, element: ElementShape): void {
    this.sawMain = true;
    if (!frame.mainAllowed) {
      const parent = frame.element;
      this.report(
        ConformanceCode.MisplacedMain,
        element.startTag!,
        `<main> must not be inside <${parent?.name ?? 'this element'}>: a main element's ancestors must be only html, body, div, form and autonomous custom elements`,
        `${SPEC}grouping-content.html#hierarchically-correct-main-element`,
        parent !== null ? this.parentRelated(parent) : undefined,
      );
    }
    // "A document must not have more than one main element that does not have the hidden attribute specified."
    if (getAttribute(element, 'hidden') !== null) return;
    this.mains.push(element);
    if (this.mains.length === 2) {
      const first = this.mains[0];
      this.report(
        ConformanceCode.DuplicateMain,
        element.startTag!,
        'A second visible <main>: a document must not have more than one main element without the hidden attribute',
        undefined,
        first.startTag !== null ? [related(first.startTag, 'The first visible <main>')] : undefined,
      );
    }
  }

  /** https://html.spec.whatwg.org/multipage/form-elements.html#placeholder-label-option */
  private checkSelect(element: ElementShape): void {
    if (getAttribute(element, 'required') === null || getAttribute(element, 'multiple') !== null) return;
    const size = getAttribute(element, 'size');
    // "has a display size of 1": a size attribute, read as a non-negative integer, of 1 or less (or absent).
    if (size !== null) {
      const m = /^[\t\n\f\r ]*\+?(\d+)/.exec(size.value);
      if (m !== null && Number(m[1]) > 1) return;
    }
    // The first option in the list of options: option children, and option children of optgroup children.
    let first: ElementShape | null = null;
    let inGroup = false;
    for (const child of element.children) {
      if (child.kind !== 'element') continue;
      const c = child as ElementShape;
      if (c.namespace !== 'html') continue;
      if (c.name === 'option') first = c;
      else if (c.name === 'optgroup') {
        for (const g of c.children) {
          if (g.kind === 'element' && (g as ElementShape).name === 'option') {
            first = g as ElementShape;
            inGroup = true;
            break;
          }
        }
      }
      if (first !== null) break;
    }
    if (first === null) return;
    if (!inGroup && optionValue(first) === '') return;
    this.report(
      ConformanceCode.SelectMissingPlaceholder,
      element.startTag!,
      '<select required> needs a placeholder: its first option must have an empty value (value="") and be a child of the select, or give the select a multiple attribute or a size greater than 1',
      `${SPEC}form-elements.html#placeholder-label-option`,
      first.startTag !== null ? [related(first.startTag, 'The first option')] : undefined,
    );
  }

  /** https://w3c.github.io/aria/#host_general_role: each token of role must be a non-abstract role. */
  private checkRole(element: ElementShape, attribute: AttributeShape): void {
    const tokens = splitOnAsciiWhitespaceWithPositions(attribute.value);
    if (tokens.length === 0) {
      this.report(ConformanceCode.InvalidRole, attributeRange(attribute), `role on <${element.name}> is empty: give a WAI-ARIA role or remove the attribute`, 'https://w3c.github.io/aria/#role_definitions');
      return;
    }
    for (const token of tokens) {
      const role = token.value.toLowerCase();
      if (ARIA_ROLE_SET.has(role)) continue;
      const range = valueSubrange(attribute, token.start, token.value.length);
      const why = ARIA_ABSTRACT_ROLE_SET.has(role) ? 'is an abstract role, which authors must not use' : 'is not a WAI-ARIA role';
      this.report(ConformanceCode.InvalidRole, range, `role "${token.value}" on <${element.name}> ${why}`, 'https://w3c.github.io/aria/#role_definitions');
    }
  }

  // -------------------------------------------------------------------------
  // Document-level rules
  // -------------------------------------------------------------------------

  /** https://html.spec.whatwg.org/multipage/semantics.html#the-head-element: "of which exactly one is a title element". */
  documentRules(root: TreeRootShape): void {
    const html = root.children.find((c) => c.kind === 'element' && (c as ElementShape).name === 'html' && (c as ElementShape).namespace === 'html') as ElementShape | undefined;
    if (html === undefined) return;
    const head = html.children.find((c) => c.kind === 'element' && (c as ElementShape).name === 'head') as ElementShape | undefined;
    if (head === undefined) return;
    const titles = head.children.filter((c) => c.kind === 'element' && (c as ElementShape).name === 'title' && (c as ElementShape).namespace === 'html') as ElementShape[];
    if (titles.length === 0) {
      const where = head.startTag ?? html.startTag ?? { start: 0, end: 0 };
      this.report(
        ConformanceCode.MissingTitle,
        where,
        'The document has no <title>: its head must contain exactly one title element (unless it is an iframe srcdoc document)',
      );
      return;
    }
    for (let i = 1; i < titles.length; i++) {
      const tag = titles[i].startTag;
      if (tag === null) continue;
      this.report(ConformanceCode.DuplicateTitle, tag, 'A second <title>: the head must contain exactly one title element', undefined, titles[0].startTag !== null ? [related(titles[0].startTag!, 'The first <title>')] : undefined);
    }
  }
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/** A frame to fill (`Checker.frameAt`). */
function emptyFrame(depth: number): Frame {
  return {
    depth,
    element: null,
    owner: NO_STATES,
    blocks: null,
    whole: true,
    wholeUntil: 0,
    blockUntil: 0,
    fosteredUntil: 0,
    children: [],
    index: 0,
    automaton: null,
    model: null,
    states: NO_STATES,
    context: null,
    restrictions: null,
    mainAllowed: true,
    label: null,
    figure: null,
    inMap: false,
    headingOffset: 0,
    inTemplate: false,
    failed: false,
    textAccepted: false,
  };
}

/** Whether a processing instruction's target makes it a marker a `<template for>` looks for (tree/template-for.ts). */
function isMarkerTarget(target: string | undefined): boolean {
  return target === 'marker' || target === 'start';
}

/** Whether text matches `s`, not a `context` selector: text is phrasing and flow content. https://html.spec.whatwg.org/multipage/dom.html#text-content */
function textMatches(s: Selector): boolean {
  switch (s.kind) {
    case 'text':
    case 'any':
      return true;
    case 'category':
      return s.category === 'flow' || s.category === 'phrasing';
    default:
      return false;
  }
}

/** https://html.spec.whatwg.org/multipage/dom.html#inter-element-whitespace */
function isInterElementWhitespace(data: string): boolean {
  for (let i = 0; i < data.length; i++) if (!isAsciiWhitespace(data.charCodeAt(i))) return false;
  return true;
}

function trimmedTextRange(text: TextLike): Range {
  // The text's source run; when the data is its source as written, skip the leading whitespace.
  let start = text.start;
  const end = text.end;
  if (end - start === text.data.length) {
    let i = 0;
    while (i < text.data.length && isAsciiWhitespace(text.data.charCodeAt(i))) i++;
    start += i;
  }
  return { start, end: Math.min(end, start + 80) > start ? Math.min(end, start + 80) : end };
}

/** "an a element must have no interactive content, a or [tabindex] descendants" */
function forbiddenRule(ancestor: ElementShape, item: ContentItem): string {
  const names = (item.noDescendants ?? item.except ?? []).map(describeSelector);
  const list = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  return `${/^[aeiou]/.test(ancestor.name) ? 'an' : 'a'} ${ancestor.name} element must have no ${list} descendants`;
}

/** A related location (ranges may be objects with accessor properties, so they are read, not spread). */
function related(range: Range, message: string): { start: number; end: number; message: string } {
  return { start: range.start, end: range.end, message };
}

function attributeRange(attribute: AttributeShape): Range {
  return { start: attribute.start, end: attribute.end };
}

/** OPTIMIZATION: the parser's elements tell whether they have a start tag without building its range. */
function hasStartTag(element: ElementShape): boolean {
  const end = (element as { readonly startTagEnd?: number | null }).startTagEnd;
  return end !== undefined ? end !== null : element.startTag !== null;
}

function isHiddenInput(element: ElementShape): boolean {
  const type = getAttribute(element, 'type');
  return type !== null && type.value.trim().toLowerCase() === 'hidden';
}

/** https://html.spec.whatwg.org/multipage/form-elements.html#concept-option-value */
function optionValue(option: ElementShape): string {
  const value = getAttribute(option, 'value');
  if (value !== null) return value.value;
  // The text: descendant text, stripped and collapsed.
  let text = '';
  const stack = [...option.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'text') text += (node as unknown as TextLike).data;
    else if (node.kind === 'element') for (let i = (node as ElementShape).children.length - 1; i >= 0; i--) stack.push((node as ElementShape).children[i]);
  }
  return text.replace(/[\t\n\f\r ]+/g, ' ').trim();
}

