/**
 * Property: a chain of keystroke re-checks (`recheckConformance` after each
 * incremental reparse, from the re-check before it) gives exactly what a
 * full `checkConformance` of the same tree gives.
 *
 * The edits are seeded random insertions of formatting and block tags (what
 * the adoption agency algorithm, the reconstruction of the active formatting
 * elements, foster parenting and implied end tags move around) and
 * deletions, into small documents made of the same tags, so that nearly every
 * edit changes how the tree around it is built.
 *
 * CI runs a sample of 6,000 edits; `npm run test:long` runs 100,000 (TAGTREE_RECHECK_EDITS sets another size;
 * documented in docs/conformance.md):
 *
 *   npm run build && TAGTREE_RECHECK_EDITS=100000 npx mocha --no-config --timeout 0 server/parser/out-test/conformance-recheck-property.test.js
 *
 * TAGTREE_RECHECK_SEED picks another sequence. A mismatch names the seed of
 * its chain and the edit, and writes the chain's edits to a JSON file.
 */
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkConformance, checkConformanceFindings, moveConformanceFindings, parse, recheckConformance, recheckRegion, reparse, type ConformanceDiagnostic, type TextEdit } from '../out/index';
import { pick, seededRandom } from './support/random';
import { sampleSize } from './support/sample-size';

const FORMATTING = ['<b>', '</b>', '<i>', '</i>', '<em>', '</em>', '<a href=x>', '</a>', '<font>', '</font>', '<nobr>', '</nobr>', '<s>', '</s>', '<strong>', '</strong>', '<code>', '</code>', '<u>', '</u>'];
const BLOCKS = [
  '<div>', '</div>', '<p>', '</p>', '<h1>', '</h1>', '<h2>', '<ul>', '</ul>', '<li>', '</li>', '<dl>', '<dt>', '<dd>', '<table>', '</table>', '<tr>', '<td>', '</td>',
  '<blockquote>', '</blockquote>', '<pre>', '<address>', '<section>', '</section>', '<button>', '</button>', '<center>', '<form>', '</form>', '<label>', '<input>',
];
/**
 * The blocks of the run: also headings whose level skips and heading offsets (the outline is kept between edits),
 * cells that span and column groups (the table model), named dts (a dl's repeated names, found on the dl), and end
 * tags of list items and dl groups followed by text (a formatting element left open in the item is reopened for the
 * text, a clone, in the ul, ol or dl: not allowed there, an empty finding where the text begins).
 */
const BLOCKS_AND_HEADINGS = [...BLOCKS, '<h4>', '<section headingoffset=1>'];
const BLOCKS_AND_LEVELS = [
  ...BLOCKS_AND_HEADINGS, '<td colspan=3>', '<td rowspan=2>', '<tbody>', '<colgroup><col span=2>', '<col>', '<dt>x', '</dt>',
  '<ol>', '</ol>', '<li><b>', '</li> ', '</li>y', '</dd>z', '</dt> ',
];
/** Lists, dls and tables, where formatting elements left open are reopened (clones) for the text after an item. */
const CLONE_BLOCKS = [
  '<ul>', '</ul>', '<ol>', '</ol>', '<menu>', '<li>', '</li>', '</li> ', '</li>y', '<li><b>x', '<dl>', '</dl>', '<dt>', '</dt> ', '<dd>', '</dd>z',
  '<div>', '</div>', '<p>', '</p>', '<table>', '<tr>', '<td>', '</td>', '<select>', '<h2>', ' ', 'x',
  '<ul><li><b>x</li> y', '<ol><li><i>a</li>b</ol>', '<dl><dt><code>c</dt>d', '<ul><li><a href=x><em>e</li>f<li>g</ul>',
];
const TEXT = ['x', ' ', 'word ', '\n', '<', '>', '/'];
/**
 * ARIA: roles whose required context is an ancestor's role, header and footer scoped by an ancestor, table cells read
 * against their table's role, select's multiple (its options' listbox), the required owned elements of a role (read
 * below it, through generic elements and groups, unless aria-busy is on it or an ancestor); and attributes typed into start tags (a role
 * given to or taken from an ancestor changes what is below it: the element is then re-checked whole).
 */
