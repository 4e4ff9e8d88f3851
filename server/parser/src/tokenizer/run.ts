/**
 * The tokenizer's dispatcher: a `switch` on the numeric state, one state
 * function per spec state (`states/*.ts`).
 * https://html.spec.whatwg.org/multipage/parsing.html#tokenization
 */
import { CP } from './code-points';
import { State } from './state';
import type { Tokenizer } from './tokenizer';
import { dataState, plaintextState, tagOpenState, endTagOpenState, tagNameState, selfClosingStartTagState } from './states/data-and-tags';
import {
  beforeAttributeNameState,
  attributeNameState,
  afterAttributeNameState,
  beforeAttributeValueState,
  attributeValueDoubleQuotedState,
  attributeValueSingleQuotedState,
  attributeValueUnquotedState,
  afterAttributeValueQuotedState,
} from './states/attributes';
import {
  rcdataState,
  rawtextState,
  scriptDataState,
  rcdataLessThanSignState,
  rcdataEndTagOpenState,
  rcdataEndTagNameState,
  rawtextLessThanSignState,
  rawtextEndTagOpenState,
  rawtextEndTagNameState,
  scriptDataLessThanSignState,
  scriptDataEndTagOpenState,
  scriptDataEndTagNameState,
  scriptDataEscapeStartState,
  scriptDataEscapeStartDashState,
  scriptDataEscapedState,
  scriptDataEscapedDashState,
  scriptDataEscapedDashDashState,
  scriptDataEscapedLessThanSignState,
  scriptDataEscapedEndTagOpenState,
  scriptDataEscapedEndTagNameState,
  scriptDataDoubleEscapeStartState,
  scriptDataDoubleEscapedState,
  scriptDataDoubleEscapedDashState,
  scriptDataDoubleEscapedDashDashState,
  scriptDataDoubleEscapedLessThanSignState,
  scriptDataDoubleEscapeEndState,
} from './states/raw-text';
import {
  bogusCommentState,
  markupDeclarationOpenState,
  commentStartState,
  commentStartDashState,
  commentState,
  commentLessThanSignState,
  commentLessThanSignBangState,
  commentLessThanSignBangDashState,
  commentLessThanSignBangDashDashState,
  commentEndDashState,
  commentEndState,
  commentEndBangState,
  cdataSectionState,
  cdataSectionBracketState,
  cdataSectionEndState,
} from './states/comments';
import {
  doctypeState,
  beforeDoctypeNameState,
  doctypeNameState,
  afterDoctypeNameState,
  afterDoctypePublicKeywordState,
  beforeDoctypePublicIdentifierState,
  doctypePublicIdentifierQuotedState,
  afterDoctypePublicIdentifierState,
  betweenDoctypePublicAndSystemIdentifiersState,
  afterDoctypeSystemKeywordState,
  beforeDoctypeSystemIdentifierState,
  doctypeSystemIdentifierQuotedState,
  afterDoctypeSystemIdentifierState,
  bogusDoctypeState,
} from './states/doctype';
import {
  processingInstructionOpenState,
  processingInstructionTargetState,
  afterProcessingInstructionTargetState,
  processingInstructionDataState,
  processingInstructionQuestionableState,
} from './states/processing-instructions';
import {
  characterReferenceState,
  namedCharacterReferenceState,
  ambiguousAmpersandState,
  numericCharacterReferenceState,
  hexadecimalCharacterReferenceStartState,
  decimalCharacterReferenceStartState,
  hexadecimalCharacterReferenceState,
  decimalCharacterReferenceState,
} from './states/character-references';

/** Tokenizes to the end of the input, feeding the tokenizer's sink. */
export function runTheTokenizer(t: Tokenizer): void {
  while (!t.done) step(t, t.consume());
}

