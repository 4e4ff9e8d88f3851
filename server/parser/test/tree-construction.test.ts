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
import { KNOWN_FAILURES, checkAgainstKnownFailures, knownFailuresWithPrefix } from './support/known-failures';
import { loadTreeTests, type TreeTest } from './support/tree-dat';

const tests = loadTreeTests();

/** Parses a test's input the way the test asks. */
export function runTreeTest(test: TreeTest, scripting: boolean): { dump: string; errors: ParseError[] } {
  if (test.fragment !== null) {
    const result = parseFragment(test.data, test.fragment.name, { scripting, contextNamespace: test.fragment.namespace });
    return { dump: toTestTree(result.fragment), errors: result.errors };
  }
  const result = parse(test.data, { scripting });
  return { dump: toTestTree(result.document), errors: result.errors };
}

const counts = { runs: 0, passed: 0, document: { on: 0, off: 0 }, fragment: { on: 0, off: 0 }, errorCases: 0, errorAgree: 0 };
const ids = new Set<string>();

describe('html5lib tree construction tests', () => {
  it('finds the suite', () => {
    assert.ok(tests.length >= 1700, `expected the tree-construction tests, found ${tests.length}`);
  });

  const byFile = new Map<string, TreeTest[]>();
  for (const test of tests) byFile.set(test.file, [...(byFile.get(test.file) ?? []), test]);

  for (const [file, fileTests] of byFile) {
    describe(file, () => {
      for (const test of fileTests) {
        const modes = test.scripting === null ? [true, false] : [test.scripting];
        for (const scripting of modes) {
          const id = `tree/${file}#${test.index} ${scripting ? 'script-on' : 'script-off'}`;
          ids.add(id);
          counts.runs++;
          it(`${test.index} (line ${test.line}, ${scripting ? 'script-on' : 'script-off'}): ${JSON.stringify(test.data).slice(0, 60)}`, () => {
            checkAgainstKnownFailures(id, () => {
              const { dump } = runTreeTest(test, scripting);
              assert.equal(dump, test.document);
            });
            const kind = test.fragment !== null ? counts.fragment : counts.document;
            if (scripting) kind.on++;
            else kind.off++;
            counts.passed++;
          });
        }
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
  });
});
