/**
 * The one resolver for third-party test data, which lives in ../shared and is
 * never copied into the repo. An environment variable wins; otherwise the path
 * is looked up beside the repository root. Missing data throws: the tests fail,
 * they never skip.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root (server/parser/out-test/support -> root). */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

function resolveData(envVar: string, relative: string): string {
  const fromEnv = process.env[envVar];
  const candidate = fromEnv && fromEnv.length > 0 ? resolve(fromEnv) : resolve(REPO_ROOT, '..', 'shared', relative);
  if (!existsSync(candidate)) {
    throw new Error(
      `Test data not found at ${candidate}. Set ${envVar} or place the shared folder beside the repository (../shared/${relative}).`,
    );
  }
  return candidate;
}

/** html5lib-tests: env `HTML5LIB_TESTS`, then `../shared/html5lib-tests`. */
export function html5libTests(...parts: string[]): string {
  return join(resolveData('HTML5LIB_TESTS', 'html5lib-tests'), ...parts);
}

/**
 * Tree-construction data from web-platform-tests newer than html5lib-tests' pin
 * (see ../shared/wpt-parsing/SOURCE.md): env `WPT_PARSING`, then `../shared/wpt-parsing`.
 */
export function wptParsing(...parts: string[]): string {
  return join(resolveData('WPT_PARSING', 'wpt-parsing'), ...parts);
}

/** The real-world corpus: env `TAGTREE_CORPUS`, then `../shared/corpus`. */
export function corpus(...parts: string[]): string {
  return join(resolveData('TAGTREE_CORPUS', 'corpus'), ...parts);
}

/** The spec seeds: env `TAGTREE_SEEDS`, then `../shared/seeds`. */
export function seeds(...parts: string[]): string {
  return join(resolveData('TAGTREE_SEEDS', 'seeds'), ...parts);
}

/** The .html and .htm files under `dir`, sorted, recursively. */
export function listHtmlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? listHtmlFiles(path) : /\.html?$/.test(name) ? [path] : [];
    });
}
