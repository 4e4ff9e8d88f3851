/**
 * `tagtree check` as CI runs it: a real process on real files, its output in
 * each format and its exit status. Expected positions were counted by hand
 * from the fixtures (see the comments).
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(__dirname, '..', '..');
const CLI = join(ROOT, 'server', 'out', 'cli.js');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  lines: string[];
}

/**
 * `tagtree check` with `--no-conformance` added: these tests are about the
 * parse errors, encodings, formats and configuration, on documents (often
 * without a title) that are not about conformance; conformance-lsp.test.ts
 * tests the conformance findings and that they are on by default.
 */
function run(args: string[], cwd: string = ROOT, input?: string | Buffer, env?: Record<string, string>): Run {
  const r = spawnSync(process.execPath, [CLI, 'check', '--no-progress', '--no-conformance', ...args], { cwd, input, encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, lines: r.stdout.split('\n').filter((l) => l.length > 0) };
}

/** A temporary directory with the given files (string contents are written as UTF-8). */
function fixture(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tagtree-check-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const made: string[] = [];
function temp(files: Record<string, string | Buffer>): string {
  const dir = fixture(files);
  made.push(dir);
  return dir;
}

after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function assertNoStackTrace(r: Run): void {
  assert.doesNotMatch(r.stderr, /\n\s+at /, r.stderr);
}

/** A duplicate attribute: after the 15 characters of the DOCTYPE, the second `a` of `<embed a a>` (embed allows any attribute in no namespace) is at column 25. */
const DUPLICATE = '<!DOCTYPE html><embed a a>\n';

describe('tagtree check: the messy sample', () => {
  const r = run(['test-fixtures/check/messy']);

  it('exits 1 and prints file:line:col: severity code: message', () => {
    assert.equal(r.status, 1, r.stderr);
    for (const line of r.lines) assert.match(line, /^[^:]+:\d+:\d+: (error|warning) [a-z0-9-]+: .+$/, line);
  });

  it('reports the tokenizer errors of index.html at their hand-counted positions, with the language server\'s messages', () => {
    const expected = [
      // <title>Café &amp Bar</title>: "&amp" starts at column 13.
      'test-fixtures/check/messy/index.html:5:13: error missing-semicolon-after-character-reference: Character reference &amp is missing its ";"',
      // <p class="menu" class="specials">: the second class is at 17.
      'test-fixtures/check/messy/index.html:8:17: error duplicate-attribute: Duplicate attribute "class": the browser keeps the first one and ignores this one',
      // …>Fish &amp chips &copy 2024: "&amp" at 39, "&copy" at 50.
      'test-fixtures/check/messy/index.html:8:39: error missing-semicolon-after-character-reference: Character reference &amp is missing its ";"',
      'test-fixtures/check/messy/index.html:8:50: error missing-semicolon-after-character-reference: Character reference &copy is missing its ";"',
      // <a href=/menu?a=1&b=2 title=Menu">: "=" at 16 and 20, '"' at 33.
      'test-fixtures/check/messy/index.html:10:16: error unexpected-character-in-unquoted-attribute-value: Unexpected "=" in an unquoted attribute value: quote the value',
      'test-fixtures/check/messy/index.html:10:20: error unexpected-character-in-unquoted-attribute-value: Unexpected "=" in an unquoted attribute value: quote the value',
      'test-fixtures/check/messy/index.html:10:33: error unexpected-character-in-unquoted-attribute-value: Unexpected \'"\' in an unquoted attribute value: quote the value',
      // </p class="x"> is line 11; the unclosed comment opens line 12.
      'test-fixtures/check/messy/index.html:11:1: error end-tag-with-attributes: End tag </p> has attributes: they are ignored',
      // The tree builder: no <p> is open at </p>.
      'test-fixtures/check/messy/index.html:11:1: error stray-p-end-tag: Unexpected </p>: no open <p> element, so an empty paragraph is inserted',
      'test-fixtures/check/messy/index.html:12:1: error eof-in-comment: Comment is never closed: without a -->, the rest of the document is inside it',
    ];
    for (const line of expected) assert.ok(r.lines.includes(line), `missing: ${line}\n${r.stdout}`);
  });

  it('reports the encoding problems of blog/bom.html, blog/legacy.html and blog/notes.html', () => {
    const expected = [
      // After the BOM: <meta charset="iso-8859-1">, the label starts at column 16.
      'test-fixtures/check/messy/blog/bom.html:2:16: error encoding-declaration-mismatch: The byte order mark says UTF-8, but this declaration says "iso-8859-1" (windows-1252)',
      'test-fixtures/check/messy/blog/bom.html:2:16: warning non-utf8-encoding-declaration: The document declares "iso-8859-1" (windows-1252); documents should be encoded in UTF-8 and declare "utf-8"',
      // Line 4 is a 1,000-byte comment, so both metas end past byte 1024.
      'test-fixtures/check/messy/blog/legacy.html:5:1: error late-encoding-declaration: The encoding declaration must be within the first 1024 bytes of the document, where browsers look for it before they decode the page',
      // content="text/html; charset=ISO-8859-1": the value starts at 42, the label 19 further.
      'test-fixtures/check/messy/blog/legacy.html:5:61: warning non-utf8-encoding-declaration: The document declares "ISO-8859-1" (windows-1252); documents should be encoded in UTF-8 and declare "utf-8"',
      'test-fixtures/check/messy/blog/legacy.html:6:1: error late-encoding-declaration: The encoding declaration must be within the first 1024 bytes of the document, where browsers look for it before they decode the page',
      'test-fixtures/check/messy/blog/legacy.html:6:16: error multiple-encoding-declarations: A document must have at most one encoding declaration; the first is at line 5, column 1',
      'test-fixtures/check/messy/blog/legacy.html:6:16: warning non-utf8-encoding-declaration: The document declares windows-1252; documents should be encoded in UTF-8 and declare "utf-8"',
      'test-fixtures/check/messy/blog/logo.html:1:1: warning file-binary: skipped: looks like a binary file (it has NUL bytes near the start)',
      // UTF-8 without a declaration: the "ï" of "naïve" is at column 78.
      'test-fixtures/check/messy/blog/notes.html:3:78: error missing-encoding-declaration: The document has no encoding declaration, so its UTF-8 text is decoded as windows-1252 and comes out garbled; add <meta charset="utf-8"> within the first 1024 bytes',
    ];
    for (const line of expected) assert.ok(r.lines.includes(line), `missing: ${line}\n${r.stdout}`);
  });

  it('skips _site/, which the sample .gitignore ignores, and sums up on stderr', () => {
    // The file is in the repository (added with git add -f), with errors of its own.
    assert.ok(existsSync(join(ROOT, 'test-fixtures', 'check', 'messy', '_site', 'out.html')));
    assert.ok(!r.stdout.includes('_site/out.html'), r.stdout);
    assert.match(r.stderr, /^15 errors and 4 warnings in 5 files; 5 files checked in \d+\.\d\d s\.$/m);
  });
});

describe('tagtree check: formats', () => {
  const dir = temp({ 'a.html': DUPLICATE, 'b.html': '<!DOCTYPE html><meta charset="windows-1252">\n<p>ok\n' });

  it('--format json prints an array of findings with 1-based ranges', () => {
    const r = run(['--format', 'json', '.'], dir);
    assert.equal(r.status, 1, r.stderr);
    const findings = JSON.parse(r.stdout) as unknown[];
    assert.deepEqual(findings, [
      {
        file: 'a.html',
        line: 1,
        column: 25,
        endLine: 1,
        endColumn: 26,
        severity: 'error',
        code: 'duplicate-attribute',
        message: 'Duplicate attribute "a": the browser keeps the first one and ignores this one',
        // The first "a", at column 23.
        related: { line: 1, column: 23, endLine: 1, endColumn: 24 },
        relatedMessage: 'The first "a" attribute, which the browser keeps',
      },
      {
        // <!DOCTYPE html><meta charset=": 15 + 15 characters, so the label is 31-42.
        file: 'b.html',
        line: 1,
        column: 31,
        endLine: 1,
        endColumn: 43,
        severity: 'warning',
        code: 'non-utf8-encoding-declaration',
        message: 'The document declares windows-1252; documents should be encoded in UTF-8 and declare "utf-8"',
        related: { line: 1, column: 16, endLine: 1, endColumn: 45 },
        relatedMessage: 'The meta element',
      },
    ]);
  });

  it('--format sarif prints a SARIF 2.1.0 log that GitHub code scanning reads', () => {
    const r = run(['--format', 'sarif', '.'], dir);
    assert.equal(r.status, 1, r.stderr);
    const log = JSON.parse(r.stdout);
    assert.equal(log.version, '2.1.0');
    assert.equal(log.$schema, 'https://json.schemastore.org/sarif-2.1.0.json');
    assert.equal(log.runs.length, 1);
    const run0 = log.runs[0];
    assert.equal(run0.tool.driver.name, 'TagTree');
    assert.match(run0.tool.driver.version, /^\d+\.\d+\.\d+/);
    assert.equal(run0.columnKind, 'utf16CodeUnits');
    assert.match(run0.originalUriBaseIds['%SRCROOT%'].uri, /^file:\/\/.*\/$/);
    assert.deepEqual(
      run0.tool.driver.rules.map((rule: { id: string; helpUri: string; defaultConfiguration: { level: string } }) => [rule.id, rule.defaultConfiguration.level, rule.helpUri]),
      [
        ['duplicate-attribute', 'error', 'https://html.spec.whatwg.org/multipage/parsing.html#parse-error-duplicate-attribute'],
        ['non-utf8-encoding-declaration', 'warning', 'https://html.spec.whatwg.org/multipage/semantics.html#charset'],
      ],
    );
    assert.deepEqual(run0.results[0], {
      ruleId: 'duplicate-attribute',
      ruleIndex: 0,
      level: 'error',
      message: { text: 'Duplicate attribute "a": the browser keeps the first one and ignores this one' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'a.html', uriBaseId: '%SRCROOT%' },
            region: { startLine: 1, startColumn: 25, endLine: 1, endColumn: 26 },
          },
        },
      ],
      relatedLocations: [
        {
          id: 1,
          message: { text: 'The first "a" attribute, which the browser keeps' },
          physicalLocation: {
            artifactLocation: { uri: 'a.html', uriBaseId: '%SRCROOT%' },
            region: { startLine: 1, startColumn: 23, endLine: 1, endColumn: 24 },
          },
        },
      ],
    });
    assert.equal(run0.results[1].level, 'warning');
    assert.deepEqual(run0.results[1].relatedLocations[0].physicalLocation.region, { startLine: 1, startColumn: 16, endLine: 1, endColumn: 45 });
  });

  it('--output writes the report to a file', () => {
    const r = run(['--format', 'sarif', '--output', 'report.sarif', 'a.html'], dir);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stdout, '');
    const check = spawnSync(process.execPath, ['-e', `console.log(JSON.parse(require('fs').readFileSync('report.sarif','utf8')).runs[0].results.length)`], { cwd: dir, encoding: 'utf8' });
    assert.equal(check.stdout.trim(), '1');
  });
});

