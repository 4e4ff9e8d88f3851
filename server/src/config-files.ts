/**
 * Finding and reading the configuration: a `tagtree.json` file, or a
 * `"tagtree"` key in `package.json`, in the given directory or the nearest
 * ancestor that has one (a `tagtree.json` wins over a `package.json` in the
 * same directory), or named with `--config`. `tagtree check` looks from the
 * current directory, the language server from each document's directory.
 * What the file may hold, and what it means, is lint/config.ts's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ConfigError, emptyConfig, validateConfig, type LintConfig } from './lint/config';

export { ConfigError, validateConfig };
export type { RuleSetting } from './lint/config';

/** The configuration of a run: `tagtree.json` as lint/config.ts validates it. */
export type CheckConfig = LintConfig;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
    throw new ConfigError(invalidJson(path, text, (e as Error).message));
  }
}

/**
 * `path:line:column: invalid JSON: what`, from JSON.parse's message, which
 * gives a character offset ("at position 51") or none at the end of the text.
 * Lines and columns are 1-based, a column counts UTF-16 code units, as in
 * `tagtree check`'s findings.
 */
function invalidJson(path: string, text: string, message: string): string {
  const at = /\bat position (\d+)/.exec(message);
  const offset = at !== null ? Math.min(Number(at[1]), text.length) : /end of JSON input/i.test(message) ? text.length : null;
  const what = message
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/\s*in JSON at position \d+/, '')
    .replace(/\s*at position \d+/, '');
  if (offset === null) return `${path}: invalid JSON: ${what}`;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  return `${path}:${line}:${offset - lineStart + 1}: invalid JSON: ${what}`;
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
    if (parent === dir) return emptyConfig(resolve(cwd));
    dir = parent;
  }
}
