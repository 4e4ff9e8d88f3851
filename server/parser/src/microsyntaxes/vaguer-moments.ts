/**
 * Dates and times: vaguer moments in time (a date, a time, or a global date and time).
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#vaguer-moments-in-time
 */
import {
  LATIN_CAPITAL_LETTER_T,
  SPACE,
} from './infra';
import {
  CheckedParseResult,
  MicrosyntaxError,
  checkedSuccess,
  failure,
  nonConformance,
} from './parse-result';
import {
  PositionVariable,
  toCheckedError,
  trailingFailure,
} from './dates-and-times';
import { DateValue, parseADateComponent } from './dates';
import { TimeComponent, TimeValue, timeComponent } from './times';
import { GlobalDateAndTimeValue, TimeZoneOffsetComponent, momentInTime, timeZoneOffsetComponent } from './time-zones';

/** What the rules to parse a date or time string return. */
export type DateOrTimeValue =
  | { readonly kind: 'date'; readonly date: DateValue }
  | { readonly kind: 'time'; readonly time: TimeValue }
  | ({ readonly kind: 'global-date-and-time' } & GlobalDateAndTimeValue);

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
