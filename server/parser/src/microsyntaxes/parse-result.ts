/**
 * Result shapes shared by every microsyntax parser.
 *
 * The spec's parsers return "an error", "failure" or "nothing"; ours return a
 * {@link ParseFailure} that also says where (a UTF-16 offset into the input
 * string) and why. Where the parsing rules are more lenient than the
 * "valid X string" definition (the rules for parsing integers read 3 out of
 * "3x"), the success result carries both the value a browser uses and whether
 * the input is conforming.
 */

/** Where and why a string stops matching a microsyntax. */
export interface MicrosyntaxError {
  /** UTF-16 offset into the parsed string. */
  readonly position: number;
  /** A short human-readable reason. */
  readonly reason: string;
  /** The length of the offending part from `position`, when it is one token (absent: from `position` on). */
  readonly length?: number;
}

/** The spec's "error" / "failure" / "nothing". */
export interface ParseFailure extends MicrosyntaxError {
  readonly ok: false;
}

/** A value read by a parser whose section defines no "valid X string" to check against. */
export interface ParseSuccess<T> {
  readonly ok: true;
  readonly value: T;
}

/**
 * A value read by a parser whose section also defines a "valid X string".
 * `valid` is false when the parsing rules accepted a string that authors may
 * not write (for example `" 3"`, `"+3"` or `"3x"` for the rules for parsing
 * integers); `invalid` then says where and why.
 */
export interface CheckedParseSuccess<T> extends ParseSuccess<T> {
  readonly valid: boolean;
  readonly invalid: MicrosyntaxError | null;
}

export type ParseResult<T> = ParseSuccess<T> | ParseFailure;
export type CheckedParseResult<T> = CheckedParseSuccess<T> | ParseFailure;

/** Builds a failure. */
export function failure(position: number, reason: string): ParseFailure {
  return { ok: false, position, reason };
}

/** Builds a success for a parser with no validity definition. */
export function success<T>(value: T): ParseSuccess<T> {
  return { ok: true, value };
}

/** Builds a success, recording the validity check's outcome. */
export function checkedSuccess<T>(value: T, invalid: MicrosyntaxError | null): CheckedParseSuccess<T> {
  return { ok: true, value, valid: invalid === null, invalid };
}

/** Builds a validity error (not a parse failure). */
export function nonConformance(position: number, reason: string, length?: number): MicrosyntaxError {
  return length === undefined ? { position, reason } : { position, reason, length };
}
