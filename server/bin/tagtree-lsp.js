#!/usr/bin/env node
/**
 * `tagtree-lsp` from a checkout: runs the compiled server, `server/out/main.js`.
 * This file is committed so that `npm ci` links the command (npm links no
 * bin whose file does not exist yet); `npm run build` makes what it runs.
 * The release tarball (`npm run dist`) ships a bundle instead.
 */
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const main = join(__dirname, '..', 'out', 'main.js');
if (!existsSync(main)) {
  process.stderr.write(`tagtree-lsp: ${main} does not exist: run \`npm run build\` in the TagTree checkout first\n`);
  process.exitCode = 2;
} else {
  require(main);
}
