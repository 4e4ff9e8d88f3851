/**
 * RCDATA, RAWTEXT and script data states, with their end tag and escape states.
 * https://html.spec.whatwg.org/multipage/parsing.html#rcdata-state
 */
import { CP, isAsciiAlpha, isAsciiLowerAlpha, isAsciiUpperAlpha, stopTable } from '../code-points';
import { ErrorCode } from '../error-codes';
import { State } from '../state';
import type { Tokenizer } from '../tokenizer';

const RCDATA_STOP = stopTable('<&');
const RAWTEXT_STOP = stopTable('<');
const ESCAPED_STOP = stopTable('-<');

/** U+0000 NULL in a text state: "This is an unexpected-null-character parse error. Emit a U+FFFD REPLACEMENT CHARACTER character token." */
function emitReplacementForNull(t: Tokenizer): void {
  t.error(ErrorCode.UnexpectedNullCharacter);
  t.emitText('\ufffd', t.cur, t.pos);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#rcdata-state */
export function rcdataState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+0026 AMPERSAND (&)
    case CP.AMPERSAND:
      // Set the return state to the RCDATA state. Switch to the character reference state.
      t.returnState = State.RCDATA;
      t.state = State.CharacterReference;
      return;
    // U+003C LESS-THAN SIGN (<)
    case CP.LESS_THAN:
      // Switch to the RCDATA less-than sign state.
      t.tokenStart = t.cur;
      t.state = State.RCDATALessThanSign;
      return;
    // U+0000 NULL
    case CP.NULL:
      emitReplacementForNull(t);
      return;
    // EOF
    case CP.EOF:
      t.emitEof();
      return;
    // Anything else
    default:
      // Emit the current input character as a character token.
      t.emitRun(RCDATA_STOP);
  }
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#rawtext-state
 * https://html.spec.whatwg.org/multipage/parsing.html#script-data-state
 * The two states differ only in the less-than sign state they switch to.
 */
function rawtextLikeState(t: Tokenizer, c: number, lessThanSign: State): void {
  switch (c) {
    // U+003C LESS-THAN SIGN (<)
    case CP.LESS_THAN:
      t.tokenStart = t.cur;
      t.state = lessThanSign;
      return;
    // U+0000 NULL
    case CP.NULL:
      emitReplacementForNull(t);
      return;
    // EOF
    case CP.EOF:
      t.emitEof();
      return;
    // Anything else
    default:
      t.emitRun(RAWTEXT_STOP);
  }
}

export function rawtextState(t: Tokenizer, c: number): void {
  rawtextLikeState(t, c, State.RAWTEXTLessThanSign);
}

export function scriptDataState(t: Tokenizer, c: number): void {
  rawtextLikeState(t, c, State.ScriptDataLessThanSign);
}

/**
 * The shared shape of the RCDATA, RAWTEXT, script data and script data escaped
 * less-than sign states' U+002F SOLIDUS branch and "anything else" branch.
 * https://html.spec.whatwg.org/multipage/parsing.html#rcdata-less-than-sign-state
 */
