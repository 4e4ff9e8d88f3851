/**
 * The configuration and suppression logic both the CLI and the server use
 * (server/src/lint/): presets, overrides by glob, inline comments; and the
 * JSON Schema kept equal to what the code accepts.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from '@tagtree/parser';
import { ConfigError, configuredSetting, ruleSetFor, validateConfig } from '../out/lint/config';
import { Suppressions } from '../out/lint/directives';
import { configSchema } from '../out/lint/schema';
import { codeInfo, knownCodes } from '../out/lint/codes';

const ROOT = resolve(__dirname, '..', '..');

describe('lint: tagtree.json', () => {
  const config = validateConfig(
    {
      preset: 'all',
      rules: { 'duplicate-id': 'warning', 'missing-doctype': 'off' },
      overrides: [
        { files: ['themes/**'], rules: { 'duplicate-id': 'off' } },
        { files: ['*.gen.html'], excludedFiles: ['keep/**'], preset: 'parse-errors', rules: { 'missing-doctype': 'error' } },
        { files: ['themes/dark/**'], rules: { 'duplicate-id': 'error' }, conformance: true },
      ],
    },
    'tagtree.json',
    '/site',
  );

  it('gives the top-level rules to a file no override matches', () => {
    const set = ruleSetFor(config, 'index.html');
    assert.equal(configuredSetting(set, 'duplicate-id'), 'warning');
    assert.equal(configuredSetting(set, 'missing-doctype'), 'off');
    assert.equal(configuredSetting(set, 'duplicate-attribute'), undefined, 'a code no rule names keeps its default');
  });

  it('applies every matching override in order, a later one winning', () => {
    assert.equal(configuredSetting(ruleSetFor(config, 'themes/light/a.html'), 'duplicate-id'), 'off');
    const dark = ruleSetFor(config, 'themes/dark/a.html');
    assert.equal(configuredSetting(dark, 'duplicate-id'), 'error');
    assert.equal(dark.conformance, true);
    assert.equal(ruleSetFor(config, 'themes/light/a.html').conformance, undefined);
  });

  it('matches a pattern without a slash at any depth, and honours excludedFiles', () => {
    const deep = ruleSetFor(config, 'a/b/page.gen.html');
    assert.equal(deep.preset, 'parse-errors');
    assert.equal(configuredSetting(deep, 'missing-doctype'), 'error');
    assert.equal(ruleSetFor(config, 'keep/page.gen.html').preset, 'all');
  });

  it('the parse-errors preset turns off everything but parse errors, unless a rule names it', () => {
    const set = ruleSetFor(config, 'x.gen.html');
    assert.equal(configuredSetting(set, 'duplicate-attribute'), undefined, 'a tokenizer error');
    assert.equal(configuredSetting(set, 'stray-end-tag'), undefined, 'a tree construction error');
    assert.equal(configuredSetting(set, 'invalid-attribute-value'), 'off');
    assert.equal(configuredSetting(set, 'missing-encoding-declaration'), 'off');
    assert.equal(configuredSetting(set, 'element-not-allowed'), 'off');
  });

  it('applies no override to a document outside its directory or with no path', () => {
    assert.equal(configuredSetting(ruleSetFor(config, null), 'duplicate-id'), 'warning');
    assert.equal(configuredSetting(ruleSetFor(config, '../themes/a.html'), 'duplicate-id'), 'warning');
  });

  it('rejects bad overrides, presets and globs with a message that says where', () => {
    const cases: [unknown, RegExp][] = [
      [{ preset: 'strict' }, /"preset" must be "all" or "parse-errors", not "strict"/],
      [{ overrides: {} }, /"overrides" must be an array/],
      [{ overrides: [{ rules: {} }] }, /overrides\[0\]: needs "files"/],
      [{ overrides: [{ files: [] }] }, /overrides\[0\]: "files" must name at least one pattern/],
      [{ overrides: [{ files: ['a/[b'] }] }, /overrides\[0\]: "files": bad pattern "a\/\[b"/],
      [{ overrides: [{ files: ['a'], rule: {} }] }, /overrides\[0\]: unknown key "rule"/],
      [{ overrides: [{ files: ['a'], rules: { x: 'warn' } }] }, /rules\.x must be "error", "warning" or "off", not "warn"/],
      [{ transportEncoding: 'klingon' }, /"transportEncoding" must be an encoding label/],
    ];
    for (const [raw, message] of cases) {
      assert.throws(() => validateConfig(raw, 'tagtree.json', '/d'), (e: unknown) => e instanceof ConfigError && message.test(e.message), JSON.stringify(raw));
    }
  });
});

/** The codes a document's directives suppress at each finding, and the problems they report. */
function suppressed(html: string, findings: { code: string; at: string }[]): { hidden: string[]; problems: string[] } {
  const { document } = parse(html);
  const s = new Suppressions(document, html);
  const hidden = findings.filter((f) => s.suppresses(f.code, html.indexOf(f.at))).map((f) => `${f.code}@${f.at}`);
  const known = knownCodes();
  const problems = s.problems((c) => known.has(c)).map((p) => `${p.code}: ${p.message} @${html.slice(p.start, p.end)}`);
  return { hidden, problems };
}