const ARIA_BLOCKS = [
  ...BLOCKS, '<div role=list>', '<div role=listitem>', '<div role=tablist>', '<div role=tab>', '</div>', '<header role=banner>', '</header>',
  '<footer role=contentinfo>', '</footer>', '<main>', '</main>', '<div role=main>', '<ul role=menu>', '<li role=menuitem>', '<li role=tab>',
  '<table role=grid>', '<td role=cell>', '<td role=gridcell>', '<div role=row>', '<span aria-label=x>', '<select multiple>', '<select>',
  '<option role=option>', '<img alt="" role=none>', ' role=list', ' role=tablist', ' role=main', ' role=presentation', ' aria-checked=true', ' multiple',
  // Required owned elements: what a role owns through generic and none elements and groups, aria-busy on it or an
  // ancestor, aria-owns, a formatting element's role (its clones' too).
  '<div role=listbox>', '<div role=option>', '<div role=group>', '<div role=rowgroup>', '<div role=none>', '<div role=feed>', '<article>', '<ul>', '<li>',
  '<b role=listitem>', '<div aria-busy=true>', ' aria-busy=true', ' aria-owns=x', ' role=group', ' role=listitem',
  // aria-owns followed (aria-owns.ts): owners, the ids they name, and elements with those ids (a role's required
  // context through its owner, an owner's required owned elements elsewhere).
  '<div id=x role=listitem>', ' id=x', ' id=y', '<div role=list aria-owns=x>', '<div role=tablist aria-owns="y x">', '<div role=tab id=y>', ' aria-owns=y',
];

/** A small starting document of the same tags. */
function startingDocument(random: () => number, blocks: readonly string[] = BLOCKS): string {
  let body = '';
  const n = 4 + Math.floor(random() * 12);
  for (let i = 0; i < n; i++) {
    const r = random();
    body += r < 0.45 ? pick(random, FORMATTING) : r < 0.85 ? pick(random, blocks) : pick(random, TEXT);
    if (random() < 0.5) body += 'text';
  }
  return `<!DOCTYPE html><html lang=en><title>t</title><body>${body}</body></html>`;
}

function randomEdit(random: () => number, text: string, blocks: readonly string[]): TextEdit {
  const start = Math.floor(random() * (text.length + 1));
  const r = random();
  if (r < 0.35) return { start, deleteCount: 0, insertText: pick(random, FORMATTING) };
  if (r < 0.65) return { start, deleteCount: 0, insertText: pick(random, blocks) };
  if (r < 0.75) return { start, deleteCount: 0, insertText: pick(random, TEXT) };
  return { start, deleteCount: Math.min(text.length - start, 1 + Math.floor(random() * 8)), insertText: '' };
}

const key = (d: ConformanceDiagnostic) => `${d.start}-${d.end} ${d.code} ${d.message}${(d.related ?? []).map((r) => ` [${r.start}-${r.end} ${r.message}]`).join('')}`;

interface ChainResult {
  edits: number;
  rechecked: number;
  full: number;
  /** The re-checks whose document has a formatting element's clone that its parent does not allow (an empty finding). */
  clones: number;
  mismatch: string | null;
}

/** One chain: a starting document and `length` edits, each re-checked from the re-check before it. */
function chain(seed: number, length: number, blocks: readonly string[] = BLOCKS_AND_LEVELS): ChainResult {
  const random = seededRandom(seed);
  const text = startingDocument(random, blocks === ARIA_BLOCKS || blocks === CLONE_BLOCKS ? blocks : BLOCKS);
  // Checkpoints every few characters, so that a reparse starts near the edit and keeps the nodes before it.
  let result = parse(text, { checkpointInterval: [4, 8, 16, 64][seed % 4] });
  let current = text;
  let findings = checkConformanceFindings(result.document);
  const done: TextEdit[] = [];
  let rechecked = 0;
  let full = 0;
  let clones = 0;
  for (let i = 0; i < length; i++) {
    const edit = randomEdit(random, current, blocks);
    done.push(edit);
    let region: { start: number; end: number } | null = null;
    result = reparse(result, edit, { onChanged: (start, end, reattributed) => (region = recheckRegion(start, end, reattributed)) });
    current = current.slice(0, edit.start) + edit.insertText + current.slice(edit.start + edit.deleteCount);
    const got = region === null ? null : recheckConformance(result.document, moveConformanceFindings(findings, edit), region);
    if (got === null) {
      full++;
      findings = checkConformanceFindings(result.document);
      continue;
    }
    rechecked++;
    const all = checkConformance(result.document);
    if (all.some((d) => d.start === d.end && d.code === 'element-not-allowed')) clones++;
    const expected = all.map(key);
    const actual = got.toArray().map(key);
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      const file = join(tmpdir(), `tagtree-recheck-mismatch-${seed}.json`);
      writeFileSync(file, JSON.stringify({ seed, text, edits: done }, null, 1));
      const missing = expected.filter((k) => !actual.includes(k));
      const extra = actual.filter((k) => !expected.includes(k));
      return { edits: i + 1, rechecked, full, clones, mismatch: `seed ${seed}, edit ${i} ${JSON.stringify(edit)} (${file}): missing ${JSON.stringify(missing)}, extra ${JSON.stringify(extra)}` };
    }
    findings = got;
  }
  return { edits: length, rechecked, full, clones, mismatch: null };
}

