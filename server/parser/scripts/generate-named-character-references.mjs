#!/usr/bin/env node
// Generates server/parser/src/tokenizer/named-character-references.generated.ts
// from the npm data packages `character-entities` (every name, keyed without
// the semicolon) and `character-entities-legacy` (the names that the spec also
// lists without a semicolon). Together they are the spec's table:
// https://html.spec.whatwg.org/multipage/named-characters.html#named-character-references
//
// Run: npm run generate
import { characterEntities } from 'character-entities';
import { characterEntitiesLegacy } from 'character-entities-legacy';
import { writeFileSync } from 'node:fs';
import { generatedHeader, sourceFile } from './lib/generator.mjs';

const target = sourceFile('tokenizer', 'named-character-references.generated.ts');

function escape(s) {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    if (cp >= 0x20 && cp < 0x7f && ch !== '"' && ch !== '\\') out += ch;
    else if (cp > 0xffff) out += `\\u{${cp.toString(16)}}`;
    else out += `\\u${cp.toString(16).padStart(4, '0')}`;
  }
  return out;
}

const legacy = new Set(characterEntitiesLegacy);
const names = Object.keys(characterEntities).sort();
for (const name of legacy) {
  if (!(name in characterEntities)) throw new Error(`legacy name ${name} missing from character-entities`);
}
const entries = [];
let maxLength = 0;
for (const name of names) {
  if (!/^[A-Za-z0-9]+$/.test(name)) throw new Error(`unexpected name ${name}`);
  const value = escape(characterEntities[name]);
  entries.push(`${name};${value}`);
  if (legacy.has(name)) entries.push(`${name}=${value}`);
  maxLength = Math.max(maxLength, name.length + 1);
}

const lines = [];
lines.push(...generatedHeader(import.meta.url, 'npm run generate'));
lines.push('// Data: npm packages character-entities and character-entities-legacy.');
lines.push('// https://html.spec.whatwg.org/multipage/named-characters.html#named-character-references');
lines.push('');
lines.push(`/** Number of entries in the spec's table (names with and without the semicolon). */`);
lines.push(`export const NAMED_CHARACTER_REFERENCE_COUNT = ${entries.length};`);
lines.push('');
lines.push('/** Length of the longest name, including its semicolon. */');
lines.push(`export const LONGEST_NAMED_CHARACTER_REFERENCE = ${maxLength};`);
lines.push('');
lines.push('/**');
lines.push(' * Each entry is `name;value` (the name with its semicolon) or `name=value` (a legacy');
lines.push(' * name that also matches without a semicolon). Names are ASCII alphanumerics.');
lines.push(' */');
lines.push('export const NAMED_CHARACTER_REFERENCE_ENTRIES: readonly string[] = [');
for (const e of entries) lines.push(`  "${e}",`);
lines.push('];');
lines.push('');
writeFileSync(target, lines.join('\n'));
console.log(`wrote ${entries.length} entries to ${target}`);
