import type { EncodingName } from './labels.generated';

/** The result of BOM sniffing: the encoding and the length of its byte order mark. */
export interface BomSniffResult {
  encoding: Extract<EncodingName, 'utf-8' | 'utf-16be' | 'utf-16le'>;
  /** 3 for UTF-8, 2 for UTF-16BE/LE. */
  length: 2 | 3;
}

/**
 * BOM sniff: the encoding named by a leading byte order mark, or `null`.
 * https://encoding.spec.whatwg.org/#bom-sniff
 */
export function bomSniff(bytes: Uint8Array): BomSniffResult | null {
  // Step 1. Let BOM be the result of peeking 3 bytes from ioQueue, converted to a byte sequence.
  // Step 2. For each of the rows in the table below, starting with the first one
  // and going down, if BOM starts with the bytes given in the first column, then
  // return the encoding given in the cell in the second column of that row.
  // Otherwise, return null.
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    // 0xEF 0xBB 0xBF: UTF-8
    return { encoding: 'utf-8', length: 3 };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    // 0xFE 0xFF: UTF-16BE
    return { encoding: 'utf-16be', length: 2 };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    // 0xFF 0xFE: UTF-16LE
    return { encoding: 'utf-16le', length: 2 };
  }
  return null;
}
