/**
 * Numbers: signed integers, non-negative integers, floating-point numbers and
 * lists of floating-point numbers.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#numbers
 */
import {
  COMMA,
  FULL_STOP,
  HYPHEN_MINUS,
  LATIN_CAPITAL_LETTER_E,
  LATIN_SMALL_LETTER_E,
  PLUS_SIGN,
  SEMICOLON,
  collectAsciiDigits,
  describeCharacterAt,
  digitsToNumber,
  isAsciiDigit,
  isAsciiWhitespace,
  skipAsciiWhitespace,
} from './infra';
import {
  CheckedParseResult,
  CheckedParseSuccess,
  MicrosyntaxError,
  ParseFailure,
  checkedSuccess,
  failure,
  nonConformance,
} from './parse-result';

// ---------------------------------------------------------------------------
// Signed integers
// ---------------------------------------------------------------------------

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-integer
 * "A string is a valid integer if it consists of one or more ASCII digits,
 * optionally prefixed with a U+002D HYPHEN-MINUS character (-)."
 * Returns null when `input` is a valid integer, otherwise where it stops being one.
 */
export function checkValidInteger(input: string): MicrosyntaxError | null {
  let position = 0;
  if (input.charCodeAt(0) === HYPHEN_MINUS) position++;
  return checkDigitsToEnd(input, position, 'integer');
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-integer */
export function isValidInteger(input: string): boolean {
  return checkValidInteger(input) === null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-integers
 *
 * The value is a JS number: integers beyond 2^53 are the nearest double, and a
 * digit run too long for a double gives Infinity. `valid` says whether `input`
 * is a valid integer (the rules also accept leading whitespace, a "+" and
 * trailing garbage).
 */
export function parseInteger(input: string): CheckedParseResult<number> {
  const result = rulesForParsingIntegers(input);
  if (typeof result !== 'number') return result;
  return checkedSuccess(result, checkValidInteger(input));
}

function rulesForParsingIntegers(input: string): number | ParseFailure {
  // Step 1. Let input be the string being parsed.
  const length = input.length;
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  let position = 0;
  // Step 3. Let sign have the value "positive".
  let negative = false;
  // Step 4. Skip ASCII whitespace within input given position.
  position = skipAsciiWhitespace(input, position);
  // Step 5. If position is past the end of input, return an error.
  if (position >= length) return failure(position, 'expected an integer');
  const c = input.charCodeAt(position);
  // Step 6. If the character indicated by position (the first character) is a U+002D HYPHEN-MINUS character (-):
  if (c === HYPHEN_MINUS) {
    // Step 6.1. Let sign be "negative".
    negative = true;
    // Step 6.2. Advance position to the next character.
    position++;
    // Step 6.3. If position is past the end of input, return an error.
    if (position >= length) return failure(position, 'expected a digit after "-"');
  }
  // Otherwise, if the character indicated by position (the first character) is a U+002B PLUS SIGN character (+):
  else if (c === PLUS_SIGN) {
    // Step 6.1. Advance position to the next character. (The "+" is ignored, but it is not conforming.)
    position++;
    // Step 6.2. If position is past the end of input, return an error.
    if (position >= length) return failure(position, 'expected a digit after "+"');
  }
  // Step 7. If the character indicated by position is not an ASCII digit, then return an error.
  if (!isAsciiDigit(input.charCodeAt(position))) {
    return failure(position, `expected a digit, found ${describeCharacterAt(input, position)}`);
  }
  // Step 8. Collect a sequence of code points that are ASCII digits from input given position, and interpret the
  // resulting sequence as a base-ten integer. Let value be that integer.
  const end = collectAsciiDigits(input, position);
  const value = digitsToNumber(input, position, end);
  // Step 9. If sign is "positive", return value, otherwise return the result of subtracting value from zero.
  // (0 - value, not -value, so that "-0" gives 0 rather than -0.)
  return negative ? 0 - value : value;
}

// ---------------------------------------------------------------------------
// Non-negative integers
// ---------------------------------------------------------------------------

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-non-negative-integer
 * "A string is a valid non-negative integer if it consists of one or more ASCII digits."
 */
export function checkValidNonNegativeInteger(input: string): MicrosyntaxError | null {
  return checkDigitsToEnd(input, 0, 'non-negative integer');
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-non-negative-integer */
export function isValidNonNegativeInteger(input: string): boolean {
  return checkValidNonNegativeInteger(input) === null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-negative-integers
 * Note that "-0" parses (as 0) although it is not a valid non-negative integer.
 */
export function parseNonNegativeInteger(input: string): CheckedParseResult<number> {
  // Step 1. Let input be the string being parsed.
  // Step 2. Let value be the result of parsing input using the rules for parsing integers.
  const value = rulesForParsingIntegers(input);
  // Step 3. If value is an error, return an error.
  if (typeof value !== 'number') return value;
  // Step 4. If value is less than zero, return an error.
  if (value < 0) {
    return failure(input.indexOf('-'), 'a non-negative integer cannot be negative');
  }
  // Step 5. Return value.
  return checkedSuccess(value, checkValidNonNegativeInteger(input));
}

/** Shared tail of the integer validity checks: one or more ASCII digits, then the end. */
function checkDigitsToEnd(input: string, position: number, what: string): MicrosyntaxError | null {
  const length = input.length;
  const c = input.charCodeAt(position);
  if (position === 0 && position < length) {
    if (isAsciiWhitespace(c)) return nonConformance(0, `leading whitespace is not allowed in a valid ${what}`);
    if (c === PLUS_SIGN) return nonConformance(0, `a leading "+" is not allowed in a valid ${what}`);
    if (c === HYPHEN_MINUS) return nonConformance(0, `a "-" is not allowed in a valid ${what}`);
  }
  const end = collectAsciiDigits(input, position);
  if (end === position) {
    return nonConformance(position, `expected a digit, found ${describeCharacterAt(input, position)}`);
  }
  if (end < length) {
    return nonConformance(end, `unexpected ${describeCharacterAt(input, end)} after the ${what}`);
  }
  return null;
}

// ---------------------------------------------------------------------------
// Floating-point numbers
// ---------------------------------------------------------------------------

/**
 * Scans the longest prefix of `input[position..end)` that matches the valid
 * floating-point number syntax. Returns the position after it, or an error if
 * no valid number starts at `position`.
 */
function scanValidFloatingPointNumber(input: string, position: number, end: number): number | MicrosyntaxError {
  // 1. Optionally, a U+002D HYPHEN-MINUS character (-).
  if (position < end && input.charCodeAt(position) === HYPHEN_MINUS) position++;
  // 2. One or both of the following, in the given order:
  // 2.1. A series of one or more ASCII digits.
  const integerStart = position;
  while (position < end && isAsciiDigit(input.charCodeAt(position))) position++;
  const hasInteger = position > integerStart;
  // 2.2. Both of the following, in the given order: a single U+002E FULL STOP character (.), then a series of one
  // or more ASCII digits.
  if (position < end && input.charCodeAt(position) === FULL_STOP) {
    const fractionStart = position + 1;
    let fractionEnd = fractionStart;
    while (fractionEnd < end && isAsciiDigit(input.charCodeAt(fractionEnd))) fractionEnd++;
    if (fractionEnd === fractionStart) {
      return nonConformance(fractionStart, 'expected a digit after the decimal point');
    }
    position = fractionEnd;
  } else if (!hasInteger) {
    return nonConformance(position, `expected a digit, found ${describeCharacterAt(input.slice(0, end), position)}`);
  }
  // 3. Optionally: either "e" or "E"; optionally "-" or "+"; a series of one or more ASCII digits.
  if (position < end) {
    const c = input.charCodeAt(position);
    if (c === LATIN_SMALL_LETTER_E || c === LATIN_CAPITAL_LETTER_E) {
      position++;
      if (position < end) {
        const sign = input.charCodeAt(position);
        if (sign === HYPHEN_MINUS || sign === PLUS_SIGN) position++;
      }
      const exponentStart = position;
      while (position < end && isAsciiDigit(input.charCodeAt(position))) position++;
      if (position === exponentStart) return nonConformance(position, 'expected a digit in the exponent');
    }
  }
  return position;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-floating-point-number
 * Returns null when `input` is a valid floating-point number, otherwise where it stops being one.
 */
export function checkValidFloatingPointNumber(input: string): MicrosyntaxError | null {
  const length = input.length;
  if (length > 0) {
    const c = input.charCodeAt(0);
    if (isAsciiWhitespace(c)) return nonConformance(0, 'leading whitespace is not allowed in a valid floating-point number');
    if (c === PLUS_SIGN) return nonConformance(0, 'a leading "+" is not allowed in a valid floating-point number');
  }
  const end = scanValidFloatingPointNumber(input, 0, length);
  if (typeof end !== 'number') return end;
  if (end < length) {
    return nonConformance(end, `unexpected ${describeCharacterAt(input, end)} after the floating-point number`);
  }
  // "The Infinity and Not-a-Number (NaN) values are not valid floating-point numbers."
  // (A syntactically valid string whose value is too large for a double is not one either.)
  if (!Number.isFinite(Number(input))) {
    return nonConformance(0, 'the number is too large to be represented');
  }
  return null;
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-floating-point-number */
export function isValidFloatingPointNumber(input: string): boolean {
  return checkValidFloatingPointNumber(input) === null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#best-representation-of-the-number-as-a-floating-point-number
 * "the string obtained from running ToString(n)".
 */
export function bestRepresentationOfTheNumberAsAFloatingPointNumber(n: number): string {
  return String(n);
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-floating-point-number-values
 * `valid` says whether `input` is a valid floating-point number.
 */
export function parseFloatingPointNumberValue(input: string): CheckedParseResult<number> {
  const result = rulesForParsingFloatingPointNumberValues(input);
  if (typeof result !== 'number') return result;
  return checkedSuccess(result, checkValidFloatingPointNumber(input));
}

function rulesForParsingFloatingPointNumberValues(input: string): number | ParseFailure {
  // OPTIMIZATION: the spec does exact arithmetic on value, divisor and exponent and rounds once at "conversion".
  // Repeated double arithmetic would round at every step, so instead we record which digits the steps consume and
  // hand the equivalent decimal literal to Number(), which rounds once, to nearest, ties to even (step 16).

  // Step 1. Let input be the string being parsed.
  const length = input.length;
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  let position = 0;
  // Step 3. Let value have the value 1.
  // Step 4. Let divisor have the value 1.
  // Step 5. Let exponent have the value 1.
  let negative = false; // value and divisor are -1 rather than 1
  let integerStart = 0;
  let integerEnd = 0; // value's integer digits; empty when step 9 sets value to zero
  let fractionStart = 0;
  let fractionEnd = 0; // the digits added to value in the fraction loop
  let exponentNegative = false;
  let exponentStart = 0;
  let exponentEnd = 0; // the digits multiplied into exponent; empty when value is never scaled
  // Step 6. Skip ASCII whitespace within input given position.
  position = skipAsciiWhitespace(input, position);
  // Step 7. If position is past the end of input, return an error.
  if (position >= length) return failure(position, 'expected a number');
  let c = input.charCodeAt(position);
  // Step 8. If the character indicated by position is a U+002D HYPHEN-MINUS character (-):
  if (c === HYPHEN_MINUS) {
    // Step 8.1. Change value and divisor to −1.
    negative = true;
    // Step 8.2. Advance position to the next character.
    position++;
    // Step 8.3. If position is past the end of input, return an error.
    if (position >= length) return failure(position, 'expected a digit after "-"');
  }
  // Otherwise, if the character indicated by position (the first character) is a U+002B PLUS SIGN character (+):
  else if (c === PLUS_SIGN) {
    // Step 8.1. Advance position to the next character. (The "+" is ignored, but it is not conforming.)
    position++;
    // Step 8.2. If position is past the end of input, return an error.
    if (position >= length) return failure(position, 'expected a digit after "+"');
  }
  c = input.charCodeAt(position);
  conversion: {
    // Step 9. If the character indicated by position is a U+002E FULL STOP (.), and that is not the last character in
    // input, and the character after the character indicated by position is an ASCII digit, then set value to zero
    // and jump to the step labeled fraction.
    if (c === FULL_STOP && position + 1 < length && isAsciiDigit(input.charCodeAt(position + 1))) {
      integerStart = integerEnd = position;
    } else {
      // Step 10. If the character indicated by position is not an ASCII digit, then return an error.
      if (!isAsciiDigit(c)) return failure(position, `expected a digit, found ${describeCharacterAt(input, position)}`);
      // Step 11. Collect a sequence of code points that are ASCII digits from input given position, and interpret
      // the resulting sequence as a base-ten integer. Multiply value by that integer.
      integerStart = position;
      integerEnd = position = collectAsciiDigits(input, position);
      // Step 12. If position is past the end of input, jump to the step labeled conversion.
      if (position >= length) break conversion;
    }
    // Step 13. Fraction: If the character indicated by position is a U+002E FULL STOP (.), run these substeps:
    if (input.charCodeAt(position) === FULL_STOP) {
      // Step 13.1. Advance position to the next character.
      position++;
      // Step 13.2. If position is past the end of input, or if the character indicated by position is not an ASCII
      // digit, U+0065 LATIN SMALL LETTER E (e), or U+0045 LATIN CAPITAL LETTER E (E), then jump to the step labeled
      // conversion.
      if (position >= length) break conversion;
      c = input.charCodeAt(position);
      if (!isAsciiDigit(c) && c !== LATIN_SMALL_LETTER_E && c !== LATIN_CAPITAL_LETTER_E) break conversion;
      // Step 13.3. If the character indicated by position is a U+0065 LATIN SMALL LETTER E character (e) or a U+0045
      // LATIN CAPITAL LETTER E character (E), skip the remainder of these substeps.
      if (isAsciiDigit(c)) {
        // Step 13.4. Fraction loop: Multiply divisor by ten.
        // Step 13.5. Add the value of the character indicated by position, interpreted as a base-ten digit (0..9)
        // and divided by divisor, to value.
        // Step 13.6. Advance position to the next character.
        // Step 13.8. If the character indicated by position is an ASCII digit, jump back to the step labeled
        // fraction loop in these substeps.
        fractionStart = position;
        fractionEnd = position = collectAsciiDigits(input, position);
        // Step 13.7. If position is past the end of input, then jump to the step labeled conversion.
        if (position >= length) break conversion;
      }
    }
    // Step 14. If the character indicated by position is U+0065 (e) or a U+0045 (E), then:
    c = input.charCodeAt(position);
    if (c === LATIN_SMALL_LETTER_E || c === LATIN_CAPITAL_LETTER_E) {
      // Step 14.1. Advance position to the next character.
      position++;
      // Step 14.2. If position is past the end of input, then jump to the step labeled conversion.
      if (position >= length) break conversion;
      c = input.charCodeAt(position);
      // Step 14.3. If the character indicated by position is a U+002D HYPHEN-MINUS character (-):
      if (c === HYPHEN_MINUS) {
        // Step 14.3.1. Change exponent to −1.
        exponentNegative = true;
        // Step 14.3.2. Advance position to the next character.
        position++;
        // Step 14.3.3. If position is past the end of input, then jump to the step labeled conversion.
        if (position >= length) break conversion;
      }
      // Otherwise, if the character indicated by position is a U+002B PLUS SIGN character (+):
      else if (c === PLUS_SIGN) {
        // Step 14.3.1. Advance position to the next character.
        position++;
        // Step 14.3.2. If position is past the end of input, then jump to the step labeled conversion.
        if (position >= length) break conversion;
      }
      // Step 14.4. If the character indicated by position is not an ASCII digit, then jump to the step labeled
      // conversion.
      if (!isAsciiDigit(input.charCodeAt(position))) break conversion;
      // Step 14.5. Collect a sequence of code points that are ASCII digits from input given position, and interpret
      // the resulting sequence as a base-ten integer. Multiply exponent by that integer.
      exponentStart = position;
      exponentEnd = position = collectAsciiDigits(input, position);
      // Step 14.6. Multiply value by ten raised to the exponentth power.
    }
  }
  // Step 15. Conversion: Let S be the set of finite IEEE 754 double-precision floating-point values except −0, but
  // with two special values added: 2^1024 and −2^1024.
  // Step 16. Let rounded-value be the number in S that is closest to value, selecting the number with an even
  // significand if there are two equally close values.
  let literal = negative ? '-' : '';
  literal += integerEnd > integerStart ? input.slice(integerStart, integerEnd) : '0';
  if (fractionEnd > fractionStart) literal += '.' + input.slice(fractionStart, fractionEnd);
  if (exponentEnd > exponentStart) literal += (exponentNegative ? 'e-' : 'e') + input.slice(exponentStart, exponentEnd);
  const roundedValue = Number(literal);
  // Step 17. If rounded-value is 2^1024 or −2^1024, return an error.
  // (Number() overflows to ±Infinity exactly where rounding to nearest in S would give ±2^1024.)
  if (!Number.isFinite(roundedValue)) return failure(0, 'the number is too large to be represented');
  // Step 18. Return rounded-value.
  // (−0 is not in S: a zero, including an underflowed negative value, is +0.)
  return roundedValue === 0 ? 0 : roundedValue;
}

// ---------------------------------------------------------------------------
// Lists of floating-point numbers
// ---------------------------------------------------------------------------

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-list-of-floating-point-numbers
 * "a number of valid floating-point numbers separated by U+002C COMMA characters, with no other characters".
 * We read "a number of" as one or more, so the empty string is not a valid list.
 */
export function checkValidListOfFloatingPointNumbers(input: string): MicrosyntaxError | null {
  const length = input.length;
  let position = 0;
  for (;;) {
    if (position === 0 && length > 0 && isAsciiWhitespace(input.charCodeAt(0))) {
      return nonConformance(0, 'whitespace is not allowed in a valid list of floating-point numbers');
    }
    const end = scanValidFloatingPointNumber(input, position, length);
    if (typeof end !== 'number') return end;
    if (!Number.isFinite(Number(input.slice(position, end)))) {
      return nonConformance(position, 'the number is too large to be represented');
    }
    if (end === length) return null;
    if (input.charCodeAt(end) !== COMMA) {
      return nonConformance(end, `expected "," between numbers, found ${describeCharacterAt(input, end)}`);
    }
    position = end + 1;
  }
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-list-of-floating-point-numbers */
export function isValidListOfFloatingPointNumbers(input: string): boolean {
  return checkValidListOfFloatingPointNumbers(input) === null;
}

function isNumberListDelimiter(c: number): boolean {
  return isAsciiWhitespace(c) || c === COMMA || c === SEMICOLON;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-list-of-floating-point-numbers
 * Never fails. `valid` says whether `input` is a valid list of floating-point numbers.
 */
export function parseAListOfFloatingPointNumbers(input: string): CheckedParseSuccess<number[]> {
  // Step 1. Let input be the string being parsed.
  const length = input.length;
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  let position = 0;
  // Step 3. Let numbers be an initially empty list of floating-point numbers.
  const numbers: number[] = [];
  // Step 4. Collect a sequence of code points that are ASCII whitespace, U+002C COMMA, or U+003B SEMICOLON characters
  // from input given position. This skips past any leading delimiters.
  while (position < length && isNumberListDelimiter(input.charCodeAt(position))) position++;
  // Step 5. While position is not past the end of input:
  while (position < length) {
    // Step 5.1. Collect a sequence of code points that are not ASCII whitespace, U+002C COMMA, U+003B SEMICOLON, ASCII
    // digits, U+002E FULL STOP, or U+002D HYPHEN-MINUS characters from input given position. This skips past leading
    // garbage.
    while (position < length) {
      const c = input.charCodeAt(position);
      if (isNumberListDelimiter(c) || isAsciiDigit(c) || c === FULL_STOP || c === HYPHEN_MINUS) break;
      position++;
    }
    // Step 5.2. Collect a sequence of code points that are not ASCII whitespace, U+002C COMMA, or U+003B SEMICOLON
    // characters from input given position, and let unparsed number be the result.
    const start = position;
    while (position < length && !isNumberListDelimiter(input.charCodeAt(position))) position++;
    const unparsedNumber = input.slice(start, position);
    // Step 5.3. Let number be the result of parsing unparsed number using the rules for parsing floating-point number
    // values.
    let number = rulesForParsingFloatingPointNumberValues(unparsedNumber);
    // Step 5.4. If number is an error, set number to zero.
    if (typeof number !== 'number') number = 0;
    // Step 5.5. Append number to numbers.
    numbers.push(number);
    // Step 5.6. Collect a sequence of code points that are ASCII whitespace, U+002C COMMA, or U+003B SEMICOLON
    // characters from input given position. This skips past the delimiter.
    while (position < length && isNumberListDelimiter(input.charCodeAt(position))) position++;
  }
  // Step 6. Return numbers.
  return checkedSuccess(numbers, checkValidListOfFloatingPointNumbers(input));
}
