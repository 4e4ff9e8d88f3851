/**
 * Dates and times: months, dates and yearless dates.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#months
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#dates
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#yearless-dates
 */
import {
  HYPHEN_MINUS,
  collectAsciiDigits,
  digitsToNumber,
} from './infra';
import {
  MicrosyntaxError,
  ParseResult,
  failure,
  success,
} from './parse-result';
import {
  PositionVariable,
  collectTwoDigits,
  expectCharacter,
  numberOfDaysInMonthOfYear,
  toError,
  trailingFailure,
} from './dates-and-times';

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#concept-month */
export interface MonthValue {
  readonly year: number;
  readonly month: number;
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#concept-date */
export interface DateValue {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#concept-yearless-date */
export interface YearlessDateValue {
  readonly month: number;
  readonly day: number;
}

// ---------------------------------------------------------------------------
// Months
// ---------------------------------------------------------------------------

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-month-component
 * Advances `cursor.position`.
 */
export function parseAMonthComponent(input: string, cursor: PositionVariable): ParseResult<MonthValue> {
  // Step 1. Collect a sequence of code points that are ASCII digits from input given position. If the collected
  // sequence is not at least four characters long, then fail. Otherwise, interpret the resulting sequence as a
  // base-ten integer. Let year be that number.
  const yearStart = cursor.position;
  const yearEnd = collectAsciiDigits(input, yearStart);
  cursor.position = yearEnd;
  if (yearEnd - yearStart < 4) {
    return failure(yearStart, 'expected at least four digits for the year');
  }
  const year = digitsToNumber(input, yearStart, yearEnd);
  // Step 2. If year is not a number greater than zero, then fail.
  if (!(year > 0)) return failure(yearStart, 'the year must be greater than zero');
  // Step 3. If position is beyond the end of input or if the character at position is not a U+002D HYPHEN-MINUS
  // character, then fail. Otherwise, move position forwards one character.
  const hyphen = expectCharacter(input, cursor, HYPHEN_MINUS, '"-"', 'year');
  if (hyphen) return hyphen;
  // Step 4. Collect a sequence of code points that are ASCII digits from input given position. If the collected
  // sequence is not exactly two characters long, then fail. Otherwise, interpret the resulting sequence as a base-ten
  // integer. Let month be that number.
  const monthStart = cursor.position;
  const month = collectTwoDigits(input, cursor, 'month');
  if (typeof month !== 'number') return month;
  // Step 5. If month is not a number in the range 1 ≤ month ≤ 12, then fail.
  if (month < 1 || month > 12) return failure(monthStart, 'the month must be between 01 and 12');
  // Step 6. Return year and month.
  return success({ year, month });
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-month-string
 * The rules accept exactly the valid month strings.
 */
export function parseAMonthString(input: string): ParseResult<MonthValue> {
  // Step 1. Let input be the string being parsed.
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  const cursor: PositionVariable = { position: 0 };
  // Step 3. Parse a month component to obtain year and month. If this returns nothing, then fail.
  const result = parseAMonthComponent(input, cursor);
  if (!result.ok) return result;
  // Step 4. If position is not beyond the end of input, then fail.
  if (cursor.position < input.length) return trailingFailure(input, cursor.position, 'month');
  // Step 5. Return year and month.
  return result;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-month-string
 * "Four or more ASCII digits, representing year, where year > 0; a U+002D HYPHEN-MINUS character (-); two ASCII
 * digits, representing the month month, in the range 1 ≤ month ≤ 12".
 */
export function checkValidMonthString(input: string): MicrosyntaxError | null {
  return toError(parseAMonthString(input));
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-month-string */
export function isValidMonthString(input: string): boolean {
  return parseAMonthString(input).ok;
}

// ---------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-date-component
 * Advances `cursor.position`.
 */
export function parseADateComponent(input: string, cursor: PositionVariable): ParseResult<DateValue> {
  // Step 1. Parse a month component to obtain year and month. If this returns nothing, then fail.
  const monthResult = parseAMonthComponent(input, cursor);
  if (!monthResult.ok) return monthResult;
  const { year, month } = monthResult.value;
  // Step 2. Let maxday be the number of days in month month of year year.
  const maxday = numberOfDaysInMonthOfYear(month, year);
  // Step 3. If position is beyond the end of input or if the character at position is not a U+002D HYPHEN-MINUS
  // character, then fail. Otherwise, move position forwards one character.
  const hyphen = expectCharacter(input, cursor, HYPHEN_MINUS, '"-"', 'month');
  if (hyphen) return hyphen;
  // Step 4. Collect a sequence of code points that are ASCII digits from input given position. If the collected
  // sequence is not exactly two characters long, then fail. Otherwise, interpret the resulting sequence as a base-ten
  // integer. Let day be that number.
  const dayStart = cursor.position;
  const day = collectTwoDigits(input, cursor, 'day');
  if (typeof day !== 'number') return day;
  // Step 5. If day is not a number in the range 1 ≤ day ≤ maxday, then fail.
  if (day < 1 || day > maxday) {
    return failure(dayStart, `the day must be between 01 and ${maxday} in this month`);
  }
  // Step 6. Return year, month, and day.
  return success({ year, month, day });
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-date-string
 * The rules accept exactly the valid date strings.
 */
export function parseADateString(input: string): ParseResult<DateValue> {
  // Step 1. Let input be the string being parsed.
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  const cursor: PositionVariable = { position: 0 };
  // Step 3. Parse a date component to obtain year, month, and day. If this returns nothing, then fail.
  const result = parseADateComponent(input, cursor);
  if (!result.ok) return result;
  // Step 4. If position is not beyond the end of input, then fail.
  if (cursor.position < input.length) return trailingFailure(input, cursor.position, 'date');
  // Step 5. Let date be the date with year year, month month, and day day.
  // Step 6. Return date.
  return result;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-date-string
 * "A valid month string, representing year and month; a U+002D HYPHEN-MINUS character (-); two ASCII digits,
 * representing day, in the range 1 ≤ day ≤ maxday".
 */
export function checkValidDateString(input: string): MicrosyntaxError | null {
  return toError(parseADateString(input));
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-date-string */
export function isValidDateString(input: string): boolean {
  return parseADateString(input).ok;
}

// ---------------------------------------------------------------------------
// Yearless dates
// ---------------------------------------------------------------------------

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-yearless-date-component
 * Advances `cursor.position`.
 */
export function parseAYearlessDateComponent(input: string, cursor: PositionVariable): ParseResult<YearlessDateValue> {
  // Step 1. Collect a sequence of code points that are U+002D HYPHEN-MINUS characters (-) from input given position.
  // If the collected sequence is not exactly zero or two characters long, then fail.
  const hyphensStart = cursor.position;
  let position = hyphensStart;
  while (position < input.length && input.charCodeAt(position) === HYPHEN_MINUS) position++;
  cursor.position = position;
  if (position - hyphensStart !== 0 && position - hyphensStart !== 2) {
    return failure(hyphensStart, 'expected either no "-" or exactly two before the month');
  }
  // Step 2. Collect a sequence of code points that are ASCII digits from input given position. If the collected
  // sequence is not exactly two characters long, then fail. Otherwise, interpret the resulting sequence as a base-ten
  // integer. Let month be that number.
  const monthStart = cursor.position;
  const month = collectTwoDigits(input, cursor, 'month');
  if (typeof month !== 'number') return month;
  // Step 3. If month is not a number in the range 1 ≤ month ≤ 12, then fail.
  if (month < 1 || month > 12) return failure(monthStart, 'the month must be between 01 and 12');
  // Step 4. Let maxday be the number of days in month month of any arbitrary leap year (e.g. 4 or 2000).
  const maxday = numberOfDaysInMonthOfYear(month, 2000);
  // Step 5. If position is beyond the end of input or if the character at position is not a U+002D HYPHEN-MINUS
  // character, then fail. Otherwise, move position forwards one character.
  const hyphen = expectCharacter(input, cursor, HYPHEN_MINUS, '"-"', 'month');
  if (hyphen) return hyphen;
  // Step 6. Collect a sequence of code points that are ASCII digits from input given position. If the collected
  // sequence is not exactly two characters long, then fail. Otherwise, interpret the resulting sequence as a base-ten
  // integer. Let day be that number.
  const dayStart = cursor.position;
  const day = collectTwoDigits(input, cursor, 'day');
  if (typeof day !== 'number') return day;
  // Step 7. If day is not a number in the range 1 ≤ day ≤ maxday, then fail.
  if (day < 1 || day > maxday) return failure(dayStart, `the day must be between 01 and ${maxday} in this month`);
  // Step 8. Return month and day.
  return success({ month, day });
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-yearless-date-string
 * The rules accept exactly the valid yearless date strings.
 */
export function parseAYearlessDateString(input: string): ParseResult<YearlessDateValue> {
  // Step 1. Let input be the string being parsed.
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  const cursor: PositionVariable = { position: 0 };
  // Step 3. Parse a yearless date component to obtain month and day. If this returns nothing, then fail.
  const result = parseAYearlessDateComponent(input, cursor);
  if (!result.ok) return result;
  // Step 4. If position is not beyond the end of input, then fail.
  if (cursor.position < input.length) return trailingFailure(input, cursor.position, 'yearless date');
  // Step 5. Return month and day.
  return result;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-yearless-date-string
 * "Optionally, two U+002D HYPHEN-MINUS characters (-); two ASCII digits, representing the month month, in the range
 * 1 ≤ month ≤ 12; a U+002D HYPHEN-MINUS character (-); two ASCII digits, representing day, in the range
 * 1 ≤ day ≤ maxday where maxday is the number of days in the month month and any arbitrary leap year".
 */
export function checkValidYearlessDateString(input: string): MicrosyntaxError | null {
  return toError(parseAYearlessDateString(input));
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-yearless-date-string */
export function isValidYearlessDateString(input: string): boolean {
  return parseAYearlessDateString(input).ok;
}
