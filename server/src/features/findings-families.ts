/**
 * The families of derived findings (derived-findings.ts), in the order their
 * diagnostics follow the parse errors. A new family of checks is one
 * `FindingsFamily` added here: the lifecycle (carried through edits,
 * re-checked, made exact when idle) and the diagnostics (graded, suppressed,
 * counted past the limit) then treat it as they treat the others.
 */
import { checkDocument, checkDocumentInSteps, type SourceText } from '@tagtree/parser';
import { carryFindings, EXACT_FINDINGS_BELOW, hasExactFindings, makeExactFindingsTogether, makeExactFindingsTogetherInSteps, type FindingsFamily } from '../derived-findings';
import type { DomDocument } from '../dom';
import type { DocumentParse } from '../document-parse';
import { severityOf, type Settings } from '../settings';
import { ATTRIBUTE_FINDINGS } from './attributes';
import { CONFORMANCE_FINDINGS } from './conformance';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const FINDINGS_FAMILIES: readonly FindingsFamily<any>[] = [ATTRIBUTE_FINDINGS, CONFORMANCE_FINDINGS];

/** Whether a document's settings want a family's findings: the family is on and not every one of its codes is off. */
export function findingsWanted(family: FindingsFamily<unknown>, settings: Settings): boolean {
  return family.wanted(settings) && family.codes.some((code) => severityOf(settings, code) !== 'off');
}

/** Carries every family's findings to a new parse as it is made (the document store's `onReparsed`). */
export function carryAllFindings(parse: DocumentParse): void {
  for (const family of FINDINGS_FAMILIES) carryFindings(parse, family);
}

/** Whether every family the settings want has its exact findings made for the parse. */
export function allFindingsExact(parse: DocumentParse, settings: Settings): boolean {
  return FINDINGS_FAMILIES.every((family) => !findingsWanted(family, settings) || hasExactFindings(parse, family));
}

/**
 * Makes the exact findings of every family the settings want, in steps (the idle exact checks): the attribute and
 * conformance checks in one walk (`checkDocumentInSteps`) when both are to make, a family alone otherwise (in one go
 * without `checkInSteps`); returns whether any differ from those shown until now. Both become exact at once: the
 * caller hears of every change before a request can see it (as a pulling client's tests do, through
 * tagtree/documentText).
 */
export function* makeAllExactFindingsInSteps(parse: DocumentParse, settings: Settings): Generator<void, boolean> {
  return yield* makeExactFindingsTogetherInSteps(
    parse,
    FINDINGS_FAMILIES.filter((family) => findingsWanted(family, settings)),
    checkTogetherInSteps,
  );
}

/**
 * For a document small enough to have exact findings on every parse (`EXACT_FINDINGS_BELOW`): makes those of every
 * family the settings want, re-checked where the previous parse's can be; the attribute and conformance checks left
 * to make whole are made in one walk of the tree (the parser's `checkDocument`: the same findings as each alone).
 */
export function makeSmallDocumentFindings(parse: DocumentParse, settings: Settings): void {
  if (parse.text.length >= EXACT_FINDINGS_BELOW) return;
  makeExactFindingsTogether(
    parse,
    FINDINGS_FAMILIES.filter((family) => findingsWanted(family, settings)),
    checkTogether,
  );
}

/** `checkTogether` in steps. */
function* checkTogetherInSteps(document: DomDocument, text: SourceText, families: readonly FindingsFamily<unknown>[]): Generator<void, unknown[]> {
  const both = yield* checkDocumentInSteps(document, text);
  return families.map((family) => (family === ATTRIBUTE_FINDINGS ? both.attributes : family === CONFORMANCE_FINDINGS ? both.conformance : family.check(document, text)));
}

/** The findings of `families` made in one walk: the attribute and conformance checks together, any other alone. */
function checkTogether(document: DomDocument, text: SourceText, families: readonly FindingsFamily<unknown>[]): unknown[] {
  const both = checkDocument(document, text);
  return families.map((family) => (family === ATTRIBUTE_FINDINGS ? both.attributes : family === CONFORMANCE_FINDINGS ? both.conformance : family.check(document, text)));
}
