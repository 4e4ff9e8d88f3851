/**
 * What `npm test` runs (`mocha --parallel --jobs 2`): every compiled test
 * file once, the long-running ones first so that the two workers start on
 * them and end together.
 *
 * The list is made here rather than written as globs because mocha does not
 * deduplicate the files its spec patterns find: a file named first and then
 * matched again by `**\/*.test.js` was run twice whenever the second copy
 * went to the worker that had not loaded it yet (a worker that had returns
 * it from its require cache and registers no test). Which copy went where
 * depends on timing, so the number of tests varied between runs (14,429 and
 * 14,444 with no test added), and the longest files sometimes ran twice.
 * For the same reason no test file imports another: what two share lives in
 * test/support/ (server/test/test-files.test.ts checks both).
 */
'use strict';
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

/** The long-running files, in the order the workers take them. */
const FIRST = [
  'server/parser/out-test/tree-robustness.test.js',
  'server/parser/out-test/incremental.test.js',
  'server/parser/out-test/incremental-real-edits.test.js',
  'server/parser/out-test/conformance-incremental.test.js',
  'server/parser/out-test/browser-differential.test.js',
];

/** The folders `npm run build` compiles the tests into. */
const FOLDERS = ['server/parser/out-test', 'server/out-test', 'client/out-test'];

/** Every `*.test.js` under `folder` (relative to the repository), sorted. */
function testFiles(folder) {
  const dir = join(__dirname, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .filter((name) => name.endsWith('.test.js'))
    .map((name) => `${folder}/${name.split('\\').join('/')}`)
    .sort();
}

const all = FOLDERS.flatMap(testFiles);
for (const file of FIRST) {
  if (!all.includes(file)) throw new Error(`.mocharc.cjs: ${file} is named first but was not built (rename it here too)`);
}

/**
 * Whether test files are named on the command line (`npx mocha
 * server/parser/out-test/foo.test.js`): mocha adds those to the
 * configuration's list, so they run alone only when the list is left out.
 */
const named = process.argv.slice(2).some((arg) => !arg.startsWith('-') && /\.[cm]?js$/.test(arg));

module.exports = {
  ...(named ? {} : { spec: [...FIRST, ...all.filter((file) => !FIRST.includes(file))] }),
  timeout: 120000,
  reporter: 'dot',
  require: ['scripts/mocha-setup.cjs'],
};
