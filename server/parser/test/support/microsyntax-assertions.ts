/**
 * The assertions the microsyntax tests share (microsyntaxes*.test.ts): a
 * checked parse's value and validity, a failure and its position, a plain parse's value.
 */
import { strict as assert } from 'node:assert';
import type { CheckedParseResult, ParseResult } from '../../out/microsyntaxes/index';

/** Asserts a checked parse succeeded with `value`, and whether the input was valid. */
export function assertChecked<T>(result: CheckedParseResult<T>, value: T, valid: boolean, invalidAt?: number): void {
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
export function assertFails(result: ParseResult<unknown> | CheckedParseResult<unknown>, position?: number): void {
  assert.equal(result.ok, false, `expected failure, got ${JSON.stringify(result)}`);
  if (result.ok) return;
  assert.equal(typeof result.reason, 'string');
  assert.ok(result.reason.length > 0);
  if (position !== undefined) assert.equal(result.position, position, JSON.stringify(result));
}

/** Asserts a parse with no validity notion succeeded with `value`. */
export function assertParses<T>(result: ParseResult<T>, value: T): void {
  assert.ok(result.ok, `expected success, got ${JSON.stringify(result)}`);
  assert.deepEqual(result.value, value);
}

/** Milliseconds since the epoch for a proleptic-Gregorian UTC moment, computed by Date (which handles years < 100). */
export function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}
