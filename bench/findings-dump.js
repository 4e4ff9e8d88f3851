#!/usr/bin/env node
/**
 * Every finding of the full check on every corpus page, as JSON lines (one page a line: the conformance findings
 * with the text, and the attribute diagnostics, every field), and a hash of it all: run it on two builds and compare
 * the files (`cmp`) to show that a change to the checks' speed left their findings byte for byte the same.
 * With `checkDocument` (the one walk), it also checks that it finds what each check finds alone.
 *
 *   node bench/findings-dump.js OUT.jsonl [REPO_ROOT]
 */
'use strict';
const { createHash } = require('node:crypto');
const { readFileSync, readdirSync, writeFileSync } = require('node:fs');
const { join, relative, resolve } = require('node:path');

const out = process.argv[2];
if (out === undefined) {
  console.error('usage: node bench/findings-dump.js OUT.jsonl [REPO_ROOT]');
  process.exit(2);
}
const root = resolve(process.argv[3] ?? join(__dirname, '..'));
const parser = require(join(root, 'server/parser/out/index.js'));
const { corpus } = require(join(root, 'server/parser/out-test/support/shared-data.js'));

function listHtml(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listHtml(p));
    else if (entry.name.endsWith('.html')) files.push(p);
  }
  return files.sort();
}

const base = corpus();
const lines = [];
let conformance = 0;
let attributes = 0;
let differ = 0;
for (const file of listHtml(base)) {
  const text = readFileSync(file, 'utf8');
  const { document } = parser.parse(text);
  let c = parser.checkConformanceFindings(document, text).toArray();
  let a = parser.checkAttributes(document);
  if (parser.checkDocument !== undefined) {
    const both = parser.checkDocument(document, text);
    const c1 = both.conformance.toArray();
    if (JSON.stringify(c1) !== JSON.stringify(c) || JSON.stringify(both.attributes) !== JSON.stringify(a)) {
      differ++;
      console.error(`checkDocument differs from the checks alone: ${relative(base, file)}`);
    }
    c = c1;
    a = both.attributes;
  }
  conformance += c.length;
  attributes += a.length;
  lines.push(JSON.stringify({ file: relative(base, file), conformance: c, attributes: a }));
}
const all = `${lines.join('\n')}\n`;
writeFileSync(out, all);
console.log(`${lines.length} pages, ${conformance} conformance findings, ${attributes} attribute diagnostics, sha1 ${createHash('sha1').update(all).digest('hex')}`);
process.exit(differ > 0 ? 1 : 0);
