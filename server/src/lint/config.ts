/**
 * The linter configuration, `tagtree.json`, shared by `tagtree check` and the
 * language server: what it may hold, its validation, and which severity it
 * gives a code in a given file (the preset, then `rules`, then every
 * `overrides` entry whose globs match the file, in order).
 *
 *   {
 *     "preset": "all",                          // or "parse-errors"
 *     "rules": { "duplicate-attribute": "warning", "non-utf8-encoding-declaration": "off" },
 *     "overrides": [
 *       { "files": ["themes/**"], "rules": { "duplicate-id": "off" } },
 *       { "files": ["legacy/**"], "preset": "parse-errors" }
 *     ],
 *     "ignore": ["vendor/", "*.min.html"],
 *     "extensions": ["html", "htm"],
 *     "fallbackEncoding": "windows-1252",
 *     "transportEncoding": "utf-8",
 *     "scripting": true,
 *     "conformance": false,
 *     "maxFileSize": 33554432,
 *     "frameworks": ["htmx", "alpine"],          // presets: attributes of these frameworks are not flagged
 *     "allowAttributes": ["my-*", "/^on[a-z]+$/"], // more attribute names accepted on every element
 *     "customData": ["./components.html-data.json"] // VS Code custom data: elements and attributes declared there
 *   }
 *
 * Pure: no Node or editor module (reading the file is the caller's), so the
 * same decisions are made in the CLI, the server and anywhere else.
 * `schema/tagtree.schema.json` describes the same shape for editors; a test
 * keeps the two in step.
 */
import { readFormatConfig, type FormatConfig } from './format-config';
import picomatch from 'picomatch/posix';
import { compileAttributePattern, ErrorCode, FRAMEWORK_PRESET_NAMES, getAnEncodingFromLabel, isTreeErrorCode } from '@tagtree/parser';

export type RuleSetting = 'error' | 'warning' | 'off';

/**
 * `all`: every check TagTree runs (parse errors, encoding problems, attribute
 * checks, and the conformance checks unless they are off); `parse-errors`: the
 * spec's parse errors and the tree builder's only.
 */
export type Preset = 'all' | 'parse-errors';
export const PRESETS: readonly Preset[] = ['all', 'parse-errors'];

/** One `overrides` entry: settings for the files its globs match. */
export interface Override {
  /** Globs (picomatch syntax) matched against the path relative to the configuration's directory. */
  files: string[];
  /** Globs of files the entry does not apply to, although `files` matches them. */
  excludedFiles: string[];
  preset?: Preset;
  rules: Record<string, RuleSetting>;
  conformance?: boolean;
  /** Framework presets and attribute patterns for these files, added to the configuration's. */
  frameworks?: string[];
  allowAttributes?: string[];
}

export interface LintConfig {
  preset?: Preset;
  /** Severity per code; codes not listed keep their default. */
  rules: Record<string, RuleSetting>;
  overrides: Override[];
  /** Patterns in .gitignore syntax, relative to `dir`. */
  ignore: string[];
  extensions?: string[];
  fallbackEncoding?: string;
  /** The encoding the server sends (the `charset` of its Content-Type header). */
  transportEncoding?: string;
  scripting?: boolean;
  /** Check conformance (on when unset; `false`: `--no-conformance`). */
  conformance?: boolean;
  maxFileSize?: number;
  /** Framework presets (`FRAMEWORK_PRESETS` of the parser) whose attributes are not flagged. */
  frameworks?: string[];
  /** Attribute name patterns accepted on every element (`*` wildcards, or `/regex/`). */
  allowAttributes?: string[];
  /** VS Code custom data files (paths relative to `dir`): their elements and attributes are not flagged. */
  customData?: string[];
  /** The formatter's options (`format`, lint/format-config.ts). */
  format?: FormatConfig;
  /** The file the configuration came from, or `null` when there is none. */
  source: string | null;
  /** The directory `ignore` patterns and `overrides` globs are relative to. */
  dir: string;
}

