/**
 * Percentages and lengths, nonzero percentages and lengths, and lists of dimensions.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#percentages-and-dimensions
 */
import {
  ASTERISK,
  FULL_STOP,
  COMMA,
  PERCENT_SIGN,
  collectAsciiDigits,
  describeCharacterAt,
  digitsToNumber,
  isAsciiDigit,
  isAsciiWhitespace,
  skipAsciiWhitespace,
  splitOnCommas,
} from './infra';
import { ParseFailure, ParseResult, ParseSuccess, failure, success } from './parse-result';

/** A number "further categorized as either a percentage or a length". */
export interface DimensionValue {
  readonly value: number;
  readonly kind: 'percentage' | 'length';
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-dimension-values
 * Returns a number ≥ 0 categorized as a percentage or a length, or failure.
 * (The section defines no "valid dimension value", so there is no validity flag.)
 */
export function parseDimensionValue(input: string): ParseResult<DimensionValue> {
  const result = rulesForParsingDimensionValues(input);
  return 'ok' in result ? result : success(result);
}

function rulesForParsingDimensionValues(input: string): DimensionValue | ParseFailure {
  // Step 1. Let input be the string being parsed.
  const length = input.length;
  // Step 2. Let position be a position variable for input, initially pointing at the start of input.
  let position = 0;
  // Step 3. Skip ASCII whitespace within input given position.
  position = skipAsciiWhitespace(input, position);
  // Step 4. If position is past the end of input or the code point at position within input is not an ASCII digit,
  // then return failure.
  if (position >= length || !isAsciiDigit(input.charCodeAt(position))) {
    return failure(position, `expected a digit, found ${describeCharacterAt(input, position)}`);
  }
  // Step 5. Collect a sequence of code points that are ASCII digits from input given position, and interpret the
  // resulting sequence as a base-ten integer. Let value be that number.
  const integerStart = position;
  position = collectAsciiDigits(input, position);
  let value = digitsToNumber(input, integerStart, position);
  // Step 6. If position is past the end of input, then return value as a length.
  if (position >= length) return { value, kind: 'length' };
  // Step 7. If the code point at position within input is U+002E (.), then:
  if (input.charCodeAt(position) === FULL_STOP) {
    // Step 7.1. Advance position by 1.
    position++;
    // Step 7.2. If position is past the end of input or the code point at position within input is not an ASCII
    // digit, then return the current dimension value with value, input, and position.
    if (position >= length || !isAsciiDigit(input.charCodeAt(position))) {
      return currentDimensionValue(value, input, position);
    }
    // Step 7.3. Let divisor have the value 1.
    // Step 7.4. While true:
    //   1. Multiply divisor by ten.
    //   2. Add the value of the code point at position within input, interpreted as a base-ten digit (0..9) and
    //      divided by divisor, to value.
    //   3. Advance position by 1.
    //   4. If position is past the end of input, then return value as a length.
    //   5. If the code point at position within input is not an ASCII digit, then break.
    // OPTIMIZATION: the loop only consumes digits; one Number() over "integer.fraction" gives the exact sum rounded
    // once, instead of a rounding error per digit.
    const fractionStart = position;
    position = collectAsciiDigits(input, position);
    value = Number(input.slice(integerStart, fractionStart - 1) + '.' + input.slice(fractionStart, position));
    if (position >= length) return { value, kind: 'length' };
  }
  // Step 8. Return the current dimension value with value, input, and position.
  return currentDimensionValue(value, input, position);
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#current-dimension-value */
function currentDimensionValue(value: number, input: string, position: number): DimensionValue {
  // Step 1. If position is past the end of input, then return value as a length.
  if (position >= input.length) return { value, kind: 'length' };
  // Step 2. If the code point at position within input is U+0025 (%), then return value as a percentage.
  if (input.charCodeAt(position) === PERCENT_SIGN) return { value, kind: 'percentage' };
  // Step 3. Return value as a length.
  return { value, kind: 'length' };
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-zero-dimension-values
 * Returns a number > 0 categorized as a percentage or a length, or an error.
 */
export function parseNonzeroDimensionValue(input: string): ParseResult<DimensionValue> {
  // Step 1. Let input be the string being parsed.
  // Step 2. Let value be the result of parsing input using the rules for parsing dimension values.
  const value = rulesForParsingDimensionValues(input);
  // Step 3. If value is an error, return an error.
  if ('ok' in value) return value;
  // Step 4. If value is zero, return an error.
  if (value.value === 0) return failure(skipAsciiWhitespace(input, 0), 'the value must not be zero');
  // Step 5. If value is a percentage, return value as a percentage.
  // Step 6. Return value as a length.
  return success(value);
}

/** One entry of a list of dimensions: "a number and a unit". */
export interface ListDimension {
  readonly value: number;
  readonly unit: 'percentage' | 'relative' | 'absolute';
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-list-of-dimensions
 * Never fails.
 */
export function parseAListOfDimensions(input: string): ParseSuccess<ListDimension[]> {
  // Step 1. Let raw input be the string being parsed.
  let rawInput = input;
  // Step 2. If the last character in raw input is a U+002C COMMA character (,), then remove that character from raw
  // input.
  if (rawInput.length > 0 && rawInput.charCodeAt(rawInput.length - 1) === COMMA) rawInput = rawInput.slice(0, -1);
  // Step 3. Split the string raw input on commas. Let raw tokens be the resulting list of tokens.
  const rawTokens = splitOnCommas(rawInput);
  // Step 4. Let result be an empty list of number/unit pairs.
  const result: ListDimension[] = [];
  // Step 5. For each token in raw tokens, run the following substeps:
  for (const token of rawTokens) {
    // Step 5.1. Let input be the token.
    const length = token.length;
    // Step 5.2. Let position be a pointer into input, initially pointing at the start of the string.
    let position = 0;
    // Step 5.3. Let value be the number 0.
    let value = 0;
    // Step 5.4. Let unit be absolute.
    let unit: ListDimension['unit'] = 'absolute';
    lastSubstep: {
      // Step 5.5. If position is past the end of input, set unit to relative and jump to the last substep.
      if (position >= length) {
        unit = 'relative';
        break lastSubstep;
      }
      // Step 5.6. If the character at position is an ASCII digit, collect a sequence of code points that are ASCII
      // digits from input given position, interpret the resulting sequence as an integer in base ten, and increment
      // value by that integer.
      if (isAsciiDigit(token.charCodeAt(position))) {
        const start = position;
        position = collectAsciiDigits(token, position);
        value += digitsToNumber(token, start, position);
      }
      // Step 5.7. If the character at position is U+002E (.), then:
      if (position < length && token.charCodeAt(position) === FULL_STOP) {
        // DEVIATION: advance past the U+002E first. Read literally, step 5.7.1 collects whitespace and digits
        // starting *at* the "." (which is neither), so s is always empty and "1.5*" would be 1, absolute. Blink and
        // WebKit skip the "." and read the fraction, which is plainly the intent.
        position++;
        // Step 5.7.1. Collect a sequence of code points consisting of ASCII whitespace and ASCII digits from input
        // given position. Let s be the resulting sequence.
        // Step 5.7.2. Remove all ASCII whitespace in s.
        let s = '';
        while (position < length) {
          const c = token.charCodeAt(position);
          if (isAsciiDigit(c)) {
            const start = position;
            position = collectAsciiDigits(token, position);
            s += token.slice(start, position);
          } else if (isAsciiWhitespace(c)) {
            position++;
          } else {
            break;
          }
        }
        // Step 5.7.3. If s is not the empty string, then:
        if (s.length > 0) {
          // Step 5.7.3.1. Let length be the number of characters in s (after the spaces were removed).
          // Step 5.7.3.2. Let fraction be the result of interpreting s as a base-ten integer, and then dividing that
          // number by 10^length.
          const fraction = Number('0.' + s);
          // Step 5.7.3.3. Increment value by fraction.
          value += fraction;
        }
      }
      // Step 5.8. Skip ASCII whitespace within input given position.
      position = skipAsciiWhitespace(token, position);
      // Step 5.9. If the character at position is a U+0025 PERCENT SIGN character (%), then set unit to percentage.
      // Otherwise, if the character at position is a U+002A ASTERISK character (*), then set unit to relative.
      if (position < length) {
        const c = token.charCodeAt(position);
        if (c === PERCENT_SIGN) unit = 'percentage';
        else if (c === ASTERISK) unit = 'relative';
      }
    }
    // Step 5.10. Add an entry to result consisting of the number given by value and the unit given by unit.
    result.push({ value, unit });
  }
  // Step 6. Return the list result.
  return success(result);
}
