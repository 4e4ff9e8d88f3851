/**
 * The TextMate grammars in syntaxes/, loaded as VS Code loads them (the paths
 * and scope names in package.json, vscode-textmate with the Oniguruma engine).
 *
 * - Snapshots: a sample tree dump and a sample .dat file, token by token.
 * - The tree grammar colours a dump the same with and without the `| ` prefix.
 * - Every node line of every html5lib tree-construction test in ../shared gets
 *   a node scope (element, attribute, text, comment, doctype, template content).
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, parseRawGrammar, Registry, type IGrammar, type StateStack } from 'vscode-textmate';
import { matchSnapshot } from './support/snapshot';
import { readManifest, REPO_ROOT, TEST_SOURCES } from './support/paths';
// The one resolver for third-party test data.
import { html5libTests } from '../../server/parser/out-test/support/shared-data';

const FIXTURES = join(TEST_SOURCES, 'fixtures', 'grammar');

/**
 * Stands in for VS Code's built-in HTML grammar, which the .dat grammar embeds
 * in #data sections and which is not on npm: tags, and a <script> element that
 * runs until its end tag, so a test can show that an unclosed one stops at the
 * next section header.
 */
const HTML_STAND_IN = parseRawGrammar(
  JSON.stringify({
    scopeName: 'text.html.basic',
    patterns: [
      { name: 'stand-in.script.html', begin: '<script\\b', end: '</script>' },
      { name: 'stand-in.tag.html', match: '</?[A-Za-z][^\\s/>]*' },
    ],
  }),
  'html-stand-in.json',
);

interface Token {
  text: string;
  /** Scopes below the grammar's root scope. */
  scopes: string[];
}

let registry: Registry | undefined;

async function loadGrammar(scopeName: string): Promise<IGrammar> {
  if (registry === undefined) {
    await oniguruma.loadWASM(readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')));
    const grammars = readManifest().contributes.grammars;
    registry = new Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
        createOnigString: (s: string) => new oniguruma.OnigString(s),
      }),
      loadGrammar: async (scope) => {
        if (scope === HTML_STAND_IN.scopeName) return HTML_STAND_IN;
        const entry = grammars.find((g) => g.scopeName === scope);
        if (entry === undefined) return null;
        const path = join(REPO_ROOT, entry.path);
        return parseRawGrammar(readFileSync(path, 'utf8'), path);
      },
    });
  }
  const grammar = await registry.loadGrammar(scopeName);
  assert.ok(grammar, `grammar ${scopeName}`);
  return grammar;
}

function tokenize(grammar: IGrammar, text: string): Token[][] {
  let stack: StateStack = INITIAL;
  const lines: Token[][] = [];
  for (const line of text.replace(/\n$/, '').split('\n')) {
    const result = grammar.tokenizeLine(line, stack);
    lines.push(result.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes.slice(1) })));
    stack = result.ruleStack;
  }
  return lines;
}

/** Each line, then one indented row per token: its text and scopes. */
function snapshotOf(text: string, lines: Token[][]): string {
  const source = text.replace(/\n$/, '').split('\n');
  const out: string[] = [];
  lines.forEach((tokens, i) => {
    out.push(`> ${source[i]}`);
    for (const t of tokens) out.push(`  ${JSON.stringify(t.text).padEnd(24)} ${t.scopes.join(' ')}`);
  });
  return `${out.join('\n')}\n`;
}

/** The scopes a line of a tree dump is coloured with when it is (or continues) a node. */
const NODE_SCOPES = [
  'meta.tag.tagtree-tree',
  'meta.attribute.tagtree-tree',
  'string.quoted.double.text.tagtree-tree',
  'comment.block.tagtree-tree',
  'meta.tag.metadata.doctype.tagtree-tree',
  'keyword.other.template-content.tagtree-tree',
];

/** The scope a `| ` line of a .dat #document section starts with, by the format's rules. */
function expectedNodeScope(line: string): string {
  const node = line.replace(/^\| +/, '');
  if (node.startsWith('<!-- ')) return 'comment.block.tagtree-tree';
  if (node.startsWith('<!DOCTYPE ')) return 'meta.tag.metadata.doctype.tagtree-tree';
  // An attribute name may start with "<" (<p <="">), an element name may hold "=" (<a=b>).
  if (node.startsWith('<') && node.endsWith('>')) return 'meta.tag.tagtree-tree';
  if (node.startsWith('"')) return 'string.quoted.double.text.tagtree-tree';
  if (node === 'content') return 'keyword.other.template-content.tagtree-tree';
  return 'meta.attribute.tagtree-tree';
}

