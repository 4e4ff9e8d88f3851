/**
 * Conformance checks at the protocol and in `tagtree check`: on by default
 * (off with `tagtree.diagnostics.conformance` false, `"conformance": false` in
 * tagtree.json or `--no-conformance`); errors through the same severity
 * settings as every diagnostic, a hover line with the element's categories and
 * content model, and the two unambiguous quick fixes (alt="", removing an
 * obsolete attribute).
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientCapabilities, CodeAction, Diagnostic, Hover, TextEdit } from 'vscode-languageserver-protocol';
import { CheckUsageError, runCheck, type CheckIo } from '../out/check/index';
import { LspClient } from './support/lsp-client';

const TEXT = '<!DOCTYPE html><html lang="en"><title>t</title><ul><div>x</div></ul><img src="a.png"><p align="left">a</p>';

function summary(list: Diagnostic[]): [string, number | undefined, string][] {
  return list.map((d) => [String(d.code), d.severity, `${d.range.start.line}:${d.range.start.character}`]);
}

const CAPABILITIES: ClientCapabilities = {
  textDocument: {
    publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true },
    hover: { contentFormat: ['markdown'] },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
  },
  workspace: { configuration: true },
};

describe('tagtree-lsp: conformance checks', function () {
  this.timeout(60_000);

  it('are on by default, and off with the setting false', async () => {
    // The editor answers no settings at all (null), as an editor without any TagTree settings does.
    const client = await LspClient.start({ conformance: true });
    try {
      const d = await client.open('file:///c/default.html', TEXT);
      assert.deepEqual(summary(d.diagnostics), [
        ['element-not-allowed', 1, '0:51'],
        ['missing-alt', 1, '0:68'],
        ['obsolete-attribute', 1, '0:88'],
      ]);
      client.settings = { diagnostics: { conformance: false } };
      const off = client.waitForDiagnostics('file:///c/default.html', (p) => p.diagnostics.length === 0);
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      assert.deepEqual(summary((await off).diagnostics), []);
    } finally {
      await client.stop();
    }
  });

  it('are on by default for an editor that has no workspace/configuration', async () => {
    const client = await LspClient.start({ configuration: false, conformance: true });
    try {
      const d = await client.open('file:///c/no-configuration.html', TEXT);
      assert.deepEqual(summary(d.diagnostics).map(([code]) => code), ['element-not-allowed', 'missing-alt', 'obsolete-attribute']);
    } finally {
      await client.stop();
    }
  });

  it('report errors with links and related information, graded by the per-code severities', async () => {
    const client = await LspClient.start({ capabilities: CAPABILITIES, settings: { diagnostics: { conformance: true, severity: { 'obsolete-attribute': 'warning' } } } });
    try {
      const uri = 'file:///c/on.html';
      const d = await client.open(uri, TEXT);
      assert.deepEqual(summary(d.diagnostics), [
        ['element-not-allowed', 1, '0:51'],
        ['missing-alt', 1, '0:68'],
        ['obsolete-attribute', 2, '0:88'],
      ]);
      const [notAllowed, alt, obsolete] = d.diagnostics;
      assert.equal(notAllowed.codeDescription?.href, 'https://html.spec.whatwg.org/multipage/grouping-content.html#the-ul-element');
      assert.equal(notAllowed.relatedInformation?.[0].message, 'The parent <ul>');

      // Hover on <ul>: its categories and content model, with a link.
      const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 48 } });
      const markdown = (hover.contents as { value: string }).value;
      assert.match(markdown, /flow content; content model: any number of li or script-supporting content \(\[spec\]\(https:\/\/html\.spec\.whatwg\.org\/multipage\/grouping-content\.html#the-ul-element\)\)/);

      // The quick fixes: alt="" and removing the obsolete attribute.
      const edits = async (diagnostic: Diagnostic): Promise<TextEdit[]> => {
        const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic], only: ['quickfix'] } });
        const mine = actions.filter((a) => a.diagnostics?.some((x) => x.code === diagnostic.code));
        assert.equal(mine.length, 1);
        return mine[0].edit?.changes?.[uri] ?? [];
      };
      assert.deepEqual(await edits(alt), [{ range: { start: { line: 0, character: 84 }, end: { line: 0, character: 84 } }, newText: ' alt=""' }]);
      assert.deepEqual(await edits(obsolete), [{ range: { start: { line: 0, character: 87 }, end: { line: 0, character: 100 } }, newText: '' }]);
    } finally {
      await client.stop();
    }
  });

  it('report the ARIA findings (issue 23) with their codes, severities and spec links', async () => {
    const client = await LspClient.start({ capabilities: CAPABILITIES, settings: { diagnostics: { conformance: true } } });
    try {
      const text = '<!DOCTYPE html><html lang="en"><title>t</title><button role="heading">b</button><div role="tab" aria-hidden="maybe">t</div><header role="banner">h</header>';
      const d = await client.open('file:///c/aria.html', text);
      const got = d.diagnostics.map((x) => [String(x.code), x.severity, text.slice(x.range.start.character, x.range.end.character), x.codeDescription?.href]);
      assert.deepEqual(got, [
        ['aria-role-not-allowed', 1, 'role="heading"', 'https://w3c.github.io/html-aria/#el-button'],
        ['aria-missing-required-context', 1, 'role="tab"', 'https://w3c.github.io/aria/#scope'],
        ['invalid-aria-value', 1, 'aria-hidden="maybe"', 'https://w3c.github.io/aria/#aria-hidden'],
        ['redundant-role', 2, 'role="banner"', 'https://w3c.github.io/html-aria/#docconformance'],
      ]);
    } finally {
      await client.stop();
    }
  });

  it('past tagtree.diagnostics.maxProblems are counted in the last diagnostic, after the parse errors shown first', async () => {
    const client = await LspClient.start({ settings: { diagnostics: { conformance: true, maxProblems: 3 } } });
    try {
      // A parse error (the missing ";") and five obsolete align attributes, the first of them before it.
      const text = '<!DOCTYPE html><html lang="en"><title>t</title><p align=left>a</p>&amp x' + '<p align=left>b</p>'.repeat(4);
      const d = await client.open('file:///c/cap.html', text);
      assert.deepEqual(
        d.diagnostics.map((x) => `${String(x.code)} ${x.range.start.character}`),
        ['missing-semicolon-after-character-reference 66', 'obsolete-attribute 50', 'obsolete-attribute 75', 'too-many-problems 94'],
      );
      assert.match(String(d.diagnostics[3].message), /^3 more conformance problems from here on are not shown/);
    } finally {
      await client.stop();
    }
  });

  it('on a large document, stay shown after a change whose parse a request made and no publish read', async () => {
    const client = await LspClient.start({ settings: { diagnostics: { conformance: true, maxProblems: 0 } } });
    try {
      // Over 256 K characters: the findings after an edit are carried from the previous parse's until the editor is idle.
      const body = '<p align=left>x</p>\n'.repeat(14_000);
      const text = `<!DOCTYPE html><html lang="en"><title>t</title><body>${body}`;
      const uri = 'file:///c/large.html';
      await client.open(uri, text);
      const settled = await client.waitForDiagnostics(uri, (p) => p.diagnostics.filter((d) => d.code === 'obsolete-attribute').length === 14_000, 60_000);
      assert.equal(settled.version, 1);
      const at = { line: 7000, character: 17 };
      // Version 2, then a request that parses it (no publish reads that parse), then version 3.
      await client.change(uri, 2, [{ range: { start: at, end: at }, text: 'y' }]);
      await client.request('textDocument/documentSymbol', { textDocument: { uri } });
      const published = client.waitForDiagnostics(uri, (p) => p.version === 3, 60_000);
      await client.change(uri, 3, [{ range: { start: at, end: at }, text: 'z' }]);
      const d = await published;
      assert.equal(d.diagnostics.filter((x) => x.code === 'obsolete-attribute').length, 14_000);
    } finally {
      await client.stop();
    }
  });

  it('after each typed character, equal those of the same text opened anew (the re-check from the previous findings)', async () => {
    const client = await LspClient.start({ capabilities: CAPABILITIES, settings: { diagnostics: { conformance: true } } });
    try {
      const body = Array.from({ length: 400 }, (_, i) => `<p align=left>${i}</p><ul><div>d</div></ul><img src=a>`).join('');
      let text = `<!DOCTYPE html><html lang="en"><title>t</title><body><div>${body}</div>`;
      const uri = 'file:///c/typing.html';
      await client.open(uri, text);
      const at = text.indexOf('<ul>', text.length / 2) + 3;
      let version = 1;
      const key = (d: Diagnostic) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.code} ${d.message} ${(d.relatedInformation ?? []).map((r) => `${r.location.range.start.character} ${r.message}`).join()}`;
      // Typing " role=x><center>" into a <ul> start tag, one character at a time.
      for (const [i, ch] of [...' role=x><center>'].entries()) {
        text = text.slice(0, at + i) + ch + text.slice(at + i);
        version++;
        const published = client.waitForDiagnostics(uri, (p) => p.version === version);
        await client.change(uri, version, [{ range: { start: { line: 0, character: at + i }, end: { line: 0, character: at + i } }, text: ch }]);
        const got = await published;
        const fresh = await client.open(`file:///c/fresh-${version}.html`, text);
        assert.deepEqual(got.diagnostics.map(key), fresh.diagnostics.map(key), `after ${version - 1} characters`);
      }
      assert.equal((await client.serverText(uri))?.parse, 'incremental');
    } finally {
      await client.stop();
    }
  });
});

describe('tagtree check and conformance', () => {
  it('reports the conformance findings by default, with their codes; not with --no-conformance or "conformance": false, unless --conformance', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagtree-conformance-'));
    try {
      writeFileSync(join(dir, 'a.html'), TEXT);
      const run = async (args: string[]): Promise<{ status: number; out: string }> => {
        let out = '';
        const sink = { write: (s: string) => ((out += s), true) };
        const io: CheckIo = { cwd: dir, stdout: sink, stderr: { write: () => true }, readStdin: () => new Uint8Array(), version: 'test' };
        const status = await runCheck([...args, '--format', 'json', '--no-progress', '-j', '1', 'a.html'], io);
        return { status, out };
      };
      const findings = (out: string) => JSON.parse(out).map((f: { code: string; line: number; column: number }) => `${f.code} ${f.line}:${f.column}`);
      const expected = ['element-not-allowed 1:52', 'missing-alt 1:69', 'obsolete-attribute 1:89'];
      const byDefault = await run([]);
      assert.equal(byDefault.status, 1);
      assert.deepEqual(findings(byDefault.out), expected);
      const off = await run(['--no-conformance']);
      assert.equal(off.status, 0);
      assert.deepEqual(findings(off.out), []);
      // A configuration that turns them off, and the flag that runs them anyway.
      writeFileSync(join(dir, 'tagtree.json'), JSON.stringify({ conformance: false }));
      assert.deepEqual(findings((await run([])).out), []);
      assert.deepEqual(findings((await run(['--conformance'])).out), expected);
      // An override turns them on again for its files.
      writeFileSync(join(dir, 'tagtree.json'), JSON.stringify({ conformance: false, overrides: [{ files: ['a.html'], conformance: true }] }));
      assert.deepEqual(findings((await run([])).out), expected);
      await assert.rejects(run(['--conformance', '--no-conformance']), (e: Error) => e instanceof CheckUsageError && /give one of them/.test(e.message));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
