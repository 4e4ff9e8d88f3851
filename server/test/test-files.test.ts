/**
 * Every test file runs once in `npm test`, so the number of tests is the same
 * from run to run. In a parallel run each file is loaded by one of the worker
 * processes. A test file that another test file imports registers its tests
 * in the importer's run too, and again in its own run unless that run lands
 * on the worker that already loaded it (whose require cache returns it
 * without registering anything): which one it lands on depends on timing.
 * Data that several test files share lives in `test/support/`, and
 * .mocharc.cjs lists each test file once.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importsOf } from './support/import-graph';

const REPO = resolve(__dirname, '../..');
const TEST_ROOTS = ['server/parser/test', 'server/test', 'client/test'];

describe('test files', () => {
  for (const root of TEST_ROOTS) {
    it(`no file under ${root} imports a test file`, () => {
      const imports = importsOf(join(REPO, root)).filter((edge) => edge.to.endsWith('.test.ts'));
      assert.deepEqual(imports.map((edge) => `${edge.from} → ${edge.to}`), [], 'move what they share into test/support/');
    });
  }

  it('.mocharc.cjs names each compiled test file once, the long-running ones first', () => {
    // As `npm test` reads it: no test file named on the command line.
    const argv = process.argv;
    const path = require.resolve(join(REPO, '.mocharc.cjs'));
    let config: { spec: string[] };
    try {
      process.argv = argv.slice(0, 2);
      delete require.cache[path];
      config = require(path) as { spec: string[] };
    } finally {
      process.argv = argv;
      delete require.cache[path];
    }
    assert.equal(new Set(config.spec).size, config.spec.length);
    assert.equal(config.spec[0], 'server/parser/out-test/tree-robustness.test.js');
    assert.ok(config.spec.includes('server/out-test/test-files.test.js'));
  });

  it('the check finds a test file that imports another', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagtree-test-files-'));
    try {
      writeFileSync(join(dir, 'a.test.ts'), "import { probes } from './b.test';\nexport const a = probes;\n");
      writeFileSync(join(dir, 'b.test.ts'), 'export const probes = [];\n');
      assert.deepEqual(importsOf(dir).filter((edge) => edge.to.endsWith('.test.ts')), [{ from: 'a.test.ts', to: 'b.test.ts' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
