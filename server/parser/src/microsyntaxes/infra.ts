/**
 * The Infra Standard's code point classes and string algorithms that the
 * microsyntaxes are written in terms of. Code points are numbers
 * (`charCodeAt`); a position variable is a plain UTF-16 offset.
 */

// Code points used across the microsyntaxes.
export const CHARACTER_TABULATION = 0x09;
export const LINE_FEED = 0x0a;
export const FORM_FEED = 0x0c;
export const CARRIAGE_RETURN = 0x0d;
export const SPACE = 0x20;
export const NUMBER_SIGN = 0x23; // #
export const PERCENT_SIGN = 0x25; // %
export const ASTERISK = 0x2a; // *
export const PLUS_SIGN = 0x2b; // +
export const COMMA = 0x2c; // ,
export const HYPHEN_MINUS = 0x2d; // -
export const FULL_STOP = 0x2e; // .
export const DIGIT_ZERO = 0x30; // 0
export const DIGIT_NINE = 0x39; // 9
export const COLON = 0x3a; // :
export const SEMICOLON = 0x3b; // ;
export const LATIN_CAPITAL_LETTER_A = 0x41;
export const LATIN_CAPITAL_LETTER_D = 0x44;
export const LATIN_CAPITAL_LETTER_E = 0x45;
export const LATIN_CAPITAL_LETTER_F = 0x46;
export const LATIN_CAPITAL_LETTER_H = 0x48;
export const LATIN_CAPITAL_LETTER_M = 0x4d;
export const LATIN_CAPITAL_LETTER_P = 0x50;
export const LATIN_CAPITAL_LETTER_S = 0x53;
export const LATIN_CAPITAL_LETTER_T = 0x54;
export const LATIN_CAPITAL_LETTER_W = 0x57;
export const LATIN_CAPITAL_LETTER_Y = 0x59;
export const LATIN_CAPITAL_LETTER_Z = 0x5a;
export const LATIN_SMALL_LETTER_A = 0x61;
export const LATIN_SMALL_LETTER_D = 0x64;
export const LATIN_SMALL_LETTER_E = 0x65;
export const LATIN_SMALL_LETTER_F = 0x66;
export const LATIN_SMALL_LETTER_H = 0x68;
export const LATIN_SMALL_LETTER_M = 0x6d;
export const LATIN_SMALL_LETTER_S = 0x73;
export const LATIN_SMALL_LETTER_W = 0x77;
export const LATIN_SMALL_LETTER_Y = 0x79;
export const LATIN_SMALL_LETTER_Z = 0x7a;

/** https://infra.spec.whatwg.org/#ascii-whitespace */
export function isAsciiWhitespace(c: number): boolean {
  return c === CHARACTER_TABULATION || c === LINE_FEED || c === FORM_FEED || c === CARRIAGE_RETURN || c === SPACE;
}

/** https://infra.spec.whatwg.org/#ascii-digit */
export function isAsciiDigit(c: number): boolean {
  return c >= DIGIT_ZERO && c <= DIGIT_NINE;
}

/** https://infra.spec.whatwg.org/#ascii-hex-digit */
export function isAsciiHexDigit(c: number): boolean {
  return (
    (c >= DIGIT_ZERO && c <= DIGIT_NINE) ||
    (c >= LATIN_CAPITAL_LETTER_A && c <= LATIN_CAPITAL_LETTER_F) ||
    (c >= LATIN_SMALL_LETTER_A && c <= LATIN_SMALL_LETTER_F)
  );
}

/** The value of an ASCII hex digit (0..15). The caller guarantees `isAsciiHexDigit(c)`. */
export function hexDigitValue(c: number): number {
  if (c <= DIGIT_NINE) return c - DIGIT_ZERO;
  if (c <= LATIN_CAPITAL_LETTER_F) return c - LATIN_CAPITAL_LETTER_A + 10;
  return c - LATIN_SMALL_LETTER_A + 10;
}

/**
 * https://infra.spec.whatwg.org/#skip-ascii-whitespace
 * Returns the position after the run of ASCII whitespace that starts at `position`.
 */
export function skipAsciiWhitespace(input: string, position: number): number {
  const length = input.length;
  while (position < length && isAsciiWhitespace(input.charCodeAt(position))) position++;
  return position;
}

/**
 * https://infra.spec.whatwg.org/#collect-a-sequence-of-code-points, for ASCII digits.
 * Returns the position after the run; the collected sequence is `input.slice(position, end)`.
 */
export function collectAsciiDigits(input: string, position: number): number {
  const length = input.length;
  while (position < length && isAsciiDigit(input.charCodeAt(position))) position++;
  return position;
}

/**
 * Interprets `input.slice(start, end)`, which holds only ASCII digits, as a
 * base-ten integer.
 */
export function digitsToNumber(input: string, start: number, end: number): number {
  // OPTIMIZATION: short runs are summed without building a substring. Longer
  // runs go through Number() so that a value past 2^53 is still the nearest
  // double rather than an accumulation of rounding errors.
  if (end - start <= 15) {
    let value = 0;
    for (let i = start; i < end; i++) value = value * 10 + (input.charCodeAt(i) - DIGIT_ZERO);
    return value;
  }
  return Number(input.slice(start, end));
}

