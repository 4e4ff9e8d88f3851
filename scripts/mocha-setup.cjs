/**
 * Mocha's global fixtures for `npm test` (loaded through .mocharc.cjs's
 * `require`): one folder per run, named in TAGTREE_TEST_RUN_DIR, which the
 * parallel workers inherit; scripts/test-artifacts.cjs builds the release
 * files there once for all of them. Removed when the run ends.
 *
 * `npm run test:long` runs mocha with `--no-config`, so it does not load this
 * file: none of its test files needs the release files. A test file run alone
 * (`npx mocha server/out-test/dist.test.js`) loads it through .mocharc.cjs
 * too; with `--no-config`, test-artifacts.cjs makes a folder per process.
 */
'use strict';
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

let made;

exports.mochaGlobalSetup = function () {
  if (process.env.TAGTREE_TEST_RUN_DIR) return;
  made = mkdtempSync(join(tmpdir(), 'tagtree-test-run-'));
  process.env.TAGTREE_TEST_RUN_DIR = made;
};

exports.mochaGlobalTeardown = function () {
  if (made !== undefined) rmSync(made, { recursive: true, force: true });
};
