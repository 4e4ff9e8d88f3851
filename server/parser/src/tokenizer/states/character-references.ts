/**
 * Character reference states.
 * https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state
 */
import {
  CP,
  isAsciiAlphanumeric,
  isAsciiDigit,
  isAsciiHexDigit,
  isAsciiLowerHexDigit,
  isAsciiUpperHexDigit,
  isControl,
  isNoncharacter,
  isSurrogate,
  isWhitespace,
} from '../code-points';
import { ErrorCode } from '../error-codes';
import { LONGEST_NAMED_CHARACTER_REFERENCE } from '../named-character-references.generated';
import { LONGEST_LEGACY_NAME, NAMED_CHARACTER_REFERENCES } from '../named-character-references';
import { State } from '../state';
import type { Tokenizer } from '../tokenizer';

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#flush-code-points-consumed-as-a-character-reference
 * "for each code point in the temporary buffer (in the order they were added to
 * the buffer) user agent must append the code point from the buffer to the
 * current attribute's value if the character reference was consumed as part of
 * an attribute, or emit the code point as a character token otherwise."
 *
 * Here the temporary buffer holds the consumed source characters unchanged
 * (an unmatched reference), so they continue the current run of text.
 */
function flushCodePointsConsumedAsCharacterReference(t: Tokenizer): void {
  if (t.charRefInAttribute()) t.attribute!.value += t.temporaryBuffer;
  else t.emitText(t.temporaryBuffer, t.referenceStart, t.referenceStart + t.temporaryBuffer.length);
}

