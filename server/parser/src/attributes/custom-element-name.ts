/**
 * Valid custom element names, for the attribute checks (autonomous custom
 * elements take any XML-compatible attribute) and the conformance checks
 * (they are no unknown elements), which re-export it.
 */

/** https://html.spec.whatwg.org/multipage/custom-elements.html#valid-custom-element-name: the names it excludes. */
const RESERVED_CUSTOM_ELEMENT_NAMES = new Set([
  'annotation-xml',
  'color-profile',
  'font-face',
  'font-face-src',
  'font-face-uri',
  'font-face-format',
  'font-face-name',
  'missing-glyph',
]);

/**
 * https://html.spec.whatwg.org/multipage/custom-elements.html#valid-custom-element-name:
 * a PotentialCustomElementName ([a-z] (PCENChar)* '-' (PCENChar)*) that is not reserved.
 */
export function isValidCustomElementName(name: string): boolean {
  const first = name.charCodeAt(0);
  if (!(first >= 0x61 && first <= 0x7a) || !name.includes('-') || RESERVED_CUSTOM_ELEMENT_NAMES.has(name)) return false;
  for (let i = 1; i < name.length; i++) {
    const c = name.charCodeAt(i);
    // PCENChar: "-" | "." | [0-9] | "_" | [a-z] | #xB7 | [#xC0-#xD6] | … (every non-ASCII range except a few).
    if (c >= 0x41 && c <= 0x5a) return false;
    if (c < 0x80 && !(c === 0x2d || c === 0x2e || c === 0x5f || (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a))) return false;
  }
  return true;
}
