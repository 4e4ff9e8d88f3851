/**
 * The language server and the workspace's tagtree.json: the same presets,
 * rules, overrides, ignore patterns and inline comments as `tagtree check`,
 * with the editor's per-code severities on top; re-read when the file
 * changes (workspace/didChangeWatchedFiles, which the server registers);
 * a broken file is reported and left out, never a crash.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LspClient, PUSH_CAPABILITIES } from './support/lsp-client';

/** Two elements with the same id (duplicate-id, a warning) and an end tag with attributes (an error); parse errors come first. */
const PAGE = '<!DOCTYPE html><p id=a><p id=a></p x>\n';

function summary(list: Diagnostic[]): string[] {
  return list.map((d) => `${String(d.code)}:${d.severity}`);
}

describe('tagtree-lsp: tagtree.json and inline comments', function () {
  this.timeout(60_000);
  let dir: string;
  const uri = (path: string) => pathToFileURL(join(dir, path)).href;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const capabilities = { ...PUSH_CAPABILITIES, workspace: { ...PUSH_CAPABILITIES.workspace, didChangeWatchedFiles: { dynamicRegistration: true } } };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tagtree-lsp-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('applies the nearest tagtree.json with its overrides and ignore patterns, the editor severities on top', async () => {
    write(
      'tagtree.json',
      JSON.stringify({
        rules: { 'end-tag-with-attributes': 'warning' },
        overrides: [{ files: ['themes/**'], rules: { 'duplicate-id': 'off' } }],
        ignore: ['vendor/'],
      }),
    );
    const client = await LspClient.start({ capabilities, rootUri: pathToFileURL(dir).href, settings: { diagnostics: { severity: { 'end-tag-with-attributes': 'hint' } } } });
    try {
      assert.deepEqual(summary((await client.open(uri('index.html'), PAGE)).diagnostics), ['end-tag-with-attributes:4', 'duplicate-id:1']);
      assert.deepEqual(summary((await client.open(uri('themes/dark/page.html'), PAGE)).diagnostics), ['end-tag-with-attributes:4']);
      assert.deepEqual(summary((await client.open(uri('vendor/lib.html'), PAGE)).diagnostics), []);
      // A document that is no file gets the editor's settings alone.
      assert.deepEqual(summary((await client.open('untitled:Untitled-1', PAGE)).diagnostics), ['end-tag-with-attributes:4', 'duplicate-id:1']);
    } finally {
      await client.stop();
    }
  });

  it('lets tagtree.json say whether the conformance checks run, over the editor setting (on by default)', async () => {
    // No title and an <img> without alt: missing-title and missing-alt, when the checks run.
    const page = '<!DOCTYPE html><html lang=en><img src=a.png>';
    write('tagtree.json', JSON.stringify({ conformance: false, overrides: [{ files: ['strict/**'], conformance: true }] }));
    // The editor answers no settings: its setting is the default, on.
    const client = await LspClient.start({ capabilities, rootUri: pathToFileURL(dir).href, conformance: true });
    try {
      assert.deepEqual(summary((await client.open(uri('page.html'), page)).diagnostics), []);
      assert.deepEqual(summary((await client.open(uri('strict/page.html'), page)).diagnostics), ['missing-title:1', 'missing-alt:1']);
      // A document that is no file gets the editor's settings alone.
      assert.deepEqual(summary((await client.open('untitled:Untitled-2', page)).diagnostics), ['missing-title:1', 'missing-alt:1']);
    } finally {
      await client.stop();
    }
  });

  it('watches tagtree.json and package.json, and re-reads them when they change', async () => {
    write('tagtree.json', JSON.stringify({ preset: 'parse-errors' }));
    const client = await LspClient.start({ capabilities, rootUri: pathToFileURL(dir).href });
    try {
      assert.deepEqual(summary((await client.open(uri('a.html'), PAGE)).diagnostics), ['end-tag-with-attributes:1']);
      const watched = client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles');
      assert.deepEqual(watched?.registerOptions, { watchers: [{ globPattern: '**/tagtree.json' }, { globPattern: '**/package.json' }] });
      write('tagtree.json', JSON.stringify({ rules: { 'duplicate-id': 'warning' } }));
      const next = client.waitForDiagnostics(uri('a.html'), (p) => p.diagnostics.length === 2);
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('tagtree.json'), type: 2 }] });
      assert.deepEqual(summary((await next).diagnostics), ['end-tag-with-attributes:1', 'duplicate-id:2']);
    } finally {
      await client.stop();
    }
  });

  it('says once that a broken tagtree.json is left out, and goes on with the editor settings', async () => {
    write('tagtree.json', '{ "overrides": [{ "files": ["a/[b"] }] }');
    const client = await LspClient.start({ capabilities, rootUri: pathToFileURL(dir).href });
    const warnings: string[] = [];
    client.connection.onNotification('window/showMessage', (p: { message: string }) => {
      warnings.push(p.message);
    });
    try {
      assert.deepEqual(summary((await client.open(uri('a.html'), PAGE)).diagnostics), ['end-tag-with-attributes:1', 'duplicate-id:1']);
      assert.deepEqual(summary((await client.open(uri('b.html'), PAGE)).diagnostics), ['end-tag-with-attributes:1', 'duplicate-id:1']);
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0], /tagtree\.json: overrides\[0\]: "files": bad pattern "a\/\[b"/);
      assert.ok(client.alive);
    } finally {
      await client.stop();
    }
  });

  it('follows tagtree-disable comments, and reports an unused one as a warning', async () => {
    const client = await LspClient.start();
    try {
      const text = '<!DOCTYPE html>\n<!-- tagtree-disable-next-line duplicate-id -->\n<p id=a><p id=a>\n<!-- tagtree-disable end-tag-with-attributes -->\n';
      const d = await client.open('file:///x/inline.html', text);
      assert.deepEqual(summary(d.diagnostics), ['unused-disable-directive:2']);
      assert.equal(d.diagnostics[0].range.start.line, 3);
      assert.equal(d.diagnostics[0].message, 'Unused tagtree-disable: no end-tag-with-attributes after it to suppress');
      // Typing the end tag the directive is for makes it used.
      const next = client.waitForDiagnostics('file:///x/inline.html', (p) => p.version === 2);
      await client.change('file:///x/inline.html', 2, [{ range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } }, text: '</p x>\n' }]);
      assert.deepEqual(summary((await next).diagnostics), []);
    } finally {
      await client.stop();
    }
  });
});