describe('lint: inline comments', () => {
  it('disable-next-line covers the next line only, for the codes it names', () => {
    const html = '<!-- tagtree-disable-next-line duplicate-id -->\n<p id=a>A1\n<p id=a>A2\n';
    const r = suppressed(html, [
      { code: 'duplicate-id', at: 'A1' },
      { code: 'duplicate-attribute', at: 'A1' },
      { code: 'duplicate-id', at: 'A2' },
    ]);
    assert.deepEqual(r.hidden, ['duplicate-id@A1']);
    assert.deepEqual(r.problems, []);
  });

  it('disable … enable covers the stretch between, for several codes, separated by commas or spaces', () => {
    const html = 'X0<!-- tagtree-disable duplicate-id, id-reference-not-found stray-end-tag -->X1<!-- tagtree-enable duplicate-id -->X2';
    const r = suppressed(html, [
      { code: 'duplicate-id', at: 'X0' },
      { code: 'duplicate-id', at: 'X1' },
      { code: 'duplicate-id', at: 'X2' },
      { code: 'id-reference-not-found', at: 'X2' },
      { code: 'stray-end-tag', at: 'X1' },
    ]);
    assert.deepEqual(r.hidden, ['duplicate-id@X1', 'id-reference-not-found@X2', 'stray-end-tag@X1']);
  });

  it('no code means every code; tagtree-enable without codes ends it; a reason after -- is ignored', () => {
    const html = '<!-- tagtree-disable -- generated -->X1<!-- tagtree-enable -->X2';
    const r = suppressed(html, [
      { code: 'duplicate-id', at: 'X1' },
      { code: 'missing-doctype', at: 'X1' },
      { code: 'duplicate-id', at: 'X2' },
    ]);
    assert.deepEqual(r.hidden, ['duplicate-id@X1', 'missing-doctype@X1']);
    assert.deepEqual(r.problems, []);
  });

  it('reports an unused directive, an unused code in one, an enable with nothing to end, and unknown codes', () => {
    const html =
      '<!-- tagtree-disable-next-line duplicate-id -->\nX1\n' +
      '<!-- tagtree-disable-next-line duplicate-id stray-end-tag -->\nX2\n' +
      '<!-- tagtree-enable missing-doctype -->\n' +
      '<!-- tagtree-disable no-such-code -->X3';
    const r = suppressed(html, [{ code: 'stray-end-tag', at: 'X2' }]);
    assert.deepEqual(r.problems, [
      'unused-disable-directive: Unused tagtree-disable-next-line: no duplicate-id on the next line to suppress @<!-- tagtree-disable-next-line duplicate-id -->',
      'unused-disable-directive: Unused code in tagtree-disable-next-line: no duplicate-id on the next line to suppress @<!-- tagtree-disable-next-line duplicate-id stray-end-tag -->',
      'unused-disable-directive: Unused tagtree-enable: missing-doctype is not disabled here @<!-- tagtree-enable missing-doctype -->',
      'unknown-code-in-directive: tagtree-disable names a code no check has: no-such-code @<!-- tagtree-disable no-such-code -->',
    ]);
  });

  it('reads only real comments: not in a script, a textarea or an attribute value, and in template contents', () => {
    const html =
      '<script>"<!-- tagtree-disable -->"</script>X1' +
      '<textarea><!-- tagtree-disable --></textarea>X2' +
      '<p title="<!-- tagtree-disable -->">X3' +
      '<template><!-- tagtree-disable-next-line -->\nX4</template>';
    const r = suppressed(html, [
      { code: 'duplicate-id', at: 'X1' },
      { code: 'duplicate-id', at: 'X2' },
      { code: 'duplicate-id', at: 'X3' },
      { code: 'duplicate-id', at: 'X4' },
    ]);
    assert.deepEqual(r.hidden, ['duplicate-id@X4']);
  });

  it('finds the next line after CRLF and CR line breaks, and nothing after the last line', () => {
    for (const nl of ['\r\n', '\r', '\n']) {
      const html = `<!-- tagtree-disable-next-line -->${nl}X1${nl}X2`;
      assert.deepEqual(suppressed(html, [{ code: 'a', at: 'X1' }, { code: 'a', at: 'X2' }]).hidden, ['a@X1'], JSON.stringify(nl));
    }
    assert.deepEqual(suppressed('X0<!-- tagtree-disable-next-line -->', [{ code: 'a', at: 'X0' }]).hidden, []);
  });

  it('is not a directive without the exact word: tagtree-disabled, tagtree-disable-line', () => {
    const r = suppressed('<!-- tagtree-disabled -->X1<!-- tagtree-disable-line -->X2', [
      { code: 'a', at: 'X1' },
      { code: 'a', at: 'X2' },
    ]);
    assert.deepEqual(r, { hidden: [], problems: [] });
  });
});

