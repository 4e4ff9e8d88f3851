/**
 * The table model's forming of a small row group straight from the tree (`formTable`'s `rowGroupFromTree`,
 * table-model.ts): seeded random tables with spans, colgroups and odd children must give the same findings as the
 * forming from the group's rows read into arrays (`TABLE_FORMING.fromTree` false, the way a large group is formed).
 */
import { strict as assert } from 'node:assert';
import { checkConformance, parse } from '../out/index';
import { TABLE_FORMING } from '../out/conformance/table-model';
import { pick, seededRandom } from './support/random';

const SPANS = ['', '', '', ' colspan=2', ' rowspan=2', ' rowspan=0', ' colspan=3 rowspan=2', ' colspan=0', ' rowspan=" 3"', ' colspan=x', ' rowspan=+2', ' colspan=1 rowspan=1'];
const EXTRA = ['', '', '', 'text', '<!-- c -->', '<template><td></td></template>', '<svg><td></td></svg>'];

function randomTable(random: () => number): string {
  let html = '<table>';
  if (random() < 0.3) html += `<colgroup span=${1 + Math.floor(random() * 4)}></colgroup>`;
  if (random() < 0.2) html += '<colgroup><col><col span=2></colgroup>';
  const groups = 1 + Math.floor(random() * 3);
  for (let g = 0; g < groups; g++) {
    const kind = pick(random, ['tbody', 'thead', 'tfoot', 'tr']);
    if (kind !== 'tr') html += `<${kind}>`;
    const rows = kind === 'tr' ? 1 : Math.floor(random() * 5);
    for (let r = 0; r < rows; r++) {
      html += '<tr>';
      const cells = Math.floor(random() * 5);
      for (let c = 0; c < cells; c++) html += `<${random() < 0.2 ? 'th' : 'td'}${pick(random, SPANS)}>c${pick(random, EXTRA)}`;
      if (kind === 'tr') html += '</tr>';
    }
    if (kind !== 'tr') html += `</${kind}>`;
  }
  return `<!DOCTYPE html><html lang=en><title>t</title>${html}</table>`;
}

describe('table model: small row groups formed from the tree', () => {
  it('give the findings of the forming from arrays, over 3,000 seeded random tables', () => {
    const random = seededRandom(20261128);
    let withErrors = 0;
    for (let n = 0; n < 3000; n++) {
      const text = randomTable(random);
      const document = parse(text).document;
      TABLE_FORMING.fromTree = false;
      let fromArrays;
      try {
        fromArrays = checkConformance(document, text);
      } finally {
        TABLE_FORMING.fromTree = true;
      }
      const fromTree = checkConformance(document, text);
      assert.deepEqual(fromTree, fromArrays, text);
      if (fromTree.some((d) => d.code === 'table-model-error')) withErrors++;
    }
    // The tables exercise the forming: many have table model errors.
    assert.ok(withErrors > 300, `${withErrors} tables with table model errors`);
  });
});
