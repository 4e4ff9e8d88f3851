/**
 * Conformance findings (content models, obsolete features, required
 * attributes, title, main, ARIA names…) as diagnostics in offsets, graded by
 * the same settings as every other diagnostic; the hover line of an element
 * (its categories and content model); and the unambiguous quick fixes.
 * The checks and the element table are the parser's (`checkConformance`,
 * server/parser/src/conformance/).
 *
 * The findings are a family of derived findings (derived-findings.ts):
 * after an incremental reparse they are the previous parse's moved through
 * the edit, with only the part of the tree the reparse changed checked again
 * (`recheckConformance`); when that cannot be done (no exact previous
 * findings, several edits, a main element in the way) they are carried, and
 * made exact when the editor is idle.
 */
import { checkConformanceFindings, CONFORMANCE_CODES, ConformanceFindings, describeElement, elementEntry, recheckConformance } from '@tagtree/parser';
import type { FindingsFamily } from '../derived-findings';
import type { TextEdit } from '../document-parse';
import type { SourceText } from '../document-text';
import type { DomElement } from '../dom';
import type { DiagnosticData, QuickFix } from './diagnostic-data';

/** A main element's tags: mains are judged across the document, so an edit that meets one is checked whole. */
const MAIN_MARKUP = /<\/?main(?![\w-])/i;

/** The conformance checks as a family of derived findings, behind the `diagnostics.conformance` setting. */
export const CONFORMANCE_FINDINGS: FindingsFamily<ConformanceFindings> = {
  noun: 'conformance problem',
  codes: Object.keys(CONFORMANCE_CODES),
  wanted: (settings) => settings.diagnostics.conformance,
  none: ConformanceFindings.of([], [], [], false),
  check: (document, text) => checkConformanceFindings(document, text),
  recheck(parse, earlier) {
    const before = parse.previous;
    const region = parse.region;
    if (before === null || region === null || parse.document === null || before.edits.length !== 1) return undefined;
    const edit = before.edits[0];
    const oldEnd = region.end - (edit.text.length - (edit.end - edit.start));
    if (oldEnd < region.start) return undefined;
    if (MAIN_MARKUP.test(before.parse.text.slice(region.start, oldEnd)) || MAIN_MARKUP.test(parse.text.slice(region.start, region.end))) return undefined;
    return recheckConformance(parse.document, carryThrough(earlier, before.edits), region, parse.text) ?? undefined;
  },
  carry: carryThrough,
  same(shown, made) {
    if (shown.length !== made.length) return false;
    const a = shown.toArray();
    const b = made.toArray();
    for (let i = 0; i < a.length; i++) {
      if (a[i].start !== b[i].start || a[i].end !== b[i].end || a[i].code !== b[i].code || a[i].message !== b[i].message) return false;
    }
    return true;
  },
  forEach: (findings, visit) => findings.forEachInOrder(visit),
};

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
