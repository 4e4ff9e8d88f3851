/**
 * Dates and times: months, dates, yearless dates, times, local dates and times,
 * time-zone offsets, global dates and times, and vaguer moments in time.
 * Weeks and durations live in weeks.ts and durations.ts.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#dates-and-times
 */
import {
  COLON,
  FULL_STOP,
  HYPHEN_MINUS,
  LATIN_CAPITAL_LETTER_T,
  LATIN_CAPITAL_LETTER_Z,
  PLUS_SIGN,
  SPACE,
  DIGIT_ZERO,
  collectAsciiDigits,
  describeCharacterAt,
  digitsToNumber,
  isAsciiDigit,
} from './infra';
import {
  CheckedParseResult,
  MicrosyntaxError,
  ParseFailure,
  ParseResult,
  checkedSuccess,
  failure,
  nonConformance,
  success,
} from './parse-result';

/** A pointer into the string being parsed, advanced by the component parsers ("given an input string and a position"). */
export interface PositionVariable {
  position: number;
}

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

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#concept-time
 * `second` includes the fraction of a second.
 */
export interface TimeValue {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#concept-datetime-local */
export interface LocalDateAndTimeValue {
  readonly date: DateValue;
  readonly time: TimeValue;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#concept-timezone
 * Both components carry the sign: "-00:30" is hours 0, minutes -30.
 */
export interface TimeZoneOffset {
  readonly hours: number;
  readonly minutes: number;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#concept-datetime
 * `epochMilliseconds` is the moment in time, in the UTC time zone, as milliseconds since
 * 1970-01-01T00:00:00Z (proleptic Gregorian); `date`, `time` and `timezone` are the
 * components as written, kept "for round-tripping or display purposes".
 */
export interface GlobalDateAndTimeValue {
  readonly date: DateValue;
  readonly time: TimeValue;
  readonly timezone: TimeZoneOffset;
  readonly epochMilliseconds: number;
}

/** What the rules to parse a date or time string return. */
export type DateOrTimeValue =
  | { readonly kind: 'date'; readonly date: DateValue }
  | { readonly kind: 'time'; readonly time: TimeValue }
  | ({ readonly kind: 'global-date-and-time' } & GlobalDateAndTimeValue);

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

function trailingFailure(input: string, position: number, after: string): ParseFailure {
  return failure(position, `unexpected ${describeCharacterAt(input, position)} after the ${after}`);
}

/**
 * Collects exactly two ASCII digits as the spec's "Collect a sequence of code points that are ASCII digits ... If the
 * collected sequence is not exactly two characters long, then fail. Otherwise, interpret the resulting sequence as a
 * base-ten integer." Returns the number, or a failure at the start of the run.
 */
function collectTwoDigits(input: string, cursor: PositionVariable, what: string): number | ParseFailure {
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
function expectCharacter(input: string, cursor: PositionVariable, c: number, expected: string, after: string): ParseFailure | null {
  const position = cursor.position;
  if (position >= input.length || input.charCodeAt(position) !== c) {
    return failure(position, `expected ${expected} after the ${after}, found ${describeCharacterAt(input, position)}`);
  }
  cursor.position = position + 1;
  return null;
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

// ---------------------------------------------------------------------------
// Times
// ---------------------------------------------------------------------------

/** A parsed time component, plus what the validity checks need to know about how it was written. */
interface TimeComponent {
  readonly time: TimeValue;
  /** Position of the ":" before the seconds, or -1 when the seconds were omitted. */
  readonly secondsColon: number;
  /** Where the time component ends. */
  readonly end: number;
  /** Set when the seconds' fraction has more than the three digits a valid time string allows. */
  readonly invalid: MicrosyntaxError | null;
}

function timeComponent(input: string, cursor: PositionVariable): TimeComponent | ParseFailure {
  const length = input.length;
  // Step 1. Collect a sequence of code points that are ASCII digits from input given position. If the collected
  // sequence is not exactly two characters long, then fail. Otherwise, interpret the resulting sequence as a base-ten
  // integer. Let hour be that number.
  const hourStart = cursor.position;
  const hour = collectTwoDigits(input, cursor, 'hour');
  if (typeof hour !== 'number') return hour;
  // Step 2. If hour is not a number in the range 0 ≤ hour ≤ 23, then fail.
  if (hour > 23) return failure(hourStart, 'the hour must be between 00 and 23');
  // Step 3. If position is beyond the end of input or if the character at position is not a U+003A COLON character,
  // then fail. Otherwise, move position forwards one character.
  const colon = expectCharacter(input, cursor, COLON, '":"', 'hour');
  if (colon) return colon;
  // Step 4. Collect a sequence of code points that are ASCII digits from input given position. If the collected
  // sequence is not exactly two characters long, then fail. Otherwise, interpret the resulting sequence as a base-ten
  // integer. Let minute be that number.
  const minuteStart = cursor.position;
  const minute = collectTwoDigits(input, cursor, 'minute');
  if (typeof minute !== 'number') return minute;
  // Step 5. If minute is not a number in the range 0 ≤ minute ≤ 59, then fail.
  if (minute > 59) return failure(minuteStart, 'the minute must be between 00 and 59');
  // Step 6. Let second be 0.
  let second = 0;
  let secondsColon = -1;
  let invalid: MicrosyntaxError | null = null;
  // Step 7. If position is not beyond the end of input and the character at position is U+003A (:), then:
  if (cursor.position < length && input.charCodeAt(cursor.position) === COLON) {
    secondsColon = cursor.position;
    // Step 7.1. Advance position to the next character in input.
    const position = cursor.position + 1;
    cursor.position = position;
    // Step 7.2. If position is beyond the end of input, or at the last character in input, or if the next two
    // characters in input starting at position are not both ASCII digits, then fail.
    if (position + 1 >= length || !isAsciiDigit(input.charCodeAt(position)) || !isAsciiDigit(input.charCodeAt(position + 1))) {
      return failure(position, 'expected two digits for the second');
    }
    // Step 7.3. Collect a sequence of code points that are either ASCII digits or U+002E FULL STOP characters from
    // input given position. If the collected sequence is three characters long, or if it is longer than three
    // characters long and the third character is not a U+002E FULL STOP character, or if it has more than one
    // U+002E FULL STOP character, then fail. Otherwise, interpret the resulting sequence as a base-ten number
    // (possibly with a fractional part). Set second to that number.
    let end = position;
    let fullStops = 0;
    let secondFullStop = -1;
    for (; end < length; end++) {
      const c = input.charCodeAt(end);
      if (c === FULL_STOP) {
        if (++fullStops === 2) secondFullStop = end;
      } else if (!isAsciiDigit(c)) {
        break;
      }
    }
    cursor.position = end;
    const collected = end - position;
    if (collected === 3) {
      return failure(position, input.charCodeAt(position + 2) === FULL_STOP
        ? 'expected a digit after the decimal point in the second'
        : 'expected exactly two digits for the second');
    }
    if (collected > 3 && input.charCodeAt(position + 2) !== FULL_STOP) {
      return failure(position, 'expected exactly two digits for the second');
    }
    if (fullStops > 1) return failure(secondFullStop, 'more than one "." in the second');
    second = Number(input.slice(position, end));
    // Step 7.4. If second is not a number in the range 0 ≤ second < 60, then fail.
    if (!(second < 60)) return failure(position, 'the second must be less than 60');
    // Validity: "One, two, or three ASCII digits, representing the fractional part of second".
    if (collected > 6) {
      invalid = nonConformance(position + 6, 'at most three digits are allowed in the fraction of a second');
    }
  }
  // Step 8. Return hour, minute, and second.
  return { time: { hour, minute, second }, secondsColon, end: cursor.position, invalid };
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-time-component
 * Advances `cursor.position`.
 */
export function parseATimeComponent(input: string, cursor: PositionVariable): ParseResult<TimeValue> {
  const result = timeComponent(input, cursor);
  return 'ok' in result ? result : success(result.time);
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-time-string
 * `valid` is false when the fraction of a second has more than three digits (the
 * rules read any number of them; a valid time string allows one to three).
 */
export function parseATimeString(input: string): CheckedParseResult<TimeValue> {
  // Step 1. Let input be the string being parsed.
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  const cursor: PositionVariable = { position: 0 };
  // Step 3. Parse a time component to obtain hour, minute, and second. If this returns nothing, then fail.
  const result = timeComponent(input, cursor);
  if ('ok' in result) return result;
  // Step 4. If position is not beyond the end of input, then fail.
  if (cursor.position < input.length) return trailingFailure(input, cursor.position, 'time');
  // Step 5. Let time be the time with hour hour, minute minute, and second second.
  // Step 6. Return time.
  return checkedSuccess(result.time, result.invalid);
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-time-string
 * "Two ASCII digits, representing hour, in the range 0 ≤ hour ≤ 23; a U+003A COLON character (:); two ASCII digits,
 * representing minute, in the range 0 ≤ minute ≤ 59; if second is nonzero, or optionally if second is zero: a U+003A
 * COLON character (:), two ASCII digits, representing the integer part of second, in the range 0 ≤ s ≤ 59; if second
 * is not an integer, or optionally if second is an integer: a U+002E FULL STOP character (.), one, two, or three ASCII
 * digits, representing the fractional part of second".
 */
export function checkValidTimeString(input: string): MicrosyntaxError | null {
  return toCheckedError(parseATimeString(input));
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-time-string */
export function isValidTimeString(input: string): boolean {
  return checkValidTimeString(input) === null;
}

// ---------------------------------------------------------------------------
// Local dates and times
// ---------------------------------------------------------------------------

interface LocalDateAndTimeParse {
  readonly value: LocalDateAndTimeValue;
  readonly separator: number;
  readonly timeComponent: TimeComponent;
}

function localDateAndTime(input: string): LocalDateAndTimeParse | ParseFailure {
  // Step 1. Let input be the string being parsed.
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  const cursor: PositionVariable = { position: 0 };
  // Step 3. Parse a date component to obtain year, month, and day. If this returns nothing, then fail.
  const date = parseADateComponent(input, cursor);
  if (!date.ok) return date;
  // Step 4. If position is beyond the end of input or if the character at position is neither a U+0054 LATIN CAPITAL
  // LETTER T character (T) nor a U+0020 SPACE character, then fail. Otherwise, move position forwards one character.
  const separator = cursor.position;
  const c = input.charCodeAt(separator);
  if (separator >= input.length || (c !== LATIN_CAPITAL_LETTER_T && c !== SPACE)) {
    return failure(separator, `expected "T" or a space after the date, found ${describeCharacterAt(input, separator)}`);
  }
  cursor.position++;
  // Step 5. Parse a time component to obtain hour, minute, and second. If this returns nothing, then fail.
  const time = timeComponent(input, cursor);
  if ('ok' in time) return time;
  // Step 6. If position is not beyond the end of input, then fail.
  if (cursor.position < input.length) return trailingFailure(input, cursor.position, 'time');
  // Step 7. Let date be the date with year year, month month, and day day.
  // Step 8. Let time be the time with hour hour, minute minute, and second second.
  // Step 9. Return date and time.
  return { value: { date: date.value, time: time.time }, separator, timeComponent: time };
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-local-date-and-time-string
 * `valid` says whether `input` is a valid local date and time string.
 */
export function parseALocalDateAndTimeString(input: string): CheckedParseResult<LocalDateAndTimeValue> {
  const result = localDateAndTime(input);
  if ('ok' in result) return result;
  return checkedSuccess(result.value, result.timeComponent.invalid);
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-local-date-and-time-string
 * "A valid date string representing the date; a U+0054 LATIN CAPITAL LETTER T character (T) or a U+0020 SPACE
 * character; a valid time string representing the time".
 */
export function checkValidLocalDateAndTimeString(input: string): MicrosyntaxError | null {
  return toCheckedError(parseALocalDateAndTimeString(input));
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-local-date-and-time-string */
export function isValidLocalDateAndTimeString(input: string): boolean {
  return checkValidLocalDateAndTimeString(input) === null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-normalised-local-date-and-time-string
 * "A valid date string representing the date; a U+0054 LATIN CAPITAL LETTER T character (T); a valid time string
 * representing the time, expressed as the shortest possible string for the given time (e.g. omitting the seconds
 * component entirely if the given time is zero seconds past the minute)".
 */
export function checkValidNormalizedLocalDateAndTimeString(input: string): MicrosyntaxError | null {
  const result = localDateAndTime(input);
  if ('ok' in result) return toError(result);
  if (result.timeComponent.invalid) return result.timeComponent.invalid;
  if (input.charCodeAt(result.separator) !== LATIN_CAPITAL_LETTER_T) {
    return nonConformance(result.separator, 'a normalized local date and time uses "T" between the date and the time');
  }
  const { secondsColon, end, time } = result.timeComponent;
  if (secondsColon >= 0) {
    if (time.second === 0) {
      return nonConformance(secondsColon, 'the shortest form omits the seconds when they are zero');
    }
    // With a fraction, its last digit must not be a zero; "05.0" would also be longer than "05".
    if (end - secondsColon > 3 && input.charCodeAt(end - 1) === DIGIT_ZERO) {
      return nonConformance(end - 1, 'the shortest form has no trailing zeros in the fraction of a second');
    }
  }
  return null;
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-normalised-local-date-and-time-string */
export function isValidNormalizedLocalDateAndTimeString(input: string): boolean {
  return checkValidNormalizedLocalDateAndTimeString(input) === null;
}

// ---------------------------------------------------------------------------
// Time zones
// ---------------------------------------------------------------------------

interface TimeZoneOffsetComponent {
  readonly timezone: TimeZoneOffset;
  /** Set for "-00:00": the valid syntax allows "-" only "if the time-zone offset is not zero". */
  readonly invalid: MicrosyntaxError | null;
}

function timeZoneOffsetComponent(input: string, cursor: PositionVariable): TimeZoneOffsetComponent | ParseFailure {
  const start = cursor.position;
  const c = input.charCodeAt(start);
  let timezoneHours: number;
  let timezoneMinutes: number;
  let invalid: MicrosyntaxError | null = null;
  // Step 1. If the character at position is a U+005A LATIN CAPITAL LETTER Z character (Z), then:
  if (start < input.length && c === LATIN_CAPITAL_LETTER_Z) {
    // Step 1.1. Let timezone hours be 0.
    timezoneHours = 0;
    // Step 1.2. Let timezone minutes be 0.
    timezoneMinutes = 0;
    // Step 1.3. Advance position to the next character in input.
    cursor.position++;
  }
  // Otherwise, if the character at position is either a U+002B PLUS SIGN (+) or a U+002D HYPHEN-MINUS (-), then:
  else if (start < input.length && (c === PLUS_SIGN || c === HYPHEN_MINUS)) {
    // Step 1.1. If the character at position is a U+002B PLUS SIGN (+), let sign be "positive". Otherwise, it's a
    // U+002D HYPHEN-MINUS (-); let sign be "negative".
    const negative = c === HYPHEN_MINUS;
    // Step 1.2. Advance position to the next character in input.
    cursor.position++;
    // Step 1.3. Collect a sequence of code points that are ASCII digits from input given position. Let s be the
    // collected sequence.
    const sStart = cursor.position;
    const sEnd = collectAsciiDigits(input, sStart);
    cursor.position = sEnd;
    // Step 1.4. If s is exactly two characters long, then:
    if (sEnd - sStart === 2) {
      // Step 1.4.1. Interpret s as a base-ten integer. Let timezone hours be that number.
      timezoneHours = digitsToNumber(input, sStart, sEnd);
      // Step 1.4.2. If position is beyond the end of input or if the character at position is not a U+003A COLON
      // character, then fail. Otherwise, move position forwards one character.
      const colon = expectCharacter(input, cursor, COLON, '":"', 'time-zone hours');
      if (colon) return colon;
      // Step 1.4.3. Collect a sequence of code points that are ASCII digits from input given position. If the
      // collected sequence is not exactly two characters long, then fail. Otherwise, interpret the resulting
      // sequence as a base-ten integer. Let timezone minutes be that number.
      const minutes = collectTwoDigits(input, cursor, 'time-zone minutes');
      if (typeof minutes !== 'number') return minutes;
      timezoneMinutes = minutes;
    }
    // If s is exactly four characters long, then:
    else if (sEnd - sStart === 4) {
      // Step 1.4.1. Interpret the first two characters of s as a base-ten integer. Let timezone hours be that number.
      timezoneHours = digitsToNumber(input, sStart, sStart + 2);
      // Step 1.4.2. Interpret the last two characters of s as a base-ten integer. Let timezone minutes be that
      // number.
      timezoneMinutes = digitsToNumber(input, sStart + 2, sEnd);
    }
    // Otherwise, fail.
    else {
      return failure(sStart, 'expected two digits for the time-zone hours (then ":" and two digits), or four digits');
    }
    // Step 1.5. If timezone hours is not a number in the range 0 ≤ timezone hours ≤ 23, then fail.
    if (timezoneHours > 23) return failure(sStart, 'the time-zone hours must be between 00 and 23');
    // Step 1.6. If sign is "negative", then negate timezone hours.
    // Step 1.7. If timezone minutes is not a number in the range 0 ≤ timezone minutes ≤ 59, then fail.
    if (timezoneMinutes > 59) return failure(cursor.position - 2, 'the time-zone minutes must be between 00 and 59');
    // Step 1.8. If sign is "negative", then negate timezone minutes.
    if (negative) {
      if (timezoneHours === 0 && timezoneMinutes === 0) {
        invalid = nonConformance(start, 'a zero time-zone offset is written "Z" or with "+", not "-"');
      }
      // (0 - x, not -x, so that a zero component stays +0.)
      timezoneHours = 0 - timezoneHours;
      timezoneMinutes = 0 - timezoneMinutes;
    }
  }
  // Otherwise, fail.
  else {
    return failure(start, `expected "Z", "+" or "-" for the time-zone offset, found ${describeCharacterAt(input, start)}`);
  }
  // Step 2. Return timezone hours and timezone minutes.
  return { timezone: { hours: timezoneHours, minutes: timezoneMinutes }, invalid };
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-time-zone-offset-component
 * Advances `cursor.position`.
 */
export function parseATimeZoneOffsetComponent(input: string, cursor: PositionVariable): ParseResult<TimeZoneOffset> {
  const result = timeZoneOffsetComponent(input, cursor);
  return 'ok' in result ? result : success(result.timezone);
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-time-zone-offset-string
 * `valid` is false only for a negative zero offset such as "-00:00".
 */
export function parseATimeZoneOffsetString(input: string): CheckedParseResult<TimeZoneOffset> {
  // Step 1. Let input be the string being parsed.
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  const cursor: PositionVariable = { position: 0 };
  // Step 3. Parse a time-zone offset component to obtain timezone hours and timezone minutes. If this returns
  // nothing, then fail.
  const result = timeZoneOffsetComponent(input, cursor);
  if ('ok' in result) return result;
  // Step 4. If position is not beyond the end of input, then fail.
  if (cursor.position < input.length) return trailingFailure(input, cursor.position, 'time-zone offset');
  // Step 5. Return the time-zone offset that is timezone hours hours and timezone minutes minutes from UTC.
  return checkedSuccess(result.timezone, result.invalid);
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-time-zone-offset-string
 * "A U+005A LATIN CAPITAL LETTER Z character (Z), allowed only if the time zone is UTC", or "Either a U+002B PLUS SIGN
 * character (+) or, if the time-zone offset is not zero, a U+002D HYPHEN-MINUS character (-) ...; two ASCII digits
 * ... hour ... 0 ≤ hour ≤ 23; optionally, a U+003A COLON character (:); two ASCII digits ... minute ...
 * 0 ≤ minute ≤ 59".
 */
export function checkValidTimeZoneOffsetString(input: string): MicrosyntaxError | null {
  return toCheckedError(parseATimeZoneOffsetString(input));
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-time-zone-offset-string */
export function isValidTimeZoneOffsetString(input: string): boolean {
  return checkValidTimeZoneOffsetString(input) === null;
}

// ---------------------------------------------------------------------------
// Global dates and times
// ---------------------------------------------------------------------------

/**
 * "the moment in time at year year, month month, day day, hours hour, minute minute, second second, subtracting
 * timezone hours hours and timezone minutes minutes", as milliseconds since the Unix epoch.
 */
function momentInTime(date: DateValue, time: TimeValue, timezone: TimeZoneOffset): number {
  const days = daysSinceUnixEpoch(date.year, date.month, date.day);
  const minutes = (days * 24 + time.hour - timezone.hours) * 60 + time.minute - timezone.minutes;
  return minutes * 60000 + time.second * 1000;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-global-date-and-time-string
 * `valid` says whether `input` is a valid global date and time string.
 */
export function parseAGlobalDateAndTimeString(input: string): CheckedParseResult<GlobalDateAndTimeValue> {
  // Step 1. Let input be the string being parsed.
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  const cursor: PositionVariable = { position: 0 };
  // Step 3. Parse a date component to obtain year, month, and day. If this returns nothing, then fail.
  const date = parseADateComponent(input, cursor);
  if (!date.ok) return date;
  // Step 4. If position is beyond the end of input or if the character at position is neither a U+0054 LATIN CAPITAL
  // LETTER T character (T) nor a U+0020 SPACE character, then fail. Otherwise, move position forwards one character.
  const separator = cursor.position;
  const c = input.charCodeAt(separator);
  if (separator >= input.length || (c !== LATIN_CAPITAL_LETTER_T && c !== SPACE)) {
    return failure(separator, `expected "T" or a space after the date, found ${describeCharacterAt(input, separator)}`);
  }
  cursor.position++;
  // Step 5. Parse a time component to obtain hour, minute, and second. If this returns nothing, then fail.
  const time = timeComponent(input, cursor);
  if ('ok' in time) return time;
  // Step 6. If position is beyond the end of input, then fail.
  if (cursor.position >= input.length) return failure(cursor.position, 'expected a time-zone offset after the time');
  // Step 7. Parse a time-zone offset component to obtain timezone hours and timezone minutes. If this returns
  // nothing, then fail.
  const timezone = timeZoneOffsetComponent(input, cursor);
  if ('ok' in timezone) return timezone;
  // Step 8. If position is not beyond the end of input, then fail.
  if (cursor.position < input.length) return trailingFailure(input, cursor.position, 'time-zone offset');
  // Step 9. Let time be the moment in time at year year, month month, day day, hours hour, minute minute, second
  // second, subtracting timezone hours hours and timezone minutes minutes. That moment in time is a moment in the UTC
  // time zone.
  const epochMilliseconds = momentInTime(date.value, time.time, timezone.timezone);
  // Step 10. Let timezone be timezone hours hours and timezone minutes minutes from UTC.
  // Step 11. Return time and timezone.
  return checkedSuccess(
    { date: date.value, time: time.time, timezone: timezone.timezone, epochMilliseconds },
    time.invalid ?? timezone.invalid,
  );
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-global-date-and-time-string
 * "A valid date string representing the date; a U+0054 LATIN CAPITAL LETTER T character (T) or a U+0020 SPACE
 * character; a valid time string representing the time; a valid time-zone offset string representing the time-zone
 * offset".
 */
export function checkValidGlobalDateAndTimeString(input: string): MicrosyntaxError | null {
  return toCheckedError(parseAGlobalDateAndTimeString(input));
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-global-date-and-time-string */
export function isValidGlobalDateAndTimeString(input: string): boolean {
  return checkValidGlobalDateAndTimeString(input) === null;
}

// ---------------------------------------------------------------------------
// Vaguer moments in time
// ---------------------------------------------------------------------------

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-date-or-time-string
 * `valid` says whether `input` is a valid date string with optional time: a bare
 * time parses, but is not one.
 */
export function parseADateOrTimeString(input: string): CheckedParseResult<DateOrTimeValue> {
  const length = input.length;
  // Step 1. Let input be the string being parsed.
  // Step 2. Let position be a pointer into input, initially pointing at the start of the string.
  const cursor: PositionVariable = { position: 0 };
  // Step 3. Set start position to the same position as position.
  const startPosition = cursor.position;
  // Step 4. Set the date present and time present flags to true.
  let datePresent = true;
  let timePresent = true;
  // Step 5. Parse a date component to obtain year, month, and day. If this fails, then set the date present flag to
  // false.
  const date = parseADateComponent(input, cursor);
  if (!date.ok) datePresent = false;
  // Step 6. If date present is true, and position is not beyond the end of input, and the character at position is
  // either a U+0054 LATIN CAPITAL LETTER T character (T) or a U+0020 SPACE character, then advance position to the
  // next character in input.
  const c = input.charCodeAt(cursor.position);
  if (datePresent && cursor.position < length && (c === LATIN_CAPITAL_LETTER_T || c === SPACE)) {
    cursor.position++;
  }
  // Otherwise, if date present is true, and either position is beyond the end of input or the character at position
  // is neither a U+0054 LATIN CAPITAL LETTER T character (T) nor a U+0020 SPACE character, then set time present to
  // false.
  else if (datePresent) {
    timePresent = false;
  }
  // Otherwise, if date present is false, set position back to the same position as start position.
  else {
    cursor.position = startPosition;
  }
  // Step 7. If the time present flag is true, then parse a time component to obtain hour, minute, and second. If
  // this returns nothing, then fail.
  let time: TimeComponent | null = null;
  if (timePresent) {
    const result = timeComponent(input, cursor);
    if ('ok' in result) return result;
    time = result;
  }
  // Step 8. If the date present and time present flags are both true, but position is beyond the end of input, then
  // fail.
  if (datePresent && timePresent && cursor.position >= length) {
    return failure(cursor.position, 'expected a time-zone offset after the time');
  }
  // Step 9. If the date present and time present flags are both true, parse a time-zone offset component to obtain
  // timezone hours and timezone minutes. If this returns nothing, then fail.
  let timezone: TimeZoneOffsetComponent | null = null;
  if (datePresent && timePresent) {
    const result = timeZoneOffsetComponent(input, cursor);
    if ('ok' in result) return result;
    timezone = result;
  }
  // Step 10. If position is not beyond the end of input, then fail.
  if (cursor.position < length) {
    return trailingFailure(input, cursor.position, timezone ? 'time-zone offset' : time ? 'time' : 'date');
  }
  // Step 11. If the date present flag is true and the time present flag is false, then let date be the date with year
  // year, month month, and day day, and return date.
  if (date.ok && !time) return checkedSuccess({ kind: 'date', date: date.value }, null);
  // Otherwise, if the time present flag is true and the date present flag is false, then let time be the time with
  // hour hour, minute minute, and second second, and return time.
  if (!date.ok && time) {
    return checkedSuccess(
      { kind: 'time', time: time.time },
      nonConformance(0, 'a valid date string with optional time needs a date; a time alone is not one'),
    );
  }
  // Otherwise, let time be the moment in time at year year, month month, day day, hours hour, minute minute, second
  // second, subtracting timezone hours hours and timezone minutes minutes, that moment in time being a moment in the
  // UTC time zone; let timezone be timezone hours hours and timezone minutes minutes from UTC; and return time and
  // timezone.
  const d = (date as { value: DateValue }).value;
  const t = (time as TimeComponent).time;
  const tz = (timezone as TimeZoneOffsetComponent).timezone;
  return checkedSuccess(
    { kind: 'global-date-and-time', date: d, time: t, timezone: tz, epochMilliseconds: momentInTime(d, t, tz) },
    (time as TimeComponent).invalid ?? (timezone as TimeZoneOffsetComponent).invalid,
  );
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-date-string-with-optional-time
 * "A valid date string" or "A valid global date and time string".
 */
export function checkValidDateStringWithOptionalTime(input: string): MicrosyntaxError | null {
  return toCheckedError(parseADateOrTimeString(input));
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-date-string-with-optional-time */
export function isValidDateStringWithOptionalTime(input: string): boolean {
  return checkValidDateStringWithOptionalTime(input) === null;
}

// ---------------------------------------------------------------------------

function toError(result: ParseResult<unknown>): MicrosyntaxError | null {
  return result.ok ? null : nonConformance(result.position, result.reason);
}

function toCheckedError(result: CheckedParseResult<unknown>): MicrosyntaxError | null {
  return result.ok ? result.invalid : nonConformance(result.position, result.reason);
}