/** A configuration that cannot be used: `check` exits with status 2, the server says so and goes on without it. */
export class ConfigError extends Error {}

const KEYS = [
  'preset',
  'rules',
  'overrides',
  'ignore',
  'extensions',
  'fallbackEncoding',
  'transportEncoding',
  'scripting',
  'conformance',
  'maxFileSize',
  'frameworks',
  'allowAttributes',
  'customData',
  'format',
] as const;
const OVERRIDE_KEYS = ['files', 'excludedFiles', 'preset', 'rules', 'conformance', 'frameworks', 'allowAttributes'] as const;
const SETTINGS: ReadonlySet<string> = new Set(['error', 'warning', 'off']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringArray(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw new ConfigError(`${where}: must be an array of strings`);
  return value as string[];
}

function unknownKey(where: string, key: string, known: readonly string[]): ConfigError {
  return new ConfigError(`${where}: unknown key "${key}" (known: ${known.join(', ')})`);
}

function readPreset(value: unknown, where: string): Preset {
  if (typeof value !== 'string' || !(PRESETS as readonly string[]).includes(value)) {
    throw new ConfigError(`${where}: "preset" must be ${PRESETS.map((p) => `"${p}"`).join(' or ')}, not ${JSON.stringify(value)}`);
  }
  return value as Preset;
}

function readRules(value: unknown, where: string): Record<string, RuleSetting> {
  if (!isPlainObject(value)) throw new ConfigError(`${where}: "rules" must be an object of code: "error" | "warning" | "off"`);
  const rules: Record<string, RuleSetting> = {};
  for (const [code, setting] of Object.entries(value)) {
    if (typeof setting !== 'string' || !SETTINGS.has(setting)) {
      throw new ConfigError(`${where}: rules.${code} must be "error", "warning" or "off", not ${JSON.stringify(setting)}`);
    }
    rules[code] = setting as RuleSetting;
  }
  return rules;
}

function readBoolean(value: unknown, where: string, key: string): boolean {
  if (typeof value !== 'boolean') throw new ConfigError(`${where}: "${key}" must be true or false`);
  return value;
}

function readLabel(value: unknown, where: string, key: string): string {
  if (typeof value !== 'string' || getAnEncodingFromLabel(value) === null) {
    throw new ConfigError(`${where}: "${key}" must be an encoding label such as "windows-1252" or "utf-8"`);
  }
  return value;
}

/** Globs, each checked by compiling it, so that a bad one is a clear error now and not a crash later. */
function readGlobs(value: unknown, where: string): string[] {
  const globs = stringArray(value, where);
  for (const glob of globs) {
    if (glob.trim() === '') throw new ConfigError(`${where}: an empty pattern matches nothing`);
    try {
      picomatch(glob, { strictBrackets: true });
    } catch (e) {
      throw new ConfigError(`${where}: bad pattern ${JSON.stringify(glob)}: ${(e as Error).message}`);
    }
  }
  return globs;
}

/** Framework preset names, each one the parser knows. */
export function readFrameworks(value: unknown, where: string): string[] {
  const names = stringArray(value, `${where}: "frameworks"`);
  for (const name of names) {
    if (!FRAMEWORK_PRESET_NAMES.includes(name)) throw new ConfigError(`${where}: "frameworks": unknown preset ${JSON.stringify(name)} (known: ${FRAMEWORK_PRESET_NAMES.join(', ')})`);
  }
  return names;
}

/** Attribute patterns, each compiled now so that a bad regular expression is a clear error. */
export function readAllowAttributes(value: unknown, where: string): string[] {
  const patterns = stringArray(value, `${where}: "allowAttributes"`);
  for (const p of patterns) {
    if (p === '') throw new ConfigError(`${where}: "allowAttributes": an empty pattern matches nothing`);
    try {
      compileAttributePattern(p);
    } catch (e) {
      throw new ConfigError(`${where}: "allowAttributes": bad pattern ${JSON.stringify(p)}: ${(e as Error).message}`);
    }
  }
  return patterns;
}

function readOverride(raw: unknown, where: string): Override {
  if (!isPlainObject(raw)) throw new ConfigError(`${where}: must be an object with "files" and settings`);
  if (!('files' in raw)) throw new ConfigError(`${where}: needs "files", the globs it applies to`);
  const override: Override = { files: [], excludedFiles: [], rules: {} };
  for (const [key, value] of Object.entries(raw)) {
    switch (key as (typeof OVERRIDE_KEYS)[number]) {
      case 'files':
        override.files = readGlobs(value, `${where}: "files"`);
        if (override.files.length === 0) throw new ConfigError(`${where}: "files" must name at least one pattern`);
        break;
      case 'excludedFiles':
        override.excludedFiles = readGlobs(value, `${where}: "excludedFiles"`);
        break;
      case 'preset':
        override.preset = readPreset(value, where);
        break;
      case 'rules':
        override.rules = readRules(value, where);
        break;
      case 'conformance':
        override.conformance = readBoolean(value, where, key);
        break;
      case 'frameworks':
        override.frameworks = readFrameworks(value, where);
        break;
      case 'allowAttributes':
        override.allowAttributes = readAllowAttributes(value, where);
        break;
      default:
        throw unknownKey(where, key, OVERRIDE_KEYS);
    }
  }
  return override;
}

/** Validates a parsed configuration object; throws a `ConfigError` that says what is wrong and where. */
export function validateConfig(raw: unknown, source: string | null, dir: string): LintConfig {
  const where = source ?? 'configuration';
  if (!isPlainObject(raw)) throw new ConfigError(`${where}: the configuration must be a JSON object`);
  const config: LintConfig = { rules: {}, overrides: [], ignore: [], source, dir };
  for (const [key, value] of Object.entries(raw)) {
    switch (key as (typeof KEYS)[number] | '$schema') {
      case '$schema':
        break;
      case 'preset':
        config.preset = readPreset(value, where);
        break;
      case 'rules':
        config.rules = readRules(value, where);
        break;
      case 'overrides':
        if (!Array.isArray(value)) throw new ConfigError(`${where}: "overrides" must be an array of { "files": [...], ... }`);
        config.overrides = value.map((o, i) => readOverride(o, `${where}: overrides[${i}]`));
        break;
      case 'ignore':
        config.ignore = stringArray(value, `${where}: "ignore"`);
        break;
      case 'extensions':
        config.extensions = stringArray(value, `${where}: "extensions"`).map((e) => e.replace(/^\./, ''));
        break;
      case 'fallbackEncoding':
        config.fallbackEncoding = readLabel(value, where, key);
        break;
      case 'transportEncoding':
        config.transportEncoding = readLabel(value, where, key);
        break;
      case 'conformance':
        config.conformance = readBoolean(value, where, key);
        break;
      case 'scripting':
        config.scripting = readBoolean(value, where, key);
        break;
      case 'maxFileSize':
        if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
          throw new ConfigError(`${where}: "maxFileSize" must be a positive number of bytes`);
        }
        config.maxFileSize = value;
        break;
      case 'frameworks':
        config.frameworks = readFrameworks(value, where);
        break;
      case 'allowAttributes':
        config.allowAttributes = readAllowAttributes(value, where);
        break;
      case 'customData':
        config.customData = stringArray(value, `${where}: "customData"`);
        if (config.customData.some((p) => p.trim() === '')) throw new ConfigError(`${where}: "customData": an empty path names no file`);
        break;
      case 'format':
        config.format = readFormatConfig(value, where, (message) => new ConfigError(message));
        break;
      default:
        throw unknownKey(where, key, KEYS);
    }
  }
  return config;
}

