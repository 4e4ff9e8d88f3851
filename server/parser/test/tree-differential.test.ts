/**
 * Differential test against parse5 (a dev dependency only): on every file of
 * ../shared/corpus, our html5lib-format tree dump must equal parse5's. parse5
 * 8 predates the relaxed `<select>` parser (whatwg/html#10557), so inputs
 * whose trees differ only because of `<select>` are the allowed exception:
 * they must be listed below with a reason (none of the corpus files needs
 * one today).
 *
 * The same comparison runs on the html5lib tree-construction inputs, where
 * every difference must involve `<select>` and parse5 must be the one that
 * disagrees with the expected tree.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as parse5 from 'parse5';
import { parse, parseFragment, toTestTree } from '../out/tree/index';
import { corpus } from './support/shared-data';
import { loadTreeTests } from './support/tree-dat';

/** Corpus files (relative to the corpus root) whose trees differ from parse5's because of `<select>`, with the reason. */
const SELECT_DIFFERENCES: Readonly<Record<string, string>> = {};

const ELEMENT_NS: Record<string, string> = {
  'http://www.w3.org/1999/xhtml': '',
  'http://www.w3.org/2000/svg': 'svg ',
  'http://www.w3.org/1998/Math/MathML': 'math ',
};
const ATTRIBUTE_NS: Record<string, string> = {
  'http://www.w3.org/1999/xlink': 'xlink ',
  'http://www.w3.org/XML/1998/namespace': 'xml ',
  'http://www.w3.org/2000/xmlns/': 'xmlns ',
};

/** The parse5 default tree adapter's nodes, as far as the dump reads them. */
interface P5Node {
  nodeName: string;
  tagName?: string;
  namespaceURI?: string;
  attrs?: { name: string; value: string; namespace?: string }[];
  childNodes?: P5Node[];
  content?: P5Node;
  data?: string;
  value?: string;
  name?: string;
  publicId?: string;
  systemId?: string;
}

/** parse5's tree in the html5lib dump format (iterative, like ours). */
export function dumpParse5(root: P5Node): string {
  const lines: string[] = [];
  const work: [P5Node | string, number][] = [];
  const children = root.childNodes ?? [];
  for (let i = children.length - 1; i >= 0; i--) work.push([children[i], 0]);
  while (work.length > 0) {
    const [node, depth] = work.pop()!;
    const indent = '| ' + '  '.repeat(depth);
    if (typeof node === 'string') {
      lines.push(indent + node);
      continue;
    }
    switch (node.nodeName) {
      case '#documentType':
        lines.push(
          node.publicId || node.systemId
            ? `${indent}<!DOCTYPE ${node.name} "${node.publicId}" "${node.systemId}">`
            : `${indent}<!DOCTYPE ${node.name}>`,
        );
        break;
      case '#comment':
        lines.push(`${indent}<!-- ${node.data} -->`);
        break;
      case '#text':
        lines.push(`${indent}"${node.value}"`);
        break;
      default: {
        lines.push(`${indent}<${ELEMENT_NS[node.namespaceURI!] ?? '? '}${node.tagName}>`);
        const attributes = (node.attrs ?? [])
          .map((a) => [(a.namespace ? ATTRIBUTE_NS[a.namespace] ?? '? ' : '') + a.name, a.value] as const)
          .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
        for (const [name, value] of attributes) lines.push(`| ${'  '.repeat(depth + 1)}${name}="${value}"`);
        const kids = node.childNodes ?? [];
        for (let i = kids.length - 1; i >= 0; i--) work.push([kids[i], depth + 1]);
        if (node.content !== undefined) {
          const content = node.content.childNodes ?? [];
          for (let i = content.length - 1; i >= 0; i--) work.push([content[i], depth + 2]);
          work.push(['content', depth + 1]);
        }
      }
    }
  }
  return lines.join('\n');
}

function listFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? listFiles(path) : [path];
    });
}

/** The first line where two dumps differ, with a little context. */
function firstDifference(a: string, b: string): string {
  const al = a.split('\n');
  const bl = b.split('\n');
  let i = 0;
  while (i < al.length && al[i] === bl[i]) i++;
  return `line ${i + 1}:\n  ours:   ${al.slice(i, i + 3).join('\n          ')}\n  parse5: ${bl.slice(i, i + 3).join('\n          ')}`;
}

const NS_URI: Record<string, string> = {
  html: 'http://www.w3.org/1999/xhtml',
  svg: 'http://www.w3.org/2000/svg',
  math: 'http://www.w3.org/1998/Math/MathML',
};

describe('differential: our trees against parse5', () => {
  it('every corpus file gives the same tree as parse5 (except listed <select> cases)', () => {
    const root = corpus();
    const files = listFiles(root).filter((f) => /\.html?$/.test(f));
    assert.ok(files.length >= 200, `expected the corpus, found ${files.length} files`);
    let identical = 0;
    const differing: string[] = [];
    for (const file of files) {
      const name = relative(root, file);
      const text = readFileSync(file, 'utf8');
      const ours = toTestTree(parse(text).document);
      const theirs = dumpParse5(parse5.parse(text) as unknown as P5Node);
      if (ours === theirs) {
        identical++;
        assert.ok(!(name in SELECT_DIFFERENCES), `${name} is listed as differing but is identical: remove it`);
        continue;
      }
      differing.push(name);
      assert.ok(name in SELECT_DIFFERENCES, `${name} differs from parse5 at ${firstDifference(ours, theirs)}`);
    }
    console.log(`\n  corpus: ${identical}/${files.length} files give a tree identical to parse5's; differing (select): ${differing.length}`);
  });

  it('on the html5lib inputs, parse5 differs only where <select> is involved, and is then the one that is wrong', () => {
    let compared = 0;
    let parse5Wrong = 0;
    for (const test of loadTreeTests()) {
      // parse5 runs with scripting on; compare the cases that run with it.
      if (test.scripting === false) continue;
      let ours: string;
      let theirs: string;
      if (test.fragment !== null) {
        ours = toTestTree(parseFragment(test.data, test.fragment.name, { contextNamespace: test.fragment.namespace }).fragment);
        const context = parse5.defaultTreeAdapter.createElement(test.fragment.name, NS_URI[test.fragment.namespace] as never, []);
        const parseFragmentIn = parse5.parseFragment as unknown as (context: unknown, html: string) => P5Node;
        theirs = dumpParse5(parseFragmentIn(context, test.data));
      } else {
        ours = toTestTree(parse(test.data).document);
        theirs = dumpParse5(parse5.parse(test.data) as unknown as P5Node);
      }
      compared++;
      if (ours === theirs) continue;
      parse5Wrong++;
      const where = `${test.file}#${test.index} ${JSON.stringify(test.data)}`;
      assert.equal(ours, test.document, `${where}: we differ from parse5 and from the expected tree`);
      assert.ok(/<\/?select/i.test(test.data) || test.fragment?.name === 'select', `${where}: parse5 differs without <select>: ${firstDifference(ours, theirs)}`);
    }
    console.log(`  html5lib inputs: parse5 differs from us in ${parse5Wrong} of ${compared} cases, all involving <select>`);
  });
});
