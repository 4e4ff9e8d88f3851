/**
 * The .vsix of the release files (scripts/build-dist.mjs, which runs `npm run
 * package`, exactly what a release runs), built once per test run and shared
 * with the other test files (scripts/test-artifacts.cjs), unzipped into a
 * temporary folder outside the repository, which is removed when the process
 * exits.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readManifest, REPO_ROOT } from './paths';
import { readZip, type ZipEntry } from './zip';

export interface PackagedExtension {
  /** The .vsix file name npm run dist chose. */
  fileName: string;
  vsix: Buffer;
  entries: ZipEntry[];
  /** The unzipped `extension/` folder, as VS Code installs it. */
  extensionDir: string;
}

let packaged: PackagedExtension | undefined;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { releaseArtifacts } = require(join(REPO_ROOT, 'scripts', 'test-artifacts.cjs')) as { releaseArtifacts(): { dir: string } };

export function packageExtension(): PackagedExtension {
  if (packaged !== undefined) return packaged;
  const { dir } = releaseArtifacts();
  const files = readdirSync(dir).filter((f) => f.endsWith('.vsix'));
  assert.equal(files.length, 1, `npm run dist writes one .vsix: ${files.join(', ')}`);
  const vsix = readFileSync(join(dir, files[0]));
  const entries = readZip(vsix);
  const work = mkdtempSync(join(tmpdir(), 'tagtree-vsix-'));
  process.on('exit', () => rmSync(work, { recursive: true, force: true }));
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
