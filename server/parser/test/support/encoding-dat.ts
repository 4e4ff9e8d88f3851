/**
 * Reads html5lib-tests' encoding .dat files as bytes (the data is not UTF-8
 * text, so it must not be decoded before it reaches the code under test).
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { html5libTests } from './shared-data';

export interface EncodingCase {
  file: string;
  /** 0-based index of the case in its file. */
  index: number;
  data: Uint8Array;
  /** The expected encoding label, as written. */
  expected: string;
}

/** The files of html5lib-tests/encoding run here; `scripted/tests1.dat` needs document.write and is left out. */
export const ENCODING_FILES = ['test-yahoo-jp.dat', 'tests1.dat', 'tests2.dat'];

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Parses an encoding .dat file. A case is a `#data` line, the data (bytes, up
 * to the newline before `#encoding`), a `#encoding` line and the expected label
 * on the next line.
 */
export function readEncodingDat(file: string): EncodingCase[] {
  const raw = readFileSync(html5libTests('encoding', file));
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i <= raw.length; i++) {
    if (i === raw.length || raw[i] === 0x0a) {
      lines.push(raw.subarray(start, i));
      start = i + 1;
    }
  }
  const text = (line: Uint8Array): string => Buffer.from(line).toString('latin1');
  const cases: EncodingCase[] = [];
  let i = 0;
  while (i < lines.length) {
    if (text(lines[i]) !== '#data') {
      assert.equal(text(lines[i]), '', `${file}: unexpected line ${i + 1}: ${text(lines[i])}`);
      i++;
      continue;
    }
    const dataLines: Uint8Array[] = [];
    i++;
    while (i < lines.length && text(lines[i]) !== '#encoding') dataLines.push(lines[i++]);
    assert.ok(i + 1 < lines.length, `${file}: #data without #encoding`);
    const data = concat(dataLines.flatMap((line, k) => (k === 0 ? [line] : [Uint8Array.of(0x0a), line])));
    cases.push({ file, index: cases.length, data, expected: text(lines[i + 1]).trim() });
    i += 2;
  }
  return cases;
}
