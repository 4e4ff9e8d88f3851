/**
 * The release artifacts (`npm run dist`, scripts/build-dist.mjs), installed
 * as a user would with the network off: `npm install -g --prefix … --offline`
 * of the two tarballs into a temporary prefix (with the registry pointed at a
 * closed port, so that any attempt to fetch fails), then the installed
 * `tagtree check` on the README's sample, the installed `tagtree-lsp
 * --stdio` through initialize and diagnostics, and the installed parser
 * library with its types. The files are built once per test run
 * (scripts/test-artifacts.cjs) for this file and client/test/vsix.test.ts,
 * which checks the .vsix's contents.
 *
 * The parser tarball is also installed offline into an empty project, as its
 * README says, and the README's examples run there as written: the CommonJS
 * one, the ES module one (their output must be the README's), and the
 * TypeScript one compiled as CommonJS and as an ES module with
 * `moduleResolution` `node16` and `bundler`.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './support/lsp-client';

const ROOT = resolve(__dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const SAMPLE = join(ROOT, 'test-fixtures', 'sample.html');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { releaseArtifacts } = require(join(ROOT, 'scripts', 'test-artifacts.cjs')) as { releaseArtifacts(): { dir: string } };

/** The fenced block after `<!-- example: NAME` in a README. */
function example(readme: string, name: string): string {
  const marker = readme.indexOf(`<!-- example: ${name}`);
  assert.ok(marker >= 0, `the README has no "example: ${name}" block`);
  const m = /```[a-z]*\n([\s\S]*?)```/.exec(readme.slice(marker));
  assert.ok(m !== null, `no fenced block after "example: ${name}"`);
  return m[1];
}

/** Runs a command; fails with its output unless it exits 0; returns its stdout. */
function run(command: string, args: string[], cwd: string): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_registry: 'http://127.0.0.1:9/' } });
  assert.equal(r.status, 0, `${command} ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

describe('release artifacts (npm run dist), installed offline', function () {
  this.timeout(600_000);
  let work: string;
  let out: string;
  let prefix: string;
  const bin = (name: string) => join(prefix, process.platform === 'win32' ? '' : 'bin', process.platform === 'win32' ? `${name}.cmd` : name);

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'tagtree-dist-test-'));
    // build-dist.mjs's output, built once per test run for this file and the .vsix tests (scripts/test-artifacts.cjs).
    out = releaseArtifacts().dir;
    prefix = join(work, 'prefix');
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
    // Its README (docs/cli.md) links only to absolute URLs and within itself: the package holds no other document.
    const readme = readFileSync(join(prefix, 'lib', 'node_modules', 'tagtree', 'README.md'), 'utf8');
    for (const [, target] of readme.matchAll(/\]\(([^)\s]+)\)/g)) assert.match(target, /^(https:\/\/|#)/, target);
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

  describe('@tagtree/parser installed offline into an empty project, as its README says', () => {
    let app: string;
    let readme: string;

    before(() => {
      app = join(work, 'app');
      mkdirSync(app);
      writeFileSync(join(app, 'package.json'), '{ "name": "app", "version": "1.0.0", "private": true }\n');
      run(npm, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(out, `tagtree-parser-${version}.tgz`)], app);
      readme = readFileSync(join(app, 'node_modules', '@tagtree', 'parser', 'README.md'), 'utf8');
    });

    it('the tarball carries its own README (API, example, options, offsets), a CommonJS and an ES module entry, and no dependencies', () => {
      const dir = join(app, 'node_modules', '@tagtree', 'parser');
      for (const heading of ['## Example', '## What the offsets mean', '## API', '## Options']) assert.ok(readme.includes(`\n${heading}\n`), heading);
      // It links only to absolute URLs: the tarball holds no other document.
      for (const [, target] of readme.matchAll(/\]\(([^)]+)\)/g)) assert.match(target, /^https:\/\//, target);
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: unknown; exports: Record<string, Record<string, Record<string, string>>> };
      assert.equal(pkg.dependencies, undefined);
      for (const condition of ['import', 'require']) {
        for (const file of Object.values(pkg.exports['.'][condition])) assert.ok(existsSync(join(dir, file)), `${condition}: ${file}`);
      }
    });

    it('runs the README example as written, as CommonJS and as an ES module, with the output the README shows', () => {
      const expected = example(readme, 'output');
      writeFileSync(join(app, 'example.cjs'), example(readme, 'cjs'));
      writeFileSync(join(app, 'example.mjs'), example(readme, 'esm'));
      assert.match(example(readme, 'cjs'), /require\('@tagtree\/parser'\)/);
      assert.match(example(readme, 'esm'), /^import \{[^}]+\} from '@tagtree\/parser';/);
      assert.equal(run(process.execPath, ['example.cjs'], app), expected);
      assert.equal(run(process.execPath, ['example.mjs'], app), expected);
    });

    it('TypeScript finds the types (node16 as CommonJS and as an ES module, bundler), and the TypeScript example runs', () => {
      const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
      const expected = example(readme, 'ts output');
      const source = example(readme, 'ts');
      // No skipLibCheck: the package's declarations are checked too. @types/node from this checkout, for `console`.
      const common = { target: 'ES2022', strict: true, typeRoots: [join(ROOT, 'node_modules', '@types')], types: ['node'] };
      // node16: the example as a CommonJS module (.cts) and as an ES module (.mts) in one program, compiled and run.
      const node16 = join(app, 'ts-node16');
      mkdirSync(node16);
      writeFileSync(join(node16, 'example.cts'), source);
      writeFileSync(join(node16, 'example.mts'), source);
      writeFileSync(join(node16, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...common, module: 'node16', moduleResolution: 'node16', outDir: 'out' }, files: ['example.cts', 'example.mts'] }));
      run(process.execPath, [tsc, '-p', node16], app);
      assert.equal(run(process.execPath, [join(node16, 'out', 'example.cjs')], app), expected, 'node16, CommonJS');
      assert.equal(run(process.execPath, [join(node16, 'out', 'example.mjs')], app), expected, 'node16, ES module');
      // bundler: the example type-checks; a consumer's type error beside it is caught (the declarations are read).
      const bundler = join(app, 'ts-bundler');
      mkdirSync(bundler);
      writeFileSync(join(bundler, 'example.ts'), source);
      writeFileSync(join(bundler, 'wrong.ts'), "import { parse } from '@tagtree/parser';\nexport const n: string = parse('').errors.length;\n");
      writeFileSync(join(bundler, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...common, module: 'preserve', moduleResolution: 'bundler', noEmit: true }, files: ['example.ts', 'wrong.ts'] }));
      const checked = spawnSync(process.execPath, [tsc, '-p', '.'], { cwd: bundler, encoding: 'utf8' });
      assert.deepEqual(
        checked.stdout.trim().split('\n'),
        ["wrong.ts(2,14): error TS2322: Type 'number' is not assignable to type 'string'."],
        checked.stdout,
      );
    });
  });
});
