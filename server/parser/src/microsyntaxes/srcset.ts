/**
 * https://html.spec.whatwg.org/multipage/images.html#srcset-attributes
 *
 * "If present, its value must consist of one or more image candidate strings,
 * each separated from the next by a U+002C COMMA character (,). If an image
 * candidate string contains no descriptors and no ASCII whitespace after the
 * URL, the following image candidate string, if there is one, must begin with
 * one or more ASCII whitespace."
 */
import { isAsciiWhitespace } from './infra';
import { checkValidNonNegativeInteger, checkValidFloatingPointNumber } from './numbers';
import { nonConformance, type MicrosyntaxError } from './parse-result';
import { checkValidUrlString } from './urls';

/** One image candidate string as written. */
export interface ImageCandidate {
  readonly url: string;
  readonly start: number;
  /** "w" (width descriptor), "x" (pixel density descriptor) or null (none). */
  readonly descriptor: 'w' | 'x' | null;
  readonly number: number;
}

export interface SrcsetReading {
  readonly candidates: readonly ImageCandidate[];
  readonly error: MicrosyntaxError | null;
}

/** Reads `value` as a srcset attribute and says where it first breaks the requirements. */
export function readSrcset(value: string): SrcsetReading {
  const candidates: ImageCandidate[] = [];
  const fail = (position: number, reason: string): SrcsetReading => ({ candidates, error: nonConformance(position, reason) });
  let position = 0;
  let needsWhitespace = false;
  for (;;) {
    // "zero or more ASCII whitespace"
    const before = position;
    while (position < value.length && isAsciiWhitespace(value.charCodeAt(position))) position++;
    if (needsWhitespace && position === before) {
      return fail(position, 'after a URL with no descriptor and no space before the comma, the next candidate must start with a space');
    }
    if (position >= value.length) {
      return fail(position, candidates.length === 0 ? 'it is empty: give at least one image candidate ("a.png 2x")' : 'a comma is not followed by an image candidate');
    }
    // "a valid non-empty URL that does not start or end with a U+002C COMMA character (,)"
    const urlStart = position;
    if (value.charCodeAt(position) === 0x2c) return fail(position, 'an empty image candidate (two commas)');
    while (position < value.length && !isAsciiWhitespace(value.charCodeAt(position))) position++;
    let urlEnd = position;
    let endsWithComma = false;
    while (urlEnd > urlStart && value.charCodeAt(urlEnd - 1) === 0x2c) {
      urlEnd--;
      endsWithComma = true;
    }
    const url = value.slice(urlStart, urlEnd);
    if (urlEnd - urlStart < position - urlStart - 1) return fail(urlEnd + 1, 'an empty image candidate (two commas)');
    const urlError = checkValidUrlString(url);
    if (urlError !== null) return fail(urlStart + urlError.position, urlError.reason);
    if (endsWithComma) {
      candidates.push({ url, start: urlStart, descriptor: null, number: 1 });
      needsWhitespace = true;
      continue;
    }
    needsWhitespace = false;
    // "zero or more ASCII whitespace", "zero or one of the following: a width descriptor ... a pixel density descriptor"
    while (position < value.length && isAsciiWhitespace(value.charCodeAt(position))) position++;
    let descriptorEnd = value.indexOf(',', position);
    if (descriptorEnd < 0) descriptorEnd = value.length;
    const descriptors = value.slice(position, descriptorEnd).trim();
    let descriptor: ImageCandidate['descriptor'] = null;
    let number = 1;
    if (descriptors !== '') {
      if (/[\t\n\f\r ]/.test(descriptors)) return fail(position, `"${descriptors}": an image candidate has at most one descriptor`);
      const kind = descriptors[descriptors.length - 1];
      const digits = descriptors.slice(0, -1);
      if (kind === 'w') {
        // "a valid non-negative integer giving a number greater than zero representing the width descriptor value, followed by a U+0077 LATIN SMALL LETTER W character."
        if (checkValidNonNegativeInteger(digits) !== null || Number(digits) <= 0) return fail(position, `"${descriptors}" is not a width descriptor: a whole number greater than zero followed by "w"`);
        descriptor = 'w';
      } else if (kind === 'x') {
        // "a valid floating-point number giving a number greater than zero representing the pixel density descriptor value, followed by a U+0078 LATIN SMALL LETTER X character."
        if (checkValidFloatingPointNumber(digits) !== null || Number(digits) <= 0) return fail(position, `"${descriptors}" is not a pixel density descriptor: a number greater than zero followed by "x"`);
        descriptor = 'x';
      } else {
        return fail(position, `"${descriptors}" is not a descriptor: use a width ("480w") or a pixel density ("2x")`);
      }
      number = Number(digits);
    }
    candidates.push({ url, start: urlStart, descriptor, number });
    if (descriptorEnd >= value.length) break;
    position = descriptorEnd + 1;
  }
  // "There must not be an image candidate string for an element that has the same width descriptor value as another
  // image candidate string's width descriptor value for the same element." The same for pixel densities, "an image
  // candidate string with no descriptors is equivalent to an image candidate string with a 1x descriptor."
  const seen = new Set<string>();
  for (const c of candidates) {
    const key = `${c.number}${c.descriptor ?? 'x'}`;
    if (seen.has(key)) return fail(c.start, `two image candidates have the same descriptor ${key}`);
    seen.add(key);
  }
  // "If an image candidate string for an element has the width descriptor specified, all other image candidate
  // strings for that element must also have the width descriptor specified."
  const width = candidates.find((c) => c.descriptor === 'w');
  if (width !== undefined) {
    const other = candidates.find((c) => c.descriptor !== 'w');
    if (other !== undefined) return fail(other.start, 'when one image candidate has a width descriptor, all of them must have one');
  }
  return { candidates, error: null };
}
