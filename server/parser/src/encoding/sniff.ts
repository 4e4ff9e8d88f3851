import { bomSniff } from './bom-sniff';
import { getAnEncodingFromLabel } from './get-an-encoding';
import type { EncodingName } from './labels.generated';
import { prescanAByteStream, PRESCAN_BYTE_LIMIT, type EncodingDeclaration } from './prescan';

/**
 * How sure the parser is of the encoding. A tentative encoding may later be
 * changed by a `meta` element ("change the encoding"); a certain one may not.
 * (The spec's third value, irrelevant, applies to parsers fed characters, not bytes.)
 * https://html.spec.whatwg.org/multipage/parsing.html#concept-encoding-confidence
 */
export type Confidence = 'certain' | 'tentative';

/** Which step of the encoding sniffing algorithm chose the encoding. */
export type EncodingSource =
  /** A byte order mark (step 1). */
  | 'bom'
  /** The user's explicit override (step 2). */
  | 'override'
  /** The transport layer, e.g. the `charset` parameter of Content-Type (step 4). */
  | 'transport'
  /** A `meta` declaration found by the prescan (step 5). */
  | 'prescan'
  /** An XML declaration found by the prescan (step 5), in ASCII or as UTF-16 `<?x`. */
  | 'xml-declaration'
  /** The default encoding (step 9). */
  | 'fallback';

export interface SniffOptions {
  /** A label the user chose to override the document's encoding with. Must be a valid label. */
  override?: string;
  /**
   * The label the transport layer gives, e.g. the `charset` parameter of the
   * Content-Type header. A label that names no encoding is not supported and is
   * ignored, as the spec says.
   */
  transportLayerEncoding?: string;
  /** A label for the default encoding (step 9). Defaults to windows-1252. Must be a valid label. */
  fallback?: string;
  /**
   * The prescan's end condition in bytes. Defaults to 1024, as the spec
   * encourages; `Infinity` scans every byte given; 0 skips the prescan.
   */
  prescanEndCondition?: number;
}

export interface SniffResult {
  /** The Encoding Standard name, lowercased. */
  encoding: EncodingName;
  confidence: Confidence;
  /**
   * Bytes of byte order mark at the start of the input (3 for UTF-8, 2 for
   * UTF-16, else 0). Decoding skips them, so decoded offset 0 is byte
   * `bomLength`.
   */
  bomLength: number;
  source: EncodingSource;
  /** Where the declaration is, when `source` is 'prescan' or 'xml-declaration'. */
  declaration?: EncodingDeclaration;
}

/** The default encoding when nothing else decides. */
export const DEFAULT_FALLBACK_ENCODING: EncodingName = 'windows-1252';

function requireLabel(label: string, option: string): EncodingName {
  const encoding = getAnEncodingFromLabel(label);
  if (encoding === null) throw new RangeError(`${option}: ${JSON.stringify(label)} is not an encoding label`);
  return encoding;
}

/**
 * The encoding sniffing algorithm: the encoding and confidence to decode a
 * document's bytes with in the first pass.
 *
 * @throws RangeError when `options.override` or `options.fallback` is not an
 *   encoding label (a mistake of the caller, not of the document).
 * https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm
 */
export function sniffEncoding(bytes: Uint8Array, options: SniffOptions = {}): SniffResult {
  const override = options.override === undefined ? null : requireLabel(options.override, 'override');
  const fallback = options.fallback === undefined ? DEFAULT_FALLBACK_ENCODING : requireLabel(options.fallback, 'fallback');

  // Step 1. If the result of BOM sniffing is an encoding, return that encoding
  // with confidence certain.
  const bom = bomSniff(bytes);
  if (bom !== null) {
    return { encoding: bom.encoding, confidence: 'certain', bomLength: bom.length, source: 'bom' };
  }

  // Step 2. If the user has explicitly instructed the user agent to override the
  // document's character encoding with a specific encoding, optionally return
  // that encoding with the confidence certain.
  if (override !== null) {
    return { encoding: override, confidence: 'certain', bomLength: 0, source: 'override' };
  }

  // Step 3. The user agent may wait for more bytes of the resource to be
  // available, either in this step or at any later step in this algorithm.
  // NOOP(spec): every byte is given at once.

  // Step 4. If the transport layer specifies a character encoding, and it is
  // supported, return that encoding with the confidence certain.
  if (options.transportLayerEncoding !== undefined) {
    const transport = getAnEncodingFromLabel(options.transportLayerEncoding);
    if (transport !== null) {
      return { encoding: transport, confidence: 'certain', bomLength: 0, source: 'transport' };
    }
  }

  // Step 5. Optionally, prescan the byte stream to determine its encoding, with
  // the end condition being when the user agent decides that scanning further
  // bytes would not be efficient. User agents are encouraged to only prescan the
  // first 1024 bytes. […] If it returns a character encoding, then return the
  // same encoding, with confidence tentative.
  const prescanned = prescanAByteStream(bytes, { endCondition: options.prescanEndCondition ?? PRESCAN_BYTE_LIMIT });
  if (prescanned !== null) {
    const kind = prescanned.declaration.kind;
    return {
      encoding: prescanned.encoding,
      confidence: 'tentative',
      bomLength: 0,
      source: kind === 'meta-charset' || kind === 'meta-content' ? 'prescan' : 'xml-declaration',
      declaration: prescanned.declaration,
    };
  }

  // Step 6. If the HTML parser for which this algorithm is being run is associated
  // with a Document d whose container document is non-null: […]
  // NOOP(spec): this parser has no browsing context, so no container document.

  // Step 7. Otherwise, if the user agent has information on the likely encoding
  // for this page, e.g. based on the encoding of the page when it was last
  // visited, then return that encoding, with the confidence tentative.
  // NOOP(spec): no such history; a caller that has it can pass it as `fallback`.

  // Step 8. The user agent may attempt to autodetect the character encoding from
  // applying frequency analysis or other algorithms to the data stream.
  // NOOP(spec): no autodetection, which the spec discourages for network resources.

  // Step 9. Otherwise, return an implementation-defined or user-specified default
  // character encoding, with the confidence tentative.
  return { encoding: fallback, confidence: 'tentative', bomLength: 0, source: 'fallback' };
}
