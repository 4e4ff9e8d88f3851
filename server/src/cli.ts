#!/usr/bin/env node
/**
 * `tagtree`: the command-line face of the parser.
 *
 *   tagtree tokens FILE|-     print the tokens and parse errors with line:col
 *   tagtree tree FILE|-       print the DOM tree (html5lib format) and the errors
 *   tagtree check [PATH...]   lint files for CI (see check/index.ts)
 *   tagtree format [PATH...]  format files, changing only white space that does not render (format-command.ts)
 *
 * Usage errors and unreadable input exit with status 2 and a one-line message;
 * the CLI never prints a stack trace.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  decodeBytes,
  describeParseError,
  getAnEncodingFromLabel,
  parseBytes,
  parseFragment,
  sniffEncoding,
  tokenize,
  toTestTree,
  LineIndex,
  type Namespace,
  type ParseError,
  type Token,
} from '@tagtree/parser';
import { CHECK_USAGE, CheckUsageError, readStdinSync, runCheck } from './check/index';
import { FORMAT_USAGE, FormatUsageError, runFormat } from './format-command';

const USAGE = `Usage: tagtree <command> [options]

Commands:
  tokens FILE|-    Tokenize an HTML file (or standard input) and print every
                   token and parse error with its line:col range.
  tree FILE|-      Parse an HTML file (or standard input) and print the DOM
                   tree in the html5lib test format, then every parse error
                   and encoding problem with its line:col range.
                     --fragment CONTEXT   parse as the contents of CONTEXT
                                          (td, or svg:path, math:mi…)
                     --scripting on|off   the scripting flag (default on)
  check [PATH...]  Check HTML files for CI: parse errors, encoding problems,
                   attribute values (microsyntaxes, duplicate ids, references
                   to nothing) and conformance (content models, obsolete and
                   required elements and attributes, ARIA names), configured
                   by tagtree.json. 'tagtree check --help' lists its options.
  format [PATH...|-]
                   Format HTML files, changing only white space that does not
                   render (--check for CI, --write to rewrite, - for standard
                   input). 'tagtree format --help' lists its options.

The bytes of a file are decoded as a browser does: a byte order mark, then a
<meta charset> in the first 1024 bytes, then windows-1252 (and tree changes
the encoding when a later <meta> declares another). Give tokens or tree
--encoding LABEL to decode with another encoding.

Options:
  -h, --help       Show this help.
  -v, --version    Show the version.`;

/** A failure the user can fix: printed as one line, exit status 2. */
class UsageError extends Error {}

function readBytes(path: string): Uint8Array {
  try {
    return path === '-' ? readFileSync(0) : readFileSync(path);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const what = path === '-' ? 'standard input' : path;
    const reason =
      err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'is a directory' : err.code === 'EACCES' ? 'permission denied' : err.message;
    throw new UsageError(`cannot read ${what}: ${reason}`);
  }
}

function readInput(path: string, encoding: string | undefined): string {
  const bytes = readBytes(path);
  // The encoding sniffing algorithm, as for a document loaded from a file.
  const sniffed = sniffEncoding(bytes, encoding === undefined ? {} : { override: encoding });
  return decodeBytes(bytes, sniffed.encoding);
}

function checkEncodingOption(encoding: string | undefined): void {
  if (encoding !== undefined && getAnEncodingFromLabel(encoding) === null) {
    throw new UsageError(`--encoding: ${JSON.stringify(encoding)} is not an encoding label`);
  }
}

function formatRange(lines: LineIndex, start: number, end: number): string {
  const a = lines.position(start);
  const b = lines.position(end);
  return `${a.line}:${a.col}-${b.line}:${b.col}`;
}

function describeToken(token: Token): string {
  switch (token.type) {
    case 'doctype': {
      const parts = [`name=${JSON.stringify(token.name)}`];
      if (token.publicId !== null) parts.push(`public=${JSON.stringify(token.publicId)}`);
      if (token.systemId !== null) parts.push(`system=${JSON.stringify(token.systemId)}`);
      if (token.forceQuirks) parts.push('force-quirks');
      return `DOCTYPE     ${parts.join(' ')}`;
    }
    case 'startTag': {
      const attrs = token.attributes.map((a) => (a.valueStart === null ? ` ${a.name}` : ` ${a.name}=${JSON.stringify(a.value)}`)).join('');
      return `StartTag    <${token.name}${attrs}${token.selfClosing ? ' /' : ''}>`;
    }
    case 'endTag':
      return `EndTag      </${token.name}>`;
    case 'comment':
      return `Comment     ${JSON.stringify(token.data)}`;
    case 'processingInstruction':
      return `PI          ${JSON.stringify(token.target)} ${JSON.stringify(token.data)}`;
    case 'characters':
      return `Character   ${JSON.stringify(token.data)}`;
  }
}

function formatError(lines: LineIndex, error: ParseError): string {
  return `${formatRange(lines, error.start, error.end).padEnd(20)}error       ${error.code}`;
}

function commandTokens(argv: string[]): number {
  const { values, positionals: args } = parseArgs({ args: argv, options: { encoding: { type: 'string' } }, allowPositionals: true, strict: true });
  if (args.length !== 1) throw new UsageError(args.length === 0 ? 'tokens: missing FILE (use - for standard input)' : `tokens: expected one FILE, got ${args.length}`);
  checkEncodingOption(values.encoding);
  const text = readInput(args[0], values.encoding);
  const { tokens, errors } = tokenize(text);
  const lines = new LineIndex(text);
  const out: string[] = [];
  for (const token of tokens) out.push(`${formatRange(lines, token.start, token.end).padEnd(20)}${describeToken(token)}`);
  out.push('');
  out.push(errors.length === 0 ? 'No parse errors.' : `${errors.length} parse error${errors.length === 1 ? '' : 's'}:`);
  for (const error of errors) out.push(formatError(lines, error));
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}

