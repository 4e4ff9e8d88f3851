/**
 * No import circles between the modules of any package's sources: a module
 * and what it imports can be read, moved and tested without the modules
 * that import it.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importCycles } from './support/import-graph';

const REPO = resolve(__dirname, '../..');
const PACKAGES = ['server/parser/src', 'server/src', 'client/src'];

/**
 * The one circle still to break, listed exactly (a change to it, or its end,
 * fails the test until this list is updated): the tree builder calls the
 * dispatcher, which calls the insertion modes, which call back into the
 * dispatcher (`useRulesFor`) and the tree builder; the adoption agency and
 * the in-body mode call each other, as do the tree builder and
 * selectedcontent.ts.
 */
const KNOWN: Readonly<Record<string, readonly string[][]>> = {
  'server/parser/src': [
    [
      'tree/adoption-agency.ts',
      'tree/dispatch.ts',
      ...[
        'after-after-body', 'after-after-frameset', 'after-body', 'after-frameset', 'after-head', 'before-head', 'before-html',
        'foreign-content', 'in-body', 'in-caption', 'in-cell', 'in-column-group', 'in-frameset', 'in-head-noscript', 'in-head',
        'in-row', 'in-table-body', 'in-table-text', 'in-table', 'in-template', 'initial', 'text',
      ].map((mode) => `tree/modes/${mode}.ts`),
      'tree/selectedcontent.ts',
      'tree/tree-builder.ts',
    ],
  ],
};

describe('import cycles', () => {
  for (const root of PACKAGES) {
    it(`${root} has none${KNOWN[root] === undefined ? '' : ' but the known one'}`, () => {
      const cycles = importCycles(join(REPO, root));
      assert.deepEqual(cycles, KNOWN[root] ?? [], `import cycles in ${root}:\n${cycles.map((c) => `  ${c.join(' ↔ ')}`).join('\n')}`);
    });
  }

  it('the checker finds a circle closed by a type import, a re-export or a dynamic import', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagtree-cycles-'));
    try {
      mkdirSync(join(dir, 'sub'));
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
      writeFileSync(join(dir, 'b.ts'), "import type { C } from './sub';\nexport const b = 1;\nexport type B = C;\n");
      writeFileSync(join(dir, 'sub/index.ts'), "export type { A } from '../c';\nexport type C = number;\n");
      writeFileSync(join(dir, 'c.ts'), "export type A = typeof import('./a').a;\n");
      writeFileSync(join(dir, 'd.ts'), "export const d = () => import('./e');\n");
      writeFileSync(join(dir, 'e.ts'), "import { d } from './d';\nexport const e = d;\n");
      writeFileSync(join(dir, 'f.ts'), "import { a } from './a';\nexport const f = a;\n");
      assert.deepEqual(importCycles(dir), [
        ['a.ts', 'b.ts', 'c.ts', 'sub/index.ts'],
        ['d.ts', 'e.ts'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
