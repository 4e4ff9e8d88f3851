/**
 * Every diagnostic of a parse, in offsets: the parse errors (with a human
 * message, a precise range and a link to the rule), then each family of
 * derived findings (features/findings-families.ts: attribute values, ids and
 * references; conformance), then the inline comments' own problems. The
 * conversion to LSP `Diagnostic` is in convert.ts.
 *
 * Invariant: every diagnostic, whatever its family, is graded (the severity
 * the settings give its code), suppressed (`<!-- tagtree-disable… -->`) and
 * counted against `maxProblems` in one place, `Report`.
 */
import { describeParseError, type ParseError } from '@tagtree/parser';
import { currentFindings, type FindingsFamily } from '../derived-findings';
import type { DocumentParse } from '../document-parse';
import { gradedSeverity, type Settings, type Severity, type SeveritySetting } from '../settings';
import type { DiagnosticData } from './diagnostic-data';
import { FINDINGS_FAMILIES, findingsWanted, makeSmallDocumentFindings } from './findings-families';
import { Suppressions } from '../lint/directives';
import type { AttributeAllowList } from '@tagtree/parser';
import { acceptedByAllowList, allowListOf } from '../framework-config';
import { DOCS, knownCodes } from '../lint/codes';

/** Where the inline comments are documented. */
const DIRECTIVES_HREF = `${DOCS}#inline-comments`;

/**
 * Errors the parser raises once per character: a run of them over adjacent
 * characters is one diagnostic ("text in a table" is one mistake, not one per letter).
 */
const PER_CHARACTER_CODES: ReadonlySet<string> = new Set([
  'text-in-table',
  'unexpected-text',
  'null-character-ignored',
  'unexpected-null-character',
  'control-character-in-input-stream',
  'noncharacter-in-input-stream',
  'surrogate-in-input-stream',
]);

/** The diagnostics of a parse as they are made: graded, suppressed, and the first `maxProblems` kept. */
class Report {
  readonly out: DiagnosticData[] = [];
  private readonly max: number;
  private readonly severities = new Map<string, SeveritySetting>();
  /** How many were left out past the limit, per noun ("parse error"…), and where the first of them is. */
  private readonly hidden = new Map<string, number>();
  private firstHiddenAt: number | null = null;

  constructor(
    private readonly settings: Settings,
    readonly suppressions: Suppressions,
  ) {
    this.max = settings.diagnostics.maxProblems > 0 ? settings.diagnostics.maxProblems : Infinity;
  }

  /**
   * The severity of a finding with `code` whose own grade is `grade` (see
   * `gradedSeverity`: advice stays a warning unless a setting names the
   * code), or null when the settings turn it off or a comment suppresses it at `start`.
   */
  admit(code: string, start: number, grade: 'error' | 'warning' = 'error', suppressible = true): Severity | null {
    let severity = this.severities.get(code);
    if (severity === undefined) this.severities.set(code, (severity = gradedSeverity(this.settings, code, grade)));
    if (severity === 'off' || (suppressible && this.suppressions.suppresses(code, start))) return null;
    return severity;
  }

  get full(): boolean {
    return this.out.length >= this.max;
  }

  /** `count` diagnostics past the limit, the first of them at `start`: only counted, under `noun`. */
  hide(noun: string, start: number, count = 1): void {
    this.hidden.set(noun, (this.hidden.get(noun) ?? 0) + count);
    this.firstHiddenAt ??= start;
  }

  /** What was made, with one diagnostic saying how many more there are past the limit. */
  finish(textLength: number): DiagnosticData[] {
    let count = 0;
    for (const n of this.hidden.values()) count += n;
    if (count === 0) return this.out;
    const at = this.firstHiddenAt!;
    const s = count === 1 ? '' : 's';
    const nouns = [...this.hidden.keys()];
    const what = nouns.length === 1 ? `${nouns[0]}${s}` : 'problems';
    this.out.push({
      code: 'too-many-problems',
      message: `${count} more ${what} from here on are not shown (tagtree.diagnostics.maxProblems is ${this.settings.diagnostics.maxProblems})`,
      severity: 'information',
      start: at,
      end: Math.min(textLength, at + 1),
      href: 'https://html.spec.whatwg.org/multipage/parsing.html#parse-errors',
      related: [],
    });
    return this.out;
  }
}

