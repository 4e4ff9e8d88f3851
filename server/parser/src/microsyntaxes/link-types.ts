/**
 * https://html.spec.whatwg.org/multipage/links.html#linkTypes: the link types
 * the spec defines, and on which elements each is allowed ("Effect on ...
 * link", "a and area", "form": "not allowed" where a keyword must not be
 * used). Keywords the spec does not define may be registered extensions
 * (https://html.spec.whatwg.org/multipage/links.html#other-link-types), which
 * are not known here, so they are never reported.
 */
import { asciiLowercase, isAsciiWhitespace, splitOnAsciiWhitespaceWithPositions } from './infra';
import { nonConformance, type MicrosyntaxError } from './parse-result';

/** Where a keyword is allowed: L link, A a and area, F form. */
const LINK_TYPES: Readonly<Record<string, string>> = {
  alternate: 'LA',
  author: 'LA',
  bookmark: 'A',
  canonical: 'L',
  'compression-dictionary': 'L',
  'dns-prefetch': 'L',
  expect: 'L',
  external: 'AF',
  help: 'LAF',
  icon: 'L',
  license: 'LAF',
  manifest: 'L',
  modulepreload: 'L',
  next: 'LAF',
  nofollow: 'AF',
  noopener: 'AF',
  noreferrer: 'AF',
  opener: 'AF',
  pingback: 'L',
  preconnect: 'L',
  prefetch: 'L',
  preload: 'L',
  prev: 'LAF',
  'privacy-policy': 'LA',
  search: 'LAF',
  stylesheet: 'L',
  tag: 'A',
  'terms-of-service': 'LA',
};

function letterOf(element: string): string {
  return element === 'link' ? 'L' : element === 'form' ? 'F' : 'A';
}

/**
 * Checks a rel value on `element` (link, a, area or form): "The attribute's value must be an unordered set of unique
 * space-separated tokens", compared ASCII case-insensitively, each allowed on the element.
 */
export function checkLinkTypes(value: string, element: string): MicrosyntaxError | null {
  // OPTIMIZATION: a value of one keyword (most: "stylesheet", "noopener") is checked without splitting it.
  let i = 0;
  while (i < value.length && !isAsciiWhitespace(value.charCodeAt(i))) i++;
  if (i === value.length && i > 0) return checkLinkType(value, 0, value, element);
  const tokens = splitOnAsciiWhitespaceWithPositions(value);
  const seen = new Set<string>();
  for (const t of tokens) {
    const k = asciiLowercase(t.value);
    if (seen.has(k)) return nonConformance(t.start, `repeats the keyword "${t.value}"`, t.value.length);
    seen.add(k);
    const error = checkLinkType(t.value, t.start, value, element);
    if (error !== null) return error;
  }
  return null;
}

/** Whether the keyword `token` (at `start` in the rel value `value`) is allowed on `element`. */
function checkLinkType(token: string, start: number, value: string, element: string): MicrosyntaxError | null {
  const k = asciiLowercase(token);
  if (k === 'shortcut') {
    // https://html.spec.whatwg.org/multipage/links.html#rel-icon: "If the "shortcut" keyword is present, the rel
    // attribute's entire value must be an ASCII case-insensitive match for the string "shortcut icon" (with a single
    // U+0020 SPACE character between the tokens and no other ASCII whitespace)."
    if (asciiLowercase(value) !== 'shortcut icon' || element !== 'link') return nonConformance(start, '"shortcut" is allowed only in the exact value "shortcut icon" on a link', token.length);
    return null;
  }
  const where = LINK_TYPES[k];
  if (where !== undefined && !where.includes(letterOf(element))) {
    const on = element === 'link' ? '<link>' : element === 'form' ? '<form>' : '<a> and <area>';
    return nonConformance(start, `the link type "${token}" is not allowed on ${on}`, token.length);
  }
  return null;
}
