/**
 * `tagtree check [PATH|GLOB...]`: a linter for CI. It finds the files, checks
 * them in worker threads, prints every parse error and encoding diagnostic, and
 * exits with 1 when it found errors (or more warnings than --max-warnings),
 * 0 when not, and 2 on usage errors.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { getAnEncodingFromLabel } from '@tagtree/parser';
import { checkBytes, fileProblem, fileRules, type FileCheckOptions, type Finding } from './check-file';
import { ConfigError, findConfig, loadConfigFile, type CheckConfig } from '../config-files';
import { configuredCodes } from '../lint/config';
import { formatJson } from './formatters/json';
import { formatSarif } from './formatters/sarif';
import { formatText } from './formatters/text';
import { knownCodes } from '../lint/codes';
import { checkFiles } from './pool';
import { Progress } from './progress';
import { collectFiles, NoSuchPathError } from './walker';

export const CHECK_USAGE = `Usage: tagtree check [PATH|GLOB...] [options]

Checks HTML files as a browser parses them and reports every parse error,
encoding problem, attribute value and conformance problem as
file:line:col: severity code: message. PATH is a file, a
directory (walked for .html and .htm files, respecting .gitignore) or - for
standard input; GLOB is a pattern such as 'src/**/*.html'. Default: the
current directory. Exit status: 0 no errors, 1 errors found (or too many
warnings), 2 usage error.

