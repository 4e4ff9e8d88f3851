#!/usr/bin/env node
/**
 * The long run of the formatter's browser proof: every page of
 * ../shared/corpus rendered in Chromium (scripting off, no network; the
 * page's own markup only) before and after TagTree formats it, the layout
 * compared (every element's box, every text's line boxes, the scroll size,
 * the rendered text; server/parser/test/support/render-layout.ts).
 * `npm test` runs a sample (server/parser/test/format-render.test.ts).
 *
 *   npm run format:render [-- --every N] [--timeout SECONDS]
 *
 * Exit status 1 when a page renders differently. Run it niced on a shared
 * machine: `nice -n 10 npm run format:render`.
 */
'use strict';
const { readFileSync } = require('node:fs');
const { relative } = require('node:path');
const { parseArgs } = require('node:util');
const { performance } = require('node:perf_hooks');
const parser = require('../server/parser/out/index.js');
const { corpus, listHtmlFiles } = require('../server/parser/out-test/support/shared-data.js');
const { LayoutReader, layoutDifference } = require('../server/parser/out-test/support/render-layout.js');

const { values } = parseArgs({ options: { every: { type: 'string', default: '1' }, timeout: { type: 'string', default: '300' } } });

async function main() {
  const files = listHtmlFiles(corpus()).filter((_, i) => i % Number(values.every) === 0);
  const reader = new LayoutReader();
  let same = 0;
  let unchanged = 0;
  const different = [];
  const failed = [];
  const t0 = performance.now();
  for (const [n, file] of files.entries()) {
    const name = relative(corpus(), file);
    const text = readFileSync(file, 'utf8');
    const formatted = parser.applyEdits(text, parser.formatHtml(text).edits);
    if (formatted === text) {
      unchanged++;
      continue;
    }
    try {
      const before = await reader.layout(text, Number(values.timeout) * 1000);
      const after = await reader.layout(formatted, Number(values.timeout) * 1000);
      const difference = layoutDifference(before, after);
      if (difference === null) same++;
      else {
        different.push(`${name}: ${difference}`);
        console.error(`DIFFERENT ${name}: ${difference}`);
      }
    } catch (e) {
      failed.push(`${name}: ${String(e.message).split('\n')[0]}`);
      console.error(`FAILED ${name}: ${String(e.message).split('\n')[0]}`);
      await reader.close();
    }
    if ((n + 1) % 20 === 0) console.error(`  ${n + 1}/${files.length}`);
  }
  await reader.close();
  console.log(`Chromium ${reader.version || '(not started)'}: ${files.length} corpus pages in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  console.log(`| pages | formatting changed the text | same layout before and after | different layout | could not be rendered |`);
  console.log(`|---|---|---|---|---|`);
  console.log(`| ${files.length} | ${files.length - unchanged} | ${same} | ${different.length} | ${failed.length} |`);
  for (const d of different) console.log(`different: ${d}`);
  for (const f of failed) console.log(`not rendered: ${f}`);
  process.exitCode = different.length > 0 || failed.length > 0 ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
