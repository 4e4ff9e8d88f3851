/**
 * Checking one file: read its bytes, skip it with a clear finding when it is
 * unreadable, too large or binary, otherwise parse it as a browser would
 * (encoding sniffing included) and turn every parse error and encoding
 * diagnostic into a finding with 1-based line and column. Runs in a worker
 * thread or in the main thread; never throws.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { checkAttributes, checkConformance, describeParseError, LineIndex, parseBytes, sniffEncoding, type ParseBytesOptions, type ParseBytesResult } from '@tagtree/parser';
import { codeInfo, FileProblemCode, type Severity } from './messages';
import type { RuleSetting } from './config';

/** A position range, 1-based; the end is exclusive (the column after the last character). */
export interface Region {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface Finding extends Region {
  /** The file as reported (see `FileEntry.display`). */
  file: string;
  severity: Severity;
  code: string;
  message: string;
  /** Another place that helps, such as the first of two encoding declarations. */
  related?: Region;
  /** What `related` is. */
  relatedMessage?: string;
}

export interface FileCheckOptions {
  /** `--encoding`: the user's override. */
  encoding?: string;
  fallbackEncoding?: string;
  scripting: boolean;
  maxFileSize: number;
  rules: Readonly<Record<string, RuleSetting>>;
  /** Report errors only. */
  quiet: boolean;
  /** Also report the conformance findings (`--conformance`). */
  conformance?: boolean;
}

export interface FileReport {
  findings: Finding[];
  /** The encoding the file was decoded with, when it was parsed. */
  encoding?: string;
}

/** How many leading bytes are looked at for NUL bytes (git's heuristic for binary files). */
const BINARY_SNIFF_BYTES = 8000;

/** Parses a file's bytes: the one place where `check` meets the parser. */
function analyze(bytes: Uint8Array, options: FileCheckOptions): ParseBytesResult {
  const parseOptions: ParseBytesOptions = { scripting: options.scripting };
  if (options.encoding !== undefined) parseOptions.override = options.encoding;
  if (options.fallbackEncoding !== undefined) parseOptions.fallback = options.fallbackEncoding;
  return parseBytes(bytes, parseOptions);
}

/** Applies the configured severity (or `off`) and `--quiet` to a finding's default severity. */
export function effectiveSeverity(code: string, defaultSeverity: Severity, options: Pick<FileCheckOptions, 'rules' | 'quiet'>): Severity | null {
  const setting = options.rules[code];
  const severity = setting === undefined ? defaultSeverity : setting === 'off' ? null : setting;
  if (severity === null || (options.quiet && severity === 'warning')) return null;
  return severity;
}

/** A finding about the whole file (line 1, column 1), or null when its code is turned off. */
export function fileProblem(display: string, code: FileProblemCode, message: string, options: Pick<FileCheckOptions, 'rules' | 'quiet'>): Finding | null {
  const severity = effectiveSeverity(code, codeInfo(code).defaultSeverity, options);
  if (severity === null) return null;
  return { file: display, line: 1, column: 1, endLine: 1, endColumn: 1, severity, code, message };
}

function describeReadError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'EACCES':
    case 'EPERM':
      return 'cannot read: permission denied';
    case 'ENOENT':
      return 'cannot read: the file disappeared';
    case 'EISDIR':
      return 'cannot read: is a directory';
    case 'ELOOP':
      return 'cannot read: too many levels of symbolic links';
    default:
      return `cannot read: ${err.message ?? String(e)}`;
  }
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

/**
 * Reads a file, refusing one larger than `maxFileSize` before reading it.
 * Returns the bytes or a finding.
 */
function readFileBounded(path: string, display: string, options: FileCheckOptions): Uint8Array | { problem: Finding | null } {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    return { problem: fileProblem(display, FileProblemCode.FileUnreadable, describeReadError(e), options) };
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) return { problem: fileProblem(display, FileProblemCode.FileUnreadable, 'cannot read: is a directory', options) };
    if (stats.size > options.maxFileSize) {
      return {
        problem: fileProblem(
          display,
          FileProblemCode.FileTooLarge,
          `skipped: ${formatSize(stats.size)} is more than the limit of ${formatSize(options.maxFileSize)} (--max-file-size)`,
          options,
        ),
      };
    }
    // Read until the end, not just `size` bytes: the size of special files is 0.
    const chunks: Buffer[] = [];
    let total = 0;
    let chunk = Buffer.allocUnsafe(Math.max(stats.size + 1, 64 * 1024));
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > options.maxFileSize) {
        return {
          problem: fileProblem(display, FileProblemCode.FileTooLarge, `skipped: more than the limit of ${formatSize(options.maxFileSize)} (--max-file-size)`, options),
        };
      }
      if (n === chunk.length) chunk = Buffer.allocUnsafe(chunk.length * 2);
      else chunk = chunk.subarray(n);
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  } catch (e) {
    return { problem: fileProblem(display, FileProblemCode.FileUnreadable, describeReadError(e), options) };
  } finally {
    closeSync(fd);
  }
}

