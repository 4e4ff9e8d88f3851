/**
 * The server's layout, as ARCHITECTURE.md states it: the language server
 * loads nothing from the CLI's folder, what is derived from a parse is kept with the parse, and no
 * function grows past 150 lines in the server, the client, the parser's
 * incremental/ or its conformance/.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';
import { specifiersOf } from './support/import-graph';

const SRC = resolve(__dirname, '../src');
const REPO = resolve(__dirname, '../..');
/** The longest a function of the server may be, in lines. */
const MAX_FUNCTION_LINES = 150;
/** The folders held to it (issue 25): the server, the client, and the parser's incremental reparse and conformance checks. */
const SHORT_FUNCTION_FOLDERS = ['server/src', 'client/src', 'server/parser/src/incremental', 'server/parser/src/conformance'];

/** The TypeScript sources under `root` (the server's by default), relative to it. */
function sources(root = SRC): string[] {
  return (readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => name.split('\\').join('/'))
    .sort();
}

/** Functions of a source longer than `max` lines, as `name (n lines)`. */
export function longFunctions(fileName: string, text: string, max: number): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const lines = file.getLineAndCharacterOfPosition(node.end).line - file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      const name = node.name !== undefined ? node.name.getText(file) : '(anonymous)';
      if (lines > max) out.push(`${name} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

describe('server layout', () => {
  const files = sources();

  it('the language server loads nothing from check/ (the CLI\'s folder)', () => {
    // Every module main.ts reaches through relative imports.
    const reached = new Set<string>();
    const queue = ['main.ts'];
    while (queue.length > 0) {
      const name = queue.pop()!;
      if (reached.has(name)) continue;
      reached.add(name);
      const path = join(SRC, name);
      for (const spec of specifiersOf(path, readFileSync(path, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = relative(SRC, resolve(dirname(path), spec)).split('\\').join('/');
        const file = files.find((f) => f === `${target}.ts` || f === `${target}/index.ts`);
        if (file !== undefined) queue.push(file);
      }
    }
    assert.ok(reached.has('language-server.ts') && reached.has('features/diagnostics.ts'), 'the closure of main.ts holds the server');
    assert.deepEqual([...reached].filter((name) => name.startsWith('check/')), []);
  });

  it('what is computed from a parse is kept in its cache, not in a map keyed by parse', () => {
    const offenders = files.filter((name) => /new (?:Weak)?Map<\s*DocumentParse\b/.test(readFileSync(join(SRC, name), 'utf8')));
    // The parser's own result, kept for the next reparse, is the adapter's (document-parse.ts).
    assert.deepEqual(offenders, ['document-parse.ts']);
  });

  for (const folder of SHORT_FUNCTION_FOLDERS) {
    it(`no function in ${folder} is longer than ${MAX_FUNCTION_LINES} lines`, () => {
      const root = join(REPO, folder);
      const names = sources(root);
      assert.ok(names.length > 0, `${folder} has TypeScript sources`);
      const offenders = names.flatMap((name) => longFunctions(name, readFileSync(join(root, name), 'utf8'), MAX_FUNCTION_LINES).map((f) => `${folder}/${name}: ${f}`));
      assert.deepEqual(offenders, []);
    });
  }

  it('the length check finds a long function', () => {
    const long = `function f() {\n${'  x();\n'.repeat(MAX_FUNCTION_LINES)}}\nconst g = () => 1;\n`;
    assert.deepEqual(longFunctions('t.ts', long, MAX_FUNCTION_LINES), [`f (${MAX_FUNCTION_LINES + 2} lines)`]);
  });
});
