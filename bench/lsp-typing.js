#!/usr/bin/env node
/**
 * What a user meets typing into a big page, through the real language server
 * (server/out/main.js --stdio, as an editor starts it), on each page of
 * ../shared/corpus/a-big (or $TAGTREE_CORPUS/a-big):
 *
 * - 300 random one-character edits (seeded), one at a time: didChange ->
 *   publishDiagnostics of that version;
 * - typing a paragraph of markup (tags, attributes, quotes, a character
 *   reference) character by character inside a <p> in the middle of the body,
 *   one didChange per character, each waiting for its diagnostics;
 * - a burst of 500 keystrokes 20 ms apart: from the last key to the
 *   diagnostics of the last version;
 * - documentSymbol and foldingRange while typing goes on (a key every 30 ms);
 * - the server's RSS after 2,000 keystrokes, next to the retained heap of a
 *   parse of the same page (measured in a fresh process, bench/memory-child.js);
 * - as VS Code asks: diagnostics pulled after each change (a "<" that adds
 *   an error and its deletion, then a letter that changes none), the report's
 *   kind, the outline asked after it, and the refreshes the server asks for.
 *
 * Each figure is printed next to its target (issue 16). The server counts
 * its parses (`tagtree/stats`): how many reparses the parser turned into a
 * full parse, so the parser's share of a slow edit can be told from the server's.
 *
 *   node bench/lsp-typing.js [--edits 300] [--burst 500] [--keys 2000] [--pulls 20] [--seed 1] [--file PATH]... [--heap-snapshot DIR] [--memory] [--idle 5] [--explain]
 *
 * `--explain`: after the table, every keystroke of steps 1 and 2 over 20 ms
 * with why its reparse went on (the server's explanation of its last parse:
 * the sync refusals, with the characters each cost), and the refusals
 * counted over every keystroke of the run.
 *
 * `--idle S`: the RSS is read again S seconds after the last key (5).
 *
 * `--memory`: only the memory figures: the same keystrokes as steps 1 to 5
 * (so the same RSS), then the retained parse; no latency rows and no pulled
 * diagnostics run (step 6). About 2 minutes a page here.
 *
 * `--heap-snapshot DIR`: after the RSS figures, the server writes a heap
 * snapshot into DIR (Node's --heapsnapshot-signal; it collects garbage
 * first, so it holds only what is live), to see where the memory goes.
 *
 * Run `npm run build` first. `npm run bench -- --only lsp` runs this alone.
 */
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const { readFileSync, readdirSync, statSync } = require('node:fs');
const { join, resolve, basename } = require('node:path');
const { performance } = require('node:perf_hooks');
const { parseArgs } = require('node:util');
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');
// The tests' seeded PRNG, line model and data resolver (built by `npm run build`).
const { seededRandom } = require('../server/parser/out-test/support/random.js');
const { lineStarts, positionAt } = require('../server/parser/out-test/support/text-model.js');
const { corpus } = require('../server/parser/out-test/support/shared-data.js');

const ROOT = resolve(__dirname, '..');
const SERVER = join(ROOT, 'server', 'out', 'main.js');

const TARGETS = {
  p50: 5,
  p95: 20,
  max: 200,
  burst: 100,
  request: 500,
  rssRatio: 2.5,
};


function corpusBig() {
  try {
    const dir = corpus('a-big');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.html'))
      .sort()
      .map((f) => join(dir, f));
  } catch (e) {
    console.error(`lsp-typing: ${e.message} (or pass --file)`);
    process.exit(2);
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), max: s[s.length - 1] };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The client's copy of the text with LSP line arithmetic (CRLF, CR, LF), kept incrementally by line. */
class ClientText {
  constructor(text) {
    this.whole = text;
    /** Edits not yet applied to `whole`: applied when the text is read (slicing a string built by concatenation copies it whole). */
    this.pending = [];
    this.starts = lineStarts(text);
  }

  get text() {
    for (const [at, deleteCount, insertText] of this.pending) this.whole = this.whole.slice(0, at) + insertText + this.whole.slice(at + deleteCount);
    this.pending = [];
    return this.whole;
  }

