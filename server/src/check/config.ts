/**
 * Configuration for `tagtree check`: a `tagtree.json` file, or a `"tagtree"`
 * key in `package.json`, found in the current directory or the nearest
 * ancestor that has one (a `tagtree.json` wins over a `package.json` in the same
 * directory), or given with `--config`.
 *
 *   {
 *     "rules": { "duplicate-attribute": "warning", "non-utf8-encoding-declaration": "off" },
 *     "ignore": ["vendor/", "*.min.html"],
 *     "extensions": ["html", "htm"],
 *     "fallbackEncoding": "windows-1252",
 *     "scripting": true,
 *     "maxFileSize": 33554432
 *   }
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { getAnEncodingFromLabel } from '@tagtree/parser';

export type RuleSetting = 'error' | 'warning' | 'off';

export interface CheckConfig {
  /** Severity per code; codes not listed keep their default. */
  rules: Record<string, RuleSetting>;
  /** Patterns in .gitignore syntax, relative to `dir`. */
  ignore: string[];
  extensions?: string[];
  fallbackEncoding?: string;
  scripting?: boolean;
  /** Also check conformance (`--conformance`). */
  conformance?: boolean;
  maxFileSize?: number;
  /** The file the configuration came from, or `null` when there is none. */
  source: string | null;
  /** The directory `ignore` patterns are relative to. */
  dir: string;
}

/** A configuration that cannot be used: `check` exits with status 2. */
export class ConfigError extends Error {}

const KEYS = new Set(['rules', 'ignore', 'extensions', 'fallbackEncoding', 'scripting', 'conformance', 'maxFileSize', '$schema']);
const SETTINGS = new Set<string>(['error', 'warning', 'off']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringArray(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw new ConfigError(`${where}: must be an array of strings`);
  return value as string[];
}

/** Validates a parsed configuration object. */
export function validateConfig(raw: unknown, source: string | null, dir: string): CheckConfig {
  const where = source ?? 'configuration';
  if (!isPlainObject(raw)) throw new ConfigError(`${where}: the configuration must be a JSON object`);
  const config: CheckConfig = { rules: {}, ignore: [], source, dir };
  for (const [key, value] of Object.entries(raw)) {
    if (!KEYS.has(key)) throw new ConfigError(`${where}: unknown key "${key}" (known: ${[...KEYS].filter((k) => k !== '$schema').join(', ')})`);
    switch (key) {
      case 'rules':
        if (!isPlainObject(value)) throw new ConfigError(`${where}: "rules" must be an object of code: "error" | "warning" | "off"`);
        for (const [code, setting] of Object.entries(value)) {
          if (typeof setting !== 'string' || !SETTINGS.has(setting)) {
            throw new ConfigError(`${where}: rules.${code} must be "error", "warning" or "off", not ${JSON.stringify(setting)}`);
          }
          config.rules[code] = setting as RuleSetting;
        }
        break;
      case 'ignore':
        config.ignore = stringArray(value, `${where}: "ignore"`);
        break;
      case 'extensions':
        config.extensions = stringArray(value, `${where}: "extensions"`).map((e) => e.replace(/^\./, ''));
        break;
      case 'fallbackEncoding':
        if (typeof value !== 'string' || getAnEncodingFromLabel(value) === null) {
          throw new ConfigError(`${where}: "fallbackEncoding" must be an encoding label such as "windows-1252" or "utf-8"`);
        }
        config.fallbackEncoding = value;
        break;
      case 'conformance':
        if (typeof value !== 'boolean') throw new ConfigError(`${where}: "conformance" must be true or false`);
        config.conformance = value;
        break;
      case 'scripting':
        if (typeof value !== 'boolean') throw new ConfigError(`${where}: "scripting" must be true or false`);
        config.scripting = value;
        break;
      case 'maxFileSize':
        if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
          throw new ConfigError(`${where}: "maxFileSize" must be a positive number of bytes`);
        }
        config.maxFileSize = value;
        break;
    }
  }
  return config;
}

function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ConfigError(`cannot read ${path}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new ConfigError(`${path}: invalid JSON: ${(e as Error).message}`);
  }
}

/** Loads the configuration at `path` (a tagtree.json, or a package.json with a "tagtree" key). */
export function loadConfigFile(path: string): CheckConfig {
  const abs = resolve(path);
  if (!existsSync(abs)) throw new ConfigError(`cannot read ${path}: no such file`);
  const json = readJson(abs);
  if (basename(abs) === 'package.json') {
    if (!isPlainObject(json) || !('tagtree' in json)) throw new ConfigError(`${path}: has no "tagtree" key`);
    return validateConfig(json.tagtree, `${path} ("tagtree" key)`, dirname(abs));
  }
  return validateConfig(json, path, dirname(abs));
}

/**
 * The configuration for a run from `cwd`: the nearest tagtree.json, or
 * package.json with a "tagtree" key, in `cwd` or an ancestor; an empty
 * configuration when there is none.
 */
export function findConfig(cwd: string): CheckConfig {
  let dir = resolve(cwd);
  for (;;) {
    const own = join(dir, 'tagtree.json');
    if (existsSync(own)) return loadConfigFile(own);
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      const json = readJson(pkg);
      if (isPlainObject(json) && 'tagtree' in json) return validateConfig(json.tagtree, `${pkg} ("tagtree" key)`, dir);
    }
    const parent = dirname(dir);
    if (parent === dir) return { rules: {}, ignore: [], source: null, dir: resolve(cwd) };
    dir = parent;
  }
}