/** Whether the bytes look binary: a NUL byte near the start, unless the text is UTF-16 (where NULs are normal). */
function looksBinary(bytes: Uint8Array, options: FileCheckOptions): boolean {
  const head = bytes.subarray(0, BINARY_SNIFF_BYTES);
  if (head.indexOf(0) < 0) return false;
  const sniffed = sniffEncoding(bytes, { override: options.encoding, fallback: options.fallbackEncoding });
  return sniffed.encoding !== 'utf-16le' && sniffed.encoding !== 'utf-16be';
}

/** Checks the bytes of one document (a file's, or standard input's). */
export function checkBytes(bytes: Uint8Array, display: string, options: FileCheckOptions): FileReport {
  try {
    if (looksBinary(bytes, options)) {
      const problem = fileProblem(display, FileProblemCode.FileBinary, 'skipped: looks like a binary file (it has NUL bytes near the start)', options);
      return { findings: problem === null ? [] : [problem] };
    }
    const result = analyze(bytes, options);
    const lines = new LineIndex(result.text);
    const region = (start: number, end: number): Region => {
      const a = lines.position(start);
      const b = lines.position(Math.max(start, end));
      return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
    };
    const findings: Finding[] = [];
    for (const d of result.encodingDiagnostics) {
      const severity = effectiveSeverity(d.code, d.severity, options);
      if (severity === null) continue;
      const finding: Finding = { file: display, ...region(d.start, d.end), severity, code: d.code, message: d.message };
      if (d.related !== undefined) {
        finding.related = region(d.related.start, d.related.end);
        finding.relatedMessage = d.code === 'multiple-encoding-declarations' ? 'The first encoding declaration' : 'The meta element';
      }
      findings.push(finding);
    }
    for (const e of result.errors) {
      const severity = effectiveSeverity(e.code, 'error', options);
      if (severity === null) continue;
      // The language server's message and range for the error, so that CI and the editor say the same.
      const d = describeParseError(result.text, e);
      const finding: Finding = { file: display, ...region(d.start, d.end), severity, code: e.code, message: d.message };
      if (d.related.length > 0) {
        finding.related = region(d.related[0].start, d.related[0].end);
        finding.relatedMessage = d.related[0].message;
      }
      findings.push(finding);
    }
    // Attribute values, ids and references (warnings by default), as the language server reports them.
    // A non-UTF-8 declaration is already one of the encoding diagnostics above.
    for (const d of checkAttributes(result.document)) {
      if (d.code === 'non-utf8-encoding-declaration') continue;
      const severity = effectiveSeverity(d.code, 'warning', options);
      if (severity === null) continue;
      const finding: Finding = { file: display, ...region(d.start, d.end), severity, code: d.code, message: d.message };
      if (d.related !== undefined) {
        finding.related = region(d.related.start, d.related.end);
        finding.relatedMessage = d.related.message;
      }
      findings.push(finding);
    }
    // Conformance (content models, obsolete features, required attributes…), with `--conformance`.
    if (options.conformance === true) {
      for (const d of checkConformance(result.document)) {
        const severity = effectiveSeverity(d.code, d.severity, options);
        if (severity === null) continue;
        const finding: Finding = { file: display, ...region(d.start, d.end), severity, code: d.code, message: d.message };
        if (d.related !== undefined && d.related.length > 0) {
          finding.related = region(d.related[0].start, d.related[0].end);
          finding.relatedMessage = d.related[0].message;
        }
        findings.push(finding);
      }
    }
    findings.sort((a, b) => a.line - b.line || a.column - b.column);
    return { findings, encoding: result.encoding };
  } catch (e) {
    const problem = fileProblem(display, FileProblemCode.InternalError, `internal error: ${(e as Error).message ?? String(e)}`, options);
    return { findings: problem === null ? [] : [problem] };
  }
}

/** Checks one file. Never throws. */
export function checkFile(path: string, display: string, options: FileCheckOptions): FileReport {
  const read = readFileBounded(path, display, options);
  if (!(read instanceof Uint8Array)) return { findings: read.problem === null ? [] : [read.problem] };
  return checkBytes(read, display, options);
}
