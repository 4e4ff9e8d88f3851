/**
 * The real-editor benchmark: TagTree in a real VS Code (code-server, driven
 * by Debian's chromium through puppeteer-core) on a big page, set up as a
 * user has it: the built-in HTML extension on, the Outline view and the
 * Problems panel open, the workspace trusted. Run `npm run bench:vscode`
 * (which installs the tools and builds the .vsix first); docs/benchmarks.md.
 *
 *   node bench/vscode/run.mjs [--file PATH] [--keystrokes 20] [--typing TEXT]
 *                             [--runs with,without] [--outline open|closed] [--timeout MS]
 *                             [--setting key=value]... [--profile PREFIX]
 *                             [--json PATH] [--screenshots DIR] [--vsix PATH] [--logs DIR]
 *                             [--builtin-html on|off] [--disable-builtin NAME]...
 *
 * Each run (with TagTree installed, then without it) starts a fresh
 * code-server and chromium, and measures:
 *   - open: from the Enter that opens the file in Quick Open to the first
 *     TagTree row in the Problems panel;
 *   - keystrokes: `--keystrokes` times, type "<" before a space in a paragraph
 *     (adds one invalid-first-character-of-tag-name error), wait for the
 *     Problems panel to show it, then Ctrl+Z (removes it), wait again: the
 *     time from each keydown to the panel's change;
 *   - typing: `--typing` typed at 10 keys a second at the same place;
 *   - the workbench page's long tasks (PerformanceObserver 'longtask')
 *     during the keystrokes and the typing: count over 200 ms and max.
 * Before the keystrokes the Problems panel is filtered to that error's code,
 * as the panel renders only the rows in view and a page may have many more.
 * With `--logs DIR --setting tagtree.trace.server=messages`, each keystroke's
 * time is also split at the client's message trace: key → `didChange` sent,
 * the pull of that version, its answer → the Problems panel.
 * The run without TagTree types the same keys at the same pace (the wait is
 * what the run with TagTree waited, at least 600 ms), so its long tasks are
 * the built-in HTML extension's and VS Code's own share. `--builtin-html off`
 * leaves VS Code's built-in HTML extension out of both runs, as a user who
 * disabled it has it (docs/extension.md); `--disable-builtin NAME` any other
 * built-in extension (its folder name, such as `emmet`).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ROOT, launchBrowser, openWorkbench, startCodeServer } from './harness.mjs';

const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    keystrokes: { type: 'string', default: '20' },
    timeout: { type: 'string', default: '60000' },
    typing: { type: 'string', default: ' and then some words typed at <i>a steady pace, 1 <' },
    runs: { type: 'string', default: 'with,without' },
    json: { type: 'string' },
    screenshots: { type: 'string' },
    vsix: { type: 'string' },
    outline: { type: 'string', default: 'open' },
    profile: { type: 'string' },
    setting: { type: 'string', multiple: true, default: [] },
    logs: { type: 'string' },
    'builtin-html': { type: 'string', default: 'on' },
    'disable-builtin': { type: 'string', multiple: true, default: [] },
  },
});
if (values['builtin-html'] !== 'on' && values['builtin-html'] !== 'off') throw new Error(`--builtin-html takes on or off, not ${values['builtin-html']}`);

// The tests' data resolver (bench.sh builds it).
const { corpus } = createRequire(import.meta.url)('../../server/parser/out-test/support/shared-data.js');
const FILE = values.file ? resolve(values.file) : corpus('a-big', 'lilypond-notation-big-page.html');
const KEYSTROKES = Math.max(1, Number(values.keystrokes) || 20);
const TIMEOUT = Number(values.timeout) || 60_000;
/** --setting key=JSON (or key=text): user settings of both runs, e.g. tagtree.outline.maxSymbols=2000. */
const SETTINGS = Object.fromEntries(
  values.setting.map((kv) => {
    const eq = kv.indexOf('=');
    if (eq < 0) throw new Error(`--setting ${kv}: expected key=value`);
    const raw = kv.slice(eq + 1);
    let value;
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
    return [kv.slice(0, eq), value];
  }),
);
const RUNS = values.runs.split(',').map((s) => s.trim());
const CODE = 'invalid-first-character-of-tag-name';
const STALL = 200;
const VSIX = values.vsix
  ? resolve(values.vsix)
  : join(ROOT, `tagtree-${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}.vsix`);

