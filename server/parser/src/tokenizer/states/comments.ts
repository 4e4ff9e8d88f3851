/**
 * Markup declarations, comments, bogus comments and CDATA sections.
 * https://html.spec.whatwg.org/multipage/parsing.html#markup-declaration-open-state
 */
import { CP, stopTable } from '../code-points';
import { ErrorCode } from '../error-codes';
import { State } from '../state';
import type { Tokenizer } from '../tokenizer';

const BOGUS_COMMENT_STOP = stopTable('>');
const COMMENT_STOP = stopTable('<-');
const CDATA_STOP = stopTable(']');

/** EOF inside a comment: "This is an eof-in-comment parse error. Emit the current comment token. Emit an end-of-file token." */
function eofInComment(t: Tokenizer): void {
  t.error(ErrorCode.EofInComment);
  t.emitComment(t.length);
  t.emitEof();
}

/** https://html.spec.whatwg.org/multipage/parsing.html#bogus-comment-state */
export function bogusCommentState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // Switch to the data state. Emit the current comment token.
      t.state = State.Data;
      t.emitComment(t.pos);
      return;
    // EOF
    case CP.EOF:
      // Emit the comment. Emit an end-of-file token.
      t.emitComment(t.length);
      t.emitEof();
      return;
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Append a U+FFFD REPLACEMENT CHARACTER character
      // to the comment token's data.
      t.error(ErrorCode.UnexpectedNullCharacter);
      t.commentData += '\ufffd';
      return;
    // Anything else
    default:
      // Append the current input character to the comment token's data.
      t.commentData += t.takeRun(BOGUS_COMMENT_STOP);
  }
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#markup-declaration-open-state
 * The state looks ahead rather than consuming one character: `c` is the
 * character after `!`, at `t.cur`, and is reconsumed when nothing matches.
 */
