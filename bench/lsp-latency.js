#!/usr/bin/env node
/**
 * Latency of the language server as an editor sees it: the real server
 * process over stdio, one document open, N random one-character edits (seeded),
 * and for each the time from sending didChange to receiving the
 * publishDiagnostics of that version. Printed beside the time a full parse of
 * the same text takes in-process, and with the server's peak RSS.
 *
 *   node bench/lsp-latency.js [--edits 200] [--seed 1] [--file PATH]...
 *
 * Without --file: a 1 MB document (the first 10^6 bytes of the largest corpus
 * file, cut at a line end) and the largest file in ../shared/corpus/a-big
 * (or $TAGTREE_CORPUS/a-big). Run `npm run build` first. SERVER_FLAGS passes
 * flags to the server's node (for example "--max-old-space-size=768" to see how
 * much of the peak RSS is garbage not yet collected).
 */
'use strict';
const { spawn } = require('node:child_process');
const { readFileSync, readdirSync, statSync } = require('node:fs');
const { join, resolve, basename } = require('node:path');
const { performance } = require('node:perf_hooks');
const { parseArgs } = require('node:util');
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const ROOT = resolve(__dirname, '..');
const SERVER = join(ROOT, 'server', 'out', 'main.js');
const { parseDocument } = require(join(ROOT, 'server', 'out', 'document-parse.js'));
// The tests' seeded PRNG, line model and data resolver (built by `npm run build`).
const { seededRandom } = require('../server/parser/out-test/support/random.js');
const { lineStarts, positionAt } = require('../server/parser/out-test/support/text-model.js');
const { corpus } = require('../server/parser/out-test/support/shared-data.js');

const { values } =
  require.main === module
    ? parseArgs({
        options: {
          edits: { type: 'string', default: '200' },
          seed: { type: 'string', default: '1' },
          file: { type: 'string', multiple: true },
        },
      })
    : { values: {} };
const EDITS = Math.max(1, Number(values.edits) || 200);


function corpusBig() {
  try {
    const dir = corpus('a-big');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.html'))
      .map((f) => join(dir, f))
      .sort((a, b) => statSync(b).size - statSync(a).size);
  } catch (e) {
    console.error(`lsp-latency: ${e.message} (or pass --file)`);
    process.exit(2);
  }
}

