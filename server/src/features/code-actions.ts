/**
 * Quick fixes for parse errors, in offsets. Each fix names the diagnostic it
 * resolves and the text edits that resolve it.
 */
import type { DocumentParse } from '../document-parse';
import { conformanceFixes } from './conformance';
import type { DiagnosticData, FixEdit, QuickFix } from './diagnostic-data';
import type { SourceText } from '../document-text';

function isWhitespace(c: number): boolean {
  return c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;
}

function isVoidLikeName(text: SourceText, start: number): string {
  let i = start;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (isWhitespace(c) || c === 0x2f || c === 0x3e) break;
    i++;
  }
  return text.slice(start, i).replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** Codes of tree construction errors that mean "no DOCTYPE before the first tag or text". */
export const MISSING_DOCTYPE_CODES: ReadonlySet<string> = new Set(['missing-doctype', 'expected-doctype-but-got-start-tag', 'expected-doctype-but-got-chars', 'expected-doctype-but-got-end-tag', 'expected-doctype-but-got-eof']);

/**
 * The fixes for one diagnostic. `missingEndTag` answers, for an error about an
 * element closed without its end tag, the element's name and where to insert
 * the end tag; the tree feature module provides it.
 */
export function fixesFor(
  parse: DocumentParse,
  d: DiagnosticData,
  missingEndTag?: (d: DiagnosticData) => { name: string; at: number } | undefined,
): QuickFix[] {
  const text = parse.text;
  const fix = (title: string, edits: FixEdit[], preferred = true): QuickFix => ({ title, diagnostic: d, edits, preferred });
  switch (d.code) {
    case 'missing-semicolon-after-character-reference':
      return [fix(`Add the missing ";" to ${text.slice(d.start, d.end)}`, [{ start: d.end, end: d.end, newText: ';' }])];
    case 'unknown-named-character-reference':
    case 'absence-of-digits-in-numeric-character-reference':
      if (text.charCodeAt(d.start) !== 0x26) return [];
      return [fix('Escape "&" as &amp;', [{ start: d.start, end: d.start + 1, newText: '&amp;' }])];
    case 'invalid-first-character-of-tag-name':
    case 'eof-before-tag-name':
      // Only a "<" that is text; "</" followed by junk is a bogus comment, hidden today.
      if (text.charCodeAt(d.start) !== 0x3c || text.charCodeAt(d.start + 1) === 0x2f) return [];
      return [fix('Escape "<" as &lt;', [{ start: d.start, end: d.start + 1, newText: '&lt;' }])];
    case 'non-void-html-element-start-tag-with-trailing-solidus': {
      // The tag ends with "/>": remove the "/", or close the element right there.
      if (text.charCodeAt(d.end - 1) !== 0x3e || text.charCodeAt(d.end - 2) !== 0x2f) return [];
      const name = isVoidLikeName(text, d.start + 1);
      let slash = d.end - 2;
      while (slash > d.start && isWhitespace(text.charCodeAt(slash - 1))) slash--;
      return [
        fix(`Remove the "/": <${name}> is not a void element`, [{ start: slash, end: d.end - 1, newText: '' }]),
        fix(`Close <${name}> right away with </${name}>`, [{ start: slash, end: d.end, newText: `></${name}>` }], false),
      ];
    }
    case 'duplicate-attribute': {
      let start = d.start;
      while (start > 0 && isWhitespace(text.charCodeAt(start - 1))) start--;
      return [fix(`Remove the duplicate attribute ${text.slice(d.start, Math.min(d.end, d.start + 40))}`, [{ start, end: d.end, newText: '' }])];
    }
    default:
      break;
  }
  const conformance = conformanceFixes(text, d);
  if (conformance !== null) return conformance;
  if (MISSING_DOCTYPE_CODES.has(d.code)) {
    const at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const eol = /\r\n/.test(text.slice(0, 4096)) ? '\r\n' : '\n';
    return [fix('Insert <!DOCTYPE html>', [{ start: at, end: at, newText: `<!DOCTYPE html>${eol}` }])];
  }
  const missing = missingEndTag?.(d);
  if (missing !== undefined) return [fix(`Add the missing </${missing.name}>`, [{ start: missing.at, end: missing.at, newText: `</${missing.name}>` }])];
  return [];
}

/** Quick fixes for the diagnostics that touch `[start, end]`. */
export function quickFixes(
  parse: DocumentParse,
  diagnostics: readonly DiagnosticData[],
  start: number,
  end: number,
  missingEndTag?: (d: DiagnosticData) => { name: string; at: number } | undefined,
): QuickFix[] {
  const out: QuickFix[] = [];
  for (const d of diagnostics) {
    if (d.end < start || d.start > end) continue;
    out.push(...fixesFor(parse, d, missingEndTag));
  }
  return out;
}