export function markupDeclarationOpenState(t: Tokenizer, c: number): void {
  const at = t.cur;
  // If the next two characters are both U+002D HYPHEN-MINUS characters (-), consume those two characters,
  // create a comment token whose data is the empty string, and switch to the comment start state.
  if (c === CP.HYPHEN && t.nextCharactersAre('--', at, false)) {
    t.pos = at + 2;
    t.createComment('', t.tokenStart);
    t.state = State.CommentStart;
    return;
  }
  // Otherwise, if the next seven characters are an ASCII case-insensitive match for the word "DOCTYPE",
  // consume those characters and switch to the DOCTYPE state.
  if (t.nextCharactersAre('doctype', at, true)) {
    t.pos = at + 7;
    t.state = State.DOCTYPE;
    return;
  }
  // Otherwise, if the next seven characters are a case-sensitive match for the string "[CDATA[" (the five
  // uppercase letters "CDATA" with a U+005B LEFT SQUARE BRACKET character before and after), then consume
  // those characters.
  if (t.nextCharactersAre('[CDATA[', at, false)) {
    t.pos = at + 7;
    // If there is an adjusted current node and it is not an element in the HTML namespace, then switch to
    // the CDATA section state.
    if (t.isCdataAllowed()) {
      t.state = State.CDATASection;
      return;
    }
    // Otherwise, this is a cdata-in-html-content parse error. Create a comment token whose data is the
    // "[CDATA[" string. Switch to the bogus comment state.
    t.error(ErrorCode.CdataInHtmlContent, at + 6);
    t.createComment('[CDATA[', t.tokenStart);
    t.state = State.BogusComment;
    return;
  }
  // Anything else: This is an incorrectly-opened-comment parse error. Create a comment token whose data is
  // the empty string. Switch to the bogus comment state (don't consume anything in the current state).
  t.error(ErrorCode.IncorrectlyOpenedComment, at);
  t.createComment('', t.tokenStart);
  t.reconsumeIn(State.BogusComment);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#comment-start-state */
export function commentStartState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+002D HYPHEN-MINUS (-)
    case CP.HYPHEN:
      // Switch to the comment start dash state.
      t.state = State.CommentStartDash;
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // This is an abrupt-closing-of-empty-comment parse error. Switch to the data state. Emit the current
      // comment token.
      t.error(ErrorCode.AbruptClosingOfEmptyComment);
      t.state = State.Data;
      t.emitComment(t.pos);
      return;
    // Anything else
    default:
      // Reconsume in the comment state.
      t.reconsumeIn(State.Comment);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#comment-start-dash-state */
export function commentStartDashState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+002D HYPHEN-MINUS (-)
    case CP.HYPHEN:
      // Switch to the comment end state.
      t.state = State.CommentEnd;
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // This is an abrupt-closing-of-empty-comment parse error. Switch to the data state. Emit the current
      // comment token.
      t.error(ErrorCode.AbruptClosingOfEmptyComment);
      t.state = State.Data;
      t.emitComment(t.pos);
      return;
    // EOF
    case CP.EOF:
      eofInComment(t);
      return;
    // Anything else
    default:
      // Append a U+002D HYPHEN-MINUS character (-) to the comment token's data. Reconsume in the comment state.
      t.commentData += '-';
      t.reconsumeIn(State.Comment);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#comment-state */
export function commentState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+003C LESS-THAN SIGN (<)
    case CP.LESS_THAN:
      // Append the current input character to the comment token's data. Switch to the comment less-than
      // sign state.
      t.commentData += '<';
      t.state = State.CommentLessThanSign;
      return;
    // U+002D HYPHEN-MINUS (-)
    case CP.HYPHEN:
      // Switch to the comment end dash state.
      t.state = State.CommentEndDash;
      return;
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Append a U+FFFD REPLACEMENT CHARACTER character
      // to the comment token's data.
      t.error(ErrorCode.UnexpectedNullCharacter);
      t.commentData += '\ufffd';
      return;
    // EOF
    case CP.EOF:
      eofInComment(t);
      return;
    // Anything else
    default:
      // Append the current input character to the comment token's data.
      t.commentData += t.takeRun(COMMENT_STOP);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#comment-less-than-sign-state */
export function commentLessThanSignState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+0021 EXCLAMATION MARK (!)
    case CP.EXCLAMATION:
      // Append the current input character to the comment token's data. Switch to the comment less-than
      // sign bang state.
      t.commentData += '!';
      t.state = State.CommentLessThanSignBang;
      return;
    // U+003C LESS-THAN SIGN (<)
    case CP.LESS_THAN:
      // Append the current input character to the comment token's data.
      t.commentData += '<';
      return;
    // Anything else
    default:
      // Reconsume in the comment state.
      t.reconsumeIn(State.Comment);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#comment-less-than-sign-bang-state */
export function commentLessThanSignBangState(t: Tokenizer, c: number): void {
  // U+002D HYPHEN-MINUS (-): Switch to the comment less-than sign bang dash state.
  if (c === CP.HYPHEN) t.state = State.CommentLessThanSignBangDash;
  // Anything else: Reconsume in the comment state.
  else t.reconsumeIn(State.Comment);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#comment-less-than-sign-bang-dash-state */
export function commentLessThanSignBangDashState(t: Tokenizer, c: number): void {
  // U+002D HYPHEN-MINUS (-): Switch to the comment less-than sign bang dash dash state.
  if (c === CP.HYPHEN) t.state = State.CommentLessThanSignBangDashDash;
  // Anything else: Reconsume in the comment end dash state.
  else t.reconsumeIn(State.CommentEndDash);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#comment-less-than-sign-bang-dash-dash-state */
export function commentLessThanSignBangDashDashState(t: Tokenizer, c: number): void {
  // U+003E GREATER-THAN SIGN (>), EOF: Reconsume in the comment end state.
  // Anything else: This is a nested-comment parse error. Reconsume in the comment end state.
  if (c !== CP.GREATER_THAN && c !== CP.EOF) t.error(ErrorCode.NestedComment);
  t.reconsumeIn(State.CommentEnd);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#comment-end-dash-state */
export function commentEndDashState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+002D HYPHEN-MINUS (-)
    case CP.HYPHEN:
      // Switch to the comment end state.
      t.state = State.CommentEnd;
      return;
    // EOF
    case CP.EOF:
      eofInComment(t);
      return;
    // Anything else
    default:
      // Append a U+002D HYPHEN-MINUS character (-) to the comment token's data. Reconsume in the comment state.
      t.commentData += '-';
      t.reconsumeIn(State.Comment);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#comment-end-state */
export function commentEndState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // Switch to the data state. Emit the current comment token.
      t.state = State.Data;
      t.emitComment(t.pos);
      return;
    // U+0021 EXCLAMATION MARK (!)
    case CP.EXCLAMATION:
      // Switch to the comment end bang state.
      t.state = State.CommentEndBang;
      return;
    // U+002D HYPHEN-MINUS (-)
    case CP.HYPHEN:
      // Append a U+002D HYPHEN-MINUS character (-) to the comment token's data.
      t.commentData += '-';
      return;
    // EOF
    case CP.EOF:
      eofInComment(t);
      return;
    // Anything else
    default:
      // Append two U+002D HYPHEN-MINUS characters (-) to the comment token's data. Reconsume in the comment state.
      t.commentData += '--';
      t.reconsumeIn(State.Comment);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#comment-end-bang-state */
export function commentEndBangState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+002D HYPHEN-MINUS (-)
    case CP.HYPHEN:
      // Append two U+002D HYPHEN-MINUS characters (-) and a U+0021 EXCLAMATION MARK character (!) to the
      // comment token's data. Switch to the comment end dash state.
      t.commentData += '--!';
      t.state = State.CommentEndDash;
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // This is an incorrectly-closed-comment parse error. Switch to the data state. Emit the current comment token.
      t.error(ErrorCode.IncorrectlyClosedComment);
      t.state = State.Data;
      t.emitComment(t.pos);
      return;
    // EOF
    case CP.EOF:
      eofInComment(t);
      return;
    // Anything else
    default:
      // Append two U+002D HYPHEN-MINUS characters (-) and a U+0021 EXCLAMATION MARK character (!) to the
      // comment token's data. Reconsume in the comment state.
      t.commentData += '--!';
      t.reconsumeIn(State.Comment);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#cdata-section-state */
export function cdataSectionState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+005D RIGHT SQUARE BRACKET (])
    case CP.RIGHT_BRACKET:
      // Switch to the CDATA section bracket state.
      t.state = State.CDATASectionBracket;
      return;
    // EOF
    case CP.EOF:
      // This is an eof-in-cdata parse error. Emit an end-of-file token.
      t.error(ErrorCode.EofInCdata);
      t.emitEof();
      return;
    // U+0000 NULL is "anything else" here; it is emitted as a chunk of its own
    // so that the tree builder can report it at its position.
    case CP.NULL:
      t.emitSeparateChunk('\u0000', t.cur, t.pos);
      return;
    // Anything else
    default:
      // Emit the current input character as a character token.
      t.emitRun(CDATA_STOP);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#cdata-section-bracket-state */
export function cdataSectionBracketState(t: Tokenizer, c: number): void {
  // U+005D RIGHT SQUARE BRACKET (]): Switch to the CDATA section end state.
  if (c === CP.RIGHT_BRACKET) {
    t.state = State.CDATASectionEnd;
    return;
  }
  // Anything else: Emit a U+005D RIGHT SQUARE BRACKET character token. Reconsume in the CDATA section state.
  t.emitText(']', t.cur - 1, t.cur);
  t.reconsumeIn(State.CDATASection);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#cdata-section-end-state */
export function cdataSectionEndState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+005D RIGHT SQUARE BRACKET (])
    case CP.RIGHT_BRACKET:
      // Emit a U+005D RIGHT SQUARE BRACKET character token.
      t.emitText(']', t.cur - 2, t.cur - 1);
      return;
    // U+003E GREATER-THAN SIGN character
    case CP.GREATER_THAN:
      // Switch to the data state.
      t.state = State.Data;
      return;
    // Anything else
    default:
      // Emit two U+005D RIGHT SQUARE BRACKET character tokens. Reconsume in the CDATA section state.
      t.emitText(']]', t.cur - 2, t.cur);
      t.reconsumeIn(State.CDATASection);
  }
}
