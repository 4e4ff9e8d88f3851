/**
 * Unit tests for the common microsyntaxes.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html
 *
 * Every expected value below was worked out by hand from the spec's steps and
 * definitions (the examples quoted from the spec say so), not recorded from a run.
 * Moments in time are checked against JavaScript's own Date arithmetic.
 */
import { strict as assert } from 'node:assert';
import {
  CheckedParseResult,
  EnumeratedAttribute,
  ParseResult,
  bestRepresentationOfTheNumberAsAFloatingPointNumber,
  booleanAttributeValue,
  canonicalKeyword,
  checkBooleanAttributeValue,
  checkEnumeratedAttributeValue,
  checkSetOfCommaSeparatedTokens,
  checkSetOfSpaceSeparatedTokens,
  checkValidFloatingPointNumber,
  checkValidHashNameReference,
  checkValidInteger,
  checkValidNormalizedLocalDateAndTimeString,
  determineTheStateOfAnAttribute,
  hashNameReferenceName,
  isConformingEnumeratedAttributeValue,
  isOrderedSetOfUniqueSpaceSeparatedTokens,
  isUnorderedSetOfUniqueSpaceSeparatedTokens,
  isValidBooleanAttributeValue,
  isValidDateString,
  isValidDateStringWithOptionalTime,
  isValidDurationString,
  isValidFloatingPointNumber,
  isValidGlobalDateAndTimeString,
  isValidHashNameReference,
  isValidInteger,
  isValidListOfFloatingPointNumbers,
  isValidLocalDateAndTimeString,
  isValidLowercaseSimpleColor,
  isValidMonthString,
  isValidNonNegativeInteger,
  isValidNormalizedLocalDateAndTimeString,
  isValidSimpleColor,
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
  parseAHashNameReference,
  parseAListOfDimensions,
  parseAListOfFloatingPointNumbers,
  parseALegacyColorValue,
  parseALocalDateAndTimeString,
  parseAMonthString,
  parseATimeString,
  parseATimeZoneOffsetString,
  parseAWeekString,
  parseAYearlessDateString,
  parseDimensionValue,
  parseFloatingPointNumberValue,
  parseInteger,
  parseNonNegativeInteger,
  parseNonzeroDimensionValue,
  parseSimpleColorValue,
  serializeSimpleColorValue,
  splitOnAsciiWhitespace,
  splitOnCommas,
  tokensOfASetOfCommaSeparatedTokens,
  tokensOfASetOfSpaceSeparatedTokens,
  weekNumberOfTheLastDay,
} from '../out/microsyntaxes/index';
import { checkAttributes, parse } from '../out/index';

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/** Asserts a checked parse succeeded with `value`, and whether the input was valid. */
function assertChecked<T>(result: CheckedParseResult<T>, value: T, valid: boolean, invalidAt?: number): void {
  assert.ok(result.ok, `expected success, got ${JSON.stringify(result)}`);
  assert.deepEqual(result.value, value);
  assert.equal(result.valid, valid, `valid: ${JSON.stringify(result)}`);
  if (valid) {
    assert.equal(result.invalid, null);
  } else {
    assert.ok(result.invalid, 'an invalid result says where and why');
    assert.equal(typeof result.invalid.reason, 'string');
    assert.ok(result.invalid.reason.length > 0);
    if (invalidAt !== undefined) assert.equal(result.invalid.position, invalidAt, JSON.stringify(result.invalid));
  }
}

/** Asserts a parse failed, optionally at `position`. */
function assertFails(result: ParseResult<unknown> | CheckedParseResult<unknown>, position?: number): void {
  assert.equal(result.ok, false, `expected failure, got ${JSON.stringify(result)}`);
  if (result.ok) return;
  assert.equal(typeof result.reason, 'string');
  assert.ok(result.reason.length > 0);
  if (position !== undefined) assert.equal(result.position, position, JSON.stringify(result));
}

/** Asserts a parse with no validity notion succeeded with `value`. */
function assertParses<T>(result: ParseResult<T>, value: T): void {
  assert.ok(result.ok, `expected success, got ${JSON.stringify(result)}`);
  assert.deepEqual(result.value, value);
}

/** Milliseconds since the epoch for a proleptic-Gregorian UTC moment, computed by Date (which handles years < 100). */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}

// ---------------------------------------------------------------------------
// Boolean attributes
// ---------------------------------------------------------------------------

