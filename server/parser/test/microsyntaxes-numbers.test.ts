/**
 * Unit tests for the common microsyntaxes: numbers (integers, floating-point
 * numbers, dimension values and their lists).
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#numbers
 *
 * Every expected value below was worked out by hand from the spec's steps and
 * definitions (the examples quoted from the spec say so), not recorded from a run.
 */
import { strict as assert } from 'node:assert';
import {
  bestRepresentationOfTheNumberAsAFloatingPointNumber,
  checkValidFloatingPointNumber,
  checkValidInteger,
  isValidFloatingPointNumber,
  isValidInteger,
  isValidListOfFloatingPointNumbers,
  isValidNonNegativeInteger,
  parseAListOfDimensions,
  parseAListOfFloatingPointNumbers,
  parseDimensionValue,
  parseFloatingPointNumberValue,
  parseInteger,
  parseNonNegativeInteger,
  parseNonzeroDimensionValue,
} from '../out/microsyntaxes/index';
import { assertChecked, assertFails, assertParses } from './support/microsyntax-assertions';

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
