/**
 * A real editor: Neovim, headless, with its built-in LSP client, against
 * `tagtree-lsp --stdio`. It opens a fixture, edits it, and the diagnostics of
 * each version and the document symbols must arrive.
 *
 * When `nvim` is missing, scripts/ensure-neovim.sh installs Debian's package;
 * when that is impossible the test fails with the reason. It never skips.
 */
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, SERVER_MAIN } from './support/lsp-client';

function hasNvim(): boolean {
  return spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;
}

interface NvimDiagnostic {
  code: string;
  message: string;
  source: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

interface NvimResult {
  error?: string;
  published: { version: number; diagnostics: NvimDiagnostic[] }[];
  opened?: { version: number; diagnostics: NvimDiagnostic[] };
  edited?: { version: number; diagnostics: NvimDiagnostic[] };
  edited_version?: number;
  diagnostic_count_after_open?: number;
  symbols?: { name: string; children?: unknown[] }[] | null;
  buffer_text?: string;
  server_text?: string;
}

function runNvim(fixture: string, out: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('nvim', ['--headless', '--clean', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${join(ROOT, 'server', 'test', 'support', 'nvim-lsp.lua')}`], {
      env: {
        ...process.env,
        TAGTREE_LSP_CMD: JSON.stringify([process.execPath, SERVER_MAIN, '--stdio']),
        TAGTREE_FIXTURE: fixture,
        TAGTREE_OUT: out,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => (stderr += s));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
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
    const text = readFileSync(join(ROOT, 'test-fixtures', 'lsp', 'nvim-edit.html'), 'utf8');
    writeFileSync(fixture, text);
    const out = join(workdir, 'result.json');
    const run = await runNvim(fixture, out);
    let raw: string;
    try {
      raw = readFileSync(out, 'utf8');
    } catch {
      throw new Error(`Neovim wrote no result (exit ${run.code}): ${run.stderr}`);
    }
    result = JSON.parse(raw) as NvimResult;
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
});
