/**
 * The server survives what editors and networks send: 10,000 random
 * incremental edits (the server's text must equal the client's), malformed
 * JSON-RPC, out-of-range positions, unknown documents, binary garbage, lone
 * surrogates, a 50 MB document, and a handler that throws.
 */
import { strict as assert } from 'node:assert';
import type { Position, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { parse, toTestTree } from '@tagtree/parser';
import { LspClient } from './support/lsp-client';
import { Random } from '../parser/out-test/support/random';
import { applyChange, lineStarts, positionAt } from '../parser/out-test/support/text-model';

const PIECES = ['a', 'b', ' ', '<p>', '</p>', '<li>', '&amp', '&', '<', '>', '"', '\r', '\n', '\r\n', '\t', '😀', '\ud800', '\udfff', 'é', '\u0000', '<!--', '-->', '<table>', '/>'];

function randomText(rng: Random, maxPieces: number): string {
  let s = '';
  const n = rng.int(maxPieces + 1);
  for (let i = 0; i < n; i++) s += rng.pick(PIECES);
  return s;
}

/** A random change to `text`: usually a small replacement; sometimes positions past the ends of lines or of the text. */
function randomChange(rng: Random, text: string): TextDocumentContentChangeEvent {
  const starts = lineStarts(text);
  const a = rng.int(text.length + 1);
  const span = text.length > 4000 ? rng.int(200) : rng.next() < 0.9 ? rng.int(8) : rng.int(100);
  const b = Math.min(text.length, a + span);
  let start: Position = positionAt(starts, a);
  let end: Position = positionAt(starts, b);
  const r = rng.next();
  if (r < 0.04) end = { line: end.line, character: end.character + 1 + rng.int(1000) };
  else if (r < 0.06) end = { line: starts.length + rng.int(5), character: rng.int(10) };
  else if (r < 0.08) start = { line: start.line, character: start.character + rng.int(50) };
  // The start must not pass the end once clamped: keep the order on the model's terms.
  if (start.line > end.line || (start.line === end.line && start.character > end.character)) start = { ...end };
  return { range: { start, end }, text: randomText(rng, text.length > 4000 ? 1 : 4) };
}

describe('tagtree-lsp: robustness', function () {
  this.timeout(120_000);
  let client: LspClient;

  before(async () => {
    client = await LspClient.start({ env: { TAGTREE_LSP_FAULTS: 'textDocument/foldingRange' } });
  });
  after(async () => {
    await client?.stop();
  });

  it('holds exactly the client text after 10,000 random incremental edits', async () => {
    const rng = new Random(0x7a97);
    const uri = 'file:///robust/random.html';
    let text = '<!DOCTYPE html>\r\n<html><body>\n<p>Fish &amp chips 😀\r<ul><li>a<li>b</ul>\n<table><td>x</table>\n';
    await client.open(uri, text, 'html', 1);
    let version = 1;
    let edits = 0;
    let incremental = 0;
    while (edits < 10_000) {
      const n = 1 + rng.int(3);
      const changes: TextDocumentContentChangeEvent[] = [];
      for (let i = 0; i < n && edits < 10_000; i++, edits++) {
        const change = randomChange(rng, text);
        text = applyChange(text, change);
        changes.push(change);
      }
      await client.change(uri, ++version, changes);
      if (version % 500 === 0) {
        const server = await client.serverText(uri);
        assert.equal(server?.version, version);
        assert.ok(server?.text === text, `texts differ after ${edits} edits (version ${version})`);
      }
      if (version % 97 === 0) {
        // The tree the server built edit after edit (incrementally) is the tree of a full parse.
        const tree = await client.request<{ tree: string } | null>('tagtree/parseTree', { textDocument: { uri } });
        assert.equal(tree?.tree, toTestTree(parse(text).document), `trees differ after ${edits} edits (version ${version})`);
        const server = await client.serverText(uri);
        if (server?.parse === 'incremental') incremental++;
      }
    }
    assert.ok(incremental > 20, `only ${incremental} of the parses checked were incremental`);
    const final = client.waitForDiagnostics(uri, (p) => p.version === version);
    const server = await client.serverText(uri);
    assert.ok(server?.text === text, 'texts differ at the end');
    await final;
  });

  it('survives malformed JSON-RPC and keeps answering', async () => {
    const uri = 'file:///robust/malformed.html';
    await client.open(uri, '<!DOCTYPE html><p>&amp x', 'html', 1);
    const body = (s: string) => `Content-Length: ${Buffer.byteLength(s, 'utf8')}\r\n\r\n${s}`;
    client.writeRaw(body('{this is not json'));
    client.writeRaw(body('[]'));
    client.writeRaw(body('42'));
    client.writeRaw(body('{"jsonrpc":"2.0"}'));
    client.writeRaw(body('{"jsonrpc":"2.0","method":5,"params":null}'));
    client.writeRaw(body('{"jsonrpc":"2.0","id":9001,"method":"textDocument/hover","params":42}'));
    client.writeRaw(body('{"jsonrpc":"2.0","id":9002,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":7}}}'));
    client.writeRaw(body('{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}'));
    client.writeRaw(body('{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///robust/malformed.html","version":"x"},"contentChanges":[{"range":{"start":{"line":"a"},"end":null},"text":5},null,{"text":null}]}}'));
    client.writeRaw(Buffer.concat([Buffer.from('Content-Length: 6\r\n\r\n'), Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x7b])]));
    // The server still answers, and the document is unchanged.
    const report = await client.request<{ items: { code: string }[] }>('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepEqual(report.items.map((d) => d.code), ['missing-semicolon-after-character-reference']);
    assert.equal((await client.serverText(uri))?.text, '<!DOCTYPE html><p>&amp x');
    await assert.rejects(client.request('tagtree/noSuchMethod', {}), /Unhandled method|not found|-32601/i);
    assert.ok(client.alive);
  });

  it('clamps out-of-range and reversed positions in edits and requests', async () => {
    const uri = 'file:///robust/range.html';
    await client.open(uri, 'ab\ncd', 'html', 1);
    await client.change(uri, 2, [{ range: { start: { line: 99, character: 0 }, end: { line: 120, character: 5 } }, text: '!' }]);
    assert.equal((await client.serverText(uri))?.text, 'ab\ncd!');
    await client.change(uri, 3, [{ range: { start: { line: 0, character: 50 }, end: { line: 0, character: 70 } }, text: '?' }]);
    assert.equal((await client.serverText(uri))?.text, 'ab?\ncd!');
    await client.change(uri, 4, [{ range: { start: { line: 1, character: 2 }, end: { line: 0, character: 1 } }, text: '' }]);
    assert.equal((await client.serverText(uri))?.text, 'a!');
    await client.change(uri, 5, [{ range: { start: { line: -3, character: -1 }, end: { line: 0, character: 1e12 } }, text: 'z' }]);
    assert.equal((await client.serverText(uri))?.text, 'z');
    for (const position of [{ line: 1e9, character: 1e9 }, { line: -1, character: -1 }, { line: 0, character: 0.5 }]) {
      await client.request('textDocument/hover', { textDocument: { uri }, position });
      await client.request('textDocument/selectionRange', { textDocument: { uri }, positions: [position] });
      await client.request('textDocument/codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } });
    }
    assert.ok(client.alive);
  });

  it('answers a handler that throws with an empty result, logs it, and keeps serving', async () => {
    const uri = 'file:///robust/fault.html';
    await client.open(uri, '<div>\n</div>', 'html', 1);
    assert.deepEqual(await client.request('textDocument/foldingRange', { textDocument: { uri } }), []);
    await new Promise((r) => setTimeout(r, 50));
    assert.ok(client.logs.some((l) => l.includes('textDocument/foldingRange failed') && l.includes('injected fault')), client.logs.join('\n'));
    const report = await client.request<{ kind: string }>('textDocument/diagnostic', { textDocument: { uri } });
    assert.equal(report.kind, 'full');
  });

  it('survives binary garbage and lone surrogates in a document', async () => {
    const rng = new Random(0xbad);
    let garbage = '';
    for (let i = 0; i < 200_000; i++) garbage += String.fromCharCode(rng.int(0x10000));
    const d = await client.open('file:///robust/garbage.html', garbage, 'html', 1);
    assert.ok(d.diagnostics.length > 0);
    for (const diag of d.diagnostics.slice(0, 2000)) {
      assert.ok(diag.range.start.line <= diag.range.end.line);
      assert.equal(typeof diag.message, 'string');
    }
    const lone = await client.open('file:///robust/lone.html', '<!DOCTYPE html><p title="\ud800">\udc00x\ud83d', 'html', 1);
    assert.deepEqual(
      lone.diagnostics.map((x) => [x.code, x.range.start.character, x.range.end.character]),
      [
        ['surrogate-in-input-stream', 25, 26],
        ['surrogate-in-input-stream', 28, 29],
        ['surrogate-in-input-stream', 30, 31],
      ],
    );
    assert.ok(client.alive);
  });

  it('opens, edits and closes a 50 MB document', async function () {
    this.timeout(240_000);
    const unit = '<p class="row">Lorem ipsum dolor sit amet, <b>consectetur</b> adipiscing elit, sed do eiusmod tempor incididunt ut labore &amp; dolore.</p>\n';
    const big = `<!DOCTYPE html>\n${unit.repeat(Math.ceil((50 * 1024 * 1024) / unit.length))}`;
    const uri = 'file:///robust/big.html';
    const first = client.waitForDiagnostics(uri, (p) => p.version === 1, 120_000);
    await client.openOnly(uri, big, 'html', 1);
    const opened = await first;
    assert.ok(Array.isArray(opened.diagnostics));
    const changed = client.waitForDiagnostics(uri, (p) => p.version === 2, 120_000);
    await client.change(uri, 2, [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: '<p>&amp x' }]);
    const after = await changed;
    assert.ok(after.diagnostics.some((x) => x.code === 'missing-semicolon-after-character-reference' && x.range.start.line === 3));
    const cleared = client.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0);
    await client.close(uri);
    await cleared;
    assert.ok(client.alive);
  });
});