if (!existsSync(FILE)) throw new Error(`no ${FILE} (the corpus is read from ../shared/corpus or $TAGTREE_CORPUS)`);
if (RUNS.includes('with') && !existsSync(VSIX)) throw new Error(`no ${VSIX}: run \`npm run package\` first`);

const log = (...a) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

/**
 * A place in the middle of the file where typing "<" adds exactly one
 * invalid-first-character-of-tag-name error and changes no other, checked
 * with our own parser: a prose line (no markup, no tab) whose text is in the
 * data state, before a space.
 */
function findTypingPlace(text) {
  const require = createRequire(import.meta.url);
  const { parse } = require(join(ROOT, 'server', 'parser', 'out', 'index.js'));
  const codes = (errors) => errors.map((e) => e.code).sort().join(',');
  const before = codes(parse(text).errors);
  const lines = text.split('\n');
  const offsets = [];
  for (let i = 0, o = 0; i < lines.length; i++) {
    offsets.push(o);
    o += lines[i].length + 1;
  }
  const middle = Math.floor(lines.length / 2);
  for (let d = 0; d < lines.length; d++) {
    const i = middle + d;
    if (i >= lines.length) break;
    const line = lines[i];
    if (line.length < 40 || /[<>&\t\r]/.test(line) || !/^[A-Za-z]/.test(line)) continue;
    const space = line.indexOf(' ', 10);
    if (space < 0) continue;
    const offset = offsets[i] + space;
    const after = parse(text.slice(0, offset) + '<' + text.slice(offset)).errors;
    const added = codes(after);
    const expected = before ? `${before},${CODE}` : CODE;
    if (added.split(',').sort().join(',') === expected.split(',').sort().join(',')) {
      return { line: i + 1, column: space + 1, sample: line.slice(0, 60), baseErrors: before.split(',').filter(Boolean).length };
    }
    if (d > 2000) break;
  }
  throw new Error('found no prose line in the middle of the file where "<" adds exactly one error');
}

/** Page-side watchers: the TagTree rows of the Problems panel, those with CODE, and the status bar's counts. */
const WATCHERS = [
  () => String([...document.querySelectorAll('.markers-panel .monaco-list-row')].filter((r) => /tagtree/.test(r.textContent)).length),
  () =>
    String(
      [...document.querySelectorAll('.markers-panel .monaco-list-row')].filter((r) =>
        r.textContent.includes('invalid-first-character-of-tag-name'),
      ).length,
    ),
  () => document.getElementById('status.problems')?.getAttribute('aria-label') || '',
  () => {
    const pane = [...document.querySelectorAll('.pane')].find((p) => /outline/i.test(p.querySelector('.pane-header')?.textContent || ''));
    return String(pane ? pane.querySelectorAll('.monaco-list-row').length : 0);
  },
];
const tagtreeRows = (sig) => Number(sig.split('\u0001')[0]);
const codeRows = (sig) => Number(sig.split('\u0001')[1]);
const outlineRows = (sig) => Number(sig.split('\u0001')[3]);

function stats(values) {
  if (values.length === 0) return { n: 0, median: NaN, p95: NaN, max: NaN };
  const s = [...values].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { n: s.length, median: s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2, p95: at(0.95), max: s[s.length - 1] };
}

function longTaskSummary(tasks) {
  const over = tasks.filter((t) => t.duration > STALL);
  return {
    count: tasks.length,
    over200: over.length,
    max: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
    total: tasks.reduce((m, t) => m + t.duration, 0),
  };
}

/** Waits until the page has had no long task for `quiet` ms (at most `timeout`). */
async function settle(wb, { quiet = 2000, timeout = 60_000 } = {}) {
  const start = Date.now();
  for (;;) {
    const [now, tasks] = await Promise.all([wb.now(), wb.longTasks(0)]);
    const last = tasks.reduce((m, t) => Math.max(m, t.start + t.duration), 0);
    if (now - last >= quiet || Date.now() - start > timeout) return;
    await sleep(250);
  }
}

