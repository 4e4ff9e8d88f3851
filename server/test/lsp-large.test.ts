/**
 * Big and deep documents at the protocol boundary: the outline stays within
 * its limit (breadth first, upper levels complete), a 100,000-deep document
 * overflows no stack in any feature, and the outline can fold implied
 * elements away.
 */
import { strict as assert } from 'node:assert';
import type { Diagnostic, DocumentSymbol, FoldingRange, SelectionRange } from 'vscode-languageserver-protocol';
import { LspClient } from './support/lsp-client';

function count(symbols: DocumentSymbol[]): { n: number; depth: number } {
  let n = 0;
  let depth = 0;
  const stack = symbols.map((s) => ({ s, d: 1 }));
  while (stack.length > 0) {
    const { s, d } = stack.pop()!;
    n++;
    depth = Math.max(depth, d);
    for (const c of s.children ?? []) stack.push({ s: c, d: d + 1 });
  }
  return { n, depth };
}

describe('tagtree-lsp: big and deep documents', function () {
  this.timeout(120_000);
  let client: LspClient;
  before(async () => {
    client = await LspClient.start();
  });
  after(async () => {
    await client?.stop();
  });

  it('caps the outline at tagtree.outline.maxSymbols, breadth first', async () => {
    const uri = 'file:///large/wide.html';
    const text = `<!DOCTYPE html>\n${'<section><p>a<b>b</b></p></section>\n'.repeat(1_000)}`;
    await client.open(uri, text);
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const { n } = count(symbols);
    // The default cap.
    assert.equal(n, 2_000);
    // The upper levels are complete: html, head, body and all 1,000 sections.
    const body = symbols[0].children![1];
    assert.equal(body.name, 'body');
    assert.equal(body.children!.length, 1_000);
    // Logged once, as information: nothing failed.
    assert.deepEqual(
      client.logEntries.filter((l) => /shows 2000 of its 3003 elements/.test(l.message)).map((l) => l.type),
      [3],
    );
  });

  it('survives a 100,000-deep document in every feature', async () => {
    const uri = 'file:///large/deep.html';
    const depth = 100_000;
    const text = `<!DOCTYPE html>\n${'<div>\n'.repeat(depth)}x\n${'</div>\n'.repeat(depth)}`;
    const published = await client.open(uri, text);
    assert.deepEqual(published.diagnostics, []);
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const shape = count(symbols);
    assert.ok(shape.depth <= 128, `outline depth ${shape.depth}`);
    assert.equal(shape.n, 2_000);
    const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
    assert.ok(folds.length > 0);
    const inner = { line: depth + 1, character: 0 };
    const [selection] = await client.request<SelectionRange[]>('textDocument/selectionRange', { textDocument: { uri }, positions: [inner] });
    const chain: SelectionRange[] = [];
    for (let s: SelectionRange | undefined = selection; s !== undefined; s = s.parent) chain.push(s);
    assert.equal(chain.length, 200);
    // The innermost range is the text node "\nx\n" after the last <div>.
    assert.deepEqual(chain[0].range, { start: { line: depth, character: 5 }, end: { line: depth + 2, character: 0 } });
    assert.deepEqual(chain[chain.length - 1].range.start, { line: 0, character: 0 });
    const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: depth, character: 2 } });
    assert.ok(hover !== null);
    // The html5lib dump indents each level: 100,000 levels do not fit in a string, and the request says so with null.
    await client.request('tagtree/parseTree', { textDocument: { uri } });
    assert.ok(client.alive);
    // Without the end tags: the spec raises one parse error at the end of the file.
    const unclosed = client.waitForDiagnostics(uri, (p) => p.version === 2);
    await client.change(uri, 2, [{ range: { start: { line: depth + 2, character: 0 }, end: { line: 2 * depth + 2, character: 0 } }, text: '' }]);
    assert.deepEqual((await unclosed).diagnostics.map((d: Diagnostic) => d.code), ['eof-with-unclosed-element']);
  });

  it('caps diagnostics at tagtree.diagnostics.maxProblems and says how many more there are', async () => {
    const uri = 'file:///large/errors.html';
    const published = await client.open(uri, `<!DOCTYPE html>\n${'<p>x</span>\n'.repeat(1500)}`);
    const capped = published.diagnostics;
    assert.equal(capped.length, 1001);
    assert.deepEqual(capped.slice(0, 1000).map((d: Diagnostic) => d.code), Array(1000).fill('stray-end-tag'));
    assert.equal(capped[1000].code, 'too-many-problems');
    assert.equal(capped[1000].severity, 3);
    assert.equal(capped[1000].message, '500 more parse errors from here on are not shown (tagtree.diagnostics.maxProblems is 1000)');
    assert.equal(capped[1000].range.start.line, 1001);
  });

  it('coalesces a burst of changes sent during a long parse into few publishes', async () => {
    const uri = 'file:///large/burst.html';
    const text = `<!DOCTYPE html>\n${'<div class="c"><p>Some text <b>bold</b> and <a href="#x">a link</a>.</p></div>\n'.repeat(30_000)}`;
    await client.open(uri, text);
    const before = client.published.length;
    const last = client.waitForDiagnostics(uri, (p) => p.version === 31, 60_000);
    for (let v = 2; v <= 31; v++) {
      void client.change(uri, v, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'x' }]);
    }
    await last;
    const publishes = client.published.slice(before).filter((p) => p.uri === uri);
    assert.ok(publishes.length < 10, `${publishes.length} publishes for 30 changes`);
    assert.equal((await client.serverText(uri))?.text.startsWith(`<!DOCTYPE html>\n${'x'.repeat(30)}<div`), true);
  });

  it('folds implied elements away when outline.showImplied is false', async () => {
    const c = await LspClient.start({ settings: { outline: { showImplied: false } } });
    try {
      const uri = 'file:///large/implied.html';
      await c.open(uri, '<!DOCTYPE html><table><tr><td>1</table><b>x<p>y</b>z');
      const symbols = await c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
      const render = (list: DocumentSymbol[]): string => list.map((s) => (s.children?.length ? `${s.name}(${render(s.children)})` : s.name)).join(' ');
      // No html, head, body, tbody, and no clone of <b> inside the <p>.
      assert.equal(render(symbols), 'table(tr(td)) b p');
    } finally {
      await c.stop();
    }
  });
});
