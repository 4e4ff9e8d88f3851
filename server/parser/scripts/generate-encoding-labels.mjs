#!/usr/bin/env node
// Generates server/parser/src/encoding/labels.generated.ts: the Encoding
// Standard's table of encoding names and labels,
// https://encoding.spec.whatwg.org/#names-and-labels
//
// Data: the npm package `@exodus/bytes` (a dev dependency). Its public API
// (`labelToName`) resolves one label at a time but does not list the labels,
// so the list is read from the package's table module
// (fallback/encoding.labels.js), found beside its public `encoding.js` entry.
// Every label is then checked against the public API, so a change in the
// package's layout or data makes this script fail instead of writing a wrong
// table.
//
// Run: node server/parser/scripts/generate-encoding-labels.mjs
// The package is resolved from this repository's node_modules, or else from
// the node_modules of the current directory.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatedHeader, packageVersionIn, resolvePackageEntry, sourceFile } from './lib/generator.mjs';

const target = sourceFile('encoding', 'labels.generated.ts');
const PACKAGE = '@exodus/bytes';

const entry = resolvePackageEntry(PACKAGE, 'encoding.js');
const packageDir = dirname(entry);
const { labelToName, normalizeEncoding } = await import(pathToFileURL(entry).href);
const { default: table } = await import(pathToFileURL(join(packageDir, 'fallback', 'encoding.labels.js')).href);
const packageVersion = packageVersionIn(packageDir);

// The spec's table lists 40 encodings. Every name except "replacement" is also
// one of its own labels (lowercased); the package's table leaves that implied.
const EXPECTED_ENCODING_COUNT = 40;
const names = Object.keys(table);
if (names.length !== EXPECTED_ENCODING_COUNT) {
  throw new Error(`expected ${EXPECTED_ENCODING_COUNT} encodings, found ${names.length}`);
}

/** @type {Map<string, string>} label -> lowercase name */
const labels = new Map();
/** @type {Map<string, string>} lowercase name -> the spec's spelling */
const canonical = new Map();
for (const name of names) {
  if (name !== name.toLowerCase()) throw new Error(`name not lowercase: ${name}`);
  const own = name === 'replacement' ? [] : [name];
  for (const label of [...own, ...table[name]]) {
    if (!/^[\x21-\x7e]+$/.test(label) || label !== label.toLowerCase()) {
      throw new Error(`unexpected label ${JSON.stringify(label)}`);
    }
    if (labels.has(label)) throw new Error(`label ${label} listed twice`);
    // Cross-check with the package's public API.
    if (normalizeEncoding(label) !== name) throw new Error(`normalizeEncoding(${label}) !== ${name}`);
    labels.set(label, name);
  }
  const spelled = labelToName(name === 'replacement' ? table[name][0] : name);
  if (spelled === null || spelled.toLowerCase() !== name) throw new Error(`labelToName(${name}) = ${spelled}`);
  canonical.set(name, spelled);
}
if (labels.has('replacement')) throw new Error('"replacement" must not be a label');

const sortedNames = [...names].sort();
const sortedLabels = [...labels.keys()].sort();

const lines = [];
lines.push(...generatedHeader(import.meta.url));
lines.push(`// Data: npm package ${PACKAGE}@${packageVersion}.`);
lines.push('// https://encoding.spec.whatwg.org/#names-and-labels');
lines.push('');
lines.push('/**');
lines.push(" * The Encoding Standard's encoding names, lowercased.");
lines.push(' * https://encoding.spec.whatwg.org/#names-and-labels');
lines.push(' */');
lines.push('export const ENCODING_NAMES = [');
for (const name of sortedNames) lines.push(`  '${name}',`);
lines.push('] as const;');
lines.push('');
lines.push('/** An encoding name of the Encoding Standard, lowercased. */');
lines.push('export type EncodingName = (typeof ENCODING_NAMES)[number];');
lines.push('');
lines.push('/**');
lines.push(" * Each name as the Encoding Standard spells it (the value of `document.characterSet`).");
lines.push(' * https://encoding.spec.whatwg.org/#names-and-labels');
lines.push(' */');
lines.push('export const ENCODING_SPEC_NAMES: Readonly<Record<EncodingName, string>> = {');
for (const name of sortedNames) lines.push(`  '${name}': '${canonical.get(name)}',`);
lines.push('};');
lines.push('');
lines.push(`/** Number of labels in the table (${labels.size}). */`);
lines.push(`export const ENCODING_LABEL_COUNT = ${labels.size};`);
lines.push('');
lines.push('/**');
lines.push(' * Every label (lowercase ASCII) and the name of its encoding.');
lines.push(' * https://encoding.spec.whatwg.org/#names-and-labels');
lines.push(' */');
lines.push('export const ENCODING_LABELS: ReadonlyMap<string, EncodingName> = new Map<string, EncodingName>([');
for (const label of sortedLabels) lines.push(`  ['${label}', '${labels.get(label)}'],`);
lines.push(']);');
lines.push('');

writeFileSync(target, lines.join('\n'));
console.log(`wrote ${target}: ${names.length} encodings, ${labels.size} labels (${PACKAGE}@${packageVersion})`);
