/**
 * The parser package is built in layers, and no module imports from a layer
 * above its own: what every parse records (the DOM, the spans, the mutation
 * log, the checkpoints) sits in or below the tree builder, and incremental
 * reparsing sits one layer above it. A lower layer can then be read, tested
 * and changed without the layers that build on it.
 *
 * Every source of the package must belong to a layer: a new folder or file
 * at the package's top is placed here when it is added.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importsOf } from './support/import-graph';

const REPO = resolve(__dirname, '../..');

/**
 * The parser's layers, lowest first; each names its modules by a file or a
 * folder (ending in `/`) of `server/parser/src`. A module may import its own
 * layer and the layers below it.
 */
export const PARSER_LAYERS: readonly { readonly name: string; readonly units: readonly string[] }[] = [
  {
    name: 'text, input and microsyntaxes',
    units: ['errors.ts', 'source-text.ts', 'line-index.ts', 'piece-text.ts', 'span.ts', 'encoding/', 'microsyntaxes/', 'processing-instruction-attributes.ts'],
  },
  { name: 'document model and tokens', units: ['dom.ts', 'serializer/', 'tokenizer/', 'attributes/'] },
  { name: 'tree construction (and what every parse records)', units: ['tree/'] },
  { name: 'parsing entry points over the tree builder', units: ['bytes.ts', 'parse-error-description.ts', 'incremental/'] },
  { name: 'conformance checks', units: ['conformance/'] },
  { name: 'the formatter (checked against a parse)', units: ['format/'] },
  { name: 'the package API', units: ['index.ts'] },
];

/** The index in `layers` of the layer `path` belongs to, or -1. */
function layerOf(layers: typeof PARSER_LAYERS, path: string): number {
  return layers.findIndex((layer) => layer.units.some((unit) => (unit.endsWith('/') ? path.startsWith(unit) : path === unit)));
}

/** The imports under `root` that run from a lower layer up, and the sources no layer holds. */
export function layeringViolations(root: string, layers: typeof PARSER_LAYERS): { upward: string[]; unplaced: string[] } {
  const upward: string[] = [];
  const unplaced = new Set<string>();
  for (const { from, to } of importsOf(root)) {
    const fromLayer = layerOf(layers, from);
    const toLayer = layerOf(layers, to);
    if (fromLayer < 0) unplaced.add(from);
    if (toLayer < 0) unplaced.add(to);
    if (fromLayer >= 0 && toLayer > fromLayer) upward.push(`${from} (${layers[fromLayer].name}) → ${to} (${layers[toLayer].name})`);
  }
  return { upward, unplaced: [...unplaced].sort() };
}

describe('parser layers', () => {
  it('server/parser/src imports nothing from a layer above', () => {
    const { upward, unplaced } = layeringViolations(join(REPO, 'server/parser/src'), PARSER_LAYERS);
    assert.deepEqual(unplaced, [], `sources in no layer (place them in PARSER_LAYERS):\n  ${unplaced.join('\n  ')}`);
    assert.deepEqual(upward, [], `imports that run up a layer:\n  ${upward.join('\n  ')}`);
  });

  it('the checker finds an upward import, a type import and a source in no layer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagtree-layers-'));
    try {
      mkdirSync(join(dir, 'low'));
      mkdirSync(join(dir, 'high'));
      writeFileSync(join(dir, 'low/a.ts'), "import { c } from '../high/c';\nexport const a = c;\n");
      writeFileSync(join(dir, 'low/b.ts'), "import type { C } from '../high';\nexport type B = C;\n");
      writeFileSync(join(dir, 'high/index.ts'), "export type C = number;\n");
      writeFileSync(join(dir, 'high/c.ts'), "import { a } from '../low/a';\nexport const c = 1;\nexport const d = a;\n");
      writeFileSync(join(dir, 'stray.ts'), "import { c } from './high/c';\nexport const s = c;\n");
      const layers = [
        { name: 'low', units: ['low/'] },
        { name: 'high', units: ['high/'] },
      ];
      assert.deepEqual(layeringViolations(dir, layers), {
        upward: ['low/a.ts (low) → high/c.ts (high)', 'low/b.ts (low) → high/index.ts (high)'],
        unplaced: ['stray.ts'],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