describe('tagtree check: exit status', () => {
  const dir = temp({
    'clean.html': '<!DOCTYPE html>\n<meta charset="utf-8">\n<title>ok</title>\n',
    'warn.html': '<!DOCTYPE html><meta charset="windows-1252">\n',
    'empty/readme.txt': 'no html here',
  });

  it('is 0 with no problems, with nothing on standard output', () => {
    const r = run(['clean.html'], dir);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^No problems: 1 file checked in \d+\.\d\d s\.$/m);
  });

  it('is 0 with warnings only, and 1 with more warnings than --max-warnings', () => {
    assert.equal(run(['warn.html'], dir).status, 0);
    assert.equal(run(['--max-warnings', '1', 'warn.html'], dir).status, 0);
    const over = run(['--max-warnings', '0', 'warn.html'], dir);
    assert.equal(over.status, 1);
    assert.match(over.stderr, /1 warning, more than --max-warnings 0/);
  });

  it('--quiet reports errors only, and its warnings do not count', () => {
    const r = run(['--quiet', '--max-warnings', '0', 'warn.html'], dir);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '');
  });

  it('is 2, with one line and no stack trace, on usage errors', () => {
    const cases: [string[], RegExp][] = [
      [['--nope'], /Unknown option '--nope'/],
      [['--format', 'xml', '.'], /--format: expected text, json or sarif/],
      [['missing.html'], /no such file or directory: missing\.html/],
      [['nothing/**/*.html'], /no files match nothing\/\*\*\/\*\.html/],
      [['empty'], /no files to check in empty/],
      [['--encoding', 'utf-9', '.'], /--encoding: "utf-9" is not an encoding label/],
      [['--max-warnings', '-1', '.'], /--max-warnings/],
      [['--jobs', '0', '.'], /--jobs: expected a whole number of at least 1/],
      [['--scripting', 'maybe', '.'], /--scripting: expected on or off/],
      [['--max-file-size', 'big', '.'], /--max-file-size/],
      [['--config', 'none.json', '.'], /cannot read .*none\.json: no such file/],
    ];
    for (const [args, message] of cases) {
      const r = run(args, dir);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /^tagtree: /, args.join(' '));
      assert.match(r.stderr, message, args.join(' '));
      // One line, as docs/cli.md says.
      assert.equal(r.stderr.trimEnd().split('\n').length, 1, `${args.join(' ')}: ${r.stderr}`);
      assertNoStackTrace(r);
    }
  });

  it('prints its own help', () => {
    const r = run(['--help']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^Usage: tagtree check \[PATH\|GLOB\.\.\.\] \[options\]/);
    assert.match(r.stdout, /--max-warnings N/);
  });
});

