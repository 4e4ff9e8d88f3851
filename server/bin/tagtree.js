#!/usr/bin/env node
/**
 * `tagtree` from a checkout: runs the compiled CLI, `server/out/cli.js`.
 * This file is committed so that `npm ci` links the command (npm links no
 * bin whose file does not exist yet); `npm run build` makes what it runs.
 * The release tarball (`npm run dist`) ships a bundle instead.
 */
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const cli = join(__dirname, '..', 'out', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write(`tagtree: ${cli} does not exist: run \`npm run build\` in the TagTree checkout first\n`);
  process.exitCode = 2;
} else {
  require(cli)
    .main(process.argv.slice(2))
    .then((status) => {
      process.exitCode = status;
    });
}
