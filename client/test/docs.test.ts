/**
 * docs/extension.md (the extension's README in the .vsix) shows real output.
 * Each `<!-- output: NAME -->` marker is followed by a fenced block or a
 * quote. The test renders the same blocks from the bundled server running on
 * test-fixtures/sample.html, and compares them. `UPDATE_SNAPSHOTS=1` rewrites
 * the blocks in the README; review the diff. The settings table must list
 * every setting in package.json with its default.
 */
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, DocumentSymbol, Hover, MarkupContent, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { readManifest, REPO_ROOT } from './support/paths';
import { startServer, type ServerSession } from './support/server';
import { withTimeout } from './support/timeout';
import { packageExtension } from './support/vsix';

const README = join(REPO_ROOT, 'docs', 'extension.md');
const SAMPLE = join(REPO_ROOT, 'test-fixtures', 'sample.html');

const ICONS = ['', '⊗', '⚠', 'ⓘ', '…'];

/** The Problems panel's layout: message, source(code), position; related information indented. */
function renderDiagnostics(diagnostics: Diagnostic[]): string {
  const at = (p: { line: number; character: number }) => `[Ln ${p.line + 1}, Col ${p.character + 1}]`;
  const lines = ['sample.html'];
  for (const d of diagnostics) {
    lines.push(`  ${ICONS[d.severity ?? 1]} ${d.message}  ${d.source}(${String(d.code)})  ${at(d.range.start)}`);
    for (const r of d.relatedInformation ?? []) lines.push(`      ${r.message}  ${at(r.location.range.start)}`);
  }
  return lines.join('\n');
}

/** The Outline view: one symbol a line, its detail beside it. */
function renderOutline(symbols: DocumentSymbol[]): string {
  const lines: string[] = [];
  const walk = (list: DocumentSymbol[], depth: number) => {
    for (const s of list) {
      lines.push(`${'  '.repeat(depth)}${s.name}${s.detail ? `  ${s.detail}` : ''}`);
      walk(s.children ?? [], depth + 1);
    }
  };
  walk(symbols, 0);
  return lines.join('\n');
}

/** The block after `<!-- output: name -->`: a fenced block's body, or a quote's lines without "> ". */
function findBlock(markdown: string, name: string): { start: number; end: number; body: string; quote: boolean } {
  const marker = `<!-- output: ${name} -->\n`;
  const at = markdown.indexOf(marker);
  assert.ok(at >= 0, `docs/extension.md has a ${marker.trim()} marker`);
  const start = at + marker.length;
  if (markdown.startsWith('```', start)) {
    const bodyStart = markdown.indexOf('\n', start) + 1;
    const close = markdown.indexOf('\n```\n', bodyStart - 1);
    assert.ok(close >= 0, `the ${name} block is closed`);
    return { start: bodyStart, end: close, body: markdown.slice(bodyStart, close), quote: false };
  }
  const lines: string[] = [];
  let end = start;
  for (const line of markdown.slice(start).split('\n')) {
    if (!line.startsWith('>')) break;
    lines.push(line.replace(/^> ?/, ''));
    end += line.length + 1;
  }
  assert.ok(lines.length > 0, `the ${name} block is a fenced block or a quote`);
  return { start, end: end - 1, body: lines.join('\n'), quote: true };
}

describe('docs/extension.md shows real output', function () {
  this.timeout(60_000);
  const sampleText = readFileSync(SAMPLE, 'utf8');
  const uri = pathToFileURL(SAMPLE).href;
  const actual = new Map<string, string>();
  let server: ServerSession;

  before(async () => {
    const { extensionDir } = packageExtension();
    server = startServer(join(extensionDir, 'server', 'out', 'server.js'), '--stdio', extensionDir);
    const c = server.connection;
    const published = new Promise<PublishDiagnosticsParams>((resolve) => {
      c.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
        if (p.uri === uri) resolve(p);
      });
    });
    await withTimeout(
      c.sendRequest('initialize', {
        processId: process.pid,
        rootUri: null,
        capabilities: {
          workspace: { configuration: true },
          textDocument: {
            publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true },
            documentSymbol: { hierarchicalDocumentSymbolSupport: true },
            hover: { contentFormat: ['markdown', 'plaintext'] },
          },
        },
      }),
      10_000,
      'initialize',
    );
    await c.sendNotification('initialized', {});
    await c.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'html', version: 1, text: sampleText } });
    const diagnostics = await withTimeout(published, 10_000, 'diagnostics');
    const symbols = (await c.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as DocumentSymbol[];
    // The first <li>, on line 5.
    const hover = (await c.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 4, character: 3 } })) as Hover;
    const tree = (await c.sendRequest('tagtree/parseTree', { textDocument: { uri } })) as { tree: string };
    actual.set('sample', sampleText.replace(/\n$/, ''));
    actual.set('diagnostics', renderDiagnostics(diagnostics.diagnostics));
    actual.set('outline', renderOutline(symbols));
    actual.set('hover', (hover.contents as MarkupContent).value);
    actual.set('tree', tree.tree.replace(/\n$/, ''));
  });

  after(() => {
    server?.connection.dispose();
    server?.child.kill();
  });

  it('shows the server\'s diagnostics, outline, hover and parse tree for the sample', () => {
    let markdown = readFileSync(README, 'utf8');
    if (process.env.UPDATE_SNAPSHOTS === '1') {
      for (const [name, text] of actual) {
        const block = findBlock(markdown, name);
        const body = block.quote ? text.split('\n').map((l) => (l === '' ? '>' : `> ${l}`)).join('\n') : text;
        markdown = markdown.slice(0, block.start) + body + markdown.slice(block.end);
      }
      writeFileSync(README, markdown);
    }
    for (const [name, text] of actual) assert.equal(findBlock(markdown, name).body, text, `the ${name} block`);
  });

  it('lists every setting with its default', () => {
    const markdown = readFileSync(README, 'utf8');
    for (const [key, p] of Object.entries(readManifest().contributes.configuration.properties)) {
      assert.ok(markdown.includes(`| \`${key}\` | \`${JSON.stringify(p.default)}\` |`), `a row for ${key} with its default ${JSON.stringify(p.default)}`);
    }
  });

  it('names every command by its title', () => {
    const markdown = readFileSync(README, 'utf8');
    for (const c of readManifest().contributes.commands) assert.ok(markdown.includes(`**${c.category}: ${c.title}**`), c.command);
  });
});