describe('microsyntaxes: boolean attributes', () => {
  it('presence is true, absence is false (even for the value "false")', () => {
    assert.equal(booleanAttributeValue(null), false);
    assert.equal(booleanAttributeValue(''), true);
    assert.equal(booleanAttributeValue('checked'), true);
    assert.equal(booleanAttributeValue('false'), true);
  });

  it('the spec example: checked, checked=checked and checked="" are equivalent and valid', () => {
    assert.ok(isValidBooleanAttributeValue('', 'checked'));
    assert.ok(isValidBooleanAttributeValue('checked', 'checked'));
    assert.ok(isValidBooleanAttributeValue('', 'disabled'));
    assert.ok(isValidBooleanAttributeValue('disabled', 'disabled'));
  });

  it('matches the canonical name ASCII case-insensitively', () => {
    assert.ok(isValidBooleanAttributeValue('CHECKED', 'checked'));
    assert.ok(isValidBooleanAttributeValue('Disabled', 'disabled'));
  });

  it('rejects "true", "false", other names and surrounding whitespace', () => {
    assert.equal(isValidBooleanAttributeValue('true', 'checked'), false);
    assert.equal(isValidBooleanAttributeValue('false', 'checked'), false);
    assert.equal(isValidBooleanAttributeValue('disabled', 'checked'), false);
    assert.equal(checkBooleanAttributeValue(' checked', 'checked')?.position, 0);
    assert.equal(checkBooleanAttributeValue('checked ', 'checked')?.position, 7);
  });
});

// ---------------------------------------------------------------------------
// Keywords and enumerated attributes
// ---------------------------------------------------------------------------

describe('microsyntaxes: keywords and enumerated attributes', () => {
  type Cors = 'no-cors' | 'anonymous' | 'use-credentials';
  const crossorigin: EnumeratedAttribute<Cors> = {
    keywords: [
      { keyword: 'anonymous', state: 'anonymous' },
      { keyword: '', state: 'anonymous' },
      { keyword: 'use-credentials', state: 'use-credentials' },
    ],
    missingValueDefault: 'no-cors',
    invalidValueDefault: 'anonymous',
  };

  it('a missing attribute takes the missing value default', () => {
    assert.equal(determineTheStateOfAnAttribute(crossorigin, null), 'no-cors');
  });

  it('keywords match ASCII case-insensitively; the empty string can be a keyword', () => {
    assert.equal(determineTheStateOfAnAttribute(crossorigin, 'anonymous'), 'anonymous');
    assert.equal(determineTheStateOfAnAttribute(crossorigin, 'ANONYMOUS'), 'anonymous');
    assert.equal(determineTheStateOfAnAttribute(crossorigin, 'Use-Credentials'), 'use-credentials');
    assert.equal(determineTheStateOfAnAttribute(crossorigin, ''), 'anonymous');
  });

  it('anything else takes the invalid value default, including surrounding whitespace', () => {
    assert.equal(determineTheStateOfAnAttribute(crossorigin, 'foo'), 'anonymous');
    assert.equal(determineTheStateOfAnAttribute(crossorigin, ' use-credentials'), 'anonymous');
  });

  it('the missing value default applies only when missing, not to the empty string', () => {
    const attr: EnumeratedAttribute<string> = {
      keywords: [{ keyword: 'on', state: 'On' }],
      missingValueDefault: 'Missing',
      invalidValueDefault: 'Invalid',
    };
    assert.equal(determineTheStateOfAnAttribute(attr, ''), 'Invalid');
    assert.equal(determineTheStateOfAnAttribute(attr, null), 'Missing');
  });

  it('no default gives no state', () => {
    const attr: EnumeratedAttribute<string> = { keywords: [{ keyword: 'on', state: 'On' }] };
    assert.equal(determineTheStateOfAnAttribute(attr, null), null);
    assert.equal(determineTheStateOfAnAttribute(attr, 'off'), null);
  });

  it('an empty value default (living standard) applies to the empty string only', () => {
    const attr: EnumeratedAttribute<string> = {
      keywords: [
        { keyword: 'true', state: 'True' },
        { keyword: 'false', state: 'False' },
      ],
      emptyValueDefault: 'True',
      invalidValueDefault: 'Inherit',
    };
    assert.equal(determineTheStateOfAnAttribute(attr, ''), 'True');
    assert.equal(determineTheStateOfAnAttribute(attr, 'x'), 'Inherit');
    assert.ok(isConformingEnumeratedAttributeValue(attr, ''));
  });

  it('authoring conformance: a conforming keyword with no surrounding whitespace', () => {
    assert.ok(isConformingEnumeratedAttributeValue(crossorigin, 'USE-CREDENTIALS'));
    assert.ok(isConformingEnumeratedAttributeValue(crossorigin, ''));
    assert.equal(isConformingEnumeratedAttributeValue(crossorigin, 'foo'), false);
    assert.equal(checkEnumeratedAttributeValue(crossorigin, 'anonymous ')?.position, 9);
    const withObsolete: EnumeratedAttribute<string> = {
      keywords: [
        { keyword: 'yes', state: 'Yes' },
        { keyword: 'true', state: 'Yes', conforming: false },
      ],
    };
    assert.equal(determineTheStateOfAnAttribute(withObsolete, 'true'), 'Yes');
    assert.equal(isConformingEnumeratedAttributeValue(withObsolete, 'true'), false);
  });

  it('canonical keywords', () => {
    assert.equal(canonicalKeyword(crossorigin, 'use-credentials'), 'use-credentials');
    // Two conforming keywords, one of them the empty string.
    assert.equal(canonicalKeyword(crossorigin, 'anonymous'), 'anonymous');
    // No keyword maps to the missing value default's state.
    assert.equal(canonicalKeyword(crossorigin, 'no-cors'), null);
    const attr: EnumeratedAttribute<string> = {
      keywords: [
        { keyword: 'yes', state: 'Yes' },
        { keyword: 'true', state: 'Yes', conforming: false },
        { keyword: 'a', state: 'AB' },
        { keyword: 'b', state: 'AB' },
      ],
      canonicalKeywords: new Map([['AB', 'b']]),
    };
    assert.equal(canonicalKeyword(attr, 'Yes'), 'yes');
    assert.equal(canonicalKeyword(attr, 'AB'), 'b');
  });
});