/** `edits` (each at the first occurrence of its `at` text) re-checked one after another; each re-check must equal a full check. */
function givenChain(text: string, edits: readonly { readonly at: string; readonly insert?: string; readonly remove?: number }[]): { rechecks: number; findings: string[][] } {
  let result = parse(text, { checkpointInterval: 16 });
  let current = text;
  let findings = checkConformanceFindings(result.document);
  const out: string[][] = [];
  let rechecks = 0;
  for (const e of edits) {
    const start = current.indexOf(e.at);
    assert.ok(start >= 0, e.at);
    const edit: TextEdit = { start, deleteCount: e.remove ?? 0, insertText: e.insert ?? '' };
    let region: { start: number; end: number } | null = null;
    result = reparse(result, edit, { onChanged: (s, end, reattributed) => (region = recheckRegion(s, end, reattributed)) });
    current = current.slice(0, edit.start) + edit.insertText + current.slice(edit.start + edit.deleteCount);
    const got = region === null ? null : recheckConformance(result.document, moveConformanceFindings(findings, edit), region);
    const expected = checkConformance(result.document).map(key);
    if (got !== null) {
      rechecks++;
      assert.deepEqual(got.toArray().map(key), expected, `after ${JSON.stringify(edit)}`);
    }
    findings = got ?? checkConformanceFindings(result.document);
    out.push(findings.toArray().map((d) => d.code));
  }
  return { rechecks, findings: out };
}

