/**
 * A real editor: Neovim, headless, with its built-in LSP client, against
 * `tagtree-lsp --stdio`, configured by the Neovim recipe of docs/editors.md
 * exactly as written there (loaded as Neovim's init file, with a
 * `tagtree-lsp` command on PATH). It opens a fixture, edits it, and the
 * diagnostics of each version and the document symbols must arrive; then in
 * a real Django template (`{% block %}` tags: Neovim detects the filetype
 * htmldjango, served through the recipe's tagtree.languageIds, which
 * Neovim 0.7 can only pass as init_options) it gets the diagnostics graded
 * by the recipe's severities, completes a tag after `<` inside a `<ul>`,
 * renames two tag pairs and is refused a third rename.
 *
 * `TAGTREE_NVIM_TRANSCRIPT=FILE` writes the session as a transcript:
 *   npm run build && TAGTREE_NVIM_TRANSCRIPT=nvim-session.txt npx mocha --no-config --timeout 0 server/out-test/lsp-neovim.test.js
 *
 * When `nvim` is missing, scripts/ensure-neovim.sh installs Debian's package;
 * when that is impossible the test fails with the reason. It never skips.
 */
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { ROOT, SERVER_MAIN } from './support/lsp-client';

function hasNvim(): boolean {
  return spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;
}