describe('tagtree check: configuration', () => {
  it('tagtree.json sets severities and turns codes off', () => {
    const dir = temp({
      'tagtree.json': JSON.stringify({ rules: { 'duplicate-attribute': 'warning', 'missing-semicolon-after-character-reference': 'off' } }),
      'a.html': '<!DOCTYPE html><embed a a>&amp\n',
    });
    const r = run(['a.html'], dir);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.lines, ['a.html:1:25: warning duplicate-attribute: Duplicate attribute "a": the browser keeps the first one and ignores this one']);
  });

  it('a "tagtree" key in package.json, found from a subdirectory, with ignore patterns', () => {
    const dir = temp({
      'package.json': JSON.stringify({ name: 'site', tagtree: { rules: { 'duplicate-attribute': 'off' }, ignore: ['vendor/'] } }),
      'src/a.html': '<!DOCTYPE html><p title title></p x>\n',
      'src/vendor/lib.html': '</b x>\n',
    });
    const r = run(['.'], join(dir, 'src'));
    assert.equal(r.status, 1, r.stderr);
    // <!DOCTYPE html><p title title></p x>: the end tag starts at column 31.
    assert.deepEqual(r.lines, ['a.html:1:31: error end-tag-with-attributes: End tag </p> has attributes: they are ignored']);
  });

  it('rejects a configuration it cannot use, with exit status 2', () => {
    const cases: [string, RegExp][] = [
      // Invalid JSON, located by line and column (1-based, as findings are).
      ['{ "rules": ', /tagtree\.json:1:12: invalid JSON: /],
      ['{\n  "rules": {\n    "missing-doctype": "warning",\n  }\n}\n', /tagtree\.json:4:3: invalid JSON: Expected double-quoted property name$/m],
      ['{\r\n  "a": 1 x\r\n}', /tagtree\.json:2:10: invalid JSON: /],
      ['{ "rule": {} }', /tagtree\.json: unknown key "rule"/],
      ['{ "rules": { "duplicate-attribute": "warn" } }', /rules\.duplicate-attribute must be "error", "warning" or "off", not "warn"/],
      ['{ "fallbackEncoding": "klingon" }', /"fallbackEncoding" must be an encoding label/],
      ['[]', /must be a JSON object/],
    ];
    for (const [json, message] of cases) {
      const dir = temp({ 'tagtree.json': json, 'a.html': '<p>\n' });
      const r = run(['a.html'], dir);
      assert.equal(r.status, 2, `${json}: ${r.stderr}`);
      assert.match(r.stderr, message, json);
      assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
      assertNoStackTrace(r);
    }
  });

  it('warns about a code it does not know, and goes on', () => {
    const dir = temp({ 'tagtree.json': '{ "rules": { "no-such-code": "off" } }', 'a.html': '<!DOCTYPE html>\n' });
    const r = run(['a.html'], dir);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /warning: .*tagtree\.json: no such code: no-such-code/);
  });
});

