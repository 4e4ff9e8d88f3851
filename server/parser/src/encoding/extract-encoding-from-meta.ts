import { getAnEncodingFromLabel } from './get-an-encoding';
import { isAsciiWhitespace } from './infra';
import type { EncodingName } from './labels.generated';

/** An encoding found in a `content` attribute, with where its label sits in the string. */
export interface MetaContentEncoding {
  encoding: EncodingName;
  /** UTF-16 offset of the label's first character in the string given. */
  labelStart: number;
  /** UTF-16 offset just past the label. */
  labelEnd: number;
}

/** Offset of the first ASCII case-insensitive "charset" in `s` at or after `from`, or -1. */
function findCharset(s: string, from: number): number {
  const last = s.length - 7;
  for (let i = from; i <= last; i++) {
    // c h a r s e t. `x | 0x20` equals a lowercase letter only when x is that
    // letter or its uppercase form, so this is exactly an ASCII case-insensitive match.
    if (
      (s.charCodeAt(i) | 0x20) === 0x63 &&
      (s.charCodeAt(i + 1) | 0x20) === 0x68 &&
      (s.charCodeAt(i + 2) | 0x20) === 0x61 &&
      (s.charCodeAt(i + 3) | 0x20) === 0x72 &&
      (s.charCodeAt(i + 4) | 0x20) === 0x73 &&
      (s.charCodeAt(i + 5) | 0x20) === 0x65 &&
      (s.charCodeAt(i + 6) | 0x20) === 0x74
    ) {
      return i;
    }
  }
  return -1;
}

/** Where the label sits in a `content` attribute's value. */
export interface MetaContentLabel {
  /** UTF-16 offset of the label's first character in the string given. */
  labelStart: number;
  /** UTF-16 offset just past the label. */
  labelEnd: number;
}

/**
 * The algorithm for extracting a character encoding from a meta element, given
 * the string `s` (a `content` attribute's value). Returns `null` for "nothing",
 * and also when getting an encoding from the label found fails (no character
 * encoding is returned then either).
 * https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element
 */
export function extractACharacterEncodingFromAMetaElement(s: string): MetaContentEncoding | null {
  const found = findTheLabelInAMetaContent(s);
  if (found === null) return null;
  const encoding = getAnEncodingFromLabel(s.slice(found.labelStart, found.labelEnd));
  return encoding === null ? null : { encoding, labelStart: found.labelStart, labelEnd: found.labelEnd };
}

/**
 * Steps 1 to 6 of the algorithm for extracting a character encoding from a meta
 * element, up to the label it would get an encoding from: where the label is,
 * or `null` for "nothing". Diagnostics use it to point at a label that names no
 * encoding.
 * https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element
 */
export function findTheLabelInAMetaContent(s: string): MetaContentLabel | null {
  // Step 1. Let position be a pointer into s, initially pointing at the start of the string.
  let position = 0;
  loop: for (;;) {
    // Step 2. Loop: Find the first seven characters in s after position that are
    // an ASCII case-insensitive match for the word "charset". If no such match is
    // found, return nothing.
    const found = findCharset(s, position);
    if (found < 0) return null;
    position = found + 7;
    // Step 3. Skip any ASCII whitespace that immediately follow the word "charset"
    // (there might not be any).
    while (position < s.length && isAsciiWhitespace(s.charCodeAt(position))) position++;
    // Step 4. If the next character is not a U+003D EQUALS SIGN (=), then move
    // position to point just before that next character, and jump back to the step
    // labeled loop.
    if (s.charCodeAt(position) !== 0x3d) continue loop;
    position++;
    break;
  }
  // Step 5. Skip any ASCII whitespace that immediately follow the equals sign
  // (there might not be any).
  while (position < s.length && isAsciiWhitespace(s.charCodeAt(position))) position++;
  // Step 6. Process the next character as follows:
  if (position >= s.length) {
    // If there is no next character: Return nothing.
    return null;
  }
  const next = s.charCodeAt(position);
  if (next === 0x22 || next === 0x27) {
    // If it is a U+0022 QUOTATION MARK character (") and there is a later U+0022
    // QUOTATION MARK character (") in s
    // If it is a U+0027 APOSTROPHE character (') and there is a later U+0027
    // APOSTROPHE character (') in s
    //   Return the result of getting an encoding from the substring that is
    //   between this character and the next earliest occurrence of this character.
    const close = s.indexOf(s[position], position + 1);
    if (close >= 0) return { labelStart: position + 1, labelEnd: close };
    // If it is an unmatched U+0022 QUOTATION MARK character (")
    // If it is an unmatched U+0027 APOSTROPHE character (')
    //   Return nothing.
    return null;
  }
  // Otherwise: Return the result of getting an encoding from the substring that
  // consists of this character up to but not including the first ASCII whitespace
  // or U+003B SEMICOLON character (;), or the end of s, whichever comes first.
  let end = position;
  while (end < s.length && !isAsciiWhitespace(s.charCodeAt(end)) && s.charCodeAt(end) !== 0x3b) end++;
  return { labelStart: position, labelEnd: end };
}
