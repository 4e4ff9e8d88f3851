/**
 * html5lib-tests tokenizer conformance: every test in every file except
 * xmlViolation.test, once per listed initial state. Tokens and errors (code,
 * line, col, order) must match. See ../shared/html5lib-tests/SOURCE.md.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { tokenize, LineIndex, type InitialState, type Token } from '../out/index';
import { html5libTests } from './support/shared-data';
import {
  KNOWN_FAILURES,
  SUPERSEDED_PI_BOGUS_COMMENT,
  SUPERSEDED_PI_EOF,
  SUPERSEDED_PI_TOKEN,
  checkAgainstKnownFailures,
  knownFailuresWithPrefix,
} from './support/known-failures';

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
      // The suite's format (pinned before whatwg/html 320c05f6) has no processing instruction token.
      case 'processingInstruction':
        return ['ProcessingInstruction', t.target, t.data];
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

/**
 * A case listed as superseded by processing instructions must give what its
 * reason says, derived from the suite's old expectation (a bogus comment whose
 * data starts with "?", and unexpected-question-mark-instead-of-tag-name at the "?").
 */
function checkSupersededByProcessingInstructions(reason: string, input: string, expected: unknown[], expectedErrors: { code: string; line: number; col: number }[]): void {
  const result = tokenize(input);
  const lines = new LineIndex(input);
  const errors = result.errors.map((e) => ({ code: e.code, ...lines.position(e.start) }));
  const old = expectedErrors.find((e) => e.code === 'unexpected-question-mark-instead-of-tag-name');
  assert.ok(old !== undefined && input.startsWith('<?'), 'a superseded case starts with "<?" and expected the question-mark error');
  const others = expectedErrors.filter((e) => e !== old);
  const comment = expected[0] as [string, string];
  assert.equal(comment[0], 'Comment');
  if (reason === SUPERSEDED_PI_BOGUS_COMMENT) {
    assert.deepStrictEqual(toSuiteFormat(result.tokens), expected, 'the same tokens');
    const sorted = (list: typeof errors) => [...list].sort((a, b) => a.line - b.line || a.col - b.col || (a.code < b.code ? -1 : 1));
    const replaced = sorted([...others, { code: 'invalid-first-character-of-processing-instruction-target', line: old.line, col: old.col + 1 }]);
    assert.deepStrictEqual(sorted(errors), replaced, 'the question-mark error replaced by the invalid-first-character one after "<?"');
  } else if (reason === SUPERSEDED_PI_EOF) {
    assert.deepStrictEqual(result.tokens, [], 'no token');
    assert.deepStrictEqual(errors.map((e) => e.code), ['eof-in-processing-instruction']);
    assert.ok(/^\?[A-Za-z_]?$/.test(comment[1]), 'the old comment was "?" and at most the first character of a target');
  } else if (reason === SUPERSEDED_PI_TOKEN) {
    assert.deepStrictEqual(errors, others, 'no error of its own');
    assert.equal(result.tokens.length, 1);
    const pi = result.tokens[0];
    assert.ok(pi.type === 'processingInstruction' && `?${pi.target}${pi.data === '' ? '' : ' ' + pi.data}` === comment[1], 'target and data are the old comment');
  } else {
    assert.fail(`unknown reason ${reason}`);
  }
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
            const reason = KNOWN_FAILURES[id];
            if (reason !== undefined && reason.startsWith('superseded by whatwg/html 320c05f6')) {
              const input = test.doubleEscaped ? unescape(test.input) : test.input;
              const expected = mergeCharacters((test.doubleEscaped ? unescapeDeep(test.output) : test.output) as unknown[]);
              checkSupersededByProcessingInstructions(reason, input, expected, test.errors ?? []);
            }
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

describe('processing instructions (whatwg/html 320c05f6)', () => {
  it('tokenize() gives { type, target, data, start, end } with the source range of <? … >', () => {
    const input = 'a<?php echo 1; ?>b<?marker name="x">';
    const { tokens, errors } = tokenize(input);
    assert.deepStrictEqual(tokens, [
      { type: 'characters', data: 'a', start: 0, end: 1 },
      { type: 'processingInstruction', target: 'php', data: 'echo 1; ', start: 1, end: 17 },
      { type: 'characters', data: 'b', start: 17, end: 18 },
      { type: 'processingInstruction', target: 'marker', data: 'name="x"', start: 18, end: 36 },
    ]);
    assert.deepStrictEqual(errors, []);
  });

  it('raises the errors where the states do (web-platform-tests/wpt#61846: <?xml version="1.0"> at column 6)', () => {
    const at = (input: string) => tokenize(input).errors.map((e) => `${e.code}@${e.start}`);
    assert.deepStrictEqual(at('<?xml version="1.0">'), ['disallowed-processing-instruction-target@5']);
    assert.deepStrictEqual(at('<?a$b>'), ['invalid-processing-instruction-target@3']);
    assert.deepStrictEqual(at('<?1>'), ['invalid-first-character-of-processing-instruction-target@2']);
    assert.deepStrictEqual(at('<?t d'), ['eof-in-processing-instruction@5']);
    assert.deepStrictEqual(at('<?t \0>'), ['unexpected-null-character@4']);
  });

  it('"?" not before ">" is data, and CRLF in the data is LF (<?t ???> has data "??")', () => {
    const pis = (input: string) => tokenize(input).tokens.map((t) => (t.type === 'processingInstruction' ? [t.target, t.data] : t.type));
    assert.deepStrictEqual(pis('<?t ???>'), [['t', '??']]);
    assert.deepStrictEqual(pis('<?t?d?>'), [['t', '?d']]);
    assert.deepStrictEqual(pis('<?t a\r\nb>'), [['t', 'a\nb']]);
    assert.deepStrictEqual(pis('<?t \0>'), [['t', '\ufffd']]);
  });
});