/** Dispatches the current input character to the current state. */
function step(t: Tokenizer, c: number): void {
  switch (t.state) {
    case State.Data: return dataState(t, c);
    case State.RCDATA: return rcdataState(t, c);
    case State.RAWTEXT: return rawtextState(t, c);
    case State.ScriptData: return scriptDataState(t, c);
    case State.PLAINTEXT: return plaintextState(t, c);
    case State.TagOpen: return tagOpenState(t, c);
    case State.EndTagOpen: return endTagOpenState(t, c);
    case State.TagName: return tagNameState(t, c);
    case State.RCDATALessThanSign: return rcdataLessThanSignState(t, c);
    case State.RCDATAEndTagOpen: return rcdataEndTagOpenState(t, c);
    case State.RCDATAEndTagName: return rcdataEndTagNameState(t, c);
    case State.RAWTEXTLessThanSign: return rawtextLessThanSignState(t, c);
    case State.RAWTEXTEndTagOpen: return rawtextEndTagOpenState(t, c);
    case State.RAWTEXTEndTagName: return rawtextEndTagNameState(t, c);
    case State.ScriptDataLessThanSign: return scriptDataLessThanSignState(t, c);
    case State.ScriptDataEndTagOpen: return scriptDataEndTagOpenState(t, c);
    case State.ScriptDataEndTagName: return scriptDataEndTagNameState(t, c);
    case State.ScriptDataEscapeStart: return scriptDataEscapeStartState(t, c);
    case State.ScriptDataEscapeStartDash: return scriptDataEscapeStartDashState(t, c);
    case State.ScriptDataEscaped: return scriptDataEscapedState(t, c);
    case State.ScriptDataEscapedDash: return scriptDataEscapedDashState(t, c);
    case State.ScriptDataEscapedDashDash: return scriptDataEscapedDashDashState(t, c);
    case State.ScriptDataEscapedLessThanSign: return scriptDataEscapedLessThanSignState(t, c);
    case State.ScriptDataEscapedEndTagOpen: return scriptDataEscapedEndTagOpenState(t, c);
    case State.ScriptDataEscapedEndTagName: return scriptDataEscapedEndTagNameState(t, c);
    case State.ScriptDataDoubleEscapeStart: return scriptDataDoubleEscapeStartState(t, c);
    case State.ScriptDataDoubleEscaped: return scriptDataDoubleEscapedState(t, c);
    case State.ScriptDataDoubleEscapedDash: return scriptDataDoubleEscapedDashState(t, c);
    case State.ScriptDataDoubleEscapedDashDash: return scriptDataDoubleEscapedDashDashState(t, c);
    case State.ScriptDataDoubleEscapedLessThanSign: return scriptDataDoubleEscapedLessThanSignState(t, c);
    case State.ScriptDataDoubleEscapeEnd: return scriptDataDoubleEscapeEndState(t, c);
    case State.BeforeAttributeName: return beforeAttributeNameState(t, c);
    case State.AttributeName: return attributeNameState(t, c);
    case State.AfterAttributeName: return afterAttributeNameState(t, c);
    case State.BeforeAttributeValue: return beforeAttributeValueState(t, c);
    case State.AttributeValueDoubleQuoted: return attributeValueDoubleQuotedState(t, c);
    case State.AttributeValueSingleQuoted: return attributeValueSingleQuotedState(t, c);
    case State.AttributeValueUnquoted: return attributeValueUnquotedState(t, c);
    case State.AfterAttributeValueQuoted: return afterAttributeValueQuotedState(t, c);
    case State.SelfClosingStartTag: return selfClosingStartTagState(t, c);
    case State.BogusComment: return bogusCommentState(t, c);
    case State.MarkupDeclarationOpen: return markupDeclarationOpenState(t, c);
    case State.CommentStart: return commentStartState(t, c);
    case State.CommentStartDash: return commentStartDashState(t, c);
    case State.Comment: return commentState(t, c);
    case State.CommentLessThanSign: return commentLessThanSignState(t, c);
    case State.CommentLessThanSignBang: return commentLessThanSignBangState(t, c);
    case State.CommentLessThanSignBangDash: return commentLessThanSignBangDashState(t, c);
    case State.CommentLessThanSignBangDashDash: return commentLessThanSignBangDashDashState(t, c);
    case State.CommentEndDash: return commentEndDashState(t, c);
    case State.CommentEnd: return commentEndState(t, c);
    case State.CommentEndBang: return commentEndBangState(t, c);
    case State.DOCTYPE: return doctypeState(t, c);
    case State.BeforeDOCTYPEName: return beforeDoctypeNameState(t, c);
    case State.DOCTYPEName: return doctypeNameState(t, c);
    case State.AfterDOCTYPEName: return afterDoctypeNameState(t, c);
    case State.AfterDOCTYPEPublicKeyword: return afterDoctypePublicKeywordState(t, c);
    case State.BeforeDOCTYPEPublicIdentifier: return beforeDoctypePublicIdentifierState(t, c);
    case State.DOCTYPEPublicIdentifierDoubleQuoted: return doctypePublicIdentifierQuotedState(t, c, CP.QUOTATION);
    case State.DOCTYPEPublicIdentifierSingleQuoted: return doctypePublicIdentifierQuotedState(t, c, CP.APOSTROPHE);
    case State.AfterDOCTYPEPublicIdentifier: return afterDoctypePublicIdentifierState(t, c);
    case State.BetweenDOCTYPEPublicAndSystemIdentifiers: return betweenDoctypePublicAndSystemIdentifiersState(t, c);
    case State.AfterDOCTYPESystemKeyword: return afterDoctypeSystemKeywordState(t, c);
    case State.BeforeDOCTYPESystemIdentifier: return beforeDoctypeSystemIdentifierState(t, c);
    case State.DOCTYPESystemIdentifierDoubleQuoted: return doctypeSystemIdentifierQuotedState(t, c, CP.QUOTATION);
    case State.DOCTYPESystemIdentifierSingleQuoted: return doctypeSystemIdentifierQuotedState(t, c, CP.APOSTROPHE);
    case State.AfterDOCTYPESystemIdentifier: return afterDoctypeSystemIdentifierState(t, c);
    case State.BogusDOCTYPE: return bogusDoctypeState(t, c);
    case State.CDATASection: return cdataSectionState(t, c);
    case State.CDATASectionBracket: return cdataSectionBracketState(t, c);
    case State.CDATASectionEnd: return cdataSectionEndState(t, c);
    case State.CharacterReference: return characterReferenceState(t, c);
    case State.NamedCharacterReference: return namedCharacterReferenceState(t, c);
    case State.AmbiguousAmpersand: return ambiguousAmpersandState(t, c);
    case State.NumericCharacterReference: return numericCharacterReferenceState(t, c);
    case State.HexadecimalCharacterReferenceStart: return hexadecimalCharacterReferenceStartState(t, c);
    case State.DecimalCharacterReferenceStart: return decimalCharacterReferenceStartState(t, c);
    case State.HexadecimalCharacterReference: return hexadecimalCharacterReferenceState(t, c);
    case State.DecimalCharacterReference: return decimalCharacterReferenceState(t, c);
    case State.ProcessingInstructionOpen: return processingInstructionOpenState(t, c);
    case State.ProcessingInstructionTarget: return processingInstructionTargetState(t, c);
    case State.AfterProcessingInstructionTarget: return afterProcessingInstructionTargetState(t, c);
    case State.ProcessingInstructionData: return processingInstructionDataState(t, c);
    case State.ProcessingInstructionQuestionable: return processingInstructionQuestionableState(t, c);
    // The numeric character reference end state consumes no character; the
    // states that reach it run it directly (see character-references.ts).
    case State.NumericCharacterReferenceEnd: throw new Error('unreachable: numeric character reference end state');
  }
}
