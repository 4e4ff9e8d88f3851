/**
 * The input byte stream: encoding labels, the encoding sniffing algorithm and
 * decoding.
 * https://html.spec.whatwg.org/multipage/parsing.html#the-input-byte-stream
 */
export { bomSniff, type BomSniffResult } from './bom-sniff';
export { canDecode, decodeBytes } from './decode';
export {
  extractACharacterEncodingFromAMetaElement,
  findTheLabelInAMetaContent,
  type MetaContentEncoding,
  type MetaContentLabel,
} from './extract-encoding-from-meta';
export { getAnEncodingFromLabel } from './get-an-encoding';
export { ENCODING_LABELS, ENCODING_NAMES, ENCODING_SPEC_NAMES, type EncodingName } from './labels.generated';
export {
  getAnXmlEncoding,
  prescanAByteStream,
  PRESCAN_BYTE_LIMIT,
  type EncodingDeclaration,
  type EncodingDeclarationKind,
  type PrescanOptions,
  type PrescanResult,
} from './prescan';
export {
  DEFAULT_FALLBACK_ENCODING,
  sniffEncoding,
  type Confidence,
  type EncodingSource,
  type SniffOptions,
  type SniffResult,
} from './sniff';