Options:
  -f, --format FORMAT         text (default), json (a list of findings) or
                              sarif (SARIF 2.1.0, for GitHub code scanning)
  -o, --output FILE           write the report to FILE instead of standard output
      --max-warnings N        also exit 1 when there are more than N warnings
  -q, --quiet                 report errors only (warnings are not counted)
  -c, --config FILE           a tagtree.json (or package.json with a "tagtree" key);
                              default: the nearest one in this directory or above
      --encoding LABEL        decode every file with this encoding (overrides
                              byte order marks' absence, <meta> and the fallback)
      --fallback-encoding LABEL
                              the encoding when nothing declares one
                              (default windows-1252, as browsers); the
                              missing declaration is still reported
      --transport-encoding LABEL
                              the charset your web server sends in the
                              Content-Type header: then no <meta charset>
                              is required
      --scripting on|off      parse as a browser with scripting on (default) or off
      --no-conformance        leave out the conformance checks (content models,
                              obsolete features, required attributes, title,
                              main, ARIA), which run by default
      --conformance           run them even where the configuration says
                              "conformance": false
      --ext LIST              extensions to look for in directories (default html,htm)
      --no-gitignore          do not read .gitignore files
      --max-file-size SIZE    skip larger files, e.g. 500K, 32M (default 32M)
      --no-group              list every finding, also those grouped under
                              their cause (the control characters of a wrong
                              encoding guess)
  -j, --jobs N                worker threads (default: one per core; 1 = none)
      --no-progress           never show progress (it shows only on a terminal)`;

/** A failure the user can fix: printed as one line, exit status 2. */
export class CheckUsageError extends Error {}

export interface CheckIo {
  cwd: string;
  stdout: { write(text: string): boolean };
  stderr: { isTTY?: boolean; write(text: string): boolean };
  readStdin(): Uint8Array;
  version: string;
}

const DEFAULT_MAX_FILE_SIZE = 32 * 1024 * 1024;
const DEFAULT_EXTENSIONS = ['html', 'htm'];

function parseSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([kKmMgG])?i?[bB]?$/.exec(text.trim());
  if (m === null) throw new CheckUsageError(`--max-file-size: expected a size such as 500K or 32M, got ${JSON.stringify(text)}`);
  const unit = (m[2] ?? '').toLowerCase();
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  const size = Math.floor(Number(m[1]) * factor);
  if (size <= 0) throw new CheckUsageError('--max-file-size must be more than 0');
  return size;
}

function parseCount(option: string, text: string, min: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min) throw new CheckUsageError(`${option}: expected a whole number of at least ${min}, got ${JSON.stringify(text)}`);
  return Number(text);
}

function requireLabel(option: string, label: string): string {
  if (getAnEncodingFromLabel(label) === null) {
    throw new CheckUsageError(`${option}: ${JSON.stringify(label)} is not an encoding label (try utf-8, windows-1252, shift_jis…)`);
  }
  return label;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const CHECK_OPTIONS = {
  format: { type: 'string', short: 'f' },
  output: { type: 'string', short: 'o' },
  'max-warnings': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  config: { type: 'string', short: 'c' },
  encoding: { type: 'string' },
  'fallback-encoding': { type: 'string' },
  'transport-encoding': { type: 'string' },
  'no-group': { type: 'boolean' },
  scripting: { type: 'string' },
  conformance: { type: 'boolean' },
  'no-conformance': { type: 'boolean' },
  ext: { type: 'string' },
  'no-gitignore': { type: 'boolean' },
  'max-file-size': { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  'no-progress': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type CheckValues = ReturnType<typeof parseCheckArguments>['values'];

function parseCheckArguments(argv: string[]) {
  return parseArgs({ args: argv, options: CHECK_OPTIONS, allowPositionals: true, strict: true });
}

/** Runs `tagtree check` with the arguments after `check`; resolves to the exit status. */
export async function runCheck(argv: string[], io: CheckIo): Promise<number> {
  const { values, positionals } = parseCheckArguments(argv);
  if (values.help) {
    io.stdout.write(CHECK_USAGE + '\n');
    return 0;
  }
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json' && format !== 'sarif') {
    throw new CheckUsageError(`--format: expected text, json or sarif, got ${JSON.stringify(format)}`);
  }
  const maxWarnings = values['max-warnings'] === undefined ? -1 : parseCount('--max-warnings', values['max-warnings'], 0);
  const jobs = values.jobs === undefined ? undefined : parseCount('--jobs', values.jobs, 1);
  if (values.scripting !== undefined && values.scripting !== 'on' && values.scripting !== 'off') {
    throw new CheckUsageError(`--scripting: expected on or off, got ${JSON.stringify(values.scripting)}`);
  }
  const encoding = values.encoding === undefined ? undefined : requireLabel('--encoding', values.encoding);

  const config = loadCheckConfig(values.config, io);
  const { options, extensions } = fileCheckOptions(values, config, encoding);
  const started = process.hrtime.bigint();
  const args = positionals.length === 0 ? ['.'] : positionals;
  const { findings, checkedFiles } = await checkInputs(args, { options, extensions, config, values, jobs }, io);
  return report(findings, checkedFiles, { format, maxWarnings, output: values.output, started }, io);
}

/** The configuration of a run: `--config`, or the nearest one; a code it names that this version lacks is a warning. */
function loadCheckConfig(path: string | undefined, io: CheckIo): CheckConfig {
  let config: CheckConfig;
  try {
    config = path !== undefined ? loadConfigFile(resolve(io.cwd, path)) : findConfig(io.cwd);
  } catch (e) {
    if (e instanceof ConfigError) throw new CheckUsageError(e.message);
    throw e;
  }
  const known = knownCodes();
  const unknown = configuredCodes(config).filter((code) => !known.has(code));
  if (unknown.length > 0) {
    // A newer or older configuration may name codes this version lacks: warn, do not fail.
    io.stderr.write(`tagtree: warning: ${config.source}: no such code: ${unknown.join(', ')}\n`);
  }
  return config;
}

/** What checking each file takes from the arguments and the configuration, and the extensions walked. */
function fileCheckOptions(values: CheckValues, config: CheckConfig, encoding: string | undefined): { options: FileCheckOptions; extensions: string[] } {
  const options: FileCheckOptions = {
    scripting: values.scripting === undefined ? (config.scripting ?? true) : values.scripting === 'on',
    maxFileSize: values['max-file-size'] === undefined ? (config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE) : parseSize(values['max-file-size']),
    config: { preset: config.preset, rules: config.rules, overrides: config.overrides, conformance: config.conformance, dir: config.dir, frameworks: config.frameworks, allowAttributes: config.allowAttributes, customData: config.customData },
    quiet: values.quiet === true,
  };
  if (values.conformance === true && values['no-conformance'] === true) throw new CheckUsageError('--conformance and --no-conformance: give one of them');
  if (values.conformance === true) options.conformance = true;
  if (values['no-conformance'] === true) options.conformance = false;
  if (values['no-group'] === true) options.ungrouped = true;
  if (encoding !== undefined) options.encoding = encoding;
  const transport = values['transport-encoding'] ?? config.transportEncoding;
  if (transport !== undefined) options.transportEncoding = requireLabel('--transport-encoding', transport);
  const fallback = values['fallback-encoding'] ?? config.fallbackEncoding;
  if (fallback !== undefined) options.fallbackEncoding = requireLabel('--fallback-encoding', fallback);
  const extensions =
    values.ext !== undefined
      ? values.ext.split(',').map((e) => e.trim().replace(/^\./, '')).filter((e) => e.length > 0)
      : (config.extensions ?? DEFAULT_EXTENSIONS);
  if (extensions.length === 0) throw new CheckUsageError('--ext: no extensions given');

  return { options, extensions };
}

/** Checks standard input (where `-` is given) and the files under the paths. */
async function checkInputs(
  args: string[],
  run: { options: FileCheckOptions; extensions: string[]; config: CheckConfig; values: CheckValues; jobs: number | undefined },
  io: CheckIo,
): Promise<{ findings: Finding[]; checkedFiles: number }> {
  const { options, extensions, config, values, jobs } = run;
  const findings: Finding[] = [];
  let checkedFiles = 0;

  // Standard input, once, where `-` appears.
  if (args.includes('-')) {
    if (args.filter((a) => a === '-').length > 1) throw new CheckUsageError('- (standard input) may be given only once');
    let bytes: Uint8Array;
    try {
      bytes = io.readStdin();
    } catch (e) {
      throw new CheckUsageError(`cannot read standard input: ${(e as Error).message}`);
    }
    findings.push(...checkBytes(bytes, '<stdin>', options, null).findings);
    checkedFiles++;
  }
  const paths = args.filter((a) => a !== '-');

  if (paths.length > 0) {
    let walked;
    try {
      walked = collectFiles(paths, {
        cwd: io.cwd,
        extensions,
        gitignore: values['no-gitignore'] !== true,
        ignore: config.ignore,
        ignoreDir: config.dir,
      });
    } catch (e) {
      if (e instanceof NoSuchPathError) throw new CheckUsageError(e.message);
      throw e;
    }
    if (walked.files.length === 0 && walked.problems.length === 0) {
      throw new CheckUsageError(`no files to check in ${paths.join(' ')} (looked for ${extensions.map((e) => `*.${e}`).join(', ')})`);
    }
    const progress = new Progress(io.stderr, values['no-progress'] !== true);
    let errorsSoFar = 0;
    let warningsSoFar = 0;
    const reports = await checkFiles(walked.files, options, {
      jobs,
      onFileDone: (done, total, report) => {
        for (const f of report.findings) {
          if (f.severity === 'error') errorsSoFar++;
          else warningsSoFar++;
        }
        progress.update(done, total, errorsSoFar, warningsSoFar);
      },
    });
    progress.done();
    checkedFiles += walked.files.length;
    for (const report of reports) findings.push(...report.findings);
    for (const p of walked.problems) {
      const finding = fileProblem(p.display, p.code, p.message, fileRules(p.path, options));
      if (finding !== null) findings.push(finding);
    }
  }

  return { findings, checkedFiles };
}

/** Writes the report and the summary; the exit status. */
function report(
  findings: Finding[],
  checkedFiles: number,
  how: { format: string; maxWarnings: number; output: string | undefined; started: bigint },
  io: CheckIo,
): number {
  const { format, maxWarnings, started } = how;
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  // Grouped findings count for the exit status as if listed: grouping changes what is printed, not the verdict.
  const grouped = findings.filter((f) => f.consequences !== undefined).map((f) => f.consequences!);
  const groupedErrors = grouped.filter((c) => c.severity === 'error').reduce((n, c) => n + c.count, 0);
  const groupedWarnings = grouped.filter((c) => c.severity === 'warning').reduce((n, c) => n + c.count, 0);
  const text =
    format === 'json' ? formatJson(findings) : format === 'sarif' ? formatSarif(findings, { version: io.version, root: io.cwd }) : formatText(findings);
  if (how.output !== undefined) {
    try {
      writeFileSync(resolve(io.cwd, how.output), text);
    } catch (e) {
      throw new CheckUsageError(`cannot write ${how.output}: ${(e as Error).message}`);
    }
  } else {
    io.stdout.write(text);
  }

  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const filesWithFindings = new Set(findings.map((f) => f.file)).size;
  const summary =
    findings.length === 0
      ? `No problems: ${plural(checkedFiles, 'file')} checked`
      : `${plural(errors, 'error')} and ${plural(warnings, 'warning')} in ${plural(filesWithFindings, 'file')}; ${plural(checkedFiles, 'file')} checked`;
  const groupedNote =
    groupedErrors + groupedWarnings === 0
      ? ''
      : ` Not listed: ${[groupedErrors > 0 ? plural(groupedErrors, 'error') : '', groupedWarnings > 0 ? plural(groupedWarnings, 'warning') : ''].filter((x) => x !== '').join(' and ')} that follow from a wrong encoding guess, each counted under its cause (--no-group lists them).`;
  io.stderr.write(`${summary} in ${seconds.toFixed(2)} s.${groupedNote}\n`);
  if (errors + groupedErrors > 0) return 1;
  if (maxWarnings >= 0 && warnings + groupedWarnings > maxWarnings) {
    io.stderr.write(`tagtree: ${plural(warnings + groupedWarnings, 'warning')}, more than --max-warnings ${maxWarnings}.\n`);
    return 1;
  }
  return 0;
}

/** Reads all of standard input synchronously. */
export function readStdinSync(): Uint8Array {
  return readFileSync(0);
}
