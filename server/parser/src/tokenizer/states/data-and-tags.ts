/**
 * Data, PLAINTEXT and tag states.
 * https://html.spec.whatwg.org/multipage/parsing.html#tokenization
 */
import { CP, isAsciiAlpha, isAsciiUpperAlpha, stopTable } from '../code-points';
import { startAttributeIfNamed } from './attributes';
import { ErrorCode } from '../error-codes';
import { State } from '../state';
import type { Tokenizer } from '../tokenizer';

const DATA_STOP = stopTable('<&');
const PLAINTEXT_STOP = stopTable('');
const TAG_NAME_STOP = stopTable('\t\n\f />', isAsciiUpperAlpha);

/** https://html.spec.whatwg.org/multipage/parsing.html#data-state */
export function dataState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+0026 AMPERSAND (&)
    case CP.AMPERSAND:
      // Set the return state to the data state. Switch to the character reference state.
      t.returnState = State.Data;
      t.state = State.CharacterReference;
      return;
    // U+003C LESS-THAN SIGN (<)
    case CP.LESS_THAN: {
      // Switch to the tag open state.
      t.tokenStart = t.cur;
      // OPTIMIZATION: a tag name follows most `<` and `</`: do here what the tag
      // open and end tag open states do with its first letter (create the tag
      // token and reconsume in the tag name state), without a trip through the
      // dispatcher for each. The characters skipped are ASCII, which the
      // preprocessor never reports.
      const next = t.input.charCodeAt(t.pos);
      if (isAsciiAlpha(next)) {
        t.createTag(false, t.cur);
        t.state = State.TagName;
        return;
      }
      if (next === CP.SOLIDUS && isAsciiAlpha(t.input.charCodeAt(t.pos + 1))) {
        t.createTag(true, t.cur);
        t.pos++;
        t.state = State.TagName;
        return;
      }
      t.state = State.TagOpen;
      return;
    }
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Emit the current input character as a character token.
      t.error(ErrorCode.UnexpectedNullCharacter);
      t.emitSeparateChunk('\u0000', t.cur, t.pos);
      return;
    // EOF
    case CP.EOF:
      // Emit an end-of-file token.
      t.emitEof();
      return;
    // Anything else
    default:
      // Emit the current input character as a character token.
      t.emitRun(DATA_STOP);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#plaintext-state */
export function plaintextState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Emit a U+FFFD REPLACEMENT CHARACTER character token.
      t.error(ErrorCode.UnexpectedNullCharacter);
      t.emitText('\ufffd', t.cur, t.pos);
      return;
    // EOF
    case CP.EOF:
      t.emitEof();
      return;
    // Anything else
    default:
      t.emitRun(PLAINTEXT_STOP);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#tag-open-state */
export function tagOpenState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+0021 EXCLAMATION MARK (!)
    case CP.EXCLAMATION:
      // Switch to the markup declaration open state.
      t.state = State.MarkupDeclarationOpen;
      return;
    // U+002F SOLIDUS (/)
    case CP.SOLIDUS:
      // Switch to the end tag open state.
      t.state = State.EndTagOpen;
      return;
    // U+003F QUESTION MARK (?)
    case CP.QUESTION:
      // Set the temporary buffer to the empty string. Switch to the processing instruction open state.
      // (whatwg/html 320c05f6: this was the unexpected-question-mark-instead-of-tag-name parse error and a
      // bogus comment; the target is read as a source slice, see processing-instructions.ts.)
      t.temporaryBuffer = '';
      t.state = State.ProcessingInstructionOpen;
      return;
    // EOF
    case CP.EOF:
      // This is an eof-before-tag-name parse error. Emit a U+003C LESS-THAN SIGN character token and an
      // end-of-file token.
      t.error(ErrorCode.EofBeforeTagName);
      t.emitText('<', t.tokenStart, t.tokenStart + 1);
      t.emitEof();
      return;
    default:
      // ASCII alpha: Create a new start tag token, set its tag name to the empty string. Reconsume in the
      // tag name state.
      if (isAsciiAlpha(c)) {
        t.createTag(false, t.tokenStart);
        t.reconsumeIn(State.TagName);
        return;
      }
      // Anything else: This is an invalid-first-character-of-tag-name parse error. Emit a U+003C LESS-THAN
      // SIGN character token. Reconsume in the data state.
      t.error(ErrorCode.InvalidFirstCharacterOfTagName);
      t.emitText('<', t.tokenStart, t.tokenStart + 1);
      t.reconsumeIn(State.Data);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#end-tag-open-state */
