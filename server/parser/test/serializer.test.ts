/**
 * The HTML fragment serialization algorithm: html5lib-tests/serializer cases
 * that apply to the spec algorithm, and hand-checked examples from the spec.
 *
 * The suite was written for html5lib-python's serializer, whose defaults are
 * not the spec algorithm's. A case applies when it sets no serializer option
 * (the output `encoding` option only concerns bytes) and its expectation does
 * not rest on one of html5lib's own choices:
 * - attribute values left unquoted or single-quoted (the spec always writes `="..."`);
 * - DOCTYPE public and system identifiers (the spec writes only the name);
 * - omitted optional tags (optionaltags.test) and meta injection (injectmeta.test);
 * - any explicit option (options.test, whitespace.test).
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as parse5 from 'parse5';
import { serialize, type SerializableNode, type SerializableAttribute } from '../out/serializer/serialize';
import { parse } from '../out/tree/parse';
import { sampleSize } from './support/sample-size';
import { corpus, html5libTests } from './support/shared-data';

type SuiteToken = unknown[];
interface SerializerTest {
  description: string;
  input: SuiteToken[];
  expected: string[];
  options?: Record<string, unknown>;
}

const NAMESPACES: Record<string, 'html' | 'svg' | 'math'> = {
  'http://www.w3.org/1999/xhtml': 'html',
  'http://www.w3.org/2000/svg': 'svg',
  'http://www.w3.org/1998/Math/MathML': 'math',
};
const ATTRIBUTE_NAMESPACES: Record<string, 'xlink' | 'xml' | 'xmlns'> = {
  'http://www.w3.org/1999/xlink': 'xlink',
  'http://www.w3.org/XML/1998/namespace': 'xml',
  'http://www.w3.org/2000/xmlns/': 'xmlns',
};

type MutableElement = { kind: 'element'; name: string; namespace: 'html' | 'svg' | 'math'; attributes: SerializableAttribute[]; children: SerializableNode[] };

function attributesOf(raw: unknown): SerializableAttribute[] {
  if (Array.isArray(raw)) {
    return raw.map((a: { namespace: string | null; name: string; value: string }) => ({
      name: a.name,
      value: a.value,
      namespace: a.namespace === null ? null : ATTRIBUTE_NAMESPACES[a.namespace],
    }));
  }
  return Object.entries((raw ?? {}) as Record<string, string>).map(([name, value]) => ({ name, value, namespace: null }));
}

/**
 * Builds a fragment from the suite's tree-walker token stream. The stream may
 * stop before an element's EndTag, where html5lib's serializer then writes no
 * end tag; a DOM element always has one, so the names of the elements left
 * open are returned for the comparison to append their end tags.
 */
function buildTree(tokens: SuiteToken[]): { tree: SerializableNode; unclosed: string[] } {
  const root: { kind: 'fragment'; children: SerializableNode[] } = { kind: 'fragment', children: [] };
  const open: { children: SerializableNode[] }[] = [root];
  for (const token of tokens) {
    const top = open[open.length - 1];
    switch (token[0]) {
      case 'StartTag': {
        const element: MutableElement = {
          kind: 'element',
          name: token[2] as string,
          namespace: NAMESPACES[token[1] as string] ?? 'html',
          attributes: attributesOf(token[3]),
          children: [],
        };
        top.children.push(element);
        open.push(element);
        break;
      }
      case 'EmptyTag':
        top.children.push({ kind: 'element', name: token[1] as string, namespace: 'html', attributes: attributesOf(token[2]), children: [] });
        break;
      case 'EndTag':
        if (open.length > 1) open.pop();
        break;
      case 'Characters':
      case 'SpaceCharacters':
        top.children.push({ kind: 'text', data: token[1] as string });
        break;
      case 'Comment':
        top.children.push({ kind: 'comment', data: token[1] as string });
        break;
      case 'Doctype':
        top.children.push({ kind: 'doctype', name: token[1] as string });
        break;
      default:
        throw new Error(`unknown token ${JSON.stringify(token)}`);
    }
  }
  const unclosed = (open.slice(1) as MutableElement[]).filter((e) => !VOID.has(e.name)).map((e) => e.name).reverse();
  return { tree: root, unclosed };
}