// ---------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------

describe('microsyntaxes: signed integers', () => {
  it('valid integers', () => {
    for (const s of ['0', '42', '-42', '-0', '007', '12345678901234567890']) assert.ok(isValidInteger(s), s);
    for (const s of ['', '-', '+1', ' 1', '1 ', '1.0', '1e3', '--1', '\u00a01', '\uff11']) {
      assert.equal(isValidInteger(s), false, JSON.stringify(s));
    }
  });

  it('parses valid integers', () => {
    assertChecked(parseInteger('0'), 0, true);
    assertChecked(parseInteger('42'), 42, true);
    assertChecked(parseInteger('-42'), -42, true);
    assertChecked(parseInteger('007'), 7, true);
  });

  it('"-0" is zero subtracted from zero: +0', () => {
    const result = parseInteger('-0');
    assertChecked(result, 0, true);
    assert.ok(result.ok && Object.is(result.value, 0));
  });

  it('skips leading ASCII whitespace, but then the string is not valid', () => {
    assertChecked(parseInteger('  7'), 7, false, 0);
    assertChecked(parseInteger('\t\n\f\r 7'), 7, false, 0);
    assertFails(parseInteger('\u00a07'), 0);
  });

  it('ignores a "+", which is not conforming', () => {
    assertChecked(parseInteger('+1'), 1, false, 0);
    assertChecked(parseInteger(' +1'), 1, false, 0);
  });

  it('stops at the first non-digit: "3x" is 3, not a valid integer', () => {
    assertChecked(parseInteger('3x'), 3, false, 1);
    assertChecked(parseInteger('1e3'), 1, false, 1);
    assertChecked(parseInteger('1.9'), 1, false, 1);
    assertChecked(parseInteger('-12 '), -12, false, 3);
  });

  it('errors', () => {
    assertFails(parseInteger(''), 0);
    assertFails(parseInteger('   '), 3);
    assertFails(parseInteger('-'), 1);
    assertFails(parseInteger('+'), 1);
    assertFails(parseInteger('x'), 0);
    assertFails(parseInteger('- 1'), 1);
    assertFails(parseInteger('+-1'), 1);
    assertFails(parseInteger('.5'), 0);
  });

  it('reports where a string stops being a valid integer', () => {
    assert.equal(checkValidInteger('12a')?.position, 2);
    assert.equal(checkValidInteger('')?.position, 0);
    assert.equal(checkValidInteger('-')?.position, 1);
    assert.equal(checkValidInteger('42'), null);
  });
});

describe('microsyntaxes: non-negative integers', () => {
  it('valid non-negative integers', () => {
    assert.ok(isValidNonNegativeInteger('0'));
    assert.ok(isValidNonNegativeInteger('120'));
    assert.equal(isValidNonNegativeInteger('-0'), false);
    assert.equal(isValidNonNegativeInteger('-1'), false);
    assert.equal(isValidNonNegativeInteger('+1'), false);
    assert.equal(isValidNonNegativeInteger(''), false);
  });

  it('parses', () => {
    assertChecked(parseNonNegativeInteger('5'), 5, true);
    assertChecked(parseNonNegativeInteger(' 5'), 5, false, 0);
    assertChecked(parseNonNegativeInteger('+5'), 5, false, 0);
    assertChecked(parseNonNegativeInteger('5px'), 5, false, 1);
  });

  it('"-0" parses to 0 (it is not less than zero) but is not valid', () => {
    assertChecked(parseNonNegativeInteger('-0'), 0, false, 0);
  });

  it('negative values are an error', () => {
    assertFails(parseNonNegativeInteger('-5'), 0);
    assertFails(parseNonNegativeInteger('  -1'), 2);
    assertFails(parseNonNegativeInteger(''), 0);
  });
});

