/**
 * Attribute diagnostics (invalid values, boolean attributes set to "false",
 * duplicate ids, references to nothing, non-UTF-8 encoding declarations) as
 * diagnostics in offsets, graded by the same settings as the parse errors.
 * The checks themselves are the parser's (`checkAttributes`).
 */
import { ATTRIBUTE_DIAGNOSTICS, type AttributeDiagnosticCode } from '@tagtree/parser';
import type { DocumentParse } from '../document-parse';
import { gradedSeverity, severityOf, type Settings } from '../settings';
import { currentAttributeChecks } from './attributes';
import type { DiagnosticData } from './diagnostic-data';
import { acceptedByAllowList, allowListOf } from '../framework-config';

/** The attribute diagnostics of a parse that the settings do not turn off. */
export function attributeDiagnostics(parse: DocumentParse, settings: Settings): DiagnosticData[] {
  // With every attribute code off, the document is not even walked.
  if (Object.keys(ATTRIBUTE_DIAGNOSTICS).every((code) => severityOf(settings, code) === 'off')) return [];
  const out: DiagnosticData[] = [];
  // Framework attributes and custom data the settings and tagtree.json accept.
  const allowList = allowListOf(settings, settings.workspaceRules);
  for (const d of currentAttributeChecks(parse)) {
    if (acceptedByAllowList(allowList, parse.text, d)) continue;
    const severity = gradedSeverity(settings, d.code satisfies AttributeDiagnosticCode, ATTRIBUTE_DIAGNOSTICS[d.code].severity);
    if (severity === 'off') continue;
    const related = d.related === undefined ? [] : [{ start: d.related.start, end: d.related.end, message: d.related.message }];
    out.push({ code: d.code, message: d.message, severity, start: d.start, end: d.end, href: d.href, related });
  }
  return out;
}