interface NvimDiagnostic {
  code: string;
  message: string;
  source: string;
  severity: number;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

interface NvimAuthoring {
  before: string[];
  filetype: string;
  diagnostics: NvimDiagnostic[];
  completion_position: { line: number; character: number };
  completion: { label: string; detail: string }[];
  completion_count: number;
  after_completion: string[];
  after_typing: string[];
  after_rename: string[];
  after_end_tag_rename: string[];
  after_refused_rename: string[];
  refusals: string[];
}

interface NvimResult {
  error?: string;
  nvim_version?: string;
  filetype?: string;
  server_log?: string[];
  authoring?: NvimAuthoring;
  notified?: { message: string; level: number }[];
  published: { version: number; diagnostics: NvimDiagnostic[] }[];
  opened?: { version: number; diagnostics: NvimDiagnostic[] };
  edited?: { version: number; diagnostics: NvimDiagnostic[] };
  edited_version?: number;
  diagnostic_count_after_open?: number;
  symbols?: { name: string; children?: unknown[] }[] | null;
  buffer_text?: string;
  server_text?: string;
}

/** The Lua recipe docs/editors.md marks as the one this test runs. */
function documentedRecipe(): string {
  const doc = readFileSync(join(ROOT, 'docs', 'editors.md'), 'utf8');
  const marker = doc.indexOf('<!-- The Neovim test runs this recipe');
  assert.ok(marker >= 0, 'docs/editors.md has no recipe marked for the Neovim test');
  const m = /```lua\n([\s\S]*?)```/.exec(doc.slice(marker));
  assert.ok(m !== null, 'no lua block after the marker in docs/editors.md');
  return m[1];
}

function runNvim(workdir: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  // The recipe runs `tagtree-lsp --stdio`: a command on PATH that runs this checkout's server.
  const bin = join(workdir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'tagtree-lsp'), `#!/bin/sh\nexec '${process.execPath}' '${SERVER_MAIN}' "$@"\n`);
  chmodSync(join(bin, 'tagtree-lsp'), 0o755);
  const init = join(workdir, 'init.lua');
  writeFileSync(init, documentedRecipe());
  return new Promise((resolve) => {
    const child = spawn('nvim', ['--headless', '-u', init, '-i', 'NONE', '-n', '-c', `luafile ${join(ROOT, 'server', 'test', 'support', 'nvim-lsp.lua')}`], {
      cwd: workdir,
      env: { ...process.env, ...env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => (stderr += s));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** Lines that differ between two versions of a buffer, as `N: before → after`. */
function changes(before: string[], after: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    if (before[i] !== after[i]) out.push(`  ${i + 1}: ${before[i] ?? ''}  →  ${after[i] ?? ''}`);
  }
  return out;
}

/** The session as a reader follows it. */
function transcript(result: NvimResult): string {
  const a = result.authoring!;
  const p = a.completion_position;
  return [
    `Neovim ${result.nvim_version} --headless, configured by the Neovim recipe of docs/editors.md; tagtree-lsp --stdio`,
    '',
    `:edit nvim-authoring.html   (filetype ${a.filetype}, detected by Neovim; served through the recipe's init_options)`,
    ...a.before.map((l, i) => `  ${String(i + 1).padStart(2)} | ${l}`),
    '',
    'The server\'s log (window/logMessage):',
    ...(result.server_log ?? []).map((l) => `  ${l}`),
    '',
    'textDocument/publishDiagnostics:',
    ...a.diagnostics.map((d) => `  ${d.range.start.line + 1}:${d.range.start.character + 1} ${['', 'error', 'warning', 'information', 'hint'][d.severity]} ${d.code}: ${d.message}`),
    `  (none on line ${a.before.findIndex((l) => l.includes('tagtree-disable-next-line')) + 2}: the comment above it suppresses its duplicate-attribute)`,
    '',
    `textDocument/completion at ${p.line + 1}:${p.character + 1}, right after "<" inside <ul>: ${a.completion_count} items, first:`,
    ...a.completion.map((c) => `  ${c.label.padEnd(10)} ${c.detail}`),
    `accept "${a.completion[0].label}":`,
    ...changes(a.before, a.after_completion),
    'type ">two</li>":',
    ...changes(a.after_completion, a.after_typing),
    '',
    ":lua vim.lsp.buf.rename('ol')   (cursor on the name in <ul>)",
    ...changes(a.after_typing, a.after_rename),
    ":lua vim.lsp.buf.rename('strong')   (cursor on the name in </b>)",
    ...changes(a.after_rename, a.after_end_tag_rename),
    ":lua vim.lsp.buf.rename('div')   (cursor on the name of the <p> on line 8, which has no end tag)",
    ...(changes(a.after_end_tag_rename, a.after_refused_rename).length === 0 ? ['  (the buffer is unchanged)'] : changes(a.after_end_tag_rename, a.after_refused_rename)),
    ...a.refusals.map((m) => `  message: ${m}`),
    '',
  ].join('\n');
}

describe('tagtree-lsp in Neovim (headless, built-in LSP client)', function () {
  this.timeout(180_000);
  let result: NvimResult;
  let workdir: string;

  before(async () => {
    if (!hasNvim()) {
      const install = spawnSync('bash', [join(ROOT, 'scripts', 'ensure-neovim.sh')], { encoding: 'utf8', timeout: 150_000 });
      if (!hasNvim()) {
        throw new Error(`Neovim is required for this test and could not be installed: ${install.stderr.trim() || install.error?.message || `exit ${install.status}`}`);
      }
    }
    workdir = mkdtempSync(join(tmpdir(), 'tagtree-nvim-'));
    const fixture = join(workdir, 'nvim-edit.html');
    writeFileSync(fixture, readFileSync(join(ROOT, 'test-fixtures', 'lsp', 'nvim-edit.html'), 'utf8'));
    const authoring = join(workdir, 'nvim-authoring.html');
    writeFileSync(authoring, readFileSync(join(ROOT, 'test-fixtures', 'lsp', 'nvim-authoring.html'), 'utf8'));
    const out = join(workdir, 'result.json');
    const run = await runNvim(workdir, { TAGTREE_FIXTURE: fixture, TAGTREE_AUTHORING: authoring, TAGTREE_OUT: out });
    let raw: string;
    try {
      raw = readFileSync(out, 'utf8');
    } catch {
      throw new Error(`Neovim wrote no result (exit ${run.code}): ${run.stderr}`);
    }
    result = JSON.parse(raw) as NvimResult;
    const file = process.env.TAGTREE_NVIM_TRANSCRIPT;
    if (file !== undefined && file !== '' && result.authoring !== undefined) writeFileSync(file, transcript(result));
  });

  after(() => {
    if (workdir) rmSync(workdir, { recursive: true, force: true });
  });

  it('runs the script without errors', () => {
    assert.equal(result.error, undefined, result.error);
  });

  it('receives the diagnostics of the opened file, with precise ranges', () => {
    const opened = result.opened!;
    assert.deepEqual(
      opened.diagnostics.map((d) => [d.code, d.range, d.source]),
      [['missing-semicolon-after-character-reference', { start: { line: 2, character: 8 }, end: { line: 2, character: 12 } }, 'tagtree']],
    );
    assert.equal(result.diagnostic_count_after_open, 1);
  });

  it('receives the diagnostics of the edited version, and the server holds the buffer text', () => {
    const edited = result.edited!;
    assert.equal(edited.version, result.edited_version);
    assert.deepEqual(
      edited.diagnostics.map((d) => [d.code, d.range]),
      [['duplicate-attribute', { start: { line: 4, character: 11 }, end: { line: 4, character: 18 } }]],
    );
    assert.equal(result.server_text, `${result.buffer_text}\n`);
  });

  it('receives the document symbols of the DOM the parser built', () => {
    assert.ok(Array.isArray(result.symbols), `symbols: ${JSON.stringify(result.symbols)}`);
    type Sym = { name: string; children?: Sym[] };
    const outline = (list: Sym[]): string => list.map((s) => (s.children?.length ? `${s.name}(${outline(s.children)})` : s.name)).join(' ');
    // html, head and body are implied; the <li>s are siblings, as the browser builds them.
    assert.equal(outline(result.symbols as Sym[]), 'html(head(title) body(p ul(li li) p))');
  });

  it('detects the files\' filetypes as html and htmldjango, and the server reads the recipe\'s init_options', () => {
    assert.equal(result.filetype, 'html');
    assert.equal(result.authoring!.filetype, 'htmldjango');
    assert.ok(
      result.server_log?.includes('Settings: from initializationOptions (the client does not answer workspace/configuration).'),
      JSON.stringify(result.server_log),
    );
    assert.ok(!result.server_log?.some((l) => l.startsWith('Not serving')), JSON.stringify(result.server_log));
  });

  it('publishes the diagnostics of the Django template, graded by the recipe, but the one a tagtree-disable-next-line comment suppresses', () => {
    const a = result.authoring!;
    assert.deepEqual(
      a.diagnostics.map((d) => [d.code, d.range.start.line, d.severity]),
      [
        ['invalid-first-character-of-tag-name', 4, 1],
        // Line 11 (0-based 10) has the same duplicate attribute as line 10, whose comment suppresses it.
        ['duplicate-attribute', 10, 1],
        // The conformance checks (on by default): that "<" is text in the ul, whose content model is
        // "Zero or more li and script-supporting elements" (https://html.spec.whatwg.org/multipage/grouping-content.html#the-ul-element);
        // a warning (2), as the recipe's init_options say.
        ['text-not-allowed', 4, 2],
      ],
    );
  });

  it('completes after "<" inside a <ul> with what a ul may contain first, and the accepted item is inserted', () => {
    const a = result.authoring!;
    assert.deepEqual(a.completion_position, { line: 4, character: 3 });
    // The spec: ul "Zero or more li and script-supporting elements".
    assert.deepEqual(a.completion.slice(0, 4).map((c) => [c.label, c.detail]), [
      ['li', 'allowed in <ul>'],
      ['script', 'allowed in <ul>'],
      ['template', 'allowed in <ul>'],
      ['a', 'not allowed in <ul> by its content model'],
    ]);
    assert.equal(a.after_completion[4], '  <li');
    assert.equal(a.after_typing[4], '  <li>two</li>');
  });

  it('renames a tag pair from its start tag and from its end tag, as the parser paired them', () => {
    const a = result.authoring!;
    assert.deepEqual(changes(a.after_typing, a.after_rename), ['  3: <ul>  →  <ol>', '  6: </ul>  →  </ol>']);
    assert.deepEqual(changes(a.after_rename, a.after_end_tag_rename), ['  7: <p>Some <b>bold</b> text  →  <p>Some <strong>bold</strong> text']);
  });

  it('shows why it refuses to rename an element without an end tag, and changes nothing', () => {
    const a = result.authoring!;
    assert.deepEqual(a.after_refused_rename, a.after_end_tag_rename);
    assert.ok(
      a.refusals.some((m) => m.includes('<p> has no end tag: the parser closed it without one, so there is no tag pair to rename')),
      JSON.stringify(result.notified),
    );
  });
});
