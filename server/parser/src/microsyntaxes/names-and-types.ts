/**
 * Small value syntaxes of other specifications that HTML attributes use:
 * navigable target names, BCP 47 language tags, MIME types and the `accept`
 * attribute's list.
 */
import { parse as parseBcp47 } from 'bcp-47';
import { asciiLowercase, isAsciiCaseInsensitiveMatch, isAsciiWhitespace } from './infra';
import { nonConformance, type MicrosyntaxError } from './parse-result';

/**
 * https://html.spec.whatwg.org/multipage/document-sequences.html#valid-navigable-target-name-or-keyword:
 * "any string that is either a valid navigable target name or that is an ASCII case-insensitive match for one of:
 * _blank, _self, _parent, or _top."
 */
export function checkValidNavigableTargetNameOrKeyword(value: string): MicrosyntaxError | null {
  for (const keyword of ['_blank', '_self', '_parent', '_top']) if (isAsciiCaseInsensitiveMatch(value, keyword)) return null;
  return checkValidNavigableTargetName(value);
}

/**
 * https://html.spec.whatwg.org/multipage/document-sequences.html#valid-navigable-target-name: "any string with at
 * least one character that does not contain both an ASCII tab or newline and a U+003C (<), and it does not start with
 * a U+005F (_)."
 */
export function checkValidNavigableTargetName(value: string): MicrosyntaxError | null {
  if (value === '') return nonConformance(0, 'a navigable target name has at least one character');
  if (value.charCodeAt(0) === 0x5f) return nonConformance(0, 'names starting with "_" are reserved for the keywords _blank, _self, _parent and _top');
  if (/[\t\n\r]/.test(value) && value.includes('<')) return nonConformance(0, 'it contains both a tab or newline and "<"');
  return null;
}

/**
 * https://html.spec.whatwg.org/multipage/dom.html#attr-lang: "a valid BCP 47 language tag, or the empty string".
 * Well-formedness is checked (RFC 5646's ABNF, by the `bcp-47` package); whether each subtag is registered with
 * IANA is not.
 */
export function checkValidLanguageTag(value: string, emptyAllowed: boolean): MicrosyntaxError | null {
  if (value === '') return emptyAllowed ? null : nonConformance(0, 'it is empty');
  let warning: string | null = null;
  let offset = 0;
  const tag = parseBcp47(value, {
    warning(reason: string, _code: number, position: number) {
      if (warning === null) {
        warning = reason;
        offset = position;
      }
    },
  });
  if (tag.language !== null || tag.privateuse.length > 0 || tag.irregular !== null || tag.regular !== null) return null;
  const underscore = value.indexOf('_');
  if (underscore >= 0) return nonConformance(underscore, 'subtags are separated by "-", not "_"');
  return nonConformance(Math.min(offset, value.length), `it is not a well-formed BCP 47 language tag${warning !== null ? ` (${asciiLowercase(warning).replace(/\.$/, '')})` : ''}`);
}

/** https://www.rfc-editor.org/rfc/rfc9110#name-tokens: tchar, as a table of the ASCII code points. */
const TCHAR = (() => {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || "!#$%&'*+-.^_`|~".includes(String.fromCharCode(c))) table[c] = 1;
  }
  return table;
})();

function isTokenCodePoint(c: number): boolean {
  return c < 128 && TCHAR[c] === 1;
}

function token(s: string, i: number): number {
  while (i < s.length && isTokenCodePoint(s.charCodeAt(i))) i++;
  return i;
}

/**
 * https://mimesniff.spec.whatwg.org/#valid-mime-type: "A string is a valid MIME type string if it matches the
 * media-type token production" of HTTP: `type "/" subtype *( OWS ";" OWS parameter )`, a parameter being
 * `token "=" ( token / quoted-string )`. With `noParameters`, a valid MIME type string with no parameters:
 * https://mimesniff.spec.whatwg.org/#valid-mime-type-with-no-parameters
 */
export function checkValidMimeType(value: string, noParameters = false): MicrosyntaxError | null {
  let i = token(value, 0);
  if (i === 0) return nonConformance(0, value === '' ? 'it is empty' : 'a MIME type starts with a type, a token ("text/html")');
  if (value.charCodeAt(i) !== 0x2f) return nonConformance(i, i === value.length ? 'the "/" and the subtype are missing' : 'expected "/" after the type');
  const subtype = i + 1;
  i = token(value, subtype);
  if (i === subtype) return nonConformance(i, 'the subtype is missing after "/"');
  while (i < value.length) {
    let j = i;
    while (value.charCodeAt(j) === 0x20 || value.charCodeAt(j) === 0x09) j++;
    if (value.charCodeAt(j) !== 0x3b) return nonConformance(i, 'expected ";" and a parameter, or the end');
    if (noParameters) return nonConformance(j, 'parameters are not allowed here');
    j++;
    while (value.charCodeAt(j) === 0x20 || value.charCodeAt(j) === 0x09) j++;
    const name = j;
    j = token(value, j);
    if (j === name) return nonConformance(j, '";" is not followed by a parameter');
    if (value.charCodeAt(j) !== 0x3d) return nonConformance(j, 'a parameter is name=value');
    j++;
    if (value.charCodeAt(j) === 0x22) {
      // quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE
      j++;
      while (j < value.length && value.charCodeAt(j) !== 0x22) j += value.charCodeAt(j) === 0x5c ? 2 : 1;
      if (j >= value.length) return nonConformance(value.length, 'the quoted parameter value is not closed');
      j++;
    } else {
      const v = j;
      j = token(value, j);
      if (j === v) return nonConformance(j, 'the parameter value is missing');
    }
    i = j;
  }
  return null;
}

/** The positions of `value`'s comma-separated tokens, stripped: https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#split-a-string-on-commas */
function commaTokens(value: string): { value: string; start: number }[] {
  const out: { value: string; start: number }[] = [];
  let start = 0;
  for (;;) {
    let end = value.indexOf(',', start);
    if (end < 0) end = value.length;
    let s = start;
    let e = end;
    while (s < e && isAsciiWhitespace(value.charCodeAt(s))) s++;
    while (e > s && isAsciiWhitespace(value.charCodeAt(e - 1))) e--;
    out.push({ value: value.slice(s, e), start: s });
    if (end === value.length) return out;
    start = end + 1;
  }
}

/**
 * https://html.spec.whatwg.org/multipage/input.html#attr-input-accept: "a set of comma-separated tokens, each of which
 * must be an ASCII case-insensitive match for one of the following: the string "audio/*" ..., "video/*" ...,
 * "image/*" ..., a valid MIME type string with no parameters, a string whose first character is a U+002E FULL STOP
 * character (.)" and "The tokens must not be ASCII case-insensitive matches for any of the other tokens".
 */
export function checkValidAcceptList(value: string): MicrosyntaxError | null {
  const seen = new Set<string>();
  for (const t of commaTokens(value)) {
    const lower = asciiLowercase(t.value);
    if (lower === '') return nonConformance(t.start, 'an empty token (a stray comma)');
    if (lower !== 'audio/*' && lower !== 'video/*' && lower !== 'image/*' && !lower.startsWith('.')) {
      const error = checkValidMimeType(t.value, true);
      if (error !== null) return nonConformance(t.start + error.position, `"${t.value}" is not audio/*, video/*, image/*, a MIME type without parameters or an extension starting with ".": ${error.reason}`);
    }
    if (seen.has(lower)) return nonConformance(t.start, `"${t.value}" is repeated`);
    seen.add(lower);
  }
  return null;
}
