/**
 * The formatter's speed (`npm run bench`, or `npm run bench -- --only format`):
 * - TagTree against Prettier 3 (parser html, defaults) on the corpus pages
 *   Prettier formats, in the same process, after a warm-up pass of each,
 *   passes alternating (median of 5 rounds); TagTree's
 *   time includes its parse and the check's second parse. Beside it, the
 *   two parses alone (the page's and the formatted text's, as formatHtml
 *   makes them): what any check that parses its result costs at least;
 * - `TAGTREE_FORMAT_BENCH=tagtree`: TagTree alone on every b-page (no
 *   Prettier: seconds, not minutes), for profiling
 *   (`TAGTREE_FORMAT_BENCH=tagtree node --cpu-prof bench/format-bench.js`);
 * - the largest corpus page (7 MB) formatted in the language server: a real
 *   server process over stdio, `textDocument/formatting` timed from request
 *   to answer (the server holds the parse already), right after opening and
 *   once the server is idle. `TAGTREE_FORMAT_BENCH=server` runs only this.
 * Prettier is a dev-only comparison.
 */
'use strict';
const { readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const parser = require('../server/parser/out/index.js');
const { parseOnce } = require('../server/parser/out/tree/parse.js');
const { corpus, listHtmlFiles } = require('../server/parser/out-test/support/shared-data.js');

/** CPU time of this process (all its threads, the collector's included), in ms: less swayed by other processes than wall time on a shared machine. */
function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * The two parses formatHtml makes of each page (the page's, and the
 * formatted text's for the check, without ranges), timed alone: the floor
 * of a formatter whose check parses its result.
 */
function twoParses(texts) {
  const results = texts.map((t) => parser.applyEdits(t, parser.formatHtml(t).edits));
  return () => {
    for (let i = 0; i < texts.length; i++) {
      parseOnce(texts[i]);
      parseOnce(results[i], { ranges: false });
    }
  };
}

/** Runs `pass` `rounds` times after a warm-up: median wall and CPU time per pass. */
function timed(pass, rounds) {
  pass();
  const wall = [];
  const cpu = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    const c0 = cpuMs();
    pass();
    wall.push(performance.now() - t0);
    cpu.push(cpuMs() - c0);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

/** TAGTREE_FORMAT_BENCH=tagtree: formatHtml alone on every b-page, and the two parses alone. */
function tagtreeAlone(rounds) {
  const texts = listHtmlFiles(corpus('b-pages')).map((f) => readFileSync(f, 'utf8'));
  const mb = texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1e6;
  const format = timed(() => {
    for (const t of texts) parser.formatHtml(t);
  }, rounds);
  const parses = timed(twoParses(texts), rounds);
  console.log('');
  console.log(`TagTree alone on the ${texts.length} b-pages (${mb.toFixed(2)} MB), median of ${rounds} rounds after a warm-up:`);
  console.log('| | time per pass | CPU time per pass |');
  console.log('|---|---|---|');
  console.log(`| formatHtml (parse, format, check) | ${(format.wall / 1000).toFixed(3)} s | ${(format.cpu / 1000).toFixed(3)} s |`);
  console.log(`| the two parses alone | ${(parses.wall / 1000).toFixed(3)} s | ${(parses.cpu / 1000).toFixed(3)} s |`);
}

async function versusPrettier(rounds) {
  const prettier = require('prettier');
  const files = listHtmlFiles(corpus('b-pages'));
  const texts = [];
  // The pages Prettier formats (it throws on some invalid markup).
  for (const f of files) {
    const t = readFileSync(f, 'utf8');
    try {
      await prettier.format(t, { parser: 'html' });
      texts.push(t);
    } catch {
      // refused: not in the comparison
    }
  }
  const mb = texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1e6;
  // Prettier was warmed by the pass above that picked its pages; TagTree gets one warm-up pass too.
  for (const t of texts) parser.formatHtml(t);
  const parses = twoParses(texts);
  parses();
  const ours = [];
  const theirs = [];
  const oursCpu = [];
  const theirsCpu = [];
  const floor = [];
  const floorCpu = [];
  for (let r = 0; r < rounds; r++) {
    let t0 = performance.now();
    let c0 = cpuMs();
    for (const t of texts) parser.formatHtml(t);
    ours.push(performance.now() - t0);
    oursCpu.push(cpuMs() - c0);
    t0 = performance.now();
    c0 = cpuMs();
    for (const t of texts) await prettier.format(t, { parser: 'html' });
    theirs.push(performance.now() - t0);
    theirsCpu.push(cpuMs() - c0);
    t0 = performance.now();
    c0 = cpuMs();
    parses();
    floor.push(performance.now() - t0);
    floorCpu.push(cpuMs() - c0);
  }
  const ratios = ours.map((o, i) => theirs[i] / o).sort((a, b) => a - b);
  const cpuRatios = oursCpu.map((o, i) => theirsCpu[i] / o).sort((a, b) => a - b);
  const floorRatios = floor.map((o, i) => theirs[i] / o).sort((a, b) => a - b);
  const floorCpuRatios = floorCpu.map((o, i) => theirsCpu[i] / o).sort((a, b) => a - b);
  return {
    pages: texts.length,
    of: files.length,
    mb,
    ours: median(ours),
    theirs: median(theirs),
    ratio: median(ratios),
    range: [ratios[0], ratios[ratios.length - 1]],
    oursCpu: median(oursCpu),
    theirsCpu: median(theirsCpu),
    cpuRatio: median(cpuRatios),
    cpuRange: [cpuRatios[0], cpuRatios[cpuRatios.length - 1]],
    floor: median(floor),
    floorCpu: median(floorCpu),
    floorRatio: median(floorRatios),
    floorCpuRatio: median(floorCpuRatios),
  };
}

async function inTheServer(file, runs) {
  const { LspClient, PUSH_CAPABILITIES } = require('../server/out-test/support/lsp-client.js');
  const text = readFileSync(file, 'utf8');
  const client = await LspClient.start({ capabilities: PUSH_CAPABILITIES });
  try {
    const uri = 'untitled:big.html';
    await client.open(uri, text);
    // The first request right after opening competes with the server's own work on the new page (its checks).
    const t1 = performance.now();
    await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    const afterOpen = performance.now() - t1;
    // Then as a user formats a page that has been open a while: the server idle.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const times = [];
    let edits = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const result = await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
      times.push(performance.now() - t0);
      edits = result.length;
    }
    // In process, for the parts: the formatter given the parse (as the server calls it).
    const parsed = parser.parse(text);
    const inProcess = [];
    const inProcessCpu = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const c0 = cpuMs();
      parser.formatHtml(text, {}, parsed);
      inProcess.push(performance.now() - t0);
      inProcessCpu.push(cpuMs() - c0);
    }
    const parseTimes = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      parser.parse(text);
      parseTimes.push(performance.now() - t0);
    }
    return { edits, afterOpen, times, server: median(times), max: Math.max(...times), inProcess: median(inProcess), inProcessCpu: median(inProcessCpu), parse: median(parseTimes) };
  } finally {
    await client.stop();
  }
}

