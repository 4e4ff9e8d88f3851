/**
 * Dates and times: time-zone offsets, and global dates and times.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#time-zones
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#global-dates-and-times
 */
import {
  COLON,
  HYPHEN_MINUS,
  LATIN_CAPITAL_LETTER_T,
  LATIN_CAPITAL_LETTER_Z,
  PLUS_SIGN,
  SPACE,
  collectAsciiDigits,
  describeCharacterAt,
  digitsToNumber,
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
  daysSinceUnixEpoch,
  expectCharacter,
  toCheckedError,
  trailingFailure,
} from './dates-and-times';
import { DateValue, parseADateComponent } from './dates';
import { TimeValue, timeComponent } from './times';

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

// ---------------------------------------------------------------------------
// Time zones
// ---------------------------------------------------------------------------

export interface TimeZoneOffsetComponent {
  readonly timezone: TimeZoneOffset;
  /** Set for "-00:00": the valid syntax allows "-" only "if the time-zone offset is not zero". */
  readonly invalid: MicrosyntaxError | null;
}

export function timeZoneOffsetComponent(input: string, cursor: PositionVariable): TimeZoneOffsetComponent | ParseFailure {
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
export function momentInTime(date: DateValue, time: TimeValue, timezone: TimeZoneOffset): number {
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
