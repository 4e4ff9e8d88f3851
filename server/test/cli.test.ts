/**
 * The CLI as users run it: a real process, its output and exit status.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const CLI = join(ROOT, 'server', 'out', 'cli.js');

function run(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('tagtree CLI', () => {
  it('tokens prints tokens and errors with line:col ranges', () => {
    const r = run(['tokens', '-'], '<p class=a>x &amp y\n<b>');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^1:1-1:12 +StartTag +<p class="a">$/m);
    assert.match(r.stdout, /^1:12-2:1 +Character +"x & y\\n"$/m);
    assert.match(r.stdout, /^1:18-1:18 +error +missing-semicolon-after-character-reference$/m);
  });

  it('tokens reads the bundled sample', () => {
    const r = run(['tokens', join(ROOT, 'test-fixtures', 'sample.html')]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /duplicate-attribute/);
  });

  it('says clearly when a file cannot be read, without a stack trace', () => {
    const r = run(['tokens', join(ROOT, 'does-not-exist.html')]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /cannot read .*does-not-exist\.html: no such file/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });

  it('rejects a directory, a missing command, an unknown command and an unknown option', () => {
    for (const args of [['tokens', ROOT], [], ['frobnicate'], ['tokens', '--nope', 'x'], ['tokens']]) {
      const r = run(args);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /^tagtree: /);
      assert.doesNotMatch(r.stderr, /\n\s+at /);
    }
  });

  it('prints help', () => {
    const r = run(['--help']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /Usage: tagtree/);
  });
});
