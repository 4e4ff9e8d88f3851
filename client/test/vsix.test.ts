/**
 * What ships: `npm run package` builds the .vsix, the test unzips it, checks
 * the file list, and runs the bundled server from the unzipped folder (outside
 * the repository, so nothing resolves from its node_modules) over stdio and
 * over Node IPC, the transport the VS Code client uses.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { readManifest, REPO_ROOT, type Manifest } from './support/paths';
import { startServer } from './support/server';
import { withTimeout } from './support/timeout';
import { expectedFileName, packageExtension } from './support/vsix';
import type { ZipEntry } from './support/zip';

/** Every file in the .vsix, sorted. vsce adds the first two and renames README, CHANGELOG and LICENSE. */
const EXPECTED_FILES = [
  '[Content_Types].xml',
  'extension.vsixmanifest',
  'extension/LICENSE.txt',
  'extension/changelog.md',
  'extension/client/out/extension.js',
  'extension/images/icon.png',
  'extension/language-configuration.json',
  'extension/package.json',
  'extension/readme.md',
  'extension/schema/tagtree.schema.json',
  'extension/server/out/server.js',
  'extension/syntaxes/html5lib-dat.tmLanguage.json',
  'extension/syntaxes/tagtree-tree.tmLanguage.json',
];

const MAX_VSIX_BYTES = 1024 * 1024;

/** The module names a bundle passes to require(). */
function requiredModules(bundle: string): Set<string> {
  return new Set([...bundle.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]));
}

function isBuiltin(name: string): boolean {
  return builtinModules.includes(name.replace(/^node:/, ''));
}

