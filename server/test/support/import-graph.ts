/**
 * The import graph of TypeScript sources and its cycles. Every import counts,
 * `import type` too: a type-only circle is still two modules that cannot be
 * read, moved or tested one without the other.
 *
 * Edges are the relative module specifiers of import and export
 * declarations, `import x = require(…)`, `import(…)` (calls and types) and
 * `require(…)` calls with a string literal; package imports cannot close a
 * circle inside a package (the parser imports no other package of ours).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

/** The `.ts` sources under `root` (declaration files left out). */
function sources(root: string): string[] {
  return (readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => join(root, name))
    .sort();
}

/** The module specifiers a source names. */
export function specifiersOf(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      out.push(node.moduleReference.expression.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** The source a relative specifier names, or null (a package, or a file that is not a source). */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return null;
}

/** Each source's imports of other sources, as absolute paths. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const s of specifiersOf(file, readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, s);
      if (target !== null) targets.push(target);
    }
    edges.set(file, targets);
  }
  return edges;
}

/** Every import between the sources under `root`, as paths relative to `root` (with `/` separators), sorted. */
export function importsOf(root: string): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  const name = (file: string): string => relative(root, file).split(sep).join('/');
  for (const [from, targets] of importGraph(sources(root))) for (const to of targets) out.push({ from: name(from), to: name(to) });
  return out.sort((a, b) => (a.from === b.from ? (a.to < b.to ? -1 : 1) : a.from < b.from ? -1 : 1));
}

/**
 * The import cycles among the sources under `root`: each a strongly
 * connected component of more than one module (or a module importing
 * itself), as paths relative to `root`, sorted.
 */
export function importCycles(root: string): string[][] {
  const files = sources(root);
  const edges = importGraph(files);
  // Tarjan's strongly connected components, iterative (no recursion on the graph's depth).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.node) ?? [];
      if (frame.edge < targets.length) {
        const w = targets[frame.edge++];
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, edge: 0 });
        } else if (onStack.has(w)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.node);
        if (component.length > 1 || targets.includes(frame.node)) cycles.push(component.map((f) => relative(root, f)).sort());
      }
    }
  }
  return cycles.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}
