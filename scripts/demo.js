#!/usr/bin/env node
/**
 * `npm run demo`: TagTree's main job on the bundled sample. Starts the
 * language server (`tagtree-lsp --stdio`, as an editor would), opens
 * test-fixtures/sample.html, and prints what an editor shows: the
 * diagnostics, the outline of the real DOM, and the diagnostics again after
 * an edit (reparsed incrementally). Then the same file through the CLI
 * (`tagtree check`), as a CI job would run it.
 */
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const ROOT = resolve(__dirname, '..');
const SAMPLE = join(ROOT, 'test-fixtures', 'sample.html');
const text = readFileSync(SAMPLE, 'utf8');

const at = (p) => `${p.line + 1}:${p.character + 1}`;
const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

function printDiagnostics(diagnostics) {
  for (const d of diagnostics) {
    console.log(`  ${`${at(d.range.start)}-${at(d.range.end)}`.padEnd(12)} ${SEVERITY[d.severity].padEnd(7)} ${String(d.code).padEnd(44)} ${d.message}`);
  }
}

function printSymbols(symbols, depth = 0) {
  for (const s of symbols) {
    console.log(`  ${'  '.repeat(depth)}${s.name}${s.detail ? ` ${s.detail}` : ''}  (${at(s.range.start)}-${at(s.range.end)})`);
    printSymbols(s.children ?? [], depth + 1);
  }
}

async function main() {
  const child = spawn(process.execPath, [join(ROOT, 'server', 'out', 'main.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiting = new Map();
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    waiting.get(p.version)?.(p.diagnostics);
    waiting.delete(p.version);
  });
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => null));
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: true }, textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } },
  });
  await connection.sendNotification('initialized', {});
  const uri = 'file:///test-fixtures/sample.html';
  const diagnosticsOf = (version) => new Promise((r) => waiting.set(version, r));

  console.log(`$ tagtree-lsp --stdio   (opening test-fixtures/sample.html)\n`);
  const first = diagnosticsOf(1);
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'html', version: 1, text } });
  const d1 = await first;
  console.log(`Diagnostics (${d1.length}):`);
  printDiagnostics(d1);

  const symbols = await connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
  console.log('\nOutline (the DOM the parser built; "implied" marks elements without a start tag):');
  printSymbols(symbols);

  // Close the misnested <b>: insert </i> before </b> on line 7.
  const line = text.split('\n').findIndex((l) => l.includes('misnested</b>'));
  const character = text.split('\n')[line].indexOf('</b>');
  const second = diagnosticsOf(2);
  await connection.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: '</i>' }],
  });
  const d2 = await second;
  const how = await connection.sendRequest('tagtree/documentText', { textDocument: { uri } });
  console.log(`\nAfter inserting "</i>" at ${line + 1}:${character + 1} (reparsed ${how.parse === 'incremental' ? 'incrementally' : 'in full'}), diagnostics (${d2.length}):`);
  printDiagnostics(d2);

  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  connection.dispose();

  console.log('\n$ tagtree check test-fixtures/sample.html');
  const check = spawnSync(process.execPath, [join(ROOT, 'server', 'out', 'cli.js'), 'check', 'test-fixtures/sample.html'], { cwd: ROOT, encoding: 'utf8' });
  process.stdout.write(check.stdout + check.stderr);
  console.log(`(exit status ${check.status}: 1 means problems were found, as CI expects)`);
}

main().catch((e) => {
  console.error(`demo failed: ${e instanceof Error ? e.message : e}`);
  process.exit(2);
});
