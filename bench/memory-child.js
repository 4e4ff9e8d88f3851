#!/usr/bin/env node
/**
 * Run by bench/run.js in a fresh process: parses one file with one parser,
 * keeps the result alive, and prints the retained heap (after a full GC) and
 * the peak RSS, in bytes, as JSON. Needs --expose-gc.
 */
'use strict';
const { readFileSync } = require('node:fs');
const [, , which, file] = process.argv;
const text = readFileSync(file, 'utf8');
global.gc();
const before = process.memoryUsage().heapUsed;
let result;
if (which === 'tagtree') {
  result = require('../server/parser/out/index.js').parse(text);
} else {
  const errors = [];
  result = require('parse5').parse(text, { sourceCodeLocationInfo: true, onParseError: (e) => errors.push(e) });
  result.errors = errors;
}
global.gc();
const retained = process.memoryUsage().heapUsed - before;
process.stdout.write(JSON.stringify({ retained, peakRss: process.resourceUsage().maxRSS * 1024, keep: typeof result }));
