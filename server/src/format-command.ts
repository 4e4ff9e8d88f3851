/**
 * `tagtree format [PATH|GLOB...|-]`: the formatter for the command line
 * (docs/formatting.md). With `--check` it lists the files that would change
 * and exits 1 when there are some (for CI); with `--write` it rewrites them;
 * with one file or `-` (standard input) and neither, it writes the formatted
 * text to standard output.
 *
 * Files are read as a browser decodes them (byte order mark, <meta charset>,
 * the fallback). Every edit replaces ASCII white space, so a file is written
 * back byte for byte but for those edits: UTF-8 files whose bytes decode and
 * encode back unchanged, and single-byte encodings; a file in another
 * encoding is reported and left alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { applyEdits, decodeBytes, formatHtml, getAnEncodingFromLabel, sniffEncoding, type FormatEdit } from '@tagtree/parser';
import { ConfigError, findConfig, loadConfigFile, type CheckConfig } from './config-files';
import { formatOptionsOf, readFormatConfig, type FormatConfig } from './lint/format-config';
import { collectFiles, NoSuchPathError } from './check/walker';

export const FORMAT_USAGE = `Usage: tagtree format [PATH|GLOB...|-] [options]

Formats HTML files, changing only white space that does not render: each
block-level element on its own line at its depth, long start tags wrapped by
attribute. Every result is parsed again and compared with the original (the
same tree, the same text wherever white space renders, the same parse
errors); where they would differ, the file is left as written there.

PATH is a file, a directory (walked for .html and .htm files, respecting
.gitignore and the "ignore" of tagtree.json) or - for standard input.
With one file or -, and neither --check nor --write, the formatted text is
written to standard output.

Options:
      --check                 list the files that would change; exit 1 if any
  -w, --write                 rewrite the files that change
  -c, --config FILE           a tagtree.json (or package.json with a "tagtree"
                              key); default: the nearest one. Its "format"
                              section gives the defaults of the options below
      --print-width N         wrap start tags longer than N columns (default 120)
      --tab-size N            spaces per level (default 2)
      --use-tabs              indent with tabs
      --wrap-attributes auto|force|preserve
                              one attribute per line when the tag is too long
                              (auto, default), whenever it has two or more
                              (force), or never (preserve)
      --whitespace css|strict css (default): white space that does not render
                              by the default display values may change, line
                              breaks are inserted between blocks; strict: only
                              re-indent lines, insert nothing
      --indent-inner-html     indent <head> and <body> inside <html>
      --scripting on|off      parse with scripting on (default) or off
      --encoding LABEL        decode every file with this encoding
      --ext LIST              extensions to look for in directories (default html,htm)
      --no-gitignore          do not read .gitignore files

Exit status: 0 done (nothing to change with --check), 1 files would change
(--check) or could not be formatted, 2 usage error.`;

/** A failure the user can fix: printed as one line, exit status 2. */
export class FormatUsageError extends Error {}

export interface FormatIo {
  cwd: string;
  stdout: { write(text: string | Uint8Array): boolean };
  stderr: { write(text: string): boolean };
  readStdin(): Uint8Array;
}