describe('tagtree check: presets, overrides and inline comments', () => {
  // Two elements with the same id: duplicate-id (a warning) at the second id attribute.
  const THEME = '<!DOCTYPE html><p id=a><p id=a></p x>\n';
  const dir = temp({
    'tagtree.json': JSON.stringify({
      overrides: [
        { files: ['themes/**'], rules: { 'duplicate-id': 'off' } },
        { files: ['legacy/**'], preset: 'parse-errors' },
      ],
    }),
    'index.html': THEME,
    'themes/dark/page.html': THEME,
    'legacy/old.html': THEME,
    'inline.html':
      '<!DOCTYPE html>\n<!-- tagtree-disable-next-line duplicate-id -- the theme repeats it -->\n<p id=a><p id=a>\n' +
      '<!-- tagtree-disable end-tag-with-attributes -->\n</p x>\n<!-- tagtree-enable end-tag-with-attributes -->\n</p y>\n' +
      '<!-- tagtree-disable-next-line missing-doctype -->\n',
  });
  const codes = (r: Run, file: string) => r.lines.filter((l) => l.startsWith(`${file}:`)).map((l) => l.split(' ').slice(0, 3).join(' '));

  it('an override turns a code off for the files its globs match, and nowhere else', () => {
    const r = run(['.'], dir);
    // <!DOCTYPE html><p id=a><p id=a></p x>: the second id's value at 30, the end tag at 32.
    assert.deepEqual(codes(r, 'index.html'), ['index.html:1:30: error duplicate-id:', 'index.html:1:32: error end-tag-with-attributes:']);
    assert.deepEqual(codes(r, 'themes/dark/page.html'), ['themes/dark/page.html:1:32: error end-tag-with-attributes:']);
  });

  it('the parse-errors preset reports parse errors only', () => {
    assert.deepEqual(codes(run(['.'], dir), 'legacy/old.html'), ['legacy/old.html:1:32: error end-tag-with-attributes:']);
  });

  it('inline comments suppress where they are, and an unused one is a warning', () => {
    assert.deepEqual(codes(run(['.'], dir), 'inline.html'), [
      // The end tag after tagtree-enable is line 7 (no <p> is open: stray too); the unused directive is line 8.
      'inline.html:7:1: error end-tag-with-attributes:',
      'inline.html:7:1: error stray-p-end-tag:',
      'inline.html:8:1: warning unused-disable-directive:',
    ]);
  });

  it('--config names the file from elsewhere; a bad glob is a usage error', () => {
    const bad = temp({ 'tagtree.json': '{ "overrides": [{ "files": ["a/[b"] }] }', 'a.html': '<p>\n' });
    const r = run(['a.html'], bad);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /tagtree\.json: overrides\[0\]: "files": bad pattern "a\/\[b"/);
    assertNoStackTrace(r);
  });
});

