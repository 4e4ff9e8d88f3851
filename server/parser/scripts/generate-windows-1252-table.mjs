#!/usr/bin/env node
// Generates server/parser/src/encoding/windows-1252.generated.ts: the Encoding
// Standard's index-windows-1252 for bytes 0x80-0x9F, the 32 pointers where
// windows-1252 differs from ISO-8859-1.
// https://encoding.spec.whatwg.org/index-windows-1252.txt
//
// decodeBytes uses it to correct platforms whose TextDecoder decodes
// windows-1252 as ISO-8859-1 (nodejs/node#60888).
//
// Data: the npm package `@exodus/bytes` (a dev dependency): its single-byte
// decoder, which implements the Encoding Standard's tables in JavaScript and
// does not call the platform's TextDecoder. A few well-known code points are
// checked so that a wrong table makes this script fail instead of being written.
//
// Run: node server/parser/scripts/generate-windows-1252-table.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const target = join(here, '..', 'src', 'encoding', 'windows-1252.generated.ts');
const PACKAGE = '@exodus/bytes';

function resolvePackageEntry() {
  const bases = [join(here, 'package.json'), join(process.cwd(), 'package.json')];
  for (const base of bases) {
    try {
      return createRequire(base).resolve(`${PACKAGE}/single-byte.js`);
    } catch {
      // Try the next base.
    }
  }
  throw new Error(`Cannot find ${PACKAGE}. Add it as a dev dependency (npm install --save-dev ${PACKAGE}).`);
}

const entry = resolvePackageEntry();
const packageDir = dirname(entry);
const { createSinglebyteDecoder } = await import(pathToFileURL(entry).href);
const packageVersion = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version;

const bytes = new Uint8Array(32);
for (let i = 0; i < 32; i++) bytes[i] = 0x80 + i;
const decoded = createSinglebyteDecoder('windows-1252', false)(bytes);
if (decoded.length !== 32) throw new Error(`expected 32 code units, got ${decoded.length}`);
const table = [...decoded].map((ch) => ch.codePointAt(0));

// Spot checks against index-windows-1252.txt.
const expected = { 0x80: 0x20ac, 0x81: 0x0081, 0x8d: 0x008d, 0x8f: 0x008f, 0x90: 0x0090, 0x92: 0x2019, 0x9d: 0x009d, 0x9f: 0x0178 };
for (const [byte, codePoint] of Object.entries(expected)) {
  const got = table[Number(byte) - 0x80];
  if (got !== codePoint) throw new Error(`byte 0x${Number(byte).toString(16)}: expected U+${codePoint.toString(16)}, got U+${got.toString(16)}`);
}

const hex = (n) => `0x${n.toString(16).toUpperCase().padStart(4, '0')}`;
const lines = [];
lines.push('// GENERATED FILE: do not edit.');
lines.push('// Generator: server/parser/scripts/generate-windows-1252-table.mjs');
lines.push(`// Data: npm package ${PACKAGE}@${packageVersion}.`);
lines.push('// https://encoding.spec.whatwg.org/index-windows-1252.txt');
lines.push('');
lines.push('/**');
lines.push(" * index-windows-1252 for bytes 0x80-0x9F: entry i is the code point of byte");
lines.push(' * 0x80 + i. (Bytes 0x00-0x7F and 0xA0-0xFF decode to the code point of the same value.)');
lines.push(' * https://encoding.spec.whatwg.org/index-windows-1252.txt');
lines.push(' */');
lines.push('export const WINDOWS_1252_C1: readonly number[] = [');
for (let row = 0; row < 4; row++) {
  lines.push(`  ${table.slice(row * 8, row * 8 + 8).map(hex).join(', ')},`);
}
lines.push('];');
lines.push('');
writeFileSync(target, lines.join('\n'));
console.log(`wrote ${target} (${PACKAGE}@${packageVersion})`);
