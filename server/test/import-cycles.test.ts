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

describe('import cycles', () => {
  for (const root of PACKAGES) {
    it(`${root} has none`, () => {
      const cycles = importCycles(join(REPO, root));
      assert.deepEqual(cycles, [], `import cycles in ${root}:\n${cycles.map((c) => `  ${c.join(' ↔ ')}`).join('\n')}`);
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
