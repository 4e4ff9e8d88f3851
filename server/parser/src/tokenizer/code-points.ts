/**
 * Code point constants and classes used by the tokenizer.
 * https://infra.spec.whatwg.org/#code-points
 */

export const enum CP {
  EOF = -1,
  NULL = 0x00,
  TAB = 0x09,
  LF = 0x0a,
  FF = 0x0c,
  CR = 0x0d,
  SPACE = 0x20,
  EXCLAMATION = 0x21,
  QUOTATION = 0x22,
  NUMBER_SIGN = 0x23,
  AMPERSAND = 0x26,
  APOSTROPHE = 0x27,
  HYPHEN = 0x2d,
  SOLIDUS = 0x2f,
  DIGIT_0 = 0x30,
  DIGIT_9 = 0x39,
  SEMICOLON = 0x3b,
  LESS_THAN = 0x3c,
  EQUALS = 0x3d,
  GREATER_THAN = 0x3e,
  QUESTION = 0x3f,
  UPPER_A = 0x41,
  UPPER_F = 0x46,
  UPPER_X = 0x58,
  UPPER_Z = 0x5a,
  RIGHT_BRACKET = 0x5d,
  GRAVE = 0x60,
  LOWER_A = 0x61,
  LOWER_F = 0x66,
  LOWER_X = 0x78,
  LOWER_Z = 0x7a,
  REPLACEMENT = 0xfffd,
}

/** https://infra.spec.whatwg.org/#ascii-whitespace, less CR (the preprocessor has removed it). */
export function isWhitespace(c: number): boolean {
  return c === CP.SPACE || c === CP.LF || c === CP.TAB || c === CP.FF;
}

/** https://infra.spec.whatwg.org/#ascii-upper-alpha */
export function isAsciiUpperAlpha(c: number): boolean {
  return c >= CP.UPPER_A && c <= CP.UPPER_Z;
}

/** https://infra.spec.whatwg.org/#ascii-lower-alpha */
export function isAsciiLowerAlpha(c: number): boolean {
  return c >= CP.LOWER_A && c <= CP.LOWER_Z;
}

/** https://infra.spec.whatwg.org/#ascii-alpha */
export function isAsciiAlpha(c: number): boolean {
  return isAsciiLowerAlpha(c | 0x20);
}

/** https://infra.spec.whatwg.org/#ascii-digit */
export function isAsciiDigit(c: number): boolean {
  return c >= CP.DIGIT_0 && c <= CP.DIGIT_9;
}

/** https://infra.spec.whatwg.org/#ascii-alphanumeric */
export function isAsciiAlphanumeric(c: number): boolean {
  return isAsciiDigit(c) || isAsciiAlpha(c);
}

/** https://infra.spec.whatwg.org/#ascii-upper-hex-digit */
export function isAsciiUpperHexDigit(c: number): boolean {
  return c >= CP.UPPER_A && c <= CP.UPPER_F;
}

/** https://infra.spec.whatwg.org/#ascii-lower-hex-digit */
export function isAsciiLowerHexDigit(c: number): boolean {
  return c >= CP.LOWER_A && c <= CP.LOWER_F;
}

/** https://infra.spec.whatwg.org/#ascii-hex-digit */
export function isAsciiHexDigit(c: number): boolean {
  return isAsciiDigit(c) || isAsciiUpperHexDigit(c) || isAsciiLowerHexDigit(c);
}

/** https://infra.spec.whatwg.org/#surrogate */
export function isSurrogate(cp: number): boolean {
  return cp >= 0xd800 && cp <= 0xdfff;
}

/** https://infra.spec.whatwg.org/#noncharacter */
export function isNoncharacter(cp: number): boolean {
  return (cp >= 0xfdd0 && cp <= 0xfdef) || ((cp & 0xfffe) === 0xfffe && cp <= 0x10ffff);
}

/** https://infra.spec.whatwg.org/#control */
export function isControl(cp: number): boolean {
  return (cp >= 0x00 && cp <= 0x1f) || (cp >= 0x7f && cp <= 0x9f);
}

/**
 * True for a UTF-16 code unit that the input stream preprocessor may have to
 * report: a control other than ASCII whitespace and NULL, a surrogate, or a
 * noncharacter (BMP ones directly; astral ones start with a high surrogate).
 * https://html.spec.whatwg.org/multipage/parsing.html#preprocessing-the-input-stream
 */
export function isPreprocessingSuspect(c: number): boolean {
  if (c < 0x20) return c !== CP.TAB && c !== CP.LF && c !== CP.FF && c !== CP.CR && c !== CP.NULL;
  return c >= 0x7f && (c <= 0x9f || (c >= 0xd800 && (c <= 0xdfff || (c >= 0xfdd0 && (c <= 0xfdef || c >= 0xfffe)))));
}

/**
 * Builds a 128-entry stop table for the run-scanning fast paths: the listed
 * ASCII characters, plus every character the slow path must see (NULL, CR, and
 * controls the preprocessor reports).
 */
export function stopTable(chars: string, extra?: (c: number) => boolean): Uint8Array {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    if (c === CP.NULL || c === CP.CR || isPreprocessingSuspect(c) || (extra && extra(c))) table[c] = 1;
  }
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = 1;
  return table;
}

/**
 * OPTIMIZATION: returns the index of the first code unit at or after `from`
 * that is in `table` (for ASCII) or that the preprocessor must see (non-ASCII),
 * or `input.length`. The slow path then handles that code unit.
 */
export function scanRun(input: string, from: number, table: Uint8Array): number {
  const length = input.length;
  let i = from;
  while (i < length) {
    const c = input.charCodeAt(i);
    if (c < 128) {
      if (table[c] === 1) return i;
    } else if (c <= 0x9f || (c >= 0xd800 && (c <= 0xdfff || (c >= 0xfdd0 && (c <= 0xfdef || c >= 0xfffe))))) {
      return i;
    }
    i++;
  }
  return i;
}

/** Lowercases ASCII upper alphas only (String#toLowerCase would touch other scripts too). */
export function asciiLowercase(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= CP.UPPER_A && c <= CP.UPPER_Z) return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  }
  return s;
}
