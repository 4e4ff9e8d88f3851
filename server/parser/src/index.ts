/**
 * @tagtree/parser: a WHATWG HTML parser with source locations and every parse
 * error. Pure TypeScript: it imports nothing from Node or any editor.
 */
export { tokenize } from './tokenizer/tokenize';
export type { InitialState, TokenizeOptions, TokenizeResult } from './tokenizer/tokenize';
export type { Token, DoctypeToken, StartTagToken, EndTagToken, CommentToken, CharactersToken, ProcessingInstructionToken, Attribute } from './tokenizer/tokens';
export type { ParseError, ParseErrorDescription } from './errors';
export { processingInstructionAttributes, getAProcessingInstructionAttribute } from './processing-instruction-attributes';
export type { SourceText } from './source-text';
export { describeParseError, isParseErrorCode, parseErrorSummary, parseErrorHref, parseErrorCodes } from './parse-error-description';
export { ErrorCode } from './tokenizer/error-codes';
export { lineColumn, LineIndex } from './line-index';
export {
  sniffEncoding,
  prescanAByteStream,
  getAnXmlEncoding,
  getAnEncodingFromLabel,
  extractACharacterEncodingFromAMetaElement,
  bomSniff,
  decodeBytes,
  canDecode,
  ENCODING_NAMES,
  PRESCAN_BYTE_LIMIT,
  DEFAULT_FALLBACK_ENCODING,
} from './encoding/index';
export type {
  EncodingName,
  SniffOptions,
  SniffResult,
  Confidence,
  EncodingSource,
  EncodingDeclaration,
  EncodingDeclarationKind,
} from './encoding/index';
export * as microsyntaxes from './microsyntaxes/index';
export { serialize, escapeString } from './serializer/serialize';
export type { SerializableNode, SerializeOptions } from './serializer/serialize';
export { parseBytes, EncodingDiagnosticCode } from './bytes';
export type { ParseBytesOptions, ParseBytesResult, EncodingDiagnostic, MetaEncodingDeclaration, EncodingChange } from './bytes';
export * from './tree/index';
export { reparse } from './incremental/reparse';
export { describeExplanation, refusalTotals } from './incremental/explain';
export type { TextEdit, ReparseOptions, ReattributedElement, ReparseExplanation, RefusalReason } from './incremental/reparse';
export * from './attributes/index';
export * from './conformance/index';
export * from './format/index';
