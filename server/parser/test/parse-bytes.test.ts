/**
 * Bytes in: parseBytes runs html5lib's encoding suite end to end (sniffing,
 * then changing the encoding when the parser meets a late meta), and unit
 * tests pin the change-the-encoding steps and the encoding diagnostics.
 */
import { strict as assert } from 'node:assert';
import {
  canDecode,
  decodeBytes,
  getAnEncodingFromLabel,
  parseBytes,
  sniffEncoding,
  tokenize,
  type EncodingDiagnostic,
  type EncodingName,
  type ParseBytesResult,
} from '../out/index';
import { parse } from '../out/tree/index';
import { checkAgainstKnownFailures } from './support/known-failures';
import { ENCODING_FILES, readEncodingDat } from './support/encoding-dat';
import { seededRandom } from './support/random';

/** Bytes of a string with one byte per code unit (every code unit must be < 256). */
function bytesOf(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    assert.ok(c < 256, `bytesOf: code unit ${c} at ${i}`);
    out[i] = c;
  }
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A comment of exactly `n` bytes, to push what follows past the prescan's 1024 bytes. */
function padding(n: number): string {
  return `<!--${'x'.repeat(n - 7)}-->`;
}

/** The diagnostics as `code@text-slice`, for compact assertions. */
function summary(r: ParseBytesResult): string[] {
  return r.encodingDiagnostics.map((d: EncodingDiagnostic) => `${d.code}@${r.text.slice(d.start, d.end)}`);
}

describe('parseBytes: html5lib-tests/encoding through the whole pipeline', () => {
  const all = ENCODING_FILES.flatMap(readEncodingDat);

  it('reads 82 cases', () => {
    assert.equal(all.length, 82);
  });

  for (const c of all) {
    const key = `${c.file}#${c.index}`;
    it(`${key} -> ${c.expected}`, () => {
      const expected = getAnEncodingFromLabel(c.expected);
      assert.notEqual(expected, null, `expected label ${c.expected} is not an encoding label`);
      checkAgainstKnownFailures(`parse-bytes/encoding/${key}`, () => {
        assert.equal(parseBytes(c.data).encoding, expected);
      });
    });
  }
});

describe('parseBytes: decoding', () => {
  it('decodes with the fallback, windows-1252, as browsers do (0x93 0x94 are curly quotes)', () => {
    const r = parseBytes(bytesOf('<p>\x93Hi\x94 \xe9'));
    assert.equal(r.encoding, 'windows-1252');
    assert.equal(r.confidence, 'tentative');
    assert.equal(r.text, '<p>\u201cHi\u201d \u00e9');
    assert.equal(r.sniff.source, 'fallback');
    assert.deepEqual(summary(r), ['missing-encoding-declaration@\u201c']);
  });

  it('drops the BOM from the text, so offsets are offsets into the text', () => {
    const r = parseBytes(concat(Uint8Array.of(0xef, 0xbb, 0xbf), bytesOf('<p a=1 a=2>')));
    assert.equal(r.text, '<p a=1 a=2>');
    assert.equal(r.confidence, 'certain');
    const duplicate = r.errors.find((e) => e.code === 'duplicate-attribute');
    // The duplicate's value "2" ends at text offset 10 (byte 13).
    assert.equal(duplicate?.end, 10);
  });

  it('takes the override, the transport layer encoding and the fallback', () => {
    const bytes = bytesOf('<p>\xb3');
    assert.equal(parseBytes(bytes, { override: 'latin2' }).text, '<p>\u0142'); // ł
    assert.equal(parseBytes(bytes, { transportLayerEncoding: 'iso-8859-5' }).text, '<p>\u0413'); // Г
    assert.equal(parseBytes(bytes, { fallback: 'windows-1251' }).text, '<p>\u0456'); // і
    assert.throws(() => parseBytes(bytes, { override: 'bogus' }), RangeError);
  });
});

