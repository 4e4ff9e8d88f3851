/**
 * Which files `tagtree check` reads: the paths and globs on the command line,
 * walked and filtered.
 *
 * - A file named on the command line is checked whatever its extension, even
 *   when an ignore rule matches it.
 * - A directory is walked for files with the configured extensions. `.git` and
 *   `node_modules` are never entered; `.gitignore` files (from the repository
 *   root down, with `.git/info/exclude`) and the configuration's `ignore`
 *   patterns are respected. Symbolic links are followed; a link back to a
 *   directory being walked is reported as a directory loop and not followed.
 * - A glob (anything `tinyglobby` calls dynamic) is matched from the current
 *   directory without following symbolic links, then filtered like a walk.
 *
 * Problems (an unreadable directory, a loop, a broken link) become findings;
 * the walk goes on.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { FileProblemCode } from '../lint/codes';

/** A file to check. */
export interface FileEntry {
  /** Absolute path. */
  path: string;
  /** The path as reported: relative to the current directory when inside it, else absolute; with `/` separators. */
  display: string;
}

/** A problem met while walking, reported for `path`. */
export interface WalkProblem {
  path: string;
  display: string;
  code: FileProblemCode;
  message: string;
}

export interface WalkOptions {
  cwd: string;
  /** Extensions without the dot, compared case-insensitively. */
  extensions: readonly string[];
  /** Respect .gitignore files. */
  gitignore: boolean;
  /** Extra patterns in .gitignore syntax, relative to `ignoreDir`. */
  ignore: readonly string[];
  ignoreDir: string;
}

export interface WalkResult {
  files: FileEntry[];
  problems: WalkProblem[];
}

/** A path on the command line that matched nothing: a usage error. */
export class NoSuchPathError extends Error {}

const NEVER_ENTERED = new Set(['.git', 'node_modules']);

/** `path` relative to `base` with `/` separators, or `null` when it is not inside `base`. */
function inside(base: string, path: string): string | null {
  const rel = relative(base, path);
  if (rel === '') return '';
  if (rel === '..' || rel.startsWith(`..${sep}`) || resolve(base, rel) !== path || /^[a-zA-Z]:/.test(rel) || rel.startsWith(sep)) return null;
  return rel.split(sep).join('/');
}

function errnoReason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOENT':
      return 'no such file or directory';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    case 'ENOTDIR':
      return 'not a directory';
    default:
      return err.message ?? String(e);
  }
}

/** The nearest ancestor of `dir` (or `dir` itself) that holds a `.git`. */
function gitRootOf(dir: string): string | null {
  let d = dir;
  for (;;) {
    if (existsSync(join(d, '.git'))) return d;
    const parent = dirname(d);
    if (parent === d) return null;
    d = parent;
  }
}

/**
 * .gitignore rules, per directory, evaluated from a top directory (the
 * repository root) down, as git does: a deeper file's rules win, and nothing
 * below an ignored directory can be re-included.
 */
class IgnoreRules {
  private readonly perDirectory = new Map<string, Ignore | null>();
  private readonly directoryIgnored = new Map<string, boolean>();
  private readonly extra: Ignore | null;

  constructor(
    private readonly options: WalkOptions,
    private readonly gitRoot: (dir: string) => string | null,
  ) {
    this.extra = options.ignore.length > 0 ? ignore().add([...options.ignore]) : null;
  }

  private rulesIn(dir: string, top: string): Ignore | null {
    let rules = this.perDirectory.get(dir);
    if (rules === undefined) {
      const patterns: string[] = [];
      for (const file of dir === top ? [join(dir, '.git', 'info', 'exclude'), join(dir, '.gitignore')] : [join(dir, '.gitignore')]) {
        try {
          patterns.push(readFileSync(file, 'utf8'));
        } catch {
          // No such file (or unreadable): no rules from it.
        }
      }
      // One string: `add` splits a string into lines, but takes each array element as one pattern.
      rules = patterns.length > 0 ? ignore().add(patterns.join('\n')) : null;
      this.perDirectory.set(dir, rules);
    }
    return rules;
  }

