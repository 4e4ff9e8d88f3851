/**
 * The messages of the spec's parse errors that the input stream preprocessor
 * and the tokenizer raise (their codes are in error-codes.ts): for each code,
 * a one-line summary of any such error and a description of one error, with
 * the range grown to the construct it is about.
 * https://html.spec.whatwg.org/multipage/parsing.html#parse-errors
 *
 * The tokenizer reports where the spec raises each error, which is often one
 * character or an empty range (a missing `;` is raised after the reference).
 * A description grows the range to the whole character reference,
 * attribute, tag or comment opener. Offsets only.
 *
 * Both tables are keyed by `ErrorCode`, so a code without a message does not
 * compile. The spec's non-void-html-element-start-tag-with-trailing-solidus
 * is raised by the tree builder: its message is in tree/tree-error-codes.ts.
 */
import type { ParseError, ParseErrorDescription } from '../errors';
import type { SourceText } from '../source-text';
import { ErrorCode } from './error-codes';
import { tokenize } from './tokenize';

/** The message, range and related ranges of one error, before its link. */
type TokenizerErrorDescription = Omit<ParseErrorDescription, 'href'>;

/** The codes of this file's tables. */
export type TokenizerErrorCode = Exclude<ErrorCode, ErrorCode.NonVoidHtmlElementStartTagWithTrailingSolidus>;

const SPEC_ERRORS = 'https://html.spec.whatwg.org/multipage/parsing.html#parse-error-';

/** The spec's definition of a tokenizer parse error. */
export function tokenizerErrorHref(code: TokenizerErrorCode): string {
  return SPEC_ERRORS + code;
}

