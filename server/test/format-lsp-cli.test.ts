/**
 * Formatting through the protocol (a real server process over JSON-RPC:
 * textDocument/formatting and textDocument/rangeFormatting with the editor's
 * tabSize/insertSpaces and tagtree.json's "format" section) and through the
 * CLI (`tagtree format`: --check, --write, - for standard input, encodings).
 * What the formatter does is tested in server/parser/test/format.test.ts.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TextEdit } from 'vscode-languageserver-protocol';
import { LspClient, PUSH_CAPABILITIES } from './support/lsp-client';
import { JOIN_GAP, joinNearbyEdits } from '../out/format-handlers';

const ROOT = resolve(__dirname, '..', '..');
const CLI = join(ROOT, 'server', 'out', 'cli.js');

/** Applies LSP edits to a one-based-line-free text (offsets by lines). */
function applyLspEdits(text: string, edits: TextEdit[]): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const offset = (p: { line: number; character: number }) => lineStarts[p.line] + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

const PAGE = '<!DOCTYPE html>\n<html>\n<head>\n<title>T</title>\n</head>\n<body>\n<div><p>a</p><p>b</p></div>\n<ul>\n<li>one</li>\n</ul>\n</body>\n</html>\n';

describe('formatting: edits joined for the protocol', () => {
  it('joins edits at most JOIN_GAP characters apart, keeping the text between them, and leaves the others', () => {
    const text = '<div><p>a</p><p>b</p></div>' + 'x'.repeat(JOIN_GAP + 1) + '<p>c</p>';
    const edits = [
      { start: 5, end: 5, newText: '\n  ' },
      { start: 13, end: 13, newText: '\n  ' },
      { start: 21, end: 21, newText: '\n' },
      { start: 27 + JOIN_GAP + 1, end: 27 + JOIN_GAP + 1, newText: '\n' },
    ];
    const joined = joinNearbyEdits(text, edits);
    assert.deepEqual(joined, [
      { start: 5, end: 21, newText: '\n  <p>a</p>\n  <p>b</p>\n' },
      { start: 27 + JOIN_GAP + 1, end: 27 + JOIN_GAP + 1, newText: '\n' },
    ]);
    const apply = (es: { start: number; end: number; newText: string }[]) => es.reduceRight((t, e) => t.slice(0, e.start) + e.newText + t.slice(e.end), text);
    assert.equal(apply(joined), apply(edits));
    assert.deepEqual(joinNearbyEdits(text, []), []);
  });
});

describe('formatting: the language server', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tagtree-format-lsp-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('advertises formatting and range formatting, and formats with the editor\'s tabSize and insertSpaces', async () => {
    const client = await LspClient.start({ capabilities: PUSH_CAPABILITIES });
    try {
      assert.equal(client.initializeResult.capabilities.documentFormattingProvider, true);
      assert.equal(client.initializeResult.capabilities.documentRangeFormattingProvider, true);
      const uri = 'untitled:page.html';
      await client.open(uri, PAGE);
      const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 4, insertSpaces: true } });
      assert.equal(
        applyLspEdits(PAGE, edits),
        '<!DOCTYPE html>\n<html>\n<head>\n    <title>T</title>\n</head>\n<body>\n    <div>\n        <p>a</p>\n        <p>b</p>\n    </div>\n    <ul>\n        <li>one</li>\n    </ul>\n</body>\n</html>\n',
      );
      const tabs = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 8, insertSpaces: false } });
      assert.match(applyLspEdits(PAGE, tabs), /\n\t<div>\n\t\t<p>a<\/p>/);
    } finally {
      await client.stop();
    }
  });

  it('range formatting changes only the lines inside the range', async () => {
    const client = await LspClient.start({ capabilities: PUSH_CAPABILITIES });
    try {
      const uri = 'untitled:range.html';
      await client.open(uri, PAGE);
      // Line 8 is `<li>one</li>`.
      const edits = await client.request<TextEdit[]>('textDocument/rangeFormatting', {
        textDocument: { uri },
        range: { start: { line: 8, character: 2 }, end: { line: 8, character: 3 } },
        options: { tabSize: 2, insertSpaces: true },
      });
      assert.deepEqual(edits, [{ range: { start: { line: 8, character: 0 }, end: { line: 8, character: 0 } }, newText: '    ' }]);
    } finally {
      await client.stop();
    }
  });

  it('reads tagtree.json\'s "format" section (print width, attribute wrapping)', async () => {
    writeFileSync(join(dir, 'tagtree.json'), JSON.stringify({ format: { wrapAttributes: 'force' } }));
    const client = await LspClient.start({ capabilities: PUSH_CAPABILITIES, rootUri: pathToFileURL(dir).href });
    try {
      const uri = pathToFileURL(join(dir, 'a.html')).href;
      const text = '<a href=x title=y>z</a>\n';
      await client.open(uri, text);
      const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
      assert.equal(applyLspEdits(text, edits), '<a\n  href=x\n  title=y>z</a>\n');
    } finally {
      await client.stop();
    }
  });

  it('answers null for a document it does not hold, and survives bad parameters', async () => {
    const client = await LspClient.start({ capabilities: PUSH_CAPABILITIES });
    try {
      assert.equal(await client.request('textDocument/formatting', { textDocument: { uri: 'untitled:none.html' }, options: {} }), null);
      await client.open('untitled:x.html', '<p>x');
      assert.equal(await client.request('textDocument/rangeFormatting', { textDocument: { uri: 'untitled:x.html' }, options: {} }), null);
      assert.deepEqual(await client.request('textDocument/formatting', { textDocument: { uri: 'untitled:x.html' }, options: { tabSize: 'x' } }), []);
    } finally {
      await client.stop();
    }
  });
});

