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

  it('tokens decodes the bytes as a browser does, or with --encoding', () => {
    // 0xE9 is é in windows-1252 (the fallback) and И in KOI8-R.
    const bytes = Buffer.from([0x3c, 0x70, 0x3e, 0xe9]);
    const r = spawnSync(process.execPath, [CLI, 'tokens', '-'], { input: bytes, encoding: 'utf8' });
    assert.match(r.stdout, /Character +"\u00e9"/);
    const k = spawnSync(process.execPath, [CLI, 'tokens', '--encoding', 'koi8-r', '-'], { input: bytes, encoding: 'utf8' });
    assert.match(k.stdout, /Character +"\u0418"/);
  });

  it('tree prints the html5lib tree, the encoding and the errors with their messages', () => {
    const r = run(['tree', '-'], '<p class=a>x<td>y');
    assert.equal(r.status, 0, r.stderr);
    // <td> outside a table is ignored; "x" and "y" join in the <p>.
    assert.equal(
      r.stdout,
      [
        '| <html>',
        '|   <head>',
        '|   <body>',
        '|     <p>',
        '|       class="a"',
        '|       "xy"',
        '',
        'Encoding: windows-1252 (fallback, tentative)',
        '2 problems:',
        '1:1-1:12            error       missing-doctype: Missing <!DOCTYPE html> before <p>: the document is rendered in quirks mode',
        '1:13-1:17           error       unexpected-start-tag: Unexpected <td>: it is not allowed here and is ignored',
        '',
      ].join('\n'),
    );
  });

  it('tree --fragment parses in a context element; --scripting off parses <noscript> content', () => {
    const fragment = run(['tree', '--fragment', 'tr', '-'], '<td>x');
    assert.equal(fragment.stdout.split('\n\n')[0], '| <td>\n|   "x"');
    const svg = run(['tree', '--fragment', 'svg:g', '-'], '<path/>');
    assert.equal(svg.stdout.split('\n\n')[0], '| <svg path>');
    const on = run(['tree', '-'], '<!DOCTYPE html><body><noscript><p>x</noscript>');
    assert.match(on.stdout, /^\| {7}"<p>x"$/m);
    const off = run(['tree', '--scripting', 'off', '-'], '<!DOCTYPE html><body><noscript><p>x</noscript>');
    assert.match(off.stdout, /^\| {7}<p>$/m);
  });

  it('tree changes the encoding at a late <meta>, and reports it', () => {
    const bytes = Buffer.concat([Buffer.from(`<!DOCTYPE html><!--${'x'.repeat(1100)}--><meta charset=koi8-r><p>`), Buffer.from([0xc2])]);
    const r = spawnSync(process.execPath, [CLI, 'tree', '-'], { input: bytes, encoding: 'utf8' });
    // html > body > p > text: depth 3, so "| " and six spaces.
    assert.match(r.stdout, /^\| {7}"\u0431"$/m, 'б is 0xC2 in KOI8-R');
    assert.match(r.stdout, /^Encoding: koi8-r \(changed by a <meta>, certain\)$/m);
    assert.match(r.stdout, /late-encoding-declaration/);
  });

  it('tree rejects a bad --fragment or --scripting with exit status 2', () => {
    for (const args of [['tree', '--fragment', 'a b c', '-'], ['tree', '--scripting', 'maybe', '-'], ['tree']]) {
      const r = run(args, '<p>');
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, /^tagtree: /);
    }
  });

  it('prints help', () => {
    const r = run(['--help']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /Usage: tagtree/);
  });
});
