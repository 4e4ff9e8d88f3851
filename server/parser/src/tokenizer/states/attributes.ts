/**
 * Attribute states.
 * https://html.spec.whatwg.org/multipage/parsing.html#before-attribute-name-state
 */
import { CP, isAsciiUpperAlpha, stopTable } from '../code-points';
import { ErrorCode } from '../error-codes';
import { State } from '../state';
import type { Tokenizer } from '../tokenizer';

const ATTRIBUTE_NAME_STOP = stopTable('\t\n\f />="\'<', isAsciiUpperAlpha);
const DOUBLE_QUOTED_STOP = stopTable('"&');
const SINGLE_QUOTED_STOP = stopTable("'&");
const UNQUOTED_STOP = stopTable('\t\n\f &>"\'<=`');

/** https://html.spec.whatwg.org/multipage/parsing.html#before-attribute-name-state */
export function beforeAttributeNameState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM FEED (FF), U+0020 SPACE
    case CP.TAB:
    case CP.LF:
    case CP.FF:
    case CP.SPACE:
      // Ignore the character.
      return;
    // U+002F SOLIDUS (/), U+003E GREATER-THAN SIGN (>), EOF
    case CP.SOLIDUS:
    case CP.GREATER_THAN:
    case CP.EOF:
      // Reconsume in the after attribute name state.
      t.reconsumeIn(State.AfterAttributeName);
      return;
    // U+003D EQUALS SIGN (=)
    case CP.EQUALS:
      // This is an unexpected-equals-sign-before-attribute-name parse error. Start a new attribute in the
      // current tag token. Set that attribute's name to the current input character, and its value to the
      // empty string. Switch to the attribute name state.
      t.error(ErrorCode.UnexpectedEqualsSignBeforeAttributeName);
      t.startAttribute('=', t.cur);
      t.state = State.AttributeName;
      return;
    // Anything else
    default:
      // Start a new attribute in the current tag token. Set that attribute name and value to the empty
      // string. Reconsume in the attribute name state.
      t.startAttribute('', t.cur);
      t.reconsumeIn(State.AttributeName);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#attribute-name-state */
export function attributeNameState(t: Tokenizer, c: number): void {
  const attribute = t.attribute!;
  switch (c) {
    // U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM FEED (FF), U+0020 SPACE,
    // U+002F SOLIDUS (/), U+003E GREATER-THAN SIGN (>), EOF
    case CP.TAB:
    case CP.LF:
    case CP.FF:
    case CP.SPACE:
    case CP.SOLIDUS:
    case CP.GREATER_THAN:
    case CP.EOF:
      // Reconsume in the after attribute name state.
      t.leaveAttributeName();
      t.reconsumeIn(State.AfterAttributeName);
      return;
    // U+003D EQUALS SIGN (=)
    case CP.EQUALS:
      // Switch to the before attribute value state.
      t.leaveAttributeName();
      t.state = State.BeforeAttributeValue;
      return;
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Append a U+FFFD REPLACEMENT CHARACTER character
      // to the current attribute's name.
      t.error(ErrorCode.UnexpectedNullCharacter);
      attribute.name += '\ufffd';
      return;
    // U+0022 QUOTATION MARK ("), U+0027 APOSTROPHE ('), U+003C LESS-THAN SIGN (<)
    case CP.QUOTATION:
    case CP.APOSTROPHE:
    case CP.LESS_THAN:
      // This is an unexpected-character-in-attribute-name parse error. Treat it as per the "anything else"
      // entry below.
      t.error(ErrorCode.UnexpectedCharacterInAttributeName);
      attribute.name += String.fromCharCode(c);
      return;
    default:
      // ASCII upper alpha: Append the lowercase version of the current input character to the current
      // attribute's name.
      if (isAsciiUpperAlpha(c)) {
        attribute.name += String.fromCharCode(c + 0x20);
        return;
      }
      // Anything else: Append the current input character to the current attribute's name.
      attribute.name += t.takeNameRun(ATTRIBUTE_NAME_STOP);
      // OPTIMIZATION: most names end with `="`: take those two characters here,
      // as the `=` branch above and the before attribute value state would.
      if (t.input.charCodeAt(t.pos) === CP.EQUALS) {
        t.cur = t.pos++;
        t.leaveAttributeName();
        t.state = State.BeforeAttributeValue;
        if (t.input.charCodeAt(t.pos) === CP.QUOTATION) {
          t.cur = t.pos++;
          attribute.valueStart = t.pos;
          t.state = State.AttributeValueDoubleQuoted;
        }
      }
  }
}

