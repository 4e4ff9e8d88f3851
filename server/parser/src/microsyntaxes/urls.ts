/**
 * URLs in attribute values:
 * https://html.spec.whatwg.org/multipage/urls-and-fetching.html#valid-url-potentially-surrounded-by-spaces
 *
 * "A string is a valid URL potentially surrounded by spaces if, after
 * stripping leading and trailing ASCII whitespace from it, it is a valid URL
 * string." "A string is a valid non-empty URL potentially surrounded by spaces
 * if, after stripping leading and trailing ASCII whitespace from it, it is a
 * valid non-empty URL."
 *
 * Whether a URL parses, and its host and port, are the platform's WHATWG URL
 * parser's (the `URL` global of Node and browsers). What the platform parser
 * accepts but the URL Standard calls a validation error (a space, a
 * backslash, a bare `%`) is checked here against the URL Standard's
 * definitions, since no parser reports validation errors:
 * https://url.spec.whatwg.org/#valid-url-string
 */
import { isAsciiHexDigit, isAsciiWhitespace, stripLeadingAndTrailingAsciiWhitespace } from './infra';
import { nonConformance, type MicrosyntaxError } from './parse-result';

/** The part of the platform's URL class used here (the parser package is typed without the DOM or Node). */
interface PlatformUrl {
  readonly protocol: string;
}
type UrlConstructor = new (url: string, base?: string) => PlatformUrl;

const PlatformURL = (globalThis as unknown as { URL: UrlConstructor }).URL;

/** The base relative URLs are parsed against: any URL with a hierarchical path would do. */
const BASE = 'https://example.invalid/a/b';

/** https://url.spec.whatwg.org/#special-scheme */
const SPECIAL_SCHEMES = new Set(['ftp', 'file', 'http', 'https', 'ws', 'wss']);

/** https://url.spec.whatwg.org/#url-code-points: ASCII alphanumeric and these, and U+00A0 to U+10FFFD except surrogates and noncharacters. */
const ASCII_URL_CODE_POINTS = "!$&'()*+,-./:;=?@_~";