  positionAt(offset) {
    return positionAt(this.starts, offset);
  }

  /** Applies a one-character (or empty) edit that neither adds nor removes a line break; returns its LSP change. */
  edit(at, deleteCount, insertText) {
    const range = { start: this.positionAt(at), end: this.positionAt(at + deleteCount) };
    this.pending.push([at, deleteCount, insertText]);
    const d = insertText.length - deleteCount;
    if (d !== 0) for (let k = range.start.line + 1; k < this.starts.length; k++) this.starts[k] += d;
    return { range, text: insertText };
  }
}

/** A seeded random one-character insertion or deletion in `text`: never of a line break, never inside a CRLF or a surrogate pair. */
function randomEdit(rng, text) {
  let offset = Math.floor(rng() * text.length);
  const at = (i) => text.charCodeAt(i);
  while (offset > 0 && (at(offset - 1) === 13 || (at(offset) >= 0xdc00 && at(offset) <= 0xdfff))) offset--;
  const ch = 'abcdefgh <>&/="'[Math.floor(rng() * 15)];
  const c = at(offset);
  const insert = rng() < 0.5;
  if (insert || offset >= text.length || c === 13 || c === 10 || (c >= 0xd800 && c <= 0xdfff)) return { at: offset, deleteCount: 0, insertText: ch };
  return { at: offset, deleteCount: 1, insertText: '' };
}

/** The paragraph typed in the markup run and the burst. */
const PARAGRAPH =
  'See <a href="https://example.org/docs?a=1&amp;b=2" title=\'the "docs"\'>the docs</a>, ' +
  '<em class="note">typed</em> <code>&lt;p&gt;</code> by hand. ';

/** A typical place to type: just after the `>` of a `<p>` start tag near the middle of the text. */
function typingSpot(text) {
  const re = /<p[\s>]/gi;
  re.lastIndex = Math.floor(text.length / 2);
  let m = re.exec(text);
  if (m === null) {
    re.lastIndex = 0;
    m = re.exec(text);
  }
  const from = m === null ? Math.floor(text.length / 2) : m.index;
  const gt = text.indexOf('>', from);
  return gt < 0 ? from : gt + 1;
}