/** https://infra.spec.whatwg.org/#strip-leading-and-trailing-ascii-whitespace */
export function stripLeadingAndTrailingAsciiWhitespace(input: string): string {
  let start = 0;
  let end = input.length;
  while (start < end && isAsciiWhitespace(input.charCodeAt(start))) start++;
  while (end > start && isAsciiWhitespace(input.charCodeAt(end - 1))) end--;
  return start === 0 && end === input.length ? input : input.slice(start, end);
}

/** https://infra.spec.whatwg.org/#ascii-lowercase */
export function asciiLowercase(input: string): string {
  // OPTIMIZATION: only allocate when an ASCII upper alpha is present.
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c >= LATIN_CAPITAL_LETTER_A && c <= LATIN_CAPITAL_LETTER_Z) {
      return input.replace(/[A-Z]+/g, (run) => run.toLowerCase());
    }
  }
  return input;
}

/** https://infra.spec.whatwg.org/#ascii-case-insensitive */
export function isAsciiCaseInsensitiveMatch(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= LATIN_CAPITAL_LETTER_A && x <= LATIN_CAPITAL_LETTER_Z) x += 0x20;
    if (y >= LATIN_CAPITAL_LETTER_A && y <= LATIN_CAPITAL_LETTER_Z) y += 0x20;
    if (x !== y) return false;
  }
  return true;
}

/** A token cut out of a string, with its UTF-16 offset in that string. */
export interface PositionedToken {
  readonly value: string;
  readonly start: number;
}

/**
 * https://infra.spec.whatwg.org/#split-on-ascii-whitespace
 * Like {@link splitOnAsciiWhitespace}, but also reports where each token starts.
 */
export function splitOnAsciiWhitespaceWithPositions(input: string): PositionedToken[] {
  const length = input.length;
  // Step 1. Let position be a position variable for input, initially pointing at the start of input.
  // Step 2. Let tokens be a list of strings, initially empty.
  const tokens: PositionedToken[] = [];
  // Step 3. Skip ASCII whitespace within input given position.
  let position = skipAsciiWhitespace(input, 0);
  // Step 4. While position is not past the end of input:
  while (position < length) {
    // Step 4.1. Let token be the result of collecting a sequence of code points that are not ASCII whitespace from input, given position.
    const start = position;
    while (position < length && !isAsciiWhitespace(input.charCodeAt(position))) position++;
    // Step 4.2. Append token to tokens.
    tokens.push({ value: input.slice(start, position), start });
    // Step 4.3. Skip ASCII whitespace within input given position.
    position = skipAsciiWhitespace(input, position);
  }
  // Step 5. Return tokens.
  return tokens;
}

/** https://infra.spec.whatwg.org/#split-on-ascii-whitespace */
export function splitOnAsciiWhitespace(input: string): string[] {
  return splitOnAsciiWhitespaceWithPositions(input).map((token) => token.value);
}

/**
 * https://infra.spec.whatwg.org/#split-on-commas
 * Like {@link splitOnCommas}, but also reports where each (stripped) token starts.
 */
export function splitOnCommasWithPositions(input: string): PositionedToken[] {
  const length = input.length;
  // Step 1. Let position be a position variable for input, initially pointing at the start of input.
  let position = 0;
  // Step 2. Let tokens be a list of strings, initially empty.
  const tokens: PositionedToken[] = [];
  // Step 3. While position is not past the end of input:
  while (position < length) {
    // Step 3.1. Let token be the result of collecting a sequence of code points that are not U+002C (,) from input, given position.
    let start = position;
    while (position < length && input.charCodeAt(position) !== COMMA) position++;
    // Step 3.2. Strip leading and trailing ASCII whitespace from token.
    let end = position;
    while (start < end && isAsciiWhitespace(input.charCodeAt(start))) start++;
    while (end > start && isAsciiWhitespace(input.charCodeAt(end - 1))) end--;
    // Step 3.3. Append token to tokens.
    tokens.push({ value: input.slice(start, end), start });
    // Step 3.4. If position is not past the end of input, then:
    if (position < length) {
      // Step 3.4.1. Assert: the code point at position within input is U+002C (,).
      // Step 3.4.2. Advance position by 1.
      position++;
    }
  }
  // Step 4. Return tokens.
  return tokens;
}

/** https://infra.spec.whatwg.org/#split-on-commas */
export function splitOnCommas(input: string): string[] {
  return splitOnCommasWithPositions(input).map((token) => token.value);
}

/** Describes the code unit at `position` for a failure reason. */
export function describeCharacterAt(input: string, position: number): string {
  if (position >= input.length) return 'the end of the string';
  const c = input.codePointAt(position) as number;
  const hex = c.toString(16).toUpperCase().padStart(4, '0');
  if (c < 0x20 || c === 0x7f) return `U+${hex}`;
  return `"${String.fromCodePoint(c)}" (U+${hex})`;
}