describe('microsyntaxes: floating-point numbers', () => {
  it('valid floating-point numbers', () => {
    for (const s of ['1', '-1', '1.5', '.5', '-.5', '0.5', '1e3', '1E-3', '1.5e+10', '-0', '007.100', '1e0']) {
      assert.ok(isValidFloatingPointNumber(s), s);
    }
    for (const s of ['', '+1', '1.', '.', '-', '1e', '1e+', ' 1', '1 ', 'Infinity', 'NaN', '0x10', '1,5', '1e400', '1.5.5', '--1']) {
      assert.equal(isValidFloatingPointNumber(s), false, JSON.stringify(s));
    }
  });

  it('parses valid numbers', () => {
    assertChecked(parseFloatingPointNumberValue('1'), 1, true);
    assertChecked(parseFloatingPointNumberValue('1e3'), 1000, true);
    assertChecked(parseFloatingPointNumberValue('1E3'), 1000, true);
    assertChecked(parseFloatingPointNumberValue('1e+3'), 1000, true);
    assertChecked(parseFloatingPointNumberValue('1e-3'), 0.001, true);
    assertChecked(parseFloatingPointNumberValue('.5'), 0.5, true);
    assertChecked(parseFloatingPointNumberValue('-.5'), -0.5, true);
    assertChecked(parseFloatingPointNumberValue('-1.25e2'), -125, true);
    assertChecked(parseFloatingPointNumberValue('0.1'), 0.1, true);
    assertChecked(parseFloatingPointNumberValue('0.123456789'), 0.123456789, true);
    assertChecked(parseFloatingPointNumberValue('1e308'), 1e308, true);
  });

  it('-0 is not in S: "-0" and "-0.0" give +0', () => {
    for (const s of ['-0', '-0.0', '-0e5']) {
      const result = parseFloatingPointNumberValue(s);
      assertChecked(result, 0, true);
      assert.ok(result.ok && Object.is(result.value, 0), s);
    }
  });

  it('a "+" and leading whitespace are accepted but not conforming', () => {
    assertChecked(parseFloatingPointNumberValue('+1'), 1, false, 0);
    assertChecked(parseFloatingPointNumberValue(' 1.5'), 1.5, false, 0);
    assertChecked(parseFloatingPointNumberValue('\n-2'), -2, false, 0);
  });

  it('stops reading where the steps stop', () => {
    // Step 13.2: "." not followed by a digit or "e" jumps to conversion.
    assertChecked(parseFloatingPointNumberValue('1.'), 1, false, 2);
    assertChecked(parseFloatingPointNumberValue('1.x'), 1, false, 2);
    // Step 13.3: "." followed by "e" goes on to the exponent.
    assertChecked(parseFloatingPointNumberValue('1.e3'), 1000, false, 2);
    // Step 14: an "e" with no digits leaves value unscaled.
    assertChecked(parseFloatingPointNumberValue('1e'), 1, false, 2);
    assertChecked(parseFloatingPointNumberValue('1e-'), 1, false, 3);
    assertChecked(parseFloatingPointNumberValue('1ex'), 1, false, 2);
    assertChecked(parseFloatingPointNumberValue('2e+x'), 2, false, 3);
    assertChecked(parseFloatingPointNumberValue('1.5.5'), 1.5, false, 3);
    assertChecked(parseFloatingPointNumberValue('3px'), 3, false, 1);
    assertChecked(parseFloatingPointNumberValue('1 '), 1, false, 1);
  });

  it('errors', () => {
    assertFails(parseFloatingPointNumberValue(''), 0);
    assertFails(parseFloatingPointNumberValue('  '), 2);
    assertFails(parseFloatingPointNumberValue('.'), 0);
    assertFails(parseFloatingPointNumberValue('-'), 1);
    assertFails(parseFloatingPointNumberValue('+'), 1);
    assertFails(parseFloatingPointNumberValue('.e1'), 0);
    assertFails(parseFloatingPointNumberValue('e1'), 0);
    assertFails(parseFloatingPointNumberValue('Infinity'), 0);
    assertFails(parseFloatingPointNumberValue('NaN'), 0);
    assertFails(parseFloatingPointNumberValue('-x'), 1);
  });

  it('rounds to nearest, ties to even (step 16)', () => {
    // 2^53 + 1 lies halfway between 2^53 and 2^53 + 2; 2^53 has the even significand.
    assertChecked(parseFloatingPointNumberValue('9007199254740993'), 9007199254740992, true);
    // Just below the midpoint between the largest double and 2^1024: rounds to the largest double.
    assertChecked(parseFloatingPointNumberValue('1.7976931348623158e308'), Number.MAX_VALUE, true);
  });

  it('values that round to ±2^1024 are an error (step 17); tiny values round to +0', () => {
    assertFails(parseFloatingPointNumberValue('1.7976931348623159e308'));
    assertFails(parseFloatingPointNumberValue('1e309'));
    assertFails(parseFloatingPointNumberValue('-1e309'));
    assertFails(parseFloatingPointNumberValue('1' + '0'.repeat(400)));
    const tiny = parseFloatingPointNumberValue('-1e-400');
    assertChecked(tiny, 0, true);
    assert.ok(tiny.ok && Object.is(tiny.value, 0));
  });

  it('reports where a string stops being a valid floating-point number', () => {
    assert.equal(checkValidFloatingPointNumber('1.')?.position, 2);
    assert.equal(checkValidFloatingPointNumber('1e+')?.position, 3);
    assert.equal(checkValidFloatingPointNumber('+1')?.position, 0);
    assert.equal(checkValidFloatingPointNumber('12x')?.position, 2);
    assert.equal(checkValidFloatingPointNumber('-1.5e-7'), null);
  });

  it('the best representation is ToString(n)', () => {
    assert.equal(bestRepresentationOfTheNumberAsAFloatingPointNumber(1), '1');
    assert.equal(bestRepresentationOfTheNumberAsAFloatingPointNumber(0.5), '0.5');
    assert.equal(bestRepresentationOfTheNumberAsAFloatingPointNumber(-0), '0');
    assert.equal(bestRepresentationOfTheNumberAsAFloatingPointNumber(1e21), '1e+21');
    assert.equal(bestRepresentationOfTheNumberAsAFloatingPointNumber(-1.5), '-1.5');
  });
});

