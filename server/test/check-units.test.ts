/**
 * The pieces of `tagtree check` that a process test cannot reach well: the
 * progress line on a terminal, the worker count, a file that vanishes, and the
 * formatters on hand-made findings.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkBytes, checkFile, type Finding } from '../out/check/check-file';
import { validateConfig } from '../out/config-files';
import { formatText } from '../out/check/formatters/text';
import { toSarif } from '../out/check/formatters/sarif';
import { codeInfo, knownCodes } from '../out/lint/codes';
import { workerCount } from '../out/check/pool';
import { Progress } from '../out/check/progress';

// Without the conformance checks (on by default): these documents have no title, and the tests are about encodings, columns and rules.
const OPTIONS = { scripting: true, maxFileSize: 1024, config: { rules: {}, overrides: [], dir: '/' }, quiet: false, conformance: false };
const withRules = (rules: Record<string, 'error' | 'warning' | 'off'>) => ({ rules, overrides: [], dir: '/' });

describe('check: progress on a terminal', () => {
  function harness(isTTY: boolean): { progress: Progress; writes: string[]; clock: { t: number } } {
    const writes: string[] = [];
    const clock = { t: 5000 };
    const progress = new Progress({ isTTY, write: (s: string) => writes.push(s) > 0 }, true, () => clock.t);
    return { progress, writes, clock };
  }

  it('stays quiet for the first second, then redraws one line at most every 100 ms, and erases it', () => {
    const { progress, writes, clock } = harness(true);
    progress.update(1, 10, 0, 0);
    clock.t += 999;
    progress.update(2, 10, 1, 0);
    assert.equal(writes.length, 0);
    clock.t += 1;
    progress.update(3, 10, 1, 2);
    assert.deepEqual(writes, ['\r\x1b[Ktagtree check: 3/10 files (30%), 1 errors, 2 warnings']);
    clock.t += 50;
    progress.update(4, 10, 1, 2);
    assert.equal(writes.length, 1, 'throttled');
    progress.update(10, 10, 1, 2);
    assert.equal(writes.length, 2, 'the last file always draws');
    progress.done();
    assert.equal(writes[2], '\r\x1b[K');
  });

  it('writes nothing when standard error is not a terminal, or when disabled', () => {
    const { progress, writes, clock } = harness(false);
    clock.t += 5000;
    progress.update(1, 2, 0, 0);
    progress.done();
    assert.equal(writes.length, 0);
    const off = new Progress({ isTTY: true, write: (s: string) => writes.push(s) > 0 }, false, () => 0);
    off.update(1, 1, 0, 0);
    assert.equal(writes.length, 0);
  });
});

describe('check: workers', () => {
  it('uses none for a few files, one per file up to --jobs, and none for --jobs 1', () => {
    assert.equal(workerCount(0, undefined), 0);
    assert.equal(workerCount(7, undefined), 0);
    assert.ok(workerCount(100, undefined) >= 1);
    assert.equal(workerCount(3, 8), 3);
    assert.equal(workerCount(100, 2), 2);
    assert.equal(workerCount(100, 1), 0);
  });
});

describe('check: one file', () => {
  it('a file that disappears before it is read gives file-unreadable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagtree-unit-'));
    try {
      const report = checkFile(join(dir, 'gone.html'), 'gone.html', OPTIONS);
      assert.deepEqual(report.findings, [
        { file: 'gone.html', line: 1, column: 1, endLine: 1, endColumn: 1, severity: 'error', code: 'file-unreadable', message: 'cannot read: the file disappeared' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('turning a code off drops it; --quiet drops warnings', () => {
    const bytes = new Uint8Array(Buffer.from('<!DOCTYPE html><meta charset=windows-1252><embed a a>'));
    assert.deepEqual(
      checkBytes(bytes, 'x.html', OPTIONS).findings.map((f) => `${f.severity} ${f.code}`),
      ['warning non-utf8-encoding-declaration', 'error duplicate-attribute'],
    );
    assert.deepEqual(
      checkBytes(bytes, 'x.html', { ...OPTIONS, config: withRules({ 'duplicate-attribute': 'off' }) }).findings.map((f) => f.code),
      ['non-utf8-encoding-declaration'],
    );
    assert.deepEqual(
      checkBytes(bytes, 'x.html', { ...OPTIONS, quiet: true }).findings.map((f) => f.code),
      ['duplicate-attribute'],
    );
    assert.deepEqual(
      checkBytes(bytes, 'x.html', { ...OPTIONS, quiet: true, config: withRules({ 'non-utf8-encoding-declaration': 'error' }) }).findings.map((f) => f.code),
      ['non-utf8-encoding-declaration', 'duplicate-attribute'],
    );
  });

  it('columns count UTF-16 code units, as editors and the SARIF log say', () => {
    // U+1F600 is two UTF-16 code units, so after the DOCTYPE (1-15) and two of them (16-19),
    // "<embed a a>" starts at column 20 and its second "a" is at 29.
    const findings = checkBytes(new Uint8Array(Buffer.from('<!DOCTYPE html>\u{1F600}\u{1F600}<embed a a>')), 'x.html', { ...OPTIONS, encoding: 'utf-8' }).findings;
    assert.deepEqual(findings.map((f) => [f.code, f.column]), [['duplicate-attribute', 29]]);
  });
});

describe('check: formatters', () => {
  const findings: Finding[] = [
    { file: 'dir/a b.html', line: 3, column: 5, endLine: 3, endColumn: 9, severity: 'error', code: 'duplicate-attribute', message: 'Twice.' },
    {
      file: 'dir/a b.html',
      line: 4,
      column: 1,
      endLine: 5,
      endColumn: 2,
      severity: 'warning',
      code: 'non-utf8-encoding-declaration',
      message: 'Latin.',
      related: { line: 1, column: 1, endLine: 1, endColumn: 10 },
    },
    { file: 'b.html', line: 1, column: 1, endLine: 1, endColumn: 1, severity: 'error', code: 'duplicate-attribute', message: 'Again.' },
  ];

  it('text: file:line:col: severity code: message', () => {
    assert.equal(
      formatText(findings),
      'dir/a b.html:3:5: error duplicate-attribute: Twice.\n' +
        'dir/a b.html:4:1: warning non-utf8-encoding-declaration: Latin.\n' +
        'b.html:1:1: error duplicate-attribute: Again.\n',
    );
  });

  it('sarif: one rule per code, results pointing at their rule, URIs escaped', () => {
    const log = toSarif(findings, { version: '1.2.3', root: '/repo' });
    const run = log.runs[0];
    assert.deepEqual(
      run.tool.driver.rules?.map((r) => r.id),
      ['duplicate-attribute', 'non-utf8-encoding-declaration'],
    );
    assert.deepEqual(
      run.results?.map((r) => [r.ruleId, r.ruleIndex, r.level]),
      [
        ['duplicate-attribute', 0, 'error'],
        ['non-utf8-encoding-declaration', 1, 'warning'],
        ['duplicate-attribute', 0, 'error'],
      ],
    );
    assert.equal(run.results?.[0].locations?.[0].physicalLocation?.artifactLocation?.uri, 'dir/a%20b.html');
    assert.deepEqual(run.results?.[1].locations?.[0].physicalLocation?.region, { startLine: 4, startColumn: 1, endLine: 5, endColumn: 2 });
    assert.deepEqual(run.originalUriBaseIds, { '%SRCROOT%': { uri: 'file:///repo/' } });
    assert.equal(run.tool.driver.version, '1.2.3');
  });
});

describe('check: configuration', () => {
  it('accepts every key with a value of the right kind', () => {
    const config = validateConfig(
      {
        $schema: 'x',
        rules: { a: 'off', b: 'warning', c: 'error' },
        ignore: ['x/'],
        extensions: ['.html', 'xhtml'],
        fallbackEncoding: 'utf-8',
        scripting: false,
        maxFileSize: 10,
      },
      'tagtree.json',
      '/d',
    );
    assert.deepEqual(config, {
      rules: { a: 'off', b: 'warning', c: 'error' },
      overrides: [],
      ignore: ['x/'],
      extensions: ['html', 'xhtml'],
      fallbackEncoding: 'utf-8',
      scripting: false,
      maxFileSize: 10,
      source: 'tagtree.json',
      dir: '/d',
    });
  });

  it('rejects values of the wrong kind', () => {
    for (const bad of [{ ignore: 'x' }, { extensions: [1] }, { scripting: 'yes' }, { maxFileSize: -1 }, { rules: [] }]) {
      assert.throws(() => validateConfig(bad, 'tagtree.json', '/d'), /tagtree\.json: /, JSON.stringify(bad));
    }
  });
});

describe('check: what it knows about codes', () => {
  it('describes a tree construction code from the parser\'s table, with the rule that raises it', () => {
    const info = codeInfo('stray-end-tag');
    assert.equal(info.description, 'Unexpected tag: no open matching element.');
    assert.match(info.helpUri, /^https:\/\/html\.spec\.whatwg\.org\/multipage\/parsing\.html#/);
    assert.equal(info.defaultSeverity, 'error');
  });

  it('links a tokenizer code to the spec\'s parse error, and an encoding code to the charset section', () => {
    assert.equal(codeInfo('eof-in-tag').helpUri, 'https://html.spec.whatwg.org/multipage/parsing.html#parse-error-eof-in-tag');
    assert.equal(codeInfo('late-encoding-declaration').helpUri, 'https://html.spec.whatwg.org/multipage/semantics.html#charset');
    assert.equal(codeInfo('non-utf8-encoding-declaration').defaultSeverity, 'warning');
  });

  it('knows the tokenizer, tree, encoding and file codes for configuration', () => {
    const known = knownCodes();
    for (const code of ['duplicate-attribute', 'missing-doctype', 'misnested-formatting-element', 'missing-encoding-declaration', 'file-binary']) {
      assert.ok(known.has(code), code);
    }
    assert.ok(!known.has('no-such-code'));
  });
});