export function endTagOpenState(t: Tokenizer, c: number): void {
  if (isAsciiAlpha(c)) {
    // ASCII alpha: Create a new end tag token, set its tag name to the empty string. Reconsume in the tag
    // name state.
    t.createTag(true, t.tokenStart);
    t.reconsumeIn(State.TagName);
    return;
  }
  switch (c) {
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // This is a missing-end-tag-name parse error. Switch to the data state.
      t.error(ErrorCode.MissingEndTagName);
      t.state = State.Data;
      return;
    // EOF
    case CP.EOF:
      // This is an eof-before-tag-name parse error. Emit a U+003C LESS-THAN SIGN character token, a U+002F
      // SOLIDUS character token and an end-of-file token.
      t.error(ErrorCode.EofBeforeTagName);
      t.emitText('</', t.tokenStart, t.tokenStart + 2);
      t.emitEof();
      return;
    // Anything else
    default:
      // This is an invalid-first-character-of-tag-name parse error. Create a comment token whose data is
      // the empty string. Reconsume in the bogus comment state.
      t.error(ErrorCode.InvalidFirstCharacterOfTagName);
      t.createComment('', t.tokenStart);
      t.reconsumeIn(State.BogusComment);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#tag-name-state */
export function tagNameState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM FEED (FF), U+0020 SPACE
    case CP.TAB:
    case CP.LF:
    case CP.FF:
    case CP.SPACE:
      // Switch to the before attribute name state.
      t.state = State.BeforeAttributeName;
      return;
    // U+002F SOLIDUS (/)
    case CP.SOLIDUS:
      // Switch to the self-closing start tag state.
      t.state = State.SelfClosingStartTag;
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // Switch to the data state. Emit the current tag token.
      t.state = State.Data;
      t.emitTag(t.pos);
      return;
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Append a U+FFFD REPLACEMENT CHARACTER character
      // to the current tag token's tag name.
      t.error(ErrorCode.UnexpectedNullCharacter);
      t.tagName += '\ufffd';
      return;
    // EOF
    case CP.EOF:
      // This is an eof-in-tag parse error. Emit an end-of-file token.
      t.error(ErrorCode.EofInTag);
      t.emitEof();
      return;
    default:
      // ASCII upper alpha: Append the lowercase version of the current input character (add 0x0020 to the
      // character's code point) to the current tag token's tag name.
      if (isAsciiUpperAlpha(c)) {
        t.tagName += String.fromCharCode(c + 0x20);
        return;
      }
      // Anything else: Append the current input character to the current tag token's tag name.
      t.tagName += t.takeNameRun(TAG_NAME_STOP);
      // OPTIMIZATION: most tag names end with `>` or a space; take that character here, as the branches above
      // would, instead of going back through the dispatcher for it.
      switch (t.input.charCodeAt(t.pos)) {
        case CP.GREATER_THAN:
          t.cur = t.pos++;
          t.state = State.Data;
          t.emitTag(t.pos);
          return;
        case CP.SPACE:
          t.cur = t.pos++;
          t.state = State.BeforeAttributeName;
          startAttributeIfNamed(t);
          return;
      }
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#self-closing-start-tag-state */
export function selfClosingStartTagState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // Set the self-closing flag of the current tag token. Switch to the data state. Emit the current tag token.
      t.tagSelfClosing = true;
      t.state = State.Data;
      t.emitTag(t.pos);
      return;
    // EOF
    case CP.EOF:
      // This is an eof-in-tag parse error. Emit an end-of-file token.
      t.error(ErrorCode.EofInTag);
      t.emitEof();
      return;
    // Anything else
    default:
      // This is an unexpected-solidus-in-tag parse error. Reconsume in the before attribute name state.
      t.error(ErrorCode.UnexpectedSolidusInTag);
      t.reconsumeIn(State.BeforeAttributeName);
  }
}

