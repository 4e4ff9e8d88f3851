/**
 * What `tagtree check` says about each code in general (a SARIF rule): a one-line
 * description, a help URL and the default severity. The message of each
 * finding is specific to it: the language server's (features/diagnostics.ts)
 * for parse errors, the parser's for encoding diagnostics.
 */
import { ATTRIBUTE_DIAGNOSTICS, CONFORMANCE_CODES, EncodingDiagnosticCode, isConformanceCode, isTreeErrorCode, TREE_ERRORS, type AttributeDiagnosticCode } from '@tagtree/parser';

export type Severity = 'error' | 'warning';

/** The problems `check` raises about a file it could not (or chose not to) parse. */
export enum FileProblemCode {
  FileUnreadable = 'file-unreadable',
  FileTooLarge = 'file-too-large',
  FileBinary = 'file-binary',
  DirectoryLoop = 'directory-loop',
  InternalError = 'internal-error',
}

const SPEC_PARSE_ERRORS = 'https://html.spec.whatwg.org/multipage/parsing.html#parse-error-';
const SPEC_CHARSET = 'https://html.spec.whatwg.org/multipage/semantics.html#charset';
const DOCS = 'https://github.com/tagtree/tagtree/blob/main/docs/cli.md';

/**
 * The tokenizer's parse errors, keyed by the spec's code.
 * https://html.spec.whatwg.org/multipage/parsing.html#parse-errors
 */
const TOKENIZER_MESSAGES: Readonly<Record<string, string>> = {
  'abrupt-closing-of-empty-comment': 'An empty comment is closed abruptly by "<!-->" or "<!--->"; write "<!---->".',
  'abrupt-doctype-public-identifier': 'The DOCTYPE public identifier is closed by ">" before its closing quote.',
  'abrupt-doctype-system-identifier': 'The DOCTYPE system identifier is closed by ">" before its closing quote.',
  'absence-of-digits-in-numeric-character-reference': 'A numeric character reference has no digits ("&#" or "&#x" followed by something else).',
  'cdata-in-html-content': 'A CDATA section is only allowed in SVG and MathML; in HTML it becomes a bogus comment.',
  'character-reference-outside-unicode-range': 'A numeric character reference is beyond U+10FFFF; it becomes U+FFFD.',
  'control-character-in-input-stream': 'The input contains a control character other than ASCII whitespace or NULL.',
  'control-character-reference': 'A numeric character reference names a control character.',
  'duplicate-attribute': 'An attribute appears twice on the same tag; the second is ignored.',
  'end-tag-with-attributes': 'An end tag has attributes; they are ignored.',
  'end-tag-with-trailing-solidus': 'An end tag ends with "/>"; the "/" is ignored.',
  'eof-before-tag-name': 'The file ends right after "<" or "</".',
  'eof-in-cdata': 'The file ends inside a CDATA section.',
  'eof-in-comment': 'The file ends inside a comment.',
  'eof-in-doctype': 'The file ends inside a DOCTYPE.',
  'eof-in-script-html-comment-like-text': 'The file ends inside "<!--" text in a script element.',
  'eof-in-tag': 'The file ends inside a tag; the tag is dropped.',
  'incorrectly-closed-comment': 'A comment is closed by "--!>" instead of "-->".',
  'incorrectly-opened-comment': 'Markup starting with "<!" is not a comment, DOCTYPE or CDATA section; it becomes a bogus comment.',
  'invalid-character-sequence-after-doctype-name': 'The DOCTYPE name is followed by something other than PUBLIC or SYSTEM.',
  'invalid-first-character-of-tag-name': '"<" is followed by a character that cannot start a tag name; it is text. Write "&lt;" for a literal "<".',
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
  'non-void-html-element-start-tag-with-trailing-solidus':
    'A start tag of an element that is not void ends with "/>"; the "/" is ignored and the element stays open.',
  'null-character-reference': 'A numeric character reference names U+0000; it becomes U+FFFD.',
  'surrogate-character-reference': 'A numeric character reference names a surrogate; it becomes U+FFFD.',
  'surrogate-in-input-stream': 'The input contains a lone surrogate.',
  'unexpected-character-after-doctype-system-identifier': 'The DOCTYPE has unexpected characters after its system identifier.',
  'unexpected-character-in-attribute-name': 'An attribute name contains ", \' or <.',
  'unexpected-character-in-unquoted-attribute-value': 'An unquoted attribute value contains ", \', <, = or `; quote the value.',
  'unexpected-equals-sign-before-attribute-name': 'An attribute name starts with "=".',
  'unexpected-null-character': 'The input contains a U+0000 NULL character.',
  'unexpected-question-mark-instead-of-tag-name': '"<?" starts a processing instruction, which HTML does not have; it becomes a bogus comment.',
  'unexpected-solidus-in-tag': 'A "/" in a tag is not followed by ">"; it is ignored.',
  'unknown-named-character-reference': 'An ambiguous ampersand: "&" followed by a name that is no character reference, ending in ";".',
};

const ENCODING_CODES: ReadonlySet<string> = new Set(Object.values(EncodingDiagnosticCode));