/** Writes the CPU profile and prints the functions with the most self time. */
async function saveProfile(session, path) {
  const { profile } = await session.send('Profiler.stop');
  await session.detach();
  writeFileSync(path, JSON.stringify(profile));
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  for (let k = 0; k < profile.samples.length; k++) {
    const node = byId.get(profile.samples[k]);
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.split('/').slice(-1)[0]}:${f.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) || 0) + (dt[k + 1] ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20);
  log(`CPU profile in ${path} (${fmt(total)} sampled); most self time:`);
  for (const [name, ms] of top) console.error(`  ${fmt(ms).padStart(8)}  ${name}`);
}

async function oneRun(kind, place, paces) {
  const withTagTree = kind === 'with';
  log(`run ${kind} TagTree: starting code-server`);
  const server = await startCodeServer({
    files: { [basename(FILE)]: { copyFrom: FILE } },
    extensions: withTagTree ? [VSIX] : [],
    settings: SETTINGS,
    disabledBuiltins: [...(values['builtin-html'] === 'off' ? ['html-language-features'] : []), ...values['disable-builtin']],
    log,
  });
  const browser = await launchBrowser();
  const result = { kind, place };
  try {
    const wb = await openWorkbench(browser, server);
    log('workbench ready; opening the Problems panel and the Outline');
    await wb.runCommand('View: Focus Problems');
    if (values.outline !== 'closed') await wb.runCommand('Explorer: Focus on Outline View');
    await wb.watch(WATCHERS, ['.markers-panel', '#workbench\\.parts\\.statusbar', '#workbench\\.parts\\.sidebar']);

    let changes = await wb.changeCount();
    const opened = await wb.openFile(basename(FILE), { timeout: 120_000 });
    const editorShown = await wb.now();
    result.editorShownMs = editorShown - opened;
    log(`editor shown ${Math.round(result.editorShownMs)} ms after Enter`);
    if (withTagTree) {
      const first = await wb.waitFor(
        async () => (await wb.changesSince(changes)).find((c) => c.t >= opened && tagtreeRows(c.sig) > 0),
        { timeout: 120_000, what: 'the first TagTree row in the Problems panel' },
      );
      result.firstDiagnosticsMs = first.t - opened;
      log(`first TagTree diagnostics ${Math.round(result.firstDiagnosticsMs)} ms after Enter`);
    }
    // The Outline fills in later; a user types with it there.
    if (values.outline !== 'closed') {
      try {
        const outline = await wb.waitFor(
          async () => (await wb.changesSince(changes)).find((c) => c.t >= opened && outlineRows(c.sig) > 0),
          { timeout: 300_000, interval: 200, what: 'symbols in the Outline' },
        );
        result.outlineMs = outline.t - opened;
        log(`Outline shown ${Math.round(result.outlineMs)} ms after Enter`);
      } catch (e) {
        result.outlineMs = Infinity;
        log(e.message);
      }
    }
    result.openLongTasks = longTaskSummary(await wb.longTasks(opened));
    await settle(wb);
    if (values.screenshots) await wb.screenshot(join(values.screenshots, `${kind}-open.png`));
    result.outlineRows = values.outline === 'closed' ? 'closed' : ((await wb.outline())?.length ?? 0);

    // The Problems panel filtered to the code the keystrokes add: a page can have more problems than the
    // panel shows at once (the conformance checks on a legacy page), and the panel lists only the visible rows.
    await wb.filterProblems(CODE);
    await wb.runCommand('View: Focus Active Editor Group');
    await wb.goTo(place.line, place.column);
    await settle(wb, { quiet: 1000 });
    const baseRows = codeRows((await wb.changesSince(0)).at(-1)?.sig ?? '0\u00010');

    // Keystrokes that add and remove an error.
    const samples = [];
    const phaseStart = await wb.now();
    const keys = [];
    // --profile: a CPU profile of the workbench page over the 3rd and 4th keystrokes.
    let profiler = null;
    for (let i = 0; i < KEYSTROKES * 2; i++) {
      const adding = i % 2 === 0;
      if (values.profile && i === 2) {
        profiler = await wb.page.createCDPSession();
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 1000 });
        await profiler.send('Profiler.start');
      }
      if (profiler && i === 4) {
        await saveProfile(profiler, `${values.profile}-${kind}.cpuprofile`);
        profiler = null;
      }
      const keyIndex = await wb.keyCount();
      changes = await wb.changeCount();
      if (adding) await wb.type('<');
      else await wb.chord('Control+Z');
      const key = await wb.waitFor(async () => (await wb.keysSince(keyIndex)).find((k) => k.key.toLowerCase() === (adding ? '<' : 'z')), {
        what: 'the keydown',
      });
      keys.push(key);
      const want = adding ? baseRows + 1 : baseRows;
      // The run without TagTree waits what the run with it waited, from 600 ms to 5 s.
      const pace = paces ? Math.min(5000, paces[i]) : 600;
      if (withTagTree) {
        let seen = null;
        try {
          seen = await wb.waitFor(async () => (await wb.changesSince(changes)).find((c) => codeRows(c.sig) === want), {
            timeout: TIMEOUT,
            interval: 20,
            what: 'the Problems panel',
          });
        } catch (e) {
          log(`keystroke ${i}: ${e.message}`);
        }
        const latency = seen ? seen.t - key.t : Infinity;
        samples.push({ i, adding, latency, inputDelay: key.handled - key.t, key: key.t, seen: seen ? seen.t : null });
        log(`keystroke ${i + 1}/${KEYSTROKES * 2} (${adding ? '"<"' : 'Ctrl+Z'}): Problems after ${fmt(latency)}`);
        const now = await wb.now();
        const waited = Math.max(0, key.t + Math.max(600, latency + 200) - now);
        await sleep(waited);
      } else {
        const now = await wb.now();
        await sleep(Math.max(0, key.t + pace - now));
        if ((i + 1) % 10 === 0) log(`keystroke ${i + 1}/${KEYSTROKES * 2}`);
      }
    }
    if (profiler) await saveProfile(profiler, `${values.profile}-${kind}.cpuprofile`);
    const phaseEnd = await wb.now();
    result.keystrokes = samples.length ? samples : undefined;
    result.paces = withTagTree ? samples.map((s) => Math.max(600, s.latency + 200)) : undefined;
    result.keystrokeStats = samples.length ? stats(samples.map((s) => s.latency)) : undefined;
    result.inputDelay = stats(keys.map((k) => k.handled - k.t));
    const phaseTasks = await wb.longTasks(phaseStart, phaseEnd);
    result.keystrokeLongTasks = longTaskSummary(phaseTasks);
    // Keystrokes followed by a stall: a long task over 200 ms before the next keystroke.
    result.keystrokesWithStall = keys.filter((k, j) => {
      const next = j + 1 < keys.length ? keys[j + 1].t : phaseEnd;
      return phaseTasks.some((t) => t.start >= k.t && t.start < next && t.duration > STALL);
    }).length;

    // Steady typing.
    await settle(wb, { quiet: 1000 });
    const typingStart = await wb.now();
    await wb.type(values.typing, { delay: 100 });
    const typingEnd = await wb.now();
    const lastKey = (await wb.keysSince(0)).at(-1).t;
    // The phrase ends with "<" before the space that follows the typing place: its last key adds the error.
    let tail = typingEnd;
    if (withTagTree && values.typing.endsWith('<')) {
      try {
        const seen = await wb.waitFor(
          async () => (await wb.changesSince(0)).find((c) => c.t >= lastKey && codeRows(c.sig) === baseRows + 1),
          { timeout: 120_000, interval: 50, what: 'the Problems panel after typing' },
        );
        result.typingLastKeyMs = seen.t - lastKey;
      } catch (e) {
        result.typingLastKeyMs = Infinity;
        log(e.message);
      }
      tail = await wb.now();
    }
    await settle(wb, { quiet: 2000, timeout: 120_000 });
    tail = await wb.now();
    result.typingLongTasks = longTaskSummary(await wb.longTasks(typingStart, typingEnd));
    result.afterTypingLongTasks = longTaskSummary(await wb.longTasks(typingEnd, tail));
    result.typingMs = typingEnd - typingStart;
    if (values.screenshots) await wb.screenshot(join(values.screenshots, `${kind}-typed.png`));
    log(`run ${kind} TagTree done`);
    result.timeOrigin = await wb.page.evaluate(() => performance.timeOrigin);
  } finally {
    await browser.close();
    await server.stop({ keepLogs: values.logs ? join(resolve(values.logs), kind) : undefined });
  }
  if (withTagTree && values.logs && result.keystrokes && result.timeOrigin !== undefined) {
    result.keystrokePath = keystrokePath(result, join(resolve(values.logs), kind));
  }
  return result;
}

