/**
 * The incremental conformance re-check: after every edit of seeded random
 * edit sequences, `recheckConformance` (the previous findings moved through
 * the edit, and the part of the tree the reparse changed checked again) must
 * give exactly what `checkConformance` gives on the new tree, or say that it
 * cannot (null, for a document whose mains are met).
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkConformance, moveConformanceFindings, parse, recheckConformance, reparse, type ConformanceDiagnostic, type TextEdit } from '../out/index';
import { loadFixtures } from './conformance-fixtures';
import { corpus } from './support/shared-data';
import { pick, seededRandom } from './support/random';

const SNIPPETS = [
  'x', ' ', '\n', '<', '>', '/', '"', '=', ' align=left', ' alt=""', ' href=x', '<p>', '</p>', '<li>', '</li>', '<ul>', '</ul>', '<div>', '</div>',
  '<dt>', '<dd>', '<dl>', '</dl>', '<a href=x>', '</a>', '<button>', '</button>', '<img src=a>', '<figure>', '<figcaption>c</figcaption>',
  '<label>', '<input>', '</label>', '<select required>', '<option>', '<option value="">', '</select>', '<table>', '<td>', '<tr>', '</table>',
  '<title>t</title>', '<center>', '<font>', '<secton>', '<my-el>', '<template>', '</template>', '<svg>', '</svg>', '<area>', '<map>',
  '<span role=bogus>', '<b aria-bogus=1>', '<hgroup>', '<h1>h</h1>', '<picture>', '<source srcset=a>',
];

function randomEdit(random: () => number, text: string): TextEdit {
  const start = Math.floor(random() * (text.length + 1));
  if (random() < 0.6) return { start, deleteCount: 0, insertText: pick(random, SNIPPETS) };
  return { start, deleteCount: Math.min(text.length - start, 1 + Math.floor(random() * 6)), insertText: '' };
}

const key = (d: ConformanceDiagnostic) => `${d.start}-${d.end} ${d.code} ${d.message}`;

function run(name: string, text: string, edits: number, seed: number): { rechecked: number; full: number } {
  const random = seededRandom(seed);
  let result = parse(text);
  let current = text;
  let findings = checkConformance(result.document);
  let rechecked = 0;
  let full = 0;
  for (let i = 0; i < edits; i++) {
    const edit = randomEdit(random, current);
    let region: { start: number; end: number } | null = null;
    result = reparse(result, edit, { onRegion: (start, end) => (region = { start, end }) });
    current = current.slice(0, edit.start) + edit.insertText + current.slice(edit.start + edit.deleteCount);
    const expected = checkConformance(result.document);
    if (region !== null) {
      const got = recheckConformance(result.document, moveConformanceFindings(findings, edit), region);
      if (got === null) full++;
      else {
        rechecked++;
        assert.deepEqual(got.map(key), expected.map(key), `${name}, edit ${i} ${JSON.stringify(edit)}`);
      }
    }
    findings = expected;
  }
  return { rechecked, full };
}

describe('conformance: the incremental re-check equals a full check', function () {
  this.timeout(600_000);

  it('on the conformance fixtures, 40 random edits each', () => {
    let rechecked = 0;
    for (const [n, fixture] of loadFixtures().entries()) rechecked += run(fixture.id, fixture.document, 40, 1000 + n).rechecked;
    assert.ok(rechecked > 5000, `${rechecked} re-checks`);
  });

  it('on corpus pages, 150 random edits each', () => {
    const root = corpus();
    let rechecked = 0;
    for (const [n, file] of ['b-pages/docs/debian-policy/doc_debian-policy_README.html', 'b-pages/docs/cppreference-doc-en-html/cppreference_doc_html_en_c_io_fgetc.html', 'b-pages/docs/lynx-common/doc_lynx-common_lynx_help_alphatoc.html'].entries()) {
      rechecked += run(file, readFileSync(join(root, file), 'utf8'), 150, 77 + n).rechecked;
    }
    assert.ok(rechecked > 200, `${rechecked} re-checks`);
  });
});
