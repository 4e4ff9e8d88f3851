/**
 * The input byte stream: html5lib encoding conformance, then unit tests for the
 * label table, BOM, override, transport layer, the prescan and its 1024-byte
 * end condition, the XML declaration, the fallback and decoding.
 */
import { strict as assert } from 'node:assert';
import { readdirSync } from 'node:fs';
import {
  canDecode,
  decodeBytes,
  ENCODING_LABELS,
  ENCODING_NAMES,
  extractACharacterEncodingFromAMetaElement,
  getAnEncodingFromLabel,
  prescanAByteStream,
  sniffEncoding,
  type EncodingName,
  type SniffOptions,
} from '../out/encoding/index';
import { html5libTests } from './support/shared-data';
import { ENCODING_FILES, readEncodingDat } from './support/encoding-dat';
import { checkAgainstKnownFailures } from './support/known-failures';
import { seededRandom } from './support/random';

/** Bytes of an ASCII/Latin-1 string, one byte per code unit. */
function bytesOf(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.subarray(start, end)).toString('latin1');
}

// ---------------------------------------------------------------------------
// html5lib-tests/encoding
// ---------------------------------------------------------------------------

describe('encoding: html5lib-tests/encoding', () => {
  it('runs every encoding .dat file except scripted/', () => {
    const files = readdirSync(html5libTests('encoding')).filter((f) => f.endsWith('.dat'));
    assert.deepEqual(files.sort(), ENCODING_FILES);
  });

  const all = ENCODING_FILES.flatMap(readEncodingDat);

  it('reads 82 cases (59 + 22 + 1)', () => {
    assert.equal(all.length, 82);
  });

  for (const c of all) {
    const key = `${c.file}#${c.index}`;
    const expected = getAnEncodingFromLabel(c.expected);
    const title = `${key} -> ${c.expected}: ${ascii(c.data, 0, Math.min(c.data.length, 60)).replace(/\s+/g, ' ')}`;

    it(title, () => {
      assert.notEqual(expected, null, `expected label ${c.expected} is not an encoding label`);
      checkAgainstKnownFailures(`encoding/${key}`, () => {
        assert.equal(sniffEncoding(c.data).encoding, expected);
      });
    });

    // The spec lets the user agent choose the prescan's end condition; scanning
    // every byte finds the late declarations the list above misses.
    it(`(end condition: whole input) ${title}`, () => {
      assert.equal(sniffEncoding(c.data, { prescanEndCondition: Infinity }).encoding, expected);
    });
  }
});

// ---------------------------------------------------------------------------
// getAnEncodingFromLabel and the generated table
// ---------------------------------------------------------------------------

describe('encoding: getAnEncodingFromLabel', () => {
  const cases: [string, EncodingName | null][] = [
    ['utf-8', 'utf-8'],
    ['UTF-8', 'utf-8'],
    ['  utf8\t\n\f\r', 'utf-8'],
    ['unicode-1-1-utf-8', 'utf-8'],
    ['latin1', 'windows-1252'],
    ['ISO-8859-1', 'windows-1252'],
    ['ascii', 'windows-1252'],
    ['us-ascii', 'windows-1252'],
    ['iso8859-2', 'iso-8859-2'],
    ['iso-8859-9', 'windows-1254'],
    ['tis-620', 'windows-874'],
    ['sjis', 'shift_jis'],
    ['Shift_JIS', 'shift_jis'],
    ['x-euc-jp', 'euc-jp'],
    ['gb2312', 'gbk'],
    ['GB18030', 'gb18030'],
    ['big5-hkscs', 'big5'],
    ['ks_c_5601-1987', 'euc-kr'],
    ['utf-16', 'utf-16le'],
    ['unicode', 'utf-16le'],
    ['unicodefffe', 'utf-16be'],
    ['iso-8859-8-i', 'iso-8859-8-i'],
    ['logical', 'iso-8859-8-i'],
    ['x-user-defined', 'x-user-defined'],
    ['iso-2022-kr', 'replacement'],
    ['hz-gb-2312', 'replacement'],
    // Not labels.
    ['replacement', null],
    ['', null],
    ['   ', null],
    ['utf 8', null],
    ['utf-7', null],
    ['utf-32', null],
    ['bogus', null],
    // Only ASCII whitespace is stripped, and only ASCII letters fold.
    ['\u00a0utf-8', null],
    ['\u000butf-8', null],
    ['\u212Aoi8-r', null], // U+212A KELVIN SIGN lowercases to "k" outside ASCII
    ['utf-8\u0130', null],
  ];
  for (const [label, expected] of cases) {
    it(`${JSON.stringify(label)} -> ${expected}`, () => {
      assert.equal(getAnEncodingFromLabel(label), expected);
    });
  }

  it('has 40 encodings, and every name but replacement is its own label', () => {
    assert.equal(ENCODING_NAMES.length, 40);
    for (const name of ENCODING_NAMES) {
      assert.equal(ENCODING_LABELS.get(name), name === 'replacement' ? undefined : name);
    }
  });

  it("agrees with the platform's TextDecoder on every label it supports", () => {
    let checked = 0;
    for (const [label, name] of ENCODING_LABELS) {
      let platform: string | null;
      try {
        platform = new TextDecoder(label).encoding;
      } catch {
        platform = null; // The replacement encoding, or one Node lacks.
      }
      if (name === 'replacement') {
        assert.equal(platform, null, `TextDecoder must reject ${label}`);
      } else if (platform !== null) {
        assert.equal(platform, name, label);
        checked++;
      }
    }
    assert.ok(checked > 200, `only ${checked} labels checked`);
  });
});

