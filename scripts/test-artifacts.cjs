/**
 * The release files for the tests: `scripts/build-dist.mjs` (both tarballs
 * and the .vsix, exactly what `npm run dist` writes), built once per test run
 * and shared by every test file that needs them (server/test/dist.test.ts,
 * client/test/support/vsix.ts), also when mocha runs the files in parallel
 * workers: the build writes the extension's bundles into the checkout, so two
 * at once would race.
 *
 * `npm test` loads scripts/mocha-setup.cjs, which makes one folder per run
 * and names it in TAGTREE_TEST_RUN_DIR; the first worker to ask builds there
 * (holding a lock directory), the others wait for it. Without that variable
 * (one test file run alone) each process builds its own, in a temporary
 * folder removed when it exits.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..');
let ownRunDir;

function runDir() {
  const shared = process.env.TAGTREE_TEST_RUN_DIR;
  if (shared !== undefined && shared !== '') return shared;
  if (ownRunDir === undefined) {
    ownRunDir = mkdtempSync(join(tmpdir(), 'tagtree-test-run-'));
    const dir = ownRunDir;
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return ownRunDir;
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * The folder holding what `node scripts/build-dist.mjs --out DIR` wrote, and
 * that command's output. Throws with the build's output when it failed.
 */
function releaseArtifacts() {
  const base = runDir();
  const out = join(base, 'dist');
  const done = join(base, 'dist.done.json');
  const lock = join(base, 'dist.lock');
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    if (existsSync(done)) {
      const result = JSON.parse(readFileSync(done, 'utf8'));
      if (result.status !== 0) throw new Error(`scripts/build-dist.mjs failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
      return { dir: out, stdout: result.stdout };
    }
    try {
      mkdirSync(lock);
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (Date.now() > deadline) throw new Error(`waited 15 minutes for another test process to build the release files in ${out}`);
      sleep(200);
      continue;
    }
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-dist.mjs'), '--out', out], { cwd: ROOT, encoding: 'utf8' });
    writeFileSync(done, JSON.stringify({ status: r.status ?? `signal ${r.signal}`, stdout: r.stdout, stderr: r.stderr || (r.error ? String(r.error) : '') }));
  }
}

module.exports = { releaseArtifacts };