describe('microsyntaxes: dimension values', () => {
  it('lengths and percentages', () => {
    assertParses(parseDimensionValue('100'), { value: 100, kind: 'length' });
    assertParses(parseDimensionValue('50%'), { value: 50, kind: 'percentage' });
    assertParses(parseDimensionValue('  50%'), { value: 50, kind: 'percentage' });
    assertParses(parseDimensionValue('50.5%'), { value: 50.5, kind: 'percentage' });
    assertParses(parseDimensionValue('50.5'), { value: 50.5, kind: 'length' });
    assertParses(parseDimensionValue('50.5px'), { value: 50.5, kind: 'length' });
    assertParses(parseDimensionValue('0'), { value: 0, kind: 'length' });
    assertParses(parseDimensionValue('007'), { value: 7, kind: 'length' });
  });

  it('a trailing "." before "%" still gives a percentage (step 7.2)', () => {
    assertParses(parseDimensionValue('50.%'), { value: 50, kind: 'percentage' });
    assertParses(parseDimensionValue('50.'), { value: 50, kind: 'length' });
    assertParses(parseDimensionValue('5.x%'), { value: 5, kind: 'length' });
  });

  it('only a "%" immediately after the number makes a percentage', () => {
    assertParses(parseDimensionValue('50 %'), { value: 50, kind: 'length' });
  });

  it('failures: no leading digit', () => {
    assertFails(parseDimensionValue(''), 0);
    assertFails(parseDimensionValue('  '), 2);
    assertFails(parseDimensionValue('.5'), 0);
    assertFails(parseDimensionValue('+5'), 0);
    assertFails(parseDimensionValue('-5'), 0);
    assertFails(parseDimensionValue(' x'), 1);
  });

  it('nonzero dimension values', () => {
    assertParses(parseNonzeroDimensionValue('0.5'), { value: 0.5, kind: 'length' });
    assertParses(parseNonzeroDimensionValue('10%'), { value: 10, kind: 'percentage' });
    assertFails(parseNonzeroDimensionValue('0'), 0);
    assertFails(parseNonzeroDimensionValue(' 0%'), 1);
    assertFails(parseNonzeroDimensionValue('0.0'), 0);
    assertFails(parseNonzeroDimensionValue('x'), 0);
  });
});

describe('microsyntaxes: lists of floating-point numbers', () => {
  it('valid lists: numbers separated by commas and nothing else', () => {
    assert.ok(isValidListOfFloatingPointNumbers('1,2,3'));
    assert.ok(isValidListOfFloatingPointNumbers('1e3,.5,-2'));
    assert.ok(isValidListOfFloatingPointNumbers('7'));
    assert.equal(isValidListOfFloatingPointNumbers('1, 2'), false);
    assert.equal(isValidListOfFloatingPointNumbers('1;2'), false);
    assert.equal(isValidListOfFloatingPointNumbers('1,,2'), false);
    assert.equal(isValidListOfFloatingPointNumbers('1,'), false);
    assert.equal(isValidListOfFloatingPointNumbers(' 1'), false);
    assert.equal(isValidListOfFloatingPointNumbers(''), false);
  });

  it('parses', () => {
    assertChecked(parseAListOfFloatingPointNumbers('1,2,3'), [1, 2, 3], true);
    assertChecked(parseAListOfFloatingPointNumbers('1e3,.5,-2'), [1000, 0.5, -2], true);
    assertChecked(parseAListOfFloatingPointNumbers('1, 2'), [1, 2], false, 2);
    assertChecked(parseAListOfFloatingPointNumbers('1;2 3'), [1, 2, 3], false, 1);
    assertChecked(parseAListOfFloatingPointNumbers(',,1,,'), [1], false, 0);
  });

  it('skips leading garbage; a number that fails to parse is zero', () => {
    assertChecked(parseAListOfFloatingPointNumbers('a1'), [1], false);
    assertChecked(parseAListOfFloatingPointNumbers('x'), [0], false);
    assertChecked(parseAListOfFloatingPointNumbers('1-2'), [1], false);
    assertChecked(parseAListOfFloatingPointNumbers('1,-,3'), [1, 0, 3], false);
    assertChecked(parseAListOfFloatingPointNumbers('10px,20px'), [10, 20], false);
  });

  it('the empty string is the empty list', () => {
    assertChecked(parseAListOfFloatingPointNumbers(''), [], false);
    assertChecked(parseAListOfFloatingPointNumbers(' ,; '), [], false);
  });
});

