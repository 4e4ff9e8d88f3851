/**
 * The lifecycle of the findings derived from a parse (the attribute checks,
 * the conformance checks, and any family of checks to come): one mechanism,
 * with the findings cached on the parse (`DocumentParse.cache`).
 *
 * A family's findings for a parse are, in this order of preference:
 * - exact: made for this parse, by checking its tree whole or by re-checking
 *   the region an incremental reparse parsed again (`recheck`), from the
 *   previous parse's exact findings;
 * - carried: the previous parse's (exact or carried) moved through the edits
 *   (`carry`), leaving out those an edit falls inside; for a large document
 *   only, until the editor is idle and the exact ones are made
 *   (`makeExactFindingsInSteps`, exact-checks.ts);
 * - none: a large document just opened, until then.
 *
 * Invariants:
 * - Below `EXACT_FINDINGS_BELOW` characters every family is exact on every parse.
 * - A family is one `FindingsFamily` object: the lifecycle, the idle exact
 *   checks and the diagnostics (features/diagnostics.ts) treat every family
 *   listed in `FINDINGS_FAMILIES` (features/findings-families.ts) alike.
 * - Only the exact findings of the previous parse are re-checked; carried ones are only carried.
 */
import type { DocumentParse, TextEdit } from './document-parse';
import type { DomDocument } from './dom';
import type { SourceText } from '@tagtree/parser';
import type { Settings } from './settings';

/**
 * Below this many characters the checks run on every parse. Above it they
 * walk enough of the tree to cost more than a keystroke should (about 100 ms
 * for a 7 MB page), so a reparse re-checks the region it parsed again when it
 * can, or carries the previous findings over through the edits, and the exact
 * ones follow when the editor is idle.
 */
export const EXACT_FINDINGS_BELOW = 262_144;

/** One finding as the diagnostics read it (the shape of the parser's conformance findings). */
export interface Finding {
  readonly code: string;
  /** `error`: the document breaks a "must" of the spec; `warning`: advice. */
  readonly severity: 'error' | 'warning';
  readonly start: number;
  readonly end: number;
  readonly message: string;
  readonly href: string;
  readonly related?: readonly { readonly start: number; readonly end: number; readonly message: string }[];
  /** For attribute-not-allowed: the element's and the attribute's names (what framework presets and custom data accept). */
  readonly element?: string;
  readonly attribute?: string;
}

/** A family of findings derived from a parse's tree, and how each step of the lifecycle is done for it. */
export interface FindingsFamily<F> {
  /** What the summary of findings past `maxProblems` calls one of them ("attribute problem"). */
  readonly noun: string;
  /** Every code the family reports (when the settings turn all of them off, the tree is not walked). */
  readonly codes: readonly string[];
  /** Whether a document's settings ask for the family at all. */
  wanted(settings: Settings): boolean;
  /** No findings. */
  readonly none: F;
  /** The exact findings of a whole tree. */
  check(document: DomDocument, text?: SourceText): F;
  /** The same, yielding every so often (the idle exact checks run it in slices); `check` in one go when absent. */
  checkInSteps?(document: DomDocument): Generator<void, F>;
  /**
   * The exact findings of an incremental parse from the previous parse's
   * exact ones (`earlier`, in the previous parse's offsets), re-checking only
   * what the reparse changed; undefined when that cannot be done.
   */
  recheck(parse: DocumentParse, earlier: F): F | undefined;
  /** Findings moved through edits (offsets of the text before them); those an edit falls inside are left out. */
  carry(findings: F, edits: readonly TextEdit[]): F;
  /** Whether two sets of findings show the same (when the exact ones are, nothing is published again). */
  same(a: F, b: F): boolean;
  /** Visits every finding in document order; `delta` moves it to plain offsets (its start is `start + delta`). */
  forEach(findings: F, visit: (finding: Finding, delta: number) => void): void;
}

/** What a parse holds of one family. */
interface FamilyState<F> {
  exact?: F;
  /** Carried from the previous parse, shown until the exact ones are made. */
  carried?: F;
  /** The re-check from the previous parse was tried and could not be made. */
  recheckRefused?: boolean;
}

function stateOf<F>(parse: DocumentParse, family: FindingsFamily<F>): FamilyState<F> {
  let state = parse.cache.get(family) as FamilyState<F> | undefined;
  if (state === undefined) parse.cache.set(family, (state = {}));
  return state;
}

function isLarge(parse: DocumentParse): boolean {
  return parse.text.length >= EXACT_FINDINGS_BELOW;
}

/** The re-check of an incremental parse from the previous parse's exact findings, or undefined. */
export function recheckedFindings<F>(parse: DocumentParse, family: FindingsFamily<F>): F | undefined {
  const before = parse.previous;
  if (before === null || parse.region === null || parse.document === null) return undefined;
  const earlier = (before.parse.cache.get(family) as FamilyState<F> | undefined)?.exact;
  return earlier === undefined ? undefined : family.recheck(parse, earlier);
}

/** The exact findings of a parse, made now if they are not made yet. */
export function exactFindings<F>(parse: DocumentParse, family: FindingsFamily<F>): F {
  if (parse.document === null) return family.none;
  const state = stateOf(parse, family);
  if (state.exact === undefined) {
    state.exact = (state.recheckRefused ? undefined : recheckedFindings(parse, family)) ?? family.check(parse.document, parse.text);
    delete state.carried;
  }
  return state.exact;
}

/**
 * Makes the exact findings of several families of a parse, those not made yet: each one's re-check first (as
 * `exactFindings`); the families left to check whole are checked by `checkTogether` (in one walk of the tree: it
 * returns their findings in their order) when there are several of them, alone otherwise.
 */
