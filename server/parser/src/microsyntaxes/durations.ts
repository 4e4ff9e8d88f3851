/**
 * Durations.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#durations
 */
import {
  FULL_STOP,
  LATIN_CAPITAL_LETTER_D,
  LATIN_CAPITAL_LETTER_H,
  LATIN_CAPITAL_LETTER_M,
  LATIN_CAPITAL_LETTER_P,
  LATIN_CAPITAL_LETTER_S,
  LATIN_CAPITAL_LETTER_T,
  LATIN_CAPITAL_LETTER_W,
  LATIN_CAPITAL_LETTER_Y,
  LATIN_SMALL_LETTER_D,
  LATIN_SMALL_LETTER_H,
  LATIN_SMALL_LETTER_M,
  LATIN_SMALL_LETTER_S,
  LATIN_SMALL_LETTER_W,
  LATIN_SMALL_LETTER_Y,
  collectAsciiDigits,
  describeCharacterAt,
  digitsToNumber,
  isAsciiDigit,
  isAsciiWhitespace,
  skipAsciiWhitespace,
} from './infra';
import { CheckedParseResult, MicrosyntaxError, checkedSuccess, failure, nonConformance } from './parse-result';

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#concept-duration: "A duration consists of a number of seconds." */
export interface DurationValue {
  readonly seconds: number;
}