// ---------------------------------------------------------------------------
// sniffEncoding: the steps in order
// ---------------------------------------------------------------------------

const META_2 = bytesOf('<meta charset="iso-8859-2">');

describe('encoding: sniffEncoding', () => {
  describe('BOM (step 1)', () => {
    const boms: [number[], EncodingName][] = [
      [[0xef, 0xbb, 0xbf], 'utf-8'],
      [[0xfe, 0xff], 'utf-16be'],
      [[0xff, 0xfe], 'utf-16le'],
    ];
    for (const [bom, encoding] of boms) {
      it(`${encoding} BOM is certain, with bomLength ${bom.length}`, () => {
        assert.deepEqual(sniffEncoding(concat(bom, META_2)), {
          encoding,
          confidence: 'certain',
          bomLength: bom.length,
          source: 'bom',
        });
      });
    }

    it('wins over the override, the transport layer and meta', () => {
      const r = sniffEncoding(concat([0xef, 0xbb, 0xbf], META_2), { override: 'big5', transportLayerEncoding: 'euc-kr' });
      assert.equal(r.encoding, 'utf-8');
      assert.equal(r.source, 'bom');
    });

    it('needs every byte of the mark', () => {
      assert.equal(sniffEncoding(new Uint8Array([0xef, 0xbb])).source, 'fallback');
      assert.equal(sniffEncoding(new Uint8Array([0xfe])).source, 'fallback');
      assert.equal(sniffEncoding(new Uint8Array([0xbb, 0xef, 0xbf])).source, 'fallback');
      assert.equal(sniffEncoding(new Uint8Array([])).source, 'fallback');
    });
  });

  describe('override (step 2)', () => {
    it('is certain and resolves its label', () => {
      assert.deepEqual(sniffEncoding(META_2, { override: ' Latin2 ' }), {
        encoding: 'iso-8859-2',
        confidence: 'certain',
        bomLength: 0,
        source: 'override',
      });
    });

    it('wins over the transport layer', () => {
      assert.equal(sniffEncoding(META_2, { override: 'big5', transportLayerEncoding: 'utf-8' }).encoding, 'big5');
    });

    it('keeps UTF-16 and x-user-defined as they are', () => {
      assert.equal(sniffEncoding(META_2, { override: 'utf-16' }).encoding, 'utf-16le');
      assert.equal(sniffEncoding(META_2, { override: 'x-user-defined' }).encoding, 'x-user-defined');
    });

    it('throws RangeError for a string that is not a label', () => {
      assert.throws(() => sniffEncoding(META_2, { override: 'bogus' }), RangeError);
    });
  });

  describe('transport layer (step 4)', () => {
    it('is certain and wins over meta', () => {
      assert.deepEqual(sniffEncoding(META_2, { transportLayerEncoding: 'UTF-8' }), {
        encoding: 'utf-8',
        confidence: 'certain',
        bomLength: 0,
        source: 'transport',
      });
    });

    it('keeps UTF-16 (only meta turns it into UTF-8)', () => {
      assert.equal(sniffEncoding(META_2, { transportLayerEncoding: 'utf-16be' }).encoding, 'utf-16be');
    });

    it('is ignored when its label names no encoding', () => {
      const r = sniffEncoding(META_2, { transportLayerEncoding: 'bogus' });
      assert.equal(r.encoding, 'iso-8859-2');
      assert.equal(r.source, 'prescan');
    });

    it('can name the replacement encoding', () => {
      assert.equal(sniffEncoding(META_2, { transportLayerEncoding: 'iso-2022-kr' }).encoding, 'replacement');
    });
  });

  describe('prescan (step 5)', () => {
    it('meta charset is tentative, with the declaration and label offsets', () => {
      const bytes = bytesOf('<!DOCTYPE html>\n<meta charset="ISO8859-2">');
      const r = sniffEncoding(bytes);
      assert.equal(r.encoding, 'iso-8859-2');
      assert.equal(r.confidence, 'tentative');
      assert.equal(r.source, 'prescan');
      assert.ok(r.declaration);
      const d = r.declaration;
      assert.equal(d.kind, 'meta-charset');
      assert.equal(ascii(bytes, d.start, d.end), '<meta charset="ISO8859-2">');
      assert.equal(ascii(bytes, d.labelStart, d.labelEnd), 'ISO8859-2');
      assert.equal(d.declared, 'iso-8859-2');
    });

    it('meta http-equiv + content gives the label inside content', () => {
      const bytes = bytesOf('<META CONTENT="text/html; Charset=EUC-JP" HTTP-EQUIV="content-type">x');
      const r = sniffEncoding(bytes);
      assert.equal(r.encoding, 'euc-jp');
      assert.ok(r.declaration);
      assert.equal(r.declaration.kind, 'meta-content');
      assert.equal(ascii(bytes, r.declaration.start, r.declaration.end), ascii(bytes, 0, bytes.length - 1));
      assert.equal(ascii(bytes, r.declaration.labelStart, r.declaration.labelEnd), 'EUC-JP');
    });

    it('content without http-equiv="content-type" is not enough', () => {
      assert.equal(sniffEncoding(bytesOf('<meta content="text/html; charset=euc-jp">')).source, 'fallback');
    });

    it('charset wins over an earlier content; the first duplicate attribute wins', () => {
      assert.equal(
        sniffEncoding(bytesOf('<meta http-equiv=content-type content="charset=big5" charset=euc-kr>')).encoding,
        'euc-kr',
      );
      assert.equal(sniffEncoding(bytesOf('<meta charset=euc-kr charset=big5>')).encoding, 'euc-kr');
    });

    it('a meta whose charset is not a label is skipped for the next one', () => {
      assert.equal(sniffEncoding(bytesOf('<meta charset=bogus><meta charset=big5>')).encoding, 'big5');
    });

    it('UTF-16 in meta gives UTF-8; x-user-defined gives windows-1252', () => {
      const utf16 = sniffEncoding(bytesOf('<meta charset="utf-16be">'));
      assert.equal(utf16.encoding, 'utf-8');
      assert.equal(utf16.declaration?.declared, 'utf-16be');
      assert.equal(sniffEncoding(bytesOf('<meta charset="unicode">')).encoding, 'utf-8');
      const xud = sniffEncoding(bytesOf('<meta charset="x-user-defined">'));
      assert.equal(xud.encoding, 'windows-1252');
      assert.equal(xud.declaration?.declared, 'x-user-defined');
    });

    it('meta can name the replacement encoding', () => {
      assert.equal(sniffEncoding(bytesOf('<meta charset="iso-2022-cn">')).encoding, 'replacement');
    });

    it('skips comments, other tags and their attributes', () => {
      assert.equal(sniffEncoding(bytesOf('<!-- <meta charset=big5> --><meta charset=gbk>')).encoding, 'gbk');
      assert.equal(sniffEncoding(bytesOf('<div title="<meta charset=big5>"><meta charset=gbk>')).encoding, 'gbk');
      assert.equal(sniffEncoding(bytesOf('<!--><meta charset=gbk>')).encoding, 'gbk');
      assert.equal(sniffEncoding(bytesOf('<meta/charset=gbk>')).encoding, 'gbk');
      assert.equal(sniffEncoding(bytesOf('<metacharset=gbk>')).source, 'fallback');
    });
  });

  describe('the 1024-byte end condition', () => {
    /** `<!--` padding `-->` then a meta, with the meta's `>` as byte number `lastByte` (1-based). */
    function metaEndingAt(lastByte: number): Uint8Array {
      const meta = '<meta charset=big5>';
      const padding = lastByte - meta.length - '<!---->'.length;
      return bytesOf(`<!--${'x'.repeat(padding)}-->${meta}`);
    }

    it('finds a meta that ends at byte 1024', () => {
      const bytes = metaEndingAt(1024);
      assert.equal(bytes.length, 1024);
      assert.equal(sniffEncoding(concat(bytes, bytesOf('<p>more'))).encoding, 'big5');
    });

    it('does not find a meta that ends at byte 1025', () => {
      const bytes = metaEndingAt(1025);
      assert.equal(bytes.length, 1025);
      const r = sniffEncoding(bytes);
      assert.equal(r.encoding, 'windows-1252');
      assert.equal(r.source, 'fallback');
    });

    it('finds it with a larger end condition, and nothing with 0', () => {
      assert.equal(sniffEncoding(metaEndingAt(1025), { prescanEndCondition: 2048 }).encoding, 'big5');
      assert.equal(sniffEncoding(metaEndingAt(5000), { prescanEndCondition: Infinity }).encoding, 'big5');
      assert.equal(sniffEncoding(metaEndingAt(100), { prescanEndCondition: 0 }).source, 'fallback');
    });

    it('prescanAByteStream defaults to 1024 bytes', () => {
      assert.equal(prescanAByteStream(metaEndingAt(1024))?.encoding, 'big5');
      assert.equal(prescanAByteStream(metaEndingAt(1025)), null);
    });
  });

  describe('XML declarations', () => {
    it('get an XML encoding runs when the meta prescan finds nothing', () => {
      const bytes = bytesOf('<?xml version="1.0" encoding="ISO-8859-2"?><p>');
      const r = sniffEncoding(bytes);
      assert.equal(r.encoding, 'iso-8859-2');
      assert.equal(r.confidence, 'tentative');
      assert.equal(r.source, 'xml-declaration');
      assert.ok(r.declaration);
      assert.equal(r.declaration.kind, 'xml-declaration');
      assert.equal(ascii(bytes, r.declaration.start, r.declaration.end), '<?xml version="1.0" encoding="ISO-8859-2"?>');
      assert.equal(ascii(bytes, r.declaration.labelStart, r.declaration.labelEnd), 'ISO-8859-2');
    });

    it('meta wins over the XML declaration', () => {
      assert.equal(sniffEncoding(bytesOf('<?xml version="1.0" encoding="big5"?><meta charset=gbk>')).encoding, 'gbk');
    });

    it("takes spaces and controls around '=' and either quote", () => {
      assert.equal(sniffEncoding(bytesOf("<?xml encoding\t=\x01 'euc-kr'?>")).encoding, 'euc-kr');
    });

    it('fails for labels with spaces, unquoted labels, late declarations, or `encoding` after `>`', () => {
      for (const s of [
        '<?xml encoding=" big5"?>',
        '<?xml encoding=big5?>',
        ' <?xml encoding="big5"?>',
        '<?XML encoding="big5"?>',
        '<?xml version="1.0"?><p encoding="big5">',
        '<?xml encoding="big5"',
      ]) {
        assert.equal(sniffEncoding(bytesOf(s)).source, 'fallback', s);
      }
    });

    it('UTF-16 in the XML declaration gives UTF-8', () => {
      const r = sniffEncoding(bytesOf('<?xml version="1.0" encoding="UTF-16"?>'));
      assert.equal(r.encoding, 'utf-8');
      assert.equal(r.declaration?.declared, 'utf-16le');
    });

    it('UTF-16 `<?x` without a BOM gives UTF-16LE/BE', () => {
      const le = sniffEncoding(new Uint8Array([0x3c, 0, 0x3f, 0, 0x78, 0, 0x6d, 0]));
      assert.equal(le.encoding, 'utf-16le');
      assert.equal(le.source, 'xml-declaration');
      assert.equal(le.declaration?.kind, 'utf-16-xml-declaration');
      const be = sniffEncoding(new Uint8Array([0, 0x3c, 0, 0x3f, 0, 0x78, 0, 0x6d]));
      assert.equal(be.encoding, 'utf-16be');
      assert.equal(sniffEncoding(new Uint8Array([0x3c, 0, 0x3f, 0, 0x78])).source, 'fallback');
    });
  });

  describe('fallback (step 9)', () => {
    it('defaults to windows-1252, tentative', () => {
      assert.deepEqual(sniffEncoding(bytesOf('<p>hello')), {
        encoding: 'windows-1252',
        confidence: 'tentative',
        bomLength: 0,
        source: 'fallback',
      });
    });

    it('takes a user-specified default', () => {
      const options: SniffOptions = { fallback: 'UTF-8' };
      assert.equal(sniffEncoding(bytesOf('<p>hello'), options).encoding, 'utf-8');
      assert.throws(() => sniffEncoding(bytesOf('<p>'), { fallback: 'bogus' }), RangeError);
    });
  });
});

