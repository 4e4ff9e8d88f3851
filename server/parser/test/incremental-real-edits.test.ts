/**
 * Incremental reparsing under real editing: the corpus pages edited the way
 * people edit them (support/real-edits.ts: typing markup and prose one
 * character at a time, deleting and replacing selections, pasting a block or
 * another whole page, deleting half the file, undoing, moving a block).
 * After every single edit, `reparse` must give exactly what a full `parse`
 * gives: the tree, every node's ranges and every error (tree-fingerprint.ts).
 * An internal error in `reparse` fails the run (it would have fallen back).
 *
 * It also counts the edits that fell back to a full parse, by reason, and
 * holds them to the target: at most 2%.
 *
 * How many edits are made in all: 5,000 in `npm test`, 200,000 in `npm run
 * test:long`, or TAGTREE_REAL_EDITS (the README's million sets it to
 * 1,000,000); see support/sample-size.ts.
 */
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, reparse, type ParseResult, type TextEdit } from '../out/index';
import { applyEdit, EditSession, type EditKind } from './support/real-edits';
import { seededRandom } from './support/random';
import { sampleSize } from './support/sample-size';
import { corpus, listHtmlFiles } from './support/shared-data';
import { errorsDifference, treeDifference } from './support/tree-fingerprint';


/** Writes a failing session's edits to a file in the temporary folder, for reproducing it; returns its path. */
function dumpEdits(file: string, scripting: boolean, edits: readonly TextEdit[]): string {
  const path = join(tmpdir(), `tagtree-real-edits-${process.pid}.json`);
  writeFileSync(path, JSON.stringify({ file, scripting, edits }));
  return path;
}

export interface RealEditTally {
  edits: number;
  fallbacks: Map<string, number>;
  byKind: Map<EditKind, number>;
  /** The sync refusals the reparses met (ReparseOptions.onExplain): old checkpoints passed and the characters reparsed for them, by reason. */
  refusals?: Map<string, { count: number; bytes: number }>;
}

/** The refusals of a tally, the most characters first. */
export function refusalsReport(tally: RealEditTally): string {
  return [...(tally.refusals ?? [])]
    .sort((x, y) => y[1].bytes - x[1].bytes)
    .map(([reason, total]) => `${reason} ${total.count} (${total.bytes} chars)`)
    .join(', ');
}

/**
 * Edits each page in a session of `perPage` edits, comparing every reparse
 * with a full parse; throws on the first difference, with the page, the
 * seed and the edits since the session began.
 */
export function runRealEdits(
  files: readonly string[],
  total: number,
  seed: number,
  tally: RealEditTally,
  progress?: (tally: RealEditTally) => void,
  /** Pages given by name instead of read from a file. */
  given?: ReadonlyMap<string, string>,
): void {
  const random = seededRandom(seed);
  const texts = new Map<string, string>(given ?? []);
  const read = (file: string): string => {
    let text = texts.get(file);
    if (text === undefined) texts.set(file, (text = readFileSync(file, 'utf8')));
    return text;
  };
  const perPage = 120;
  for (let round = 0; tally.edits < total; round++) {
    for (const [i, file] of files.entries()) {
      if (tally.edits >= total) return;
      const scripting = (i + round) % 3 !== 0;
      const otherPage = () => read(files[Math.floor(random() * files.length)]);
      const session = new EditSession(random, read(file), otherPage);
      let text = session.text;
      let result: ParseResult = parse(text, { scripting });
      const history: TextEdit[] = [];
      let edits = 0;
      while (edits < perPage && tally.edits < total) {
        const { kind, edits: operation } = session.next();
        tally.byKind.set(kind, (tally.byKind.get(kind) ?? 0) + operation.length);
        for (const edit of operation) {
          history.push(edit);
          let reason: string | null = null;
          try {
            result = reparse(result, edit, {
              scripting,
              onFallback: (r) => (reason = r),
              rethrow: true,
              onExplain: (explanation) => {
                for (const { reason: refusal, bytes } of explanation.refusals) {
                  const sum = tally.refusals?.get(refusal);
                  if (sum !== undefined) {
                    sum.count++;
                    sum.bytes += bytes;
                  } else tally.refusals?.set(refusal, { count: 1, bytes });
                }
              },
            });
          } catch (e) {
            assert.fail(`reparse threw: ${file} (round ${round}, scripting ${scripting}, seed ${seed}) after ${history.length} edits (all of them in ${dumpEdits(file, scripting, history)}): ${(e as Error).stack}`);
          }
          text = applyEdit(text, edit);
          edits++;
          tally.edits++;
          if (reason !== null) tally.fallbacks.set(reason, (tally.fallbacks.get(reason) ?? 0) + 1);
          progress?.(tally);
          const full = parse(text, { scripting });
          const where = () => `${file} (round ${round}, scripting ${scripting}, seed ${seed}) after ${history.length} edits (all of them in ${dumpEdits(file, scripting, history)}), the last ones ${JSON.stringify(history.slice(-4)).slice(0, 2000)}`;
          const treeDiff = treeDifference(result.document, full.document);
          if (treeDiff !== null) assert.fail(`tree differs from a full parse: ${where()}\n${treeDiff}`);
          const errorDiff = errorsDifference(result.errors, full.errors);
          if (errorDiff !== null) assert.fail(`errors differ from a full parse: ${where()}\n${errorDiff}`);
        }
        assert.equal(text, session.text);
      }
    }
  }
}

