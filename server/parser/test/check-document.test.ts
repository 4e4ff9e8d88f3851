/**
 * `checkDocument` (one walk for the conformance and attribute checks, as the
 * language server runs them), and `checkDocumentInSteps`, find exactly what `checkConformanceFindings`
 * and `checkAttributes` find alone: on hand-written trees with template
 * contents (ids per tree), clones and foreign content, and on a sample of the
 * real-world corpus (bench/run.js times it; the whole corpus is compared by
 * hand when the walk changes, see docs/benchmarks.md).
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkAttributes, checkConformanceFindings, checkDocument, checkDocumentInSteps, parse } from '../out/index';
import { corpus } from './support/shared-data';

function assertSame(text: string, label: string): void {
  const { document } = parse(text);
  const both = checkDocument(document, text);
  assert.deepEqual(both.conformance.toArray(), checkConformanceFindings(document, text).toArray(), `${label}: conformance`);
  assert.deepEqual(both.attributes, checkAttributes(document), `${label}: attributes`);
  // In steps (the idle exact checks of a large document): the same, and it yields on a large page.
  const steps = checkDocumentInSteps(document, text);
  let yields = 0;
  let r = steps.next();
  for (; r.done !== true; r = steps.next()) yields++;
  assert.deepEqual(r.value.conformance.toArray(), both.conformance.toArray(), `${label}: conformance in steps`);
  assert.deepEqual(r.value.attributes, both.attributes, `${label}: attributes in steps`);
  if (text.length > 1_000_000) assert.ok(yields > 0, `${label}: no step`);
}

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...htmlFiles(path));
    else if (name.endsWith('.html')) out.push(path);
  }
  return out;
}

describe('checkDocument: the conformance and attribute checks in one walk', () => {
  it('finds what each check finds alone on small trees', () => {
    const cases = [
      '<!DOCTYPE html><html lang=en><head><title>x</title></head><body><p id=a>x<p id=a>y<label for=b>l</label><a href="#{x}" name=n>z</a><a name=n>w</a></body></html>',
      // Ids per tree: a template's contents are a tree of their own; references resolve within their tree.
      '<div id=t></div><template id=t><p id=t aria-describedby="t u"></p><template><span id=t></span></template></template><input list=t aria-labelledby=zz>',
      // Clones (the adoption agency) repeat their original's attributes and are not reported twice.
      '<title>x</title><b id=x class=c><p id=y>a</b>b</p><i id=x>c',
      // Foreign content, image maps, input types, meta exclusivity.
      '<title>x</title><svg id=s viewBox="0 0 1 1"><path d=M0 aria-hidden=maybe></path></svg><img src=a usemap=#m alt=""><map name=m></map><input type=checkbox maxlength=3><meta charset=utf-8 name=x>',
    ];
    cases.forEach((text, i) => assertSame(text, `case ${i}`));
  });

  it('finds what each check finds alone on every 8th corpus page', function () {
    this.timeout(0);
    const files = htmlFiles(corpus()).filter((_, i) => i % 8 === 0);
    assert.ok(files.length > 20);
    for (const file of files) assertSame(readFileSync(file, 'utf8'), file);
  });
});
