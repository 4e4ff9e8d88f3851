import { bomSniff } from './bom-sniff';
import { getAnEncodingFromLabel } from './get-an-encoding';
import { ENCODING_NAMES, type EncodingName } from './labels.generated';
import { platformTextDecoder, type PlatformTextDecoder } from './text-decoder';
import { WINDOWS_1252_C1 } from './windows-1252.generated';

const NAMES: ReadonlySet<string> = new Set(ENCODING_NAMES);

/** One decoder per encoding: `decode()` without `{ stream: true }` leaves no state behind. */
const decoders = new Map<EncodingName, PlatformTextDecoder | null>();

/**
 * The platform's decoder for `encoding` in replacement error mode that leaves
 * byte order marks alone (decode has already skipped one), or `null` when the
 * platform has none (Node 20 lacks iso-8859-16 and x-user-defined, for example).
 */
function platformDecoder(encoding: EncodingName): PlatformTextDecoder | null {
  let decoder = decoders.get(encoding);
  if (decoder === undefined) {
    const TextDecoderImpl = platformTextDecoder();
    decoder = null;
    if (TextDecoderImpl !== undefined) {
      try {
        decoder = new TextDecoderImpl(encoding, { fatal: false, ignoreBOM: true });
      } catch {
        decoder = null;
      }
    }
    decoders.set(encoding, decoder);
  }
  return decoder;
}

/**
 * Whether {@link decodeBytes} can decode `encoding` on this platform. The
 * replacement encoding always can.
 */
export function canDecode(encoding: EncodingName): boolean {
  return encoding === 'replacement' || platformDecoder(encoding) !== null;
}

/**
 * Decode: the bytes as a string of code points, as the HTML parser's input
 * stream receives them. A leading byte order mark wins over `encoding` and is
 * skipped; invalid byte sequences become U+FFFD. The decoders are the
 * platform's `TextDecoder`.
 *
 * @param encoding An encoding name (as `sniffEncoding` returns, including
 *   'replacement', which is not a label) or a label.
 * @throws RangeError when `encoding` is neither, or names an encoding the
 *   platform's `TextDecoder` lacks (see {@link canDecode}).
 * https://encoding.spec.whatwg.org/#decode
 */
export function decodeBytes(bytes: Uint8Array, encoding: EncodingName | string): string {
  let name = NAMES.has(encoding) ? (encoding as EncodingName) : getAnEncodingFromLabel(encoding);
  if (name === null) throw new RangeError(`${JSON.stringify(encoding)} is neither an encoding name nor a label`);
  let input = bytes;
  // Step 1. Let BOMEncoding be the result of BOM sniffing ioQueue.
  const bom = bomSniff(bytes);
  // Step 2. If BOMEncoding is non-null:
  if (bom !== null) {
    // Step 2.1. Set encoding to BOMEncoding.
    name = bom.encoding;
    // Step 2.2. Read three bytes from ioQueue, if BOMEncoding is UTF-8; otherwise
    // read two bytes.
    input = bytes.subarray(bom.length);
  }
  // Step 3. Let output be the I/O queue of scalar values « end-of-queue ».
  // Step 4. Process a queue with an instance of encoding's decoder, ioQueue,
  // output, and "replacement".
  if (name === 'replacement') {
    // The replacement decoder returns one error for the first byte and then
    // finishes; in replacement mode that error is one U+FFFD.
    // https://encoding.spec.whatwg.org/#replacement-decoder
    return input.length === 0 ? '' : '\uFFFD';
  }
  const decoder = platformDecoder(name);
  if (decoder === null) throw new RangeError(`this platform's TextDecoder cannot decode ${name}`);
  const output = decoder.decode(input);
  // DEVIATION: Node v20.18.3 and later (and v22.13.0 and later) decode
  // windows-1252, the default encoding, as ISO-8859-1: bytes 0x80-0x9F become
  // U+0080-U+009F instead of € ‚ ƒ … (nodejs/node#60888). Browsers and older
  // Node are right. The platform's output is corrected here with the Encoding
  // Standard's index for those 32 bytes: in windows-1252 only bytes 0x80-0x9F
  // can give U+0080-U+009F, so this is right on buggy and fixed platforms alike.
  if (name === 'windows-1252') return fixWindows1252(output);
  // Step 5. Return output.
  return output;
}

/** index-windows-1252 for bytes 0x80-0x9F, as one string indexed by byte - 0x80. */
const WINDOWS_1252_C1_STRING = String.fromCharCode(...WINDOWS_1252_C1);
const C1_CONTROL = /[\u0080-\u009f]/g;

function c1ToWindows1252(ch: string): string {
  return WINDOWS_1252_C1_STRING[ch.charCodeAt(0) - 0x80];
}

/**
 * Maps each U+0080-U+009F in a windows-1252 decoding to the code point
 * index-windows-1252 gives its byte (0x81 stays U+0081, 0x80 becomes U+20AC).
 * https://encoding.spec.whatwg.org/index-windows-1252.txt
 */
function fixWindows1252(decoded: string): string {
  C1_CONTROL.lastIndex = 0;
  return C1_CONTROL.test(decoded) ? decoded.replace(C1_CONTROL, c1ToWindows1252) : decoded;
}
