/**
 * Unit tests for the common microsyntaxes: dates and times (months, dates,
 * yearless dates, times, local dates and times, time-zone offsets, global dates
 * and times, weeks, durations, vaguer moments in time).
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#dates-and-times
 *
 * Every expected value below was worked out by hand from the spec's steps and
 * definitions (the examples quoted from the spec say so), not recorded from a run.
 * Moments in time are checked against JavaScript's own Date arithmetic.
 */
import { strict as assert } from 'node:assert';
import {
  checkValidNormalizedLocalDateAndTimeString,
  isValidDateString,
  isValidDateStringWithOptionalTime,
  isValidDurationString,
  isValidGlobalDateAndTimeString,
  isValidLocalDateAndTimeString,
  isValidMonthString,
  isValidNormalizedLocalDateAndTimeString,
  isValidTimeString,
  isValidTimeZoneOffsetString,
  isValidWeekString,
  isValidYearlessDateString,
  numberOfDaysInMonthOfYear,
  parseADateComponent,
  parseADateOrTimeString,
  parseADateString,
  parseADurationString,
  parseAGlobalDateAndTimeString,
  parseALocalDateAndTimeString,
  parseAMonthString,
  parseATimeString,
  parseATimeZoneOffsetString,
  parseAWeekString,
  parseAYearlessDateString,
  weekNumberOfTheLastDay,
} from '../out/microsyntaxes/index';
import { assertChecked, assertFails, assertParses, utc } from './support/microsyntax-assertions';

// ---------------------------------------------------------------------------
// Dates and times
// ---------------------------------------------------------------------------

