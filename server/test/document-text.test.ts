/**
 * The server's chunked text (server/src/document-text.ts) against two
 * references, on seeded random edits of texts full of CR, LF, CRLF and
 * surrogate pairs, with tiny chunks so that edits meet chunk boundaries
 * everywhere: `vscode-languageserver-textdocument` (what the server used
 * before, and what VS Code's own HTML server uses) for positions and offsets,
 * and plain strings for the text itself.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentText } from '../out/document-text';
import { Random } from '../parser/out-test/support/random';
import { offsetAt as modelOffsetAt, lineStarts } from '../parser/out-test/support/text-model';

const PIECES = ['a', 'b', '<p>', '\r', '\n', '\r\n', '\r\r\n', '\n\r', '😀', '\ud83d', '\ude00', 'é', ' ', '-->', '<!--', 'xyz'];

function randomText(rng: Random, length: number): string {
  let s = '';
  while (s.length < length) s += rng.pick(PIECES);
  return s;
}

/** Every offset and a spread of positions (past line ends, past the last line) agree with the reference. */
function assertSameConversions(rng: Random, text: DocumentText, expected: string, context: string): void {
  const reference = TextDocument.create('file:///t.html', 'html', 1, expected);
  assert.equal(text.length, expected.length, `${context}: length`);
  assert.equal(text.toString(), expected, `${context}: text`);
  assert.equal(text.lineCount, reference.lineCount, `${context}: line count`);
  for (let offset = -1; offset <= expected.length + 1; offset++) {
    assert.deepEqual(text.positionAt(offset), reference.positionAt(offset), `${context}: positionAt(${offset})`);
    assert.equal(text.lineAt(Math.max(0, Math.min(offset, expected.length))), reference.positionAt(offset).line, `${context}: lineAt(${offset})`);
  }
  const starts = lineStarts(expected);
  for (let line = 0; line <= reference.lineCount; line++) {
    for (const character of [0, 1, 2, 3, 5, 8, 1000]) {
      const position = { line, character };
      assert.equal(text.offsetAt(position), reference.offsetAt(position), `${context}: offsetAt(${line}:${character})`);
      assert.equal(text.offsetAt(position), modelOffsetAt(expected, starts, position), `${context}: offsetAt(${line}:${character}) against the LSP model`);
    }
  }
  for (let i = 0; i < 20; i++) {
    const a = rng.int(expected.length + 2);
    const b = a + rng.int(40);
    assert.equal(text.slice(a, b), expected.slice(a, b), `${context}: slice(${a}, ${b})`);
    assert.ok(Object.is(text.charCodeAt(a), expected.charCodeAt(a)), `${context}: charCodeAt(${a})`);
    const needle = expected.slice(a, a + 1 + rng.int(4)) || '\r\n';
    assert.equal(text.indexOf(needle, b), expected.indexOf(needle, b), `${context}: indexOf(${JSON.stringify(needle)}, ${b})`);
    assert.equal(text.lastIndexOf(needle, a), expected.lastIndexOf(needle, a), `${context}: lastIndexOf(${JSON.stringify(needle)}, ${a})`);
    assert.equal(text.lastIndexOf(needle), expected.lastIndexOf(needle), `${context}: lastIndexOf(${JSON.stringify(needle)})`);
  }
}