function lessThanSign(t: Tokenizer, c: number, text: State, endTagOpen: State): void {
  if (c === CP.SOLIDUS) {
    // U+002F SOLIDUS (/): Set the temporary buffer to the empty string. Switch to the ... end tag open state.
    t.temporaryBuffer = '';
    t.state = endTagOpen;
    return;
  }
  // Anything else: Emit a U+003C LESS-THAN SIGN character token. Reconsume in the ... state.
  t.emitText('<', t.tokenStart, t.tokenStart + 1);
  t.reconsumeIn(text);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#rcdata-end-tag-open-state (and its RAWTEXT and script twins) */
function endTagOpen(t: Tokenizer, c: number, text: State, endTagName: State): void {
  if (isAsciiAlpha(c)) {
    // ASCII alpha: Create a new end tag token, set its tag name to the empty string. Reconsume in the ...
    // end tag name state.
    t.createTag(true, t.tokenStart);
    t.reconsumeIn(endTagName);
    return;
  }
  // Anything else: Emit a U+003C LESS-THAN SIGN character token and a U+002F SOLIDUS character token.
  // Reconsume in the ... state.
  t.emitText('</', t.tokenStart, t.tokenStart + 2);
  t.reconsumeIn(text);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#rcdata-end-tag-name-state (and its RAWTEXT and script twins) */
function endTagName(t: Tokenizer, c: number, text: State): void {
  switch (c) {
    // U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM FEED (FF), U+0020 SPACE
    case CP.TAB:
    case CP.LF:
    case CP.FF:
    case CP.SPACE:
      // If the current end tag token is an appropriate end tag token, then switch to the before attribute
      // name state. Otherwise, treat it as per the "anything else" entry below.
      if (t.isAppropriateEndTag()) {
        t.state = State.BeforeAttributeName;
        return;
      }
      break;
    // U+002F SOLIDUS (/)
    case CP.SOLIDUS:
      // If the current end tag token is an appropriate end tag token, then switch to the self-closing start
      // tag state. Otherwise, treat it as per the "anything else" entry below.
      if (t.isAppropriateEndTag()) {
        t.state = State.SelfClosingStartTag;
        return;
      }
      break;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // If the current end tag token is an appropriate end tag token, then switch to the data state and emit
      // the current tag token. Otherwise, treat it as per the "anything else" entry below.
      if (t.isAppropriateEndTag()) {
        t.state = State.Data;
        t.emitTag(t.pos);
        return;
      }
      break;
    default:
      // ASCII upper alpha: Append the lowercase version of the current input character to the current tag
      // token's tag name. Append the current input character to the temporary buffer.
      if (isAsciiUpperAlpha(c)) {
        t.tagName += String.fromCharCode(c + 0x20);
        t.temporaryBuffer += String.fromCharCode(c);
        return;
      }
      // ASCII lower alpha: Append the current input character to the current tag token's tag name. Append
      // the current input character to the temporary buffer.
      if (isAsciiLowerAlpha(c)) {
        const s = String.fromCharCode(c);
        t.tagName += s;
        t.temporaryBuffer += s;
        return;
      }
  }
  // Anything else: Emit a U+003C LESS-THAN SIGN character token, a U+002F SOLIDUS character token, and a
  // character token for each of the characters in the temporary buffer (in the order they were added to the
  // buffer). Reconsume in the ... state.
  t.emitText('</' + t.temporaryBuffer, t.tokenStart, t.cur);
  t.reconsumeIn(text);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#rcdata-less-than-sign-state */
export function rcdataLessThanSignState(t: Tokenizer, c: number): void {
  lessThanSign(t, c, State.RCDATA, State.RCDATAEndTagOpen);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#rcdata-end-tag-open-state */
export function rcdataEndTagOpenState(t: Tokenizer, c: number): void {
  endTagOpen(t, c, State.RCDATA, State.RCDATAEndTagName);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#rcdata-end-tag-name-state */
export function rcdataEndTagNameState(t: Tokenizer, c: number): void {
  endTagName(t, c, State.RCDATA);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#rawtext-less-than-sign-state */
export function rawtextLessThanSignState(t: Tokenizer, c: number): void {
  lessThanSign(t, c, State.RAWTEXT, State.RAWTEXTEndTagOpen);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#rawtext-end-tag-open-state */
export function rawtextEndTagOpenState(t: Tokenizer, c: number): void {
  endTagOpen(t, c, State.RAWTEXT, State.RAWTEXTEndTagName);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#rawtext-end-tag-name-state */
export function rawtextEndTagNameState(t: Tokenizer, c: number): void {
  endTagName(t, c, State.RAWTEXT);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-less-than-sign-state */
export function scriptDataLessThanSignState(t: Tokenizer, c: number): void {
  if (c === CP.EXCLAMATION) {
    // U+0021 EXCLAMATION MARK (!): Switch to the script data escape start state. Emit a U+003C LESS-THAN
    // SIGN character token and a U+0021 EXCLAMATION MARK character token.
    t.state = State.ScriptDataEscapeStart;
    t.emitText('<!', t.tokenStart, t.pos);
    return;
  }
  lessThanSign(t, c, State.ScriptData, State.ScriptDataEndTagOpen);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-end-tag-open-state */
export function scriptDataEndTagOpenState(t: Tokenizer, c: number): void {
  endTagOpen(t, c, State.ScriptData, State.ScriptDataEndTagName);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-end-tag-name-state */
export function scriptDataEndTagNameState(t: Tokenizer, c: number): void {
  endTagName(t, c, State.ScriptData);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-escape-start-state */
export function scriptDataEscapeStartState(t: Tokenizer, c: number): void {
  if (c === CP.HYPHEN) {
    // U+002D HYPHEN-MINUS (-): Switch to the script data escape start dash state. Emit a U+002D HYPHEN-MINUS
    // character token.
    t.state = State.ScriptDataEscapeStartDash;
    t.emitCurrent(c);
    return;
  }
  // Anything else: Reconsume in the script data state.
  t.reconsumeIn(State.ScriptData);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-escape-start-dash-state */
export function scriptDataEscapeStartDashState(t: Tokenizer, c: number): void {
  if (c === CP.HYPHEN) {
    // U+002D HYPHEN-MINUS (-): Switch to the script data escaped dash dash state. Emit a U+002D
    // HYPHEN-MINUS character token.
    t.state = State.ScriptDataEscapedDashDash;
    t.emitCurrent(c);
    return;
  }
  // Anything else: Reconsume in the script data state.
  t.reconsumeIn(State.ScriptData);
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#script-data-escaped-state
 * https://html.spec.whatwg.org/multipage/parsing.html#script-data-double-escaped-state
 */
export function scriptDataEscapedState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+002D HYPHEN-MINUS (-)
    case CP.HYPHEN:
      // Switch to the script data escaped dash state. Emit a U+002D HYPHEN-MINUS character token.
      t.state = State.ScriptDataEscapedDash;
      t.emitCurrent(c);
      return;
    // U+003C LESS-THAN SIGN (<)
    case CP.LESS_THAN:
      // Switch to the script data escaped less-than sign state.
      t.tokenStart = t.cur;
      t.state = State.ScriptDataEscapedLessThanSign;
      return;
    // U+0000 NULL
    case CP.NULL:
      emitReplacementForNull(t);
      return;
    // EOF
    case CP.EOF:
      // This is an eof-in-script-html-comment-like-text parse error. Emit an end-of-file token.
      t.error(ErrorCode.EofInScriptHtmlCommentLikeText);
      t.emitEof();
      return;
    // Anything else
    default:
      t.emitRun(ESCAPED_STOP);
  }
}

/**
 * The script data escaped dash and dash dash states, and their double-escaped
 * twins, share every branch but `-`, `<` and (dash dash only) `>`.
 */
function escapedDash(t: Tokenizer, c: number, doubleEscaped: boolean, dashDash: boolean): void {
  const text = doubleEscaped ? State.ScriptDataDoubleEscaped : State.ScriptDataEscaped;
  switch (c) {
    // U+002D HYPHEN-MINUS (-)
    case CP.HYPHEN:
      // dash: Switch to the ... dash dash state. Emit a U+002D HYPHEN-MINUS character token.
      // dash dash: Emit a U+002D HYPHEN-MINUS character token.
      if (!dashDash) t.state = doubleEscaped ? State.ScriptDataDoubleEscapedDashDash : State.ScriptDataEscapedDashDash;
      t.emitCurrent(c);
      return;
    // U+003C LESS-THAN SIGN (<)
    case CP.LESS_THAN:
      if (doubleEscaped) {
        // Switch to the script data double escaped less-than sign state. Emit a U+003C LESS-THAN SIGN
        // character token.
        t.state = State.ScriptDataDoubleEscapedLessThanSign;
        t.emitCurrent(c);
      } else {
        // Switch to the script data escaped less-than sign state.
        t.tokenStart = t.cur;
        t.state = State.ScriptDataEscapedLessThanSign;
      }
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      if (dashDash) {
        // Switch to the script data state. Emit a U+003E GREATER-THAN SIGN character token.
        t.state = State.ScriptData;
        t.emitCurrent(c);
        return;
      }
      break;
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Switch to the ... state. Emit a U+FFFD
      // REPLACEMENT CHARACTER character token.
      t.state = text;
      emitReplacementForNull(t);
      return;
    // EOF
    case CP.EOF:
      // This is an eof-in-script-html-comment-like-text parse error. Emit an end-of-file token.
      t.error(ErrorCode.EofInScriptHtmlCommentLikeText);
      t.emitEof();
      return;
  }
  // Anything else: Switch to the ... state. Emit the current input character as a character token.
  t.state = text;
  t.emitCurrent(c);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-escaped-dash-state */
export function scriptDataEscapedDashState(t: Tokenizer, c: number): void {
  escapedDash(t, c, false, false);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-escaped-dash-dash-state */
export function scriptDataEscapedDashDashState(t: Tokenizer, c: number): void {
  escapedDash(t, c, false, true);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-escaped-less-than-sign-state */
export function scriptDataEscapedLessThanSignState(t: Tokenizer, c: number): void {
  if (isAsciiAlpha(c)) {
    // ASCII alpha: Set the temporary buffer to the empty string. Emit a U+003C LESS-THAN SIGN character
    // token. Reconsume in the script data double escape start state.
    t.temporaryBuffer = '';
    t.emitText('<', t.tokenStart, t.tokenStart + 1);
    t.reconsumeIn(State.ScriptDataDoubleEscapeStart);
    return;
  }
  lessThanSign(t, c, State.ScriptDataEscaped, State.ScriptDataEscapedEndTagOpen);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-escaped-end-tag-open-state */
export function scriptDataEscapedEndTagOpenState(t: Tokenizer, c: number): void {
  endTagOpen(t, c, State.ScriptDataEscaped, State.ScriptDataEscapedEndTagName);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-escaped-end-tag-name-state */
export function scriptDataEscapedEndTagNameState(t: Tokenizer, c: number): void {
  endTagName(t, c, State.ScriptDataEscaped);
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#script-data-double-escape-start-state
 * https://html.spec.whatwg.org/multipage/parsing.html#script-data-double-escape-end-state
 * The two states mirror each other: on a delimiter, "if the temporary buffer is
 * the string 'script'" switch to one state, otherwise to the other.
 */
function doubleEscapeBoundary(t: Tokenizer, c: number, ifScript: State, otherwise: State): void {
  switch (c) {
    // U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM FEED (FF), U+0020 SPACE,
    // U+002F SOLIDUS (/), U+003E GREATER-THAN SIGN (>)
    case CP.TAB:
    case CP.LF:
    case CP.FF:
    case CP.SPACE:
    case CP.SOLIDUS:
    case CP.GREATER_THAN:
      // If the temporary buffer is the string "script", then switch to ... Otherwise, switch to ... Emit the
      // current input character as a character token.
      t.state = t.temporaryBuffer === 'script' ? ifScript : otherwise;
      t.emitCurrent(c);
      return;
    default:
      // ASCII upper alpha: Append the lowercase version of the current input character to the temporary
      // buffer. Emit the current input character as a character token.
      if (isAsciiUpperAlpha(c)) {
        t.temporaryBuffer += String.fromCharCode(c + 0x20);
        t.emitCurrent(c);
        return;
      }
      // ASCII lower alpha: Append the current input character to the temporary buffer. Emit the current
      // input character as a character token.
      if (isAsciiLowerAlpha(c)) {
        t.temporaryBuffer += String.fromCharCode(c);
        t.emitCurrent(c);
        return;
      }
      // Anything else: Reconsume in the ... state.
      t.reconsumeIn(otherwise);
  }
}

export function scriptDataDoubleEscapeStartState(t: Tokenizer, c: number): void {
  doubleEscapeBoundary(t, c, State.ScriptDataDoubleEscaped, State.ScriptDataEscaped);
}

export function scriptDataDoubleEscapeEndState(t: Tokenizer, c: number): void {
  doubleEscapeBoundary(t, c, State.ScriptDataEscaped, State.ScriptDataDoubleEscaped);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-double-escaped-state */
export function scriptDataDoubleEscapedState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+002D HYPHEN-MINUS (-)
    case CP.HYPHEN:
      // Switch to the script data double escaped dash state. Emit a U+002D HYPHEN-MINUS character token.
      t.state = State.ScriptDataDoubleEscapedDash;
      t.emitCurrent(c);
      return;
    // U+003C LESS-THAN SIGN (<)
    case CP.LESS_THAN:
      // Switch to the script data double escaped less-than sign state. Emit a U+003C LESS-THAN SIGN
      // character token.
      t.state = State.ScriptDataDoubleEscapedLessThanSign;
      t.emitCurrent(c);
      return;
    // U+0000 NULL
    case CP.NULL:
      emitReplacementForNull(t);
      return;
    // EOF
    case CP.EOF:
      // This is an eof-in-script-html-comment-like-text parse error. Emit an end-of-file token.
      t.error(ErrorCode.EofInScriptHtmlCommentLikeText);
      t.emitEof();
      return;
    // Anything else
    default:
      t.emitRun(ESCAPED_STOP);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-double-escaped-dash-state */
export function scriptDataDoubleEscapedDashState(t: Tokenizer, c: number): void {
  escapedDash(t, c, true, false);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-double-escaped-dash-dash-state */
export function scriptDataDoubleEscapedDashDashState(t: Tokenizer, c: number): void {
  escapedDash(t, c, true, true);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#script-data-double-escaped-less-than-sign-state */
export function scriptDataDoubleEscapedLessThanSignState(t: Tokenizer, c: number): void {
  if (c === CP.SOLIDUS) {
    // U+002F SOLIDUS (/): Set the temporary buffer to the empty string. Switch to the script data double
    // escape end state. Emit a U+002F SOLIDUS character token.
    t.temporaryBuffer = '';
    t.state = State.ScriptDataDoubleEscapeEnd;
    t.emitCurrent(c);
    return;
  }
  // Anything else: Reconsume in the script data double escaped state.
  t.reconsumeIn(State.ScriptDataDoubleEscaped);
}
