// What the table generators (server/parser/scripts/generate-*.mjs) share:
// where a generated file goes, the first lines every generated file starts
// with, and finding the dev dependency a table is generated from with its
// version (which the generated file's header names).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** server/parser/scripts. */
const SCRIPTS = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A file under server/parser/src (`sourceFile('encoding', 'labels.generated.ts')`). */
export function sourceFile(...parts) {
  return join(SCRIPTS, '..', 'src', ...parts);
}

/**
 * The first two lines of a generated file: it is not to be edited, and which
 * generator wrote it (the generator's `import.meta.url`), followed by `how`
 * in parentheses when given (`'npm run generate'`).
 */
export function generatedHeader(generatorUrl, how) {
  const name = basename(fileURLToPath(generatorUrl));
  return ['// GENERATED FILE: do not edit.', `// Generator: server/parser/scripts/${name}${how === undefined ? '' : ` (${how})`}`];
}

/** `require` resolving from the repository root, where the workspace's dev dependencies are installed. */
export const rootRequire = createRequire(join(SCRIPTS, '..', '..', '..', 'package.json'));

/** A package's version, from the package.json in `dir`. */
export function packageVersionIn(dir) {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}

/** A package's version, from the package.json above its entry resolved from the repository root. */
export function versionOf(name) {
  let dir = dirname(rootRequire.resolve(name));
  while (!dir.endsWith(name)) dir = dirname(dir);
  return packageVersionIn(dir);
}

/**
 * The file of `pkg`'s `subpath` (`'@exodus/bytes'`, `'encoding.js'`), resolved
 * from this repository's node_modules, or else from those of the current directory.
 */
export function resolvePackageEntry(pkg, subpath) {
  const bases = [join(SCRIPTS, 'package.json'), join(process.cwd(), 'package.json')];
  for (const base of bases) {
    try {
      return createRequire(base).resolve(`${pkg}/${subpath}`);
    } catch {
      // Try the next base.
    }
  }
  throw new Error(`Cannot find ${pkg}. Add it as a dev dependency (npm install --save-dev ${pkg}).`);
}
