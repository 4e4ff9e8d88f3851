/**
 * The server process over stdio: lifecycle, capabilities, document sync,
 * pushed and pulled diagnostics, languages and settings.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { LspClient, PUSH_CAPABILITIES, SERVER_MAIN } from './support/lsp-client';

/** The version and text of a `tagtree/documentText` answer. */
function textOf(answer: { version: number; text: string } | null): { version: number; text: string } | null {
  return answer === null ? null : { version: answer.version, text: answer.text };
}

describe('tagtree-lsp: lifecycle and sync', function () {
  this.timeout(30_000);
  let client: LspClient;

  before(async () => {
    client = await LspClient.start();
  });
  after(async () => {
    await client?.stop();
  });

  it('prints usage without a transport and its version with --version', () => {
    const none = spawnSync(process.execPath, [SERVER_MAIN], { encoding: 'utf8' });
    assert.equal(none.status, 2);
    assert.match(none.stderr, /no transport given/);
    const version = spawnSync(process.execPath, [SERVER_MAIN, '--version'], { encoding: 'utf8' });
    assert.equal(version.status, 0);
    assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
  });

  it('announces incremental sync, pull diagnostics and the tree features', () => {
    const caps = client.initializeResult.capabilities;
    assert.deepEqual(caps.textDocumentSync, { openClose: true, change: 2 });
    assert.deepEqual(caps.diagnosticProvider, { identifier: 'tagtree', interFileDependencies: false, workspaceDiagnostics: false });
    for (const key of ['documentSymbolProvider', 'foldingRangeProvider', 'selectionRangeProvider', 'documentHighlightProvider', 'linkedEditingRangeProvider', 'hoverProvider', 'codeActionProvider'] as const) {
      assert.ok(caps[key], key);
    }
    assert.equal(client.initializeResult.serverInfo?.name, 'tagtree-lsp');
  });

  it('publishes diagnostics with the document version on open and after each change', async () => {
    const uri = 'file:///sync/a.html';
    const first = await client.open(uri, '<!DOCTYPE html><p>a &amp; b</p>', 'html', 1);
    assert.equal(first.version, 1);
    assert.deepEqual(first.diagnostics, []);
    const second = client.waitForDiagnostics(uri, (p) => p.version === 2);
    // Delete the ";" of &amp;.
    await client.change(uri, 2, [{ range: { start: { line: 0, character: 24 }, end: { line: 0, character: 25 } }, text: '' }]);
    const d = await second;
    assert.equal(d.diagnostics.length, 1);
    assert.equal(d.diagnostics[0].code, 'missing-semicolon-after-character-reference');
    assert.deepEqual(d.diagnostics[0].range, { start: { line: 0, character: 20 }, end: { line: 0, character: 24 } });
    assert.equal(d.diagnostics[0].source, 'tagtree');
    assert.equal(d.diagnostics[0].codeDescription?.href, 'https://html.spec.whatwg.org/multipage/parsing.html#parse-error-missing-semicolon-after-character-reference');
    assert.equal(d.diagnostics[0].message, 'Character reference &amp is missing its ";"');
    assert.equal((await client.serverText(uri))?.text, '<!DOCTYPE html><p>a &amp b</p>');
  });

  it('applies several changes of one notification in order, and full-text changes', async () => {
    const uri = 'file:///sync/b.html';
    await client.open(uri, 'abc\ndef\n', 'html', 1);
    await client.change(uri, 2, [
      { range: { start: { line: 0, character: 1 }, end: { line: 1, character: 1 } }, text: 'X\r\nY' },
      { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, text: 'Z' },
    ]);
    assert.deepEqual(textOf(await client.serverText(uri)), { version: 2, text: 'aX\r\nZef\n' });
    await client.change(uri, 3, [{ text: 'whole' }]);
    assert.deepEqual(textOf(await client.serverText(uri)), { version: 3, text: 'whole' });
  });

  it('clears diagnostics on close and forgets the document', async () => {
    const uri = 'file:///sync/c.html';
    const opened = await client.open(uri, '<!DOCTYPE html><p>&amp x', 'html', 1);
    assert.equal(opened.diagnostics.length, 1);
    const cleared = client.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0);
    await client.close(uri);
    await cleared;
    assert.equal(await client.serverText(uri), null);
  });

  it('answers pulled diagnostics (textDocument/diagnostic), with unchanged reports by result id', async () => {
    const uri = 'file:///sync/d.html';
    await client.open(uri, '<!DOCTYPE html><p title=a title=b>&ampx', 'html', 1);
    const report = await client.request<{ kind: string; resultId: string; items: { code: string }[] }>('textDocument/diagnostic', { textDocument: { uri } });
    assert.equal(report.kind, 'full');
    assert.deepEqual(report.items.map((d) => d.code).sort(), ['duplicate-attribute', 'missing-semicolon-after-character-reference']);
    const again = await client.request<{ kind: string; resultId: string }>('textDocument/diagnostic', { textDocument: { uri }, previousResultId: report.resultId });
    assert.deepEqual(again, { kind: 'unchanged', resultId: report.resultId });
    await client.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' }]);
    const changed = await client.request<{ kind: string; resultId: string }>('textDocument/diagnostic', { textDocument: { uri }, previousResultId: report.resultId });
    assert.equal(changed.kind, 'full');
  });

  it('answers a pull after an edit that moves no diagnostic with an unchanged report', async () => {
    const uri = 'file:///sync/moves.html';
    await client.openOnly(uri, '<!DOCTYPE html><p>&amp x\n<p>text', 'html', 1);
    type Report = { kind: string; resultId: string; items?: { code: string; range: { start: { line: number; character: number } } }[] };
    const pull = (previousResultId?: string) => client.request<Report>('textDocument/diagnostic', { textDocument: { uri }, previousResultId });
    const first = await pull();
    assert.equal(first.kind, 'full');
    // Typing on the next line: the error stays where it is.
    await client.change(uri, 2, [{ range: { start: { line: 1, character: 7 }, end: { line: 1, character: 7 } }, text: 's' }]);
    assert.deepEqual(await pull(first.resultId), { kind: 'unchanged', resultId: first.resultId });
    // Again, from the same result id: the client still shows that report.
    await client.change(uri, 3, [{ range: { start: { line: 1, character: 8 }, end: { line: 1, character: 8 } }, text: 's' }]);
    assert.deepEqual(await pull(first.resultId), { kind: 'unchanged', resultId: first.resultId });
    // Typing before the error on its line moves it: a full report.
    await client.change(uri, 4, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' }]);
    const moved = await pull(first.resultId);
    assert.equal(moved.kind, 'full');
    assert.notEqual(moved.resultId, first.resultId);
    assert.deepEqual(moved.items?.map((d) => [d.code, d.range.start.character]), [['missing-semicolon-after-character-reference', 19]]);
    assert.deepEqual(await pull(moved.resultId), { kind: 'unchanged', resultId: moved.resultId });
    // A client that has no report (or another one) gets the full report.
    assert.equal((await pull()).kind, 'full');
    assert.equal((await pull(first.resultId)).kind, 'full');
  });

  it('serves mhtml (Emacs) and ignores other languages', async () => {
    const m = await client.open('file:///sync/e.html', '<!DOCTYPE html><p>&amp x', 'mhtml', 1);
    assert.equal(m.diagnostics.length, 1);
    await client.openOnly('file:///sync/f.md', '<!DOCTYPE html><p>&amp x', 'markdown', 1);
    const report = await client.request<{ items: unknown[] }>('textDocument/diagnostic', { textDocument: { uri: 'file:///sync/f.md' } });
    assert.deepEqual(report.items, []);
    assert.ok(!client.diagnostics.has('file:///sync/f.md'));
  });

  it('answers requests about unknown documents with empty results', async () => {
    const td = { uri: 'file:///nowhere.html' };
    const pos = { line: 0, character: 0 };
    assert.deepEqual(await client.request('textDocument/diagnostic', { textDocument: td }), { kind: 'full', items: [] });
    assert.deepEqual(await client.request('textDocument/documentSymbol', { textDocument: td }), []);
    assert.deepEqual(await client.request('textDocument/foldingRange', { textDocument: td }), []);
    assert.deepEqual(await client.request('textDocument/selectionRange', { textDocument: td, positions: [pos] }), []);
    assert.equal(await client.request('textDocument/hover', { textDocument: td, position: pos }), null);
    assert.deepEqual(await client.request('textDocument/codeAction', { textDocument: td, range: { start: pos, end: pos }, context: { diagnostics: [] } }), []);
  });

  it('serves over Node IPC, as the VS Code client connects', async () => {
    const ipc = await LspClient.start({ transport: 'ipc' });
    try {
      const d = await ipc.open('file:///ipc/a.html', '<!DOCTYPE html><p>&amp x', 'html', 1);
      assert.deepEqual(d.diagnostics.map((x) => x.code), ['missing-semicolon-after-character-reference']);
    } finally {
      assert.equal(await ipc.stop(), 0);
    }
  });

  it('exits with status 0 after shutdown and exit', async () => {
    const c = await LspClient.start();
    assert.equal(await c.stop(), 0);
  });
});