// ---------------------------------------------------------------------------
// Property: declarations point at their own bytes
// ---------------------------------------------------------------------------

describe('encoding: prescan declarations on generated inputs', () => {
  const random = seededRandom(0x5eed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const noise = ['', ' ', '\n', 'a', '<p title="x">', '</p>', '<!-- c -->', '<!x>', '<?pi?>', '\u00e9', '<', '-->', '"', "'"];
  const spaces = ['', ' ', '\t', '\n  ', '/', '\f'];
  const names = ['charset', 'CharSet', 'content', 'http-equiv', 'HTTP-EQUIV', 'name', 'x', 'charset'];
  const values = [
    'utf-8', 'UTF-16', 'Latin2', 'euc-jp', 'x-user-defined', 'bogus', 'content-type', 'Content-Type', '',
    'text/html; charset=EUC-JP', 'text/html;charset="big5"', "charset = 'gbk' ", 'charset=utf-16le;', 'charset',
  ];
  const quote = (v: string): string => pick([`"${v}"`, `'${v}'`, v.replace(/[\s"';]/g, '')]);
  function meta(): string {
    let m = pick(['<meta', '<META', '<Meta']) + pick([' ', '\t', '/', '\n']);
    const attributes = 1 + Math.floor(random() * 4);
    for (let k = 0; k < attributes; k++) {
      m += pick(names) + pick(spaces.slice(0, 3)) + pick(['=', '=', '']) + pick(spaces.slice(0, 3)) + quote(pick(values)) + pick(spaces);
    }
    return m + pick(['>', '>', '/>', '']);
  }
  function xml(): string {
    return `<?xml version="1.0" ${pick(['encoding', 'ENCODING'])}${pick(['', ' '])}=${pick(['', '\u0001'])}${quote(pick(values))}?>`;
  }
  const inputs: Uint8Array[] = [];
  for (let n = 0; n < 3000; n++) {
    let s = random() < 0.2 ? xml() : '';
    const count = 1 + Math.floor(random() * 4);
    for (let k = 0; k < count; k++) s += pick(noise) + (random() < 0.6 ? meta() : '');
    inputs.push(bytesOf(s));
  }

  it('never throws, and every declaration re-reads as the encoding it declared', () => {
    let found = 0;
    for (const bytes of inputs) {
      const r = prescanAByteStream(bytes);
      if (r === null) continue;
      found++;
      const d = r.declaration;
      const where = ascii(bytes, 0, bytes.length);
      assert.ok(0 <= d.start && d.start < d.end && d.end <= Math.min(bytes.length, 1024), where);
      if (d.kind === 'utf-16-xml-declaration') continue;
      assert.equal(bytes[d.start], 0x3c, where);
      assert.equal(bytes[d.end - 1], 0x3e, where);
      assert.ok(d.start <= d.labelStart && d.labelStart <= d.labelEnd && d.labelEnd < d.end, where);
      assert.equal(getAnEncodingFromLabel(ascii(bytes, d.labelStart, d.labelEnd)), d.declared, where);
      assert.equal(sniffEncoding(bytes).encoding, r.encoding, where);
    }
    assert.ok(found > 500, `only ${found} inputs had a declaration`);
  });
});

// ---------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------

describe('encoding: extracting a character encoding from a meta element', () => {
  const cases: [string, EncodingName | null, string?][] = [
    ['text/html; charset=utf-8', 'utf-8', 'utf-8'],
    ['text/html; CHARSET = "Big5" ', 'big5', 'Big5'],
    ["charset='euc-kr'", 'euc-kr', 'euc-kr'],
    ['charset="euc-kr', null],
    ['charset=', null],
    ['charset', null],
    ['charsetcharset=gbk', 'gbk', 'gbk'],
    ['charset;charset=gbk', 'gbk', 'gbk'],
    ['charset=gbk;x', 'gbk', 'gbk'],
    ['charset=bogus', null],
    ['text/html', null],
  ];
  for (const [s, expected, label] of cases) {
    it(`${JSON.stringify(s)} -> ${expected}`, () => {
      const r = extractACharacterEncodingFromAMetaElement(s);
      assert.equal(r?.encoding ?? null, expected);
      if (r !== null && label !== undefined) assert.equal(s.slice(r.labelStart, r.labelEnd), label);
    });
  }
});

describe('encoding: decodeBytes', () => {
  it('decodes UTF-8 and windows-1252', () => {
    assert.equal(decodeBytes(new Uint8Array([0xc3, 0xa9]), 'utf-8'), '\u00e9');
    assert.equal(decodeBytes(new Uint8Array([0xc3, 0xa9]), 'UTF8'), '\u00e9');
    assert.equal(decodeBytes(new Uint8Array([0x41, 0xe9]), 'windows-1252'), 'A\u00e9');
  });

  // Node v20.18.3+ and v22.13.0+ decode windows-1252 0x80-0x9F as ISO-8859-1
  // (nodejs/node#60888); decodeBytes corrects that on every platform.
  it('decodes windows-1252 0x80-0x9F with index-windows-1252, whatever the platform does', () => {
    const decoded = decodeBytes(new Uint8Array([0x41, 0x80, 0x81, 0x8d, 0x8f, 0x90, 0x92, 0x9d, 0x9f, 0xa0, 0xe9]), 'windows-1252');
    // From https://encoding.spec.whatwg.org/index-windows-1252.txt: 0x80 €,
    // 0x92 ’, 0x9F Ÿ; 0x81, 0x8D, 0x8F, 0x90 and 0x9D map to the C1 control of the same value.
    assert.equal(decoded, 'A\u20ac\u0081\u008d\u008f\u0090\u2019\u009d\u0178\u00a0\u00e9');
  });

  it('decodes all 32 bytes 0x80-0x9F of windows-1252 (and its labels latin1, ascii) as browsers do', () => {
    const bytes = new Uint8Array(32).map((_, i) => 0x80 + i);
    const expected =
      '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
      '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
    for (const label of ['windows-1252', 'latin1', 'ascii', 'iso-8859-1']) assert.equal(decodeBytes(bytes, label), expected, label);
  });

  it('leaves U+0080-U+009F alone in other encodings', () => {
    assert.equal(decodeBytes(new Uint8Array([0xc2, 0x80]), 'utf-8'), '\u0080');
  });

  it('replaces invalid sequences with U+FFFD', () => {
    assert.equal(decodeBytes(new Uint8Array([0x61, 0xff, 0x62]), 'utf-8'), 'a\ufffdb');
  });

  it('skips one BOM, which wins over the encoding given', () => {
    assert.equal(decodeBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0xc3, 0xa9]), 'windows-1252'), '\u00e9');
    assert.equal(decodeBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), 'utf-8'), '\ufeff');
    assert.equal(decodeBytes(new Uint8Array([0xff, 0xfe, 0x41, 0x00]), 'utf-8'), 'A');
    assert.equal(decodeBytes(new Uint8Array([0xfe, 0xff, 0x00, 0x41]), 'utf-8'), 'A');
  });

  it('decodes UTF-16 without a BOM', () => {
    assert.equal(decodeBytes(new Uint8Array([0x41, 0x00]), 'utf-16le'), 'A');
    assert.equal(decodeBytes(new Uint8Array([0x00, 0x41]), 'utf-16be'), 'A');
  });

  it('decodes the replacement encoding as one U+FFFD', () => {
    assert.equal(decodeBytes(bytesOf('<p>abc'), 'replacement'), '\ufffd');
    assert.equal(decodeBytes(new Uint8Array([]), 'iso-2022-kr'), '');
    assert.ok(canDecode('replacement'));
  });

  it('decodes EUC-JP', () => {
    // 日本 in EUC-JP.
    assert.equal(decodeBytes(new Uint8Array([0xc6, 0xfc, 0xcb, 0xdc]), 'euc-jp'), '\u65e5\u672c');
  });

  it('throws RangeError for a non-label, or an encoding the platform lacks', () => {
    assert.throws(() => decodeBytes(new Uint8Array([0x41]), 'bogus'), RangeError);
    for (const name of ENCODING_NAMES) {
      if (canDecode(name)) {
        assert.equal(typeof decodeBytes(new Uint8Array([0x41]), name), 'string', name);
      } else {
        assert.throws(() => decodeBytes(new Uint8Array([0x41]), name), RangeError, name);
      }
    }
  });
});
