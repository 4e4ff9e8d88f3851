/**
 * Mocha's global fixtures for `npm test` and `npm run test:long` (loaded by
 * .mocharc.json): one folder per run, named in TAGTREE_TEST_RUN_DIR, which the
 * parallel workers inherit; scripts/test-artifacts.cjs builds the release
 * files there once for all of them. Removed when the run ends.
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