/** A file's text as decoded, and how to write bytes back with edits applied (null when it cannot be written back exactly). */
interface Decoded {
  text: string;
  encode: ((edits: readonly FormatEdit[]) => Uint8Array) | null;
  encoding: string;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Decodes as a browser would, and works out how the formatted text is written back without touching any other byte. */
export function decodeForFormat(bytes: Uint8Array, options: { encoding?: string; fallback?: string; transport?: string }): Decoded {
  const sniffed = sniffEncoding(bytes, {
    ...(options.encoding !== undefined ? { override: options.encoding } : {}),
    ...(options.fallback !== undefined ? { fallback: options.fallback } : {}),
    ...(options.transport !== undefined ? { transportLayerEncoding: options.transport } : {}),
  });
  const text = decodeBytes(bytes, sniffed.encoding);
  const bom = bytes.subarray(0, sniffed.bomLength);
  const body = bytes.subarray(sniffed.bomLength);
  let encode: Decoded['encode'] = null;
  if (sniffed.encoding === 'utf-8') {
    // Only when the bytes are the UTF-8 of the text: invalid bytes decode to U+FFFD and would be lost.
    if (sameBytes(new TextEncoder().encode(text), body)) {
      encode = (edits) => {
        const out = new TextEncoder().encode(applyEdits(text, edits));
        const all = new Uint8Array(bom.length + out.length);
        all.set(bom, 0);
        all.set(out, bom.length);
        return all;
      };
    }
  } else if (text.length === body.length && sniffed.encoding !== 'utf-16le' && sniffed.encoding !== 'utf-16be') {
    // A single-byte encoding: offset k of the text is byte k of the body; the edits are ASCII white space.
    encode = (edits) => {
      const parts: Uint8Array[] = [bom];
      let at = 0;
      let size = bom.length;
      for (const e of edits) {
        const kept = body.subarray(at, e.start);
        const added = new Uint8Array(e.newText.length);
        for (let i = 0; i < e.newText.length; i++) added[i] = e.newText.charCodeAt(i);
        parts.push(kept, added);
        size += kept.length + added.length;
        at = e.end;
      }
      const rest = body.subarray(at);
      parts.push(rest);
      size += rest.length;
      const all = new Uint8Array(size);
      let k = 0;
      for (const p of parts) {
        all.set(p, k);
        k += p.length;
      }
      return all;
    };
  }
  return { text, encode, encoding: sniffed.encoding };
}

function positiveInteger(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new FormatUsageError(`${name}: expected a whole number from ${min} to ${max}, got '${value}'`);
  return n;
}

function requireLabel(option: string, label: string): string {
  if (getAnEncodingFromLabel(label) === null) throw new FormatUsageError(`${option}: unknown encoding label '${label}'`);
  return label;
}

export function runFormat(argv: string[], io: FormatIo): number {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      check: { type: 'boolean' },
      write: { type: 'boolean', short: 'w' },
      config: { type: 'string', short: 'c' },
      'print-width': { type: 'string' },
      'tab-size': { type: 'string' },
      'use-tabs': { type: 'boolean' },
      'wrap-attributes': { type: 'string' },
      whitespace: { type: 'string' },
      'indent-inner-html': { type: 'boolean' },
      scripting: { type: 'string' },
      encoding: { type: 'string' },
      ext: { type: 'string' },
      'no-gitignore': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    io.stdout.write(FORMAT_USAGE + '\n');
    return 0;
  }
  if (values.check && values.write) throw new FormatUsageError('--check and --write: give one of them');
  let config: CheckConfig;
  try {
    config = values.config !== undefined ? loadConfigFile(resolve(io.cwd, values.config)) : findConfig(io.cwd);
  } catch (e) {
    if (e instanceof ConfigError) throw new FormatUsageError(e.message);
    throw e;
  }
  // The command line over the configuration's `format` section.
  const section: FormatConfig = { ...config.format };
  const fail = (message: string) => new FormatUsageError(message.replace(/^command line: format\./, '--'));
  const flags: Record<string, unknown> = {};
  if (values['print-width'] !== undefined) flags.printWidth = positiveInteger('--print-width', values['print-width'], 20, 10000);
  if (values['tab-size'] !== undefined) flags.tabSize = positiveInteger('--tab-size', values['tab-size'], 1, 16);
  if (values['use-tabs']) flags.insertSpaces = false;
  if (values['wrap-attributes'] !== undefined) flags.wrapAttributes = values['wrap-attributes'];
  if (values.whitespace !== undefined) flags.whitespace = values.whitespace;
  if (values['indent-inner-html']) flags.indentInnerHtml = true;
  Object.assign(section, readFormatConfig(flags, 'command line', fail));
  if (values.scripting !== undefined && values.scripting !== 'on' && values.scripting !== 'off') throw new FormatUsageError(`--scripting: expected on or off, got '${values.scripting}'`);
  const scripting = values.scripting === undefined ? (config.scripting ?? true) : values.scripting === 'on';
  const options = formatOptionsOf(section, undefined, scripting);
  const decodeOptions = {
    ...(values.encoding !== undefined ? { encoding: requireLabel('--encoding', values.encoding) } : {}),
    ...(config.fallbackEncoding !== undefined ? { fallback: config.fallbackEncoding } : {}),
    ...(config.transportEncoding !== undefined ? { transport: config.transportEncoding } : {}),
  };

