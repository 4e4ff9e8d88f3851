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
import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatedHeader, packageVersionIn, resolvePackageEntry, sourceFile } from './lib/generator.mjs';

const target = sourceFile('encoding', 'windows-1252.generated.ts');
const PACKAGE = '@exodus/bytes';

const entry = resolvePackageEntry(PACKAGE, 'single-byte.js');
const packageDir = dirname(entry);
const { createSinglebyteDecoder } = await import(pathToFileURL(entry).href);
const packageVersion = packageVersionIn(packageDir);

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
lines.push(...generatedHeader(import.meta.url));
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
