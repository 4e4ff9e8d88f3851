#!/usr/bin/env node
/**
 * The formatter on every page of ../shared/corpus, with Prettier (parser
 * `html`, defaults) and js-beautify (VS Code's html.format defaults) beside
 * it in the same run, each judged the same way (bench/format-judge.js):
 * pages formatted (not refused), content changes, rendering white space
 * changes (the DOM compared where white space renders by default display),
 * parse error changes, idempotence failures (formatting the output again
 * changes it), the share of block-level start tags on their own line, and
 * the time.
 *
 *   npm run format:corpus [-- --only tagtree,js-beautify] [--timeout SECONDS] [--json FILE]
 *
 * Prettier and js-beautify run in a worker each, a page at a time; a page
 * that takes longer than --timeout (default 120 s) counts as refused.
 * Dev-only: nothing at run time depends on Prettier or js-beautify.
 */
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { relative } = require('node:path');
const { parseArgs } = require('node:util');
const { Worker } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const parser = require('../server/parser/out/index.js');
const { corpus, listHtmlFiles } = require('../server/parser/out-test/support/shared-data.js');
const { judge, ownLineShare, VSCODE_BEAUTIFY_OPTIONS } = require('./format-judge.js');

const { values } = parseArgs({
  options: { only: { type: 'string' }, timeout: { type: 'string', default: '120' }, json: { type: 'string' }, every: { type: 'string', default: '1' } },
});
const TIMEOUT = Number(values.timeout) * 1000;