describe('the server document text (chunks with their line starts)', () => {
  it('converts offsets and positions as vscode-languageserver-textdocument does, after random edits with CR, LF, CRLF and surrogates', () => {
    const rng = new Random(0x16);
    for (const chunk of [2, 3, 8, 64]) {
      let expected = randomText(rng, 300);
      let text = DocumentText.of(expected, chunk);
      assertSameConversions(rng, text, expected, `chunk ${chunk}, initial`);
      for (let step = 0; step < 400; step++) {
        const a = rng.int(expected.length + 1);
        const b = rng.next() < 0.7 ? a + rng.int(4) : a + rng.int(120);
        const insert = rng.next() < 0.2 ? '' : randomText(rng, rng.next() < 0.8 ? 1 : rng.int(200));
        // Reversed and out-of-range bounds clamp as the store's change() clamps them.
        const [s, e] = rng.next() < 0.1 ? [Math.min(b, expected.length + 5), a] : [a, b];
        const lo = Math.min(Math.max(0, Math.min(s, expected.length)), Math.max(0, Math.min(e, expected.length)));
        const hi = Math.max(Math.max(0, Math.min(s, expected.length)), Math.max(0, Math.min(e, expected.length)));
        const before = text;
        text = text.edit(s, e, insert);
        expected = expected.slice(0, lo) + insert + expected.slice(hi);
        // Snapshots are immutable: the text before the edit is unchanged.
        assert.equal(before.length + insert.length - (hi - lo), text.length);
        if (step % 10 === 0 || step === 399) assertSameConversions(rng, text, expected, `chunk ${chunk}, step ${step}`);
        else assert.equal(text.toString(), expected, `chunk ${chunk}, step ${step}: text`);
        // Chunks stay few: at most about one per chunk size of text (a quarter-full chunk is merged).
        assert.ok(text.chunkCount <= Math.max(1, Math.ceil((4 * expected.length) / chunk) + 1), `chunk ${chunk}, step ${step}: ${text.chunkCount} chunks for ${expected.length} characters`);
      }
    }
  });

  it('keeps a CRLF that an edit forms across a chunk boundary one line break', () => {
    // Chunks of 2: delete the characters between a CR and an LF in different chunks.
    let text = DocumentText.of('ab\rxy\ncd', 2);
    text = text.edit(3, 5, '');
    assert.equal(text.toString(), 'ab\r\ncd');
    assert.equal(text.lineCount, 2);
    assert.deepEqual(text.positionAt(3), { line: 0, character: 2 });
    assert.deepEqual(text.positionAt(4), { line: 1, character: 0 });
    assert.equal(text.offsetAt({ line: 0, character: 10 }), 2);
    // And insert an LF right after a CR at the end of a chunk.
    let other = DocumentText.of('abc\rdefgh', 2);
    other = other.edit(4, 4, '\n');
    assert.equal(other.lineCount, 2);
    assert.equal(other.offsetAt({ line: 1, character: 0 }), 5);
  });

  it('reads the empty text, and replaces everything', () => {
    const empty = DocumentText.of('');
    assert.equal(empty.length, 0);
    assert.equal(empty.lineCount, 1);
    assert.deepEqual(empty.positionAt(5), { line: 0, character: 0 });
    assert.equal(empty.offsetAt({ line: 3, character: 3 }), 0);
    assert.ok(Number.isNaN(empty.charCodeAt(0)));
    const all = DocumentText.of('x\ny\n'.repeat(1000), 16).edit(0, 4000, 'z');
    assert.equal(all.toString(), 'z');
    assert.equal(all.chunkCount, 1);
  });

  it('includes() says what a string says, across chunk boundaries and after edits that change its answer', () => {
    const rng = new Random(17);
    const word = 'tagtree-';
    for (const chunkSize of [4, 16, 64]) {
      let expected = randomText(rng, 600);
      let text = DocumentText.of(expected, chunkSize);
      assert.equal(text.includes(word), false);
      for (let i = 0; i < 200; i++) {
        // Insert the word (whole or split in two edits) or delete around it.
        const at = rng.int(expected.length + 1);
        const insert = rng.pick([word, 'tag', 'tree-', '', 'x']);
        const end = Math.min(expected.length, at + rng.int(4));
        expected = expected.slice(0, at) + insert + expected.slice(end);
        text = text.edit(at, end, insert);
        assert.equal(text.includes(word), expected.includes(word), `chunk size ${chunkSize}, edit ${i}`);
      }
    }
  });
});