describe('conformance: re-check chains equal a full check (seeded fuzz of formatting and block tags)', function () {
  this.timeout(0);
  const total = sampleSize('TAGTREE_RECHECK_EDITS', 6000, 100_000);
  const base = Number(process.env.TAGTREE_RECHECK_SEED ?? 1);
  const chainLength = 40;

  it('the chains in which the fuzz found a re-check that differed (each failed before its fix)', () => {
    // 1000405: text an older Text node had appended in the old region, undone, left it ending before the region
    // (reparse's onChanged now covers it). 1000698: the adoption agency moved children made before the region into
    // a copy (onChanged covers the nodes the region's own logs moved). 1000129, 1000980: a finding whose related range
    // is a parent's start tag the edit typed into (now left out by `moved` and made again). 1001470: the container's
    // missing-required-child kept twice (the replaced stretch's `which` read a stored position). 3002405: an `a` that
    // lost its href, whose transparent content is then read in its parent's context (the element is re-checked whole).
    for (const seed of [1000405, 1000698, 1000129, 1000980, 1001470, 3002405]) {
      const r = chain(seed, chainLength, BLOCKS);
      assert.equal(r.mismatch, null);
    }
    // With headings (a 100,000-edit run, seed 7): 7001092, 7002410: an element open at the checkpoint that the new
    // parse appended nothing to ends before the region (its empty-heading finding); 7002314: a <form> typed above
    // reused elements (paired, now under another parent: the form-in-form below them). reparse's onChanged covers both.
    for (const seed of [7001092, 7002314, 7002410]) {
      const r = chain(seed, chainLength, BLOCKS_AND_HEADINGS);
      assert.equal(r.mismatch, null);
    }
    // With clones reopened in lists (issue 23): 3000069: nested clones begin at one place (the inner one judged, the
    // outer walked down through: its finding is told by the original's start tag, `cloneFindingKey`); 3000072: a dt
    // whose end tag an edit broke took in the clone after it (the dl's missing dd: an element that ends where the
    // region ends is not walked down through). 7001613: a fostered u walked whole made again the findings of what
    // the adoption agency put in its clones (its extent holds their source; now only its own stretches).
    // 33000473: two findings on one start tag, one kept and one made again, in another order than a full check's (the
    // findings' order is now by code and message after position).
    for (const seed of [3000069, 3000072, 33000473]) {
      const r = chain(seed, chainLength, CLONE_BLOCKS);
      assert.equal(r.mismatch, null);
    }
    assert.equal(chain(7001613, chainLength).mismatch, null);
  });

  it(`${total} seeded edits in chains of ${chainLength}, seed ${base}`, () => {
    let edits = 0;
    let rechecked = 0;
    let full = 0;
    let clones = 0;
    const mismatches: string[] = [];
    let nextReport = total / 20;
    for (let c = 0; edits < total; c++) {
      const r = chain(base * 1_000_003 + c, Math.min(chainLength, total - edits));
      edits += r.edits;
      rechecked += r.rechecked;
      full += r.full;
      clones += r.clones;
      if (r.mismatch !== null) mismatches.push(r.mismatch);
      if (total > 20_000 && edits >= nextReport) {
        console.log(`  ${edits} edits, ${rechecked} re-checks, ${full} full checks, ${mismatches.length} mismatches`);
        nextReport += total / 20;
      }
    }
    console.log(`  ${edits} edits: ${rechecked} re-checks (${clones} with a reopened formatting element not allowed), ${full} full checks (mains, heading outline changes), ${mismatches.length} mismatches`);
    assert.deepEqual(mismatches.slice(0, 50), [], `${mismatches.length} mismatches`);
    assert.ok(rechecked > edits / 2, `${rechecked} re-checks`);
    assert.ok(clones > 0, `${clones} re-checks with a clone's finding`);
  });

  const cloneTotal = Math.ceil(total / 3);
  it(`${cloneTotal} seeded edits in lists, dls and tables with formatting elements reopened in them (a clone not allowed: an empty finding), seed ${base}`, () => {
    let edits = 0;
    let rechecked = 0;
    let clones = 0;
    const mismatches: string[] = [];
    for (let c = 0; edits < cloneTotal; c++) {
      const r = chain(base * 3_000_017 + c, Math.min(chainLength, cloneTotal - edits), CLONE_BLOCKS);
      edits += r.edits;
      rechecked += r.rechecked;
      clones += r.clones;
      if (r.mismatch !== null) mismatches.push(r.mismatch);
    }
    console.log(`  ${edits} edits in lists: ${rechecked} re-checks, ${clones} of them with a reopened formatting element not allowed, ${mismatches.length} mismatches`);
    assert.deepEqual(mismatches.slice(0, 50), [], `${mismatches.length} mismatches`);
    assert.ok(rechecked > edits / 2, `${rechecked} re-checks`);
    assert.ok(clones > rechecked / 4, `${clones} re-checks with a clone's finding`);
  });

  it('an owner walked down through that owned none reads only the region: a listitem typed deep in it, removed, blocked by another role, through a group', () => {
    const items = '<div><p>item</p></div>'.repeat(200);
    const doc = `<!DOCTYPE html><html lang=en><title>t</title><div role=list>${items}<div><p>here</p></div>${items}</div><div role=listbox><div role=group><div><p>there</p></div></div></div><div role=list><div role=button><div><p>blocked</p></div></div></div>`;
    const r = givenChain(doc, [
      { at: 'here', insert: '<div role=listitem>li</div>' },
      { at: '<div role=listitem>li</div>', remove: '<div role=listitem>li</div>'.length },
      { at: 'there', insert: '<div role=option>o</div>' },
      { at: 'blocked', insert: '<div role=listitem>b</div>' },
    ]);
    assert.equal(r.rechecks, 4);
    const owned = r.findings.map((f) => f.filter((c) => c === 'aria-missing-required-owned').length);
    // The first list owns the listitem, then none again; the listbox owns the option through its group; the button blocks.
    assert.deepEqual(owned, [2, 3, 2, 2]);
  });

  it('aria-owns: a re-check that reads an owned element below a list judged again gives up (the owned listitem is its owner\'s)', () => {
    // The first list owns u; u's role removed, it owns none: its other listitem is the second list's.
    const doc = '<!DOCTYPE html><html lang=en><title>t</title><div role=list><div role=listitem>u</div><p>a gap between them</p><div id=a role=listitem>x</div></div><p>text</p><div role=list aria-owns="a"></div>';
    const r = givenChain(doc, [{ at: 'role=listitem>u', remove: 'role=listitem'.length }, { at: 'text', insert: 'more ' }]);
    assert.deepEqual(
      r.findings.map((f) => f.filter((c) => c === 'aria-missing-required-owned').length),
      [1, 1],
    );
  });

  const ariaTotal = Math.ceil(total / 3);
  it(`${ariaTotal} seeded edits with ARIA roles and attributes (required context and owned elements, scoped header and footer, table cells), seed ${base}`, () => {
    let edits = 0;
    let rechecked = 0;
    const mismatches: string[] = [];
    for (let c = 0; edits < ariaTotal; c++) {
      const r = chain(base * 2_000_003 + c, Math.min(chainLength, ariaTotal - edits), ARIA_BLOCKS);
      edits += r.edits;
      rechecked += r.rechecked;
      if (r.mismatch !== null) mismatches.push(r.mismatch);
    }
    console.log(`  ${edits} ARIA edits: ${rechecked} re-checks, ${mismatches.length} mismatches`);
    assert.deepEqual(mismatches.slice(0, 50), [], `${mismatches.length} mismatches`);
    assert.ok(rechecked > edits / 2, `${rechecked} re-checks`);
  });
});
