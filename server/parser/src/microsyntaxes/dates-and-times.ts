/**
 * Dates and times: what the section's subsections share. The proleptic Gregorian calendar
 * ("number of days in month month of year year") and the parsing helpers of the component parsers.
 * The subsections: months, dates and yearless dates in dates.ts; times and local dates and times in
 * times.ts; time-zone offsets and global dates and times in time-zones.ts; weeks in weeks.ts;
 * durations in durations.ts; vaguer moments in time in vaguer-moments.ts.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#dates-and-times
 */
import {
  collectAsciiDigits,
  describeCharacterAt,
  digitsToNumber,
} from './infra';
import {
  CheckedParseResult,
  MicrosyntaxError,
  ParseFailure,
  ParseResult,
  failure,
  nonConformance,
} from './parse-result';

/** A pointer into the string being parsed, advanced by the component parsers ("given an input string and a position"). */
export interface PositionVariable {
  position: number;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#number-of-days-in-month-month-of-year-year
 * "31 if month is 1, 3, 5, 7, 8, 10, or 12; 30 if month is 4, 6, 9, or 11; 29 if month is 2 and year is a number
 * divisible by 400, or if year is a number divisible by 4 but not by 100; and 28 otherwise."
 */
export function numberOfDaysInMonthOfYear(month: number, year: number): number {
  switch (month) {
    case 1:
    case 3:
    case 5:
    case 7:
    case 8:
    case 10:
    case 12:
      return 31;
    case 4:
    case 6:
    case 9:
    case 11:
      return 30;
    default:
      return isLeapYear(year) ? 29 : 28;
  }
}

/** A Gregorian leap year: divisible by 400, or divisible by 4 but not by 100. */
export function isLeapYear(year: number): boolean {
  return year % 400 === 0 || (year % 4 === 0 && year % 100 !== 0);
}

/** Days from 1970-01-01 to the given proleptic-Gregorian date (negative before it). */
export function daysSinceUnixEpoch(year: number, month: number, day: number): number {
  // Count from 0000-03-01 in 400-year eras of 146097 days, so that the leap day ends each counted year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

export function trailingFailure(input: string, position: number, after: string): ParseFailure {
  return failure(position, `unexpected ${describeCharacterAt(input, position)} after the ${after}`);
}

/**
 * Collects exactly two ASCII digits as the spec's "Collect a sequence of code points that are ASCII digits ... If the
 * collected sequence is not exactly two characters long, then fail. Otherwise, interpret the resulting sequence as a
 * base-ten integer." Returns the number, or a failure at the start of the run.
 */
export function collectTwoDigits(input: string, cursor: PositionVariable, what: string): number | ParseFailure {
  const start = cursor.position;
  const end = collectAsciiDigits(input, start);
  cursor.position = end;
  if (end - start !== 2) {
    return failure(start, `expected exactly two digits for the ${what}, found ${end - start === 0 ? describeCharacterAt(input, start) : end - start}`);
  }
  return digitsToNumber(input, start, end);
}

/**
 * "If position is beyond the end of input or if the character at position is not <c>, then fail. Otherwise, move
 * position forwards one character." Returns null on success.
 */
export function expectCharacter(input: string, cursor: PositionVariable, c: number, expected: string, after: string): ParseFailure | null {
  const position = cursor.position;
  if (position >= input.length || input.charCodeAt(position) !== c) {
    return failure(position, `expected ${expected} after the ${after}, found ${describeCharacterAt(input, position)}`);
  }
  cursor.position = position + 1;
  return null;
}

export function toError(result: ParseResult<unknown>): MicrosyntaxError | null {
  return result.ok ? null : nonConformance(result.position, result.reason);
}

export function toCheckedError(result: CheckedParseResult<unknown>): MicrosyntaxError | null {
  return result.ok ? result.invalid : nonConformance(result.position, result.reason);
}
