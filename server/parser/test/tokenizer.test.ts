/**
 * html5lib-tests tokenizer conformance: every test in every file except
 * xmlViolation.test, once per listed initial state. Tokens and errors (code,
 * line, col, order) must match. See ../shared/html5lib-tests/SOURCE.md.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { tokenize, LineIndex, type InitialState, type Token } from '../out/index';
import { html5libTests } from './support/shared-data';
import { checkAgainstKnownFailures, knownFailuresWithPrefix } from './support/known-failures';

interface TokenizerTest {
  description: string;
  input: string;
  output: unknown[];
  initialStates?: string[];
  lastStartTag?: string;
  doubleEscaped?: boolean;
  errors?: { code: string; line: number; col: number }[];
}

const STATES: Record<string, InitialState> = {
  'Data state': 'data',
  'PLAINTEXT state': 'plaintext',
  'RCDATA state': 'rcdata',
  'RAWTEXT state': 'rawtext',
  'Script data state': 'script-data',
  'CDATA section state': 'cdata-section',
};

/** `doubleEscaped`: "\uHHHH" becomes one UTF-16 code unit. */
function unescape(s: string): string {
  return s.replace(/\\u([0-9a-fA-F]{4})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function unescapeDeep(value: unknown): unknown {
  if (typeof value === 'string') return unescape(value);
  if (Array.isArray(value)) return value.map(unescapeDeep);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[unescape(k)] = unescapeDeep(v);
    return out;
  }
  return value;
}

/** Our tokens in the suite's format. */
function toSuiteFormat(tokens: Token[]): unknown[] {
  return tokens.map((t) => {
    switch (t.type) {
      case 'doctype':
        return ['DOCTYPE', t.name, t.publicId, t.systemId, !t.forceQuirks];
      case 'startTag': {
        const attrs: Record<string, string> = {};
        for (const a of t.attributes) attrs[a.name] = a.value;
        return t.selfClosing ? ['StartTag', t.name, attrs, true] : ['StartTag', t.name, attrs];
      }
      case 'endTag':
        return ['EndTag', t.name];
      case 'comment':
        return ['Comment', t.data];
      case 'characters':
        return ['Character', t.data];
    }
  });
}

/** The suite's expected output, with adjacent Character tokens merged. */
function mergeCharacters(output: unknown[]): unknown[] {
  const merged: unknown[] = [];
  for (const token of output) {
    const last = merged[merged.length - 1];
    if (Array.isArray(token) && token[0] === 'Character' && Array.isArray(last) && last[0] === 'Character') {
      merged[merged.length - 1] = ['Character', (last[1] as string) + (token[1] as string)];
    } else {
      merged.push(token);
    }
  }
  return merged;
}

const dir = html5libTests('tokenizer');
const files = readdirSync(dir).filter((f) => f.endsWith('.test') && f !== 'xmlViolation.test').sort();
let runs = 0;

describe('html5lib tokenizer tests', () => {
  it('finds the suite', () => {
    assert.ok(files.length >= 13, `expected the tokenizer test files in ${dir}`);
  });

  for (const file of files) {
    const json = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as { tests: TokenizerTest[] };
    describe(file, () => {
      json.tests.forEach((test, index) => {
        for (const stateName of test.initialStates ?? ['Data state']) {
          const initialState = STATES[stateName];
          const id = `tokenizer/${file}#${index} ${stateName}`;
          runs++;
          it(`${index}: ${test.description} (${stateName})`, () => {
            assert.ok(initialState, `unknown initial state ${stateName}`);
            checkAgainstKnownFailures(id, () => {
              const input = test.doubleEscaped ? unescape(test.input) : test.input;
              const expected = mergeCharacters((test.doubleEscaped ? unescapeDeep(test.output) : test.output) as unknown[]);
              const result = tokenize(input, { initialState, lastStartTag: test.lastStartTag });
              assert.deepStrictEqual(toSuiteFormat(result.tokens), expected, 'tokens');
              const lines = new LineIndex(input);
              const actualErrors = result.errors.map((e) => ({ code: e.code, ...lines.position(e.start) }));
              const expectedErrors = (test.errors ?? []).map((e) => ({ code: e.code, line: e.line, col: e.col }));
              assert.deepStrictEqual(actualErrors, expectedErrors, 'errors');
            });
          });
        }
      });
    });
  }

  it('ran every run (7,032 in this copy of the suite)', () => {
    assert.equal(runs, 7032);
  });

  it('lists no known failure that does not exist', () => {
    for (const id of knownFailuresWithPrefix('tokenizer/')) {
      const match = /^tokenizer\/([^#]+)#(\d+) (.+)$/.exec(id);
      assert.ok(match && files.includes(match[1]), `stale known-failure entry: ${id}`);
    }
  });
});