describe('tagtree check: finding files', () => {
  const dir = temp({
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.gitignore': 'dist/\n*.gen.html\n!keep.gen.html\n',
    'index.html': DUPLICATE,
    'page.HTM': DUPLICATE,
    'notes.txt': DUPLICATE,
    'a.gen.html': DUPLICATE,
    'keep.gen.html': DUPLICATE,
    'dist/out.html': DUPLICATE,
    'node_modules/pkg/readme.html': DUPLICATE,
    'docs/guide.html': DUPLICATE,
    'docs/.gitignore': 'draft.html\n',
    'docs/draft.html': DUPLICATE,
    'docs/deep/x.html': DUPLICATE,
  });
  const files = (r: Run): string[] => [...new Set(r.lines.map((l) => l.slice(0, l.indexOf(':'))))].sort();

  it('walks directories for .html and .htm, respecting .gitignore files and skipping node_modules', () => {
    const r = run(['.'], dir);
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(files(r), ['docs/deep/x.html', 'docs/guide.html', 'index.html', 'keep.gen.html', 'page.HTM']);
  });

  it('--no-gitignore reads every file but node_modules', () => {
    const r = run(['--no-gitignore', '.'], dir);
    assert.deepEqual(files(r), [
      'a.gen.html',
      'dist/out.html',
      'docs/deep/x.html',
      'docs/draft.html',
      'docs/guide.html',
      'index.html',
      'keep.gen.html',
      'page.HTM',
    ]);
  });

  it('matches globs, then applies .gitignore', () => {
    const r = run(['docs/**/*.html', '*.gen.html'], dir);
    assert.deepEqual(files(r), ['docs/deep/x.html', 'docs/guide.html', 'keep.gen.html']);
  });

  it('checks a file named on the command line whatever its extension or ignore rules', () => {
    const r = run(['notes.txt', 'dist/out.html'], dir);
    assert.deepEqual(files(r), ['dist/out.html', 'notes.txt']);
  });

  it('--ext picks the extensions', () => {
    const r = run(['--ext', 'txt', '.'], dir);
    assert.deepEqual(files(r), ['notes.txt']);
  });

  it('reports a file outside the current directory by its absolute path, in text and in SARIF', () => {
    const r = run([join(dir, 'docs', 'guide.html')], join(dir, 'docs', 'deep'));
    const absolute = join(dir, 'docs', 'guide.html').split('\\').join('/');
    assert.deepEqual(files(r), [absolute], r.stdout);
    const sarif = run(['--format', 'sarif', join(dir, 'docs', 'guide.html')], join(dir, 'docs', 'deep'));
    const location = JSON.parse(sarif.stdout).runs[0].results[0].locations[0].physicalLocation.artifactLocation;
    assert.deepEqual(location, { uri: pathToFileURL(join(dir, 'docs', 'guide.html')).href });
  });

  it('checks a file once, however many times it is named', () => {
    const r = run(['index.html', '.', './index.html'], dir);
    assert.equal(r.lines.filter((l) => l.startsWith('index.html:')).length, 1);
  });
});

