/**
 * Parse errors as diagnostics, in offsets: every error the parser reports,
 * with a human message, a precise range, a link to the rule, and the severity
 * the settings give its code. The conversion to LSP `Diagnostic` is in convert.ts.
 */
import { describeParseError, type ParseError } from '@tagtree/parser';
import type { DocumentParse } from '../document-parse';
import { severityOf, type Settings } from '../settings';
import { attributeDiagnostics } from './attribute-diagnostics';
import { conformanceDiagnostics } from './conformance';
import type { DiagnosticData } from './diagnostic-data';
import { Suppressions } from '../lint/directives';
import { acceptedByAllowList, allowListOf } from '../framework-config';
import { DOCS, knownCodes } from '../check/messages';

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

/** Diagnostics for a parse, filtered and graded by the settings and the document's `<!-- tagtree-disable… -->` comments. */
export function computeDiagnostics(parse: DocumentParse, settings: Settings): DiagnosticData[] {
  if (!settings.diagnostics.enable) return [];
  const suppressions = new Suppressions(parse.document, parse.text);
  const out: DiagnosticData[] = [];
  const max = settings.diagnostics.maxProblems > 0 ? settings.diagnostics.maxProblems : Infinity;
  let last: DiagnosticData | null = null;
  let lastErrorEnd = -1;
  let hidden = 0;
  let firstHidden: ParseError | null = null;
  for (const error of parse.errors) {
    const severity = severityOf(settings, error.code);
    if (severity === 'off' || suppressions.suppresses(error.code, error.start)) continue;
    if (out.length >= max) {
      // Describing is the costly part: past the limit, only count.
      if (!(last !== null && last.code === error.code && PER_CHARACTER_CODES.has(error.code) && error.start === lastErrorEnd)) {
        hidden++;
        firstHidden ??= error;
      }
      lastErrorEnd = error.end;
      continue;
    }
    if (last !== null && last.code === error.code && PER_CHARACTER_CODES.has(error.code) && error.start === lastErrorEnd && error.end > error.start) {
      last.end = Math.max(last.end, Math.min(error.end, parse.text.length));
      lastErrorEnd = error.end;
      continue;
    }
    const d = describeParseError(parse.text, error);
    last = { code: error.code, message: d.message, severity, start: d.start, end: d.end, href: d.href, related: d.related };
    lastErrorEnd = error.end;
    out.push(last);
  }
  // Attribute values, ids and references: the same settings, after the parse errors.
  let hiddenAttributes = 0;
  let firstHiddenAttribute: DiagnosticData | null = null;
  for (const d of attributeDiagnostics(parse, settings)) {
    if (suppressions.suppresses(d.code, d.start)) continue;
    if (out.length < max) out.push(d);
    else if (hiddenAttributes++ === 0) firstHiddenAttribute = d;
  }
  // Conformance (content models, obsolete features, required attributes…): the same settings, last.
  // Elements that custom data declares (tagtree.customData, tagtree.json's "customData") are not unknown.
  const allowList = allowListOf(settings, settings.workspaceRules);
  const keep = (code: string, start: number) => !suppressions.suppresses(code, start) && !acceptedByAllowList(allowList, parse.text, { code, start });
  const conformance = conformanceDiagnostics(parse, settings, keep, Math.max(0, max - out.length));
  for (const d of conformance.shown) out.push(d);
  const hiddenConformance = conformance.hidden;
  if (hiddenConformance > 0 && hiddenAttributes === 0) firstHiddenAttribute = conformance.firstHidden;
  // Directives that suppress nothing, or name no code: after everything they could have suppressed.
  if (!suppressions.isEmpty) {
    const known = knownCodes();
    for (const p of suppressions.problems((code) => known.has(code))) {
      const severity = severityOf(settings, p.code);
      if (severity === 'off') continue;
      const d: DiagnosticData = { ...p, severity, href: DIRECTIVES_HREF, related: [] };
      if (out.length < max) out.push(d);
      else if (hiddenAttributes++ + hiddenConformance === 0) firstHiddenAttribute = d;
    }
  }
  const hiddenAll = hidden + hiddenAttributes + hiddenConformance;
  if (hiddenAll > 0) {
    const at = firstHidden !== null ? Math.max(0, Math.min(firstHidden.start, parse.text.length)) : firstHiddenAttribute!.start;
    const s = hiddenAll === 1 ? '' : 's';
    const what = hiddenAll === hidden ? `parse error${s}` : hiddenAll === hiddenAttributes ? `attribute problem${s}` : hiddenAll === hiddenConformance ? `conformance problem${s}` : 'problems';
    out.push({
      code: 'too-many-problems',
      message: `${hiddenAll} more ${what} from here on are not shown (tagtree.diagnostics.maxProblems is ${settings.diagnostics.maxProblems})`,
      severity: 'information',
      start: at,
      end: Math.min(parse.text.length, at + 1),
      href: 'https://html.spec.whatwg.org/multipage/parsing.html#parse-errors',
      related: [],
    });
  }
  return out;
}