/** `--fragment` as a context element: `td`, or `svg:path` / `svg path` / `math:mi` for foreign ones. */
function parseContext(context: string): { name: string; namespace: Namespace } {
  const m = /^(?:(svg|math)[: ])?([^\s:]+)$/i.exec(context.trim());
  if (m === null) throw new UsageError(`--fragment: expected an element name such as td or svg:path, got ${JSON.stringify(context)}`);
  const namespace = (m[1]?.toLowerCase() ?? 'html') as Namespace;
  return { name: namespace === 'html' ? m[2].toLowerCase() : m[2], namespace };
}

function commandTree(argv: string[]): number {
  const { values, positionals: args } = parseArgs({
    args: argv,
    options: { encoding: { type: 'string' }, fragment: { type: 'string' }, scripting: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (args.length !== 1) throw new UsageError(args.length === 0 ? 'tree: missing FILE (use - for standard input)' : `tree: expected one FILE, got ${args.length}`);
  checkEncodingOption(values.encoding);
  if (values.scripting !== undefined && values.scripting !== 'on' && values.scripting !== 'off') {
    throw new UsageError(`--scripting: expected on or off, got ${JSON.stringify(values.scripting)}`);
  }
  const scripting = values.scripting !== 'off';
  const context = values.fragment === undefined ? null : parseContext(values.fragment);
  const bytes = readBytes(args[0]);
  let text: string;
  let dump: string;
  let errors: ParseError[];
  const notes: { start: number; end: number; severity: string; code: string; message: string }[] = [];
  let encodingLine: string;
  if (context === null) {
    const r = parseBytes(bytes, { scripting, ...(values.encoding === undefined ? {} : { override: values.encoding }) });
    text = r.text;
    dump = toTestTree(r.document);
    errors = r.errors;
    for (const d of r.encodingDiagnostics) notes.push(d);
    const how = r.changedEncoding !== null ? 'changed by a <meta>' : r.sniff.source;
    encodingLine = `Encoding: ${r.encoding} (${how}, ${r.confidence})`;
  } else {
    // A fragment has no document to change the encoding of: sniff and decode.
    const sniffed = sniffEncoding(bytes, values.encoding === undefined ? {} : { override: values.encoding });
    text = decodeBytes(bytes, sniffed.encoding);
    const r = parseFragment(text, context.name, { scripting, contextNamespace: context.namespace });
    dump = toTestTree(r.fragment);
    errors = r.errors;
    encodingLine = `Encoding: ${sniffed.encoding} (${sniffed.source}, ${sniffed.confidence})`;
  }
  for (const e of errors) {
    const d = describeParseError(text, e);
    notes.push({ start: d.start, end: d.end, severity: 'error', code: e.code, message: d.message });
  }
  notes.sort((a, b) => a.start - b.start);
  const lines = new LineIndex(text);
  const out: string[] = [];
  if (dump.length > 0) out.push(dump);
  out.push('');
  out.push(encodingLine);
  out.push(notes.length === 0 ? 'No problems.' : `${notes.length} problem${notes.length === 1 ? '' : 's'}:`);
  for (const n of notes) out.push(`${formatRange(lines, n.start, n.end).padEnd(20)}${n.severity.padEnd(12)}${n.code}: ${n.message}`);
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}

function version(): string {
  try {
    return (JSON.parse(readFileSync(`${__dirname}/../package.json`, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export async function main(argv: string[]): Promise<number> {
  try {
    // Options after the command belong to the command.
    const commandAt = argv.findIndex((a) => !a.startsWith('-') || a === '-');
    const globalArgs = commandAt < 0 ? argv : argv.slice(0, commandAt);
    const commandArgs = commandAt < 0 ? [] : argv.slice(commandAt + 1);
    const command = commandAt < 0 ? undefined : argv[commandAt];
    const { values } = parseArgs({
      args: globalArgs,
      options: { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } },
      allowPositionals: false,
      strict: true,
    });
    if (values.help) {
      process.stdout.write((command === 'check' ? CHECK_USAGE : command === 'format' ? FORMAT_USAGE : USAGE) + '\n');
      return 0;
    }
    if (values.version) {
      process.stdout.write(version() + '\n');
      return 0;
    }
    switch (command) {
      case 'tokens':
        return commandTokens(commandArgs);
      case 'tree':
        return commandTree(commandArgs);
      case 'check':
        return await runCheck(commandArgs, {
          cwd: process.cwd(),
          stdout: process.stdout,
          stderr: process.stderr,
          readStdin: readStdinSync,
          version: version(),
        });
      case 'format':
        return runFormat(commandArgs, { cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr, readStdin: readStdinSync });
      case undefined:
        throw new UsageError('missing command');
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (e) {
    if (e instanceof UsageError || e instanceof CheckUsageError || e instanceof FormatUsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      // One line: what is wrong, and (for the arguments) where the usage is.
      const hint = e instanceof CheckUsageError || e instanceof FormatUsageError ? '' : " (see 'tagtree --help')";
      process.stderr.write(`tagtree: ${(e as Error).message.replace(/\s*\n\s*/g, ' ')}${hint}\n`);
      return 2;
    }
    process.stderr.write(`tagtree: internal error: ${(e as Error).message ?? String(e)}\n`);
    return 70;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((status) => {
    process.exitCode = status;
  });
}