/** The TagTree output channels (TagTree.log) under a folder of kept logs. */
function tagtreeLogs(dir) {
  const found = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name === 'TagTree.log') found.push(join(d, e.name));
    }
  };
  if (existsSync(dir)) walk(dir);
  return found;
}

/**
 * Where each keystroke's time went, from the client's message trace
 * (`--setting tagtree.trace.server=messages --logs DIR`): key → the client
 * sends `didChange` (VS Code: the window, then the extension host), the
 * client's pull of that version → its answer (TagTree's server), the answer
 * → the Problems panel shows it (the client, then VS Code). The window's
 * clock (`performance.timeOrigin` + page times) and the log's timestamps are
 * both the machine's clock.
 */
function keystrokePath(result, dir) {
  const events = [];
  for (const file of tagtreeLogs(dir)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3}) \[\w+\] (Sending notification 'textDocument\/didChange'|Sending request 'textDocument\/diagnostic - \((\d+)\)'|Received response 'textDocument\/diagnostic - \((\d+)\)')/.exec(line);
      if (m === null) continue;
      const t = new Date(`${m[1]}T${m[2]}`).getTime();
      events.push(m[4] !== undefined ? { t, kind: 'pull', id: m[4] } : m[5] !== undefined ? { t, kind: 'answer', id: m[5] } : { t, kind: 'change' });
    }
  }
  if (!events.some((e) => e.kind === 'change')) return undefined;
  events.sort((x, y) => x.t - y.t);
  const rows = [];
  for (const s of result.keystrokes) {
    if (s.seen === null) continue;
    const key = result.timeOrigin + s.key;
    const seen = result.timeOrigin + s.seen;
    // The log has millisecond stamps: a change logged in the key's millisecond is the key's.
    const change = events.find((e) => e.kind === 'change' && e.t >= Math.floor(key) && e.t <= seen);
    if (change === undefined) continue;
    const pull = events.find((e) => e.kind === 'pull' && e.t >= change.t && e.t <= seen);
    const answer = pull && events.find((e) => e.kind === 'answer' && e.id === pull.id);
    if (answer === undefined || answer.t > seen) continue;
    rows.push({ toChange: change.t - key, pulled: answer.t - pull.t, toPanel: seen - answer.t });
  }
  if (rows.length === 0) return undefined;
  const med = (k) => stats(rows.map((r) => r[k]));
  return { n: rows.length, toChange: med('toChange'), pulled: med('pulled'), toPanel: med('toPanel') };
}