describe('tagtree check: files it cannot check', () => {
  const dir = temp({
    'good.html': DUPLICATE,
    'image.html': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
    'utf16.html': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(DUPLICATE, 'utf16le')]),
    'sub/inner.html': DUPLICATE,
  });
  symlinkSync('..', join(dir, 'sub', 'loop'));
  symlinkSync('missing-target.html', join(dir, 'broken.html'));
  // A sparse 100 MB file: no disk space, but its size is real.
  writeFileSync(join(dir, 'huge.html'), '');
  truncateSync(join(dir, 'huge.html'), 100 * 1024 * 1024);

  it('gives each a clear message and checks the rest', () => {
    const r = run(['.'], dir);
    assert.equal(r.status, 1, r.stderr);
    const duplicate = 'error duplicate-attribute: Duplicate attribute "a": the browser keeps the first one and ignores this one';
    assert.deepEqual(r.lines.sort(), [
      'broken.html:1:1: error file-unreadable: cannot read: broken symbolic link',
      `good.html:1:25: ${duplicate}`,
      'huge.html:1:1: warning file-too-large: skipped: 100.0 MiB is more than the limit of 32.0 MiB (--max-file-size)',
      'image.html:1:1: warning file-binary: skipped: looks like a binary file (it has NUL bytes near the start)',
      'sub/loop:1:1: warning directory-loop: symbolic link to ., a directory that contains it; not followed',
      `sub/inner.html:1:25: ${duplicate}`,
      // UTF-16 has NUL bytes but is text: decoded by its BOM and checked.
      `utf16.html:1:25: ${duplicate}`,
    ].sort());
  });

  it('--max-file-size sets the limit', () => {
    const r = run(['--max-file-size', '4', 'good.html'], dir);
    assert.deepEqual(r.lines, ['good.html:1:1: warning file-too-large: skipped: 27 bytes is more than the limit of 4 bytes (--max-file-size)']);
    assert.equal(r.status, 0);
  });
});

