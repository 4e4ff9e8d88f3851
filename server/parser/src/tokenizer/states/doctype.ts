/**
 * DOCTYPE states.
 * https://html.spec.whatwg.org/multipage/parsing.html#doctype-state
 */
import { CP, isAsciiUpperAlpha, isWhitespace } from '../code-points';
import { ErrorCode } from '../error-codes';
import { State } from '../state';
import type { Tokenizer } from '../tokenizer';

/** "This is an eof-in-doctype parse error. Set the current DOCTYPE token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an end-of-file token." */
function eofInDoctype(t: Tokenizer): void {
  t.error(ErrorCode.EofInDoctype);
  t.doctypeForceQuirks = true;
  t.emitDoctype(t.length);
  t.emitEof();
}

/** "Switch to the data state. Emit the current DOCTYPE token." */
function emitDoctypeAndSwitchToData(t: Tokenizer): void {
  t.state = State.Data;
  t.emitDoctype(t.pos);
}

/** A `>` where an identifier was expected: "Set the current DOCTYPE token's force-quirks flag to on. Switch to the data state. Emit the current DOCTYPE token." */
function abruptEnd(t: Tokenizer, code: ErrorCode): void {
  t.error(code);
  t.doctypeForceQuirks = true;
  emitDoctypeAndSwitchToData(t);
}

