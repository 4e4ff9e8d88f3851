/**
 * The dl rule's screen for names given more than once (dl-names.ts `mayShareName`): a dt's name's length and hash read
 * from its text nodes (`dtNameHash`) must be those of the name itself (`nameOf`, then `nameHash`), or unknown (-1):
 * equal names must give equal lengths and hashes, or a repeated name would go unreported.
 */
import { strict as assert } from 'node:assert';
import { checkConformance, parse } from '../out/index';
import type { ElementShape } from '../out/attributes/tree-shape';
import { dtNameHash, nameHash, nameOf, NAME_LENGTH } from '../out/conformance/dl-names';
import { pick, seededRandom } from './support/random';

const PIECES = ['a', 'b', 'x y', ' ', '  ', '\t', '\n', '\r\n', '\f', '&#11;', '&nbsp;', '&#x2003;', '&#xfeff;', 'é', '😀', '<b>', '</b>', '<code>', '</code>', '<!-- c -->', '<br>', '<span> </span>', '<svg><text>t</text></svg>'];

function dts(root: { readonly children: readonly unknown[] }, out: ElementShape[]): ElementShape[] {
  for (const child of root.children as ElementShape[]) {
    if (child.kind !== 'element') continue;
    if (child.name === 'dt' && child.namespace === 'html') out.push(child);
    dts(child, out);
  }
  return out;
}

/** The data of the text nodes below `node`, joined. */
function rawText(node: ElementShape): string {
  let text = '';
  for (const child of node.children as readonly { readonly kind: string }[]) {
    if (child.kind === 'text') text += (child as unknown as { data: string }).data;
    else if (child.kind === 'element') text += rawText(child as ElementShape);
  }
  return text;
}

describe('dl rule: dt names screened by length and hash', () => {
  it('read from the tree, are the length and hash of the name, over 5,000 seeded random dts', () => {
    const random = seededRandom(20261128);
    let text = '<!DOCTYPE html><html lang=en><title>t</title><dl>';
    for (let n = 0; n < 5000; n++) {
      text += '<dt>';
      const pieces = Math.floor(random() * 7);
      for (let k = 0; k < pieces; k++) text += pick(random, PIECES);
      text += '</dt><dd>d</dd>';
    }
    const all = dts(parse(text).document, []);
    assert.equal(all.length, 5000);
    let unknown = 0;
    for (const dt of all) {
      const hash = dtNameHash(dt);
      const name = nameOf(dt);
      if (NAME_LENGTH.value === -1) {
        unknown++;
        assert.ok(/[\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/.test(rawText(dt)), JSON.stringify(name));
        continue;
      }
      assert.equal(NAME_LENGTH.value, name.length, JSON.stringify(name));
      assert.equal(hash, nameHash(name), JSON.stringify(name));
    }
    assert.ok(unknown > 100 && unknown < 4000, `${unknown} unknown`);
  });

  it('a name repeated with other white space, or behind other elements, is reported; different names are not', () => {
    const findings = (dl: string) => checkConformance(parse(`<!DOCTYPE html><html lang=en><title>t</title>${dl}`).document).filter((d) => d.code === 'duplicate-dt-name');
    assert.equal(findings('<dl><dt>Big  cat<dd>1<div><dt>\n<b>Big</b>\tcat <dd>2</div></dl>').length, 1);
    assert.equal(findings('<dl><dt>&nbsp;cat<dd>1<dt> cat<dd>2<dt>cat<dd>3</dl>').length, 1);
    assert.equal(findings('<dl><dt>Big cat<dd>1<dt>Bigcat<dd>2<dt>Big cats<dd>3</dl>').length, 0);
  });
});
