/**
 * What the html5lib suite does not check: offsets into the original text
 * (before CR/CRLF normalization), attribute ranges, error ranges, and the
 * chunking guarantee the tree builder relies on.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokenize, type Token } from '../out/index';
import { runTheTokenizer } from '../out/tokenizer/run';
import { Tokenizer, type EofToken } from '../out/tokenizer/tokenizer';
import { corpus } from './support/shared-data';
import { pick, seededRandom } from './support/random';

function chunks(input: string): (Token | EofToken)[] {
  const out: (Token | EofToken)[] = [];
  // A tag or characters token is valid only during processToken (the tokenizer fills the same objects again): keep copies.
  const copy = (t: Token | EofToken): Token | EofToken => (t.type === 'startTag' ? { ...t, attributes: t.attributes.map((a) => ({ ...a })) } : { ...t });
  runTheTokenizer(new Tokenizer(input, { processToken: (t) => out.push(copy(t)) }, []));
  return out;
}

/** Every token's source slice is its markup; every character chunk is its source (CR/CRLF read as LF). */
function checkSlices(input: string): void {
  for (const token of chunks(input)) {
    const source = input.slice(token.start, token.end);
    switch (token.type) {
      case 'startTag':
        assert.ok(source.toLowerCase().startsWith('<' + token.name.slice(0, 1)), `start tag source ${JSON.stringify(source)}`);
        for (const a of token.attributes) {
          const name = input.slice(a.nameStart, a.nameEnd);
          assert.equal(name.replace(/[A-Z]/g, (m) => m.toLowerCase()).replace(/\0/g, '\ufffd'), a.name, 'attribute name range');
          if (a.valueStart !== null && !a.value.includes('&') && !/[&\0]/.test(input.slice(a.valueStart, a.valueEnd!))) {
            assert.equal(input.slice(a.valueStart, a.valueEnd!).replace(/\r\n?/g, '\n'), a.value, 'attribute value range');
          }
        }
        break;
      case 'endTag':
        assert.ok(source.startsWith('</'), `end tag source ${JSON.stringify(source)}`);
        break;
      case 'comment':
        assert.ok(source.startsWith('<'), `comment source ${JSON.stringify(source)}`);
        break;
      case 'characters':
        if (source.startsWith('&')) break; // a character reference's own chunk
        if (token.data === '\u0000' && source === '\u0000') break;
        assert.equal(source.replace(/\r\n?/g, '\n'), token.data, 'character chunk is its source');
        break;
    }
  }
}