class Server {
  /** `pull`: the client pulls diagnostics (textDocument/diagnostic) and takes refreshes, as VS Code's does; `snapshotDir`: see --heap-snapshot. */
  static async start({ pull = false, snapshotDir = null } = {}) {
    const s = new Server();
    s.refreshes = 0;
    const flags = process.env.SERVER_FLAGS ? process.env.SERVER_FLAGS.split(' ') : [];
    if (snapshotDir !== null) flags.push('--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`);
    s.child = spawn(process.execPath, [...flags, SERVER, '--stdio'], { stdio: 'pipe' });
    s.child.stderr.resume();
    s.connection = createProtocolConnection(new StreamMessageReader(s.child.stdout), new StreamMessageWriter(s.child.stdin));
    s.waiting = new Map();
    s.lastVersion = 0;
    s.publishes = 0;
    s.connection.onNotification('textDocument/publishDiagnostics', (p) => {
      s.publishes++;
      s.lastVersion = p.version;
      const w = s.waiting.get(p.version);
      if (w) {
        s.waiting.delete(p.version);
        w(performance.now());
      }
    });
    s.idleCollections = [];
    s.connection.onNotification('window/logMessage', (p) => {
      // The idle collector's report (server/src/idle-collector.ts).
      if (typeof p.message === 'string' && p.message.startsWith('idle collection:')) s.idleCollections.push(p.message);
    });
    s.connection.onRequest('workspace/configuration', (p) => p.items.map(() => null));
    s.connection.onRequest('workspace/diagnostic/refresh', () => {
      s.refreshes++;
      return null;
    });
    s.connection.listen();
    await s.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {
        workspace: { configuration: true, ...(pull ? { diagnostics: { refreshSupport: true } } : {}) },
        textDocument: {
          publishDiagnostics: { versionSupport: true },
          ...(pull ? { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } } : {}),
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          // VS Code's default.
          foldingRange: { rangeLimit: 5000, lineFoldingOnly: true },
        },
      },
    });
    await s.connection.sendNotification('initialized', {});
    s.uri = 'file:///bench/page.html';
    s.version = 1;
    return s;
  }

  /** Resolves with the time the diagnostics of `version` arrive. */
  published(version) {
    return new Promise((r) => this.waiting.set(version, r));
  }

  async open(text) {
    this.client = new ClientText(text);
    const done = this.published(1);
    const t0 = performance.now();
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: this.uri, languageId: 'html', version: 1, text } });
    return (await done) - t0;
  }

  /** Sends one edit; returns its version. */
  send(at, deleteCount, insertText) {
    return this.sendChange(this.client.edit(at, deleteCount, insertText));
  }

  /** Sends a change made by `this.client.edit` (the editor's own work, which the timed figures leave out). */
  sendChange(change) {
    const version = ++this.version;
    void this.connection.sendNotification('textDocument/didChange', { textDocument: { uri: this.uri, version }, contentChanges: [change] });
    return version;
  }

  /** Sends one edit and waits for its diagnostics; returns the latency in ms. */
  async edit(at, deleteCount, insertText) {
    const version = this.version + 1;
    const done = this.published(version);
    const change = this.client.edit(at, deleteCount, insertText);
    const t0 = performance.now();
    this.sendChange(change);
    return (await done) - t0;
  }

  request(method, params) {
    return this.connection.sendRequest(method, { textDocument: { uri: this.uri }, ...params });
  }

  stats() {
    return this.connection.sendRequest('tagtree/stats', {});
  }

  /** Resident set size now and at its peak, in MB (Linux /proc), or null. */
  rss() {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      const now = /VmRSS:\s+(\d+) kB/.exec(status);
      const peak = /VmHWM:\s+(\d+) kB/.exec(status);
      return { now: Number(now[1]) / 1024, peak: Number(peak[1]) / 1024 };
    } catch {
      return null;
    }
  }

  /** Samples the RSS every 50 ms until `stopSampling`; `sampledPeak` is the highest sample (MB). */
  startSampling() {
    this.sampledPeak = 0;
    this.sampler = setInterval(() => {
      const r = this.rss();
      if (r !== null && r.now > this.sampledPeak) this.sampledPeak = r.now;
    }, 50);
  }

  stopSampling() {
    clearInterval(this.sampler);
    const r = this.rss();
    if (r !== null && r.now > this.sampledPeak) this.sampledPeak = r.now;
    return this.sampledPeak;
  }

  /** Has the server write a heap snapshot into `dir` (after a full GC); resolves once it is written. */
  async heapSnapshot(dir) {
    const before = new Set(readdirSync(dir));
    this.child.kill('SIGUSR2');
    for (;;) {
      await sleep(500);
      const written = readdirSync(dir).filter((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
      if (written.length === 0) continue;
      const path = join(dir, written[0]);
      // Written when its size stops changing.
      const size = statSync(path).size;
      await sleep(1000);
      if (statSync(path).size !== size || size === 0) continue;
      console.error(`lsp-typing: heap snapshot ${path}`);
      return;
    }
  }

  async stop() {
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    this.connection.dispose();
  }
}

/**
 * 6. As VS Code asks (vscode-languageclient 11 pulls diagnostics after every
 * change, with the previous result id, and VS Code then asks for the outline):
 * at a space in a paragraph, a "<" typed and deleted again `keys` times (each
 * adds or removes one error), then a letter typed and deleted `keys` times
 * (changes no problem). For each change, the time to its pulled report and
 * the report's kind (full, or unchanged when no problem moved: VS Code then
 * leaves its Problems, and the Outline view it rebuilds on every change of
 * them, alone), and the outline asked after it; the refreshes the server asked
 * for meanwhile (each makes VS Code pull and set the diagnostics again).
 */
async function asVSCodeAsks(text, keys) {
  const server = await Server.start({ pull: true });
  server.client = new ClientText(text);
  const t0 = performance.now();
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: server.uri, languageId: 'html', version: 1, text } });
  let report = await server.request('textDocument/diagnostic', {});
  const openMs = performance.now() - t0;
  let resultId = report.resultId;
  // Wait for the exact attribute checks of the open (and their refresh) before typing.
  await sleep(1000);
  const refreshesBefore = server.refreshes;
  const spot = typingSpot(text);
  const lt = text.indexOf('<', spot);
  const space = text.indexOf(' ', spot);
  const at = space >= 0 && (lt < 0 || space < lt) ? space : spot;
  const run = async (insertText) => {
    const pulls = [];
    const symbols = [];
    const kinds = { full: 0, unchanged: 0 };
    for (let i = 0; i < keys * 2; i++) {
      const change = i % 2 === 0 ? server.client.edit(at, 0, insertText) : server.client.edit(at, insertText.length, '');
      const t = performance.now();
      server.sendChange(change);
      report = await server.request('textDocument/diagnostic', { previousResultId: resultId });
      pulls.push(performance.now() - t);
      kinds[report.kind]++;
      if (report.kind === 'full') resultId = report.resultId;
      const s = performance.now();
      await server.request('textDocument/documentSymbol', {});
      symbols.push(performance.now() - s);
      // VS Code's pace in the real-editor benchmark: a key, then a wait.
      await sleep(300);
    }
    return { pulls: stats(pulls), symbols: stats(symbols), kinds };
  };
  const errors = await run('<');
  const quiet = await run('x');
  await sleep(1000);
  const refreshes = server.refreshes - refreshesBefore;
  await server.stop();
  return { openMs, errors, quiet, refreshes };
}