const FILE_PROBLEMS: Readonly<Record<FileProblemCode, { severity: Severity; description: string }>> = {
  [FileProblemCode.FileUnreadable]: { severity: 'error', description: 'The file or directory cannot be read.' },
  [FileProblemCode.FileTooLarge]: { severity: 'warning', description: 'The file is larger than --max-file-size; it is skipped.' },
  [FileProblemCode.FileBinary]: { severity: 'warning', description: 'The file looks binary (it has NUL bytes); it is skipped.' },
  [FileProblemCode.DirectoryLoop]: { severity: 'warning', description: 'A symbolic link leads back to a directory being walked; it is not followed.' },
  [FileProblemCode.InternalError]: { severity: 'error', description: 'TagTree failed on this file. Please report it.' },
};

const ENCODING_DESCRIPTIONS: Readonly<Record<EncodingDiagnosticCode, { severity: Severity; description: string }>> = {
  [EncodingDiagnosticCode.LateEncodingDeclaration]: {
    severity: 'error',
    description: 'The encoding declaration is not completely within the first 1024 bytes.',
  },
  [EncodingDiagnosticCode.EncodingDeclarationMismatch]: {
    severity: 'error',
    description: 'The encoding declaration disagrees with the byte order mark or the encoding actually used.',
  },
  [EncodingDiagnosticCode.MultipleEncodingDeclarations]: {
    severity: 'error',
    description: 'The document has more than one encoding declaration.',
  },
  [EncodingDiagnosticCode.NonUtf8EncodingDeclaration]: {
    severity: 'warning',
    description: 'The document declares an encoding other than UTF-8.',
  },
  [EncodingDiagnosticCode.UnknownEncodingLabel]: {
    severity: 'error',
    description: 'The encoding declaration names no encoding; browsers ignore it.',
  },
  [EncodingDiagnosticCode.MissingEncodingDeclaration]: {
    severity: 'error',
    description: 'The document has non-ASCII bytes but no byte order mark or encoding declaration, so its encoding is a guess.',
  },
  [EncodingDiagnosticCode.UnsupportedEncoding]: {
    severity: 'warning',
    description: "The document's encoding is one this platform cannot decode; it was decoded with the fallback.",
  },
};

export interface CodeInfo {
  /** One line about any problem with this code. */
  description: string;
  helpUri: string;
  defaultSeverity: Severity;
  kind: 'parse-error' | 'encoding' | 'file' | 'attribute' | 'conformance';
}

/**
 * A tree construction error's message template made general: `{tag}` and
 * `{open}` stand for the tag and element of one error.
 */
function generalTreeMessage(template: string): string {
  const general = template
    .replace(/^Unexpected \{tag\}/, 'Unexpected tag')
    .replace(/the open \{open\}/g, 'an open element')
    .replace(/<\{name\}>/g, 'matching')
    .replace(/^\{open\}/, 'An element')
    .replace(/\{open\}/g, 'an element')
    .replace(/^\{tag\}/, 'A tag')
    .replace(/\{tag\}/g, 'the tag')
    .replace(/\{name\}/g, 'the element');
  return general.endsWith('.') ? general : `${general}.`;
}

/** A description of a parse error's code (a spec code, or a tree builder's code). */
function parseErrorDescription(code: string): string {
  if (isTreeErrorCode(code)) return generalTreeMessage(TREE_ERRORS[code].message);
  return TOKENIZER_MESSAGES[code] ?? `Parse error: ${code}.`;
}

export function isFileProblemCode(code: string): code is FileProblemCode {
  return Object.prototype.hasOwnProperty.call(FILE_PROBLEMS, code);
}

/** What `check` knows about a code. Unknown codes are treated as parse errors. */
export function codeInfo(code: string): CodeInfo {
  if (isFileProblemCode(code)) {
    const p = FILE_PROBLEMS[code];
    return { description: p.description, helpUri: `${DOCS}#per-file-problems`, defaultSeverity: p.severity, kind: 'file' };
  }
  if (ENCODING_CODES.has(code)) {
    const e = ENCODING_DESCRIPTIONS[code as EncodingDiagnosticCode];
    return { description: e.description, helpUri: SPEC_CHARSET, defaultSeverity: e.severity, kind: 'encoding' };
  }
  if (code in ATTRIBUTE_DIAGNOSTICS) {
    const a = ATTRIBUTE_DIAGNOSTICS[code as AttributeDiagnosticCode];
    return { description: a.summary, helpUri: a.href, defaultSeverity: 'warning', kind: 'attribute' };
  }
  if (isConformanceCode(code)) {
    const c = CONFORMANCE_CODES[code];
    return { description: c.summary, helpUri: c.href, defaultSeverity: c.severity, kind: 'conformance' };
  }
  const helpUri = isTreeErrorCode(code) ? TREE_ERRORS[code].spec : `${SPEC_PARSE_ERRORS}${code}`;
  return { description: parseErrorDescription(code), helpUri, defaultSeverity: 'error', kind: 'parse-error' };
}

/** Every code `check` can report today (for validating configuration). */
export function knownCodes(): Set<string> {
  return new Set([...Object.keys(TOKENIZER_MESSAGES), ...Object.keys(TREE_ERRORS), ...ENCODING_CODES, ...Object.keys(FILE_PROBLEMS), ...Object.keys(ATTRIBUTE_DIAGNOSTICS), ...Object.keys(CONFORMANCE_CODES)]);
}