describe('microsyntaxes: lists of dimensions', () => {
  it('relative, percentage and absolute', () => {
    assertParses(parseAListOfDimensions('1*, 2*, 50%, 100'), [
      { value: 1, unit: 'relative' },
      { value: 2, unit: 'relative' },
      { value: 50, unit: 'percentage' },
      { value: 100, unit: 'absolute' },
    ]);
  });

  it('an empty token is relative 0; a lone "*" too', () => {
    assertParses(parseAListOfDimensions('*'), [{ value: 0, unit: 'relative' }]);
    assertParses(parseAListOfDimensions(',10'), [
      { value: 0, unit: 'relative' },
      { value: 10, unit: 'absolute' },
    ]);
  });

  it('one trailing comma is removed', () => {
    assertParses(parseAListOfDimensions(''), []);
    assertParses(parseAListOfDimensions(','), []);
    assertParses(parseAListOfDimensions('10,'), [{ value: 10, unit: 'absolute' }]);
  });

  it('whitespace around tokens and before the unit is skipped', () => {
    assertParses(parseAListOfDimensions(' 30 '), [{ value: 30, unit: 'absolute' }]);
    assertParses(parseAListOfDimensions('20 %'), [{ value: 20, unit: 'percentage' }]);
  });

  it('fractions (with the "." skipped, see the DEVIATION in dimensions.ts)', () => {
    assertParses(parseAListOfDimensions('50.5%'), [{ value: 50.5, unit: 'percentage' }]);
    assertParses(parseAListOfDimensions('1. 5*'), [{ value: 1.5, unit: 'relative' }]);
    assertParses(parseAListOfDimensions('.25*'), [{ value: 0.25, unit: 'relative' }]);
  });

  it('garbage is absolute 0', () => {
    assertParses(parseAListOfDimensions('abc'), [{ value: 0, unit: 'absolute' }]);
  });
});

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

// ---------------------------------------------------------------------------
// Colors
// ---------------------------------------------------------------------------

describe('microsyntaxes: colors', () => {
  it('simple colors', () => {
    assertParses(parseSimpleColorValue('#ff8000'), { red: 255, green: 128, blue: 0 });
    assertParses(parseSimpleColorValue('#FF8000'), { red: 255, green: 128, blue: 0 });
    assertFails(parseSimpleColorValue('#ff800'), 0);
    assertFails(parseSimpleColorValue('ff8000a'), 0);
    assertFails(parseSimpleColorValue('#ff80g0'), 5);
    assert.ok(isValidSimpleColor('#FF8000'));
    assert.ok(isValidLowercaseSimpleColor('#ff8000'));
    assert.equal(isValidLowercaseSimpleColor('#FF8000'), false);
    assert.equal(isValidSimpleColor('red'), false);
  });

  it('serializes simple colors with lowercase, zero-padded hex digits', () => {
    assert.equal(serializeSimpleColorValue({ red: 255, green: 128, blue: 0 }), '#ff8000');
    assert.equal(serializeSimpleColorValue({ red: 0, green: 10, blue: 1 }), '#000a01');
  });

  it('legacy colors: failures', () => {
    assertFails(parseALegacyColorValue(''));
    assertFails(parseALegacyColorValue('transparent'));
    assertFails(parseALegacyColorValue(' TransParent '));
  });

  it('legacy colors: named colors, ASCII case-insensitively, after stripping whitespace', () => {
    assertParses(parseALegacyColorValue('red'), { red: 255, green: 0, blue: 0 });
    assertParses(parseALegacyColorValue(' RED\n'), { red: 255, green: 0, blue: 0 });
    assertParses(parseALegacyColorValue('rebeccapurple'), { red: 0x66, green: 0x33, blue: 0x99 });
    assertParses(parseALegacyColorValue('LightGoldenrodYellow'), { red: 0xfa, green: 0xfa, blue: 0xd2 });
  });

  it('legacy colors: "#rgb" multiplies each digit by 17', () => {
    assertParses(parseALegacyColorValue('#fff'), { red: 255, green: 255, blue: 255 });
    assertParses(parseALegacyColorValue('#F0a'), { red: 255, green: 0, blue: 170 });
  });

  it('legacy colors: everything else is read as hex digits', () => {
    // Three characters without "#": components of length 1.
    assertParses(parseALegacyColorValue('fff'), { red: 15, green: 15, blue: 15 });
    assertParses(parseALegacyColorValue('#ff0000'), { red: 255, green: 0, blue: 0 });
    // "c00c0000000" -> padded to 12 -> "c00c", "0000", "0000" -> first two digits.
    assertParses(parseALegacyColorValue('chucknorris'), { red: 0xc0, green: 0, blue: 0 });
    // "1234567890" -> "123456789000" -> "1234", "5678", "9000" -> "12", "56", "90".
    assertParses(parseALegacyColorValue('#1234567890'), { red: 0x12, green: 0x56, blue: 0x90 });
    // Step 13: leading zeros common to all three components are dropped first.
    assertParses(parseALegacyColorValue('000100020003'), { red: 1, green: 2, blue: 3 });
    // Step 12: components longer than 8 keep their last 8 characters.
    assertParses(parseALegacyColorValue('110000000022000000003300000000'), { red: 0, green: 0, blue: 0 });
    // Whitespace only: stripped to the empty string, then padded to "000".
    assertParses(parseALegacyColorValue(' '), { red: 0, green: 0, blue: 0 });
  });

  it('legacy colors: code points above U+FFFF become "00"', () => {
    // "#😀" is four code units but two code points, so step 5 does not apply; step 6 gives "#00".
    assertParses(parseALegacyColorValue('#\u{1F600}'), { red: 0, green: 0, blue: 0 });
    // "a😀bcd" -> "a00bcd" -> "a0", "0b", "cd".
    assertParses(parseALegacyColorValue('a\u{1F600}bcd'), { red: 0xa0, green: 0x0b, blue: 0xcd });
  });
});

