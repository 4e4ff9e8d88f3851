/**
 * Reads html5lib-tests tree-construction `.dat` files (see
 * ../shared/html5lib-tests/SOURCE.md and tree-construction/README.md).
 * The bytes are kept as they are: `#data` may hold raw CR and NUL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { html5libTests, wptParsing } from './shared-data';

export interface TreeTest {
  /** The file name, e.g. `tests1.dat`. */
  file: string;
  /** 0-based index of the test in its file. */
  index: number;
  /** 1-based line of its `#data` line. */
  line: number;
  /** The `#description` section's lines joined with LF (WPT), or null when the test has none. */
  description: string | null;
  data: string;
  /** Number of `#errors` lines. */
  errors: number;
  /** Number of `#new-errors` lines. */
  newErrors: number;
  /** The spec codes of the `#new-errors` lines ("(1:5) eof-in-comment" gives "eof-in-comment"). */
  newErrorCodes: string[];
  /** The context element for a fragment test, or null. */
  fragment: { name: string; namespace: 'html' | 'svg' | 'math' } | null;
  /** `true` (#script-on), `false` (#script-off), or null for both. */
  scripting: boolean | null;
  /** The expected dump, lines joined with LF. */
  document: string;
}

const HEADINGS = new Set(['#data', '#errors', '#new-errors', '#document-fragment', '#script-on', '#script-off', '#document']);

/**
 * Parses one `.dat` file. The format (WPT's html/syntax/parsing/resources/README.md):
 * tests are separated by an empty line; "Each test *may* begin with a string
 * "#description" followed by a newline (LF). All subsequent lines until a line
 * that says "#data" are the test description"; otherwise a test begins with "#data".
 */
export function parseDatFile(file: string, text: string): TreeTest[] {
  const lines = text.split('\n');
  const tests: TreeTest[] = [];
  // Test starts: a "#description" or "#data" line that is the first line or follows an empty line.
  const starts: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if ((lines[i] === '#data' || lines[i] === '#description') && (i === 0 || lines[i - 1] === '')) starts.push(i);
  }
  starts.forEach((first, index) => {
    let end = index + 1 < starts.length ? starts[index + 1] : lines.length;
    // "#description": every line up to the first "#data" line.
    let description: string | null = null;
    let start = first;
    if (lines[first] === '#description') {
      start = first + 1;
      while (start < end && lines[start] !== '#data') start++;
      description = lines.slice(first + 1, start).join('\n');
    }
    // Drop the separating empty line(s) at the end.
    while (end > start && lines[end - 1] === '') end--;
    const sections = new Map<string, string[]>();
    let current = '';
    let dataDone = false;
    for (let i = start; i < end; i++) {
      const line = lines[i];
      // The data section ends only at "#errors"; after "#document" everything is the dump.
      if (current === '#document' || (current === '#data' && line !== '#errors') || !HEADINGS.has(line) || (dataDone && line === '#data')) {
        sections.get(current)!.push(line);
        continue;
      }
      current = line;
      if (line === '#errors') dataDone = true;
      sections.set(current, []);
    }
    const context = sections.get('#document-fragment')?.[0] ?? null;
    let fragment: TreeTest['fragment'] = null;
    if (context !== null) {
      const m = /^(svg|math) (.+)$/.exec(context);
      fragment = m ? { name: m[2], namespace: m[1] as 'svg' | 'math' } : { name: context, namespace: 'html' };
    }
    tests.push({
      file,
      index,
      line: start + 1,
      description,
      data: (sections.get('#data') ?? []).join('\n'),
      errors: (sections.get('#errors') ?? []).length,
      newErrors: (sections.get('#new-errors') ?? []).length,
      newErrorCodes: (sections.get('#new-errors') ?? []).map((line) => line.replace(/^\([^)]*\)\s*/, '').trim()),
      fragment,
      scripting: sections.has('#script-on') ? true : sections.has('#script-off') ? false : null,
      document: (sections.get('#document') ?? []).join('\n'),
    });
  });
  return tests;
}

/** The tree-construction directory. */
export function treeConstructionDir(): string {
  return html5libTests('tree-construction');
}

/** Every test of every top-level `.dat` file (not `scripted/`), files sorted by name. */
export function loadTreeTests(): TreeTest[] {
  const dir = treeConstructionDir();
  const files = readdirSync(dir).filter((f) => f.endsWith('.dat')).sort();
  return files.flatMap((file) => parseDatFile(file, readFileSync(join(dir, file), 'utf8')));
}

/**
 * The WPT `.dat` files newer than html5lib-tests' pin, named `wpt-parsing/<file>`:
 * `processing-instructions.dat` (124 cases, whatwg/html 320c05f6). Their
 * `#errors` sections are empty upstream (the cases check trees only).
 */
export const WPT_TREE_FILES = ['processing-instructions.dat'];

export function loadWptTreeTests(): TreeTest[] {
  return WPT_TREE_FILES.flatMap((file) => parseDatFile(`wpt-parsing/${file}`, readFileSync(wptParsing(file), 'utf8')));
}