/** One line about any error with this code (what `tagtree check` says of the rule), keyed by the spec's code. */
export const TOKENIZER_ERROR_SUMMARIES: Readonly<Record<TokenizerErrorCode, string>> = {
  'abrupt-closing-of-empty-comment': 'An empty comment is closed abruptly by "<!-->" or "<!--->"; write "<!---->".',
  'abrupt-doctype-public-identifier': 'The DOCTYPE public identifier is closed by ">" before its closing quote.',
  'abrupt-doctype-system-identifier': 'The DOCTYPE system identifier is closed by ">" before its closing quote.',
  'absence-of-digits-in-numeric-character-reference': 'A numeric character reference has no digits ("&#" or "&#x" followed by something else).',
  'cdata-in-html-content': 'A CDATA section is only allowed in SVG and MathML; in HTML it becomes a bogus comment.',
  'character-reference-outside-unicode-range': 'A numeric character reference is beyond U+10FFFF; it becomes U+FFFD.',
  'control-character-in-input-stream': 'The input contains a control character other than ASCII whitespace or NULL.',
  'control-character-reference': 'A numeric character reference names a control character.',
  'disallowed-processing-instruction-target': 'A processing instruction with the target "xml" or "xml-stylesheet"; HTML makes it a bogus comment.',
  'duplicate-attribute': 'An attribute appears twice on the same tag; the second is ignored.',
  'end-tag-with-attributes': 'An end tag has attributes; they are ignored.',
  'end-tag-with-trailing-solidus': 'An end tag ends with "/>"; the "/" is ignored.',
  'eof-before-tag-name': 'The file ends right after "<" or "</".',
  'eof-in-cdata': 'The file ends inside a CDATA section.',
  'eof-in-comment': 'The file ends inside a comment.',
  'eof-in-doctype': 'The file ends inside a DOCTYPE.',
  'eof-in-processing-instruction': 'The file ends inside a processing instruction; it is dropped.',
  'eof-in-script-html-comment-like-text': 'The file ends inside "<!--" text in a script element.',
  'eof-in-tag': 'The file ends inside a tag; the tag is dropped.',
  'incorrectly-closed-comment': 'A comment is closed by "--!>" instead of "-->".',
  'incorrectly-opened-comment': 'Markup starting with "<!" is not a comment, DOCTYPE or CDATA section; it becomes a bogus comment.',
  'invalid-character-sequence-after-doctype-name': 'The DOCTYPE name is followed by something other than PUBLIC or SYSTEM.',
  'invalid-first-character-of-processing-instruction-target': '"<?" is not followed by an ASCII letter or "_"; it starts a bogus comment, not a processing instruction.',
  'invalid-first-character-of-tag-name': '"<" is followed by a character that cannot start a tag name; it is text. Write "&lt;" for a literal "<".',
  'invalid-processing-instruction-target': 'A processing instruction target holds a character other than ASCII letters, digits, "-" and "_"; it becomes a bogus comment.',
  'missing-attribute-value': 'An attribute has "=" but no value.',
  'missing-doctype-name': 'The DOCTYPE has no name; write "<!DOCTYPE html>".',
  'missing-doctype-public-identifier': 'The DOCTYPE has PUBLIC but no public identifier.',
  'missing-doctype-system-identifier': 'The DOCTYPE has SYSTEM but no system identifier.',
  'missing-end-tag-name': '"</>" has no tag name; it is ignored.',
  'missing-quote-before-doctype-public-identifier': 'The DOCTYPE public identifier is not quoted.',
  'missing-quote-before-doctype-system-identifier': 'The DOCTYPE system identifier is not quoted.',
  'missing-semicolon-after-character-reference': 'A character reference is missing its ";".',
  'missing-whitespace-after-doctype-public-keyword': 'The DOCTYPE PUBLIC keyword is not followed by whitespace.',
  'missing-whitespace-after-doctype-system-keyword': 'The DOCTYPE SYSTEM keyword is not followed by whitespace.',
  'missing-whitespace-before-doctype-name': 'The DOCTYPE keyword is not followed by whitespace.',
  'missing-whitespace-between-attributes': 'Two attributes are not separated by whitespace.',
  'missing-whitespace-between-doctype-public-and-system-identifiers': 'The DOCTYPE public and system identifiers are not separated by whitespace.',
  'nested-comment': 'A comment contains "<!--"; comments do not nest.',
  'noncharacter-character-reference': 'A numeric character reference names a Unicode noncharacter.',
  'noncharacter-in-input-stream': 'The input contains a Unicode noncharacter.',
  'null-character-reference': 'A numeric character reference names U+0000; it becomes U+FFFD.',
  'surrogate-character-reference': 'A numeric character reference names a surrogate; it becomes U+FFFD.',
  'surrogate-in-input-stream': 'The input contains a lone surrogate.',
  'unexpected-character-after-doctype-system-identifier': 'The DOCTYPE has unexpected characters after its system identifier.',
  'unexpected-character-in-attribute-name': 'An attribute name contains ", \' or <.',
  'unexpected-character-in-unquoted-attribute-value': 'An unquoted attribute value contains ", \', <, = or `; quote the value.',
  'unexpected-equals-sign-before-attribute-name': 'An attribute name starts with "=".',
  'unexpected-null-character': 'The input contains a U+0000 NULL character.',
  'unexpected-solidus-in-tag': 'A "/" in a tag is not followed by ">"; it is ignored.',
  'unknown-named-character-reference': 'An ambiguous ampersand: "&" followed by a name that is no character reference, ending in ";".',
};

// --- Text helpers ---------------------------------------------------------------------------

const LONGEST_REFERENCE = 40;