/** The configuration used when there is no file: the defaults. */
export function emptyConfig(dir: string): LintConfig {
  return { rules: {}, overrides: [], ignore: [], source: null, dir };
}

/** What a configuration says for one file, its overrides applied. */
export interface RuleSet {
  preset: Preset;
  rules: Readonly<Record<string, RuleSetting>>;
  /** Set when the configuration or a matching override says. */
  conformance?: boolean;
  /** Framework presets, attribute patterns and custom data files (absolute, or relative to `dir`) for the file. */
  frameworks?: string[];
  allowAttributes?: string[];
  customData?: string[];
  /** The directory `customData` paths are relative to. */
  dir?: string;
}

/** The codes of every rule the configuration or its overrides set. */
export function configuredCodes(config: LintConfig): string[] {
  return [...new Set([...Object.keys(config.rules), ...config.overrides.flatMap((o) => Object.keys(o.rules))])];
}

const matchers = new WeakMap<Override, (path: string) => boolean>();

function matches(override: Override, path: string): boolean {
  let match = matchers.get(override);
  if (match === undefined) {
    // A pattern without a slash matches a file name at any depth, as in .gitignore and ESLint's overrides.
    const options = { dot: true, strictBrackets: true };
    const files = picomatch(override.files.map(anyDepth), options);
    const excluded = override.excludedFiles.length === 0 ? () => false : picomatch(override.excludedFiles.map(anyDepth), options);
    match = (p) => files(p) && !excluded(p);
    matchers.set(override, match);
  }
  return match(path);
}