function report(label: string, tally: RealEditTally): void {
  const fellBack = [...tally.fallbacks.values()].reduce((a, b) => a + b, 0);
  const reasons = [...tally.fallbacks].sort((x, y) => y[1] - x[1]).map(([reason, n]) => `${n} × ${reason}`).join('; ');
  const kinds = [...tally.byKind].map(([kind, n]) => `${kind} ${n}`).join(', ');
  console.log(`  ${label}: ${tally.edits} edits (${kinds}), 0 mismatches, 0 internal errors; ${fellBack} fell back to a full parse (${((100 * fellBack) / tally.edits).toFixed(2)}%)${reasons ? `: ${reasons}` : ''}`);
  if (tally.refusals !== undefined) console.log(`  ${label}: sync refusals (old checkpoints passed, characters reparsed for them): ${refusalsReport(tally) || 'none'}`);
}

/**
 * Pages whose parse hangs on the form element pointer and the frameset-ok
 * flag (whatwg/html#12908, #12911): templates in and after the head before an
 * implied body and a frameset, forms in tables and templates, a form whose
 * controls follow a template.
 */
export const TEMPLATE_FORM_FRAMESET_PAGES: ReadonlyMap<string, string> = new Map([
  ['head-template-frameset', '<!DOCTYPE html>\n<html>\n<head>\n<title>Frames</title>\n<template id=t><p>row</p></template>\n</head>\n<p>\n<frameset cols="25%,75%">\n<frame src=nav.html>\n<frame src=main.html>\n</frameset>\n</html>\n'],
  ['template-text-frameset', '<template>x</template>\n<template><b>y</b></template>\n<p><frameset rows="*,*"><frame><frame></frameset>\n<noframes>No frames</noframes>\n'],
  ['forms-in-templates', '<!DOCTYPE html>\n<title>Forms</title>\n<form id=outer action=/a>\n<label>Q <input name=q></label>\n<template><form><form><input name=inner></form></template>\n<table><tr><td><input name=r></td></tr><form></table>\n<template><table><form></table><tr><form><td>c</td></template>\n</form>\n<form><p>second<div>d</form>after</div>\n'],
  ['mixed', '<head></head><template></template><p><frameset><frame></frameset>\n<form><template><form></template><form>\n<template><form><template></template><form></template>\n<template><template><form></template><form></template>\n<table><form><tr><td>x</table>\n'],
]);

describe('incremental reparsing under real editing equals a full parse', function () {
  const total = sampleSize('TAGTREE_REAL_EDITS', 5_000, 200_000);
  // The CI-sized run takes about 20 seconds; a long run (10^5, 10^6 edits) takes as long as it takes.
  this.timeout(total > 20_000 ? 0 : 3_600_000);

  it('after typing, deleting, pasting, undoing and moving blocks in the corpus pages', () => {
    const files = [...listHtmlFiles(corpus('b-pages')), ...listHtmlFiles(corpus('c-bench'))];
    assert.ok(files.length >= 200, `expected the corpus, found ${files.length} files`);
    const tally: RealEditTally = { edits: 0, fallbacks: new Map(), byKind: new Map(), refusals: new Map() };
    // A long run says how far it got, every 1% of its edits (at least 1,000).
    const every = Math.max(1_000, Math.ceil(total / 100));
    const began = Date.now();
    const progress =
      total > 20_000
        ? (t: RealEditTally) => {
            if (t.edits % every !== 0) return;
            const fellBack = [...t.fallbacks.values()].reduce((a, b) => a + b, 0);
            console.log(`    ${t.edits} of ${total} edits, 0 mismatches so far, ${fellBack} fell back (${((Date.now() - began) / 60_000).toFixed(1)} min); sync refusals: ${refusalsReport(t)}`);
          }
        : undefined;
    try {
      runRealEdits(files, total, Number(process.env.TAGTREE_REAL_EDITS_SEED) || 20261124, tally, progress);
    } finally {
      report('corpus pages, real edits', tally);
    }
    const fellBack = [...tally.fallbacks.values()].reduce((a, b) => a + b, 0);
    assert.ok(fellBack <= tally.edits * 0.02, `${fellBack} of ${tally.edits} edits fell back to a full parse (target: at most 2%)`);
  });

  it('after real edits of pages with templates, forms and framesets (whatwg/html#12908, #12911)', () => {
    const pages = TEMPLATE_FORM_FRAMESET_PAGES;
    const tally: RealEditTally = { edits: 0, fallbacks: new Map(), byKind: new Map() };
    const edits = sampleSize('TAGTREE_REAL_EDITS_TEMPLATE_FORM', 4_000, 40_000);
    try {
      runRealEdits([...pages.keys()], edits, Number(process.env.TAGTREE_REAL_EDITS_SEED) || 20261128, tally, undefined, pages);
    } finally {
      report('template, form and frameset pages, real edits', tally);
    }
  });
});
