/**
 * What each code means in general, for `tagtree check` (a SARIF rule) and the
 * server (the codes an inline comment may name): a one-line
 * description, a help URL and the default severity. The message of each
 * finding is specific to it. Parse errors' summaries and messages are the
 * parser's (beside their codes), as are the encoding diagnostics'.
 */
import { ATTRIBUTE_DIAGNOSTICS, CONFORMANCE_CODES, EncodingDiagnosticCode, isConformanceCode, parseErrorCodes, parseErrorHref, parseErrorSummary, type AttributeDiagnosticCode } from '@tagtree/parser';
import { DIRECTIVE_CODES, isDirectiveCode } from './directives';

export type Severity = 'error' | 'warning';

/** The problems `check` raises about a file it could not (or chose not to) parse. */
export enum FileProblemCode {
  FileUnreadable = 'file-unreadable',
  FileTooLarge = 'file-too-large',
  FileBinary = 'file-binary',
  DirectoryLoop = 'directory-loop',
  InternalError = 'internal-error',
}

const SPEC_PARSE_ERRORS = 'https://html.spec.whatwg.org/multipage/parsing.html#parse-errors';
const SPEC_CHARSET = 'https://html.spec.whatwg.org/multipage/semantics.html#charset';
/** The CLI's documentation (see README: the repository's address). */
export const DOCS = 'https://github.com/tagtree/tagtree/blob/main/docs/cli.md';

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
  kind: 'parse-error' | 'encoding' | 'file' | 'attribute' | 'conformance' | 'directive';
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
  if (isDirectiveCode(code)) {
    return { description: DIRECTIVE_CODES[code].summary, helpUri: `${DOCS}#inline-comments`, defaultSeverity: 'warning', kind: 'directive' };
  }
  if (ENCODING_CODES.has(code)) {
    const e = ENCODING_DESCRIPTIONS[code as EncodingDiagnosticCode];
    return { description: e.description, helpUri: SPEC_CHARSET, defaultSeverity: e.severity, kind: 'encoding' };
  }
  if (code in ATTRIBUTE_DIAGNOSTICS) {
    const a = ATTRIBUTE_DIAGNOSTICS[code as AttributeDiagnosticCode];
    return { description: a.summary, helpUri: a.href, defaultSeverity: a.severity, kind: 'attribute' };
  }
  if (isConformanceCode(code)) {
    const c = CONFORMANCE_CODES[code];
    return { description: c.summary, helpUri: c.href, defaultSeverity: c.severity, kind: 'conformance' };
  }
  return { description: parseErrorSummary(code) ?? `Parse error: ${code}.`, helpUri: parseErrorHref(code) ?? SPEC_PARSE_ERRORS, defaultSeverity: 'error', kind: 'parse-error' };
}

/** Every code `check` can report today (for validating configuration). */
export function knownCodes(): Set<string> {
  return new Set([...parseErrorCodes(), ...ENCODING_CODES, ...Object.keys(FILE_PROBLEMS), ...Object.keys(ATTRIBUTE_DIAGNOSTICS), ...Object.keys(CONFORMANCE_CODES), ...Object.keys(DIRECTIVE_CODES)]);
}