  /** Whether `path` (a directory when `isDirectory`) is ignored. */
  ignores(path: string, isDirectory: boolean): boolean {
    if (this.extra !== null) {
      const rel = inside(this.options.ignoreDir, path);
      if (rel !== null && rel !== '' && this.extra.ignores(isDirectory ? `${rel}/` : rel)) return true;
    }
    if (!this.options.gitignore) return false;
    const parent = dirname(path);
    const top = this.gitRoot(parent);
    if (top === null || path === top) return false;
    if (parent !== top && this.directoryIsIgnored(parent)) return true;
    // Deeper .gitignore files override shallower ones.
    let ignored = false;
    const chain: string[] = [];
    for (let d = parent; ; d = dirname(d)) {
      chain.push(d);
      if (d === top || dirname(d) === d) break;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const rules = this.rulesIn(chain[i], top);
      if (rules === null) continue;
      const rel = inside(chain[i], path);
      if (rel === null || rel === '') continue;
      const result = rules.test(isDirectory ? `${rel}/` : rel);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }

  private directoryIsIgnored(dir: string): boolean {
    let known = this.directoryIgnored.get(dir);
    if (known === undefined) {
      known = this.ignores(dir, true);
      this.directoryIgnored.set(dir, known);
    }
    return known;
  }
}

/** Collects the files to check for the given command-line paths and globs, in order, without duplicates. */
export function collectFiles(args: readonly string[], options: WalkOptions): WalkResult {
  const cwd = resolve(options.cwd);
  const gitRoots = new Map<string, string | null>();
  const gitRoot = (dir: string): string | null => {
    let root = gitRoots.get(dir);
    if (root === undefined) {
      root = gitRootOf(dir);
      gitRoots.set(dir, root);
    }
    return root;
  };
  const rules = new IgnoreRules(options, gitRoot);
  const extensions = new Set(options.extensions.map((e) => e.toLowerCase()));
  const files: FileEntry[] = [];
  const problems: WalkProblem[] = [];
  /** Real paths of files already listed, so a file reached twice is checked once. */
  const seenFiles = new Set<string>();
  /** Real paths of directories already walked. */
  const seenDirectories = new Set<string>();

  const display = (path: string): string => {
    // Relative to the current directory when inside it; absolute otherwise
    // (`../../../x.html` says less than `/srv/site/x.html`, and SARIF then
    // gives it a file: URI instead of one outside %SRCROOT%).
    const rel = inside(cwd, path);
    return rel === null ? path.split(sep).join('/') : rel === '' ? '.' : rel;
  };
  const problem = (path: string, code: FileProblemCode, message: string): void => {
    problems.push({ path, display: display(path), code, message });
  };
  const addFile = (path: string): void => {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      real = path;
    }
    if (seenFiles.has(real)) return;
    seenFiles.add(real);
    files.push({ path, display: display(path) });
  };
  const hasExtension = (name: string): boolean => {
    const dot = name.lastIndexOf('.');
    return dot > 0 && extensions.has(name.slice(dot + 1).toLowerCase());
  };

  /** Walks `root` depth first without recursion, sorted by name. */
  const walk = (root: string): void => {
    const rootReal = realpathSync(root);
    if (seenDirectories.has(rootReal)) return;
    seenDirectories.add(rootReal);
    // Each frame: a directory and the real paths of it and its ancestors in this walk.
    const stack: { dir: string; ancestors: ReadonlySet<string> }[] = [{ dir: root, ancestors: new Set([rootReal]) }];
    while (stack.length > 0) {
      const { dir, ancestors } = stack.pop()!;
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch (e) {
        problem(dir, FileProblemCode.FileUnreadable, `cannot read directory: ${errnoReason(e)}`);
        continue;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const subdirectories: { dir: string; ancestors: ReadonlySet<string> }[] = [];
      for (const entry of entries) {
        const path = join(dir, entry.name);
        let isDirectory = entry.isDirectory();
        let isFile = entry.isFile();
        if (entry.isSymbolicLink()) {
          try {
            const target = statSync(path);
            isDirectory = target.isDirectory();
            isFile = target.isFile();
          } catch (e) {
            if (hasExtension(entry.name) && !rules.ignores(path, false)) {
              problem(path, FileProblemCode.FileUnreadable, `cannot read: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'broken symbolic link' : errnoReason(e)}`);
            }
            continue;
          }
        }
        if (isDirectory) {
          if (NEVER_ENTERED.has(entry.name) || rules.ignores(path, true)) continue;
          let real: string;
          try {
            real = realpathSync(path);
          } catch (e) {
            problem(path, FileProblemCode.FileUnreadable, `cannot read directory: ${errnoReason(e)}`);
            continue;
          }
          if (ancestors.has(real)) {
            problem(path, FileProblemCode.DirectoryLoop, `symbolic link to ${display(real)}, a directory that contains it; not followed`);
            continue;
          }
          if (seenDirectories.has(real)) continue;
          seenDirectories.add(real);
          subdirectories.push({ dir: path, ancestors: new Set([...ancestors, real]) });
        } else if (isFile && hasExtension(entry.name) && !rules.ignores(path, false)) {
          addFile(path);
        }
      }
      // Push in reverse so the first subdirectory is walked first.
      for (let i = subdirectories.length - 1; i >= 0; i--) stack.push(subdirectories[i]);
    }
  };

  for (const arg of args) {
    const path = resolve(cwd, arg);
    let stats;
    try {
      stats = statSync(path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        if (isDynamicPattern(arg)) {
          const before = files.length;
          globFiles(arg);
          if (files.length === before) throw new NoSuchPathError(`no files match ${arg}`);
          continue;
        }
        throw new NoSuchPathError(`no such file or directory: ${arg}`);
      }
      problem(path, FileProblemCode.FileUnreadable, `cannot read: ${errnoReason(e)}`);
      continue;
    }
    if (stats.isDirectory()) walk(path);
    else addFile(path);
  }
  return { files, problems };

  function globFiles(pattern: string): void {
    const matches = globSync(pattern, {
      cwd,
      absolute: true,
      onlyFiles: true,
      dot: false,
      followSymbolicLinks: false,
      ignore: ['**/node_modules/**', '**/.git/**'],
    });
    matches.sort();
    for (const match of matches) {
      const path = resolve(match);
      if (!rules.ignores(path, false)) addFile(path);
    }
  }
}