describe('lint: the JSON Schema of tagtree.json', () => {
  const committed = JSON.parse(readFileSync(join(ROOT, 'schema', 'tagtree.schema.json'), 'utf8')) as {
    properties: Record<string, unknown> & { rules: { properties: Record<string, unknown> } };
  };

  it('is what scripts/generate-schema.mjs writes today (run `npm run generate` after adding a code or a key)', () => {
    const codes = [...knownCodes()].map((code) => ({ code, description: codeInfo(code).description }));
    assert.deepEqual(committed, JSON.parse(JSON.stringify(configSchema(codes))));
  });

  it('names every key the configuration accepts, and no other', () => {
    const accepted: string[] = [];
    for (const key of Object.keys(committed.properties)) {
      if (key === '$schema') continue;
      try {
        validateConfig({ [key]: {} }, 'x', '/');
        accepted.push(key);
      } catch (e) {
        // Accepted with another kind of value: the message is not "unknown key".
        if (!/unknown key/.test((e as Error).message)) accepted.push(key);
      }
    }
    assert.deepEqual(accepted, Object.keys(committed.properties).filter((k) => k !== '$schema'));
    assert.throws(() => validateConfig({ notAKey: 1 }, 'x', '/'), /unknown key "notAKey"/);
  });

  it('the extension contributes it for tagtree.json files, and the file ships in the .vsix list', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { jsonValidation?: { fileMatch: string; url: string }[] } };
    assert.deepEqual(manifest.contributes.jsonValidation, [{ fileMatch: 'tagtree.json', url: './schema/tagtree.schema.json' }]);
    assert.match(readFileSync(join(ROOT, '.vscodeignore'), 'utf8'), /^!schema\/tagtree\.schema\.json$/m);
  });
});

describe('lint: purity', () => {
  it('server/src/lint imports no Node or editor module', () => {
    const dir = join(ROOT, 'server', 'src', 'lint');
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      const imports = [...text.matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]);
      for (const name of imports) {
        assert.ok(/^(\.\/|@tagtree\/parser$|picomatch\/posix$)/.test(name), `${file} imports ${name}`);
      }
    }
  });
});