// ---------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------

describe('microsyntaxes: space-separated tokens', () => {
  it('splits on ASCII whitespace, with leading and trailing whitespace allowed', () => {
    assert.deepEqual(splitOnAsciiWhitespace('  a\tb\n\nc\f\r '), ['a', 'b', 'c']);
    assert.deepEqual(splitOnAsciiWhitespace(''), []);
    assert.deepEqual(splitOnAsciiWhitespace(' \u00a0 '), ['\u00a0']);
    assert.deepEqual(tokensOfASetOfSpaceSeparatedTokens(' a  bc'), [
      { value: 'a', start: 1 },
      { value: 'bc', start: 4 },
    ]);
  });

  it('unique sets: comparison is per set', () => {
    assert.ok(isUnorderedSetOfUniqueSpaceSeparatedTokens('a b c'));
    assert.equal(isUnorderedSetOfUniqueSpaceSeparatedTokens('a b a'), false);
    assert.ok(isUnorderedSetOfUniqueSpaceSeparatedTokens('a A'));
    assert.equal(isUnorderedSetOfUniqueSpaceSeparatedTokens('a A', 'ascii-case-insensitive'), false);
    assert.equal(isOrderedSetOfUniqueSpaceSeparatedTokens('x y x'), false);
    assert.equal(checkSetOfSpaceSeparatedTokens('a b a', { unique: true })?.position, 4);
  });

  it('allowed values', () => {
    assert.equal(checkSetOfSpaceSeparatedTokens('foo bar', { allowedValues: ['foo'] })?.position, 4);
    assert.equal(checkSetOfSpaceSeparatedTokens('FOO', { allowedValues: ['foo'], comparison: 'ascii-case-insensitive' }), null);
    assert.equal(checkSetOfSpaceSeparatedTokens('anything goes'), null);
  });
});

describe('microsyntaxes: comma-separated tokens', () => {
  it('the spec example: " a ,b,,d d " is "a", "b", the empty string and "d d"', () => {
    assert.deepEqual(splitOnCommas(' a ,b,,d d '), ['a', 'b', '', 'd d']);
    assert.deepEqual(
      tokensOfASetOfCommaSeparatedTokens(' a ,b,,d d ').map((t) => t.value),
      ['a', 'b', '', 'd d'],
    );
    assert.deepEqual(tokensOfASetOfCommaSeparatedTokens(' a ,b,,d d ').map((t) => t.start), [1, 4, 6, 7]);
  });

  it('Infra drops a token after a final comma; the set definition does not', () => {
    assert.deepEqual(splitOnCommas('a,'), ['a']);
    assert.deepEqual(splitOnCommas(''), []);
    assert.deepEqual(
      tokensOfASetOfCommaSeparatedTokens('a,').map((t) => t.value),
      ['a', ''],
    );
    assert.deepEqual(tokensOfASetOfCommaSeparatedTokens('  '), []);
  });

  it('restrictions', () => {
    const nonEmpty = (t: string): string | null => (t === '' ? 'empty token' : null);
    assert.equal(checkSetOfCommaSeparatedTokens('a,,b', nonEmpty)?.position, 2);
    assert.equal(checkSetOfCommaSeparatedTokens('a, b', nonEmpty), null);
    assert.equal(checkSetOfCommaSeparatedTokens(',,'), null);
  });
});