const VOID = new Set(['area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** Why a case does not apply to the spec algorithm, or null when it does. */
function notApplicable(file: string, test: SerializerTest): string | null {
  if (file === 'optionaltags.test') return 'omits optional tags, an html5lib feature the spec algorithm does not have';
  if (file === 'injectmeta.test') return 'injects a <meta charset>, an html5lib feature';
  const options = Object.keys(test.options ?? {}).filter((k) => k !== 'encoding');
  if (options.length > 0) return `sets html5lib options (${options.join(', ')})`;
  if (test.input.some((t) => t[0] === 'Doctype' && t.length > 2)) return 'DOCTYPE identifiers: the spec algorithm writes only the name';
  if (test.expected.every((e) => /=[^"]/.test(e.replace(/="[^"]*"/g, '')))) return "html5lib's attribute quoting (unquoted or single-quoted values)";
  return null;
}

const FILES = ['core.test', 'injectmeta.test', 'optionaltags.test', 'options.test', 'whitespace.test'];
let applicable = 0;
let total = 0;

describe('serializer: html5lib-tests/serializer (cases that apply to the spec algorithm)', () => {
  for (const file of FILES) {
    const tests = (JSON.parse(readFileSync(html5libTests('serializer', file), 'utf8')) as { tests: SerializerTest[] }).tests;
    describe(file, () => {
      tests.forEach((test, index) => {
        total++;
        const reason = notApplicable(file, test);
        if (reason !== null) return;
        applicable++;
        it(`${index}: ${test.description}`, () => {
          const { tree, unclosed } = buildTree(test.input);
          const actual = serialize(tree);
          const closing = unclosed.map((name) => `</${name}>`).join('');
          const expected = test.expected.map((e) => e + closing);
          assert.ok(expected.includes(actual), `got ${JSON.stringify(actual)}, expected one of ${JSON.stringify(expected)}`);
        });
      });
    });
  }
  it('reads every case (230) and runs the 15 that apply (core.test #3,4,6-11,13-19)', () => {
    assert.equal(total, 230);
    assert.equal(applicable, 15);
  });
});

describe('serializer: spec rules checked by hand', () => {
  const el = (name: string, children: SerializableNode[] = [], attributes: SerializableAttribute[] = [], namespace: 'html' | 'svg' | 'math' = 'html'): SerializableNode => ({
    kind: 'element',
    name,
    namespace,
    attributes,
    children,
  });
  const text = (data: string): SerializableNode => ({ kind: 'text', data });
  const frag = (...children: SerializableNode[]): SerializableNode => ({ kind: 'fragment', children });

  it('escapes &, U+00A0, < and > in text; quotes, < and > too in attribute values', () => {
    assert.equal(serialize(frag(text('a&b\u00a0<c>"d"'))), 'a&amp;b&nbsp;&lt;c&gt;"d"');
    assert.equal(serialize(frag(el('p', [], [{ name: 'title', value: 'a&"<>\u00a0', namespace: null }]))), '<p title="a&amp;&quot;&lt;&gt;&nbsp;"></p>');
  });

  it('writes raw text parents literally, and noscript only when scripting is enabled', () => {
    for (const name of ['style', 'script', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']) {
      assert.equal(serialize(frag(el(name, [text('a<b>&')]))), `<${name}>a<b>&</${name}>`);
    }
    assert.equal(serialize(frag(el('noscript', [text('<&')]))), '<noscript>&lt;&amp;</noscript>');
    assert.equal(serialize(frag(el('noscript', [text('<&')])), { scripting: true }), '<noscript><&</noscript>');
    // Only HTML elements are raw text parents.
    assert.equal(serialize(frag(el('script', [text('<')], [], 'svg'))), '<script>&lt;</script>');
  });

  it('writes no end tag or children for elements that serialize as void', () => {
    for (const name of ['area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']) {
      assert.equal(serialize(frag(el(name, [text('x')]))), `<${name}>`);
      assert.equal(serialize(el(name, [text('x')])), '');
    }
    assert.equal(serialize(frag(el('img', [], [], 'svg'))), '<img></img>');
  });

  it('serializes template contents, not the template children', () => {
    const template: SerializableNode = { kind: 'element', name: 'template', namespace: 'html', attributes: [], children: [text('ignored')], content: { children: [el('b', [text('x')])] } };
    assert.equal(serialize(frag(template)), '<template><b>x</b></template>');
  });

  it('names namespaced attributes xml:, xmlns, xmlns: and xlink:', () => {
    const svg = el('svg', [], [
      { name: 'lang', value: 'en', namespace: 'xml', prefix: 'xml' },
      { name: 'xmlns', value: 'http://www.w3.org/2000/svg', namespace: 'xmlns', prefix: null },
      { name: 'xlink', value: 'http://www.w3.org/1999/xlink', namespace: 'xmlns', prefix: 'xmlns' },
      { name: 'href', value: '#a', namespace: 'xlink', prefix: 'xlink' },
    ], 'svg');
    assert.equal(
      serialize(frag(svg)),
      '<svg xml:lang="en" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#a"></svg>',
    );
  });

  it('writes comments and doctypes as the spec says', () => {
    assert.equal(serialize({ kind: 'document', children: [{ kind: 'doctype', name: 'html' }, { kind: 'comment', data: 'x--y' }] }), '<!DOCTYPE html><!--x--y-->');
  });

  it('writes processing instructions as <?target data?> (Chromium 156: <p><?x y>z</p> serializes as <p><?x y?>z</p>)', () => {
    assert.equal(serialize(frag(el('p', [{ kind: 'processingInstruction', target: 'x', data: 'y' }, text('z')]))), '<p><?x y?>z</p>');
    assert.equal(serialize(frag(el('p', [{ kind: 'processingInstruction', target: 'marker', data: '' }]))), '<p><?marker ?></p>');
  });

  it('does not add the newline the parser drops after <pre> (the spec example "<pre>\\n\\nHello.</pre>")', () => {
    assert.equal(serialize(frag(el('pre', [text('\nHello.')]))), '<pre>\nHello.</pre>');
  });

  it('serializes a 100,000-deep tree without overflowing the stack', () => {
    const root: MutableElement = { kind: 'element', name: 'div', namespace: 'html', attributes: [], children: [] };
    let node = root;
    for (let i = 0; i < 100000; i++) {
      const child: MutableElement = { kind: 'element', name: 'div', namespace: 'html', attributes: [], children: [] };
      node.children.push(child);
      node = child;
    }
    const out = serialize(frag(root));
    assert.equal(out.length, 100001 * '<div></div>'.length);
  });
});

describe('serializer: round trip against parse5 (a dev-only oracle) on the corpus', () => {
  // Every third page in npm test, every page in npm run test:long (support/sample-size.ts).
  const step = sampleSize('TAGTREE_SERIALIZER_CORPUS_STEP', 3, 1);
  it(`serialize(parse(page)) equals parse5.serialize(parse5.parse(page)) for ${step === 1 ? 'every corpus file' : `one corpus file in ${step}`}`, function () {
    this.timeout(120_000);
    const list = (dir: string): string[] =>
      readdirSync(dir)
        .sort()
        .flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? list(path) : /\.html?$/.test(name) ? [path] : [];
        });
    const all = list(corpus());
    assert.ok(all.length >= 200, `expected the corpus, found ${all.length} files`);
    const files = all.filter((_, i) => i % step === 0);
    let same = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // parse5 parses and serializes with scripting enabled, as a browser does: so do we.
      const ours = serialize(parse(text).document as unknown as SerializableNode, { scripting: true });
      const theirs = parse5.serialize(parse5.parse(text));
      if (ours !== theirs) {
        let i = 0;
        while (ours[i] === theirs[i]) i++;
        assert.fail(`${file}: serializations differ at ${i}: ${JSON.stringify(ours.slice(i - 40, i + 40))} vs ${JSON.stringify(theirs.slice(i - 40, i + 40))}`);
      }
      same++;
    }
    console.log(`  serializer round trip: ${same}/${files.length} corpus files (of ${all.length}) serialize exactly as parse5 serializes them`);
  });
});