function run(args: string[], options: { input?: string | Buffer; cwd?: string } = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { input: options.input, cwd: options.cwd, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('formatting: tagtree format', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tagtree-format-cli-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('- reads standard input and writes the formatted text to standard output', () => {
    const r = run(['format', '-'], { input: '<ul><li>a<li>b</ul>\n' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '<ul>\n  <li>a\n  <li>b\n</ul>\n');
  });

  it('--check lists the files that would change and exits 1; 0 once they are formatted with --write', () => {
    writeFileSync(join(dir, 'a.html'), '<div><p>a</p><p>b</p></div>\n');
    writeFileSync(join(dir, 'b.html'), '<p>x</p>\n');
    const check = run(['format', '--check', '.'], { cwd: dir });
    assert.equal(check.status, 1);
    assert.equal(check.stdout, 'a.html\n');
    assert.match(check.stderr, /1 file would be formatted, 1 already formatted/);
    const write = run(['format', '--write', '.'], { cwd: dir });
    assert.equal(write.status, 0, write.stderr);
    assert.equal(readFileSync(join(dir, 'a.html'), 'utf8'), '<div>\n  <p>a</p>\n  <p>b</p>\n</div>\n');
    assert.equal(readFileSync(join(dir, 'b.html'), 'utf8'), '<p>x</p>\n');
    const again = run(['format', '--check', '.'], { cwd: dir });
    assert.equal(again.status, 0, again.stdout);
  });

  it('reads the "format" section of tagtree.json; options on the command line win', () => {
    writeFileSync(join(dir, 'tagtree.json'), JSON.stringify({ format: { tabSize: 4 } }));
    writeFileSync(join(dir, 'a.html'), '<div>\n<p>a</p>\n</div>\n');
    assert.equal(run(['format', 'a.html'], { cwd: dir }).stdout, '<div>\n    <p>a</p>\n</div>\n');
    assert.equal(run(['format', '--use-tabs', 'a.html'], { cwd: dir }).stdout, '<div>\n\t<p>a</p>\n</div>\n');
  });

  it('writes back a windows-1252 file byte for byte but for white space, and leaves invalid UTF-8 alone', () => {
    // 0xE9: é in windows-1252 (the fallback when nothing declares an encoding).
    writeFileSync(join(dir, 'latin.html'), Buffer.from([...Buffer.from('<div><p>'), 0xe9, ...Buffer.from('</p></div>')]));
    assert.equal(run(['format', '--write', 'latin.html'], { cwd: dir }).status, 0);
    assert.deepEqual([...readFileSync(join(dir, 'latin.html'))], [...Buffer.from('<div>\n  <p>'), 0xe9, ...Buffer.from('</p>\n</div>')]);
    const bad = Buffer.from([...Buffer.from('<meta charset=utf-8><div><p>'), 0xff, ...Buffer.from('</p></div>')]);
    writeFileSync(join(dir, 'bad.html'), bad);
    const r = run(['format', '--write', 'bad.html'], { cwd: dir });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /bad\.html: not formatted/);
    assert.deepEqual(readFileSync(join(dir, 'bad.html')), bad);
  });

  it('usage errors exit 2 with one line', () => {
    for (const args of [['format'], ['format', '--check', '--write', '.'], ['format', '--print-width', 'x', '-'], ['format', '--wrap-attributes', 'sometimes', '-'], ['format', 'nope.html']]) {
      const r = run(args, { cwd: dir, input: '' });
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /^tagtree: /);
      assert.doesNotMatch(r.stderr, /\n\s+at /);
    }
  });
});
