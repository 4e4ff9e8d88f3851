/**
 * html5lib-tests tree construction: every test of every `.dat` file (not
 * `scripted/`, which needs a script engine), document and fragment cases,
 * with scripting on and off unless the test pins one. The tree dump must
 * match. The number of parse errors must equal the number of `#errors` plus
 * `#new-errors` lines; disagreements are listed (and explained) in the
 * known-failures list as `tree-errors/<file>#<index>`.
 */
import { strict as assert } from 'node:assert';
import { parse, parseFragment, toTestTree } from '../out/tree/index';
import type { ParseError } from '../out/errors';
import { KNOWN_FAILURES, SUPERSEDED_PI_TREE, checkAgainstKnownFailures, knownFailuresWithPrefix } from './support/known-failures';

const PI_ERROR_CODES = new Set([
  'eof-in-processing-instruction',
  'invalid-first-character-of-processing-instruction-target',
  'invalid-processing-instruction-target',
  'disallowed-processing-instruction-target',
]);

/** A dump without its `<?` bogus comments and processing instructions. */
function withoutProcessingInstructions(dump: string): string {
  return dump
    .split('\n')
    .filter((line) => !/^\| *(<!-- \?.* -->|<\?.*\?>)$/.test(line))
    .join('\n');
}
import { WPT_TREE_FILES, loadTreeTests, loadWptTreeTests, type TreeTest } from './support/tree-dat';

const html5libTests = loadTreeTests();
// The WPT data newer than html5lib-tests' pin (processing instructions, whatwg/html 320c05f6).
const wptTests = loadWptTreeTests();
const tests = [...html5libTests, ...wptTests];

/** Parses a test's input the way the test asks. */
export function runTreeTest(test: TreeTest, scripting: boolean): { dump: string; errors: ParseError[] } {
  if (test.fragment !== null) {
    const result = parseFragment(test.data, test.fragment.name, { scripting, contextNamespace: test.fragment.namespace });
    return { dump: toTestTree(result.fragment), errors: result.errors };
  }
  const result = parse(test.data, { scripting });
  return { dump: toTestTree(result.document), errors: result.errors };
}

/** Per WPT file: cases whose every run passes, out of its cases. */
const wptCases = new Map<string, { cases: number; failedCases: Set<number> }>();
const counts = { runs: 0, passed: 0, document: { on: 0, off: 0 }, fragment: { on: 0, off: 0 }, errorCases: 0, errorAgree: 0 };
const ids = new Set<string>();

describe('html5lib tree construction tests', () => {
  it('finds the suite', () => {
    assert.ok(html5libTests.length >= 1700, `expected the tree-construction tests, found ${html5libTests.length}`);
  });

  it('finds the WPT processing-instructions.dat (124 cases)', () => {
    assert.equal(wptTests.filter((t) => t.file === 'wpt-parsing/processing-instructions.dat').length, 124);
  });

  const byFile = new Map<string, TreeTest[]>();
  for (const test of tests) byFile.set(test.file, [...(byFile.get(test.file) ?? []), test]);

  for (const [file, fileTests] of byFile) {
    const wpt = file.startsWith('wpt-parsing/');
    if (wpt) wptCases.set(file, { cases: fileTests.length, failedCases: new Set() });
    describe(file, () => {
      for (const test of fileTests) {
        const modes = test.scripting === null ? [true, false] : [test.scripting];
        for (const scripting of modes) {
          const id = `tree/${file}#${test.index} ${scripting ? 'script-on' : 'script-off'}`;
          ids.add(id);
          counts.runs++;
          it(`${test.index} (line ${test.line}, ${scripting ? 'script-on' : 'script-off'}): ${JSON.stringify(test.data).slice(0, 60)}`, () => {
            if (wpt) wptCases.get(file)!.failedCases.add(test.index);
            checkAgainstKnownFailures(id, () => {
              const { dump } = runTreeTest(test, scripting);
              assert.equal(dump, test.document);
            });
            if (wpt && !KNOWN_FAILURES[id]) wptCases.get(file)!.failedCases.delete(test.index);
            // A tree superseded by processing instructions differs only in its `<?` nodes.
            if (KNOWN_FAILURES[id] === SUPERSEDED_PI_TREE) {
              assert.ok(test.data.includes('<?'));
              assert.equal(withoutProcessingInstructions(runTreeTest(test, scripting).dump), withoutProcessingInstructions(test.document));
            }
            const kind = test.fragment !== null ? counts.fragment : counts.document;
            if (scripting) kind.on++;
            else kind.off++;
            counts.passed++;
          });
        }
        // The WPT files' #errors sections are empty (they check trees only, see
        // ../shared/wpt-parsing/SOURCE.md): their errors are checked by tokenizer.test.ts.
        if (wpt) continue;
        const errorId = `tree-errors/${file}#${test.index}`;
        ids.add(errorId);
        counts.errorCases++;
        it(`${test.index}: error count`, () => {
          checkAgainstKnownFailures(errorId, () => {
            const expected = test.errors + test.newErrors;
            for (const scripting of modes) {
              const { errors } = runTreeTest(test, scripting);
              assert.equal(errors.length, expected, `${errors.length} errors (${errors.map((e) => e.code).join(', ')}), expected ${expected}`);
            }
            counts.errorAgree++;
          });
          // Superseded by processing instructions: the question-mark error is gone and
          // the processing instruction states' errors come instead.
          if (KNOWN_FAILURES[errorId] === SUPERSEDED_PI_TREE) {
            for (const scripting of modes) {
              const codes = runTreeTest(test, scripting).errors.map((e) => e.code);
              assert.ok(test.newErrorCodes.includes('unexpected-question-mark-instead-of-tag-name'));
              assert.equal(codes.length, test.errors - 1 + codes.filter((c) => PI_ERROR_CODES.has(c)).length, codes.join(', '));
            }
          }
          // A listed disagreement explained as "#new-errors restate #errors" must be just that.
          if (KNOWN_FAILURES[errorId]?.startsWith('#new-errors restate')) {
            for (const scripting of modes) {
              const codes = runTreeTest(test, scripting).errors.map((e) => e.code);
              assert.equal(codes.length, test.errors, `${errorId}: the explanation says we report the #errors count`);
              for (const code of test.newErrorCodes) assert.ok(codes.includes(code), `${errorId}: #new-errors code ${code} not among ours (${codes.join(', ')})`);
            }
          }
        });
      }
    });
  }

  it('lists no known failure that does not exist', () => {
    for (const id of [...knownFailuresWithPrefix('tree/'), ...knownFailuresWithPrefix('tree-errors/')]) {
      assert.ok(ids.has(id), `stale known-failure entry: ${id}`);
    }
  });

  after(() => {
    const d = counts.document;
    const f = counts.fragment;
    console.log(
      `\n  tree construction: ${counts.passed}/${counts.runs} runs pass ` +
        `(document script-on ${d.on}, script-off ${d.off}; fragment script-on ${f.on}, script-off ${f.off}); ` +
        `error counts agree in ${counts.errorAgree}/${counts.errorCases} cases`,
    );
    for (const file of WPT_TREE_FILES) {
      const c = wptCases.get(`wpt-parsing/${file}`);
      if (c !== undefined) console.log(`  ${file}: ${c.cases - c.failedCases.size}/${c.cases} cases pass (every scripting mode)`);
    }
  });
});