function anyDepth(glob: string): string {
  const g = glob.replace(/^\.\//, '');
  return g.includes('/') ? g.replace(/^\//, '') : `**/${g}`;
}

/**
 * The rules for the file at `path`, relative to the configuration's
 * directory with `/` separators (`null`: a document that is no file in it,
 * to which no override applies).
 */
export function ruleSetFor(config: LintConfig, path: string | null): RuleSet {
  let preset = config.preset ?? 'all';
  let rules: Record<string, RuleSetting> = config.rules;
  let conformance = config.conformance;
  let frameworks = config.frameworks;
  let allowAttributes = config.allowAttributes;
  if (path !== null && !path.startsWith('../')) {
    for (const override of config.overrides) {
      if (!matches(override, path)) continue;
      if (override.preset !== undefined) preset = override.preset;
      if (override.conformance !== undefined) conformance = override.conformance;
      rules = { ...rules, ...override.rules };
      if (override.frameworks !== undefined) frameworks = [...(frameworks ?? []), ...override.frameworks];
      if (override.allowAttributes !== undefined) allowAttributes = [...(allowAttributes ?? []), ...override.allowAttributes];
    }
  }
  const set: RuleSet = { preset, rules };
  if (conformance !== undefined) set.conformance = conformance;
  if (frameworks !== undefined && frameworks.length > 0) set.frameworks = frameworks;
  if (allowAttributes !== undefined && allowAttributes.length > 0) set.allowAttributes = allowAttributes;
  if (config.customData !== undefined && config.customData.length > 0) {
    set.customData = config.customData;
    set.dir = config.dir;
  }
  return set;
}

const TOKENIZER_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

/** Whether `code` is a parse error: the spec's tokenizer codes and the tree builder's. */
export function isParseErrorCode(code: string): boolean {
  return TOKENIZER_CODES.has(code) || isTreeErrorCode(code);
}

/**
 * The configured setting of `code` under `set`: its rule, else `off` when the
 * preset leaves it out, else `undefined` (the code's default applies).
 */
export function configuredSetting(set: RuleSet, code: string): RuleSetting | undefined {
  if (Object.prototype.hasOwnProperty.call(set.rules, code)) return set.rules[code];
  if (set.preset === 'parse-errors' && !isParseErrorCode(code)) return 'off';
  return undefined;
}