describe('the .vsix (npm run package)', function () {
  this.timeout(120_000);
  const manifest: Manifest = readManifest();
  let vsix: Buffer;
  let entries: ZipEntry[];
  let extensionDir: string;

  before(() => {
    const packaged = packageExtension();
    ({ vsix, entries, extensionDir } = packaged);
    assert.equal(packaged.fileName, expectedFileName(), 'npm run dist names the file <name>-<version>.vsix');
  });

  const file = (name: string) => {
    const entry = entries.find((e) => e.name === name);
    assert.ok(entry, `${name} is in the .vsix`);
    return entry.data;
  };

  it('holds exactly the expected files', () => {
    assert.deepEqual(entries.map((e) => e.name).sort(), EXPECTED_FILES);
  });

  it('is under 1 MB and holds no node_modules', () => {
    assert.ok(vsix.length < MAX_VSIX_BYTES, `${vsix.length} bytes`);
    assert.equal(entries.filter((e) => e.name.includes('node_modules')).length, 0);
  });

  it('ships the manifest as written, and every file the manifest names', () => {
    assert.deepEqual(JSON.parse(file('extension/package.json').toString('utf8')), manifest);
    const named = [
      manifest.main,
      manifest.icon,
      ...manifest.contributes.grammars.map((g) => g.path),
      ...manifest.contributes.languages.flatMap((l) => (l.configuration === undefined ? [] : [l.configuration])),
      ...(manifest.contributes.jsonValidation ?? []).map((v) => v.url),
    ];
    for (const path of named) file(`extension/${path.replace(/^\.\//, '')}`);
  });

  it('ships docs/extension.md as the README, and the changelog, license and icon as they are in the repository', () => {
    // docs/extension.md uses only absolute links (and links within itself), so vsce has nothing to rewrite
    // and nothing points at a file the .vsix does not hold.
    const readme = file('extension/readme.md').toString('utf8');
    assert.equal(readme, readFileSync(join(REPO_ROOT, 'docs', 'extension.md'), 'utf8'));
    for (const [, target] of readme.matchAll(/\]\(([^)\s]+)\)/g)) assert.match(target, /^(https:\/\/|#)/, target);
    assert.deepEqual(file('extension/changelog.md'), readFileSync(join(REPO_ROOT, 'CHANGELOG.md')));
    assert.deepEqual(file('extension/LICENSE.txt'), readFileSync(join(REPO_ROOT, 'LICENSE')));
    assert.deepEqual(file('extension/images/icon.png'), readFileSync(join(REPO_ROOT, 'images', 'icon.png')));
  });

  it('ships a 128x128 PNG icon', () => {
    const png = file('extension/images/icon.png');
    assert.equal(png.toString('latin1', 1, 4), 'PNG');
    assert.equal(png.toString('latin1', 12, 16), 'IHDR');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
  });

  it('ships bundles that require only vscode (client) and Node built-ins', () => {
    const client = [...requiredModules(file('extension/client/out/extension.js').toString('utf8'))];
    assert.ok(client.includes('vscode'), 'the client bundle requires vscode');
    assert.deepEqual(client.filter((m) => m !== 'vscode' && !isBuiltin(m)), []);
    const server = [...requiredModules(file('extension/server/out/server.js').toString('utf8'))];
    assert.deepEqual(server.filter((m) => !isBuiltin(m)), []);
  });

  for (const transport of ['--stdio', '--node-ipc'] as const) {
    it(`starts the bundled server with ${transport}: initialize, didOpen, diagnostics, shutdown`, async () => {
      const server = startServer(join(extensionDir, 'server', 'out', 'server.js'), transport, extensionDir);
      try {
        const samplePath = join(REPO_ROOT, 'test-fixtures', 'sample.html');
        const uri = pathToFileURL(samplePath).href;
        const published = new Promise<PublishDiagnosticsParams>((resolve) => {
          server.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
            if (p.uri === uri) resolve(p);
          });
        });
        const init = await withTimeout(
          server.connection.sendRequest('initialize', {
            processId: process.pid,
            rootUri: null,
            clientInfo: { name: 'tagtree-vsix-test' },
            capabilities: {
              textDocument: { publishDiagnostics: { versionSupport: true, codeDescriptionSupport: true } },
              workspace: { configuration: true },
            },
          }) as Promise<{ capabilities: Record<string, unknown>; serverInfo?: { name: string } }>,
          10_000,
          'the initialize result',
        );
        assert.equal(init.serverInfo?.name, 'tagtree-lsp');
        assert.ok(init.capabilities.textDocumentSync, 'the server syncs documents');
        await server.connection.sendNotification('initialized', {});
        await server.connection.sendNotification('textDocument/didOpen', {
          textDocument: { uri, languageId: 'html', version: 1, text: readFileSync(samplePath, 'utf8') },
        });
        const diagnostics = await withTimeout(published, 10_000, 'diagnostics for sample.html');
        assert.equal(diagnostics.version, 1);
        // The sample's tokenizer errors, each over its source (the character
        // reference, the repeated attribute); tree-construction errors may come beside them.
        const at = (p: { line: number; character: number }) => `${p.line + 1}:${p.character + 1}`;
        const found = diagnostics.diagnostics.map((d) => `${at(d.range.start)}-${at(d.range.end)} ${String(d.code)} ${d.source}`);
        for (const expected of [
          '7:9-7:13 missing-semicolon-after-character-reference tagtree',
          '7:20-7:24 missing-semicolon-after-character-reference tagtree',
          '8:26-8:33 duplicate-attribute tagtree',
        ]) {
          assert.ok(found.includes(expected), `expected ${expected} among\n${found.join('\n')}`);
        }
        await withTimeout(server.connection.sendRequest('shutdown'), 10_000, 'the shutdown result');
        await server.connection.sendNotification('exit');
        assert.equal(await withTimeout(server.exited, 10_000, 'the server to exit'), 0, server.stderr.join(''));
      } finally {
        server.connection.dispose();
        server.child.kill();
      }
    });
  }

  it('answers tagtree/parseTree from the bundled server with the html5lib tree of the open document', async () => {
    const server = startServer(join(extensionDir, 'server', 'out', 'server.js'), '--stdio', extensionDir);
    try {
      const uri = 'file:///vsix-test/tree.html';
      await withTimeout(server.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} }), 10_000, 'initialize');
      await server.connection.sendNotification('initialized', {});
      await server.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'html', version: 3, text: '<!DOCTYPE html><title>T</title><p class=a>One' },
      });
      const result = await withTimeout(
        server.connection.sendRequest('tagtree/parseTree', { textDocument: { uri } }) as Promise<{ uri: string; version: number; tree: string } | null>,
        10_000,
        'the parse tree',
      );
      assert.ok(result !== null, 'a tree for an open document');
      assert.equal(result.uri, uri);
      assert.equal(result.version, 3);
      const lines = result.tree.replace(/\n$/, '').split('\n').map((l) => l.replace(/^\| /, ''));
      assert.deepEqual(lines, ['<!DOCTYPE html>', '<html>', '  <head>', '    <title>', '      "T"', '  <body>', '    <p>', '      class="a"', '      "One"']);
      const unknown = await server.connection.sendRequest('tagtree/parseTree', { textDocument: { uri: 'file:///vsix-test/not-open.html' } });
      assert.equal(unknown, null);
    } finally {
      server.connection.dispose();
      server.child.kill();
    }
  });
});
