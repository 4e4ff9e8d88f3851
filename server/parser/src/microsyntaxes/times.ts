/**
 * Dates and times: times, and local dates and times.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#times
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#local-dates-and-times
 */
import {
  COLON,
  FULL_STOP,
  LATIN_CAPITAL_LETTER_T,
  SPACE,
  DIGIT_ZERO,
  describeCharacterAt,
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
import {
  PositionVariable,
  collectTwoDigits,
  expectCharacter,
  toCheckedError,
  toError,
  trailingFailure,
} from './dates-and-times';
import { DateValue, parseADateComponent } from './dates';

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

// ---------------------------------------------------------------------------
// Times
// ---------------------------------------------------------------------------

/** A parsed time component, plus what the validity checks need to know about how it was written. */
export interface TimeComponent {
  readonly time: TimeValue;
  /** Position of the ":" before the seconds, or -1 when the seconds were omitted. */
  readonly secondsColon: number;
  /** Where the time component ends. */
  readonly end: number;
  /** Set when the seconds' fraction has more than the three digits a valid time string allows. */
  readonly invalid: MicrosyntaxError | null;
}

export function timeComponent(input: string, cursor: PositionVariable): TimeComponent | ParseFailure {
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
