/**
 * The formatter's proof in a browser, CI-sized: Chromium (scripting off, no
 * network; support/render-layout.ts) renders each page before and after
 * formatting, and every element's box, every text's line boxes, the scroll
 * size and the rendered text must be the same. Here: hand-written pages
 * that exercise each rule, and every 40th corpus page below 200 KB; in
 * `npm run test:long` every corpus page (as `npm run format:render`,
 * bench/format-render.js, which prints a summary table).
 */
import { strict as assert } from 'node:assert';
import { readFileSync, statSync } from 'node:fs';
import { applyEdits, formatHtml } from '../out/index';
import { corpus, listHtmlFiles } from './support/shared-data';
import { LayoutReader, layoutDifference } from './support/render-layout';
import { LONG_RUN, sampleSize } from './support/sample-size';

const PROBES: [string, string][] = [
  ['blocks, lists, tables', '<!DOCTYPE html><html><head><title>t</title><style>td{border:1px solid}</style></head><body><div><p>Hello <b>world</b></p><ul><li>one<li>two</ul><table><tr><td>a</td><td>b</td></tr></table></div></body></html>'],
  ['inline content next to blocks', '<!DOCTYPE html><div>text <div>block</div> tail <span>inline</span><p>para</p>end</div>'],
  ['omitted end tags and implied elements', '<!DOCTYPE html><p>one<p>two<dl><dt>a<dd>b</dl><table><tr><td>x<tr><td>y</table>'],
  ['pre, textarea, comments, scripts', '<!DOCTYPE html><div><pre>\n  keep\n</pre><textarea>\n x</textarea><!-- c --><script>x</script><p>after</p></div>'],
  ['inline-block controls stay tight', '<!DOCTYPE html><div><button>a</button><button>b</button><input><select><option>x<option>y</select></div>'],
  ['long start tags', '<!DOCTYPE html><div id="a-rather-long-identifier" class="several class names here" title="a title that is long" data-x="1" data-y="2">x</div>'],
];

describe('format: rendering in Chromium before and after (sample)', function () {
  this.timeout(600_000);
  const reader = new LayoutReader();
  after(() => reader.close());

  async function sameRendering(html: string): Promise<void> {
    const formatted = applyEdits(html, formatHtml(html).edits);
    const before = await reader.layout(html);
    const afterLayout = await reader.layout(formatted);
    assert.equal(layoutDifference(before, afterLayout), null);
  }

  it('the comparison sees a change that renders (it can fail)', async () => {
    const before = await reader.layout('<!DOCTYPE html><p><b>a</b> <i>b</i></p>');
    const after = await reader.layout('<!DOCTYPE html><p><b>a</b><i>b</i></p>');
    assert.notEqual(layoutDifference(before, after), null);
  });

  for (const [name, html] of PROBES) {
    it(name, async () => {
      assert.ok(formatHtml(html).edits.length > 0, 'the probe formats');
      await sameRendering(html);
    });
  }

  // `npm test`: every 40th page below 200 KB; `npm run test:long`: every page.
  const every = sampleSize('TAGTREE_FORMAT_RENDER_EVERY', 40, 1);
  const files = listHtmlFiles(corpus())
    .filter((f) => LONG_RUN || statSync(f).size < 200_000)
    .filter((_, i) => i % every === 0);
  for (const file of files) {
    it(file.slice(corpus().length + 1), () => sameRendering(readFileSync(file, 'utf8')));
  }
});
