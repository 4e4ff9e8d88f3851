/**
 * The checkout as the docs describe it: the committed package-lock.json is
 * what npm would write for the committed package.json files, and the
 * commands `npm ci` links (`npx tagtree`, `npx tagtree-lsp`) run.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The package.json of the root and of every workspace it names. */
function manifests(): string[] {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return ['package.json', ...root.workspaces.map((w) => `${w}/package.json`)];
}

describe('package-lock.json', function () {
  this.timeout(120_000);

  it('is what `npm install --package-lock-only` writes for the committed package.json files', () => {
    // On a copy: the test never writes to the checkout.
    const work = mkdtempSync(join(tmpdir(), 'tagtree-lock-'));
    try {
      for (const file of [...manifests(), 'package-lock.json']) {
        mkdirSync(dirname(join(work, file)), { recursive: true });
        copyFileSync(join(ROOT, file), join(work, file));
      }
      const args = ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--omit-lockfile-registry-resolved=false'];
      // The npm cache normally holds every manifest (npm ci filled it); go to the registry only when it does not.
      let r = spawnSync(npm, [...args, '--offline'], { cwd: work, encoding: 'utf8' });
      if (r.status !== 0) r = spawnSync(npm, args, { cwd: work, encoding: 'utf8' });
      assert.equal(
        r.status,
        0,
        `npm install --package-lock-only failed, offline and online, so the lock file could not be checked:\n${r.stdout}\n${r.stderr}`,
      );
      const before = readFileSync(join(ROOT, 'package-lock.json'), 'utf8');
      const after = readFileSync(join(work, 'package-lock.json'), 'utf8');
      assert.ok(
        before === after,
        'package-lock.json is stale: run `npm install --package-lock-only` at the root and commit the result. ' +
          'It would change as follows (first differing entries):\n' +
          firstDifferences(before, after),
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('records the bins of every workspace as their package.json declares them', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { bin?: unknown }> };
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    for (const w of root.workspaces) {
      const pkg = JSON.parse(readFileSync(join(ROOT, w, 'package.json'), 'utf8')) as { bin?: Record<string, string> };
      assert.deepEqual(lock.packages[w]?.bin, pkg.bin, w);
      // npm links no bin whose file is missing at install time, so each must be committed, not built.
      for (const file of Object.values(pkg.bin ?? {})) assert.ok(existsSync(join(ROOT, w, file)), `${w}/${file} is committed`);
    }
  });
});

describe('the commands npm ci links in a checkout', function () {
  this.timeout(60_000);
  const bin = (name: string) => join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

  it('tagtree runs the built CLI', () => {
    const r = spawnSync(bin('tagtree'), ['check', '--no-progress', '-'], { input: '<!DOCTYPE html><embed a a>\n', encoding: 'utf8' });
    assert.equal(r.status, 1, r.stderr);
    // The conformance checks run by default: the document has no title ("exactly one title element" in head,
    // https://html.spec.whatwg.org/multipage/semantics.html#the-head-element).
    assert.equal(
      r.stdout,
      // Both at the first tag, as the html and head start tags are left out; the lang warning is advice
      // ("Authors are encouraged to specify a lang attribute on the root html element", semantics.html#the-html-element).
      '<stdin>:1:16: warning missing-html-lang: The document has no lang attribute on <html> (here its start tag is left out): write <html lang="en"> (the document\'s language), for screen readers, translation and hyphenation\n' +
        '<stdin>:1:16: error missing-title: The document has no <title>: its head must contain exactly one title element (unless it is an iframe srcdoc document)\n' +
        '<stdin>:1:25: error duplicate-attribute: Duplicate attribute "a": the browser keeps the first one and ignores this one\n',
    );
  });

  it('tagtree-lsp runs the built server', () => {
    const r = spawnSync(bin('tagtree-lsp'), ['--version'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), (JSON.parse(readFileSync(join(ROOT, 'server', 'package.json'), 'utf8')) as { version: string }).version);
  });
});

/** The first lines where two texts differ, with a little context. */
function firstDifferences(a: string, b: string): string {
  const la = a.split('\n');
  const lb = b.split('\n');
  const out: string[] = [];
  for (let i = 0; i < Math.max(la.length, lb.length) && out.length < 20; i++) {
    if (la[i] !== lb[i]) out.push(`line ${i + 1}: - ${la[i] ?? '(none)'}\n${' '.repeat(String(i + 1).length + 7)}+ ${lb[i] ?? '(none)'}`);
  }
  return out.join('\n');
}
