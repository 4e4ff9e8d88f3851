/**
 * Tree construction after the WHATWG changes of September 2026, which
 * html5lib-tests (pinned before them) and ../shared/wpt-parsing do not hold:
 * - whatwg/html#12908, "Reset frameset-ok when the body element is inserted
 *   implicitly": the "after head" insertion mode's "anything else" entry sets
 *   the frameset-ok flag to "ok" (modes/after-head.ts);
 * - whatwg/html#12911, "Ignore the form element pointer throughout template
 *   contents": "parsing template contents" (a template element on the stack
 *   of open elements, or a template context element) replaces the stack test
 *   in the "form" start tags in body and in table and the "form" end tag
 *   (TreeBuilder.parsingTemplateContents). The PR's other change (no
 *   association with the form element pointer in a fragment parse) touches
 *   form owners, which the tree does not show; and a fragment whose context
 *   element is inside template contents, not a template, cannot be asked for:
 *   `parseFragment`'s context element has no ancestors.
 *
 * The incremental reparse needed no change for them: the frameset-ok flag
 * and the form element pointer are parser state the checkpoints save and the
 * sync compares (the refusals `state-differs`, `head-or-form-differs`).
 *
 * The cases are written here in the `.dat` format (read by the same
 * `parseDatFile` as the suites, `#description` included), from the spec's
 * steps; each tree was checked against Chromium's `DOMParser` as well
 * (browser-differential.test.ts runs the document cases again as probes).
 * Every case runs with scripting on and off. Their `#errors` sections are
 * empty, as in WPT's files: the cases check trees.
 */
import { strict as assert } from 'node:assert';
import { parse, parseFragment, toTestTree } from '../out/tree/index';
import { parseDatFile, type TreeTest } from './support/tree-dat';
import { SPEC_UPDATE_CASES } from './support/spec-update-cases';


function run(test: TreeTest, scripting: boolean): string {
  if (test.fragment !== null) return toTestTree(parseFragment(test.data, test.fragment.name, { scripting }).fragment);
  return toTestTree(parse(test.data, { scripting }).document);
}

describe('tree construction after whatwg/html#12908 and #12911 (September 2026)', () => {
  const tests = parseDatFile('spec-updates', SPEC_UPDATE_CASES);

  it('reads every case, with its #description', () => {
    assert.equal(tests.length, 15);
    assert.equal(tests.filter((t) => t.description !== null).length, 14);
    for (const t of tests) assert.ok(!t.data.includes('#'), `case ${t.index} swallowed a heading: ${JSON.stringify(t.data)}`);
  });

  for (const test of tests) {
    for (const scripting of [true, false]) {
      it(`${test.index} (${scripting ? 'script-on' : 'script-off'}) ${JSON.stringify(test.data)}: ${test.description ?? ''}`, () => {
        assert.equal(run(test, scripting), test.document);
      });
    }
  }
});

describe('parseDatFile: WPT #description sections', () => {
  it('starts a test at #description and keeps the description out of the previous test', () => {
    const text = [
      '#data', 'a', '#errors', '#document', '| "a"', '',
      '#description', 'RCDATA in a textarea context', 'second line', '#data', '<b>x', '#errors', '#document-fragment', 'textarea', '#document', '| "<b>x"', '',
      '#data', 'c', '#errors', 'one error', '#document', '| "c"', '',
    ].join('\n');
    const tests = parseDatFile('t.dat', text);
    assert.equal(tests.length, 3);
    assert.deepEqual(tests.map((t) => t.description), [null, 'RCDATA in a textarea context\nsecond line', null]);
    assert.deepEqual(tests.map((t) => t.data), ['a', '<b>x', 'c']);
    assert.deepEqual(tests.map((t) => t.document), ['| "a"', '| "<b>x"', '| "c"']);
    assert.deepEqual(tests.map((t) => t.line), [1, 10, 18]);
    assert.deepEqual(tests[1].fragment, { name: 'textarea', namespace: 'html' });
    assert.equal(tests[2].errors, 1);
  });

  it('reads a tests4-style file (fragment cases, three of them described) as one test per #data', () => {
    const cases = ['div', 'textarea', 'textarea', 'style', 'plaintext', 'html', 'head', 'title', 'script'];
    const described = new Set([2, 3, 4]);
    const text = cases
      .map((context, i) => [...(described.has(i) ? ['#description', `case ${i}`] : []), '#data', `text ${i}`, '#errors', '#document-fragment', context, '#document', `| "text ${i}"`].join('\n'))
      .join('\n\n') + '\n';
    const tests = parseDatFile('tests4.dat', text);
    assert.equal(tests.length, 9);
    assert.deepEqual(tests.map((t) => t.fragment?.name), cases);
    assert.deepEqual(tests.map((t) => t.description), cases.map((_, i) => (described.has(i) ? `case ${i}` : null)));
    for (const t of tests) assert.equal(t.document, `| "text ${t.index}"`);
  });
});