  const args = positionals.length === 0 ? (values.check || values.write ? ['.'] : []) : positionals;
  if (args.length === 0) throw new FormatUsageError('give files to format, - for standard input, or --check/--write for the current directory');
  if (args.filter((a) => a === '-').length > 1) throw new FormatUsageError('- (standard input) may be given only once');
  const toStdout = !values.check && !values.write;

  let failed = 0;
  let changed = 0;
  let unchanged = 0;
  /** Formats one input; returns the new bytes, or null when nothing changes; throws nothing. */
  const formatOne = (bytes: Uint8Array, display: string): Uint8Array | null | 'failed' => {
    const decoded = decodeForFormat(bytes, decodeOptions);
    const result = formatHtml(decoded.text, options);
    for (const k of result.keptAsWritten) {
      io.stderr.write(`${display}: left as written at offsets ${k.start}-${k.end}: formatting there would change the page (${k.reason})\n`);
    }
    if (result.edits.length === 0) return null;
    if (decoded.encode === null) {
      io.stderr.write(`${display}: not formatted: its bytes are not exactly ${decoded.encoding} text, so it could not be written back unchanged but for white space\n`);
      return 'failed';
    }
    return decoded.encode(result.edits);
  };

  if (args.includes('-')) {
    let bytes: Uint8Array;
    try {
      bytes = io.readStdin();
    } catch (e) {
      throw new FormatUsageError(`cannot read standard input: ${(e as Error).message}`);
    }
    const out = formatOne(bytes, '<stdin>');
    if (out === 'failed') failed++;
    else if (out === null) unchanged++;
    else changed++;
    if (toStdout || values.write) io.stdout.write(out === null || out === 'failed' ? bytes : out);
    else if (out !== null && out !== 'failed') io.stdout.write('<stdin>\n');
  }
  const paths = args.filter((a) => a !== '-');
  if (paths.length > 0) {
    const extensions = values.ext !== undefined ? values.ext.split(',').map((e) => e.trim().replace(/^\./, '')).filter((e) => e.length > 0) : (config.extensions ?? ['html', 'htm']);
    let walked;
    try {
      walked = collectFiles(paths, { cwd: io.cwd, extensions, gitignore: values['no-gitignore'] !== true, ignore: config.ignore, ignoreDir: config.dir });
    } catch (e) {
      if (e instanceof NoSuchPathError) throw new FormatUsageError(e.message);
      throw e;
    }
    for (const p of walked.problems) {
      io.stderr.write(`${p.display}: ${p.message}\n`);
      failed++;
    }
    if (toStdout && walked.files.length + (args.includes('-') ? 1 : 0) > 1) {
      throw new FormatUsageError('more than one file: give --check or --write (standard output takes one file)');
    }
    for (const file of walked.files) {
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(file.path);
      } catch (e) {
        io.stderr.write(`${file.display}: cannot read: ${(e as Error).message}\n`);
        failed++;
        continue;
      }
      const out = formatOne(bytes, file.display);
      if (out === 'failed') {
        failed++;
        if (toStdout) io.stdout.write(bytes);
        continue;
      }
      if (out === null) {
        unchanged++;
        if (toStdout) io.stdout.write(bytes);
        continue;
      }
      changed++;
      if (toStdout) io.stdout.write(out);
      else if (values.check) io.stdout.write(`${file.display}\n`);
      else {
        try {
          writeFileSync(file.path, out);
        } catch (e) {
          io.stderr.write(`${file.display}: cannot write: ${(e as Error).message}\n`);
          failed++;
          changed--;
        }
      }
    }
  }
  if (values.check) {
    io.stderr.write(changed > 0 ? `${changed} file${changed === 1 ? '' : 's'} would be formatted, ${unchanged} already formatted\n` : `${unchanged} file${unchanged === 1 ? '' : 's'} already formatted\n`);
    return changed > 0 || failed > 0 ? 1 : 0;
  }
  if (values.write) io.stderr.write(`${changed} file${changed === 1 ? '' : 's'} formatted, ${unchanged} unchanged${failed > 0 ? `, ${failed} not formatted` : ''}\n`);
  return failed > 0 ? 1 : 0;
}
