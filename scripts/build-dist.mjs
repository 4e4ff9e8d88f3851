#!/usr/bin/env node
/**
 * The release artifacts (`npm run dist`), each installable with no network
 * and no unpublished dependency:
 *
 *   dist/tagtree-<version>.tgz         the `tagtree` CLI and the `tagtree-lsp` server:
 *                                      esbuild bundles with the parser and every
 *                                      dependency inside (no `dependencies`)
 *   dist/tagtree-parser-<version>.tgz  `@tagtree/parser`: a CommonJS bundle of the parser with its dependencies
 *                                      inside (no `dependencies`), an ES module entry with the same named
 *                                      exports, the type declarations, and server/parser/README.md
 *   dist/tagtree-<version>.vsix        the VS Code extension (`npm run package`)
 *
 * Run `tsc -b` first (`npm run dist` does). Each package is staged in a
 * temporary folder and packed there with `npm pack`, so the checkout's own
 * package.json files (the extension manifest, the workspaces) are not changed.
 *
 * Usage: node scripts/build-dist.mjs [--out DIR] [--no-vsix]
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleFile } from './build-bundles.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function option(name) {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}

const OUT = resolve(option('--out') ?? join(ROOT, 'dist'));
const withVsix = !process.argv.includes('--no-vsix');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const manifest = readJson(join(ROOT, 'package.json'));
const serverPkg = readJson(join(ROOT, 'server', 'package.json'));
const parserPkg = readJson(join(ROOT, 'server', 'parser', 'package.json'));

/** What the published package.json files say about where the project lives. */
const COMMON = {
  license: manifest.license,
  repository: manifest.repository,
  engines: { node: manifest.engines.node },
};

function fail(message) {
  console.error(`dist: ${message}`);
  process.exit(1);
}

if (!existsSync(join(ROOT, 'server', 'parser', 'out', 'index.d.ts'))) fail('the parser is not compiled (server/parser/out/index.d.ts); run `npm run build` first.');

/** `npm pack` in `dir` into OUT; returns the file name npm chose. */
function pack(dir) {
  const r = spawnSync(npm, ['pack', '--pack-destination', OUT, '--json', '--ignore-scripts'], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) fail(`npm pack in ${dir} failed:\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(r.stdout)[0].filename;
}

async function cliPackage(stage) {
  const dir = join(stage, 'tagtree');
  mkdirSync(join(dir, 'lib'), { recursive: true });
  // cli.js starts the worker threads from worker.js beside it (check/pool.ts).
  for (const [entry, name] of [
    ['server/src/cli.ts', 'cli.js'],
    ['server/src/check/worker.ts', 'worker.js'],
    ['server/src/main.ts', 'main.js'],
  ]) {
    await bundleFile({ entry, outfile: join(dir, 'lib', name), mode: 0o755 });
  }
  const pkg = {
    name: 'tagtree',
    version: serverPkg.version,
    description: 'TagTree: the `tagtree` command-line checker and the `tagtree-lsp` language server for HTML, parsing as the WHATWG spec says.',
    ...COMMON,
    bin: { tagtree: 'lib/cli.js', 'tagtree-lsp': 'lib/main.js' },
    files: ['lib', 'schema'],
    keywords: manifest.keywords,
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
  copyFileSync(join(ROOT, 'LICENSE'), join(dir, 'LICENSE'));
  copyFileSync(join(ROOT, 'docs', 'cli.md'), join(dir, 'README.md'));
  if (existsSync(join(ROOT, 'schema'))) cpSync(join(ROOT, 'schema'), join(dir, 'schema'), { recursive: true });
  return pack(dir);
}

async function parserPackage(stage) {
  const dir = join(stage, 'parser');
  const out = join(dir, 'out');
  mkdirSync(dir, { recursive: true });
  // The type declarations tsc wrote (out/index.d.ts and the files it imports).
  cpSync(join(ROOT, 'server', 'parser', 'out'), out, { recursive: true, filter: (src) => statSync(src).isDirectory() || src.endsWith('.d.ts') });
  // The code: one CommonJS bundle of the parser's TypeScript source with its dependencies inside (bcp-47 and the
  // csstools CSS parsers, ES modules), so the package has no dependencies. Bundled from the ES module source, the
  // bundle lists its export names where Node's CommonJS lexer finds them.
  await bundleFile({ entry: 'server/parser/src/index.ts', outfile: join(out, 'index.js'), importMetaUrl: false });
  // The ES module entry: the same bundle's exports, by name (one copy of the code, so `instanceof` and the enums
  // agree whichever way a program loads it), with declarations that re-export the CommonJS ones.
  const names = Object.keys(createRequire(import.meta.url)(join(out, 'index.js'))).filter((name) => name !== 'default' && name !== '__esModule');
  if (!names.includes('parse')) fail(`the parser bundle exports no parse (${names.join(', ')})`);
  for (const name of names) if (!/^[A-Za-z_$][\w$]*$/.test(name)) fail(`the parser bundle exports a name an ES module cannot re-export: ${name}`);
  writeFileSync(
    join(out, 'index.mjs'),
    `// The ES module entry of @tagtree/parser: the named exports of the CommonJS bundle beside it.\nimport parser from './index.js';\n\nexport const {\n${names.map((n) => `  ${n},`).join('\n')}\n} = parser;\n`,
  );
  writeFileSync(join(out, 'index.d.mts'), "export * from './index.js';\n");
  const { dependencies: _dependencies, exports: _exports, ...own } = parserPkg;
  const pkg = {
    ...own,
    ...COMMON,
    main: 'out/index.js',
    types: 'out/index.d.ts',
    exports: {
      '.': {
        import: { types: './out/index.d.mts', default: './out/index.mjs' },
        require: { types: './out/index.d.ts', default: './out/index.js' },
      },
      './package.json': './package.json',
    },
    sideEffects: false,
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
  copyFileSync(join(ROOT, 'LICENSE'), join(dir, 'LICENSE'));
  // Its own README (server/parser/README.md): the API, an example, the options and what the offsets mean.
  copyFileSync(join(ROOT, 'server', 'parser', 'README.md'), join(dir, 'README.md'));
  return pack(dir);
}

function vsix() {
  const name = `${manifest.name}-${manifest.version}.vsix`;
  const r = spawnSync(npm, ['run', 'package', '--', '--out', join(OUT, name)], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) fail(`npm run package failed:\n${r.stdout}\n${r.stderr}`);
  return name;
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const stage = mkdtempSync(join(tmpdir(), 'tagtree-dist-'));
try {
  const files = [await cliPackage(stage), await parserPackage(stage)];
  if (withVsix) files.push(vsix());
  for (const f of files) console.log(`${relative(process.cwd(), join(OUT, f)) || f}  ${(statSync(join(OUT, f)).size / 1024).toFixed(0)} KB`);
  const extra = readdirSync(OUT).filter((f) => !files.includes(f));
  if (extra.length > 0) fail(`unexpected files in ${OUT}: ${extra.join(', ')}`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
