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
import type { ElementShape, TreeRootShape } from '../attributes/tree-shape';
import { AttributeChecks, type AttributeDiagnostic } from '../attributes/check-attributes';
import { ConformanceCode } from './conformance-codes';
import { checkTableModel } from './table-model';
import { checkDtNames } from './dl-names';
import type { AriaScope } from './aria-model';
import { recheckOwned } from './aria-rules';
import type { SourceText } from '../source-text';
import { checkBaseBeforeUrls, checkCharsetWithin1024Bytes, recheckBaseBeforeUrls } from './document-rules';
import { HeadingOutline } from './heading-levels';
import { compareFindings, ConformanceFindings, type ConformanceDiagnostic, type FindingsEdit, type Replaced } from './findings';
import { Checker } from './checker';
import { extentOf, meetingRange, replacedStretches, wholeBelow, withClones } from './recheck-region';
import type { Range, TextLike } from './node-reading';

export type { ConformanceDiagnostic } from './findings';

/**
 * The conformance findings of a parsed document (or fragment), sorted by
 * position. Pure: reads the tree, changes nothing.
 */
export function checkConformance(root: TreeRootShape, text?: SourceText): ConformanceDiagnostic[] {
  return checkConformanceFindings(root, text).toArray() as ConformanceDiagnostic[];
}

/**
 * The conformance findings of a parsed document (or fragment), kept for
 * `moveConformanceFindings` and `recheckConformance` after an edit. With the
 * document's `text` (the editor's), the rules on the text are judged too (the
 * charset declaration within the first 1024 bytes, document-rules.ts).
 */
export function checkConformanceFindings(root: TreeRootShape, text?: SourceText): ConformanceFindings {
  return checkWalk(root, text, null);
}

/** Everything that judges a document: its conformance findings and its attribute diagnostics. */
export interface DocumentChecks {
  conformance: ConformanceFindings;
  attributes: AttributeDiagnostic[];
}

/**
 * `checkConformanceFindings` and `checkAttributes` of a parsed document (or fragment), made in one walk of the tree
 * (each node is read once: most of either check's cost was its own walk's first touch of each node). The same
 * findings as each alone.
 */
export function checkDocument(root: TreeRootShape, text?: SourceText): DocumentChecks {
  const attributes = new AttributeChecks();
  const conformance = checkWalk(root, text, attributes);
  return { conformance, attributes: attributes.finish() };
}

/** How many elements a step of `checkDocumentInSteps` walks before it yields. */
const ELEMENTS_PER_STEP = 2048;

/**
 * `checkDocument` in steps: the generator yields after every few thousand elements and returns both checks'
 * findings. A caller can run it in slices between other work, and must stop (drop the generator) once the tree may
 * have changed.
 */
export function* checkDocumentInSteps(root: TreeRootShape, text?: SourceText): Generator<void, DocumentChecks> {
  const attributes = new AttributeChecks();
  const out: ConformanceDiagnostic[] = [];
  const checker = new Checker(out, null);
  checker.attributes = attributes;
  checker.beginWalk(root);
  while (!checker.runOn(null, ELEMENTS_PER_STEP)) yield;
  const conformance = afterWalk(root, text, checker, out);
  return { conformance, attributes: yield* attributes.finishInSteps() };
}

function checkWalk(root: TreeRootShape, text: SourceText | undefined, attributes: AttributeChecks | null): ConformanceFindings {
  const out: ConformanceDiagnostic[] = [];
  const checker = new Checker(out, null);
  checker.attributes = attributes;
  checker.walk(root);
  return afterWalk(root, text, checker, out);
}