describe('tagtree check: bytes and encodings', () => {
  // "é" in UTF-8 is two bytes; without a declaration the page is windows-1252,
  // where they are two characters ("Ã©"), as in a browser.
  const dir = temp({ 'cafe.html': Buffer.from('<!DOCTYPE html><p>\u00e9<embed a a>\n', 'utf8') });

  it('decodes as a browser does: windows-1252 without a declaration, which it reports', () => {
    const r = run(['cafe.html'], dir);
    // "Ã" (the first byte of "é") at 19; the duplicate "a" at 26, one further than in UTF-8.
    assert.deepEqual(
      r.lines.map((l) => l.split(' ').slice(0, 3).join(' ')),
      ['cafe.html:1:19: error missing-encoding-declaration:', 'cafe.html:1:30: error duplicate-attribute:'],
    );
  });

  it('--encoding and --fallback-encoding change that (a fallback is still no declaration)', () => {
    assert.deepEqual(run(['--encoding', 'utf-8', 'cafe.html'], dir).lines.map((l) => l.split(' ')[0]), ['cafe.html:1:29:']);
    assert.deepEqual(run(['--fallback-encoding', 'utf-8', 'cafe.html'], dir).lines.map((l) => l.split(' ')[0]), ['cafe.html:1:19:', 'cafe.html:1:29:']);
  });

  // "ああ" in UTF-8 is E3 81 82 E3 81 82. Read as windows-1252 each 0x81 is the C1 control U+0081:
  // <!DOCTYPE html><p> is 18 characters, so "ã" at 19, U+0081 at 20 and 23; U+0001 follows at 25.
  const japanese = temp({
    'ja.html': Buffer.from('<!DOCTYPE html><p>\u3042\u3042\u0001\n', 'utf8'),
    'clean.html': Buffer.from('<!DOCTYPE html><p>\u3042\u3042\n', 'utf8'),
  });

  it('groups the control characters of a wrong guess under the missing declaration, and lists the others', () => {
    const r = run(['ja.html'], japanese);
    assert.equal(r.status, 1);
    assert.equal(r.lines.length, 2, r.stdout);
    assert.match(
      r.lines[0],
      /^ja\.html:1:19: error missing-encoding-declaration: The document has no encoding declaration, .* \[2 control-character-in-input-stream errors that follow from it are not listed; --no-group lists them\]$/,
    );
    assert.match(r.lines[1], /^ja\.html:1:25: error control-character-in-input-stream: /);
    assert.match(r.stderr, /Not listed: 2 errors that follow from a wrong encoding guess/);
    const json = JSON.parse(run(['--format', 'json', 'ja.html'], japanese).stdout) as { code: string; consequences?: unknown }[];
    assert.deepEqual(json[0].consequences, { count: 2, code: 'control-character-in-input-stream', severity: 'error' });
  });

  it('--no-group lists every one', () => {
    assert.deepEqual(
      run(['--no-group', 'ja.html'], japanese).lines.map((l) => l.split(' ').slice(0, 3).join(' ')),
      [
        'ja.html:1:19: error missing-encoding-declaration:',
        'ja.html:1:20: error control-character-in-input-stream:',
        'ja.html:1:23: error control-character-in-input-stream:',
        'ja.html:1:25: error control-character-in-input-stream:',
      ],
    );
  });

  it('--transport-encoding utf-8 leaves the real findings only, and exits 0 when none is an error', () => {
    // Decoded as UTF-8, "ああ" is 2 characters: U+0001 at 21.
    const r = run(['--transport-encoding', 'utf-8', 'ja.html'], japanese);
    assert.deepEqual(r.lines.map((l) => l.split(' ').slice(0, 3).join(' ')), ['ja.html:1:21: error control-character-in-input-stream:']);
    const clean = run(['--transport-encoding', 'utf-8', 'clean.html'], japanese);
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);
    assert.deepEqual(clean.lines, []);
  });

  it('--fallback-encoding utf-8 decodes it right but still reports the missing declaration (exit 1), unless its rule says otherwise', () => {
    const r = run(['--fallback-encoding', 'utf-8', 'clean.html'], japanese);
    assert.equal(r.status, 1);
    assert.deepEqual(r.lines.map((l) => l.split(' ').slice(0, 3).join(' ')), ['clean.html:1:19: error missing-encoding-declaration:']);
    const relaxed = temp({
      'tagtree.json': '{ "fallbackEncoding": "utf-8", "rules": { "missing-encoding-declaration": "warning" } }',
      'clean.html': Buffer.from('<!DOCTYPE html><p>\u3042\u3042\n', 'utf8'),
    });
    const w = run(['clean.html'], relaxed);
    assert.equal(w.status, 0, w.stderr);
    assert.deepEqual(w.lines.map((l) => l.split(' ').slice(0, 3).join(' ')), ['clean.html:1:19: warning missing-encoding-declaration:']);
  });

  it('reads standard input for -', () => {
    const r = run(['-'], dir, '<!DOCTYPE html>\n<embed a a>\n');
    assert.equal(r.status, 1);
    assert.deepEqual(r.lines, ['<stdin>:2:10: error duplicate-attribute: Duplicate attribute "a": the browser keeps the first one and ignores this one']);
  });
});