describe('tokenizer locations', () => {
  it('reports offsets into the original text across CRLF', () => {
    const input = 'a\r\nb\r<p\r\nid=x>';
    const { tokens } = tokenize(input);
    assert.deepEqual(tokens[0], { type: 'characters', data: 'a\nb\n', start: 0, end: 5 });
    const p = tokens[1];
    assert.equal(p.type, 'startTag');
    assert.equal(p.start, 5);
    assert.equal(p.end, input.length);
    if (p.type === 'startTag') {
      assert.deepEqual(p.attributes[0], { name: 'id', value: 'x', nameStart: 9, nameEnd: 11, valueStart: 12, valueEnd: 13 });
    }
  });

  it('gives quoted values a range without the quotes, and none to a bare attribute', () => {
    const { tokens } = tokenize(`<input type="text" disabled value='a\r\nb'>`);
    const t = tokens[0];
    assert.equal(t.type, 'startTag');
    if (t.type !== 'startTag') return;
    assert.deepEqual(
      t.attributes.map((a) => [a.name, a.value, a.valueStart, a.valueEnd]),
      [
        ['type', 'text', 13, 17],
        ['disabled', '', null, null],
        ['value', 'a\nb', 35, 39],
      ],
    );
  });

  it('drops a duplicate attribute and points the error at it, with the kept one related', () => {
    const input = '<a href="x" href="y">';
    const { tokens, errors } = tokenize(input);
    assert.equal(tokens[0].type === 'startTag' && tokens[0].attributes.length, 1);
    assert.equal(errors.length, 1);
    assert.equal(errors[0].code, 'duplicate-attribute');
    assert.equal(input.slice(errors[0].start - 4, errors[0].end), 'href="y"');
    assert.deepEqual(errors[0].related, { start: 3, end: 11 });
  });

  it('places preprocessing errors at the offending code unit of the original text', () => {
    const input = 'a\r\n\u0001b\ud800c\ufffe\ud83f\udffe';
    const { errors } = tokenize(input);
    assert.deepEqual(
      errors.map((e) => [e.code, e.start, e.end]),
      [
        ['control-character-in-input-stream', 3, 4],
        ['surrogate-in-input-stream', 5, 6],
        ['noncharacter-in-input-stream', 7, 8],
        ['noncharacter-in-input-stream', 8, 10],
      ],
    );
  });

  it('reports a preprocessing error once even when the character is reconsumed', () => {
    const { errors } = tokenize('<\u0001');
    assert.deepEqual(
      errors.map((e) => e.code),
      ['control-character-in-input-stream', 'invalid-first-character-of-tag-name'],
    );
  });

  it('emits NULL and character references as chunks of their own', () => {
    const out = chunks('a\u0000b&amp;c&#x41;d&bogus;');
    assert.deepEqual(
      out.map((t) => (t.type === 'characters' ? [t.data, t.start, t.end] : [t.type])),
      [
        ['a', 0, 1],
        ['\u0000', 1, 2],
        ['b', 2, 3],
        ['&', 3, 8],
        ['c', 8, 9],
        ['A', 9, 15],
        ['d&bogus;', 15, 23],
        ['eof'],
      ],
    );
  });

  it('never merges text across a gap in the source (CDATA markers, </>)', () => {
    const out = chunks('a</>b');
    assert.deepEqual(
      out.filter((t) => t.type === 'characters').map((t) => [t.start, t.end]),
      [
        [0, 1],
        [4, 5],
      ],
    );
  });

  it('keeps every slice true on the b-pages corpus, with LF and CRLF line ends', function () {
    this.timeout(120000);
    const root = corpus('b-pages');
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.html')) files.push(path);
      }
    };
    walk(root);
    assert.ok(files.length > 100, 'b-pages corpus files');
    for (const file of files.slice(0, 60)) {
      const text = readFileSync(file, 'utf8');
      checkSlices(text);
      checkSlices(text.replace(/\r?\n/g, '\r\n'));
    }
  });
});

describe('tokenizer robustness on random input', () => {
  const PIECES = ['<', '>', '/', '!', '-', '--', '&', ';', '#', 'x', 'X', '0', '9', 'a', 'Z', '=', '"', "'", '`', ' ', '\t', '\n', '\r', '\r\n', '\u0000',
    '\u0001', '\ud800', '\udc00', '\ud83d\ude00', '\ufffe', '?', '[', ']', '<!--', '-->', '<!DOCTYPE', 'PUBLIC', 'SYSTEM', '<![CDATA[', ']]>', '</',
    '<script>', '</script>', '&amp', '&amp;', '&notin', '&#x', '&#', '&#1114112;', 'é'];
  const STATES = ['data', 'plaintext', 'rcdata', 'rawtext', 'script-data', 'cdata-section'] as const;

  it('never throws, and keeps tokens ordered, non-overlapping and inside the input', () => {
    const random = seededRandom(20261122);
    for (let n = 0; n < 3000; n++) {
      let input = '';
      const length = Math.floor(random() * 40);
      for (let i = 0; i < length; i++) input += pick(random, PIECES);
      const initialState = pick(random, STATES);
      const { tokens, errors } = tokenize(input, { initialState, lastStartTag: 'script' });
      let last = 0;
      for (const t of tokens) {
        assert.ok(t.start >= last && t.end >= t.start && t.end <= input.length, `token range ${t.start}-${t.end} after ${last} in ${JSON.stringify(input)}`);
        last = t.end;
      }
      for (const e of errors) assert.ok(e.start >= 0 && e.start <= input.length && e.end >= e.start && e.end <= input.length, `error ${e.code} ${e.start}-${e.end}`);
      checkSlices(input);
    }
  });
});