/** A line that continues a text, attribute value or comment begun on an earlier line. */
function insideMultiLineNode(tokens: Token[]): boolean {
  const first = tokens[0]?.scopes ?? [];
  return ['string.quoted.double.text.tagtree-tree', 'comment.block.tagtree-tree', 'meta.attribute.tagtree-tree'].some((s) => first.includes(s)) && !first.includes('punctuation.definition.tree.tagtree-tree');
}

function isNodeLine(tokens: Token[]): boolean {
  return tokens.some((t) => t.text.trim() !== '' && t.scopes.some((s) => NODE_SCOPES.includes(s)));
}

describe('TextMate grammars (syntaxes/)', function () {
  this.timeout(60_000);

  it('are declared in package.json with their files, scope names and languages', () => {
    const { grammars, languages } = readManifest().contributes;
    for (const g of grammars) {
      const raw = JSON.parse(readFileSync(join(REPO_ROOT, g.path), 'utf8')) as { scopeName: string };
      assert.equal(raw.scopeName, g.scopeName, g.path);
      assert.ok(languages.some((l) => l.id === g.language), `language ${g.language}`);
    }
    assert.deepEqual(grammars.map((g) => g.scopeName).sort(), ['source.tagtree-tree', 'text.html5lib-dat']);
  });

  it('tokenize the sample parse tree (snapshot)', async () => {
    const grammar = await loadGrammar('source.tagtree-tree');
    const text = readFileSync(join(FIXTURES, 'sample.tree'), 'utf8');
    const lines = tokenize(grammar, text);
    lines.forEach((tokens, i) => assert.ok(isNodeLine(tokens), `line ${i + 1} is coloured as a node`));
    matchSnapshot(join(FIXTURES, 'sample.tree.snap'), snapshotOf(text, lines));
  });

  it('tokenize the sample .dat file (snapshot)', async () => {
    const grammar = await loadGrammar('text.html5lib-dat');
    const text = readFileSync(join(FIXTURES, 'sample.dat'), 'utf8');
    matchSnapshot(join(FIXTURES, 'sample.dat.snap'), snapshotOf(text, tokenize(grammar, text)));
  });

  it('colour a tree dump the same with and without the "| " line prefix', async () => {
    const grammar = await loadGrammar('source.tagtree-tree');
    const withPrefix = readFileSync(join(FIXTURES, 'sample.tree'), 'utf8');
    const without = withPrefix.replace(/^\| /gm, '');
    const scopesPerChar = (lines: Token[][]) =>
      lines.map((tokens) => tokens.flatMap((t) => [...t.text].map(() => t.scopes.filter((s) => s !== 'punctuation.definition.tree.tagtree-tree').join(' '))));
    const a = scopesPerChar(tokenize(grammar, withPrefix));
    const b = scopesPerChar(tokenize(grammar, without));
    const prefixed = withPrefix.split('\n').map((l) => l.startsWith('| '));
    a.forEach((chars, i) => assert.deepEqual(prefixed[i] ? chars.slice(2) : chars, b[i], `line ${i + 1}`));
  });

  it('colour every node line of the html5lib tree-construction tests as a node', async () => {
    const grammar = await loadGrammar('text.html5lib-dat');
    const dir = html5libTests('tree-construction');
    const files = readdirSync(dir).filter((f) => f.endsWith('.dat'));
    assert.ok(files.length > 50, `${files.length} .dat files in ${dir}`);
    let nodeLines = 0;
    for (const name of files) {
      const text = readFileSync(join(dir, name), 'utf8');
      const source = text.split('\n');
      const lines = tokenize(grammar, text);
      let section = '';
      lines.forEach((tokens, i) => {
        const header = /^#([a-z-]+)\s*$/.exec(source[i]);
        if (header !== null && ['data', 'errors', 'new-errors', 'document', 'document-fragment', 'script-on', 'script-off'].includes(header[1])) {
          section = header[1];
          assert.ok(
            tokens.some((t) => t.scopes.includes('keyword.other.section.html5lib-dat')),
            `${name}:${i + 1}: the section header ${source[i]} is coloured as one`,
          );
          return;
        }
        if (section === 'document' && source[i].startsWith('| ')) {
          nodeLines++;
          const expected = expectedNodeScope(source[i]);
          const scopes = tokens.find((t) => t.text.trim() !== '' && t.text !== '|')?.scopes ?? [];
          assert.ok(
            insideMultiLineNode(tokens) || scopes.includes(expected),
            `${name}:${i + 1}: ${JSON.stringify(source[i])} is coloured as ${expected}: ${JSON.stringify(tokens)}`,
          );
        }
        if (section === 'errors' || section === 'new-errors') {
          assert.ok(tokens.every((t) => t.scopes.includes('meta.section.errors.html5lib-dat')), `${name}:${i + 1} is in the errors section`);
        }
      });
    }
    assert.ok(nodeLines > 10_000, `${nodeLines} node lines checked`);
  });
});
