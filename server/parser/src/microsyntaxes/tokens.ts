/**
 * Space-separated tokens and comma-separated tokens.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#space-separated-tokens
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#comma-separated-tokens
 *
 * Splitting itself is Infra's "split a string on ASCII whitespace" and
 * "split a string on commas" (see infra.ts); this module holds the
 * conformance requirements layered on top.
 */
import { COMMA, PositionedToken, asciiLowercase, isAsciiWhitespace, splitOnAsciiWhitespaceWithPositions } from './infra';
import { MicrosyntaxError, nonConformance } from './parse-result';

/** "How tokens in a set of space-separated tokens are to be compared (e.g. case-sensitively or not) is defined on a per-set basis." */
export type TokenComparison = 'case-sensitive' | 'ascii-case-insensitive';

export interface SetOfSpaceSeparatedTokensRequirements {
  /** "When a set of allowed values is defined, the tokens must all be from that list of allowed values". */
  readonly allowedValues?: Iterable<string>;
  /** For an unordered or ordered set of unique space-separated tokens: "none of the tokens are duplicated". */
  readonly unique?: boolean;
  /** How tokens are compared, for both checks above. Defaults to case-sensitive. */
  readonly comparison?: TokenComparison;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#set-of-space-separated-tokens
 * The tokens of a set of space-separated tokens, with their offsets. Any string is a set of space-separated tokens
 * ("may have leading or trailing ASCII whitespace").
 */
export function tokensOfASetOfSpaceSeparatedTokens(input: string): PositionedToken[] {
  return splitOnAsciiWhitespaceWithPositions(input);
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#set-of-space-separated-tokens
 * Checks the per-set requirements: allowed values and uniqueness. Returns the first offending token's position.
 */
export function checkSetOfSpaceSeparatedTokens(
  input: string,
  requirements: SetOfSpaceSeparatedTokensRequirements = {},
): MicrosyntaxError | null {
  const insensitive = requirements.comparison === 'ascii-case-insensitive';
  const key = (token: string): string => (insensitive ? asciiLowercase(token) : token);
  let allowed: Set<string> | null = null;
  if (requirements.allowedValues) {
    allowed = new Set();
    for (const value of requirements.allowedValues) allowed.add(key(value));
  }
  const seen = requirements.unique ? new Set<string>() : null;
  for (const token of splitOnAsciiWhitespaceWithPositions(input)) {
    const k = key(token.value);
    if (allowed && !allowed.has(k)) return nonConformance(token.start, `"${token.value}" is not an allowed value`);
    if (seen) {
      if (seen.has(k)) return nonConformance(token.start, `the token "${token.value}" is duplicated`);
      seen.add(k);
    }
  }
  return null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#unordered-set-of-unique-space-separated-tokens
 * "a set of space-separated tokens where none of the tokens are duplicated".
 */
export function isUnorderedSetOfUniqueSpaceSeparatedTokens(input: string, comparison: TokenComparison = 'case-sensitive'): boolean {
  return checkSetOfSpaceSeparatedTokens(input, { unique: true, comparison }) === null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#ordered-set-of-unique-space-separated-tokens
 * "a set of space-separated tokens where none of the tokens are duplicated but where the order of the tokens is
 * meaningful". (The order matters to the consumer; the syntax is the same as the unordered set's.)
 */
export function isOrderedSetOfUniqueSpaceSeparatedTokens(input: string, comparison: TokenComparison = 'case-sensitive'): boolean {
  return checkSetOfSpaceSeparatedTokens(input, { unique: true, comparison }) === null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#set-of-comma-separated-tokens
 * "zero or more tokens each separated from the next by a single U+002C COMMA character (,), where tokens consist of
 * any string of zero or more characters, neither beginning nor ending with ASCII whitespace, nor containing any
 * U+002C COMMA characters (,), and optionally surrounded by ASCII whitespace."
 *
 * Unlike Infra's "split a string on commas" (which drops a token after a final comma), every comma here separates two
 * tokens, so "a," is "a" and the empty string. A string that is empty or only ASCII whitespace has zero tokens.
 */
export function tokensOfASetOfCommaSeparatedTokens(input: string): PositionedToken[] {
  const length = input.length;
  const tokens: PositionedToken[] = [];
  let start = 0;
  while (start < length && isAsciiWhitespace(input.charCodeAt(start))) start++;
  if (start === length) return tokens;
  start = 0;
  for (;;) {
    let end = start;
    while (end < length && input.charCodeAt(end) !== COMMA) end++;
    let tokenStart = start;
    let tokenEnd = end;
    while (tokenStart < tokenEnd && isAsciiWhitespace(input.charCodeAt(tokenStart))) tokenStart++;
    while (tokenEnd > tokenStart && isAsciiWhitespace(input.charCodeAt(tokenEnd - 1))) tokenEnd--;
    tokens.push({ value: input.slice(tokenStart, tokenEnd), start: tokenStart });
    if (end >= length) return tokens;
    start = end + 1;
  }
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#set-of-comma-separated-tokens
 * "Sets of comma-separated tokens sometimes have further restrictions on what consists a valid token." `restriction`
 * returns null for an acceptable token, or a reason. Without a restriction every string conforms.
 */
export function checkSetOfCommaSeparatedTokens(
  input: string,
  restriction?: (token: string) => string | null,
): MicrosyntaxError | null {
  if (!restriction) return null;
  for (const token of tokensOfASetOfCommaSeparatedTokens(input)) {
    const reason = restriction(token.value);
    if (reason !== null) return nonConformance(token.start, reason);
  }
  return null;
}