/**
 * OPTIMIZATION: in the before attribute name state, a lowercase letter starts
 * an attribute ("Anything else": start a new attribute, reconsume in the
 * attribute name state). The fast paths that enter that state call this to
 * take that step without a trip through the dispatcher.
 */
export function startAttributeIfNamed(t: Tokenizer): void {
  const next = t.input.charCodeAt(t.pos);
  if (next >= CP.LOWER_A && next <= CP.LOWER_Z) {
    t.startAttribute('', t.pos);
    t.state = State.AttributeName;
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#after-attribute-name-state */
export function afterAttributeNameState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM FEED (FF), U+0020 SPACE
    case CP.TAB:
    case CP.LF:
    case CP.FF:
    case CP.SPACE:
      // Ignore the character.
      return;
    // U+002F SOLIDUS (/)
    case CP.SOLIDUS:
      // Switch to the self-closing start tag state.
      t.state = State.SelfClosingStartTag;
      return;
    // U+003D EQUALS SIGN (=)
    case CP.EQUALS:
      // Switch to the before attribute value state.
      t.state = State.BeforeAttributeValue;
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // Switch to the data state. Emit the current tag token.
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
      // Start a new attribute in the current tag token. Set that attribute name and value to the empty
      // string. Reconsume in the attribute name state.
      t.startAttribute('', t.cur);
      t.reconsumeIn(State.AttributeName);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#before-attribute-value-state */
export function beforeAttributeValueState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM FEED (FF), U+0020 SPACE
    case CP.TAB:
    case CP.LF:
    case CP.FF:
    case CP.SPACE:
      // Ignore the character.
      return;
    // U+0022 QUOTATION MARK (")
    case CP.QUOTATION:
      // Switch to the attribute value (double-quoted) state.
      t.attribute!.valueStart = t.pos;
      t.state = State.AttributeValueDoubleQuoted;
      return;
    // U+0027 APOSTROPHE (')
    case CP.APOSTROPHE:
      // Switch to the attribute value (single-quoted) state.
      t.attribute!.valueStart = t.pos;
      t.state = State.AttributeValueSingleQuoted;
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // This is a missing-attribute-value parse error. Switch to the data state. Emit the current tag token.
      t.error(ErrorCode.MissingAttributeValue);
      t.state = State.Data;
      t.emitTag(t.pos);
      return;
    // Anything else
    default:
      // Reconsume in the attribute value (unquoted) state.
      t.attribute!.valueStart = t.cur;
      t.reconsumeIn(State.AttributeValueUnquoted);
  }
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#attribute-value-(double-quoted)-state
 * https://html.spec.whatwg.org/multipage/parsing.html#attribute-value-(single-quoted)-state
 */
function attributeValueQuotedState(t: Tokenizer, c: number, quote: number, self: State, table: Uint8Array): void {
  switch (c) {
    // U+0022 QUOTATION MARK (") / U+0027 APOSTROPHE (')
    case quote:
      // Switch to the after attribute value (quoted) state.
      t.attribute!.valueEnd = t.cur;
      t.state = State.AfterAttributeValueQuoted;
      return;
    // U+0026 AMPERSAND (&)
    case CP.AMPERSAND:
      // Set the return state to the attribute value (double-quoted) state. Switch to the character
      // reference state.
      t.returnState = self;
      t.state = State.CharacterReference;
      return;
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Append a U+FFFD REPLACEMENT CHARACTER character
      // to the current attribute's value.
      t.error(ErrorCode.UnexpectedNullCharacter);
      t.attribute!.value += '\ufffd';
      return;
    // EOF
    case CP.EOF:
      // This is an eof-in-tag parse error. Emit an end-of-file token.
      t.error(ErrorCode.EofInTag);
      t.emitEof();
      return;
    // Anything else
    default:
      // Append the current input character to the current attribute's value.
      t.attribute!.value += t.takeRun(table);
      // OPTIMIZATION: most values end at their closing quote; take it here, as the branch above would,
      // and the `>` or space after it, as the after attribute value (quoted) state would.
      if (t.input.charCodeAt(t.pos) === quote) {
        t.cur = t.pos++;
        t.attribute!.valueEnd = t.cur;
        t.state = State.AfterAttributeValueQuoted;
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
}

export function attributeValueDoubleQuotedState(t: Tokenizer, c: number): void {
  attributeValueQuotedState(t, c, CP.QUOTATION, State.AttributeValueDoubleQuoted, DOUBLE_QUOTED_STOP);
}

export function attributeValueSingleQuotedState(t: Tokenizer, c: number): void {
  attributeValueQuotedState(t, c, CP.APOSTROPHE, State.AttributeValueSingleQuoted, SINGLE_QUOTED_STOP);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#attribute-value-(unquoted)-state */
export function attributeValueUnquotedState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM FEED (FF), U+0020 SPACE
    case CP.TAB:
    case CP.LF:
    case CP.FF:
    case CP.SPACE:
      // Switch to the before attribute name state.
      t.attribute!.valueEnd = t.cur;
      t.state = State.BeforeAttributeName;
      return;
    // U+0026 AMPERSAND (&)
    case CP.AMPERSAND:
      // Set the return state to the attribute value (unquoted) state. Switch to the character reference state.
      t.returnState = State.AttributeValueUnquoted;
      t.state = State.CharacterReference;
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // Switch to the data state. Emit the current tag token.
      t.attribute!.valueEnd = t.cur;
      t.state = State.Data;
      t.emitTag(t.pos);
      return;
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Append a U+FFFD REPLACEMENT CHARACTER character
      // to the current attribute's value.
      t.error(ErrorCode.UnexpectedNullCharacter);
      t.attribute!.value += '\ufffd';
      return;
    // U+0022 QUOTATION MARK ("), U+0027 APOSTROPHE ('), U+003C LESS-THAN SIGN (<), U+003D EQUALS SIGN (=),
    // U+0060 GRAVE ACCENT (`)
    case CP.QUOTATION:
    case CP.APOSTROPHE:
    case CP.LESS_THAN:
    case CP.EQUALS:
    case CP.GRAVE:
      // This is an unexpected-character-in-unquoted-attribute-value parse error. Treat it as per the
      // "anything else" entry below.
      t.error(ErrorCode.UnexpectedCharacterInUnquotedAttributeValue);
      t.attribute!.value += String.fromCharCode(c);
      return;
    // EOF
    case CP.EOF:
      // This is an eof-in-tag parse error. Emit an end-of-file token.
      t.error(ErrorCode.EofInTag);
      t.emitEof();
      return;
    // Anything else
    default:
      // Append the current input character to the current attribute's value.
      t.attribute!.value += t.takeRun(UNQUOTED_STOP);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#after-attribute-value-(quoted)-state */
export function afterAttributeValueQuotedState(t: Tokenizer, c: number): void {
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
    // EOF
    case CP.EOF:
      // This is an eof-in-tag parse error. Emit an end-of-file token.
      t.error(ErrorCode.EofInTag);
      t.emitEof();
      return;
    // Anything else
    default:
      // This is a missing-whitespace-between-attributes parse error. Reconsume in the before attribute name state.
      t.error(ErrorCode.MissingWhitespaceBetweenAttributes);
      t.reconsumeIn(State.BeforeAttributeName);
  }
}
