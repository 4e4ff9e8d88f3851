/**
 * Checking one file: read its bytes, skip it with a clear finding when it is
 * unreadable, too large or binary, otherwise parse it as a browser would
 * (encoding sniffing included) and turn every parse error and encoding
 * diagnostic into a finding with 1-based line and column. Runs in a worker
 * thread or in the main thread; never throws.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { ATTRIBUTE_DIAGNOSTICS, checkAttributes, checkConformance, describeParseError, LineIndex, parseBytes, sniffEncoding, type ParseBytesOptions, type ParseBytesResult } from '@tagtree/parser';
import { configuredSetting, ruleSetFor, type LintConfig, type RuleSet } from '../lint/config';
import { Suppressions } from '../lint/directives';
import { acceptedByAllowList, allowListOf } from '../framework-config';
import { codeInfo, FileProblemCode, knownCodes, type Severity } from '../lint/codes';

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
  /**
   * Findings that follow from this one and are not listed (unless
   * `--no-group`): the control characters a wrong encoding guess makes.
   */
  consequences?: { count: number; code: string; severity: Severity };
}

export interface FileCheckOptions {
  /** `--encoding`: the user's override. */
  encoding?: string;
  fallbackEncoding?: string;
  /** `--transport-encoding`: the charset the server sends, as a browser would get it. */
  transportEncoding?: string;
  scripting: boolean;
  maxFileSize: number;
  /** The configuration: rules, preset and overrides (a plain object, sent to the worker threads as is). */
  config: Pick<LintConfig, 'preset' | 'rules' | 'overrides' | 'conformance' | 'dir' | 'frameworks' | 'allowAttributes' | 'customData'>;
  /** Report errors only. */
  quiet: boolean;
  /** Report the conformance findings (`--conformance`) or not (`--no-conformance`), whatever the configuration says; unset: as it says (on by default). */
  conformance?: boolean;
  /** List the findings that follow from another one instead of grouping them under it (`--no-group`). */
  ungrouped?: boolean;
}

/** A finding's message, with the count of the findings grouped under it, for the text and SARIF reports. */
export function messageWithConsequences(f: Finding): string {
  const c = f.consequences;
  if (c === undefined) return f.message;
  const what = `${c.count} ${c.code} ${c.severity}${c.count === 1 ? '' : 's'}`;
  return `${f.message} [${what} that follow from it are not listed; --no-group lists them]`;
}

/** What decides a finding's severity in one file: its rules and `--quiet`. */
export interface FileRules {
  set: RuleSet;
  quiet: boolean;
}

/** The rules for the file at `path` (absolute; `null` for standard input): the configuration's overrides applied. */
export function fileRules(path: string | null, options: Pick<FileCheckOptions, 'config' | 'quiet'>): FileRules {
  const rel = path === null ? null : relative(options.config.dir, path).split(sep).join('/');
  return { set: ruleSetFor({ ...options.config, source: null, ignore: [] }, rel), quiet: options.quiet };
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
  if (options.transportEncoding !== undefined) parseOptions.transportLayerEncoding = options.transportEncoding;
  if (options.fallbackEncoding !== undefined) parseOptions.fallback = options.fallbackEncoding;
  return parseBytes(bytes, parseOptions);
}

/** Applies the configured severity (or `off`, or the preset's) and `--quiet` to a finding's default severity. */
export function effectiveSeverity(code: string, defaultSeverity: Severity, rules: FileRules): Severity | null {
  const setting = configuredSetting(rules.set, code);
  const severity = setting === undefined ? defaultSeverity : setting === 'off' ? null : setting;
  if (severity === null || (rules.quiet && severity === 'warning')) return null;
  return severity;
}

