/**
 * TagTree in a real VS Code (code-server and Debian's chromium, the harness
 * of the real-editor benchmark): `npm run test:vscode`. It opens
 * test-fixtures/vscode/known-errors.html with TagTree installed and the
 * built-in HTML extension on, as a user has it, and checks what VS Code
 * shows against what TagTree's server answers for the same file (asked over
 * stdio, as the protocol tests do):
 *
 * - the Problems panel has one row per TagTree diagnostic, with its message,
 *   code and position, and no other TagTree row;
 * - the Outline has TagTree's tree (its group, when the built-in extension's
 *   outline is beside it), each element with its detail;
 * - the folding controls are exactly TagTree's folding ranges: TagTree is
 *   VS Code's folding provider for HTML (the built-in extension folds the
 *   comment on line 12, which TagTree does not, since markup follows it);
 * - the hover of an `<li>` says what closed it, with the tag names shown.
 *
 * Not part of `npm test`: installing code-server takes 3 to 5 minutes the
 * first time, too much for the suite's budget on a 2-core machine.
 *
 *   npm run test:vscode      (installs the tools, builds the .vsix, runs this)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { ROOT, launchBrowser, openWorkbench, startCodeServer } from './harness.mjs';

const FIXTURE = join(ROOT, 'test-fixtures', 'vscode', 'known-errors.html');
const text = readFileSync(FIXTURE, 'utf8');
const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

/** What TagTree's server answers for the fixture: diagnostics, folding ranges, outline, and the hover at `hoverAt` (0-based). */
async function serverAnswers(hoverAt) {
  const require = createRequire(join(ROOT, 'package.json'));
  const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');
  const child = spawn(process.execPath, [join(ROOT, 'server', 'out', 'main.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.listen();
  try {
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { textDocument: { diagnostic: {}, documentSymbol: { hierarchicalDocumentSymbolSupport: true }, foldingRange: { lineFoldingOnly: true } } },
    });
    await connection.sendNotification('initialized', {});
    const textDocument = { uri: 'file:///known-errors.html' };
    await connection.sendNotification('textDocument/didOpen', { textDocument: { ...textDocument, languageId: 'html', version: 1, text } });
    const diagnostics = (await connection.sendRequest('textDocument/diagnostic', { textDocument })).items;
    const folds = await connection.sendRequest('textDocument/foldingRange', { textDocument });
    const symbols = await connection.sendRequest('textDocument/documentSymbol', { textDocument });
    const hover = await connection.sendRequest('textDocument/hover', { textDocument, position: hoverAt });
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
    return { diagnostics, folds, symbols, hover };
  } finally {
    child.kill();
  }
}

/** The outline as rows of depth and text, as VS Code's Outline shows a symbol: its name, then its detail. */
function outlineRows(symbols, depth = 0, out = []) {
  for (const s of symbols) {
    out.push({ depth, text: s.detail ? `${s.name} ${s.detail}` : s.name });
    outlineRows(s.children ?? [], depth + 1, out);
  }
  return out;
}

/** A diagnostic's row in the Problems panel, as its text reads: message, source, code, position. */
const TAGTREE_ROW = /tagtree [a-z0-9-]+ \[Ln \d+, Col \d+\]$/;

// The first <li> (line 8): implicitly closed by the second.
const HOVER = { line: 7, character: 3 };
const expected = await serverAnswers(HOVER);
check(expected.diagnostics.length >= 4, `the server reports the fixture's errors (${expected.diagnostics.map((d) => d.code).join(', ')})`);

const server = await startCodeServer({
  files: { [basename(FIXTURE)]: text },
  extensions: [join(ROOT, `tagtree-${version}.vsix`)],
});
const browser = await launchBrowser();
try {
  const wb = await openWorkbench(browser, server);
  await wb.runCommand('View: Focus Problems');
  await wb.runCommand('Explorer: Focus on Outline View');
  await wb.openFile(basename(FIXTURE));

  // Problems.
  const rows = await wb
    .waitFor(
      async () => {
        const r = (await wb.problems()).filter((row) => TAGTREE_ROW.test(row.text));
        return r.length >= expected.diagnostics.length ? r : null;
      },
      { timeout: 60_000, what: 'the TagTree rows in the Problems panel' },
    )
    .catch(async (e) => {
      console.log(`${e.message}; the panel shows:\n${(await wb.problems()).map((r) => `  ${r.text}`).join('\n')}`);
      return (await wb.problems()).filter((row) => TAGTREE_ROW.test(row.text));
    });
  check(rows.length === expected.diagnostics.length, `Problems: ${rows.length} TagTree rows, expected ${expected.diagnostics.length}`);
  for (const d of expected.diagnostics) {
    const where = `[Ln ${d.range.start.line + 1}, Col ${d.range.start.character + 1}]`;
    const found = rows.some((r) => r.text === `${d.message} tagtree ${d.code} ${where}`);
    check(found, `Problems: ${d.code} ${where} "${d.message}"`);
  }

  // Outline: TagTree's symbols, in order and nesting, under its group (the built-in extension's outline is the other group).
  // The groups start collapsed and the pane shows a few rows: walk TagTree's group with the keyboard from its row,
  // Right expanding each row and Down going to the next, reading the focused row each time.
  await wb.runCommand('Explorer: Focus on Outline View');
  const want = outlineRows(expected.symbols);
  const focused = () =>
    wb.page.evaluate(() => {
      const pane = [...document.querySelectorAll('.pane')].find((p) => /outline/i.test(p.querySelector('.pane-header')?.textContent || ''));
      const row = pane?.querySelector('.monaco-list-row.focused');
      if (!row) return null;
      // The symbol's name and detail (the row also shows a count of problems).
      const name = row.querySelector('.label-name')?.textContent ?? row.innerText;
      const detail = row.querySelector('.label-description')?.textContent ?? '';
      return { index: row.getAttribute('data-index'), level: Number(row.getAttribute('aria-level')) || 0, expanded: row.getAttribute('aria-expanded'), text: `${name} ${detail}`.replace(/\s+/g, ' ').trim() };
    });
  await wb.waitFor(async () => ((await wb.outline()) ?? []).some((r) => r.text === 'TagTree'), { timeout: 60_000, what: "TagTree's group in the Outline" });
  const groupRow = await wb.page.evaluateHandle(() => {
    const pane = [...document.querySelectorAll('.pane')].find((p) => /outline/i.test(p.querySelector('.pane-header')?.textContent || ''));
    return [...pane.querySelectorAll('.monaco-list-row')].find((r) => r.innerText.trim() === 'TagTree');
  });
  await groupRow.asElement().click();
  const group = await wb.waitFor(async () => {
    const f = await focused();
    return f && f.text === 'TagTree' ? f : null;
  }, { what: "TagTree's group focused" });
  const ours = [];
  for (let i = 0, f = group; i <= want.length; i++) {
    // Right expands a collapsed row (on an expanded one it would go to the first child).
    if (f.expanded === 'false') await wb.press('ArrowRight');
    await wb.press('ArrowDown');
    const before = f;
    f = await focused();
    // Past the group, or at the end of the list.
    if (f === null || f.level <= group.level || f.index === before.index) break;
    ours.push({ depth: f.level - group.level - 1, text: f.text });
  }
  check(
    JSON.stringify(ours) === JSON.stringify(want),
    `Outline: TagTree's group holds TagTree's tree\n${ours.map((r) => `       ${'  '.repeat(r.depth)}${r.text}`).join('\n')}`,
  );

  // Folding: the controls are on the first lines of TagTree's ranges and no others.
  const folds = (await wb.foldingLines()).map((f) => f.line);
  const wantFolds = [...new Set(expected.folds.map((f) => f.startLine + 1))].sort((a, b) => a - b);
  check(JSON.stringify(folds) === JSON.stringify(wantFolds), `Folding: controls on lines ${folds.join(', ')}, expected ${wantFolds.join(', ')}`);

  // Hover: the tag names are shown (VS Code's markdown drops raw HTML tags).
  const hover = await wb.hoverAt(HOVER.line + 1, HOVER.character + 1);
  const plain = expected.hover.contents.value.replace(/`/g, '');
  check(hover.includes(plain.split('\n\n')[1]) && hover.includes('<li>'), `Hover at ${HOVER.line + 1}:${HOVER.character + 1}: ${JSON.stringify(hover)}`);
} finally {
  await browser.close();
  await server.stop();
}
if (failures.length > 0) {
  console.log(`\n${failures.length} check(s) failed`);
  process.exitCode = 1;
} else {
  console.log('\nall checks passed');
}
