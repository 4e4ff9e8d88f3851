/**
 * Parse errors as diagnostics, in offsets: every error the parser reports,
 * with a human message, a precise range, a link to the rule, and the severity
 * the settings give its code. The conversion to LSP `Diagnostic` is in convert.ts.
 */
import type { ParseError } from '@tagtree/parser';
import type { DocumentParse } from '../document-parse';
import { severityOf, type Settings, type Severity } from '../settings';
import { describeTokenizerError, quote, tokenizerErrorHref, type ErrorDescription } from './tokenizer-errors';
import { describeTreeError } from './tree-errors';

export interface DiagnosticData {
  code: string;
  message: string;
  severity: Severity;
  start: number;
  end: number;
  /** The spec's definition of the error, or the rule that raises it. */
  href: string;
  related: { start: number; end: number; message: string }[];
}

/** The message, range, related ranges and link of one parse error. */
export function describeError(text: string, error: ParseError): ErrorDescription & { href: string } {
  const tokenizer = describeTokenizerError(text, error);
  if (tokenizer !== undefined) return { ...tokenizer, href: tokenizerErrorHref(error.code) };
  const tree = describeTreeError(text, error);
  if (tree !== undefined) return tree;
  // A code neither table knows (a newer parser): still a diagnostic, never dropped.
  const start = Math.max(0, Math.min(error.start, text.length));
  const end = Math.max(start, Math.min(error.end, text.length));
  const related = error.related === undefined ? [] : [{ ...error.related, message: 'Related location' }];
  const shown = end > start ? `: ${quote(text, start, end)}` : '';
  return { start, end, message: `Parse error ${error.code}${shown}`, related, href: 'https://html.spec.whatwg.org/multipage/parsing.html#parse-errors' };
}

/** Diagnostics for a parse, filtered and graded by the settings. */
export function computeDiagnostics(parse: DocumentParse, settings: Settings): DiagnosticData[] {
  if (!settings.diagnostics.enable) return [];
  const out: DiagnosticData[] = [];
  for (const error of parse.errors) {
    const severity = severityOf(settings, error.code);
    if (severity === 'off') continue;
    const d = describeError(parse.text, error);
    out.push({ code: error.code, message: d.message, severity, start: d.start, end: d.end, href: d.href, related: d.related });
  }
  return out;
}