async function run(options = {}) {
  const rounds = options.rounds ?? 5;
  console.log(`Formatter bench — node ${process.version}, load average ${require('node:os').loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  if (process.env.TAGTREE_FORMAT_BENCH === 'server') return serverTable(options);
  if (process.env.TAGTREE_FORMAT_BENCH === 'tagtree') return tagtreeAlone(rounds);
  const p = await versusPrettier(rounds);
  console.log('');
  console.log(`TagTree formatHtml (parse, format, check parse) against Prettier ${require('prettier/package.json').version} (parser html) on the ${p.pages} of ${p.of} b-pages Prettier formats (${p.mb.toFixed(2)} MB), median of ${rounds} alternating rounds:`);
  console.log('| formatter | time per pass | MB/s | ratio | CPU time per pass | ratio of CPU times |');
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| TagTree | ${(p.ours / 1000).toFixed(2)} s | ${(p.mb / (p.ours / 1000)).toFixed(2)} | ${p.ratio.toFixed(1)}x faster (rounds ${p.range[0].toFixed(1)}–${p.range[1].toFixed(1)}) | ${(p.oursCpu / 1000).toFixed(2)} s | ${p.cpuRatio.toFixed(1)}x (rounds ${p.cpuRange[0].toFixed(1)}–${p.cpuRange[1].toFixed(1)}) |`,
  );
  console.log(`| Prettier | ${(p.theirs / 1000).toFixed(2)} s | ${(p.mb / (p.theirs / 1000)).toFixed(2)} | 1 | ${(p.theirsCpu / 1000).toFixed(2)} s | 1 |`);
  console.log(
    `| (TagTree's two parses alone: the floor of a check that parses its result) | ${(p.floor / 1000).toFixed(2)} s | ${(p.mb / (p.floor / 1000)).toFixed(2)} | ${p.floorRatio.toFixed(1)}x | ${(p.floorCpu / 1000).toFixed(2)} s | ${p.floorCpuRatio.toFixed(1)}x |`,
  );
  await serverTable(options);
}

async function serverTable(options) {
  const big = listHtmlFiles(corpus('a-big')).reduce((a, b) => (statSync(a).size >= statSync(b).size ? a : b));
  const s = await inTheServer(big, options.serverRuns ?? 5);
  console.log('');
  console.log(`${big.split('/').pop()} (${(statSync(big).size / 1e6).toFixed(2)} MB), ${s.edits} edits, median of ${options.serverRuns ?? 5}:`);
  console.log('| textDocument/formatting in the server, request to answer: right after opening | once idle (median) | each request once idle | formatHtml given the parse, in process (CPU time) | one full parse, in process |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| ${s.afterOpen.toFixed(0)} ms | ${s.server.toFixed(0)} ms | ${s.times.map((t) => t.toFixed(0)).join(', ')} ms | ${s.inProcess.toFixed(0)} ms (${s.inProcessCpu.toFixed(0)} ms) | ${s.parse.toFixed(0)} ms |`,
  );
}

module.exports = { run };

if (require.main === module) {
  run().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
