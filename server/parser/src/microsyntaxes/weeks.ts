/**
 * Weeks.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#weeks
 */
import { daysSinceUnixEpoch, isLeapYear } from './dates-and-times';
import {
  HYPHEN_MINUS,
  LATIN_CAPITAL_LETTER_W,
  collectAsciiDigits,
  describeCharacterAt,
  digitsToNumber,
} from './infra';
import { MicrosyntaxError, ParseResult, failure, nonConformance, success } from './parse-result';

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#concept-week */
export interface WeekValue {
  /** The week-year number. */
  readonly year: number;
  readonly week: number;
}

const THURSDAY = 4;
const WEDNESDAY = 3;

/** The day of the week of January 1st of `year` in the proleptic Gregorian calendar (0 is Sunday). */
function weekdayOfJanuaryFirst(year: number): number {
  // 1970-01-01 was a Thursday.
  const days = daysSinceUnixEpoch(year, 1, 1);
  return (((days + THURSDAY) % 7) + 7) % 7;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#week-number-of-the-last-day
 * "A week-year with a number year has 53 weeks if it corresponds to either a year year in the proleptic Gregorian
 * calendar that has a Thursday as its first day (January 1st), or a year year in the proleptic Gregorian calendar that
 * has a Wednesday as its first day (January 1st) and where year is a number divisible by 400, or a number divisible by
 * 4 but not by 100. All other week-years have 52 weeks."
 */
export function weekNumberOfTheLastDay(year: number): number {
  const weekday = weekdayOfJanuaryFirst(year);
  if (weekday === THURSDAY || (weekday === WEDNESDAY && isLeapYear(year))) return 53;
  return 52;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-week-string
 * The rules accept exactly the valid week strings.
 */
export function parseAWeekString(input: string): ParseResult<WeekValue> {
  // Step 1. Let input be the string being parsed.
  const length = input.length;
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  let position = 0;
  // Step 3. Collect a sequence of code points that are ASCII digits from input given position. If the collected
  // sequence is not at least four characters long, then fail. Otherwise, interpret the resulting sequence as a
  // base-ten integer. Let year be that number.
  const yearEnd = collectAsciiDigits(input, position);
  if (yearEnd - position < 4) return failure(position, 'expected at least four digits for the week-year');
  const year = digitsToNumber(input, position, yearEnd);
  // Step 4. If year is not a number greater than zero, then fail.
  if (!(year > 0)) return failure(position, 'the week-year must be greater than zero');
  position = yearEnd;
  // Step 5. If position is beyond the end of input or if the character at position is not a U+002D HYPHEN-MINUS
  // character, then fail. Otherwise, move position forwards one character.
  if (position >= length || input.charCodeAt(position) !== HYPHEN_MINUS) {
    return failure(position, `expected "-" after the week-year, found ${describeCharacterAt(input, position)}`);
  }
  position++;
  // Step 6. If position is beyond the end of input or if the character at position is not a U+0057 LATIN CAPITAL
  // LETTER W character (W), then fail. Otherwise, move position forwards one character.
  if (position >= length || input.charCodeAt(position) !== LATIN_CAPITAL_LETTER_W) {
    return failure(position, `expected "W" after "-", found ${describeCharacterAt(input, position)}`);
  }
  position++;
  // Step 7. Collect a sequence of code points that are ASCII digits from input given position. If the collected
  // sequence is not exactly two characters long, then fail. Otherwise, interpret the resulting sequence as a base-ten
  // integer. Let week be that number.
  const weekStart = position;
  position = collectAsciiDigits(input, position);
  if (position - weekStart !== 2) return failure(weekStart, 'expected exactly two digits for the week');
  const week = digitsToNumber(input, weekStart, position);
  // Step 8. Let maxweek be the week number of the last day of year year.
  const maxweek = weekNumberOfTheLastDay(year);
  // Step 9. If week is not a number in the range 1 ≤ week ≤ maxweek, then fail.
  if (week < 1 || week > maxweek) {
    return failure(weekStart, `the week must be between 01 and ${maxweek} in week-year ${input.slice(0, yearEnd)}`);
  }
  // Step 10. If position is not beyond the end of input, then fail.
  if (position < length) {
    return failure(position, `unexpected ${describeCharacterAt(input, position)} after the week`);
  }
  // Step 11. Return the week-year number year and the week number week.
  return success({ year, week });
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-week-string
 * "Four or more ASCII digits, representing year, where year > 0; a U+002D HYPHEN-MINUS character (-); a U+0057 LATIN
 * CAPITAL LETTER W character (W); two ASCII digits, representing the week week, in the range 1 ≤ week ≤ maxweek, where
 * maxweek is the week number of the last day of week-year year".
 */
export function checkValidWeekString(input: string): MicrosyntaxError | null {
  const result = parseAWeekString(input);
  return result.ok ? null : nonConformance(result.position, result.reason);
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-week-string */
export function isValidWeekString(input: string): boolean {
  return parseAWeekString(input).ok;
}
