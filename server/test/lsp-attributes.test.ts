/**
 * Attribute diagnostics and the attribute features at the protocol: the
 * same settings as the parse errors (per-code severity, on/off; errors by
 * default, as breaches of the spec's "must" rules, and the advice-level
 * template-for-marker-not-found a warning at most), spec links, updates on edit, the maxProblems limit, and guarded
 * definition and completion handlers.
 */
import { strict as assert } from 'node:assert';
import type { CompletionList, Diagnostic, Location } from 'vscode-languageserver-protocol';
import { LspClient, PUSH_CAPABILITIES } from './support/lsp-client';

const TEXT = '<!DOCTYPE html><p>&amp x<p id=a><p id=a><table><tr><td colspan=0>1</table>';

function summary(list: Diagnostic[]): [string, number | undefined][] {
  return list.map((d) => [String(d.code), d.severity]);
}

describe('tagtree-lsp: attribute diagnostics and features', function () {
  this.timeout(60_000);

  it('are errors by default, beside parse errors, with links to the spec', async () => {
    const client = await LspClient.start();
    try {
      const d = await client.open('file:///a/default.html', TEXT);
      // An id "must be unique amongst all the IDs in the element's tree" (dom.html#the-id-attribute); colspan "must"
      // be a valid non-negative integer greater than zero (tables.html#attr-tdth-colspan): conformance errors.
      assert.deepEqual(summary(d.diagnostics), [
        ['missing-semicolon-after-character-reference', 1],
        ['duplicate-id', 1],
        ['invalid-attribute-value', 1],
      ]);
      assert.equal(d.diagnostics[1].codeDescription?.href, 'https://html.spec.whatwg.org/multipage/dom.html#the-id-attribute');
      assert.equal(d.diagnostics[2].codeDescription?.href, 'https://html.spec.whatwg.org/multipage/tables.html#attr-tdth-colspan');
      assert.equal(d.diagnostics[1].relatedInformation?.[0].message, 'The first element with id "a"');
    } finally {
      await client.stop();
    }
  });

  it('follow per-code severities and tagtree.diagnostics.attributeSeverity; defaultSeverity is for parse errors', async () => {
    const client = await LspClient.start({ settings: { diagnostics: { defaultSeverity: 'hint', severity: { 'duplicate-id': 'warning' } } } });
    try {
      const d = await client.open('file:///a/severity.html', TEXT);
      assert.deepEqual(summary(d.diagnostics), [
        ['missing-semicolon-after-character-reference', 4],
        ['duplicate-id', 2],
        ['invalid-attribute-value', 1],
      ]);
      client.settings = { diagnostics: { attributeSeverity: 'off', severity: { 'invalid-attribute-value': 'information' } } };
      const next = client.waitForDiagnostics('file:///a/severity.html', (p) => p.diagnostics.length === 2);
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      assert.deepEqual(summary((await next).diagnostics), [
        ['missing-semicolon-after-character-reference', 1],
        ['invalid-attribute-value', 3],
      ]);
    } finally {
      await client.stop();
    }
  });

  it('are recomputed from the edited text, and count towards maxProblems', async () => {
    const client = await LspClient.start({ settings: { diagnostics: { maxProblems: 2 } } });
    try {
      const uri = 'file:///a/edit.html';
      const d = await client.open(uri, TEXT);
      assert.deepEqual(summary(d.diagnostics), [
        ['missing-semicolon-after-character-reference', 1],
        ['duplicate-id', 1],
        ['too-many-problems', 3],
      ]);
      assert.equal(d.diagnostics[2].message, '1 more attribute problem from here on are not shown (tagtree.diagnostics.maxProblems is 2)');
      // Rename the second id: the duplicate goes away.
      const next = client.waitForDiagnostics(uri, (p) => p.version === 2);
      const at = TEXT.lastIndexOf('id=a') + 3;
      await client.change(uri, 2, [{ range: { start: { line: 0, character: at }, end: { line: 0, character: at + 1 } }, text: 'b' }]);
      assert.deepEqual(summary((await next).diagnostics), [
        ['missing-semicolon-after-character-reference', 1],
        ['invalid-attribute-value', 1],
      ]);
    } finally {
      await client.stop();
    }
  });

  it('keep the advice-level template-for-marker-not-found a warning unless a setting names its code', async () => {
    // A <template for> with no marker is not a conformance error: the parser keeps it inert (whatwg/html 2ff023fb).
    const html = '<!DOCTYPE html><title>t</title><template for="nowhere"></template>';
    for (const [settings, expected] of [
      [{}, 2],
      [{ diagnostics: { attributeSeverity: 'error' } }, 2],
      [{ diagnostics: { attributeSeverity: 'information' } }, 3],
      [{ diagnostics: { severity: { 'template-for-marker-not-found': 'error' } } }, 1],
    ] as const) {
      const client = await LspClient.start({ settings });
      try {
        const d = await client.open('file:///a/template-for.html', html);
        assert.deepEqual(summary(d.diagnostics), [['template-for-marker-not-found', expected]], JSON.stringify(settings));
      } finally {
        await client.stop();
      }
    }
  });

  it('on a large document, asks a pulling client to refresh after an edit only when the exact checks differ from those carried', async () => {
    const capabilities = JSON.parse(JSON.stringify(PUSH_CAPABILITIES));
    capabilities.textDocument.diagnostic = { dynamicRegistration: false, relatedDocumentSupport: false };
    capabilities.workspace.diagnostics = { refreshSupport: true };
    const client = await LspClient.start({ capabilities });
    try {
      const uri = 'file:///a/large.html';
      // Ids everywhere: the attribute checks of an edit are carried, and made exactly when the editor is idle.
      const lines = ['<!DOCTYPE html><title>t</title>'];
      for (let i = 0; i < 8000; i++) lines.push(`<p id=p${i}>Some prose and then some more.</p>`);
      await client.openOnly(uri, lines.join('\n'));
      type Report = { kind: string; resultId: string; items: Diagnostic[] };
      const pull = (previousResultId?: string) => client.request<Report>('textDocument/diagnostic', { textDocument: { uri }, previousResultId });
      /** Waits for the exact checks of the current text; returns the report then pulled and the refreshes the server asked for meanwhile. */
      const untilExact = async (first: Report) => {
        const before = client.refreshes;
        while (!(await client.request<{ exactAttributeChecks: boolean }>('tagtree/documentText', { textDocument: { uri } })).exactAttributeChecks) {
          await new Promise((r) => setTimeout(r, 50));
        }
        const refreshes = client.refreshes - before;
        const report = await pull(first.resultId);
        return { report: report.kind === 'unchanged' ? first : report, refreshes };
      };
      const opened = await untilExact(await pull());
      assert.deepEqual(opened.report.items, []);
      // Just opened: no attribute check was shown, so an exact result (here none) is not known to be the same.
      // "<" before a space in prose: a parse error, and the same attribute checks.
      const line = 4000;
      const character = lines[line].indexOf(' and');
      await client.change(uri, 2, [{ range: { start: { line, character }, end: { line, character } }, text: '<' }]);
      const typed = await pull();
      assert.deepEqual(typed.items.map((d) => d.code), ['invalid-first-character-of-tag-name']);
      const same = await untilExact(typed);
      assert.equal(same.refreshes, 0);
      // A duplicate id: the exact checks differ, and the client is asked to pull again.
      const prose = lines[line + 2].indexOf(' and');
      await client.change(uri, 3, [{ range: { start: { line: line + 2, character: prose }, end: { line: line + 2, character: prose } }, text: '<b id=p1>x</b>' }]);
      const duplicated = await untilExact(await pull());
      assert.equal(duplicated.refreshes, 1);
      assert.deepEqual(duplicated.report.items.map((d) => d.code).sort(), ['duplicate-id', 'invalid-first-character-of-tag-name']);
    } finally {
      await client.stop();
    }
  });

  it('declares definition and completion, and answers them', async () => {
    const client = await LspClient.start();
    try {
      assert.equal(client.initializeResult.capabilities.definitionProvider, true);
      assert.deepEqual(client.initializeResult.capabilities.completionProvider?.triggerCharacters, ['"', "'", '<', '/']);
      const uri = 'file:///a/features.html';
      const text = '<label for=x>X</label><input id=x type="">';
      await client.open(uri, text);
      const definition = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: 0, character: 11 } });
      assert.deepEqual(definition, [{ uri, range: { start: { line: 0, character: 22 }, end: { line: 0, character: 42 } } }]);
      const none = await client.request<Location[] | null>('textDocument/definition', { textDocument: { uri }, position: { line: 0, character: 15 } });
      assert.equal(none, null);
      const completion = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 40 } });
      assert.equal(completion.items.length, 22);
      assert.equal(completion.items[1].label, 'text');
      assert.equal(completion.items[1].detail, 'Text state (the missing value default and invalid value default)');
    } finally {
      await client.stop();
    }
  });

  it('go to definition: fragments (as written, then percent-decoded, then <a name>), ID lists by token, usemap', async () => {
    const client = await LspClient.start();
    try {
      const uri = 'file:///a/definition.html';
      const text = [
        '<a href="#caf%C3%A9">1</a><a href="#old">2</a><a href="#nowhere">3</a>',
        '<h2 id="café">Café</h2><a name=old></a>',
        '<div aria-describedby="x y"></div><p id=x></p><p id=y></p>',
        '<img usemap=#m><map id=m></map><template><label for=x></label></template>',
      ].join('\n');
      await client.open(uri, text);
      const go = async (line: number, character: number) => {
        const result = await client.request<Location[] | null>('textDocument/definition', { textDocument: { uri }, position: { line, character } });
        return result === null ? null : result.map((l) => `${l.range.start.line}:${l.range.start.character}`);
      };
      assert.deepEqual(await go(0, 11), ['1:0']);
      assert.deepEqual(await go(0, 37), ['1:23']);
      assert.equal(await go(0, 60), null);
      // On a token: that element; on the attribute's name: all of them.
      assert.deepEqual(await go(2, 25), ['2:46']);
      assert.deepEqual(await go(2, 8), ['2:34', '2:46']);
      // usemap finds a map by id too (the parsing rules do; the checks warn).
      assert.deepEqual(await go(3, 13), ['3:15']);
      // A template's contents are another tree: x is not there.
      assert.equal(await go(3, 52), null);
    } finally {
      await client.stop();
    }
  });

  it('a failing definition or completion handler is logged and answered with null; the server keeps serving', async () => {
    const client = await LspClient.start({ env: { TAGTREE_LSP_FAULTS: 'textDocument/definition,textDocument/completion' } });
    try {
      const uri = 'file:///a/faults.html';
      await client.open(uri, '<label for=x>X</label><input id=x type="">');
      assert.equal(await client.request('textDocument/definition', { textDocument: { uri }, position: { line: 0, character: 11 } }), null);
      assert.equal(await client.request('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 40 } }), null);
      assert.ok(client.logs.some((l) => l.includes('textDocument/definition failed')));
      const hover = await client.request<unknown>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 11 } });
      assert.ok(hover !== null);
    } finally {
      await client.stop();
    }
  });
});