const enum Units {
  Years,
  Months,
  Weeks,
  Days,
  Hours,
  Minutes,
  Seconds,
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-duration-string
 * `valid` says whether `input` is a valid duration string (the rules also accept
 * weeks after "P", more than three fraction digits, whitespace after "P", ...).
 */
export function parseADurationString(input: string): CheckedParseResult<DurationValue> {
  // Step 1. Let input be the string being parsed.
  const length = input.length;
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  let position = 0;
  // Step 3. Let months, seconds, and component count all be zero.
  let months = 0;
  let seconds = 0;
  let componentCount = 0;
  let firstMonthsComponent = -1;
  // Step 4. Let M-disambiguator be minutes.
  let mDisambiguatorIsMonths = false;
  // Step 5. Skip ASCII whitespace within input given position.
  position = skipAsciiWhitespace(input, position);
  // Step 6. If position is past the end of input, then fail.
  if (position >= length) return failure(position, 'expected a duration');
  // Step 7. If the character in input pointed to by position is a U+0050 LATIN CAPITAL LETTER P character, then
  // advance position to the next character, set M-disambiguator to months, and skip ASCII whitespace within input
  // given position.
  if (input.charCodeAt(position) === LATIN_CAPITAL_LETTER_P) {
    position++;
    mDisambiguatorIsMonths = true;
    position = skipAsciiWhitespace(input, position);
  }
  // Step 8. While true:
  for (;;) {
    // Step 8.1. Let units be undefined.
    let units: Units;
    // Step 8.2. Let next character be undefined.
    let nextCharacter: number;
    // Step 8.3. If position is past the end of input, then break.
    if (position >= length) break;
    // Step 8.4. If the character in input pointed to by position is a U+0054 LATIN CAPITAL LETTER T character, then
    // advance position to the next character, set M-disambiguator to minutes, skip ASCII whitespace within input
    // given position, and continue.
    if (input.charCodeAt(position) === LATIN_CAPITAL_LETTER_T) {
      position++;
      mDisambiguatorIsMonths = false;
      position = skipAsciiWhitespace(input, position);
      continue;
    }
    const componentStart = position;
    // Step 8.5. Set next character to the character in input pointed to by position.
    nextCharacter = input.charCodeAt(position);
    // Step 8.6. If next character is a U+002E FULL STOP character (.), then let N be 0. (Do not advance position.)
    // Otherwise, if next character is an ASCII digit, then collect a sequence of code points that are ASCII digits
    // from input given position, interpret the resulting sequence as a base-ten integer, and let N be that number.
    // Otherwise, next character is not part of a number; fail.
    let n: number;
    const integerStart = position;
    if (nextCharacter === FULL_STOP) {
      n = 0;
    } else if (isAsciiDigit(nextCharacter)) {
      position = collectAsciiDigits(input, position);
      n = digitsToNumber(input, integerStart, position);
    } else {
      return failure(position, `expected a number, found ${describeCharacterAt(input, position)}`);
    }
    const integerEnd = position;
    // Step 8.7. If position is past the end of input, then fail.
    if (position >= length) return failure(position, 'expected a unit after the number');
    // Step 8.8. Set next character to the character in input pointed to by position, and this time advance position
    // to the next character.
    nextCharacter = input.charCodeAt(position);
    position++;
    // Step 8.9. If next character is U+002E (.), then:
    if (nextCharacter === FULL_STOP) {
      // Step 8.9.1. Collect a sequence of code points that are ASCII digits from input given position. Let s be the
      // resulting sequence.
      const sStart = position;
      position = collectAsciiDigits(input, position);
      // Step 8.9.2. If s is the empty string, then fail.
      if (position === sStart) return failure(sStart, 'expected a digit after the decimal point');
      // Step 8.9.3. Let length be the number of characters in s.
      // Step 8.9.4. Let fraction be the result of interpreting s as a base-ten integer, and then dividing that number
      // by 10^length.
      // Step 8.9.5. Increment N by fraction.
      // OPTIMIZATION: one Number() over "N.s" is the exact sum rounded once.
      n = Number((integerEnd > integerStart ? input.slice(integerStart, integerEnd) : '0') + '.' + input.slice(sStart, position));
      // Step 8.9.6. Skip ASCII whitespace within input given position.
      position = skipAsciiWhitespace(input, position);
      // Step 8.9.7. If position is past the end of input, then fail.
      if (position >= length) return failure(position, 'expected "S" after the fraction of a second');
      // Step 8.9.8. Set next character to the character in input pointed to by position, and advance position to the
      // next character.
      nextCharacter = input.charCodeAt(position);
      position++;
      // Step 8.9.9. If next character is neither a U+0053 LATIN CAPITAL LETTER S character nor a U+0073 LATIN SMALL
      // LETTER S character, then fail.
      if (nextCharacter !== LATIN_CAPITAL_LETTER_S && nextCharacter !== LATIN_SMALL_LETTER_S) {
        return failure(position - 1, 'only seconds can have a fraction; expected "S"');
      }
      // Step 8.9.10. Set units to seconds.
      units = Units.Seconds;
    }
    // Otherwise:
    else {
      // Step 8.9.1. If next character is ASCII whitespace, then skip ASCII whitespace within input given position, set
      // next character to the character in input pointed to by position, and advance position to the next character.
      if (isAsciiWhitespace(nextCharacter)) {
        position = skipAsciiWhitespace(input, position);
        nextCharacter = position < length ? input.charCodeAt(position) : -1;
        position++;
      }
      // Step 8.9.2.
      switch (nextCharacter) {
        // If next character is a U+0059 LATIN CAPITAL LETTER Y character, or a U+0079 LATIN SMALL LETTER Y character,
        // set units to years and set M-disambiguator to months.
        case LATIN_CAPITAL_LETTER_Y:
        case LATIN_SMALL_LETTER_Y:
          units = Units.Years;
          mDisambiguatorIsMonths = true;
          break;
        // If next character is a U+004D LATIN CAPITAL LETTER M character or a U+006D LATIN SMALL LETTER M character,
        // and M-disambiguator is months, then set units to months.
        // If next character is a U+004D LATIN CAPITAL LETTER M character or a U+006D LATIN SMALL LETTER M character,
        // and M-disambiguator is minutes, then set units to minutes.
        case LATIN_CAPITAL_LETTER_M:
        case LATIN_SMALL_LETTER_M:
          units = mDisambiguatorIsMonths ? Units.Months : Units.Minutes;
          break;
        // If next character is a U+0057 LATIN CAPITAL LETTER W character or a U+0077 LATIN SMALL LETTER W character,
        // set units to weeks and set M-disambiguator to minutes.
        case LATIN_CAPITAL_LETTER_W:
        case LATIN_SMALL_LETTER_W:
          units = Units.Weeks;
          mDisambiguatorIsMonths = false;
          break;
        // If next character is a U+0044 LATIN CAPITAL LETTER D character or a U+0064 LATIN SMALL LETTER D character,
        // set units to days and set M-disambiguator to minutes.
        case LATIN_CAPITAL_LETTER_D:
        case LATIN_SMALL_LETTER_D:
          units = Units.Days;
          mDisambiguatorIsMonths = false;
          break;
        // If next character is a U+0048 LATIN CAPITAL LETTER H character or a U+0068 LATIN SMALL LETTER H character,
        // set units to hours and set M-disambiguator to minutes.
        case LATIN_CAPITAL_LETTER_H:
        case LATIN_SMALL_LETTER_H:
          units = Units.Hours;
          mDisambiguatorIsMonths = false;
          break;
        // If next character is a U+0053 LATIN CAPITAL LETTER S character or a U+0073 LATIN SMALL LETTER S character,
        // set units to seconds and set M-disambiguator to minutes.
        case LATIN_CAPITAL_LETTER_S:
        case LATIN_SMALL_LETTER_S:
          units = Units.Seconds;
          mDisambiguatorIsMonths = false;
          break;
        // Otherwise if next character is none of the above characters, then fail.
        default:
          return failure(position - 1, `expected a unit (Y, M, W, D, H or S), found ${describeCharacterAt(input, position - 1)}`);
      }
    }
    // Step 8.10. Increment component count.
    componentCount++;
    // Step 8.11. Let multiplier be 1.
    let multiplier = 1;
    // Step 8.12. If units is years, multiply multiplier by 12 and set units to months.
    if (units === Units.Years) {
      multiplier *= 12;
      units = Units.Months;
    }
    // Step 8.13. If units is months, add the product of N and multiplier to months.
    if (units === Units.Months) {
      months += n * multiplier;
      if (firstMonthsComponent < 0) firstMonthsComponent = componentStart;
    }
    // Otherwise:
    else {
      // Step 8.13.1. If units is weeks, multiply multiplier by 7 and set units to days.
      if (units === Units.Weeks) {
        multiplier *= 7;
        units = Units.Days;
      }
      // Step 8.13.2. If units is days, multiply multiplier by 24 and set units to hours.
      if (units === Units.Days) {
        multiplier *= 24;
        units = Units.Hours;
      }
      // Step 8.13.3. If units is hours, multiply multiplier by 60 and set units to minutes.
      if (units === Units.Hours) {
        multiplier *= 60;
        units = Units.Minutes;
      }
      // Step 8.13.4. If units is minutes, multiply multiplier by 60 and set units to seconds.
      if (units === Units.Minutes) {
        multiplier *= 60;
        units = Units.Seconds;
      }
      // Step 8.13.5. Forcibly, units is now seconds. Add the product of N and multiplier to seconds.
      seconds += n * multiplier;
    }
    // Step 8.14. Skip ASCII whitespace within input given position.
    position = skipAsciiWhitespace(input, position);
  }
  // Step 9. If component count is zero, fail.
  if (componentCount === 0) return failure(position, 'expected at least one duration component');
  // Step 10. If months is not zero, fail.
  if (months !== 0) return failure(firstMonthsComponent, 'a duration cannot contain months or years');
  // Step 11. Return the duration consisting of seconds seconds.
  return checkedSuccess({ seconds }, checkValidDurationString(input));
}

// ---------------------------------------------------------------------------
// Validity
// ---------------------------------------------------------------------------

/**
 * Scans `digits <unit>` (and, when `fraction` is set, `digits [. 1-3 digits] <unit>`) for one subcomponent of the
 * ISO 8601-like form. Returns the position after it, -1 when no such subcomponent starts at `position`, or an error.
 */
function scanIsoSubcomponent(input: string, position: number, unit: number, fraction: boolean): number | MicrosyntaxError {
  const end = collectAsciiDigits(input, position);
  if (end === position) return -1;
  let p = end;
  if (fraction && input.charCodeAt(p) === FULL_STOP) {
    const fractionStart = p + 1;
    p = collectAsciiDigits(input, fractionStart);
    if (p === fractionStart) return nonConformance(fractionStart, 'expected a digit after the decimal point');
    if (p - fractionStart > 3) return nonConformance(fractionStart + 3, 'at most three digits are allowed in the fraction of a second');
    if (input.charCodeAt(p) !== unit) return nonConformance(p, 'expected "S" after the fraction of a second');
  }
  return input.charCodeAt(p) === unit ? p + 1 : -1;
}

function checkIsoForm(input: string): MicrosyntaxError | null {
  const length = input.length;
  // A literal U+0050 LATIN CAPITAL LETTER P character followed by one or more of the following subcomponents, in the
  // order given:
  let position = 1;
  let subcomponents = 0;
  // 1. One or more ASCII digits followed by a U+0044 LATIN CAPITAL LETTER D character, representing a number of days.
  const days = scanIsoSubcomponent(input, position, LATIN_CAPITAL_LETTER_D, false);
  if (typeof days !== 'number') return days;
  if (days >= 0) {
    position = days;
    subcomponents++;
  }
  // 2. A U+0054 LATIN CAPITAL LETTER T character followed by one or more of the following subcomponents, in the order
  // given: hours ("H"), minutes ("M"), seconds (optionally with one, two, or three fraction digits, then "S").
  if (position < length && input.charCodeAt(position) === LATIN_CAPITAL_LETTER_T) {
    const t = position;
    position++;
    let timeSubcomponents = 0;
    for (const [unit, fraction] of [
      [LATIN_CAPITAL_LETTER_H, false],
      [LATIN_CAPITAL_LETTER_M, false],
      [LATIN_CAPITAL_LETTER_S, true],
    ] as const) {
      const end = scanIsoSubcomponent(input, position, unit, fraction);
      if (typeof end !== 'number') return end;
      if (end >= 0) {
        position = end;
        timeSubcomponents++;
      }
    }
    if (timeSubcomponents === 0) return nonConformance(t + 1, 'expected hours, minutes or seconds after "T"');
    subcomponents++;
  }
  if (position < length) {
    return nonConformance(position, `unexpected ${describeCharacterAt(input, position)} in the duration; after "P" come days ("D"), then "T" and hours ("H"), minutes ("M"), seconds ("S"), in that order`);
  }
  if (subcomponents === 0) return nonConformance(1, 'expected days or "T" after "P"');
  return null;
}

function durationTimeComponentScale(c: number): number {
  switch (c) {
    case LATIN_CAPITAL_LETTER_W:
    case LATIN_SMALL_LETTER_W:
      return 604800;
    case LATIN_CAPITAL_LETTER_D:
    case LATIN_SMALL_LETTER_D:
      return 86400;
    case LATIN_CAPITAL_LETTER_H:
    case LATIN_SMALL_LETTER_H:
      return 3600;
    case LATIN_CAPITAL_LETTER_M:
    case LATIN_SMALL_LETTER_M:
      return 60;
    case LATIN_CAPITAL_LETTER_S:
    case LATIN_SMALL_LETTER_S:
      return 1;
    default:
      return 0;
  }
}

/**
 * One or more duration time components, each with a different duration time component scale, in any order.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#duration-time-component
 */
function checkDurationTimeComponents(input: string): MicrosyntaxError | null {
  const length = input.length;
  const seenScales = new Set<number>();
  let position = 0;
  do {
    // 1. Zero or more ASCII whitespace.
    position = skipAsciiWhitespace(input, position);
    const componentStart = position;
    // 2. One or more ASCII digits, representing a number of time units.
    const digitsEnd = collectAsciiDigits(input, position);
    if (digitsEnd === position) {
      return nonConformance(position, `expected a number in the duration, found ${describeCharacterAt(input, position)}`);
    }
    position = digitsEnd;
    // 3. If the duration time component scale specified is 1 (i.e. the units are seconds), then, optionally, a U+002E
    // FULL STOP character (.) followed by one, two, or three ASCII digits, representing a fraction of a second.
    let fullStop = -1;
    if (input.charCodeAt(position) === FULL_STOP) {
      fullStop = position;
      const fractionStart = position + 1;
      position = collectAsciiDigits(input, fractionStart);
      if (position === fractionStart) return nonConformance(fractionStart, 'expected a digit after the decimal point');
      if (position - fractionStart > 3) {
        return nonConformance(fractionStart + 3, 'at most three digits are allowed in the fraction of a second');
      }
    }
    // 4. Zero or more ASCII whitespace.
    position = skipAsciiWhitespace(input, position);
    // 5. One of the following characters, representing the duration time component scale of the time unit used in
    // the numeric part of the duration time component: W/w (604800), D/d (86400), H/h (3600), M/m (60), S/s (1).
    const scale = durationTimeComponentScale(input.charCodeAt(position));
    if (scale === 0) {
      return nonConformance(position, `expected a unit (W, D, H, M or S), found ${describeCharacterAt(input, position)}`);
    }
    if (fullStop >= 0 && scale !== 1) return nonConformance(fullStop, 'only seconds can have a fraction');
    if (seenScales.has(scale)) return nonConformance(componentStart, 'each unit can appear only once in a duration');
    seenScales.add(scale);
    position++;
    // 6. Zero or more ASCII whitespace.
    position = skipAsciiWhitespace(input, position);
  } while (position < length);
  return null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-duration-string
 * Either the ISO 8601-like form ("P", then days "D", then "T" with hours "H", minutes "M" and seconds "S"), or one
 * or more duration time components ("4h 18m 3s"), each with a different scale, in any order.
 */
export function checkValidDurationString(input: string): MicrosyntaxError | null {
  if (input.length === 0) return nonConformance(0, 'expected a duration');
  if (input.charCodeAt(0) === LATIN_CAPITAL_LETTER_P) return checkIsoForm(input);
  return checkDurationTimeComponents(input);
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-duration-string */
export function isValidDurationString(input: string): boolean {
  return checkValidDurationString(input) === null;
}
