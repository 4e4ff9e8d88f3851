import { asciiLowercase, isAsciiWhitespace } from './infra';
import { ENCODING_LABELS, type EncodingName } from './labels.generated';

/**
 * Get an encoding from a label: the encoding's lowercase name, or `null` for
 * failure.
 * https://encoding.spec.whatwg.org/#concept-encoding-get
 */
export function getAnEncodingFromLabel(label: string): EncodingName | null {
  // Step 1. Remove any leading and trailing ASCII whitespace from label.
  let start = 0;
  let end = label.length;
  while (start < end && isAsciiWhitespace(label.charCodeAt(start))) start++;
  while (end > start && isAsciiWhitespace(label.charCodeAt(end - 1))) end--;
  // Step 2. If label is an ASCII case-insensitive match for any of the labels
  // listed in the table below, then return the corresponding encoding;
  // otherwise return failure.
  return ENCODING_LABELS.get(asciiLowercase(label.slice(start, end))) ?? null;
}