/** "Set the current DOCTYPE token's force-quirks flag to on. Reconsume in the bogus DOCTYPE state." */
function toBogusDoctype(t: Tokenizer, code: ErrorCode): void {
  t.error(code);
  t.doctypeForceQuirks = true;
  t.reconsumeIn(State.BogusDOCTYPE);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#doctype-state */
export function doctypeState(t: Tokenizer, c: number): void {
  if (isWhitespace(c)) {
    // Switch to the before DOCTYPE name state.
    t.state = State.BeforeDOCTYPEName;
    return;
  }
  switch (c) {
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // Reconsume in the before DOCTYPE name state.
      t.reconsumeIn(State.BeforeDOCTYPEName);
      return;
    // EOF
    case CP.EOF:
      // This is an eof-in-doctype parse error. Create a new DOCTYPE token. Set its force-quirks flag to on.
      // Emit the current token. Emit an end-of-file token.
      t.createDoctype(null);
      eofInDoctype(t);
      return;
    // Anything else
    default:
      // This is a missing-whitespace-before-doctype-name parse error. Reconsume in the before DOCTYPE name state.
      t.error(ErrorCode.MissingWhitespaceBeforeDoctypeName);
      t.reconsumeIn(State.BeforeDOCTYPEName);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#before-doctype-name-state */
export function beforeDoctypeNameState(t: Tokenizer, c: number): void {
  // ASCII whitespace: Ignore the character.
  if (isWhitespace(c)) return;
  if (isAsciiUpperAlpha(c)) {
    // Create a new DOCTYPE token. Set the token's name to the lowercase version of the current input
    // character. Switch to the DOCTYPE name state.
    t.createDoctype(String.fromCharCode(c + 0x20));
    t.state = State.DOCTYPEName;
    return;
  }
  switch (c) {
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Create a new DOCTYPE token. Set the token's name
      // to a U+FFFD REPLACEMENT CHARACTER character. Switch to the DOCTYPE name state.
      t.error(ErrorCode.UnexpectedNullCharacter);
      t.createDoctype('\ufffd');
      t.state = State.DOCTYPEName;
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // This is a missing-doctype-name parse error. Create a new DOCTYPE token. Set its force-quirks flag to
      // on. Switch to the data state. Emit the current token.
      t.createDoctype(null);
      abruptEnd(t, ErrorCode.MissingDoctypeName);
      return;
    // EOF
    case CP.EOF:
      t.createDoctype(null);
      eofInDoctype(t);
      return;
    // Anything else
    default:
      // Create a new DOCTYPE token. Set the token's name to the current input character. Switch to the
      // DOCTYPE name state.
      t.createDoctype(t.currentCharString(c));
      t.state = State.DOCTYPEName;
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#doctype-name-state */
export function doctypeNameState(t: Tokenizer, c: number): void {
  if (isWhitespace(c)) {
    // Switch to the after DOCTYPE name state.
    t.state = State.AfterDOCTYPEName;
    return;
  }
  if (isAsciiUpperAlpha(c)) {
    // Append the lowercase version of the current input character to the current DOCTYPE token's name.
    t.doctypeName += String.fromCharCode(c + 0x20);
    return;
  }
  switch (c) {
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      emitDoctypeAndSwitchToData(t);
      return;
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Append a U+FFFD REPLACEMENT CHARACTER character to
      // the current DOCTYPE token's name.
      t.error(ErrorCode.UnexpectedNullCharacter);
      t.doctypeName += '\ufffd';
      return;
    // EOF
    case CP.EOF:
      eofInDoctype(t);
      return;
    // Anything else
    default:
      // Append the current input character to the current DOCTYPE token's name.
      t.doctypeName += t.currentCharString(c);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#after-doctype-name-state */
export function afterDoctypeNameState(t: Tokenizer, c: number): void {
  // ASCII whitespace: Ignore the character.
  if (isWhitespace(c)) return;
  switch (c) {
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      emitDoctypeAndSwitchToData(t);
      return;
    // EOF
    case CP.EOF:
      eofInDoctype(t);
      return;
    // Anything else
    default:
      // If the six characters starting from the current input character are an ASCII case-insensitive match
      // for the word "PUBLIC", then consume those characters and switch to the after DOCTYPE public keyword state.
      if (t.nextCharactersAre('public', t.cur, true)) {
        t.pos = t.cur + 6;
        t.state = State.AfterDOCTYPEPublicKeyword;
        return;
      }
      // Otherwise, if the six characters starting from the current input character are an ASCII
      // case-insensitive match for the word "SYSTEM", then consume those characters and switch to the after
      // DOCTYPE system keyword state.
      if (t.nextCharactersAre('system', t.cur, true)) {
        t.pos = t.cur + 6;
        t.state = State.AfterDOCTYPESystemKeyword;
        return;
      }
      // Otherwise, this is an invalid-character-sequence-after-doctype-name parse error. Set the current
      // DOCTYPE token's force-quirks flag to on. Reconsume in the bogus DOCTYPE state.
      toBogusDoctype(t, ErrorCode.InvalidCharacterSequenceAfterDoctypeName);
  }
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#after-doctype-public-keyword-state
 * https://html.spec.whatwg.org/multipage/parsing.html#after-doctype-system-keyword-state
 */
function afterKeyword(t: Tokenizer, c: number, isPublic: boolean): void {
  if (isWhitespace(c)) {
    // Switch to the before DOCTYPE public/system identifier state.
    t.state = isPublic ? State.BeforeDOCTYPEPublicIdentifier : State.BeforeDOCTYPESystemIdentifier;
    return;
  }
  switch (c) {
    // U+0022 QUOTATION MARK ("), U+0027 APOSTROPHE (')
    case CP.QUOTATION:
    case CP.APOSTROPHE:
      // This is a missing-whitespace-after-doctype-public-keyword parse error. Set the current DOCTYPE
      // token's public identifier to the empty string (not missing), then switch to the DOCTYPE public
      // identifier (double-quoted / single-quoted) state.
      t.error(isPublic ? ErrorCode.MissingWhitespaceAfterDoctypePublicKeyword : ErrorCode.MissingWhitespaceAfterDoctypeSystemKeyword);
      startIdentifier(t, c, isPublic);
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // This is a missing-doctype-public-identifier parse error. Set the current DOCTYPE token's force-quirks
      // flag to on. Switch to the data state. Emit the current DOCTYPE token.
      abruptEnd(t, isPublic ? ErrorCode.MissingDoctypePublicIdentifier : ErrorCode.MissingDoctypeSystemIdentifier);
      return;
    // EOF
    case CP.EOF:
      eofInDoctype(t);
      return;
    // Anything else
    default:
      // This is a missing-quote-before-doctype-public-identifier parse error. Set the current DOCTYPE token's
      // force-quirks flag to on. Reconsume in the bogus DOCTYPE state.
      toBogusDoctype(t, isPublic ? ErrorCode.MissingQuoteBeforeDoctypePublicIdentifier : ErrorCode.MissingQuoteBeforeDoctypeSystemIdentifier);
  }
}

/** Sets the identifier to the empty string and switches to its quoted state. */
function startIdentifier(t: Tokenizer, quote: number, isPublic: boolean): void {
  if (isPublic) {
    t.doctypePublicId = '';
    t.state = quote === CP.QUOTATION ? State.DOCTYPEPublicIdentifierDoubleQuoted : State.DOCTYPEPublicIdentifierSingleQuoted;
  } else {
    t.doctypeSystemId = '';
    t.state = quote === CP.QUOTATION ? State.DOCTYPESystemIdentifierDoubleQuoted : State.DOCTYPESystemIdentifierSingleQuoted;
  }
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#before-doctype-public-identifier-state
 * https://html.spec.whatwg.org/multipage/parsing.html#before-doctype-system-identifier-state
 */
function beforeIdentifier(t: Tokenizer, c: number, isPublic: boolean): void {
  // ASCII whitespace: Ignore the character.
  if (isWhitespace(c)) return;
  switch (c) {
    // U+0022 QUOTATION MARK ("), U+0027 APOSTROPHE (')
    case CP.QUOTATION:
    case CP.APOSTROPHE:
      // Set the current DOCTYPE token's public identifier to the empty string (not missing), then switch to
      // the DOCTYPE public identifier (double-quoted / single-quoted) state.
      startIdentifier(t, c, isPublic);
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      abruptEnd(t, isPublic ? ErrorCode.MissingDoctypePublicIdentifier : ErrorCode.MissingDoctypeSystemIdentifier);
      return;
    // EOF
    case CP.EOF:
      eofInDoctype(t);
      return;
    // Anything else
    default:
      toBogusDoctype(t, isPublic ? ErrorCode.MissingQuoteBeforeDoctypePublicIdentifier : ErrorCode.MissingQuoteBeforeDoctypeSystemIdentifier);
  }
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#doctype-public-identifier-(double-quoted)-state
 * https://html.spec.whatwg.org/multipage/parsing.html#doctype-system-identifier-(double-quoted)-state
 * and their single-quoted twins.
 */
function identifierQuoted(t: Tokenizer, c: number, quote: number, isPublic: boolean): void {
  switch (c) {
    // U+0022 QUOTATION MARK (") / U+0027 APOSTROPHE (')
    case quote:
      // Switch to the after DOCTYPE public/system identifier state.
      t.state = isPublic ? State.AfterDOCTYPEPublicIdentifier : State.AfterDOCTYPESystemIdentifier;
      return;
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Append a U+FFFD REPLACEMENT CHARACTER character to
      // the current DOCTYPE token's public identifier.
      t.error(ErrorCode.UnexpectedNullCharacter);
      appendToIdentifier(t, '\ufffd', isPublic);
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // This is an abrupt-doctype-public-identifier parse error. Set the current DOCTYPE token's force-quirks
      // flag to on. Switch to the data state. Emit the current DOCTYPE token.
      abruptEnd(t, isPublic ? ErrorCode.AbruptDoctypePublicIdentifier : ErrorCode.AbruptDoctypeSystemIdentifier);
      return;
    // EOF
    case CP.EOF:
      eofInDoctype(t);
      return;
    // Anything else
    default:
      // Append the current input character to the current DOCTYPE token's public identifier.
      appendToIdentifier(t, t.currentCharString(c), isPublic);
  }
}

function appendToIdentifier(t: Tokenizer, s: string, isPublic: boolean): void {
  if (isPublic) t.doctypePublicId += s;
  else t.doctypeSystemId += s;
}

/** https://html.spec.whatwg.org/multipage/parsing.html#after-doctype-public-keyword-state */
export function afterDoctypePublicKeywordState(t: Tokenizer, c: number): void {
  afterKeyword(t, c, true);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#before-doctype-public-identifier-state */
export function beforeDoctypePublicIdentifierState(t: Tokenizer, c: number): void {
  beforeIdentifier(t, c, true);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#doctype-public-identifier-(double-quoted)-state */
export function doctypePublicIdentifierQuotedState(t: Tokenizer, c: number, quote: number): void {
  identifierQuoted(t, c, quote, true);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#after-doctype-public-identifier-state */
export function afterDoctypePublicIdentifierState(t: Tokenizer, c: number): void {
  if (isWhitespace(c)) {
    // Switch to the between DOCTYPE public and system identifiers state.
    t.state = State.BetweenDOCTYPEPublicAndSystemIdentifiers;
    return;
  }
  switch (c) {
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      emitDoctypeAndSwitchToData(t);
      return;
    // U+0022 QUOTATION MARK ("), U+0027 APOSTROPHE (')
    case CP.QUOTATION:
    case CP.APOSTROPHE:
      // This is a missing-whitespace-between-doctype-public-and-system-identifiers parse error. Set the
      // current DOCTYPE token's system identifier to the empty string (not missing), then switch to the
      // DOCTYPE system identifier (double-quoted / single-quoted) state.
      t.error(ErrorCode.MissingWhitespaceBetweenDoctypePublicAndSystemIdentifiers);
      startIdentifier(t, c, false);
      return;
    // EOF
    case CP.EOF:
      eofInDoctype(t);
      return;
    // Anything else
    default:
      toBogusDoctype(t, ErrorCode.MissingQuoteBeforeDoctypeSystemIdentifier);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#between-doctype-public-and-system-identifiers-state */
export function betweenDoctypePublicAndSystemIdentifiersState(t: Tokenizer, c: number): void {
  // ASCII whitespace: Ignore the character.
  if (isWhitespace(c)) return;
  switch (c) {
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      emitDoctypeAndSwitchToData(t);
      return;
    // U+0022 QUOTATION MARK ("), U+0027 APOSTROPHE (')
    case CP.QUOTATION:
    case CP.APOSTROPHE:
      startIdentifier(t, c, false);
      return;
    // EOF
    case CP.EOF:
      eofInDoctype(t);
      return;
    // Anything else
    default:
      toBogusDoctype(t, ErrorCode.MissingQuoteBeforeDoctypeSystemIdentifier);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#after-doctype-system-keyword-state */
export function afterDoctypeSystemKeywordState(t: Tokenizer, c: number): void {
  afterKeyword(t, c, false);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#before-doctype-system-identifier-state */
export function beforeDoctypeSystemIdentifierState(t: Tokenizer, c: number): void {
  beforeIdentifier(t, c, false);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#doctype-system-identifier-(double-quoted)-state */
export function doctypeSystemIdentifierQuotedState(t: Tokenizer, c: number, quote: number): void {
  identifierQuoted(t, c, quote, false);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#after-doctype-system-identifier-state */
export function afterDoctypeSystemIdentifierState(t: Tokenizer, c: number): void {
  // ASCII whitespace: Ignore the character.
  if (isWhitespace(c)) return;
  switch (c) {
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      emitDoctypeAndSwitchToData(t);
      return;
    // EOF
    case CP.EOF:
      eofInDoctype(t);
      return;
    // Anything else
    default:
      // This is an unexpected-character-after-doctype-system-identifier parse error. Reconsume in the bogus
      // DOCTYPE state. (This does not set the current DOCTYPE token's force-quirks flag to on.)
      t.error(ErrorCode.UnexpectedCharacterAfterDoctypeSystemIdentifier);
      t.reconsumeIn(State.BogusDOCTYPE);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#bogus-doctype-state */
export function bogusDoctypeState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      emitDoctypeAndSwitchToData(t);
      return;
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Ignore the character.
      t.error(ErrorCode.UnexpectedNullCharacter);
      return;
    // EOF
    case CP.EOF:
      // Emit the DOCTYPE token. Emit an end-of-file token.
      t.emitDoctype(t.length);
      t.emitEof();
      return;
    // Anything else: Ignore the character.
  }
}
