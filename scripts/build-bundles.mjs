#!/usr/bin/env node
/**
 * Bundles what the VS Code extension ships, each into one CommonJS file with
 * every dependency inside (esbuild):
 *
 *   client/src/extension.ts -> client/out/extension.js   (`vscode` stays external: VS Code provides it)
 *   server/src/main.ts      -> server/out/server.js      (run as `node server.js --node-ipc | --stdio`)
 *
 * `@tagtree/parser` resolves through the workspace symlink to its compiled
 * `server/parser/out`, so run `tsc -b` first (`npm run bundle` does).
 *
 * Each bundle ends with the license notices of the npm packages inside it.
 *
 * Usage: node scripts/build-bundles.mjs [--dev]   (--dev: no minifying, inline source maps)
 */
import { build } from 'esbuild';
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');

const BUNDLES = [
  { name: 'client', entry: 'client/src/extension.ts', outfile: 'client/out/extension.js', external: ['vscode'] },
  { name: 'server', entry: 'server/src/main.ts', outfile: 'server/out/server.js', external: [] },
];

/** The npm packages whose files are in a bundle, from esbuild's metafile. */
function packagesIn(metafile) {
  const found = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    // The innermost package: node_modules/a/node_modules/b/x.js is in b.
    const matches = [...input.matchAll(/(?<=^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//g)];
    const m = matches[matches.length - 1];
    if (m === undefined) continue;
    const dir = resolve(ROOT, input.slice(0, m.index + m[0].length));
    const key = `${m[1]} ${dir}`;
    if (!found.has(key)) found.set(key, { name: m[1], dir });
  }
  return [...found.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A trailing comment with each bundled package's name, version, license and license text. */
function licenseNotices(metafile) {
  const parts = [];
  for (const { name, dir } of packagesIn(metafile)) {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const licenseFile = readdirSync(dir).find((f) => /^licen[cs]e(\.(md|txt))?$/i.test(f) && statSync(join(dir, f)).isFile());
    const text = licenseFile === undefined ? `(${pkg.license ?? 'no license given'})` : readFileSync(join(dir, licenseFile), 'utf8').trim();
    parts.push(`${name}@${pkg.version} (${pkg.license ?? 'unknown'})\n\n${text.replace(/\*\//g, '* /')}`);
  }
  if (parts.length === 0) return '';
  return `\n/*! Third-party packages bundled in this file:\n\n${parts.join('\n\n---\n\n')}\n*/\n`;
}

/**
 * Bundles `entry` (relative to the repository root) into the one CommonJS
 * file `outfile`, with every dependency but `external` inside and the
 * license notices of the npm packages inside at its end. Also used by
 * scripts/build-dist.mjs for the release tarball.
 */
export async function bundleFile({ entry, outfile, external = [], dev = false, mode, importMetaUrl = true }) {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external,
    minify: !dev,
    keepNames: true,
    sourcemap: dev ? 'inline' : false,
    legalComments: 'none',
    // ES module dependencies (fdir, under tinyglobby) read import.meta.url, which a CommonJS file lacks. (Not for
    // the parser's bundle, which must require no Node built-in: none of its dependencies reads it.)
    ...(importMetaUrl ? { banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" }, define: { 'import.meta.url': '__importMetaUrl' } } : {}),
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  const text = result.outputFiles[0].text + licenseNotices(result.metafile);
  mkdirSync(dirname(resolve(ROOT, outfile)), { recursive: true });
  writeFileSync(resolve(ROOT, outfile), text, mode === undefined ? undefined : { mode });
  return { bytes: Buffer.byteLength(text), packages: packagesIn(result.metafile).length };
}

async function bundle({ name, entry, outfile, external }) {
  const { bytes, packages } = await bundleFile({ entry, outfile, external, dev });
  console.log(`${name}: ${relative(ROOT, resolve(ROOT, outfile))} (${(bytes / 1024).toFixed(0)} KB, ${packages} npm packages inside)`);
}

async function main() {
  let failed = false;
  for (const b of BUNDLES) {
    if (!existsSync(resolve(ROOT, b.entry))) {
      console.error(`${b.name}: cannot bundle: ${b.entry} does not exist (the ${b.name} entry point is not written yet).`);
      failed = true;
      continue;
    }
    if (b.name === 'server' && !existsSync(resolve(ROOT, 'server/parser/out/index.js'))) {
      console.error('server: cannot bundle: @tagtree/parser is not compiled (server/parser/out/index.js); run `npx tsc -b` first.');
      failed = true;
      continue;
    }
    try {
      await bundle(b);
    } catch (e) {
      // esbuild has already printed the errors.
      console.error(`${b.name}: bundling failed${e?.errors ? '' : `: ${e?.message ?? e}`}`);
      failed = true;
    }
  }
  if (failed) process.exitCode = 1;
}

// Run as a script; scripts/build-dist.mjs imports bundleFile.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