function delta(before, after) {
  return { reparses: after.reparses - before.reparses, fallbacks: after.fallbacks - before.fallbacks, fullParses: after.fullParses - before.fullParses };
}

/** Retained heap of a parse of `file` (MB): heap used after GC with the parse held, minus before it, in a fresh process. */
function retainedParseMb(file) {
  const out = execFileSync(process.execPath, ['--expose-gc', join(__dirname, 'memory-child.js'), 'tagtree', file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out).retained / (1 << 20);
}

/**
 * Types `text` at `at`, one key every `intervalMs` (no waiting), and returns
 * the time from the last key to the diagnostics of the last version, and how
 * many publishes arrived meanwhile.
 */
async function typeBurst(server, at, text, intervalMs) {
  const publishesBefore = server.publishes;
  let lastSent = 0;
  let version = 0;
  const start = performance.now();
  for (let i = 0; i < text.length; i++) {
    // Keys on a fixed schedule: a late timer sends the keys it owes at once, as a buffered editor would.
    const due = start + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    version = server.send(at + i, 0, text[i]);
    lastSent = performance.now();
  }
  const done = server.lastVersion >= version ? lastSent : await server.published(version);
  return { afterLastKey: done - lastSent, publishes: server.publishes - publishesBefore };
}

/** documentSymbol and foldingRange latencies while a key is typed every 30 ms. */
async function whileTyping(server, at, rounds) {
  const symbols = [];
  const folds = [];
  let typing = true;
  let i = 0;
  const typist = (async () => {
    while (typing) {
      server.send(at + i, 0, PARAGRAPH[i % PARAGRAPH.length]);
      i++;
      await sleep(30);
    }
  })();
  let symbolCount = 0;
  let foldCount = 0;
  for (let r = 0; r < rounds; r++) {
    await sleep(150);
    let t0 = performance.now();
    const s = await server.request('textDocument/documentSymbol', {});
    symbols.push(performance.now() - t0);
    symbolCount = s.length;
    await sleep(150);
    t0 = performance.now();
    const f = await server.request('textDocument/foldingRange', {});
    folds.push(performance.now() - t0);
    foldCount = f.length;
  }
  typing = false;
  await typist;
  return { symbols: stats(symbols), folds: stats(folds), symbolCount, foldCount, keys: i };
}

async function benchPage(file, options) {
  const text = readFileSync(file, 'utf8');
  const server = await Server.start({ snapshotDir: options.heapSnapshot });
  const row = { page: basename(file), mb: Buffer.byteLength(text) / 1e6 };
  row.openMs = await server.open(text);
  let s0 = await server.stats();
  // The RSS once the page is open, and its highest sample while typing (VmHWM includes the open's full parse).
  row.rssOpen = server.rss();
  server.startSampling();

  // 1. Random one-character edits, one at a time.
  const randomTimes = [];
  const rng = seededRandom(options.seed);
  const randomParse = [];
  const explained = [];
  for (let i = 0; i < options.edits; i++) {
    const e = randomEdit(rng, server.client.text);
    randomTimes.push(await server.edit(e.at, e.deleteCount, e.insertText));
    // The parser's share (the server times its last parse; asked after the measurement).
    const after = await server.stats();
    randomParse.push(after.lastParseMs);
    if (options.explain) explainKey(explained, 'random edit', i, e, randomTimes[i], after);
  }
  row.random = stats(randomTimes);
  row.randomParse = stats(randomParse);
  let s1 = await server.stats();
  row.randomParses = delta(s0, s1);

  // 2. A paragraph of markup typed character by character, each key waiting for its diagnostics.
  const spot = typingSpot(server.client.text);
  const typing = [];
  const typingParse = [];
  for (let i = 0; i < PARAGRAPH.length; i++) {
    typing.push(await server.edit(spot + i, 0, PARAGRAPH[i]));
    const after = await server.stats();
    typingParse.push(after.lastParseMs);
    if (options.explain) explainKey(explained, 'typing', i, { at: spot + i, deleteCount: 0, insertText: PARAGRAPH[i] }, typing[i], after);
  }
  row.typing = stats(typing);
  row.typingParse = stats(typingParse);
  s0 = s1;
  s1 = await server.stats();
  row.typingParses = delta(s0, s1);

  // 3. A burst of keys 20 ms apart, further on in the same paragraph.
  const burstText = PARAGRAPH.repeat(Math.ceil(options.burst / PARAGRAPH.length)).slice(0, options.burst);
  const burstAt = spot + PARAGRAPH.length;
  row.burst = await typeBurst(server, burstAt, burstText, 20);
  s0 = s1;
  s1 = await server.stats();
  row.burstParses = delta(s0, s1);

  // 4. Outline and folding while typing goes on.
  row.requests = await whileTyping(server, burstAt + burstText.length, 5);
  s0 = s1;
  s1 = await server.stats();

  // 5. Keystrokes up to `options.keys` in all, 10 ms apart; then the server's RSS.
  const typed = options.edits + PARAGRAPH.length + options.burst + row.requests.keys;
  const rest = Math.max(0, options.keys - typed);
  const restText = PARAGRAPH.repeat(Math.ceil(rest / PARAGRAPH.length)).slice(0, rest);
  await typeBurst(server, typingSpot(server.client.text), restText, 10);
  await sleep(500);
  row.rssTypingPeak = server.stopSampling();
  row.rss = server.rss();
  row.heap = (await server.stats()).memory;
  // And once the server has been idle a while (V8 collects and returns memory lazily).
  await sleep(options.idle * 1000 - 500);
  row.rssIdle = server.rss();
  row.idle = options.idle;
  row.idleCollections = [...server.idleCollections];
  for (const m of row.idleCollections) process.stderr.write(`lsp-typing: ${row.page}: ${m}\n`);
  row.heapIdle = (await server.stats()).memory;
  if (options.heapSnapshot !== null) await server.heapSnapshot(options.heapSnapshot);
  row.keys = typed + rest;
  row.all = await server.stats();
  row.explained = explained;
  const serverText = await server.request('tagtree/documentText', {});
  if (serverText.text !== server.client.text) throw new Error(`${row.page}: the server's text differs from the client's`);
  await server.stop();
  row.retainedMb = retainedParseMb(file);
  if (!options.memory) row.vscode = await asVSCodeAsks(text, options.pulls);
  return row;
}

/** Past this many milliseconds, `--explain` prints why a keystroke's reparse went on. */
const EXPLAIN_OVER_MS = 20;

/** Keeps a keystroke over EXPLAIN_OVER_MS with the server's explanation of its parse (`tagtree/stats`). */
function explainKey(explained, step, index, edit, keyMs, stats) {
  if (keyMs <= EXPLAIN_OVER_MS) return;
  const why = stats.lastExplanation ?? (stats.lastFallback !== null ? `a full parse (${stats.lastFallback})` : 'a full parse');
  explained.push({ step, index, edit, keyMs, parseMs: stats.lastParseMs, why });
}

/** `--explain`: each keystroke over EXPLAIN_OVER_MS and why, the slowest first; then the sync refusals over the whole run, by reason. */
function printExplained(rows) {
  console.log(`\nKeystrokes over ${EXPLAIN_OVER_MS} ms (random edits and typing), the slowest first, with why the reparse went on:`);
  for (const row of rows) {
    const keys = [...row.explained].sort((x, y) => y.keyMs - x.keyMs);
    console.log(`\n${row.page}: ${keys.length} keystroke${keys.length === 1 ? '' : 's'} over ${EXPLAIN_OVER_MS} ms`);
    for (const k of keys) {
      const edit = `${k.edit.deleteCount > 0 ? `delete ${k.edit.deleteCount} ` : ''}${k.edit.insertText.length > 0 ? `insert ${JSON.stringify(k.edit.insertText)} ` : ''}at ${k.edit.at}`;
      console.log(`  ${ms(k.keyMs)} (parse ${ms(k.parseMs)}), ${k.step} #${k.index}, ${edit}: ${k.why}`);
    }
  }
  console.log('\nSync refusals over every keystroke of the run (old checkpoints passed, characters reparsed for them):');
  const reasons = [...new Set(rows.flatMap((row) => Object.keys(row.all.refusals ?? {})))].sort();
  for (const reason of reasons) {
    const cells = rows.map((row) => {
      const total = (row.all.refusals ?? {})[reason];
      return total === undefined ? '-' : `${total.count} (${total.bytes.toLocaleString('en-US')} chars)`;
    });
    console.log(`  ${reason.padEnd(28)} ${cells.join(' | ')}`);
  }
  console.log(`  ${'(pages)'.padEnd(28)} ${rows.map((row) => row.page).join(' | ')}`);
}

const ms = (x) => (x === undefined ? 'n/a' : x < 10 ? `${x.toFixed(1)} ms` : `${x.toFixed(0)} ms`);
const mark = (value, target) => (value <= target ? 'ok' : 'OVER');

/** The memory rows (both modes). */
function memoryRows(rows, add) {
  add('retained parse (fresh process)', '', rows.map((r) => `${r.retainedMb.toFixed(0)} MB`));
  add('server RSS after open', '', rows.map((r) => (r.rssOpen === null ? 'n/a' : `${r.rssOpen.now.toFixed(0)} MB`)));
  add('server RSS after the keystrokes', '', rows.map((r) => (r.rss === null ? 'n/a' : `${r.rss.now.toFixed(0)} MB after ${r.keys} (peak ${r.rssTypingPeak.toFixed(0)} MB while typing, ${r.rss.peak.toFixed(0)} MB with the open)`)));
  const mb = (bytes) => `${(bytes / (1 << 20)).toFixed(0)} MB`;
  add(`V8 heap used / committed (external), 0.5 s and ${rows[0]?.idle ?? 5} s after the last key`, '', rows.map((r) => (r.heap == null ? 'n/a' : `${mb(r.heap.heapUsed)} / ${mb(r.heap.heapTotal)} (${mb(r.heap.external)}); ${mb(r.heapIdle.heapUsed)} / ${mb(r.heapIdle.heapTotal)} (${mb(r.heapIdle.external)})`)));
  add('RSS / retained parse, 0.5 s after the last key', `<= ${TARGETS.rssRatio}x`, rows.map((r) => (r.rss === null ? 'n/a' : `${(r.rss.now / r.retainedMb).toFixed(2)}x ${mark(r.rss.now / r.retainedMb, TARGETS.rssRatio)}`)));
  add(`RSS / retained parse, ${rows[0]?.idle ?? 5} s after (idle)`, `<= ${TARGETS.rssRatio}x`, rows.map((r) => (r.rssIdle === null ? 'n/a' : `${r.rssIdle.now.toFixed(0)} MB: ${(r.rssIdle.now / r.retainedMb).toFixed(2)}x ${mark(r.rssIdle.now / r.retainedMb, TARGETS.rssRatio)}`)));
  add('all parses: reparses / full / fallbacks', '', rows.map((r) => `${r.all.reparses} / ${r.all.fullParses} / ${r.all.fallbacks}`));
  const pauses = (r) => r.idleCollections.map((m) => Number(/(\d+) ms$/.exec(m)?.[1] ?? NaN));
  add('idle collections: how many, longest pause', '', rows.map((r) => (r.idleCollections.length === 0 ? 'none' : `${r.idleCollections.length}, ${Math.max(...pauses(r))} ms`)));
}

function printTable(rows, memoryOnly = false) {
  const lines = [['figure', 'target', ...rows.map((r) => r.page)]];
  const add = (name, target, cells) => lines.push([name, target, ...cells]);
  add('size', '', rows.map((r) => `${r.mb.toFixed(2)} MB`));
  if (memoryOnly) {
    memoryRows(rows, add);
    printLines(lines);
    return;
  }
  add('open -> first diagnostics', '', rows.map((r) => ms(r.openMs)));
  for (const [key, label] of [
    ['random', 'random 1-char edits'],
    ['typing', 'typing markup'],
  ]) {
    add(`${label}: p50`, `<= ${TARGETS.p50} ms`, rows.map((r) => `${ms(r[key].p50)} ${mark(r[key].p50, TARGETS.p50)}`));
    add(`${label}: p95`, `<= ${TARGETS.p95} ms`, rows.map((r) => `${ms(r[key].p95)} ${mark(r[key].p95, TARGETS.p95)}`));
    add(`${label}: max`, `<= ${TARGETS.max} ms`, rows.map((r) => `${ms(r[key].max)} ${mark(r[key].max, TARGETS.max)}`));
    add(`${label}: of which parsing, p50 / p95 / max`, '', rows.map((r) => `${ms(r[`${key}Parse`].p50)} / ${ms(r[`${key}Parse`].p95)} / ${ms(r[`${key}Parse`].max)}`));
    add(`${label}: parser fallbacks`, '', rows.map((r) => `${r[`${key}Parses`].fallbacks} of ${r[`${key}Parses`].reparses + r[`${key}Parses`].fullParses} parses`));
  }
  add('burst (20 ms): last key -> its diagnostics', `<= ${TARGETS.burst} ms`, rows.map((r) => `${ms(r.burst.afterLastKey)} ${mark(r.burst.afterLastKey, TARGETS.burst)}`));
  add('burst: publishes during it', '', rows.map((r) => `${r.burst.publishes}; ${r.burstParses.fallbacks} fallbacks`));
  add('documentSymbol while typing (max)', `<= ${TARGETS.request} ms`, rows.map((r) => `${ms(r.requests.symbols.max)} ${mark(r.requests.symbols.max, TARGETS.request)}`));
  add('foldingRange while typing (max)', `<= ${TARGETS.request} ms`, rows.map((r) => `${ms(r.requests.folds.max)} ${mark(r.requests.folds.max, TARGETS.request)}`));
  add('documentSymbol / foldingRange (median)', '', rows.map((r) => `${ms(r.requests.symbols.p50)} / ${ms(r.requests.folds.p50)}`));
  memoryRows(rows, add);
  add('as VS Code asks (pulled diagnostics): open -> first report', '', rows.map((r) => ms(r.vscode.openMs)));
  add('  "<" typed/deleted -> its report: p50', `<= ${TARGETS.p50} ms`, rows.map((r) => `${ms(r.vscode.errors.pulls.p50)} ${mark(r.vscode.errors.pulls.p50, TARGETS.p50)}`));
  add('  "<" typed/deleted -> its report: max', `<= ${TARGETS.max} ms`, rows.map((r) => `${ms(r.vscode.errors.pulls.max)} ${mark(r.vscode.errors.pulls.max, TARGETS.max)}`));
  add('  reports full / unchanged (all full: each changes a problem)', '', rows.map((r) => `${r.vscode.errors.kinds.full} / ${r.vscode.errors.kinds.unchanged}`));
  add('  a letter typed/deleted -> its report: p50 / max', '', rows.map((r) => `${ms(r.vscode.quiet.pulls.p50)} / ${ms(r.vscode.quiet.pulls.max)}`));
  add('  reports full / unchanged (all unchanged: no problem moves)', '', rows.map((r) => `${r.vscode.quiet.kinds.full} / ${r.vscode.quiet.kinds.unchanged}`));
  add('  documentSymbol after each change: p50 / max', `<= ${TARGETS.request} ms`, rows.map((r) => `${ms(r.vscode.errors.symbols.p50)} / ${ms(r.vscode.errors.symbols.max)} ${mark(r.vscode.errors.symbols.max, TARGETS.request)}`));
  add('  refreshes asked while typing (each: a second pull)', '0', rows.map((r) => `${r.vscode.refreshes} ${r.vscode.refreshes === 0 ? 'ok' : 'OVER'}`));
  printLines(lines);
  const reasons = rows.filter((r) => r.all.lastFallback !== null).map((r) => `${r.page}: ${r.all.lastFallback}`);
  if (reasons.length > 0) console.log(`Last fallback reasons: ${reasons.join('; ')}`);
}

function printLines(lines) {
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  for (const [i, l] of lines.entries()) {
    console.log('| ' + l.map((c, j) => c.padEnd(widths[j])).join(' | ') + ' |');
    if (i === 0) console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  }
}

async function run(argv = process.argv.slice(2)) {
  const { values } = parseArgs({
    args: argv,
    options: {
      edits: { type: 'string', default: '300' },
      burst: { type: 'string', default: '500' },
      keys: { type: 'string', default: '2000' },
      seed: { type: 'string', default: '1' },
      pulls: { type: 'string', default: '20' },
      file: { type: 'string', multiple: true },
      'heap-snapshot': { type: 'string' },
      memory: { type: 'boolean', default: false },
      idle: { type: 'string', default: '5' },
      explain: { type: 'boolean', default: false },
    },
    strict: false,
  });
  const options = {
    edits: Math.max(1, Number(values.edits) || 300),
    burst: Math.max(1, Number(values.burst) || 500),
    keys: Math.max(0, Number(values.keys) || 2000),
    seed: Number(values.seed) || 1,
    heapSnapshot: typeof values['heap-snapshot'] === 'string' ? resolve(values['heap-snapshot']) : null,
    pulls: Math.max(1, Number(values.pulls) || 20),
    memory: values.memory === true,
    idle: Math.max(1, Number(values.idle) || 5),
    explain: values.explain === true,
  };
  const files = Array.isArray(values.file) && values.file.length > 0 ? values.file : corpusBig();
  console.log(
    `tagtree-lsp typing bench: the real server over stdio; ${options.edits} random edits (seed ${options.seed}), ` +
      `a paragraph of markup typed key by key, a ${options.burst}-key burst 20 ms apart, outline and folding while typing, RSS after ${options.keys} keys.`,
  );
  console.log(`node ${process.version}, ${process.platform} ${process.arch}. Figures on a shared machine are noisy.\n`);
  const rows = [];
  for (const file of files) {
    process.stderr.write(`lsp-typing: ${basename(file)}…\n`);
    rows.push(await benchPage(file, options));
  }
  printTable(rows, options.memory);
  if (options.explain) printExplained(rows);
  return rows;
}

module.exports = { run, randomEdit, PARAGRAPH, typingSpot, ClientText };

if (require.main === module) {
  run().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
