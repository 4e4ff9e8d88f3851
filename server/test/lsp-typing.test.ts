/**
 * Keeping up with typing, at the protocol: a burst of changes is parsed once
 * for its last version (one edit for the parser covering all of them), the
 * tree after bursts of scattered edits is the tree of a full parse, a
 * cancelled whole-tree request is answered with RequestCancelled while it
 * runs, and a request during typing is answered for a current parse.
 * Behaviour only: the timings are `npm run bench`'s (bench/lsp-typing.js).
 */
import { strict as assert } from 'node:assert';
import { parse, toTestTree } from '@tagtree/parser';
import { CancellationTokenSource, type DocumentSymbol, type FoldingRange, type TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { LspClient } from './support/lsp-client';
import { Random } from '../parser/out-test/support/random';
import { applyChange, lineStarts, positionAt } from '../parser/out-test/support/text-model';

interface Stats {
  fullParses: number;
  reparses: number;
  fallbacks: number;
  coalescedChanges: number;
}

const stats = (client: LspClient) => client.request<Stats>('tagtree/stats', {});

function count(symbols: DocumentSymbol[]): number {
  let n = 0;
  const stack = [...symbols];
  while (stack.length > 0) {
    const s = stack.pop()!;
    n++;
    stack.push(...(s.children ?? []));
  }
  return n;
}

describe('tagtree-lsp: keeping up with typing', function () {
  this.timeout(120_000);
  let client: LspClient;
  before(async () => {
    client = await LspClient.start();
  });
  after(async () => {
    await client?.stop();
  });

  it('parses a burst once for its last version and publishes that version last', async () => {
    const uri = 'file:///typing/burst.html';
    let text = `<!DOCTYPE html>\n${'<section><p>Some <b>text</b> &amp; more</p></section>\n'.repeat(5_000)}`;
    await client.open(uri, text);
    const before = await stats(client);
    const publishedBefore = client.published.length;
    const changes = 200;
    const last = client.waitForDiagnostics(uri, (p) => p.version === changes + 1, 60_000);
    // Type "<i>x" then delete the ";" of an &amp; far away, over and over, without waiting.
    const rng = new Random(5);
    for (let v = 2; v <= changes + 1; v++) {
      const starts = lineStarts(text);
      const line = 1 + rng.int(5_000);
      const semicolon = text.indexOf(';', starts[line]);
      const change: TextDocumentContentChangeEvent =
        v % 2 === 0 || semicolon < 0
          ? { range: { start: { line, character: 12 }, end: { line, character: 12 } }, text: '<i>x' }
          : { range: { start: positionAt(starts, semicolon), end: positionAt(starts, semicolon + 1) }, text: '' };
      text = applyChange(text, change);
      void client.change(uri, v, [change]);
    }
    const published = await last;
    const after = await stats(client);
    const parses = after.reparses + after.fullParses - before.reparses - before.fullParses;
    assert.ok(parses < changes / 2, `${parses} parses for ${changes} changes`);
    assert.ok(after.coalescedChanges > before.coalescedChanges);
    // The diagnostics are those of the last text, as a fresh server gives them.
    const fresh = await LspClient.start();
    try {
      const expected = await fresh.open(uri, text);
      assert.deepEqual(published.diagnostics, expected.diagnostics);
    } finally {
      await fresh.stop();
    }
    // Nothing older is published after it (the same version again: the exact attribute checks replacing the carried ones).
    await client.serverText(uri);
    const afterLast = client.published.slice(publishedBefore).filter((p) => p.uri === uri);
    assert.equal(afterLast[afterLast.length - 1].version, changes + 1);
    assert.ok(afterLast.every((p, i) => i === 0 || (p.version ?? 0) >= (afterLast[i - 1].version ?? 0)), `versions published out of order: ${afterLast.map((p) => p.version).join(' ')}`);
  });

  it('gives the tree of a full parse after bursts of edits scattered over the document (one covering edit per parse)', async () => {
    const uri = 'file:///typing/scattered.html';
    const rng = new Random(0x1616);
    let text = `<!DOCTYPE html>\r\n${'<ul><li>one<li>two</ul><table><tr><td>x</table><p>a &amp b 😀</p>\n'.repeat(300)}`;
    await client.open(uri, text);
    const inserts = ['<b>', '</b>', '<p>', 'x', '"', '<!--', '-->', '\r\n', '<td>', '&', '😀', '<table>', ' '];
    let version = 1;
    for (let burst = 0; burst < 30; burst++) {
      const n = 1 + rng.int(12);
      for (let i = 0; i < n; i++) {
        const starts = lineStarts(text);
        const a = rng.int(text.length + 1);
        const b = Math.min(text.length, a + (rng.next() < 0.5 ? 0 : rng.int(30)));
        const change = { range: { start: positionAt(starts, a), end: positionAt(starts, b) }, text: rng.next() < 0.2 ? '' : rng.pick(inserts) };
        text = applyChange(text, change);
        void client.change(uri, ++version, [change]);
      }
      const tree = await client.request<{ tree: string } | null>('tagtree/parseTree', { textDocument: { uri } });
      assert.equal(tree?.tree, toTestTree(parse(text).document), `trees differ after burst ${burst}`);
    }
    assert.equal((await client.serverText(uri))?.text, text);
  });

  it('answers a cancelled outline request with RequestCancelled while it runs, and the next one in full', async () => {
    const c = await LspClient.start({ settings: { outline: { maxSymbols: 0 } } });
    try {
      const uri = 'file:///typing/cancel.html';
      const text = `<!DOCTYPE html>\n${'<div><p>a<b>b</b><i>c</i></p></div>\n'.repeat(25_000)}`;
      await c.open(uri, text);
      const source = new CancellationTokenSource();
      const pending = c.connection.sendRequest<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } }, source.token);
      // The outline of 100,000 elements takes far longer than this: the request is running when it is cancelled.
      setTimeout(() => source.cancel(), 30);
      await assert.rejects(pending, (e: { code?: number }) => e.code === -32800);
      const symbols = await c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
      assert.equal(count(symbols), 3 + 4 * 25_000);
      const folds = new CancellationTokenSource();
      const folding = c.connection.sendRequest<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } }, folds.token);
      folds.cancel();
      await assert.rejects(folding, (e: { code?: number }) => e.code === -32800);
    } finally {
      await c.stop();
    }
  });

  it('answers outline and folding requests made while typing for a current parse', async () => {
    const uri = 'file:///typing/requests.html';
    let text = `<!DOCTYPE html>\n${'<div>\n<p>a<b>b</b>\n</p>\n</div>\n'.repeat(20_000)}`;
    await client.open(uri, text);
    let version = 1;
    const type = () => {
      const change = { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, text: '<p>' };
      text = applyChange(text, change);
      void client.change(uri, ++version, [change]);
    };
    for (let round = 0; round < 3; round++) {
      const symbols = client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
      const folds = client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
      for (let i = 0; i < 20; i++) type();
      const [s, f] = await Promise.all([symbols, folds]);
      // Answers, not errors: computed for the parse current when they ran (the outline is capped at 2,000).
      assert.equal(count(s), 2_000);
      // One fold per div (a <p> closes on the line after its start tag: nothing to fold).
      assert.equal(f.length, 20_000);
    }
    // And the tree the server ends with is the full parse of the text typed.
    const tree = await client.request<{ tree: string } | null>('tagtree/parseTree', { textDocument: { uri } });
    assert.equal(tree?.tree, toTestTree(parse(text).document));
  });
});