/** A finding about the whole file (line 1, column 1), or null when its code is turned off. */
export function fileProblem(display: string, code: FileProblemCode, message: string, rules: FileRules): Finding | null {
  const severity = effectiveSeverity(code, codeInfo(code).defaultSeverity, rules);
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
function readFileBounded(path: string, display: string, options: FileCheckOptions, rules: FileRules): Uint8Array | { problem: Finding | null } {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    return { problem: fileProblem(display, FileProblemCode.FileUnreadable, describeReadError(e), rules) };
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) return { problem: fileProblem(display, FileProblemCode.FileUnreadable, 'cannot read: is a directory', rules) };
    if (stats.size > options.maxFileSize) {
      return {
        problem: fileProblem(
          display,
          FileProblemCode.FileTooLarge,
          `skipped: ${formatSize(stats.size)} is more than the limit of ${formatSize(options.maxFileSize)} (--max-file-size)`,
          rules,
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
          problem: fileProblem(display, FileProblemCode.FileTooLarge, `skipped: more than the limit of ${formatSize(options.maxFileSize)} (--max-file-size)`, rules),
        };
      }
      if (n === chunk.length) chunk = Buffer.allocUnsafe(chunk.length * 2);
      else chunk = chunk.subarray(n);
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  } catch (e) {
    return { problem: fileProblem(display, FileProblemCode.FileUnreadable, describeReadError(e), rules) };
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

/** Whether a control character in the text came from a byte a wrong single-byte guess turned into a C1 control (U+0080 to U+009F). */
function isC1Control(text: string, offset: number): boolean {
  const c = text.charCodeAt(offset);
  return c >= 0x80 && c <= 0x9f;
}

/**
 * Checks the bytes of one document (a file's, or standard input's). `path`
 * (absolute, or null for standard input) picks the configuration's overrides.
 */
export function checkBytes(bytes: Uint8Array, display: string, options: FileCheckOptions, path: string | null = null): FileReport {
  const rules = fileRules(path, options);
  try {
    if (looksBinary(bytes, options)) {
      const problem = fileProblem(display, FileProblemCode.FileBinary, 'skipped: looks like a binary file (it has NUL bytes near the start)', rules);
      return { findings: problem === null ? [] : [problem] };
    }
    const result = analyze(bytes, options);
    const lines = new LineIndex(result.text);
    const region = (start: number, end: number): Region => {
      const a = lines.position(start);
      const b = lines.position(Math.max(start, end));
      return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
    };
    // <!-- tagtree-disable… --> comments: a finding they cover is not reported.
    const suppressions = new Suppressions(result.document, result.text);
    const findings: Finding[] = [];
    /** The reported missing-encoding-declaration: the cause the control characters of a wrong guess are grouped under. */
    let guess: Finding | null = null;
    for (const d of result.encodingDiagnostics) {
      const severity = effectiveSeverity(d.code, d.severity, rules);
      if (severity === null || suppressions.suppresses(d.code, d.start)) continue;
      const finding: Finding = { file: display, ...region(d.start, d.end), severity, code: d.code, message: d.message };
      if (d.related !== undefined) {
        finding.related = region(d.related.start, d.related.end);
        finding.relatedMessage = d.code === 'multiple-encoding-declarations' ? 'The first encoding declaration' : 'The meta element';
      }
      if (d.code === 'missing-encoding-declaration' && result.encoding !== 'utf-8') guess = finding;
      findings.push(finding);
    }
    for (const e of result.errors) {
      const severity = effectiveSeverity(e.code, 'error', rules);
      if (severity === null || suppressions.suppresses(e.code, e.start)) continue;
      if (guess !== null && options.ungrouped !== true && e.code === 'control-character-in-input-stream' && isC1Control(result.text, e.start)) {
        // The byte is text in the right encoding: one cause, reported once.
        guess.consequences ??= { count: 0, code: e.code, severity };
        guess.consequences.count++;
        if (severity === 'error') guess.consequences.severity = 'error';
        continue;
      }
      // The language server's message and range for the error, so that CI and the editor say the same.
      const d = describeParseError(result.text, e);
      const finding: Finding = { file: display, ...region(d.start, d.end), severity, code: e.code, message: d.message };
      if (d.related.length > 0) {
        finding.related = region(d.related[0].start, d.related[0].end);
        finding.relatedMessage = d.related[0].message;
      }
      findings.push(finding);
    }
    // Attribute values, ids and references (each code's grade: errors but for advice), as the language server reports them.
    // A non-UTF-8 declaration is already one of the encoding diagnostics above.
    // Framework attributes and custom data that the configuration accepts (frameworks, allowAttributes, customData).
    const allowList = allowListOf(rules.set);
    for (const d of checkAttributes(result.document)) {
      if (d.code === 'non-utf8-encoding-declaration' || acceptedByAllowList(allowList, result.text, d)) continue;
      const severity = effectiveSeverity(d.code, ATTRIBUTE_DIAGNOSTICS[d.code].severity, rules);
      if (severity === null || suppressions.suppresses(d.code, d.start)) continue;
      const finding: Finding = { file: display, ...region(d.start, d.end), severity, code: d.code, message: d.message };
      if (d.related !== undefined) {
        finding.related = region(d.related.start, d.related.end);
        finding.relatedMessage = d.related.message;
      }
      findings.push(finding);
    }
    // Conformance (content models, obsolete features, required attributes…): on unless
    // `--no-conformance` or the configuration (or a matching override) says `"conformance": false`.
    if (options.conformance ?? rules.set.conformance ?? true) {
      for (const d of checkConformance(result.document)) {
        if (acceptedByAllowList(allowList, result.text, d)) continue;
        const severity = effectiveSeverity(d.code, d.severity, rules);
        if (severity === null || suppressions.suppresses(d.code, d.start)) continue;
        const finding: Finding = { file: display, ...region(d.start, d.end), severity, code: d.code, message: d.message };
        if (d.related !== undefined && d.related.length > 0) {
          finding.related = region(d.related[0].start, d.related[0].end);
          finding.relatedMessage = d.related[0].message;
        }
        findings.push(finding);
      }
    }
    if (!suppressions.isEmpty) {
      const known = knownCodes();
      for (const p of suppressions.problems((code) => known.has(code))) {
        const severity = effectiveSeverity(p.code, codeInfo(p.code).defaultSeverity, rules);
        if (severity !== null) findings.push({ file: display, ...region(p.start, p.end), severity, code: p.code, message: p.message });
      }
    }
    findings.sort((a, b) => a.line - b.line || a.column - b.column);
    return { findings, encoding: result.encoding };
  } catch (e) {
    const problem = fileProblem(display, FileProblemCode.InternalError, `internal error: ${(e as Error).message ?? String(e)}`, rules);
    return { findings: problem === null ? [] : [problem] };
  }
}

/** Checks one file. Never throws. */
export function checkFile(path: string, display: string, options: FileCheckOptions): FileReport {
  const read = readFileBounded(path, display, options, fileRules(path, options));
  if (!(read instanceof Uint8Array)) return { findings: read.problem === null ? [] : [read.problem] };
  return checkBytes(read, display, options, path);
}
