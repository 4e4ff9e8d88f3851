/**
 * Processing instructions (whatwg/html 320c05f6, 2026-06-25).
 * https://html.spec.whatwg.org/multipage/parsing.html#processing-instruction-open-state
 *
 * `<?target data>` or `<?target data?>` is a processing instruction token. A
 * target that does not start with an ASCII alpha or `_`, holds anything but
 * ASCII alphanumerics, `-` and `_`, or is `xml` or `xml-stylesheet` (ASCII
 * case-insensitively) turns the `<?` into a bogus comment, as before.
 *
 * OPTIMIZATION: the spec collects the target in the temporary buffer; the
 * target is ASCII and cannot hold a CR, so the buffer is always the source
 * slice from just after `<?` to the current input character, and is read as
 * that slice (`Tokenizer.processingInstructionTargetSoFar`).
 */
import { CP, isAsciiAlpha, isAsciiAlphanumeric, isWhitespace, stopTable } from '../code-points';
import { ErrorCode } from '../error-codes';
import { State } from '../state';
import type { Tokenizer } from '../tokenizer';

const DATA_STOP = stopTable('?>');

/** A character the processing instruction target state appends to the temporary buffer. */
function isTargetCharacter(c: number): boolean {
  return isAsciiAlphanumeric(c) || c === CP.HYPHEN || c === 0x5f; // U+005F LOW LINE (_)
}

/** Whether `target` is an ASCII case-insensitive match for "xml" or "xml-stylesheet". */
function isDisallowedTarget(target: string): boolean {
  const n = target.length;
  if (n !== 3 && n !== 14) return false;
  const lower = target.toLowerCase();
  return lower === 'xml' || lower === 'xml-stylesheet';
}

/** EOF in a processing instruction: "This is an eof-in-processing-instruction parse error. Emit an end-of-file token." */
function eofInProcessingInstruction(t: Tokenizer): void {
  t.error(ErrorCode.EofInProcessingInstruction);
  t.emitEof();
}

/** A bad target: "This is a[n] `code` parse error. Convert the temporary buffer to a comment. Reconsume in the bogus comment state." */
function bogusTarget(t: Tokenizer, code: ErrorCode): void {
  t.error(code);
  t.convertTheTemporaryBufferToAComment();
  t.reconsumeIn(State.BogusComment);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#processing-instruction-open-state */
export function processingInstructionOpenState(t: Tokenizer, c: number): void {
  // ASCII alpha, U+005F LOW LINE (_)
  if (isAsciiAlpha(c) || c === 0x5f) {
    // Reconsume in the processing instruction target state.
    t.reconsumeIn(State.ProcessingInstructionTarget);
    return;
  }
  // EOF
  if (c === CP.EOF) {
    eofInProcessingInstruction(t);
    return;
  }
  // Anything else: This is an invalid-first-character-of-processing-instruction-target parse error.
  // Convert the temporary buffer to a comment. Reconsume in the bogus comment state.
  bogusTarget(t, ErrorCode.InvalidFirstCharacterOfProcessingInstructionTarget);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#processing-instruction-target-state */
export function processingInstructionTargetState(t: Tokenizer, c: number): void {
  // ASCII alphanumeric, U+002D HYPHEN-MINUS (-), U+005F LOW LINE (_)
  if (isTargetCharacter(c)) {
    // Append the current input character to the temporary buffer.
    // OPTIMIZATION: the whole run of such characters at once (the buffer is a source slice).
    const input = t.input;
    let i = t.pos;
    while (i < t.length && isTargetCharacter(input.charCodeAt(i))) i++;
    t.pos = i;
    return;
  }
  // U+0009 CHARACTER TABULATION, U+000A LINE FEED, U+000C FORM FEED, U+0020 SPACE,
  // U+003F QUESTION MARK (?), U+003E GREATER-THAN SIGN (>)
  if (isWhitespace(c) || c === CP.QUESTION || c === CP.GREATER_THAN) {
    const target = t.processingInstructionTargetSoFar();
    // If the temporary buffer is an ASCII case-insensitive match for "xml" or "xml-stylesheet", then this
    // is a disallowed-processing-instruction-target parse error. Convert the temporary buffer to a comment.
    // Reconsume in the bogus comment state.
    if (isDisallowedTarget(target)) {
      bogusTarget(t, ErrorCode.DisallowedProcessingInstructionTarget);
      return;
    }
    // Otherwise, create a processing instruction token whose target is the temporary buffer and whose data
    // is the empty string. Reconsume in the after processing instruction target state.
    t.createProcessingInstruction(target);
    t.reconsumeIn(State.AfterProcessingInstructionTarget);
    return;
  }
  // EOF
  if (c === CP.EOF) {
    eofInProcessingInstruction(t);
    return;
  }
  // Anything else: This is an invalid-processing-instruction-target parse error. Convert the temporary
  // buffer to a comment. Reconsume in the bogus comment state.
  bogusTarget(t, ErrorCode.InvalidProcessingInstructionTarget);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#after-processing-instruction-target-state */
export function afterProcessingInstructionTargetState(t: Tokenizer, c: number): void {
  // U+0009 CHARACTER TABULATION, U+000A LINE FEED, U+000C FORM FEED, U+0020 SPACE: Ignore the character.
  if (isWhitespace(c)) return;
  // Anything else: Reconsume in the processing instruction data state.
  t.reconsumeIn(State.ProcessingInstructionData);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#processing-instruction-data-state */
export function processingInstructionDataState(t: Tokenizer, c: number): void {
  switch (c) {
    // U+003F QUESTION MARK (?)
    case CP.QUESTION:
      // Switch to the processing instruction questionable state.
      t.state = State.ProcessingInstructionQuestionable;
      return;
    // U+003E GREATER-THAN SIGN (>)
    case CP.GREATER_THAN:
      // Switch to the data state. Emit the current processing instruction token.
      t.state = State.Data;
      t.emitProcessingInstruction(t.pos);
      return;
    // U+0000 NULL
    case CP.NULL:
      // This is an unexpected-null-character parse error. Append a U+FFFD REPLACEMENT CHARACTER character
      // to the processing instruction token's data. (As in the comment states; Chromium 156 gives
      // `<?a b\0c>` the data "b\uFFFDc".)
      t.error(ErrorCode.UnexpectedNullCharacter);
      t.processingInstructionData += '\ufffd';
      return;
    // EOF
    case CP.EOF:
      eofInProcessingInstruction(t);
      return;
    // Anything else
    default:
      // Append the current input character to the processing instruction token's data.
      t.processingInstructionData += t.takeRun(DATA_STOP);
  }
}

/** https://html.spec.whatwg.org/multipage/parsing.html#processing-instruction-questionable-state */
export function processingInstructionQuestionableState(t: Tokenizer, c: number): void {
  // U+003E GREATER-THAN SIGN (>)
  if (c === CP.GREATER_THAN) {
    // Switch to the data state. Emit the current processing instruction token.
    t.state = State.Data;
    t.emitProcessingInstruction(t.pos);
    return;
  }
  // Anything else: Append a U+003F QUESTION MARK character (?) to the processing instruction token's data.
  // Reconsume in the processing instruction data state.
  t.processingInstructionData += '?';
  t.reconsumeIn(State.ProcessingInstructionData);
}