function documents() {
  if (values.file && values.file.length > 0) return values.file.map((f) => ({ name: basename(f), text: readFileSync(f, 'utf8') }));
  const [largest] = corpusBig();
  const text = readFileSync(largest, 'utf8');
  let cut = Buffer.from(text, 'utf8').subarray(0, 1_000_000).toString('utf8').length;
  const eol = text.indexOf('\n', cut);
  cut = eol < 0 ? text.length : eol + 1;
  return [
    { name: `1 MB (first 10^6 bytes of ${basename(largest)})`, text: text.slice(0, cut) },
    { name: basename(largest), text },
  ];
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function fullParseMs(text) {
  parseDocument(text, 1, { scripting: true }); // warm up the JIT
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    parseDocument(text, 1, { scripting: true });
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** Peak resident set size of a process in MB (Linux: VmHWM), or null. */
function peakRssMb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}


/**
 * The edits of the CLI run: seeded random one-character insertions and
 * deletions anywhere, never splitting a CRLF or a surrogate pair.
 */
function randomEdits(text, seed, count) {
  const rng = seededRandom(seed);
  const edits = [];
  for (let i = 0; i < count; i++) {
    const offset = Math.floor(rng() * text.length);
    const insert = rng() < 0.5 || text.length === 0;
    const ch = 'abcdefgh <>&/="'[Math.floor(rng() * 15)];
    let at = offset;
    while (at > 0 && (text.charCodeAt(at - 1) === 13 || (text.charCodeAt(at) >= 0xdc00 && text.charCodeAt(at) <= 0xdfff))) at--;
    if (insert) {
      edits.push({ at, deleteCount: 0, insertText: ch });
      text = text.slice(0, at) + ch + text.slice(at);
    } else {
      const c = text.charCodeAt(at);
      const deleteCount = c === 13 || c === 10 || (c >= 0xd800 && c <= 0xdbff) ? 0 : 1; // keep line breaks and pairs whole
      edits.push({ at, deleteCount, insertText: '' });
      text = text.slice(0, at) + text.slice(at + deleteCount);
    }
  }
  return edits;
}

/**
 * Opens `doc` in a fresh server process and sends `edits` ({ at, deleteCount,
 * insertText }, each on the text the previous ones left) one didChange at a
 * time; for each, the time until the diagnostics of that version arrive.
 * `timed(i)` says which edits count (all by default).
 */
async function measure(doc, edits, timed = () => true) {
  const child = spawn(process.execPath, [...(process.env.SERVER_FLAGS ? process.env.SERVER_FLAGS.split(' ') : []), SERVER, '--stdio'], { stdio: 'pipe' });
  child.stderr.resume();
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiting = new Map();
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    const w = waiting.get(p.version);
    if (w) {
      waiting.delete(p.version);
      w(p);
    }
  });
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => null));
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { workspace: { configuration: true } } });
  await connection.sendNotification('initialized', {});
  const uri = 'file:///bench/doc.html';
  const published = (version) => new Promise((r) => waiting.set(version, r));

  const openedAt = performance.now();
  const first = published(1);
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'html', version: 1, text: doc.text } });
  const firstDiagnostics = await first;
  const openMs = performance.now() - openedAt;

  let text = doc.text;
  let starts = lineStarts(text);
  const latencies = [];
  for (const [i, edit] of edits.entries()) {
    const version = i + 2;
    const range = { start: positionAt(starts, edit.at), end: positionAt(starts, edit.at + edit.deleteCount) };
    text = text.slice(0, edit.at) + edit.insertText + text.slice(edit.at + edit.deleteCount);
    const done = published(version);
    const t0 = performance.now();
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, text: edit.insertText }] });
    await done;
    if (timed(i)) latencies.push(performance.now() - t0);
    // One-character edits that add or remove no line break leave the line starts after the line moved by one.
    if (/[\r\n]/.test(edit.insertText) || edit.deleteCount > 0) starts = lineStarts(text);
    else if (edit.insertText.length > 0) for (let k = range.start.line + 1; k < starts.length; k++) starts[k] += edit.insertText.length;
  }
  const serverText = await connection.sendRequest('tagtree/documentText', { textDocument: { uri } });
  if (serverText.text !== text) throw new Error('the server text differs from the client text');
  const rss = peakRssMb(child.pid);
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  connection.dispose();
  latencies.sort((a, b) => a - b);
  return {
    openMs,
    diagnostics: firstDiagnostics.diagnostics.length,
    median: median(latencies),
    p95: percentile(latencies, 95),
    max: latencies[latencies.length - 1],
    rss,
  };
}

module.exports = { measure, fullParseMs, percentile, median };

if (require.main === module) (async () => {
  const seed = Number(values.seed) || 1;
  console.log(`tagtree-lsp latency: ${EDITS} random one-character edits per document, didChange -> publishDiagnostics, seed ${seed}`);
  console.log(`node ${process.version}, ${process.platform} ${process.arch}\n`);
  const rows = [];
  for (const doc of documents()) {
    const parse = fullParseMs(doc.text);
    const r = await measure(doc, randomEdits(doc.text, seed, EDITS));
    rows.push({
      document: doc.name,
      size: `${(Buffer.byteLength(doc.text, 'utf8') / 1e6).toFixed(2)} MB`,
      'full parse (in-process, median of 5)': `${parse.toFixed(1)} ms`,
      'open -> first publish': `${r.openMs.toFixed(0)} ms`,
      diagnostics: r.diagnostics,
      'edit latency median': `${r.median.toFixed(1)} ms`,
      p95: `${r.p95.toFixed(1)} ms`,
      max: `${r.max.toFixed(1)} ms`,
      'server peak RSS': r.rss === null ? 'n/a' : `${r.rss.toFixed(0)} MB`,
    });
  }
  for (const row of rows) {
    console.log(row.document);
    for (const [k, v] of Object.entries(row)) if (k !== 'document') console.log(`  ${k.padEnd(40)} ${v}`);
    console.log('');
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
