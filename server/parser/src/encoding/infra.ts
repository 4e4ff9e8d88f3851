/**
 * The few Infra Standard primitives the encoding module needs.
 * https://infra.spec.whatwg.org/
 */

/**
 * ASCII whitespace: U+0009 TAB, U+000A LF, U+000C FF, U+000D CR or U+0020 SPACE.
 * The same values serve as bytes (0x09, 0x0A, 0x0C, 0x0D, 0x20).
 * https://infra.spec.whatwg.org/#ascii-whitespace
 */
export function isAsciiWhitespace(c: number): boolean {
  return c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;
}

/**
 * ASCII lowercase: only A-Z change. `String.prototype.toLowerCase` alone would
 * also fold non-ASCII letters (U+212A KELVIN SIGN becomes "k"), which an ASCII
 * case-insensitive match must not do.
 * https://infra.spec.whatwg.org/#ascii-lowercase
 */
export function asciiLowercase(s: string): string {
  return s.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/** Bytes per `String.fromCharCode` call, well under engines' argument limits. */
const DECODE_CHUNK = 8192;

/**
 * Isomorphic decode: each byte becomes the code point with the same value.
 * https://infra.spec.whatwg.org/#isomorphic-decode
 */
export function isomorphicDecode(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let out = '';
  for (let i = start; i < end; i += DECODE_CHUNK) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(end, i + DECODE_CHUNK)) as unknown as number[]);
  }
  return out;
}