function fmt(ms) {
  return Number.isFinite(ms) ? (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`) : ms === Infinity ? 'timeout' : 'n/a';
}

function report(results) {
  const w = results.find((r) => r.kind === 'with');
  const wo = results.find((r) => r.kind === 'without');
  const rows = [];
  const row = (what, withValue, withoutValue, target, ok) =>
    rows.push([what, withValue, withoutValue, target, ok === undefined ? '' : ok ? 'met' : 'NOT MET']);
  row('open → editor shown', w ? fmt(w.editorShownMs) : '', wo ? fmt(wo.editorShownMs) : '', '', undefined);
  if (w) row('open → first TagTree diagnostics', fmt(w.firstDiagnosticsMs), 'n/a', '≤ 2 s', w.firstDiagnosticsMs <= 2000);
  row('open → symbols in the Outline', w ? fmt(w.outlineMs) : '', wo ? fmt(wo.outlineMs) : '', '', undefined);
  if (w) {
    const s = w.keystrokeStats;
    row(`keystroke → Problems, median (n=${s.n})`, fmt(s.median), 'n/a', '≤ 150 ms', s.median <= 150);
    row('keystroke → Problems, p95', fmt(s.p95), 'n/a', '', undefined);
    row('keystroke → Problems, max', fmt(s.max), 'n/a', '≤ 500 ms', s.max <= 500);
    const k = w.keystrokePath;
    if (k !== undefined) {
      const mm = (x) => `${fmt(x.median)} / ${fmt(x.max)}`;
      row(`of which key → didChange sent (VS Code), median / max (n=${k.n})`, mm(k.toChange), 'n/a', '', undefined);
      row('of which the pull of that version (TagTree), median / max', mm(k.pulled), 'n/a', '', undefined);
      row('of which its answer → Problems (client, VS Code), median / max', mm(k.toPanel), 'n/a', '', undefined);
    }
  }
  const lt = (r, k) => (r ? `${r[k].over200} / ${fmt(r[k].max)}` : '');
  const stallOk = (k) => (w && wo ? w[k].over200 === 0 || w[k].max <= Math.max(STALL, wo[k].max) : undefined);
  row('keydown → handler (input delay), median / max', w ? `${fmt(w.inputDelay.median)} / ${fmt(w.inputDelay.max)}` : '', wo ? `${fmt(wo.inputDelay.median)} / ${fmt(wo.inputDelay.max)}` : '', '', undefined);
  row('long tasks on open: > 200 ms / max', lt(w, 'openLongTasks'), lt(wo, 'openLongTasks'), '', undefined);
  row('long tasks, keystrokes: > 200 ms / max', lt(w, 'keystrokeLongTasks'), lt(wo, 'keystrokeLongTasks'), 'no stall > 200 ms beyond the run without', stallOk('keystrokeLongTasks'));
  row('keystrokes followed by a stall > 200 ms', w ? `${w.keystrokesWithStall} of ${KEYSTROKES * 2}` : '', wo ? `${wo.keystrokesWithStall} of ${KEYSTROKES * 2}` : '', '', undefined);
  row('long tasks, typing 10 keys/s: > 200 ms / max', lt(w, 'typingLongTasks'), lt(wo, 'typingLongTasks'), 'no stall > 200 ms beyond the run without', stallOk('typingLongTasks'));
  if (w && w.typingLastKeyMs !== undefined) row('typing: last key → Problems', fmt(w.typingLastKeyMs), 'n/a', '', undefined);
  row('long tasks, after typing until no long task for 2 s: > 200 ms / max', lt(w, 'afterTypingLongTasks'), lt(wo, 'afterTypingLongTasks'), '', undefined);
  if (w) row('Outline rows shown', String(w.outlineRows), wo ? String(wo.outlineRows) : '', '', undefined);
  const header = ['measure', 'with TagTree', 'without TagTree', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((n) => '-'.repeat(n + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

const text = readFileSync(FILE, 'utf8');
const place = findTypingPlace(text);
log(`${basename(FILE)} (${(text.length / 1e6).toFixed(1)} M UTF-16 units): typing at ${place.line}:${place.column} ("${place.sample}…")`);
if (values.screenshots) mkdirSync(values.screenshots, { recursive: true });
const results = [];
let paces;
for (const kind of RUNS) {
  const r = await oneRun(kind, place, paces);
  if (r.paces) paces = r.paces;
  results.push(r);
}
const setup = [values.outline === 'closed' ? 'Outline closed' : 'Outline open', ...values.setting].join(', ');
console.log(`\nReal VS Code (code-server) on ${basename(FILE)} (${setup}); typing at line ${place.line}, column ${place.column}; ${KEYSTROKES} "<" and ${KEYSTROKES} Ctrl+Z.\n`);
report(results);
if (values.json) writeFileSync(values.json, JSON.stringify({ file: FILE, date: new Date().toISOString(), results }, null, 2));