describe('parseBytes: changing the encoding while parsing', () => {
  it('a meta past byte 1024 makes the parser decode again with its encoding, certain', () => {
    const bytes = bytesOf(`${padding(1100)}<meta charset="ISO-8859-2"><p>\xb1`);
    const r = parseBytes(bytes);
    assert.equal(r.sniff.encoding, 'windows-1252');
    assert.equal(r.sniff.source, 'fallback');
    assert.equal(r.encoding, 'iso-8859-2');
    assert.equal(r.confidence, 'certain');
    assert.ok(r.text.endsWith('<p>\u0105'), 'ą is 0xB1 in ISO-8859-2');
    assert.ok(r.changedEncoding);
    assert.equal(r.changedEncoding.from, 'windows-1252');
    assert.equal(r.changedEncoding.to, 'iso-8859-2');
    assert.deepEqual(summary(r), [
      'late-encoding-declaration@<meta charset="ISO-8859-2">',
      'non-utf8-encoding-declaration@ISO-8859-2',
    ]);
  });

  it('non-ASCII bytes before the meta: the whole document is decoded again', () => {
    const r = parseBytes(bytesOf(`${padding(1100)}\xe9<meta charset=koi8-r>\xc2`));
    assert.equal(r.encoding, 'koi8-r');
    // 0xE9 is И and 0xC2 is б in KOI8-R.
    assert.ok(r.text.endsWith('\u0418<meta charset=koi8-r>\u0431'), r.text.slice(-30));
    assert.equal(r.changedEncoding?.from, 'windows-1252');
  });

  it('a meta that agrees with the prescan only makes the confidence certain', () => {
    const r = parseBytes(bytesOf('<meta charset=utf-8><p>\xc3\xa9'));
    assert.equal(r.encoding, 'utf-8');
    assert.equal(r.sniff.source, 'prescan');
    assert.equal(r.confidence, 'certain');
    assert.equal(r.changedEncoding, null);
    assert.equal(r.text, '<meta charset=utf-8><p>\u00e9');
    assert.deepEqual(r.encodingDiagnostics, []);
  });

  it('only the first declaration that names an encoding counts', () => {
    const r = parseBytes(bytesOf(`${padding(1100)}<meta charset=bogus><meta charset=koi8-r><meta charset=big5>\xc2`));
    assert.equal(r.encoding, 'koi8-r');
    assert.ok(r.text.endsWith('\u0431'), 'б is 0xC2 in KOI8-R');
  });

  it('a certain encoding (BOM, transport layer, override) is never changed', () => {
    const late = bytesOf(`${padding(1100)}<meta charset=iso-8859-2>`);
    assert.equal(parseBytes(concat(Uint8Array.of(0xef, 0xbb, 0xbf), late)).encoding, 'utf-8');
    assert.equal(parseBytes(late, { transportLayerEncoding: 'koi8-r' }).encoding, 'koi8-r');
    assert.equal(parseBytes(late, { override: 'koi8-r' }).encoding, 'koi8-r');
  });

  it('UTF-16 in a meta means UTF-8; x-user-defined means windows-1252', () => {
    const utf16 = parseBytes(bytesOf(`${padding(1100)}<meta charset=utf-16le>\xc3\xa9`));
    assert.equal(utf16.encoding, 'utf-8');
    assert.ok(utf16.text.endsWith('>\u00e9'));
    const xud = parseBytes(bytesOf(`${padding(1100)}<meta charset=x-user-defined>`), { fallback: 'koi8-r' });
    assert.equal(xud.encoding, 'windows-1252');
  });

  it('a UTF-16 document found by its XML declaration ignores a meta (step 1)', () => {
    const text = '<?xml version="1.0"?><meta charset="windows-1252"><p>\u00e9';
    const bytes = new Uint8Array(Buffer.from(text, 'utf16le'));
    const r = parseBytes(bytes);
    assert.equal(r.sniff.source, 'xml-declaration');
    assert.equal(r.encoding, 'utf-16le');
    assert.equal(r.confidence, 'certain');
    assert.equal(r.text, text);
    assert.equal(r.changedEncoding, null);
  });

  it('a charset that names no encoding falls through to the pragma in the same meta', () => {
    const r = parseBytes(bytesOf(`${padding(1100)}<meta charset=bogus http-equiv=Content-Type content="text/html; charset=koi8-r">`));
    assert.equal(r.encoding, 'koi8-r');
    assert.equal(r.declarations.length, 1);
    assert.equal(r.declarations[0].kind, 'meta-content');
    assert.equal(r.declarations[0].label, 'koi8-r');
  });

  it('a meta the tree builder does not process as one declares nothing: in <title>, <script>, <textarea>, <noscript>', () => {
    for (const inside of ['<title>{}</title>', '<script>{}</script>', '<textarea>{}</textarea>', '<body><noscript>{}</noscript>']) {
      const r = parseBytes(bytesOf(`${padding(1100)}${inside.replace('{}', '<meta charset=koi8-r>')}\xc2`));
      assert.equal(r.encoding, 'windows-1252', inside);
      assert.deepEqual(r.declarations, [], inside);
    }
  });

  it('a meta in <body>, a table, a template or SVG (it breaks out) is processed by the "in head" rules and counts', () => {
    for (const where of ['<body><p>{}', '<table><tr>{}</table>', '<template>{}</template>', '<svg>{}</svg>', '<math><mi>{}</mi></math>', '<select>{}</select>']) {
      const r = parseBytes(bytesOf(`${padding(1100)}${where.replace('{}', '<meta charset=koi8-r>')}\xc2`));
      assert.equal(r.encoding, 'koi8-r', where);
      assert.ok(r.text.endsWith('\u0431'), where);
    }
  });

  it('returns the document the text parses to', () => {
    const r = parseBytes(bytesOf('<meta charset=utf-8><title>x</title><p>\xc3\xa9'));
    const html = r.document.children.find((n) => n.kind === 'element');
    assert.ok(html !== undefined && html.kind === 'element' && html.name === 'html');
    assert.deepEqual(r.errors, parse(r.text).errors);
    assert.ok(r.errors.some((e) => e.code === 'missing-doctype'), r.errors.map((e) => e.code).join());
  });

  it('a pragma needs http-equiv="content-type"', () => {
    const r = parseBytes(bytesOf(`${padding(1100)}<meta http-equiv=refresh content="text/html; charset=koi8-r">`));
    assert.equal(r.encoding, 'windows-1252');
    assert.deepEqual(r.declarations, []);
  });
});