describe('tagtree check: worker threads', () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 24; i++) files[`f${String(i).padStart(2, '0')}.html`] = `<!DOCTYPE html>\n${'<p>x</p>\n'.repeat(i * 50)}<embed a a>&amp\n`;
  const dir = temp(files);

  it('gives the same report with 2 workers as in the main thread, in file order', () => {
    const one = run(['--jobs', '1', '.'], dir);
    const two = run(['--jobs', '2', '--format', 'text', '.'], dir);
    assert.equal(one.status, 1);
    assert.equal(two.status, 1);
    assert.equal(one.lines.length, 48);
    assert.deepEqual(two.lines, one.lines);
    assert.equal(one.lines[0].slice(0, one.lines[0].indexOf(':')), 'f00.html');
  });

  it('a worker that dies is replaced: its files are retried alone, and the one that kills it is reported', () => {
    const r = run(['--jobs', '2', '.'], dir, undefined, { TAGTREE_CHECK_FAULTS: 'crash:f07.html' });
    assert.equal(r.status, 1, r.stderr);
    const byFile = new Map<string, string[]>();
    for (const line of r.lines) {
      const file = line.slice(0, line.indexOf(':'));
      byFile.set(file, [...(byFile.get(file) ?? []), line]);
    }
    assert.equal(byFile.size, 24);
    assert.deepEqual(byFile.get('f07.html'), ['f07.html:1:1: error internal-error: internal error: the worker checking this file died (exit code 70)']);
    for (const [file, lines] of byFile) if (file !== 'f07.html') assert.equal(lines.length, 2, file);
  });
});
