/**
 * Builds the .vsix once per test run with `npm run package` (exactly what a
 * release runs), and unzips it into a temporary folder outside the repository,
 * which is removed when the process exits.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readManifest, REPO_ROOT } from './paths';
import { readZip, type ZipEntry } from './zip';

export interface PackagedExtension {
  /** The .vsix file name npm run package chose. */
  fileName: string;
  vsix: Buffer;
  entries: ZipEntry[];
  /** The unzipped `extension/` folder, as VS Code installs it. */
  extensionDir: string;
}

let packaged: PackagedExtension | undefined;

export function packageExtension(): PackagedExtension {
  if (packaged !== undefined) return packaged;
  const work = mkdtempSync(join(tmpdir(), 'tagtree-vsix-'));
  process.on('exit', () => rmSync(work, { recursive: true, force: true }));
  const out = join(work, 'out');
  mkdirSync(out);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['run', 'package', '--', '--out', out], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status !== 0) throw new Error(`npm run package exited with ${run.status}:\n${run.stdout}\n${run.stderr}`);
  const files = readdirSync(out);
  assert.equal(files.length, 1, `npm run package writes one file: ${files.join(', ')}`);
  const vsix = readFileSync(join(out, files[0]));
  const entries = readZip(vsix);
  const unzipped = join(work, 'unzipped');
  for (const entry of entries) {
    const target = join(unzipped, entry.name);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, entry.data);
  }
  packaged = { fileName: files[0], vsix, entries, extensionDir: join(unzipped, 'extension') };
  return packaged;
}

export function expectedFileName(): string {
  const manifest = readManifest();
  return `${manifest.name}-${manifest.version}.vsix`;
}