function isAsciiAlphanumeric(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isWhitespace(c: number): boolean {
  return c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;
}

/** `String.prototype.startsWith` for any source text. */
function startsWith(text: SourceText, search: string, position = 0): boolean {
  const p = Math.max(0, position);
  return text.slice(p, p + search.length) === search;
}

/** `String.prototype.endsWith` for any source text. */
function endsWith(text: SourceText, search: string): boolean {
  return text.length >= search.length && text.slice(text.length - search.length) === search;
}

/** `String.prototype.codePointAt` for any source text. */
function codePointAt(text: SourceText, position: number): number | undefined {
  const c = text.charCodeAt(position);
  if (Number.isNaN(c)) return undefined;
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = text.charCodeAt(position + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
  }
  return c;
}

/** Source text for a message: at most `max` code units, control characters shown as U+XXXX. */
export function quote(text: SourceText, start: number, end: number, max = 40): string {
  let s = text.slice(start, Math.min(end, start + max));
  s = s.replace(/[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/g, (ch, i: number, all: string) => {
    const c = ch.charCodeAt(0);
    // Keep well-formed surrogate pairs.
    if (c >= 0xd800 && c <= 0xdbff) {
      const n = all.charCodeAt(i + 1);
      if (n >= 0xdc00 && n <= 0xdfff) return ch;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      const p = all.charCodeAt(i - 1);
      if (p >= 0xd800 && p <= 0xdbff) return ch;
    }
    if (c === 0x0a) return '\\n';
    if (c === 0x09) return '\\t';
    if (c === 0x0d) return '\\r';
    return codePointName(c);
  });
  return end - start > max ? s + '…' : s;
}

export function codePointName(cp: number): string {
  return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
}

/** The `&` that starts the character reference ending at (or running through) `pos`, or -1. */
function referenceStart(text: SourceText, pos: number): number {
  const limit = Math.max(0, pos - LONGEST_REFERENCE);
  for (let i = Math.min(pos, text.length) - 1; i >= limit; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x26) return i;
    if (!isAsciiAlphanumeric(c) && c !== 0x23 /* # */ && c !== 0x3b /* ; */) return -1;
  }
  return -1;
}

/** The end of the run of tag or attribute name characters at `pos`. */
function nameEnd(text: SourceText, pos: number): number {
  let i = pos;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (isWhitespace(c) || c === 0x2f || c === 0x3e || c === 0x3d) break;
    i++;
  }
  return i;
}

/** The last `<` at or before `pos` (within `limit` code units), or -1. */
function lastLessThan(text: SourceText, pos: number, limit = 4096): number {
  const stop = Math.max(0, pos - limit);
  for (let i = Math.min(pos, text.length - 1); i >= stop; i--) if (text.charCodeAt(i) === 0x3c) return i;
  return -1;
}

/** The first `>` at or after `pos` within `limit`, as an exclusive end; or -1. */
function nextGreaterThan(text: SourceText, pos: number, limit = 256): number {
  const stop = Math.min(text.length, pos + limit);
  for (let i = pos; i < stop; i++) if (text.charCodeAt(i) === 0x3e) return i + 1;
  return -1;
}

/** The `<?` before `pos` whose target runs (ASCII alphanumerics, "-", "_") up to `pos`; or -1. */
function processingInstructionStart(text: SourceText, pos: number): number {
  let i = pos - 1;
  const stop = Math.max(0, pos - 4096);
  while (i >= stop && (isAsciiAlphanumeric(text.charCodeAt(i)) || text.charCodeAt(i) === 0x2d || text.charCodeAt(i) === 0x5f)) i--;
  return i >= 1 && text.charCodeAt(i) === 0x3f && text.charCodeAt(i - 1) === 0x3c ? i - 1 : -1;
}

function lower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/**
 * The start of the tag left open at the end of the text (eof-in-tag): the
 * earliest `<` in the last few KB from which the rest of the text tokenizes
 * as nothing but that one unfinished tag.
 */
function unfinishedTagStart(text: SourceText): number {
  const window = 4096;
  const stop = Math.max(0, text.length - window);
  const candidates: number[] = [];
  for (let i = text.length - 2; i >= stop; i--) {
    if (text.charCodeAt(i) !== 0x3c) continue;
    const c = text.charCodeAt(i + 1);
    if (isAsciiAlpha(c) || (c === 0x2f && isAsciiAlpha(text.charCodeAt(i + 2)))) candidates.push(i);
  }
  for (let k = candidates.length - 1; k >= 0; k--) {
    const p = candidates[k];
    const r = tokenize(text.slice(p));
    if (r.tokens.length === 0) return p;
  }
  return -1;
}

