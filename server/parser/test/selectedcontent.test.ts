/**
 * The selectedcontent element's DOM steps as they show in the settled tree
 * (server/parser/src/tree/selectedcontent.ts), on minimal inputs. Each
 * expected body was checked against the current spec's steps and against
 * Chromium 156's `DOMParser` (browser-differential.test.ts compares every
 * one of them again); where Chromium differs, the case says so and the
 * browser differential lists the deviation with the rule.
 */
import { strict as assert } from 'node:assert';
import { parse, reparse, serialize } from '../out/index';
import type { Element } from '../out/dom';
import { SELECTEDCONTENT_PROBES } from './support/selectedcontent-probes';

/** The body's children serialized, from a script-off parse. */
function body(input: string): string {
  const html = parse(input, { scripting: false }).document.children.find((n) => n.kind === 'element') as Element;
  return serialize(html.children[1] as Element);
}

describe('selectedcontent', () => {
  for (const probe of SELECTEDCONTENT_PROBES) {
    it(`${probe.input}: ${probe.rule}`, () => {
      assert.equal(body(probe.input), probe.body);
    });
  }

  it('an edit that changes the selected option reparses to the same tree', () => {
    const text = '<select><button><selectedcontent></selectedcontent></button><option>A</option><option>B</option></select>';
    const at = text.indexOf('<option>B') + 7;
    const result = reparse(parse(text, { scripting: false }), { start: at, deleteCount: 0, insertText: ' selected' }, { scripting: false });
    const expected = parse(text.slice(0, at) + ' selected' + text.slice(at), { scripting: false });
    assert.equal(serialize(result.document), serialize(expected.document));
    assert.match(serialize(result.document), /<selectedcontent>B<\/selectedcontent>/);
  });
});