// ---------------------------------------------------------------------------
// References
// ---------------------------------------------------------------------------

describe('microsyntaxes: hash-name references', () => {
  interface FakeElement {
    id: string | null;
    name: string | null;
  }
  const get = (e: FakeElement, attribute: 'id' | 'name'): string | null => e[attribute];
  const byId: FakeElement = { id: 'm', name: null };
  const byName: FakeElement = { id: null, name: 'm' };
  const other: FakeElement = { id: 'a', name: 'b' };

  it('the name after the first "#"', () => {
    assertParses(hashNameReferenceName('#map'), 'map');
    assertParses(hashNameReferenceName('page.html#map'), 'map');
    assertParses(hashNameReferenceName('##x'), '#x');
    assertFails(hashNameReferenceName('map'), 0);
    assertFails(hashNameReferenceName('map#'), 3);
  });

  it('returns the first element in tree order with a matching id or name', () => {
    assert.equal(parseAHashNameReference('#m', [other, byId, byName], get), byId);
    assert.equal(parseAHashNameReference('#m', [byName, byId], get), byName);
    assert.equal(parseAHashNameReference('#b', [other], get), other);
    assert.equal(parseAHashNameReference('#zz', [other, byId], get), null);
    assert.equal(parseAHashNameReference('m', [byId], get), null);
    assert.equal(parseAHashNameReference('#', [byId], get), null);
  });

  it('a valid reference matches a name attribute; an id match is a conformance error', () => {
    assert.ok(isValidHashNameReference('#m', [byName], get));
    assert.equal(isValidHashNameReference('#m', [byId], get), false);
    assert.equal(checkValidHashNameReference('#m', [byId], get)?.position, 1);
    assert.equal(isValidHashNameReference('m', [byName], get), false);
    assert.equal(isValidHashNameReference('x#m', [byName], get), false);
  });
});

// ---------------------------------------------------------------------------
// The seed's markup examples, and boundary cases the steps imply
// ---------------------------------------------------------------------------

describe('microsyntaxes: the boolean attribute examples as markup, and more boundary cases', () => {
  it('the three checkbox examples are equivalent: checked and disabled present, all valid', () => {
    const examples = [
      '<label><input type=checkbox checked name=cheese disabled> Cheese</label>',
      '<label><input type=checkbox checked=checked name=cheese disabled=disabled> Cheese</label>',
      "<label><input type='checkbox' checked name=cheese disabled=\"\"> Cheese</label>",
    ];
    for (const html of examples) {
      const { document } = parse(html);
      const stack = [...document.children];
      let input: { attributes: { name: string; value: string }[] } | null = null;
      while (stack.length > 0 && input === null) {
        const node = stack.pop()!;
        if (node.kind !== 'element') continue;
        if (node.name === 'input') input = node;
        stack.push(...node.children);
      }
      assert.ok(input, html);
      const value = (name: string) => input!.attributes.find((a) => a.name === name)?.value ?? null;
      assert.equal(booleanAttributeValue(value('checked')), true, html);
      assert.equal(booleanAttributeValue(value('disabled')), true, html);
      assert.equal(booleanAttributeValue(value('required')), false, html);
      assert.ok(isValidBooleanAttributeValue(value('checked')!, 'checked'), html);
      assert.deepEqual(checkAttributes(document), [], html);
    }
  });

  it('dates and times take no leading whitespace and no sign', () => {
    for (const s of [' 2024-01-01', '+2024-01-01', '-2024-01-01', '2024-01-01 ']) assertFails(parseADateString(s));
    assertFails(parseAMonthString(' 2024-01'), 0);
    assertFails(parseAWeekString('+2024-W01'), 0);
    assertFails(parseATimeString(' 10:00'), 0);
    assertFails(parseATimeString('+10:00'), 0);
  });

  it('24:00 is not a time anywhere, not even in a global date and time', () => {
    assertFails(parseAGlobalDateAndTimeString('2024-02-29T24:00Z'), 11);
    assertFails(parseALocalDateAndTimeString('2024-02-29T24:00'), 11);
    assertFails(parseADateOrTimeString('24:00'), 0);
    assertChecked(parseATimeString('00:00'), { hour: 0, minute: 0, second: 0 }, true);
  });

  it('the leap day in a global date and time, across the offset', () => {
    const r = parseAGlobalDateAndTimeString('2024-02-29T23:30-01:00');
    assert.ok(r.ok && r.valid);
    assert.equal(r.value.epochMilliseconds, utc(2024, 3, 1, 0, 30));
    assertFails(parseAGlobalDateAndTimeString('2023-02-29T10:00Z'), 8);
  });

  it('-0 and +0 as dimensions: the sign is not a digit', () => {
    assertFails(parseDimensionValue('-0'), 0);
    assertFails(parseDimensionValue('+0'), 0);
    assertParses(parseDimensionValue(' 0'), { value: 0, kind: 'length' });
    assertFails(parseNonzeroDimensionValue('0%'), 0);
  });
});