/** Diagnostics for a parse, filtered and graded by the settings and the document's `<!-- tagtree-disable… -->` comments. */
export function computeDiagnostics(parse: DocumentParse, settings: Settings): DiagnosticData[] {
  if (!settings.diagnostics.enable) return [];
  const report = new Report(settings, new Suppressions(parse.document, parse.text));
  addParseErrors(report, parse);
  // Each family of derived findings: the same settings, after the parse errors.
  // Framework attributes and custom data elements that the settings and tagtree.json accept are not shown.
  const allowList = allowListOf(settings, settings.workspaceRules);
  makeSmallDocumentFindings(parse, settings);
  for (const family of FINDINGS_FAMILIES) if (findingsWanted(family, settings)) addFindings(report, parse, family, allowList);
  // Directives that suppress nothing, or name no code: after everything they could have suppressed.
  if (!report.suppressions.isEmpty) {
    const known = knownCodes();
    for (const p of report.suppressions.problems((code) => known.has(code))) {
      const severity = report.admit(p.code, p.start, 'error', false);
      if (severity === null) continue;
      // Counted past the limit with the attribute problems.
      if (report.full) report.hide('attribute problem', p.start);
      else report.out.push({ ...p, severity, href: DIRECTIVES_HREF, related: [] });
    }
  }
  return report.finish(parse.text.length);
}

/** The parse errors, a run of a per-character error over adjacent characters as one. */
function addParseErrors(report: Report, parse: DocumentParse): void {
  let last: DiagnosticData | null = null;
  let lastErrorEnd = -1;
  const continuesLast = (error: ParseError) => last !== null && last.code === error.code && PER_CHARACTER_CODES.has(error.code) && error.start === lastErrorEnd;
  for (const error of parse.errors) {
    const severity = report.admit(error.code, error.start);
    if (severity === null) continue;
    if (report.full) {
      // Describing is the costly part: past the limit, only count.
      if (!continuesLast(error)) report.hide('parse error', Math.max(0, Math.min(error.start, parse.text.length)));
      lastErrorEnd = error.end;
      continue;
    }
    if (continuesLast(error) && error.end > error.start) {
      last!.end = Math.max(last!.end, Math.min(error.end, parse.text.length));
      lastErrorEnd = error.end;
      continue;
    }
    const d = describeParseError(parse.text, error);
    last = { code: error.code, message: d.message, severity, start: d.start, end: d.end, href: d.href, related: d.related };
    lastErrorEnd = error.end;
    report.out.push(last);
  }
}

/**
 * A family's findings to show now (carried or exact, derived-findings.ts),
 * in document order: the first that fit made into diagnostics, the rest
 * only counted. A legacy page has tens of thousands of conformance findings
 * (obsolete attributes) and a document shows at most `maxProblems`: only
 * those shown are moved to plain offsets and made.
 */
function addFindings<F>(report: Report, parse: DocumentParse, family: FindingsFamily<F>, allowList: AttributeAllowList): void {
  // Past the limit (tens of thousands of findings on a legacy page), each finding costs a count.
  let hidden = 0;
  let firstHiddenAt = 0;
  family.forEach(currentFindings(parse, family), (d, delta) => {
    const start = d.start + delta;
    // An attribute-not-allowed finding carries its element's and attribute's names.
    if (!allowList.empty && acceptedByAllowList(allowList, parse.text, { code: d.code, start, element: d.element, attribute: d.attribute })) return;
    const severity = report.admit(d.code, start, d.severity);
    if (severity === null) return;
    if (report.full) {
      if (hidden++ === 0) firstHiddenAt = start;
      return;
    }
    const related = d.related === undefined ? [] : d.related.map((r) => ({ start: r.start + delta, end: r.end + delta, message: r.message }));
    report.out.push({ code: d.code, message: d.message, severity, start, end: d.end + delta, href: d.href, related });
  });
  if (hidden > 0) report.hide(family.noun, firstHiddenAt, hidden);
}