describe('parseBytes: encoding diagnostics', () => {
  it('a declaration that disagrees with the BOM', () => {
    const r = parseBytes(concat(Uint8Array.of(0xef, 0xbb, 0xbf), bytesOf('<meta charset="windows-1252">')));
    assert.equal(r.encoding, 'utf-8');
    assert.deepEqual(summary(r), ['encoding-declaration-mismatch@windows-1252', 'non-utf8-encoding-declaration@windows-1252']);
    const mismatch = r.encodingDiagnostics[0];
    assert.equal(mismatch.severity, 'error');
    assert.equal(mismatch.message, 'The byte order mark says UTF-8, but this declaration says windows-1252');
    assert.deepEqual(mismatch.related, { start: 0, end: '<meta charset="windows-1252">'.length });
    assert.equal(r.encodingDiagnostics[1].severity, 'warning');
  });

  it('a declaration that disagrees with the transport layer', () => {
    const r = parseBytes(bytesOf('<meta charset=utf-8>'), { transportLayerEncoding: 'iso-8859-2' });
    assert.deepEqual(summary(r), ['encoding-declaration-mismatch@utf-8']);
    assert.match(r.encodingDiagnostics[0].message, /^The transport layer \(Content-Type\) says ISO-8859-2, but this declaration says UTF-8$/);
  });

  it('more than one declaration, with the first as related', () => {
    const text = '<meta charset=utf-8>\n<meta http-equiv="content-type" content="text/html; charset=UTF-8">';
    const r = parseBytes(bytesOf(text));
    assert.deepEqual(summary(r), ['multiple-encoding-declarations@UTF-8']);
    const d = r.encodingDiagnostics[0];
    assert.equal(d.message, 'A document must have at most one encoding declaration; the first is at line 1, column 1');
    assert.deepEqual(d.related, { start: 0, end: 20 });
  });

  it('a label that names no encoding', () => {
    const r = parseBytes(bytesOf('<meta charset="utf8x">'));
    assert.deepEqual(summary(r), ['unknown-encoding-label@utf8x']);
    assert.equal(r.encodingDiagnostics[0].severity, 'error');
    assert.equal(r.encoding, 'windows-1252');
  });

  it('a declaration of windows-1252 within 1024 bytes is only a warning', () => {
    const r = parseBytes(bytesOf('<!DOCTYPE html><meta http-equiv=Content-Type content="text/html; charset=windows-1252">'));
    assert.deepEqual(summary(r), ['non-utf8-encoding-declaration@windows-1252']);
    assert.equal(r.encodingDiagnostics[0].severity, 'warning');
  });

  it('late means not completely within the first 1024 bytes (the spec says "serialized completely")', () => {
    const meta = '<meta charset=utf-8>';
    const endsAt1024 = parseBytes(bytesOf(padding(1024 - meta.length) + meta));
    assert.deepEqual(summary(endsAt1024), []);
    const endsAt1025 = parseBytes(bytesOf(padding(1025 - meta.length) + meta));
    assert.deepEqual(summary(endsAt1025), [`late-encoding-declaration@${meta}`]);
  });

  it('counts bytes, not characters: multi-byte UTF-8 before the meta pushes it past 1024', () => {
    // 400 × "é" is 800 bytes of UTF-8 but 400 characters.
    const meta = '<meta charset=utf-8>';
    const r = parseBytes(concat(Uint8Array.of(0xef, 0xbb, 0xbf), new Uint8Array(Buffer.from(`<p>${'é'.repeat(400)}</p>${'x'.repeat(250)}${meta}`))));
    assert.equal(r.encoding, 'utf-8');
    assert.deepEqual(summary(r), [`late-encoding-declaration@${meta}`]);
  });

  it('a document with non-ASCII bytes and no declaration: missing-encoding-declaration at the first such byte', () => {
    // "café" in UTF-8: the é is bytes 0xC3 0xA9 at offset 21, read as windows-1252 "Ã©".
    const r = parseBytes(new Uint8Array(Buffer.from('<!DOCTYPE html><p>caf\u00e9</p>', 'utf8')));
    assert.equal(r.encoding, 'windows-1252');
    assert.deepEqual(summary(r), ['missing-encoding-declaration@\u00c3']);
    assert.equal(r.encodingDiagnostics[0].start, 21);
    assert.equal(r.encodingDiagnostics[0].severity, 'error');
    assert.equal(
      r.encodingDiagnostics[0].message,
      'The document has no encoding declaration, so its UTF-8 text is decoded as windows-1252 and comes out garbled; add <meta charset="utf-8"> within the first 1024 bytes',
    );
    // Bytes that are not UTF-8 get the general advice.
    const latin = parseBytes(bytesOf('<p>caf\xe9'));
    assert.deepEqual(summary(latin), ['missing-encoding-declaration@\u00e9']);
    assert.match(latin.encodingDiagnostics[0].message, /its non-ASCII bytes are decoded as windows-1252, the fallback/);
  });

  it('no missing-encoding-declaration for ASCII-only bytes, a BOM, an override, a transport encoding or a declaration', () => {
    const cafe = new Uint8Array(Buffer.from('<p>caf\u00e9', 'utf8'));
    assert.deepEqual(summary(parseBytes(bytesOf('<!DOCTYPE html><p>cafe'))), []);
    assert.deepEqual(summary(parseBytes(concat(Uint8Array.of(0xef, 0xbb, 0xbf), cafe))), []);
    assert.deepEqual(summary(parseBytes(cafe, { override: 'utf-8' })), []);
    assert.deepEqual(summary(parseBytes(cafe, { transportLayerEncoding: 'utf-8' })), []);
    assert.deepEqual(summary(parseBytes(concat(bytesOf('<meta charset=utf-8>'), cafe))), []);
    assert.deepEqual(summary(parseBytes(concat(bytesOf(`${padding(1100)}<meta charset=utf-8>`), cafe))), [
      'late-encoding-declaration@<meta charset=utf-8>',
    ]);
  });

  it('a document without declarations has no encoding diagnostics', () => {
    assert.deepEqual(parseBytes(bytesOf('<!DOCTYPE html><title>x</title>')).encodingDiagnostics, []);
  });

  const unsupported = canDecode('iso-8859-16');
  it(`${unsupported ? 'decodes iso-8859-16' : 'decodes an encoding the platform lacks (iso-8859-16) as the fallback, with a warning'}`, () => {
    const r = parseBytes(bytesOf('<meta charset=iso-8859-16><p>\xa1'));
    if (unsupported) {
      assert.equal(r.encoding, 'iso-8859-16');
      assert.equal(r.text.slice(-1), '\u0104');
    } else {
      assert.equal(r.encoding, 'windows-1252');
      assert.equal(r.text.slice(-1), '\u00a1');
      assert.deepEqual(summary(r), ['unsupported-encoding@iso-8859-16', 'non-utf8-encoding-declaration@iso-8859-16']);
    }
  });
});