/** https://url.spec.whatwg.org/#url-code-points */
function isUrlCodePoint(cp: number): boolean {
  if ((cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a)) return true;
  if (cp < 0x80) return ASCII_URL_CODE_POINTS.includes(String.fromCharCode(cp));
  if (cp < 0xa0 || cp > 0x10fffd) return false;
  // Surrogates: https://infra.spec.whatwg.org/#surrogate
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  // Noncharacters: https://infra.spec.whatwg.org/#noncharacter
  if ((cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe) return false;
  return true;
}

function describe(cp: number): string {
  if (cp === 0x20) return 'a space';
  if (cp === 0x09) return 'a tab';
  if (cp === 0x0a || cp === 0x0d) return 'a line break';
  if (cp === 0x22) return 'a double quote';
  if (cp < 0x20 || cp === 0x7f) return `the control character U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return `"${String.fromCodePoint(cp)}"`;
}

/**
 * Where `url` (already stripped) stops being a valid URL string, or null.
 * Offsets are into `url`.
 */
export function checkValidUrlString(url: string): MicrosyntaxError | null {
  // OPTIMIZATION: most URLs are ASCII URL code points with at most one "#" and no "%": no unit needs a closer look.
  if (!SIMPLE_URL.test(url)) {
    const error = checkUrlUnits(url);
    if (error !== null) return error;
  }
  const schemeEnd = schemeLength(url);
  if (schemeEnd > 0) {
    // A special scheme must be followed by "//" (https://url.spec.whatwg.org/#absolute-url-with-fragment-string;
    // a "file:" URL may have a path only, "file:/a"). (OPTIMIZATION: its name is made only for the message.)
    if (!url.startsWith('//', schemeEnd + 1) && isSpecialSchemeButFile(url, schemeEnd)) {
      return nonConformance(schemeEnd + 1, `"${url.slice(0, schemeEnd).toLowerCase()}:" must be followed by "//" and a host`);
    }
  } else if (!url.startsWith('//')) {
    // OPTIMIZATION: a path-relative, query or fragment URL of URL units always parses against a base URL.
    return null;
  }
  return parsesAgainstBase(url) ? null : nonConformance(0, 'the URL parser rejects it (check the host and the port)');
}

const SIMPLE_URL = /^[A-Za-z0-9!$&'()*+,\-./:;=?@_~]*(?:#[A-Za-z0-9!$&'()*+,\-./:;=?@_~]*)?$/;

/** SIMPLE_URL's class: 1 for the ASCII code units in it (ASCII alphanumerics and `ASCII_URL_CODE_POINTS`). */
const SIMPLE_URL_UNITS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9]/.test(ch) || ASCII_URL_CODE_POINTS.includes(ch)) SIMPLE_URL_UNITS[c] = 1;
}

/**
 * Whether `value` is a valid URL potentially surrounded by spaces (and a non-empty one) that needs no closer look: not
 * empty, of SIMPLE_URL's code units (no white space), without a scheme (`schemeLength`) and not starting with "//": a
 * path-relative, query or fragment URL, which `checkValidUrlString` accepts without the platform parser. False says
 * nothing: `checkValidUrlPotentiallySurroundedBySpaces` decides. OPTIMIZATION: one pass over the value, for the
 * attribute checks (most hrefs of a site's pages are relative).
 */
export function isPlainRelativeUrl(value: string): boolean {
  const n = value.length;
  if (n === 0) return false;
  const first = value.charCodeAt(0);
  // Still reading what may be a scheme (an ASCII alpha, then ASCII alphanumerics, "+", "-" and ".", then ":").
  let scheme = ((first | 0x20) >= 0x61 && (first | 0x20) <= 0x7a);
  let fragment = false;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x23 /* # */) {
      if (fragment) return false;
      fragment = true;
    } else if (c >= 128 || SIMPLE_URL_UNITS[c] === 0) return false;
    if (scheme && i > 0) {
      if (c === 0x3a /* : */) return false;
      const lower = c | 0x20;
      if (!((lower >= 0x61 && lower <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e)) scheme = false;
    }
  }
  return !(first === 0x2f && value.charCodeAt(1) === 0x2f);
}

/**
 * The length of the scheme `url` starts with, followed by ":" (https://url.spec.whatwg.org/#url-scheme-string: an
 * ASCII alpha, then ASCII alphanumerics, "+", "-" and "."), or 0. OPTIMIZATION: a scan, where a regular expression's
 * match made an array and strings for every absolute URL.
 */
function schemeLength(url: string): number {
  const first = url.charCodeAt(0) | 0x20;
  if (first < 0x61 || first > 0x7a) return 0;
  for (let i = 1; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x3a) return i;
    const lower = c | 0x20;
    if (!((lower >= 0x61 && lower <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e)) return 0;
  }
  return 0;
}

/** Whether the scheme `url` starts with (`length` code units) is a special scheme other than "file" (ASCII case-insensitively). */
function isSpecialSchemeButFile(url: string, length: number): boolean {
  for (const special of SPECIAL_SCHEMES) {
    if (special === 'file' || special.length !== length) continue;
    let i = 0;
    while (i < length && (url.charCodeAt(i) | 0x20) === special.charCodeAt(i)) i++;
    if (i === length) return true;
  }
  return false;
}

/** OPTIMIZATION: URLs with a host repeat (a site's own, a CDN's): the platform parser's verdicts, a bounded cache. */
const verdicts = new Map<string, boolean>();

function parsesAgainstBase(url: string): boolean {
  const known = verdicts.get(url);
  if (known !== undefined) return known;
  let ok = true;
  try {
    new PlatformURL(url, BASE);
  } catch {
    ok = false;
  }
  if (verdicts.size >= 4096) verdicts.clear();
  verdicts.set(url, ok);
  return ok;
}

/** Where `url` has a code unit that is not a URL unit: https://url.spec.whatwg.org/#url-units */
function checkUrlUnits(url: string): MicrosyntaxError | null {
  // https://url.spec.whatwg.org/#url-units: "URL code points and percent-encoded bytes", with one "#" before the
  // fragment (https://url.spec.whatwg.org/#url-fragment-string); "[" and "]" only around an IPv6 host.
  const authority = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/([^/?#\\]*)/.exec(url);
  const hostEnd = authority === null ? 0 : authority[0].length;
  let fragment = false;
  for (let i = 0; i < url.length; ) {
    const cp = url.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    if (cp === 0x25) {
      // "%" must start a percent-encoded byte: https://url.spec.whatwg.org/#percent-encoded-byte
      if (!isAsciiHexDigit(url.charCodeAt(i + 1)) || !isAsciiHexDigit(url.charCodeAt(i + 2))) {
        return nonConformance(i, '"%" is not followed by two hexadecimal digits (write "%25" for a literal "%")');
      }
      i += 3;
      continue;
    }
    if (cp === 0x23 && !fragment) {
      fragment = true;
      i++;
      continue;
    }
    if ((cp === 0x5b || cp === 0x5d) && i < hostEnd) {
      i++;
      continue;
    }
    if (!isUrlCodePoint(cp)) {
      if (cp === 0x5c) return nonConformance(i, 'a backslash ("\\") is not allowed: use "/"');
      const where = fragment ? 'in the fragment' : i < hostEnd ? 'in the host' : 'in a URL';
      return nonConformance(i, `${describe(cp)} is not allowed ${where}: percent-encode it`);
    }
    i += size;
  }
  return null;
}

/**
 * https://html.spec.whatwg.org/multipage/urls-and-fetching.html#valid-url-potentially-surrounded-by-spaces, and
 * https://html.spec.whatwg.org/multipage/urls-and-fetching.html#valid-non-empty-url-potentially-surrounded-by-spaces
 * when `nonEmpty`. Offsets are into `value`.
 */
export function checkValidUrlPotentiallySurroundedBySpaces(value: string, nonEmpty: boolean): MicrosyntaxError | null {
  let start = 0;
  while (start < value.length && isAsciiWhitespace(value.charCodeAt(start))) start++;
  const url = stripLeadingAndTrailingAsciiWhitespace(value);
  // https://url.spec.whatwg.org/#valid-non-empty-url: "A valid URL string that is not the empty string".
  if (nonEmpty && url === '') return nonConformance(0, 'it is empty');
  const error = checkValidUrlString(url);
  return error === null ? null : nonConformance(start + error.position, error.reason);
}

/**
 * https://html.spec.whatwg.org/multipage/links.html#ping: "a set of space-separated tokens, each of which must be a
 * valid non-empty URL whose scheme is an HTTP(S) scheme" (the scheme is not checked here).
 */
export function checkValidNonEmptyUrls(tokens: readonly { value: string; start: number }[]): MicrosyntaxError | null {
  for (const t of tokens) {
    const error = checkValidUrlString(t.value);
    if (error !== null) return nonConformance(t.start + error.position, error.reason);
  }
  return null;
}