describe('microsyntaxes: dates and times', () => {
  it('the number of days in month month of year year', () => {
    assert.equal(numberOfDaysInMonthOfYear(1, 2023), 31);
    assert.equal(numberOfDaysInMonthOfYear(4, 2023), 30);
    assert.equal(numberOfDaysInMonthOfYear(2, 2024), 29);
    assert.equal(numberOfDaysInMonthOfYear(2, 2023), 28);
    assert.equal(numberOfDaysInMonthOfYear(2, 1900), 28);
    assert.equal(numberOfDaysInMonthOfYear(2, 2000), 29);
    assert.equal(numberOfDaysInMonthOfYear(12, 1), 31);
  });

  describe('months', () => {
    it('parses valid month strings', () => {
      assertParses(parseAMonthString('2024-02'), { year: 2024, month: 2 });
      assertParses(parseAMonthString('0001-01'), { year: 1, month: 1 });
      assertParses(parseAMonthString('12345-12'), { year: 12345, month: 12 });
    });

    it('failures', () => {
      assertFails(parseAMonthString('0000-01'), 0); // year must be > 0
      assertFails(parseAMonthString('999-01'), 0); // fewer than four digits
      assertFails(parseAMonthString('2024-13'), 5);
      assertFails(parseAMonthString('2024-00'), 5);
      assertFails(parseAMonthString('2024-1'), 5);
      assertFails(parseAMonthString('2024-123'), 5);
      assertFails(parseAMonthString('2024/01'), 4);
      assertFails(parseAMonthString('2024'), 4);
      assertFails(parseAMonthString('2024-02-'), 7);
      assertFails(parseAMonthString(' 2024-02'), 0);
    });

    it('validity is the same as parsing', () => {
      assert.ok(isValidMonthString('2024-02'));
      assert.equal(isValidMonthString('2024-2'), false);
    });
  });

  describe('dates', () => {
    it('leap years', () => {
      assertParses(parseADateString('2024-02-29'), { year: 2024, month: 2, day: 29 });
      assertParses(parseADateString('2000-02-29'), { year: 2000, month: 2, day: 29 });
      assertFails(parseADateString('2023-02-29'), 8);
      assertFails(parseADateString('1900-02-29'), 8);
      assert.ok(isValidDateString('2024-02-29'));
      assert.ok(isValidDateString('2000-02-29'));
      assert.equal(isValidDateString('2023-02-29'), false);
      assert.equal(isValidDateString('1900-02-29'), false);
    });

    it('month lengths', () => {
      assert.ok(isValidDateString('2024-04-30'));
      assert.equal(isValidDateString('2024-04-31'), false);
      assert.ok(isValidDateString('2024-12-31'));
      assert.equal(isValidDateString('2024-01-00'), false);
      assert.equal(isValidDateString('2024-01-32'), false);
    });

    it('the spec notes: years with fewer than four digits have to be zero-padded', () => {
      assertFails(parseADateString('37-12-13'), 0);
      assertParses(parseADateString('0037-12-13'), { year: 37, month: 12, day: 13 });
    });

    it('failures', () => {
      assertFails(parseADateString('2024-1-01'), 5);
      assertFails(parseADateString('2024-01-1'), 8);
      assertFails(parseADateString(' 2024-01-01'), 0);
      assertFails(parseADateString('2024-01-01 '), 10);
      assertFails(parseADateString('2024-01-01T'), 10);
      assertFails(parseADateString(''), 0);
    });

    it('the date component advances the position', () => {
      const cursor = { position: 3 };
      assertParses(parseADateComponent('at 2024-03-05!', cursor), { year: 2024, month: 3, day: 5 });
      assert.equal(cursor.position, 13);
    });
  });

  describe('yearless dates', () => {
    it('parses, with zero or two leading hyphens', () => {
      assertParses(parseAYearlessDateString('--02-29'), { month: 2, day: 29 });
      assertParses(parseAYearlessDateString('02-29'), { month: 2, day: 29 });
      assertParses(parseAYearlessDateString('12-31'), { month: 12, day: 31 });
    });

    it('failures', () => {
      assertFails(parseAYearlessDateString('-02-29'), 0);
      assertFails(parseAYearlessDateString('---02-29'), 0);
      assertFails(parseAYearlessDateString('02-30'), 3);
      assertFails(parseAYearlessDateString('04-31'), 3);
      assertFails(parseAYearlessDateString('13-01'), 0);
      assertFails(parseAYearlessDateString('2-01'), 0);
      assertFails(parseAYearlessDateString('--02-29x'), 7);
    });

    it('validity', () => {
      assert.ok(isValidYearlessDateString('--02-29'));
      assert.equal(isValidYearlessDateString('02-29-'), false);
    });
  });

  describe('times', () => {
    it('parses', () => {
      assertChecked(parseATimeString('00:00'), { hour: 0, minute: 0, second: 0 }, true);
      assertChecked(parseATimeString('23:59'), { hour: 23, minute: 59, second: 0 }, true);
      assertChecked(parseATimeString('12:30:15'), { hour: 12, minute: 30, second: 15 }, true);
      assertChecked(parseATimeString('12:00:00.000'), { hour: 12, minute: 0, second: 0 }, true);
    });

    it('seconds with fractions', () => {
      assertChecked(parseATimeString('12:00:00.5'), { hour: 12, minute: 0, second: 0.5 }, true);
      assertChecked(parseATimeString('12:00:59.999'), { hour: 12, minute: 0, second: 59.999 }, true);
      assertChecked(parseATimeString('12:00:01.25'), { hour: 12, minute: 0, second: 1.25 }, true);
    });

    it('more than three fraction digits parse but are not valid', () => {
      assertChecked(parseATimeString('12:00:00.1234'), { hour: 12, minute: 0, second: 0.1234 }, false, 12);
      assert.equal(isValidTimeString('12:00:00.1234'), false);
    });

    it('24:00 and other out-of-range components fail', () => {
      assertFails(parseATimeString('24:00'), 0);
      assertFails(parseATimeString('12:60'), 3);
      assertFails(parseATimeString('12:00:60'), 6);
      assertFails(parseATimeString('12:00:59.9999999999999999'), 6); // rounds to 60, which is not < 60
    });

    it('malformed seconds fail (step 7)', () => {
      assertFails(parseATimeString('12:00:'), 6);
      assertFails(parseATimeString('12:00:0'), 6);
      assertFails(parseATimeString('12:00:0.5'), 6);
      assertFails(parseATimeString('12:00:001'), 6); // three characters long
      assertFails(parseATimeString('12:00:00.'), 6); // three characters long
      assertFails(parseATimeString('12:00:000.5'), 6); // third character is not "."
      assertFails(parseATimeString('12:00:00.5.5'), 10); // more than one "."
    });

    it('other failures', () => {
      assertFails(parseATimeString('1:00'), 0);
      assertFails(parseATimeString('12-00'), 2);
      assertFails(parseATimeString('12:00 '), 5);
      assertFails(parseATimeString('12:00Z'), 5);
      assertFails(parseATimeString(''), 0);
    });

    it('validity', () => {
      assert.ok(isValidTimeString('00:00:00'));
      assert.ok(isValidTimeString('23:59:59.9'));
      assert.equal(isValidTimeString('24:00'), false);
    });
  });

  describe('local dates and times', () => {
    const date = { year: 2024, month: 2, day: 29 };
    it('"T" or a space separates the date and the time', () => {
      assertChecked(parseALocalDateAndTimeString('2024-02-29T12:30'), { date, time: { hour: 12, minute: 30, second: 0 } }, true);
      assertChecked(parseALocalDateAndTimeString('2024-02-29 12:30'), { date, time: { hour: 12, minute: 30, second: 0 } }, true);
      assertFails(parseALocalDateAndTimeString('2024-02-29t12:30'), 10);
      assertFails(parseALocalDateAndTimeString('2024-02-29  12:30'), 11);
      assertFails(parseALocalDateAndTimeString('2024-02-29'), 10);
      assertFails(parseALocalDateAndTimeString('2023-02-29T12:30'), 8);
    });

    it('validity follows the valid time string', () => {
      assertChecked(
        parseALocalDateAndTimeString('2024-02-29T12:30:00.1234'),
        { date, time: { hour: 12, minute: 30, second: 0.1234 } },
        false,
        23,
      );
      assert.ok(isValidLocalDateAndTimeString('2024-02-29 00:00:00.001'));
    });

    it('normalized: "T" and the shortest time', () => {
      assert.ok(isValidNormalizedLocalDateAndTimeString('2024-02-29T12:30'));
      assert.ok(isValidNormalizedLocalDateAndTimeString('2024-02-29T12:30:05'));
      assert.ok(isValidNormalizedLocalDateAndTimeString('2024-02-29T12:30:05.5'));
      assert.ok(isValidNormalizedLocalDateAndTimeString('2024-02-29T12:30:00.001'));
      assert.equal(isValidNormalizedLocalDateAndTimeString('2024-02-29 12:30'), false);
      assert.equal(checkValidNormalizedLocalDateAndTimeString('2024-02-29T12:30:00')?.position, 16);
      assert.equal(checkValidNormalizedLocalDateAndTimeString('2024-02-29T12:30:05.50')?.position, 21);
      assert.equal(isValidNormalizedLocalDateAndTimeString('2024-02-29T12:30:00.000'), false);
      assert.equal(isValidNormalizedLocalDateAndTimeString('2024-02-30T12:30'), false);
    });
  });

  describe('time-zone offsets', () => {
    it('"Z" and signed offsets', () => {
      assertChecked(parseATimeZoneOffsetString('Z'), { hours: 0, minutes: 0 }, true);
      assertChecked(parseATimeZoneOffsetString('+00:00'), { hours: 0, minutes: 0 }, true);
      assertChecked(parseATimeZoneOffsetString('+05:30'), { hours: 5, minutes: 30 }, true);
      assertChecked(parseATimeZoneOffsetString('+0530'), { hours: 5, minutes: 30 }, true);
      assertChecked(parseATimeZoneOffsetString('-08:00'), { hours: -8, minutes: 0 }, true);
      assertChecked(parseATimeZoneOffsetString('-00:30'), { hours: 0, minutes: -30 }, true);
      assertChecked(parseATimeZoneOffsetString('+23:59'), { hours: 23, minutes: 59 }, true);
      assertChecked(parseATimeZoneOffsetString('-2359'), { hours: -23, minutes: -59 }, true);
    });

    it('a negated zero component is +0', () => {
      const result = parseATimeZoneOffsetString('-08:00');
      assert.ok(result.ok && Object.is(result.value.minutes, 0));
    });

    it('"-00:00" parses but "-" is allowed only for a nonzero offset', () => {
      assertChecked(parseATimeZoneOffsetString('-00:00'), { hours: 0, minutes: 0 }, false, 0);
      assert.equal(isValidTimeZoneOffsetString('-0000'), false);
      assert.ok(isValidTimeZoneOffsetString('+0000'));
    });

    it('failures', () => {
      assertFails(parseATimeZoneOffsetString('+24:00'), 1);
      assertFails(parseATimeZoneOffsetString('+12:60'), 4);
      assertFails(parseATimeZoneOffsetString('+2400'), 1);
      assertFails(parseATimeZoneOffsetString('+05'), 3);
      assertFails(parseATimeZoneOffsetString('+5:30'), 1);
      assertFails(parseATimeZoneOffsetString('+05:3'), 4);
      assertFails(parseATimeZoneOffsetString('+053'), 1);
      assertFails(parseATimeZoneOffsetString('+05300'), 1);
      assertFails(parseATimeZoneOffsetString('z'), 0);
      assertFails(parseATimeZoneOffsetString('UTC'), 0);
      assertFails(parseATimeZoneOffsetString(''), 0);
      assertFails(parseATimeZoneOffsetString('Z '), 1);
    });
  });

  describe('global dates and times', () => {
    it('the spec examples', () => {
      // "Midnight in areas using London time on the birthday of Nero (the Roman Emperor)."
      assertChecked(
        parseAGlobalDateAndTimeString('0037-12-13 00:00Z'),
        {
          date: { year: 37, month: 12, day: 13 },
          time: { hour: 0, minute: 0, second: 0 },
          timezone: { hours: 0, minutes: 0 },
          epochMilliseconds: utc(37, 12, 13),
        },
        true,
      );
      // "One millisecond after noon on October 14th 1979, in the time zone in use on the east coast of the USA during
      // daylight saving time."
      assertChecked(
        parseAGlobalDateAndTimeString('1979-10-14T12:00:00.001-04:00'),
        {
          date: { year: 1979, month: 10, day: 14 },
          time: { hour: 12, minute: 0, second: 0.001 },
          timezone: { hours: -4, minutes: 0 },
          epochMilliseconds: utc(1979, 10, 14, 16, 0, 0, 1),
        },
        true,
      );
      // "Midnight UTC on the 1st of January, 8592. The time zone associated with that time is two hours and nine
      // minutes ahead of UTC".
      assertChecked(
        parseAGlobalDateAndTimeString('8592-01-01T02:09+02:09'),
        {
          date: { year: 8592, month: 1, day: 1 },
          time: { hour: 2, minute: 9, second: 0 },
          timezone: { hours: 2, minutes: 9 },
          epochMilliseconds: utc(8592, 1, 1),
        },
        true,
      );
      for (const s of ['0037-12-13 00:00Z', '1979-10-14T12:00:00.001-04:00', '8592-01-01T02:09+02:09']) {
        assert.ok(isValidGlobalDateAndTimeString(s), s);
      }
    });

    it('the spec notes: a single space only; years are zero-padded; time and offset are not optional', () => {
      assertFails(parseAGlobalDateAndTimeString('2001-12-21  12:00Z'), 11);
      assertFails(parseAGlobalDateAndTimeString('37-12-13 00:00Z'), 0);
      assertFails(parseAGlobalDateAndTimeString('2024-02-29T12:00'), 16);
      assertFails(parseAGlobalDateAndTimeString('2024-02-29Z'), 10);
    });

    it('the offset is subtracted across a day boundary', () => {
      const result = parseAGlobalDateAndTimeString('2024-03-01T01:30+05:45');
      assert.ok(result.ok);
      assert.equal(result.value.epochMilliseconds, utc(2024, 2, 29, 19, 45));
    });

    it('parses but is not valid: "-00:00" or a long fraction', () => {
      assert.ok(parseAGlobalDateAndTimeString('2024-02-29T12:00-00:00').ok);
      assert.equal(isValidGlobalDateAndTimeString('2024-02-29T12:00-00:00'), false);
      const long = parseAGlobalDateAndTimeString('2024-02-29T12:00:00.1234Z');
      assert.ok(long.ok && !long.valid);
    });
  });

  describe('weeks', () => {
    it('the week number of the last day', () => {
      assert.equal(weekNumberOfTheLastDay(2015), 53); // January 1st is a Thursday
      assert.equal(weekNumberOfTheLastDay(2026), 53); // Thursday
      assert.equal(weekNumberOfTheLastDay(2020), 53); // Wednesday, leap year
      assert.equal(weekNumberOfTheLastDay(1992), 53); // Wednesday, leap year
      assert.equal(weekNumberOfTheLastDay(2004), 53); // Thursday, leap year
      assert.equal(weekNumberOfTheLastDay(2014), 52); // Wednesday, not a leap year
      assert.equal(weekNumberOfTheLastDay(2021), 52); // Friday
      assert.equal(weekNumberOfTheLastDay(2024), 52); // Monday
      assert.equal(weekNumberOfTheLastDay(2000), 52); // Saturday
    });

    it('week 53 only in years that have one', () => {
      assertParses(parseAWeekString('2020-W53'), { year: 2020, week: 53 });
      assertParses(parseAWeekString('2015-W53'), { year: 2015, week: 53 });
      assert.ok(isValidWeekString('2026-W53'));
      assert.ok(isValidWeekString('1992-W53'));
      assertFails(parseAWeekString('2021-W53'), 6);
      assertFails(parseAWeekString('2024-W53'), 6);
      assertFails(parseAWeekString('2014-W53'), 6);
    });

    it('other weeks and failures', () => {
      assertParses(parseAWeekString('2024-W01'), { year: 2024, week: 1 });
      assertParses(parseAWeekString('2024-W52'), { year: 2024, week: 52 });
      assertFails(parseAWeekString('2024-W00'), 6);
      assertFails(parseAWeekString('2024-w01'), 5);
      assertFails(parseAWeekString('2024W01'), 4);
      assertFails(parseAWeekString('2024-W1'), 6);
      assertFails(parseAWeekString('2024-W011'), 6);
      assertFails(parseAWeekString('0000-W01'), 0);
      assertFails(parseAWeekString('999-W01'), 0);
      assertFails(parseAWeekString('2024-W01 '), 8);
    });
  });

  describe('durations', () => {
    it('the ISO 8601-like form and duration time components give the same seconds', () => {
      // 4 hours, 18 minutes and 3 seconds.
      assertChecked(parseADurationString('PT4H18M3S'), { seconds: 15483 }, true);
      assertChecked(parseADurationString('4h 18m 3s'), { seconds: 15483 }, true);
      assertChecked(parseADurationString('3s 4h 18m'), { seconds: 15483 }, true);
      assertChecked(parseADurationString('4H18M3S'), { seconds: 15483 }, true);
    });

    it('units', () => {
      assertChecked(parseADurationString('P1D'), { seconds: 86400 }, true);
      assertChecked(parseADurationString('PT36H'), { seconds: 129600 }, true);
      assertChecked(parseADurationString('1w'), { seconds: 604800 }, true);
      assertChecked(parseADurationString('1 h'), { seconds: 3600 }, true);
      assertChecked(parseADurationString(' 1h '), { seconds: 3600 }, true);
    });

    it('"M" is minutes after "T" or without "P", and months (an error) right after "P"', () => {
      assertChecked(parseADurationString('PT1M'), { seconds: 60 }, true);
      assertChecked(parseADurationString('1M'), { seconds: 60 }, true);
      assertFails(parseADurationString('P1M'), 1);
      assertFails(parseADurationString('P1Y'), 1);
      assertFails(parseADurationString('P1Y2D'), 1);
      // After a day component the disambiguator is minutes again, even without "T".
      assertChecked(parseADurationString('P1D1M'), { seconds: 86460 }, false);
      // Zero months add nothing, so the duration parses.
      assertChecked(parseADurationString('P0M'), { seconds: 0 }, false);
    });

    it('durations with fractions (seconds only)', () => {
      assertChecked(parseADurationString('PT1.5S'), { seconds: 1.5 }, true);
      assertChecked(parseADurationString('1.5s'), { seconds: 1.5 }, true);
      assertChecked(parseADurationString('2.125 s'), { seconds: 2.125 }, true);
      assertChecked(parseADurationString('PT1.2345S'), { seconds: 1.2345 }, false);
      assertChecked(parseADurationString('.5s'), { seconds: 0.5 }, false, 0);
      assertFails(parseADurationString('1.5h'), 3);
      assertFails(parseADurationString('1.s'), 2);
      const mixed = parseADurationString('P1DT2H3M4.567S');
      assert.ok(mixed.ok && mixed.valid);
      assert.ok(Math.abs(mixed.value.seconds - 93784.567) < 1e-9);
    });

    it('accepted by the parser but not valid', () => {
      assertChecked(parseADurationString('P1W'), { seconds: 604800 }, false);
      assertChecked(parseADurationString('1d 1d'), { seconds: 172800 }, false, 3);
      assertChecked(parseADurationString('P1DT'), { seconds: 86400 }, false);
      assertChecked(parseADurationString('P 1D'), { seconds: 86400 }, false);
      assertChecked(parseADurationString(' P1D'), { seconds: 86400 }, false);
      assertChecked(parseADurationString('PT1H2H'), { seconds: 10800 }, false);
    });

    it('failures', () => {
      assertFails(parseADurationString(''), 0);
      assertFails(parseADurationString('   '), 3);
      assertFails(parseADurationString('P'), 1);
      assertFails(parseADurationString('PT'), 2);
      assertFails(parseADurationString('1'), 1);
      assertFails(parseADurationString('1x'), 1);
      assertFails(parseADurationString('1 '), 2);
      assertFails(parseADurationString('p1d'), 0);
      assertFails(parseADurationString('-1s'), 0);
    });

    it('validity', () => {
      assert.ok(isValidDurationString('PT4H18M3S'));
      assert.ok(isValidDurationString('P2DT1M'));
      assert.ok(isValidDurationString('PT0.001S'));
      assert.equal(isValidDurationString('PT4H18M3'), false);
      assert.equal(isValidDurationString('PT18M4H'), false);
      assert.equal(isValidDurationString('pt4h'), false);
      assert.equal(isValidDurationString('1.5m'), false);
      assert.equal(isValidDurationString('P'), false);
      assert.equal(isValidDurationString(''), false);
    });
  });

  describe('vaguer moments in time', () => {
    it('a date, a time, or a global date and time', () => {
      assertChecked(parseADateOrTimeString('2011-11-18'), { kind: 'date', date: { year: 2011, month: 11, day: 18 } }, true);
      assertChecked(parseADateOrTimeString('14:54'), { kind: 'time', time: { hour: 14, minute: 54, second: 0 } }, false, 0);
      assertChecked(
        parseADateOrTimeString('2011-11-18T14:54:39.929-06:00'),
        {
          kind: 'global-date-and-time',
          date: { year: 2011, month: 11, day: 18 },
          time: { hour: 14, minute: 54, second: 39.929 },
          timezone: { hours: -6, minutes: 0 },
          epochMilliseconds: utc(2011, 11, 18, 20, 54, 39, 929),
        },
        true,
      );
    });

    it('a date with a time needs an offset', () => {
      assertFails(parseADateOrTimeString('2011-11-18T14:54'), 16);
      assertFails(parseADateOrTimeString('2011-11-18 '), 11);
      assertFails(parseADateOrTimeString('14:54Z'), 5);
      assertFails(parseADateOrTimeString(''), 0);
    });

    it('validity: a valid date string or a valid global date and time string', () => {
      assert.ok(isValidDateStringWithOptionalTime('2011-11-18'));
      assert.ok(isValidDateStringWithOptionalTime('2011-11-18 14:54Z'));
      assert.equal(isValidDateStringWithOptionalTime('14:54'), false);
      assert.equal(isValidDateStringWithOptionalTime('2011-11-18T14:54-00:00'), false);
    });
  });
});
