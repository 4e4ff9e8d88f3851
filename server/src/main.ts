#!/usr/bin/env node
/**
 * `tagtree-lsp`: the language server's entry point. It only creates the
 * connection for the transport on the command line and calls `startServer`.
 *
 *   tagtree-lsp --stdio        JSON-RPC over standard input and output (Neovim, Emacs, Helix…)
 *   tagtree-lsp --node-ipc     Node IPC (the VS Code client)
 *   tagtree-lsp --socket=PORT  a TCP socket
 */
import { setFlagsFromString } from 'node:v8';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startIdleCollector } from './idle-collector';
import { startServer } from './language-server';

const USAGE = 'Usage: tagtree-lsp --stdio | --node-ipc | --socket=PORT | --pipe=NAME';
const args = process.argv.slice(2);

if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(`${USAGE}\n`);
} else if (args.includes('--version') || args.includes('-v')) {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  process.stdout.write(`${(require('../package.json') as { version: string }).version}\n`);
} else if (!args.some((a) => a === '--stdio' || a === '--node-ipc' || a.startsWith('--socket') || a.startsWith('--pipe'))) {
  process.stderr.write(`tagtree-lsp: no transport given\n${USAGE}\n`);
  process.exitCode = 2;
} else {
  // V8 lets its heap grow to up to four times what is live before its next
  // full collection, and keeps what it grew: after 2,000 keystrokes into a
  // 7 MB page (a parse of about 100 MB) the server held 560 MB of heap of
  // which 150 MB was live. It may grow by a quarter of what is live instead.
  setFlagsFromString('--heap-growing-percent=25');
  const connection = createConnection(ProposedFeatures.all);
  // The server keeps serving whatever one failure does; the failure goes to the client's log.
  process.on('uncaughtException', (e) => connection.console.error(`uncaught exception: ${e?.stack ?? String(e)}`));
  process.on('unhandledRejection', (e) => connection.console.error(`unhandled rejection: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
  const faults = new Set((process.env.TAGTREE_LSP_FAULTS ?? '').split(',').filter((f) => f !== ''));
  // TAGTREE_SLOW_PARSE_MS: trace parses slower than this (the default 20 ms; -1 traces every parse).
  const slowParseMs = process.env.TAGTREE_SLOW_PARSE_MS ? Number(process.env.TAGTREE_SLOW_PARSE_MS) : NaN;
  startServer(connection, { faults, slowParseMs: Number.isFinite(slowParseMs) ? slowParseMs : undefined });
  // A compacting collection when the editor goes idle after the heap grew (TAGTREE_IDLE_GC=off: none).
  if (process.env.TAGTREE_IDLE_GC !== 'off') {
    const mb = (bytes: number): string => (bytes / (1 << 20)).toFixed(0);
    startIdleCollector((c) =>
      connection.console.log(`idle collection: V8 heap ${mb(c.committedBefore)} -> ${mb(c.committedAfter)} MB committed, ${mb(c.usedAfter)} MB live, ${c.ms.toFixed(0)} ms`),
    );
  }
}