/** Where an unclosed comment opened (eof-in-comment). */
function unclosedCommentStart(text: SourceText): number {
  const closed = Math.max(text.lastIndexOf('-->'), text.lastIndexOf('--!>'));
  let open = text.indexOf('<!--', closed < 0 ? 0 : closed + 3);
  if (open < 0) open = text.lastIndexOf('<!-');
  return open;
}

function unclosedDoctypeStart(text: SourceText): number {
  const limit = Math.max(0, text.length - 4096);
  for (let i = text.length - 2; i >= limit; i--) {
    if (text.charCodeAt(i) === 0x3c && text.charCodeAt(i + 1) === 0x21 && lower(text.slice(i + 2, i + 9)) === 'doctype') return i;
  }
  return -1;
}

/** The quote that opens the DOCTYPE identifier ending at `pos` (the identifier cannot contain it), or `pos`. */
function openingQuote(text: SourceText, pos: number): number {
  const stop = Math.max(0, pos - 1024);
  for (let i = pos - 1; i >= stop; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x27) return i;
    if (c === 0x3c) break;
  }
  return pos;
}

/** The start of the doctype containing `pos`, or -1. */
function doctypeStart(text: SourceText, pos: number): number {
  const lt = lastLessThan(text, pos, 1024);
  return lt >= 0 && text.charCodeAt(lt + 1) === 0x21 ? lt : -1;
}

// --- The descriptions -------------------------------------------------------------------------

type Describe = (text: SourceText, e: ParseError) => TokenizerErrorDescription;

function at(start: number, end: number, message: string, related: TokenizerErrorDescription['related'] = []): TokenizerErrorDescription {
  return { start, end, message, related };
}

/** Errors about a character reference: the range is the whole reference. */
function reference(message: (ref: string, e: ParseError, text: SourceText) => string, includeErrorChar = false): Describe {
  return (text, e) => {
    const end = includeErrorChar ? e.end : e.start;
    const amp = referenceStart(text, end);
    if (amp < 0) return at(e.start, e.end, message('character reference', e, text));
    return at(amp, end, message(quote(text, amp, end), e, text));
  };
}

function numericValue(ref: string): string {
  const m = /^&#([xX]?)([0-9a-fA-F]+)/.exec(ref);
  if (m === null) return '';
  const n = m[1] ? parseInt(m[2], 16) : parseInt(m[2], 10);
  return Number.isFinite(n) && n <= 0x10ffff ? codePointName(n) : m[1] ? `0x${m[2]}` : m[2];
}

/** A DOCTYPE error at one character: the range is the doctype's offending word. */
function doctypeWord(message: (word: string) => string): Describe {
  return (text, e) => {
    let end = e.start;
    while (end < text.length && end < e.start + 64) {
      const c = text.charCodeAt(end);
      if (isWhitespace(c) || c === 0x3e) break;
      end++;
    }
    if (end === e.start) end = e.end;
    return at(e.start, end, message(quote(text, e.start, end)));
  };
}

/** A DOCTYPE error raised at its `>`: the range is the whole DOCTYPE. */
function wholeDoctype(message: (doctype: string) => string): Describe {
  return (text, e) => {
    const start = doctypeStart(text, e.start);
    if (start < 0) return at(e.start, e.end, message('DOCTYPE'));
    return at(start, e.end, message(quote(text, start, e.end, 60)));
  };
}

/** An end tag error raised at its `>`: the range is the whole end tag. */
function wholeEndTag(message: (tag: string, name: string) => string): Describe {
  return (text, e) => {
    const start = lastLessThan(text, e.start);
    if (start < 0 || text.charCodeAt(start + 1) !== 0x2f) return at(e.start, e.end, message('end tag', ''));
    const name = lower(text.slice(start + 2, nameEnd(text, start + 2)));
    return at(start, e.end, message(quote(text, start, e.end), name));
  };
}

function char(text: SourceText, e: ParseError): string {
  const c = codePointAt(text, e.start);
  if (c === undefined) return 'end of file';
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff)) return codePointName(c);
  const ch = String.fromCodePoint(c);
  return ch === '"' ? `'"'` : `"${ch}"`;
}