/** The same flush for a matched reference: `expansion` stands for the source `referenceStart`..`end`. */
function flushExpansion(t: Tokenizer, expansion: string, end: number): void {
  if (t.charRefInAttribute()) t.attribute!.value += expansion;
  else t.emitSeparateChunk(expansion, t.referenceStart, end);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state */
export function characterReferenceState(t: Tokenizer, c: number): void {
  // Set the temporary buffer to the empty string. Append a U+0026 AMPERSAND (&) character to the temporary buffer.
  t.temporaryBuffer = '&';
  t.referenceStart = t.cur - 1;
  // ASCII alphanumeric: Reconsume in the named character reference state.
  if (isAsciiAlphanumeric(c)) {
    t.reconsumeIn(State.NamedCharacterReference);
    return;
  }
  // U+0023 NUMBER SIGN (#): Append the current input character to the temporary buffer. Switch to the numeric
  // character reference state.
  if (c === CP.NUMBER_SIGN) {
    t.temporaryBuffer += '#';
    t.state = State.NumericCharacterReference;
    return;
  }
  // Anything else: Flush code points consumed as a character reference. Reconsume in the return state.
  flushCodePointsConsumedAsCharacterReference(t);
  t.reconsumeIn(t.returnState);
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#named-character-reference-state
 * "Consume the maximum number of characters possible, where the consumed
 * characters are one of the identifiers in the first column of the named
 * character references table."
 *
 * Every identifier is ASCII alphanumerics, either followed by `;` or (legacy)
 * not. So the longest match is either the whole alphanumeric run plus its `;`,
 * or failing that the longest legacy prefix of the run.
 */
export function namedCharacterReferenceState(t: Tokenizer, _c: number): void {
  const input = t.input;
  const start = t.cur;
  const limit = Math.min(t.length, start + LONGEST_NAMED_CHARACTER_REFERENCE - 1);
  let runEnd = start;
  while (runEnd < limit && isAsciiAlphanumeric(input.charCodeAt(runEnd))) runEnd++;

  let matchEnd = -1;
  let expansion: string | undefined;
  if (input.charCodeAt(runEnd) === CP.SEMICOLON) {
    expansion = NAMED_CHARACTER_REFERENCES.get(input.slice(start, runEnd + 1));
    if (expansion !== undefined) matchEnd = runEnd + 1;
  }
  if (expansion === undefined) {
    for (let end = Math.min(runEnd, start + LONGEST_LEGACY_NAME); end > start; end--) {
      expansion = NAMED_CHARACTER_REFERENCES.get(input.slice(start, end));
      if (expansion !== undefined) {
        matchEnd = end;
        break;
      }
    }
  }

  // Otherwise: Flush code points consumed as a character reference. Switch to the ambiguous ampersand state.
  if (expansion === undefined) {
    flushCodePointsConsumedAsCharacterReference(t);
    t.reconsumeIn(State.AmbiguousAmpersand);
    return;
  }

  // If there is a match:
  t.pos = matchEnd;
  const lastMatchedIsSemicolon = input.charCodeAt(matchEnd - 1) === CP.SEMICOLON;
  const next = matchEnd < t.length ? input.charCodeAt(matchEnd) : CP.EOF;
  // If the character reference was consumed as part of an attribute, and the last character matched is not a
  // U+003B SEMICOLON character (;), and the next input character is either a U+003D EQUALS SIGN character (=)
  // or an ASCII alphanumeric, then, for historical reasons, flush code points consumed as a character
  // reference and switch to the return state.
  if (t.charRefInAttribute() && !lastMatchedIsSemicolon && (next === CP.EQUALS || isAsciiAlphanumeric(next))) {
    t.temporaryBuffer += input.slice(start, matchEnd);
    flushCodePointsConsumedAsCharacterReference(t);
    t.state = t.returnState;
    return;
  }
  // Otherwise:
  // 1. If the last character matched is not a U+003B SEMICOLON character (;), then this is a
  //    missing-semicolon-after-character-reference parse error.
  if (!lastMatchedIsSemicolon) t.error(ErrorCode.MissingSemicolonAfterCharacterReference, matchEnd, matchEnd);
  // 2. Set the temporary buffer to the empty string. Append one or two characters corresponding to the
  //    character reference name (as given by the second column of the named character references table) to
  //    the temporary buffer.
  // 3. Flush code points consumed as a character reference. Switch to the return state.
  flushExpansion(t, expansion, matchEnd);
  t.state = t.returnState;
}

/** https://html.spec.whatwg.org/multipage/parsing.html#ambiguous-ampersand-state */
export function ambiguousAmpersandState(t: Tokenizer, c: number): void {
  if (isAsciiAlphanumeric(c)) {
    // ASCII alphanumeric: If the character reference was consumed as part of an attribute, then append the
    // current input character to the current attribute's value. Otherwise, emit the current input character
    // as a character token.
    if (t.charRefInAttribute()) t.attribute!.value += String.fromCharCode(c);
    else t.emitCurrent(c);
    return;
  }
  // U+003B SEMICOLON (;): This is an unknown-named-character-reference parse error. Reconsume in the return state.
  if (c === CP.SEMICOLON) t.error(ErrorCode.UnknownNamedCharacterReference);
  // Anything else: Reconsume in the return state.
  t.reconsumeIn(t.returnState);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-state */
export function numericCharacterReferenceState(t: Tokenizer, c: number): void {
  // Set the character reference code to zero (0).
  t.characterReferenceCode = 0;
  // U+0078 LATIN SMALL LETTER X, U+0058 LATIN CAPITAL LETTER X: Append the current input character to the
  // temporary buffer. Switch to the hexadecimal character reference start state.
  if (c === CP.LOWER_X || c === CP.UPPER_X) {
    t.temporaryBuffer += String.fromCharCode(c);
    t.state = State.HexadecimalCharacterReferenceStart;
    return;
  }
  // Anything else: Reconsume in the decimal character reference start state.
  t.reconsumeIn(State.DecimalCharacterReferenceStart);
}

/**
 * The hexadecimal and decimal character reference start states: digits go on,
 * anything else is "an absence-of-digits-in-numeric-character-reference parse
 * error. Flush code points consumed as a character reference. Reconsume in the
 * return state."
 */
function referenceStart(t: Tokenizer, hasDigit: boolean, digits: State): void {
  if (hasDigit) {
    t.reconsumeIn(digits);
    return;
  }
  t.error(ErrorCode.AbsenceOfDigitsInNumericCharacterReference);
  flushCodePointsConsumedAsCharacterReference(t);
  t.reconsumeIn(t.returnState);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#hexadecimal-character-reference-start-state */
export function hexadecimalCharacterReferenceStartState(t: Tokenizer, c: number): void {
  referenceStart(t, isAsciiHexDigit(c), State.HexadecimalCharacterReference);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#decimal-character-reference-start-state */
export function decimalCharacterReferenceStartState(t: Tokenizer, c: number): void {
  referenceStart(t, isAsciiDigit(c), State.DecimalCharacterReference);
}

/** Adds a digit, saturating past the Unicode range (the value is only compared with 0x10FFFF from then on). */
function addDigit(t: Tokenizer, base: number, value: number): void {
  const code = t.characterReferenceCode * base + value;
  t.characterReferenceCode = code > 0x10ffff ? 0x110000 : code;
}

/**
 * The end of the digits: `;` "Switch to the numeric character reference end
 * state"; anything else is "a missing-semicolon-after-character-reference parse
 * error. Reconsume in the numeric character reference end state."
 */
function endOfDigits(t: Tokenizer, c: number): void {
  if (c === CP.SEMICOLON) {
    numericCharacterReferenceEndState(t, t.pos);
    t.state = t.returnState;
    return;
  }
  t.error(ErrorCode.MissingSemicolonAfterCharacterReference, t.cur, t.cur);
  numericCharacterReferenceEndState(t, t.cur);
  t.reconsumeIn(t.returnState);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#hexadecimal-character-reference-state */
export function hexadecimalCharacterReferenceState(t: Tokenizer, c: number): void {
  // ASCII digit: Multiply the character reference code by 16. Add a numeric version of the current input
  // character (subtract 0x0030 from the character's code point) to the character reference code.
  if (isAsciiDigit(c)) addDigit(t, 16, c - 0x30);
  // ASCII upper hex digit: ... (subtract 0x0037 from the character's code point) ...
  else if (isAsciiUpperHexDigit(c)) addDigit(t, 16, c - 0x37);
  // ASCII lower hex digit: ... (subtract 0x0057 from the character's code point) ...
  else if (isAsciiLowerHexDigit(c)) addDigit(t, 16, c - 0x57);
  else endOfDigits(t, c);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#decimal-character-reference-state */
export function decimalCharacterReferenceState(t: Tokenizer, c: number): void {
  // ASCII digit: Multiply the character reference code by 10. Add a numeric version of the current input
  // character (subtract 0x0030 from the character's code point) to the character reference code.
  if (isAsciiDigit(c)) addDigit(t, 10, c - 0x30);
  else endOfDigits(t, c);
}

/**
 * The table in the numeric character reference end state: C1 control
 * references that mean the windows-1252 character.
 * https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-end-state
 */
const C1_REPLACEMENTS: ReadonlyMap<number, number> = new Map([
  [0x80, 0x20ac], [0x82, 0x201a], [0x83, 0x0192], [0x84, 0x201e], [0x85, 0x2026], [0x86, 0x2020],
  [0x87, 0x2021], [0x88, 0x02c6], [0x89, 0x2030], [0x8a, 0x0160], [0x8b, 0x2039], [0x8c, 0x0152],
  [0x8e, 0x017d], [0x91, 0x2018], [0x92, 0x2019], [0x93, 0x201c], [0x94, 0x201d], [0x95, 0x2022],
  [0x96, 0x2013], [0x97, 0x2014], [0x98, 0x02dc], [0x99, 0x2122], [0x9a, 0x0161], [0x9b, 0x203a],
  [0x9c, 0x0153], [0x9e, 0x017e], [0x9f, 0x0178],
]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-end-state
 * This state consumes no character: the states before it call it directly.
 * `end` is the offset just past the reference's source.
 */
export function numericCharacterReferenceEndState(t: Tokenizer, end: number): void {
  let code = t.characterReferenceCode;
  // The suite places these errors just past the reference (the spec's
  // position once the reference is consumed); the range covers the reference.
  const at = end;
  if (code === 0) {
    // If the number is 0x00, then this is a null-character-reference parse error. Set the character reference
    // code to 0xFFFD.
    t.error(ErrorCode.NullCharacterReference, at, at);
    code = CP.REPLACEMENT;
  } else if (code > 0x10ffff) {
    // If the number is greater than 0x10FFFF, then this is a character-reference-outside-unicode-range parse
    // error. Set the character reference code to 0xFFFD.
    t.error(ErrorCode.CharacterReferenceOutsideUnicodeRange, at, at);
    code = CP.REPLACEMENT;
  } else if (isSurrogate(code)) {
    // If the number is a surrogate, then this is a surrogate-character-reference parse error. Set the
    // character reference code to 0xFFFD.
    t.error(ErrorCode.SurrogateCharacterReference, at, at);
    code = CP.REPLACEMENT;
  } else if (isNoncharacter(code)) {
    // If the number is a noncharacter, then this is a noncharacter-character-reference parse error.
    t.error(ErrorCode.NoncharacterCharacterReference, at, at);
  } else if (code === 0x0d || (isControl(code) && !isWhitespace(code))) {
    // If the number is 0x0D, or a control that's not ASCII whitespace, then this is a
    // control-character-reference parse error. If the number is one of the numbers in the first column of the
    // following table, then find the row with that number in the first column, and set the character
    // reference code to the number in the second column of that row.
    t.error(ErrorCode.ControlCharacterReference, at, at);
    code = C1_REPLACEMENTS.get(code) ?? code;
  }
  // Set the temporary buffer to the empty string. Append a code point equal to the character reference code to
  // the temporary buffer. Flush code points consumed as a character reference. Switch to the return state.
  flushExpansion(t, String.fromCodePoint(code), end);
}
