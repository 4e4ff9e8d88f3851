/**
 * Conformance findings (content models, obsolete features, required
 * attributes, title, main, ARIA names…) as diagnostics in offsets, graded by
 * the same settings as every other diagnostic; the hover line of an element
 * (its categories and content model); and the unambiguous quick fixes.
 * The checks and the element table are the parser's (`checkConformance`,
 * server/parser/src/conformance/).
 *
 * Like the attribute checks, the findings are computed once per parse. After
 * an incremental reparse they are made from the previous parse's: moved
 * through the edit, with only the part of the tree the reparse changed
 * checked again (`recheckConformance`). When that cannot be done (no exact
 * previous findings, several edits, a main element in the way), a small
 * document is checked whole; a large one first carries the previous findings
 * over through the edits, and the exact ones are made when the attribute
 * checks are (when the editor is idle: features/attributes.ts).
 */
import { checkConformanceFindings, CONFORMANCE_CODES, describeElement, elementEntry, recheckConformance, type ConformanceDiagnostic, type ConformanceFindings } from '@tagtree/parser';
import type { DocumentParse, TextEdit } from '../document-parse';
import type { SourceText } from '../document-text';
import type { DomElement } from '../dom';
import { gradedSeverity, severityOf, type Settings, type SeveritySetting } from '../settings';
import { EXACT_ATTRIBUTE_CHECKS_BELOW, hasExactAttributeChecks } from './attributes';
import type { QuickFix } from './diagnostic-data';
import type { DiagnosticData } from './diagnostic-data';

const exact = new WeakMap<DocumentParse, ConformanceFindings>();
const carried = new WeakMap<DocumentParse, ConformanceFindings>();

/**
 * Carries the previous parse's findings (exact or carried) through the
 * edits to the new parse, as it is made (the document store's
 * `onReparsed`): moving them costs a number per chunk, and without it a
 * parse made after one that was never asked for diagnostics (a request, a
 * coalesced burst) would show no conformance findings until the editor is
 * idle. The exact re-check, when it can be made, still comes first.
 */
export function carryConformanceFindings(parse: DocumentParse): void {
  const before = parse.previous;
  if (before === null || parse.document === null || exact.has(parse) || carried.has(parse)) return;
  const earlier = exact.get(before.parse) ?? carried.get(before.parse);
  if (earlier !== undefined) carried.set(parse, carryThrough(earlier, before.edits));
}

/** The conformance findings of a parse (all of them; the settings filter later). */
export function conformanceChecks(parse: DocumentParse): readonly ConformanceDiagnostic[] {
  return exactFindings(parse)?.toArray() ?? [];
}

function exactFindings(parse: DocumentParse): ConformanceFindings | null {
  if (parse.document === null) return null;
  let result = exact.get(parse);
  if (result === undefined) {
    result = incrementalConformanceChecks(parse) ?? checkConformanceFindings(parse.document);
    exact.set(parse, result);
    carried.delete(parse);
  }
  return result;
}

/**
 * The findings to show now: the exact ones when made or cheap, or when the
 * exact attribute checks of a large document have been made (the idle
 * moment); otherwise the previous parse's moved through the edits, leaving
 * out those an edit touches.
 */
function currentFindings(parse: DocumentParse): ConformanceFindings | null {
  if (parse.document === null) return null;
  const done = exact.get(parse);
  if (done !== undefined) return done;
  if (parse.text.length < EXACT_ATTRIBUTE_CHECKS_BELOW || hasExactAttributeChecks(parse)) return exactFindings(parse);
  const incremental = incrementalConformanceChecks(parse);
  if (incremental !== undefined) {
    exact.set(parse, incremental);
    carried.delete(parse);
    return incremental;
  }
  // Carried when the parse was made (the document store's onReparsed), else now.
  carryConformanceFindings(parse);
  return carried.get(parse) ?? null;
}

/** The findings to show now (see `currentFindings`), in plain offsets. */
export function currentConformanceChecks(parse: DocumentParse): readonly ConformanceDiagnostic[] {
  return currentFindings(parse)?.toArray() ?? [];
}

/**
 * Makes a parse's exact findings if they are not made yet (a large
 * document's, when the editor is idle: after the exact attribute checks);
 * returns whether they differ from those shown until now (carried through
 * the edits, or none just after opening).
 */
export function makeExactConformanceFindings(parse: DocumentParse): boolean {
  if (exact.has(parse)) return false;
  const shown = carried.get(parse);
  const made = exactFindings(parse);
  if (made === null) return false;
  if (shown === undefined) return made.length > 0;
  if (shown.length !== made.length) return true;
  const a = shown.toArray();
  const b = made.toArray();
  for (let i = 0; i < a.length; i++) {
    if (a[i].start !== b[i].start || a[i].end !== b[i].end || a[i].code !== b[i].code || a[i].message !== b[i].message) return true;
  }
  return false;
}

/** A main element's tags: mains are judged across the document, so an edit that meets one is checked whole. */
const MAIN_MARKUP = /<\/?main(?![\w-])/i;

/**
 * The exact findings of an incremental parse made from the previous parse's
 * exact ones (see `recheckConformance`), or undefined when they cannot be.
 */