/** A worker that formats one text at a time with Prettier or js-beautify. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
parentPort.on('message', async (text) => {
  const t0 = performance.now();
  try {
    let out;
    if (workerData.tool === 'prettier') out = await require('prettier').format(text, { parser: 'html' });
    else out = require('js-beautify').html(text, workerData.options);
    parentPort.postMessage({ out, ms: performance.now() - t0 });
  } catch (e) {
    parentPort.postMessage({ error: String(e && e.message || e).split('\\n')[0].slice(0, 200), ms: performance.now() - t0 });
  }
});`;

class Tool {
  constructor(tool) {
    this.tool = tool;
    this.worker = null;
  }

  start() {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { tool: this.tool, options: VSCODE_BEAUTIFY_OPTIONS }, resourceLimits: { maxOldGenerationSizeMb: 4096 } });
    this.worker.unref();
  }

  format(text) {
    if (this.worker === null) this.start();
    return new Promise((resolve) => {
      const worker = this.worker;
      const timer = setTimeout(() => {
        worker.removeAllListeners('message');
        worker.removeAllListeners('error');
        void worker.terminate();
        this.worker = null;
        resolve({ error: `timed out after ${TIMEOUT / 1000} s`, ms: TIMEOUT });
      }, TIMEOUT);
      worker.once('message', (m) => {
        clearTimeout(timer);
        worker.removeAllListeners('error');
        resolve(m);
      });
      worker.once('error', (e) => {
        clearTimeout(timer);
        this.worker = null;
        resolve({ error: String(e.message).slice(0, 200), ms: 0 });
      });
      worker.postMessage(text);
    });
  }

  stop() {
    if (this.worker !== null) void this.worker.terminate();
  }
}

function tagtree(text) {
  const t0 = performance.now();
  const result = parser.formatHtml(text);
  const out = parser.applyEdits(text, result.edits);
  return { out, ms: performance.now() - t0, kept: result.keptAsWritten.length };
}

async function main() {
  const files = listHtmlFiles(corpus()).filter((_, i) => i % Number(values.every) === 0);
  const tools = values.only !== undefined ? values.only.split(',') : ['tagtree', 'prettier', 'js-beautify'];
  const workers = { prettier: new Tool('prettier'), 'js-beautify': new Tool('js-beautify') };
  const totals = Object.fromEntries(
    tools.map((t) => [t, { formatted: 0, refused: 0, content: 0, rendering: 0, errors: 0, idempotence: 0, allowed: 0, ownLine: 0, atDepth: 0, ms: 0, kept: 0 }]),
  );
  const pages = [];
  /** The same share on the pages as written, for scale. */
  const asWritten = { allowed: 0, ownLine: 0, atDepth: 0 };
  console.error(`format corpus: ${files.length} pages, ${tools.join(', ')} (timeout ${TIMEOUT / 1000} s per page per tool)`);
  for (const [n, file] of files.entries()) {
    const name = relative(corpus(), file);
    const text = readFileSync(file, 'utf8');
    const before = parser.parse(text);
    const row = { page: name, bytes: Buffer.byteLength(text) };
    const written = ownLineShare(text, before);
    asWritten.allowed += written.allowed;
    asWritten.ownLine += written.ownLine;
    asWritten.atDepth += written.atDepth;
    for (const tool of tools) {
      const t = totals[tool];
      const first = tool === 'tagtree' ? tagtree(text) : await workers[tool].format(text);
      t.ms += first.ms;
      if (first.error !== undefined) {
        t.refused++;
        row[tool] = { refused: first.error, ms: Math.round(first.ms) };
        continue;
      }
      t.formatted++;
      if (first.kept) t.kept++;
      const verdict = judge(text, first.out, before);
      const second = tool === 'tagtree' ? tagtree(first.out) : await workers[tool].format(first.out);
      const idempotent = second.error === undefined && second.out === first.out;
      const share = ownLineShare(first.out, verdict.afterParse, tool === 'tagtree' ? '  ' : tool === 'prettier' ? '  ' : '    ', tool === 'prettier');
      if (verdict.content) t.content++;
      if (verdict.rendering) t.rendering++;
      if (verdict.errors) t.errors++;
      if (!idempotent) t.idempotence++;
      t.allowed += share.allowed;
      t.ownLine += share.ownLine;
      t.atDepth += share.atDepth;
      row[tool] = {
        ms: Math.round(first.ms),
        content: verdict.content,
        rendering: verdict.rendering,
        errors: verdict.errors,
        idempotent,
        ownLine: `${share.ownLine}/${share.allowed}`,
        ...(verdict.difference !== null ? { firstDifference: verdict.difference.reason } : {}),
      };
    }
    pages.push(row);
    if ((n + 1) % 20 === 0 || n === files.length - 1) console.error(`  ${n + 1}/${files.length}`);
  }
  for (const w of Object.values(workers)) w.stop();

  const pct = (a, b) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)}%`);
  console.log(`Formatting ${files.length} corpus pages (node ${process.version}); each output parsed with TagTree's parser and compared with the page's parse.`);
  console.log('');
  console.log('| | TagTree | Prettier 3 (html) | js-beautify (VS Code defaults) |');
  console.log('|---|---|---|---|');
  const cell = (tool, f) => (totals[tool] === undefined ? 'not run' : f(totals[tool]));
  const line = (label, f) => console.log(`| ${label} | ${cell('tagtree', f)} | ${cell('prettier', f)} | ${cell('js-beautify', f)} |`);
  line('pages formatted', (t) => `${t.formatted} of ${files.length}`);
  line('pages refused (error or timeout)', (t) => String(t.refused));
  line('content changed (elements, attributes, comments, text)', (t) => String(t.content));
  line('DOM changed where white space renders', (t) => String(t.rendering));
  line('parse errors changed', (t) => String(t.errors));
  line('not idempotent (formatting the output changes it)', (t) => String(t.idempotence));
  line('block-level start tags on their own line, where white space allows', (t) => `${pct(t.ownLine, t.allowed)} (${t.ownLine} of ${t.allowed})`);
  line('… and indented by their depth', (t) => pct(t.atDepth, t.allowed));
  line('total time (one pass)', (t) => `${(t.ms / 1000).toFixed(1)} s`);
  console.log(`\nThe pages as written: ${pct(asWritten.ownLine, asWritten.allowed)} of ${asWritten.allowed} block-level start tags on their own line, ${pct(asWritten.atDepth, asWritten.allowed)} at TagTree's depth. Each tool's share is over the pages it formatted.`);
  if (totals.tagtree !== undefined) console.log(`TagTree left a region as written (its check) on ${totals.tagtree.kept} pages.`);
  if (values.json !== undefined) writeFileSync(values.json, JSON.stringify({ totals, pages }, null, 1));
  const bad = totals.tagtree !== undefined && (totals.tagtree.content + totals.tagtree.rendering + totals.tagtree.errors + totals.tagtree.idempotence + totals.tagtree.refused > 0);
  process.exitCode = bad ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
