/**
 * The release artifacts (`npm run dist`, scripts/build-dist.mjs), installed
 * as a user would with the network off: `npm install -g --prefix … --offline`
 * of the two tarballs into a temporary prefix (with the registry pointed at a
 * closed port, so that any attempt to fetch fails), then the installed
 * `tagtree check` on the README's sample, the installed `tagtree-lsp
 * --stdio` through initialize and diagnostics, and the installed parser
 * library with its types. The .vsix is built once, here, and checked to exist;
 * client/test/vsix.test.ts checks its contents.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './support/lsp-client';

const ROOT = resolve(__dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const SAMPLE = join(ROOT, 'test-fixtures', 'sample.html');

describe('release artifacts (npm run dist), installed offline', function () {
  this.timeout(600_000);
  let work: string;
  let out: string;
  let prefix: string;
  const bin = (name: string) => join(prefix, process.platform === 'win32' ? '' : 'bin', process.platform === 'win32' ? `${name}.cmd` : name);

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'tagtree-dist-test-'));
    out = join(work, 'dist');
    prefix = join(work, 'prefix');
    const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-dist.mjs'), '--out', out], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(built.status, 0, `build-dist.mjs failed:\n${built.stdout}\n${built.stderr}`);
    const install = spawnSync(
      npm,
      ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(out, `tagtree-${version}.tgz`), join(out, `tagtree-parser-${version}.tgz`)],
      // A closed port as the registry: with --offline npm must not need it, and could not reach it.
      { cwd: work, encoding: 'utf8', env: { ...process.env, npm_config_registry: 'http://127.0.0.1:9/' } },
    );
    assert.equal(install.status, 0, `offline install failed:\n${install.stdout}\n${install.stderr}`);
    console.log(`      dist: ${readdirSync(out).map((f) => `${f} (${statSync(join(out, f)).size} bytes)`).join(', ')}; ${install.stdout.trim()}`);
  });

  after(() => rmSync(work, { recursive: true, force: true }));

  it('writes the CLI and server tarball, the parser tarball and the .vsix, and nothing else', () => {
    assert.deepEqual(readdirSync(out).sort(), [`tagtree-${version}.tgz`, `tagtree-${version}.vsix`, `tagtree-parser-${version}.tgz`]);
  });

  it('the tagtree package depends on nothing: the parser and every library are bundled', () => {
    const pkg = JSON.parse(readFileSync(join(prefix, 'lib', 'node_modules', 'tagtree', 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(pkg.dependencies, undefined);
    assert.deepEqual(pkg.bin, { tagtree: 'lib/cli.js', 'tagtree-lsp': 'lib/main.js' });
    assert.ok(existsSync(join(prefix, 'lib', 'node_modules', 'tagtree', 'schema', 'tagtree.schema.json')));
  });

  it('the installed tagtree check reports the sample\'s errors and exits 1', () => {
    const r = spawnSync(bin('tagtree'), ['check', '--no-progress', 'sample.html'], { cwd: join(ROOT, 'test-fixtures'), encoding: 'utf8' });
    assert.equal(r.status, 1, r.stderr);
    const lines = r.stdout.trim().split('\n');
    // docs/extension.md's sample: the duplicate alt at line 8, column 26; five errors in all.
    assert.equal(lines.length, 5, r.stdout);
    assert.ok(lines.includes('sample.html:8:26: error duplicate-attribute: Duplicate attribute "alt": the browser keeps the first one and ignores this one'), r.stdout);
    assert.match(r.stderr, /^5 errors and 0 warnings in 1 file; 1 file checked/);
    const v = spawnSync(bin('tagtree'), ['--version'], { encoding: 'utf8' });
    assert.equal(v.stdout.trim(), version);
  });

  it('the installed tagtree check runs its worker threads (8 files or more) from the bundle', () => {
    const site = join(work, 'site');
    mkdirSync(site);
    for (let i = 0; i < 8; i++) copyFileSync(SAMPLE, join(site, `page${i}.html`));
    const r = spawnSync(bin('tagtree'), ['check', '--no-progress', '-j', '2', '.'], { cwd: site, encoding: 'utf8' });
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stdout.trim().split('\n').length, 40, r.stdout);
    assert.match(r.stderr, /^40 errors and 0 warnings in 8 files; 8 files checked/);
  });

  it('the installed tagtree-lsp --stdio answers initialize and publishes the sample\'s diagnostics', async () => {
    const client = await LspClient.start({ command: bin('tagtree-lsp'), args: ['--stdio'] });
    try {
      assert.deepEqual(client.initializeResult.serverInfo, { name: 'tagtree-lsp', version });
      const d = await client.open(pathToFileURL(SAMPLE).href, readFileSync(SAMPLE, 'utf8'));
      assert.deepEqual(
        d.diagnostics.map((x) => `${x.range.start.line + 1}:${x.range.start.character + 1} ${String(x.code)}`),
        // The Problems panel of docs/extension.md.
        ['7:9 missing-semicolon-after-character-reference', '7:20 missing-semicolon-after-character-reference', '7:49 misnested-formatting-element', '7:53 stray-end-tag', '8:26 duplicate-attribute'],
      );
    } finally {
      assert.equal(await client.stop(), 0);
    }
  });

  it('the installed @tagtree/parser parses, with its types', () => {
    const dir = join(prefix, 'lib', 'node_modules', '@tagtree', 'parser');
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { types: string; dependencies?: unknown };
    assert.equal(pkg.dependencies, undefined);
    assert.ok(existsSync(join(dir, pkg.types)), pkg.types);
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const parser = require(dir) as typeof import('@tagtree/parser');
    assert.deepEqual(
      parser.parse('<p>One<p>Two &amp three</b>').errors.map((e) => e.code),
      ['missing-doctype', 'missing-semicolon-after-character-reference', 'stray-end-tag'],
    );
  });
});