export function incrementalConformanceChecks(parse: DocumentParse): ConformanceFindings | undefined {
  const before = parse.previous;
  const region = parse.region;
  if (before === null || region === null || parse.document === null || before.edits.length !== 1) return undefined;
  const earlier = exact.get(before.parse);
  if (earlier === undefined) return undefined;
  const edit = before.edits[0];
  const oldEnd = region.end - (edit.text.length - (edit.end - edit.start));
  if (oldEnd < region.start) return undefined;
  if (MAIN_MARKUP.test(before.parse.text.slice(region.start, oldEnd)) || MAIN_MARKUP.test(parse.text.slice(region.start, region.end))) return undefined;
  return recheckConformance(parse.document, carryThrough(earlier, before.edits), region) ?? undefined;
}

/** The conformance diagnostics shown and those counted past the limit (`conformanceDiagnostics`). */
export interface ConformanceDiagnostics {
  shown: DiagnosticData[];
  /** How many more there are past `room`. */
  hidden: number;
  /** The first of those, for where the count is shown. */
  firstHidden: DiagnosticData | null;
}

/**
 * The conformance diagnostics of a parse that the settings do not turn off
 * and `keep` keeps (the inline comments), in document order: the first
 * `room` made, the rest only counted. A legacy page has tens of thousands of
 * findings (obsolete attributes) and a document shows at most
 * `maxProblems`: only those shown are moved to plain offsets and made.
 */
export function conformanceDiagnostics(parse: DocumentParse, settings: Settings, keep: (code: string, start: number) => boolean, room: number): ConformanceDiagnostics {
  const result: ConformanceDiagnostics = { shown: [], hidden: 0, firstHidden: null };
  // With the checks off, or every conformance code off, the document is not even walked.
  if (!settings.diagnostics.conformance) return result;
  if (Object.keys(CONFORMANCE_CODES).every((code) => severityOf(settings, code) === 'off')) return result;
  const findings = currentFindings(parse);
  if (findings === null) return result;
  // Advice-level findings are warnings at most, unless a setting for the code says otherwise.
  const severities = new Map<string, SeveritySetting>();
  const severityFor = (d: ConformanceDiagnostic): SeveritySetting => {
    let severity = severities.get(d.code);
    if (severity === undefined) severities.set(d.code, (severity = gradedSeverity(settings, d.code, d.severity === 'warning' ? 'warning' : 'error')));
    return severity;
  };
  const make = (d: ConformanceDiagnostic, delta: number, severity: Exclude<SeveritySetting, 'off'>): DiagnosticData => ({
    code: d.code,
    message: d.message,
    severity,
    start: d.start + delta,
    end: d.end + delta,
    href: d.href,
    related: d.related === undefined ? [] : delta === 0 ? d.related : d.related.map((r) => ({ start: r.start + delta, end: r.end + delta, message: r.message })),
  });
  findings.forEachInOrder((d, delta) => {
    const severity = severityFor(d);
    if (severity === 'off' || !keep(d.code, d.start + delta)) return;
    if (result.shown.length < room) result.shown.push(make(d, delta, severity));
    else if (result.hidden++ === 0) result.firstHidden = make(d, delta, severity);
  });
  return result;
}

/** One line for an HTML element's hover: its categories and content model, with a link to its definition. */
export function conformanceHoverLine(element: DomElement): string | null {
  if (element.namespace !== 'html') return null;
  const entry = elementEntry(element.name);
  if (entry === undefined) return null;
  return `${describeElement(entry)} ([spec](${entry.href}))`;
}

/** The unambiguous fixes of a conformance finding: add alt="" to an img, remove an obsolete attribute. */
export function conformanceFixes(text: SourceText, d: DiagnosticData): QuickFix[] | null {
  const fix = (title: string, edits: QuickFix['edits']): QuickFix[] => [{ title, diagnostic: d, edits, preferred: true }];
  switch (d.code) {
    case 'missing-alt': {
      // Before the tag's ">" (or "/>").
      let at = d.end - 1;
      if (text.charCodeAt(at) !== 0x3e) return [];
      if (text.charCodeAt(at - 1) === 0x2f) at--;
      const before = isWhitespace(text.charCodeAt(at - 1)) ? '' : ' ';
      const after = text.charCodeAt(at) === 0x2f ? ' ' : '';
      return fix('Add alt="" (a decorative image)', [{ start: at, end: at, newText: `${before}alt=""${after}` }]);
    }
    case 'obsolete-attribute': {
      let start = d.start;
      while (start > 0 && isWhitespace(text.charCodeAt(start - 1))) start--;
      return fix(`Remove the obsolete attribute ${text.slice(d.start, Math.min(d.end, d.start + 40))}`, [{ start, end: d.end, newText: '' }]);
    }
    default:
      return null;
  }
}

function isWhitespace(c: number): boolean {
  return c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;
}

/**
 * Findings moved through edits (offsets of the text before them, one after the other); those the edits fall inside
 * are left out. In time proportional to the findings the edits fall among (ConformanceFindings), not to all of them.
 */
function carryThrough(findings: ConformanceFindings, edits: readonly TextEdit[]): ConformanceFindings {
  let out = findings;
  for (const edit of edits) out = out.moved({ start: edit.start, deleteCount: edit.end - edit.start, insertText: edit.text });
  return out;
}