export function makeExactFindingsTogether(
  parse: DocumentParse,
  families: readonly FindingsFamily<unknown>[],
  checkTogether: (document: DomDocument, text: SourceText, families: readonly FindingsFamily<unknown>[]) => readonly unknown[],
): void {
  const document = parse.document;
  if (document === null) return;
  const whole: FindingsFamily<unknown>[] = [];
  for (const family of families) {
    const state = stateOf(parse, family);
    if (state.exact !== undefined) continue;
    const rechecked = state.recheckRefused ? undefined : recheckedFindings(parse, family);
    if (rechecked === undefined) whole.push(family);
    else {
      state.exact = rechecked;
      delete state.carried;
    }
  }
  if (whole.length === 0) return;
  const made = whole.length === 1 ? [whole[0].check(document, parse.text)] : checkTogether(document, parse.text, whole);
  for (let i = 0; i < whole.length; i++) {
    const state = stateOf(parse, whole[i]);
    state.exact = made[i];
    delete state.carried;
  }
}

/** Whether a parse's exact findings of the family are made. */
export function hasExactFindings(parse: DocumentParse, family: FindingsFamily<unknown>): boolean {
  return parse.document === null || (parse.cache.get(family) as FamilyState<unknown> | undefined)?.exact !== undefined;
}

/**
 * Carries the previous parse's findings (exact or carried) through the edits
 * to a large document's new parse, as it is made (the document store's
 * `onReparsed`): cheap, and without it a parse made after one that was never
 * asked for diagnostics (a request's, one of a coalesced burst) would have
 * nothing to carry from.
 */
export function carryFindings<F>(parse: DocumentParse, family: FindingsFamily<F>): void {
  const before = parse.previous;
  if (before === null || parse.document === null || !isLarge(parse)) return;
  const state = stateOf(parse, family);
  if (state.exact !== undefined || state.carried !== undefined) return;
  const earlier = before.parse.cache.get(family) as FamilyState<F> | undefined;
  const from = earlier?.exact ?? earlier?.carried;
  if (from !== undefined) state.carried = family.carry(from, before.edits);
}

/**
 * The findings to show now: the exact ones when they are made or cheap (a
 * small document, a re-check of the reparsed region, or nothing to carry
 * from); otherwise those carried through the edits, or none (a large
 * document just opened) until the exact ones are made.
 */
export function currentFindings<F>(parse: DocumentParse, family: FindingsFamily<F>): F {
  if (parse.document === null) return family.none;
  const state = stateOf(parse, family);
  if (state.exact !== undefined) return state.exact;
  if (!isLarge(parse)) return exactFindings(parse, family);
  // The re-check first (once), even when findings were carried as the parse was made.
  if (!state.recheckRefused) {
    const rechecked = recheckedFindings(parse, family);
    if (rechecked !== undefined) return (state.exact = rechecked);
    state.recheckRefused = true;
  }
  carryFindings(parse, family);
  if (state.carried !== undefined) return state.carried;
  // Just opened (or replaced whole): the parse errors are shown first, these right after (edits meanwhile carry none).
  if (parse.previous === null) return (state.carried = family.none);
  // Nothing to carry from (the previous parse was never asked, nor the one before it): checked whole now.
  return exactFindings(parse, family);
}

/**
 * `makeExactFindingsInSteps` for several families at once: those not made yet are made by `checkTogetherInSteps`
 * (in one walk of the tree, in steps: it returns their findings in their order) when there are several of them, as
 * `makeExactFindingsInSteps` otherwise; tells whether any differ from those shown until now. The same contract: the
 * caller drops the generator once `parse` is not the document's current one.
 */
export function* makeExactFindingsTogetherInSteps(
  parse: DocumentParse,
  families: readonly FindingsFamily<unknown>[],
  checkTogetherInSteps: (document: DomDocument, text: SourceText, families: readonly FindingsFamily<unknown>[]) => Generator<void, readonly unknown[]>,
): Generator<void, boolean> {
  const document = parse.document;
  const todo = families.filter((family) => !hasExactFindings(parse, family));
  if (document === null || todo.length === 0) return false;
  if (todo.length === 1) return yield* makeExactFindingsInSteps(parse, todo[0]);
  const made = yield* checkTogetherInSteps(document, parse.text, todo);
  let changed = false;
  for (let i = 0; i < todo.length; i++) {
    const state = stateOf(parse, todo[i]);
    // Made meanwhile, in one go, by a request that needed them (hover): those stand.
    if (state.exact !== undefined) continue;
    const shown = state.carried ?? todo[i].none;
    state.exact = made[i];
    delete state.carried;
    if (!todo[i].same(shown, made[i])) changed = true;
  }
  return changed;
}

/**
 * Makes the exact findings of a parse if they are not made yet, and tells
 * whether they differ from those shown until now (carried, or none): when
 * they do not, nothing needs to be published again. In steps, for the idle
 * exact checks: the caller must drop the generator once `parse` is not the
 * document's current one (a reparse consumes the tree it walks).
 */
export function* makeExactFindingsInSteps<F>(parse: DocumentParse, family: FindingsFamily<F>): Generator<void, boolean> {
  if (parse.document === null || hasExactFindings(parse, family)) return false;
  const made = family.checkInSteps === undefined ? family.check(parse.document, parse.text) : yield* family.checkInSteps(parse.document);
  const state = stateOf(parse, family);
  // Made meanwhile, in one go, by a request that needed them (hover): those stand.
  if (state.exact !== undefined) return false;
  const shown = state.carried ?? family.none;
  state.exact = made;
  delete state.carried;
  return !family.same(shown, made);
}