/** The findings of a full check once its walk is done: the document's own rules, sorted and kept. */
function afterWalk(root: TreeRootShape, text: SourceText | undefined, checker: Checker, out: ConformanceDiagnostic[]): ConformanceFindings {
  const owns = checker.ownership.resolve(root);
  const elementLevel = out.length;
  if (root.kind === 'document') checker.documentRules(root);
  const hasBase = checkBaseBeforeUrls(root, checker.reporter, checker.firstBaseWithHref);
  checkCharsetWithin1024Bytes(root, text, checker.reporter);
  const documentLevel = out.splice(elementLevel);
  sortByPosition(out);
  sortByPosition(documentLevel);
  const findings = ConformanceFindings.of(out, documentLevel, checker.disordered(), checker.sawMarker, new HeadingOutline(checker.headingStarts, checker.headingLevels, checker.sawHeadingOffsets), hasBase, checker.tableRows, owns);
  checker.release();
  return findings;
}

const byPosition = compareFindings;

/**
 * Sorts `findings` by position (`compareFindings`). OPTIMIZATION: findings the walk made in order (it reports most on
 * the element it is at, in tree order) are left as they are, not copied into the sort's work array; a stable sort
 * leaves such an array unchanged.
 */
function sortByPosition(findings: ConformanceDiagnostic[]): void {
  for (let i = 1; i < findings.length; i++) {
    if (byPosition(findings[i - 1], findings[i]) > 0) {
      findings.sort(byPosition);
      return;
    }
  }
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
export function recheckConformance(root: TreeRootShape, moved: ConformanceFindings, changed: Range, text?: SourceText): ConformanceFindings | null {
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
  /** For each of `tables`, the row group the walk went down through (table-model.ts reads only its rows in the region). */
  const throughs: (ElementShape | null)[] = [];
  /** How far the walk went down from the last table: 1 the table, 2 a row group, 3 a row; 0 elsewhere. */
  let tableStep = 0;
  /** The dl elements walked down through whose dt names the region may change (dl-names.ts). */
  const dls: ElementShape[] = [];
  /** How far the walk went down from the last dl: 1 the dl, 2 a div group in it; 0 elsewhere. */
  let dlStep = 0;
  /** The elements walked down through that WAI-ARIA 1.2's required owned elements apply to, and their scopes. */
  const ownedOnPath: { element: ElementShape; parent: ElementShape | null; scope: AriaScope; depth: number }[] = [];
  /** The elements the walk goes down through, from the root's child to the container. */
  const path: ElementShape[] = [];
  const rootOrder = checker.orderFor(root, root.children);
  while (rootOrder === true) {
    const [from, to] = meetingRange(frame.children, region);
    if (to - from !== 1 || frame.children[from].kind !== 'element') break;
    const c = frame.children[from] as ElementShape;
    const start = c.startTag !== null ? c.startTag.end : extentOf(c).start;
    const end = extentOf(c).end;
    // A clone whose content begins at the region is judged, not walked down through: its finding is there
    // (`withClones`). An element that ends where the region ends may have taken in siblings the reparse dropped (a
    // dt whose end tag the edit broke now holds what followed it in its dl): its parent is walked, and finished.
    if (start > region.start || (c.cloneOf !== null && start === region.start) || end <= region.end || wholeBelow(c) || checker.orderFor(c, c.children) !== true) break;
    // The children before it, as its parent's model reads them (OPTIMIZATION: not needed when each child is judged alone).
    if (frame.automaton !== null && !frame.automaton.loops()) for (const s of frame.children) {
      if (s === c) break;
      if (s.kind === 'text') checker.text(frame, s as unknown as TextLike);
      else if (s.kind === 'element') checker.element(frame, s as ElementShape, false);
    }
    // An element with a role that has required owned elements, walked down through: its finding is made again.
    checker.ownership.met(c);
    const ownedScope = checker.ownedScopeOnPath(frame, c);
    if (ownedScope !== null) ownedOnPath.push({ element: c, parent: frame.element, scope: ownedScope, depth: path.length });
    path.push(c);
    frame = checker.element(frame, c, false);
    // A table the re-check walks down through: its table model is made again (table-model.ts reads its rows and
    // cells), unless the walk goes on down into one of its cells (row group, row, cell): the region is inside that
    // cell's content, so its rows and cells and their spans are as they were (OPTIMIZATION: a table of 14,000 cells
    // is not read again at each keystroke in one of them).
    if (c.namespace === 'html') {
      const name = c.name;
      if (name === 'table' && c.startTag !== null) {
        tables.push(c);
        throughs.push(null);
        tableStep = 1;
      } else if (tableStep === 1 && (name === 'tbody' || name === 'thead' || name === 'tfoot')) {
        throughs[throughs.length - 1] = c;
        tableStep = 2;
      } else if ((tableStep === 1 || tableStep === 2) && name === 'tr') tableStep = 3;
      else if (tableStep === 3 && (name === 'td' || name === 'th')) {
        tables.pop();
        throughs.pop();
        tableStep = 0;
      } else tableStep = 0;
    } else tableStep = 0;
    // A dl the re-check walks down through: its dt names are read again, unless the walk goes on down into one of
    // its dds (OPTIMIZATION: the region is inside that dd's content, so its dts are as they were).
    if (c.namespace === 'html' && c.name === 'dl' && c.startTag !== null) {
      dls.push(c);
      dlStep = 1;
    } else if (dlStep === 1 && c.namespace === 'html' && c.name === 'div') dlStep = 2;
    else if ((dlStep === 1 || dlStep === 2) && c.namespace === 'html' && c.name === 'dd') {
      dls.pop();
      dlStep = 0;
    } else dlStep = 0;
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
  for (let i = 0; i < tables.length; i++) checkTableModel(tables[i], checker.reporter, checker.tableRows, { region, through: throughs[i] });
  for (const dl of dls) checkDtNames(dl, checker.reporter);
  const ownedAgain: number[] = [];
  for (const o of ownedOnPath) {
    const before = { stood: (at: number) => moved.has(at, ConformanceCode.AriaMissingRequiredOwned), chain: path.slice(o.depth + 1), region };
    const at = recheckOwned(o.element, o.parent, o.scope, checker.reporter, checker.ownership, before);
    if (at >= 0) ownedAgain.push(at);
  }
  // aria-owns and the ids it names are judged across the document (aria-owns.ts).
  if (checker.ownership.changed || moved.owns.touched || moved.owns.meets(region.start, region.end)) return null;
  const elementLevel = out.length;
  if (root.kind === 'document') checker.documentRules(root);
  const hasBase = recheckBaseBeforeUrls(root, moved.hasBase, checker.sawBase, checker.reporter);
  checkCharsetWithin1024Bytes(root, text, checker.reporter);
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
  // So for the dls above the container and the container, their dt names (dl-names.ts); a start tag's codes together.
  const onTags = new Map<number, ConformanceCode[]>();
  const madeAgain = (start: number, code: ConformanceCode) => {
    const codes = onTags.get(start);
    if (codes === undefined) onTags.set(start, [code]);
    else codes.push(code);
  };
  for (const table of tables) if (table !== container) madeAgain(table.startTag!.start, ConformanceCode.TableModelError);
  for (const dl of dls) madeAgain(dl.startTag!.start, ConformanceCode.DuplicateDtName);
  for (const at of ownedAgain) madeAgain(at, ConformanceCode.AriaMissingRequiredOwned);
  const containerIsTable = tables.length > 0 && tables[tables.length - 1] === container;
  if (containerTag >= 0) {
    madeAgain(containerTag, ConformanceCode.MissingRequiredChild);
    if (containerIsTable) madeAgain(containerTag, ConformanceCode.TableModelError);
  }
  for (const [start, codes] of [...onTags].sort((a, b) => a[0] - b[0])) {
    replaced.push({ start, end: start + 1, which: codes.length === 1 ? (d) => d.code === codes[0] : (d) => codes.includes(d.code) });
  }
  replacedStretches(checker.rechecked, contentStart, contentEnd, replaced);
  return moved.replaced(withClones(replaced, checker.judgedClones, region), out, documentLevel, checker.disorderedAfter(moved, region), moved.markers, outline, hasBase);
}