describe('parseBytes: one parse or two, the same answer', () => {
  // The reference is the spec's two passes, written out: decode with the
  // sniffed encoding, find the first <meta charset> that names an encoding,
  // and if it names another one, decode again with it. The inputs only put
  // metas where the tree builder processes every meta start tag, so the
  // tokens stand in for it here.
  function reference(bytes: Uint8Array): EncodingName {
    const sniffed = sniffEncoding(bytes);
    if (sniffed.confidence === 'certain') return sniffed.encoding;
    const { tokens } = tokenize(decodeBytes(bytes, sniffed.encoding));
    for (const t of tokens) {
      if (t.type !== 'startTag' || t.name !== 'meta') continue;
      const charset = t.attributes.find((a) => a.name === 'charset');
      const encoding = charset === undefined ? null : getAnEncodingFromLabel(charset.value);
      if (encoding === null) continue;
      const changed = encoding === 'utf-16le' || encoding === 'utf-16be' ? 'utf-8' : encoding === 'x-user-defined' ? 'windows-1252' : encoding;
      return changed;
    }
    return sniffed.encoding;
  }

  const random = seededRandom(0xc0ffee);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const pieces = ['<p>', 'text ', '\xe9', '\xc2\xa9', '\x1b$B', '<!-- c -->', '\n', '&amp;', '<b>x</b>'];
  const metas = ['<meta charset=koi8-r>', '<meta charset=utf-8>', '<meta charset="ISO-8859-2">', '<meta charset=bogus>', '<meta charset=shift_jis>'];
  const inputs: Uint8Array[] = [];
  for (let n = 0; n < 300; n++) {
    let s = '';
    const parts = 1 + Math.floor(random() * 6);
    for (let k = 0; k < parts; k++) {
      if (random() < 0.5) s += padding(100 + Math.floor(random() * 1200));
      s += pick(pieces);
      if (random() < 0.4) s += pick(metas);
    }
    inputs.push(bytesOf(s));
  }

  it('gives the text, errors and encoding of the two passes on 300 seeded inputs', () => {
    let changed = 0;
    for (const bytes of inputs) {
      const r = parseBytes(bytes);
      const where = Buffer.from(bytes).toString('latin1').replace(/x{20,}/g, 'x…');
      assert.equal(r.encoding, reference(bytes), where);
      assert.equal(r.text, decodeBytes(bytes, r.encoding), where);
      assert.deepEqual(r.errors, parse(r.text).errors, where);
      if (r.changedEncoding !== null) changed++;
    }
    assert.ok(changed > 50, `only ${changed} inputs changed the encoding`);
  });
});