/** An attribute or tag name for a message, in double quotes. */
function named(text: SourceText, start: number, end: number): string {
  return `"${quote(text, start, end)}"`;
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-end-state
 * The table that replaces C1 control references (0x80–0x9F) with the windows-1252 characters.
 */
const C1_REPLACEMENTS: Record<number, number> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02c6,
  0x89: 0x2030, 0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152, 0x8e: 0x017d, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c,
  0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc, 0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a,
  0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178,
};

function controlReferenceMessage(ref: string): string {
  const m = /^&#([xX]?)([0-9a-fA-F]+)/.exec(ref);
  const n = m === null ? NaN : m[1] ? parseInt(m[2], 16) : parseInt(m[2], 10);
  const replacement = C1_REPLACEMENTS[n];
  const base = `${ref} refers to the control character ${numericValue(ref)}`;
  return replacement === undefined ? base : `${base}: it becomes ${codePointName(replacement)} ${String.fromCodePoint(replacement)}, as in windows-1252`;
}

const DESCRIPTIONS: Readonly<Record<TokenizerErrorCode, Describe>> = {
  'abrupt-closing-of-empty-comment': (text, e) => {
    const start = startsWith(text, '<!---', e.start - 5) ? e.start - 5 : startsWith(text, '<!--', e.start - 4) ? e.start - 4 : e.start;
    return at(start, e.end, `Comment ${quote(text, start, e.end)} is closed too early: write <!----> for an empty comment`);
  },
  'abrupt-doctype-public-identifier': (text, e) =>
    at(openingQuote(text, e.start), e.end, 'The DOCTYPE public identifier is missing its closing quote: ">" ends the DOCTYPE, which puts the page in quirks mode'),
  'abrupt-doctype-system-identifier': (text, e) =>
    at(openingQuote(text, e.start), e.end, 'The DOCTYPE system identifier is missing its closing quote: ">" ends the DOCTYPE, which puts the page in quirks mode'),
  'absence-of-digits-in-numeric-character-reference': reference(
    (ref) => `${ref} is not a character reference: no digits follow it; write &amp; for a literal &`,
  ),
  'cdata-in-html-content': (text, e) => {
    const start = startsWith(text, '<![CDATA[', e.start - 8) ? e.start - 8 : e.start;
    return at(start, e.start + 1, 'CDATA sections are only allowed in SVG and MathML: in HTML <![CDATA[ … ]]> becomes a comment');
  },
  'character-reference-outside-unicode-range': reference((ref) => `${ref} is beyond U+10FFFF, the last code point: it becomes U+FFFD`),
  'control-character-in-input-stream': (text, e) => at(e.start, e.end, `Control character ${char(text, e)} in the text`),
  'control-character-reference': reference((ref) => controlReferenceMessage(ref)),
  'duplicate-attribute': (text, e) => {
    // The parser reports the dropped attribute from where its name ends; the
    // name has the same length as the kept one's, which `related` starts with.
    let start = e.start;
    let name = '';
    if (e.related !== undefined) {
      const keptNameEnd = nameEnd(text, e.related.start);
      name = text.slice(e.related.start, keptNameEnd);
      const len = keptNameEnd - e.related.start;
      if (len > 0 && e.start - len >= 0 && lower(text.slice(e.start - len, e.start)) === lower(name)) start = e.start - len;
    }
    const shown = named(text, start, e.start);
    const related = e.related === undefined ? [] : [{ start: e.related.start, end: e.related.end, message: `The first ${named(name, 0, name.length)} attribute, which the browser keeps` }];
    return at(start, Math.max(e.end, e.start), `Duplicate attribute ${shown}: the browser keeps the first one and ignores this one`, related);
  },
  'end-tag-with-attributes': wholeEndTag((tag, name) => `End tag ${name ? `</${name}>` : tag} has attributes: they are ignored`),
  'end-tag-with-trailing-solidus': wholeEndTag((tag, name) => `End tag ${name ? `</${name}>` : tag} has a "/" before ">": it is ignored`),
  'eof-before-tag-name': (text, e) => {
    const start = endsWith(text, '</') ? text.length - 2 : endsWith(text, '<') ? text.length - 1 : e.start;
    return at(start, text.length, `The document ends after ${quote(text, start, text.length)}: it is shown as text`);
  },
  // Processing instructions (whatwg/html 320c05f6): the error is raised at a
  // character after `<?`; the range grows back to the `<?` (within 4 KB) and
  // on to the `>` of the bogus comment when there is one.
  'disallowed-processing-instruction-target': (text, e) => {
    const start = processingInstructionStart(text, e.start);
    const close = nextGreaterThan(text, e.start);
    const end = close < 0 ? e.end : close;
    const target = start < 0 ? '' : text.slice(start + 2, e.start);
    return at(start < 0 ? e.start : start, end, `<?${quote(target, 0, target.length)}> is not allowed in HTML: the targets "xml" and "xml-stylesheet" make a bogus comment, not a processing instruction`);
  },
  'eof-in-processing-instruction': (text, e) => {
    const start = text.lastIndexOf('<?');
    if (start < 0) return at(Math.max(0, e.start - 1), e.start, 'The document ends inside a processing instruction');
    return at(start, Math.min(nameEnd(text, start + 2), text.length), 'Processing instruction is never closed: the document ends before its ">", so the browser drops it');
  },
  'invalid-first-character-of-processing-instruction-target': (text, e) => {
    const start = e.start >= 2 && startsWith(text, '<?', e.start - 2) ? e.start - 2 : e.start;
    const close = nextGreaterThan(text, e.start);
    const end = close < 0 ? Math.min(e.end, text.length) : close;
    return at(start, end, `${quote(text, start, end)} is a bogus comment, not a processing instruction: a target starts with an ASCII letter or "_"`);
  },
  'invalid-processing-instruction-target': (text, e) => {
    const start = processingInstructionStart(text, e.start);
    const close = nextGreaterThan(text, e.start);
    const end = close < 0 ? e.end : close;
    return at(start < 0 ? e.start : start, end, `Unexpected ${char(text, e)} in a processing instruction target: a target holds only ASCII letters, digits, "-" and "_", so this is a bogus comment`);
  },
  'eof-in-cdata': (text, e) => {
    const start = text.lastIndexOf('<![CDATA[');
    if (start < 0) return at(e.start, e.end, 'The document ends inside a CDATA section');
    return at(start, start + 9, 'CDATA section is never closed: the document ends before its ]]>');
  },
  'eof-in-comment': (text, e) => {
    const start = unclosedCommentStart(text);
    if (start < 0) return at(Math.max(0, e.start - 1), e.start, 'The document ends inside a comment');
    const end = startsWith(text, '<!--', start) ? start + 4 : start + 3;
    return at(start, end, 'Comment is never closed: without a -->, the rest of the document is inside it');
  },
  'eof-in-doctype': (text, e) => {
    const start = unclosedDoctypeStart(text);
    if (start < 0) return at(Math.max(0, e.start - 1), e.start, 'The document ends inside a DOCTYPE');
    return at(start, Math.min(text.length, start + 9), 'DOCTYPE is never closed: the document ends before its ">"');
  },
  'eof-in-script-html-comment-like-text': (text, e) => {
    const start = text.lastIndexOf('<!--');
    if (start < 0) return at(Math.max(0, e.start - 1), e.start, 'The document ends inside <!-- in a script');
    return at(start, start + 4, 'The document ends inside a <script> after <!--: the script is never closed');
  },
  'eof-in-tag': (text, e) => {
    const start = unfinishedTagStart(text);
    if (start < 0) return at(Math.max(0, e.start - 1), e.start, 'The document ends inside a tag: the browser drops it');
    const isEnd = text.charCodeAt(start + 1) === 0x2f;
    const end = nameEnd(text, start + (isEnd ? 2 : 1));
    const name = lower(text.slice(start + (isEnd ? 2 : 1), end));
    return at(start, end, `${isEnd ? 'End' : 'Start'} tag <${isEnd ? '/' : ''}${quote(name, 0, name.length)} is never closed: the document ends inside it, so the browser drops it`);
  },
  'incorrectly-closed-comment': (text, e) => {
    const start = startsWith(text, '--!>', e.start - 3) ? e.start - 3 : e.start;
    return at(start, e.end, 'Comment closed with --!>: write -->');
  },
  'incorrectly-opened-comment': (text, e) => {
    const start = e.start >= 2 && startsWith(text, '<!', e.start - 2) ? e.start - 2 : e.start;
    const close = nextGreaterThan(text, e.start);
    const end = close < 0 ? e.end : close;
    return at(start, end, `${quote(text, start, end)} is not a comment or DOCTYPE: it becomes a bogus comment; comments start with <!--`);
  },
  'invalid-character-sequence-after-doctype-name': doctypeWord((word) => `Unexpected ${word} after the DOCTYPE name: expected PUBLIC, SYSTEM or ">"`),
  'invalid-first-character-of-tag-name': (text, e) => {
    const start = e.start > 0 && text.charCodeAt(e.start - 1) === 0x3c ? e.start - 1 : e.start - 2;
    const isEnd = text.charCodeAt(start + 1) === 0x2f;
    const c = text.charCodeAt(e.start);
    const end = isWhitespace(c) || Number.isNaN(c) ? e.start : e.end;
    return at(
      Math.max(0, start),
      end,
      isEnd
        ? `</ followed by ${char(text, e)} is not an end tag: it becomes a bogus comment`
        : `< followed by ${char(text, e)} does not start a tag: it is shown as text; write &lt; for a literal <`,
    );
  },
  'missing-attribute-value': (text, e) => {
    // "<a b= >": back over whitespace to "=", then over the name.
    let eq = e.start - 1;
    while (eq >= 0 && isWhitespace(text.charCodeAt(eq))) eq--;
    if (text.charCodeAt(eq) !== 0x3d) return at(e.start, e.end, 'Attribute has "=" but no value');
    let nameEndPos = eq;
    while (nameEndPos > 0 && isWhitespace(text.charCodeAt(nameEndPos - 1))) nameEndPos--;
    let start = nameEndPos;
    while (start > 0) {
      const c = text.charCodeAt(start - 1);
      if (isWhitespace(c) || c === 0x2f || c === 0x3c) break;
      start--;
    }
    const name = text.slice(start, nameEndPos);
    return at(start, eq + 1, `Attribute ${named(name, 0, name.length)} has "=" but no value: its value is empty`);
  },
  'missing-doctype-name': wholeDoctype((d) => `${d} has no name: write <!DOCTYPE html>`),
  'missing-doctype-public-identifier': wholeDoctype((d) => `${d} has PUBLIC but no public identifier: the page is in quirks mode`),
  'missing-doctype-system-identifier': wholeDoctype((d) => `${d} has SYSTEM but no system identifier: the page is in quirks mode`),
  'missing-end-tag-name': (text, e) => {
    const start = startsWith(text, '</>', e.start - 2) ? e.start - 2 : e.start;
    return at(start, e.end, '</> is an end tag without a name: it is ignored');
  },
  'missing-quote-before-doctype-public-identifier': doctypeWord(
    (word) => `The DOCTYPE public identifier ${word} must be quoted: the page is in quirks mode`,
  ),
  'missing-quote-before-doctype-system-identifier': doctypeWord(
    (word) => `The DOCTYPE system identifier ${word} must be quoted: the page is in quirks mode`,
  ),
  'missing-semicolon-after-character-reference': reference((ref) => `Character reference ${ref} is missing its ";"`),
  'missing-whitespace-after-doctype-public-keyword': (text, e) => {
    const start = e.start >= 6 && lower(text.slice(e.start - 6, e.start)) === 'public' ? e.start - 6 : e.start;
    return at(start, e.end, 'Missing space after PUBLIC in the DOCTYPE');
  },
  'missing-whitespace-after-doctype-system-keyword': (text, e) => {
    const start = e.start >= 6 && lower(text.slice(e.start - 6, e.start)) === 'system' ? e.start - 6 : e.start;
    return at(start, e.end, 'Missing space after SYSTEM in the DOCTYPE');
  },
  'missing-whitespace-before-doctype-name': doctypeWord((word) => `Missing space between DOCTYPE and its name ${word}`),
  'missing-whitespace-between-attributes': (text, e) => {
    const end = Math.max(e.end, nameEnd(text, e.start));
    return at(e.start, end, `Missing space before attribute ${named(text, e.start, end)}`);
  },
  'missing-whitespace-between-doctype-public-and-system-identifiers': (text, e) =>
    at(e.start, e.end, 'Missing space between the DOCTYPE public and system identifiers'),
  'nested-comment': (text, e) => {
    const start = startsWith(text, '<!--', e.start - 4) ? e.start - 4 : e.start;
    return at(start, start === e.start ? e.end : e.start, 'Comments do not nest: this <!-- is text inside the comment, and the first --> ends the comment');
  },
  'noncharacter-character-reference': reference((ref) => `${ref} refers to the noncharacter ${numericValue(ref)}`),
  'noncharacter-in-input-stream': (text, e) => at(e.start, e.end, `Noncharacter ${codePointName(codePointAt(text, e.start) ?? 0)} in the text`),
  'null-character-reference': reference((ref) => `${ref} refers to U+0000 NULL: it becomes U+FFFD`),
  'surrogate-character-reference': reference((ref) => `${ref} refers to the surrogate ${numericValue(ref)}: it becomes U+FFFD`),
  'surrogate-in-input-stream': (text, e) => at(e.start, e.end, `Lone surrogate ${codePointName(text.charCodeAt(e.start))} in the text`),
  'unexpected-character-after-doctype-system-identifier': doctypeWord(
    (word) => `Unexpected ${word} after the DOCTYPE system identifier: it is ignored`,
  ),
  'unexpected-character-in-attribute-name': (text, e) => at(e.start, e.end, `Unexpected ${char(text, e)} in an attribute name`),
  'unexpected-character-in-unquoted-attribute-value': (text, e) =>
    at(e.start, e.end, `Unexpected ${char(text, e)} in an unquoted attribute value: quote the value`),
  'unexpected-equals-sign-before-attribute-name': (text, e) => at(e.start, e.end, 'Unexpected "=" before an attribute name: it starts the name'),
  'unexpected-null-character': (text, e) => at(e.start, e.end, 'Unexpected U+0000 NULL character'),
  'unexpected-solidus-in-tag': (text, e) => {
    const start = e.start > 0 && text.charCodeAt(e.start - 1) === 0x2f ? e.start - 1 : e.start;
    return at(start, start + 1, 'Unexpected "/" in a tag: "/" is only allowed right before ">"');
  },
  'unknown-named-character-reference': reference((ref) => `Unknown character reference ${ref}: it is shown as text; write &amp; for a literal &`, true),
};

/** The message and range of a tokenizer parse error, or undefined for another code. */
export function describeTokenizerError(text: SourceText, error: ParseError): ParseErrorDescription | undefined {
  if (!isTokenizerErrorCode(error.code)) return undefined;
  const d = DESCRIPTIONS[error.code](text, error);
  // Never let a widening step produce a range outside the text or reversed.
  const len = text.length;
  const start = Math.max(0, Math.min(d.start, len));
  const end = Math.max(start, Math.min(d.end, len));
  return { start, end, message: d.message, related: d.related, href: tokenizerErrorHref(error.code) };
}

/** True for a code of this file's tables. */
export function isTokenizerErrorCode(code: string): code is TokenizerErrorCode {
  return Object.prototype.hasOwnProperty.call(DESCRIPTIONS, code);
}
