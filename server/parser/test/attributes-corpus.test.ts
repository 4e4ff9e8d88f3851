/**
 * The attribute checks on every file of the real-world corpus
 * (../shared/corpus): no false positives for values the spec allows.
 *
 * Every warning the checks produce there was reviewed by hand against the
 * spec; the review is recorded in REVIEWED below (one entry per code, saying
 * why its warnings are right), and the output in attributes-corpus.snap:
 * the count per code and, for each code, its first warning in each corpus
 * folder that has one, with file, line and column.
 * The test fails when the output changes (UPDATE_SNAPSHOTS=1 rewrites the
 * snapshot; review every new line before committing) or when a code appears
 * that has not been reviewed.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { checkAttributes, LineIndex, parse } from '../out/index';
import { corpus, REPO_ROOT } from './support/shared-data';

const SNAPSHOT = join(REPO_ROOT, 'server', 'parser', 'test', 'attributes-corpus.snap');

/** Why each code's warnings on the corpus are true positives (the review). */
const REVIEWED: Readonly<Record<string, string>> = {
  'duplicate-id':
    'Each is a second element with an id already used in the same page: Sphinx puts the version switcher li#cpython-language-and-version in both navigation bars of the Python docs; latex2html repeats its navigation anchors A#tex2html… in gnuplot\'s; the Node.js docs give a heading anchor <a> and its legacy <a> (or an <i>) the same id. "The value must be unique amongst all the IDs in the element\'s tree."',
  'aria-reference-not-found':
    'Sphinx\'s mobile menu toggle <input aria-controls="navigation"> in the Python docs: no element of those pages has id="navigation". A warning: WAI-ARIA defines the value as an ID reference list and gives no "must" that each names an element; vnu is silent there.',
  'invalid-attribute-value':
    'URLs that are not valid URL strings: the vim docs link to tags such as #{event}, #<SID> and motion.html#\'[ ("{", "<", "[" are not URL code points and must be percent-encoded: url.spec.whatwg.org#url-units), the 2010 WHATWG source has unexpanded placeholders href="<!--BOILERPLATE …-->", and search forms in the Debian policy, HAProxy and lynx pages have action="" ("must have a value that is a valid non-empty URL"). vnu reports every one of them (conformance-vnu-corpus: 150 of 150 at the same element).',
  'xmlns-attribute':
    'DocBook output: Boost\'s reference pages put xmlns:rev="http://www.cs.rpi.edu/~gregod/boost/tools/doc/revision" on div, h2 and table (a namespace declaration, which HTML gives no meaning and does not allow: only xmlns, with the exact value "http://www.w3.org/1999/xhtml"), and the X.org docs write <style xmlns=""> (an empty xmlns is not the XHTML namespace). vnu reports both ("Attribute “xmlns:rev” not allowed here", "Bad value “” for the attribute “xmlns”").',
  'xml-lang-without-lang':
    'XHTML-style pages (the Debian policy, git\'s docs) write <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"> and <div xml:lang="en" class="book"> without lang: "such attributes must only be specified if a lang attribute in no namespace is also specified, and both attributes must have the same value" (dom.html#attr-xml-lang). vnu reports each.',
  'non-utf8-encoding-declaration':
    'The lynx help pages, the vim and w3m docs declare charset=iso-8859-1 or us-ascii (both labels of windows-1252) in <meta http-equiv=Content-Type>. "The character encoding used must be UTF-8", declared as "utf-8"; none of these is a label spelling the spec allows.',
};

function htmlFiles(root: string): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) stack.push(path);
      else if (/\.html?$/i.test(name)) out.push(path);
    }
  }
  return out.sort();
}

describe('attributes: the corpus (reviewed snapshot)', function () {
  this.timeout(120_000);

  it('every warning on ../shared/corpus is a reviewed one, and the output is the snapshot', () => {
    const root = corpus();
    const files = htmlFiles(root);
    assert.ok(files.length >= 200, `corpus files: ${files.length}`);
    const counts = new Map<string, number>();
    const samples = new Map<string, string[]>();
    /** `code folder` pairs already sampled. */
    const sampled = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const { document } = parse(text);
      const lines = new LineIndex(text);
      for (const d of checkAttributes(document)) {
        counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
        const path = relative(root, file);
        const key = `${d.code} ${dirname(path)}`;
        if (sampled.has(key)) continue;
        sampled.add(key);
        const at = lines.position(d.start);
        const list = samples.get(d.code) ?? [];
        list.push(`  ${path}:${at.line}:${at.col}  ${d.message}`);
        samples.set(d.code, list);
      }
    }
    const out: string[] = [`# Attribute checks on ${files.length} corpus files`, ''];
    const codes = [...counts.keys()].sort();
    for (const code of codes) out.push(`${code}: ${counts.get(code)}`);
    for (const code of codes) out.push('', `## ${code}`, ...samples.get(code)!);
    const actual = `${out.join('\n')}\n`;

    for (const code of codes) assert.ok(REVIEWED[code] !== undefined, `warnings with code ${code} on the corpus have not been reviewed`);
    if (process.env.UPDATE_SNAPSHOTS === '1') {
      if (!existsSync(SNAPSHOT) || readFileSync(SNAPSHOT, 'utf8') !== actual) writeFileSync(SNAPSHOT, actual);
      return;
    }
    assert.ok(existsSync(SNAPSHOT), `missing ${SNAPSHOT}: run with UPDATE_SNAPSHOTS=1, then review it`);
    assert.equal(actual, readFileSync(SNAPSHOT, 'utf8'), 'the attribute checks on the corpus changed (UPDATE_SNAPSHOTS=1 rewrites the snapshot; review the diff)');
  });
});