describe('tagtree-lsp: settings', function () {
  this.timeout(30_000);

  for (const answer of [null, {}, [], 'nonsense', { diagnostics: null, outline: 5, languageIds: 'html' }]) {
    it(`uses the defaults when the client answers ${JSON.stringify(answer)}`, async () => {
      // `conformance: true`: the answer goes to the server as it is.
      const client = await LspClient.start({ settings: answer, conformance: true });
      try {
        const d = await client.open('file:///s/a.html', '<!DOCTYPE html><p>&amp x', 'html', 1);
        // The defaults: every code an error, the conformance checks on (the document has no title:
        // https://html.spec.whatwg.org/multipage/semantics.html#the-head-element; and no lang on html, advice: a warning).
        assert.deepEqual(
          d.diagnostics.map((x) => [x.code, x.severity]),
          [
            ['missing-semicolon-after-character-reference', 1],
            ['missing-html-lang', 2],
            ['missing-title', 1],
          ],
        );
        assert.ok(client.alive);
      } finally {
        await client.stop();
      }
    });
  }

  it('reads per-code severities, the on/off switch and extra language ids', async () => {
    const client = await LspClient.start({
      settings: { diagnostics: { severity: { 'missing-semicolon-after-character-reference': 'warning', 'duplicate-attribute': 'off' } }, languageIds: ['vue-html'] },
    });
    try {
      const d = await client.open('file:///s/b.html', '<!DOCTYPE html><p id=1 id=2>&amp x', 'vue-html', 1);
      assert.deepEqual(
        d.diagnostics.map((x) => [x.code, x.severity]),
        [['missing-semicolon-after-character-reference', 2]],
      );
      // Turn diagnostics off: the server asks again and republishes.
      client.settings = { diagnostics: { enable: false } };
      const off = client.waitForDiagnostics('file:///s/b.html', (p) => p.diagnostics.length === 0);
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      await off;
    } finally {
      await client.stop();
    }
  });

  it('takes settings from initializationOptions and didChangeConfiguration when the client has no workspace/configuration', async () => {
    const client = await LspClient.start({ configuration: false, initializationOptions: { tagtree: { diagnostics: { defaultSeverity: 'hint' } } } });
    try {
      const d = await client.open('file:///s/c.html', '<!DOCTYPE html><p>&amp x', 'html', 1);
      assert.equal(d.diagnostics[0].severity, 4);
      const next = client.waitForDiagnostics('file:///s/c.html', (p) => p.diagnostics[0]?.severity === 2);
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { tagtree: { diagnostics: { defaultSeverity: 'warning' } } } });
      await next;
      // The log says where the settings came from, each time the source changes.
      assert.deepEqual(
        client.logs.filter((l) => l.startsWith('Settings:')),
        ['Settings: from initializationOptions (the client does not answer workspace/configuration).', 'Settings: from workspace/didChangeConfiguration.'],
      );
    } finally {
      await client.stop();
    }
  });

  it('serves the language ids of initializationOptions (Neovim 0.7: init_options), and says when it has no settings at all', async () => {
    const withOptions = await LspClient.start({ configuration: false, initializationOptions: { tagtree: { languageIds: ['htmldjango'] } } });
    try {
      const d = await withOptions.open('file:///s/t.html', '{% block x %}<p>&amp x{% endblock %}', 'htmldjango', 1);
      // (The conformance checks are on by default: no lang on html, no title.)
      assert.deepEqual(d.diagnostics.map((x) => x.code), ['missing-doctype', 'missing-semicolon-after-character-reference', 'missing-html-lang', 'missing-title']);
    } finally {
      await withOptions.stop();
    }
    const bare = await LspClient.start({ configuration: false });
    try {
      const uri = 'file:///s/u.html';
      await bare.openOnly(uri, '<p>x', 'htmldjango');
      const deadline = Date.now() + 10_000;
      while (!bare.logs.some((l) => l.includes(uri)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(bare.logs.filter((l) => l.startsWith('Settings:') || l.includes(uri)), [
        'Settings: the defaults (the client neither answers workspace/configuration nor sent initializationOptions; pass the settings as initializationOptions, for example init_options in Neovim).',
        `Not serving ${uri}: its language id is "htmldjango", which is not html, mhtml or one of tagtree.languageIds ([], settings from defaults). To check it as HTML, add "htmldjango" to the setting tagtree.languageIds, and pass the settings as initializationOptions if your client does not answer workspace/configuration.`,
      ]);
    } finally {
      await bare.stop();
    }
  });

  it('parses with the scripting flag from the settings', async () => {
    const text = '<!DOCTYPE html><body><noscript><p>x</p></noscript>';
    const outline = async (settings: unknown) => {
      const client = await LspClient.start({ settings });
      try {
        await client.open('file:///s/noscript.html', text, 'html', 1);
        const symbols = await client.request<{ name: string; children?: unknown[] }[]>('textDocument/documentSymbol', { textDocument: { uri: 'file:///s/noscript.html' } });
        const render = (list: { name: string; children?: unknown[] }[]): string =>
          list.map((x) => (x.children?.length ? `${x.name}(${render(x.children as { name: string }[])})` : x.name)).join(' ');
        return render(symbols);
      } finally {
        await client.stop();
      }
    };
    // Scripting on (the default, as in browsers): <noscript> holds raw text.
    assert.equal(await outline(null), 'html(head body(noscript))');
    assert.equal(await outline({ scripting: false }), 'html(head body(noscript(p)))');
  });

  it('asks a pulling client to refresh only when the settings change', async () => {
    const capabilities = JSON.parse(JSON.stringify(PUSH_CAPABILITIES));
    capabilities.textDocument.diagnostic = { dynamicRegistration: false, relatedDocumentSupport: false };
    capabilities.workspace.diagnostics = { refreshSupport: true };
    const client = await LspClient.start({ capabilities, settings: { diagnostics: { maxProblems: 5 } } });
    try {
      await client.openOnly('file:///s/r.html', '<!DOCTYPE html><p>&amp x', 'html', 1);
      await client.request('textDocument/diagnostic', { textDocument: { uri: 'file:///s/r.html' } });
      // The settings the server asked for on start differ from the defaults: one refresh.
      assert.equal(client.refreshes, 1);
      // VS Code's client sends didChangeConfiguration once on start; the server asks again and gets the same.
      const asked = client.configurationRequests;
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      while (client.configurationRequests === asked) await new Promise((r) => setTimeout(r, 10));
      await client.request('tagtree/stats', null);
      assert.equal(client.refreshes, 1);
      client.settings = { diagnostics: { maxProblems: 6 } };
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      while (client.configurationRequests === asked + 1) await new Promise((r) => setTimeout(r, 10));
      await client.request('tagtree/stats', null);
      assert.equal(client.refreshes, 2);
    } finally {
      await client.stop();
    }
  });

  it('does not push when the client pulls diagnostics', async () => {
    const capabilities = JSON.parse(JSON.stringify(PUSH_CAPABILITIES));
    capabilities.textDocument.diagnostic = { dynamicRegistration: false, relatedDocumentSupport: false };
    const client = await LspClient.start({ capabilities });
    try {
      await client.openOnly('file:///s/d.html', '<!DOCTYPE html><p>&amp x', 'html', 1);
      const report = await client.request<{ items: unknown[] }>('textDocument/diagnostic', { textDocument: { uri: 'file:///s/d.html' } });
      assert.equal(report.items.length, 1);
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(client.published.length, 0);
    } finally {
      await client.stop();
    }
  });
});
