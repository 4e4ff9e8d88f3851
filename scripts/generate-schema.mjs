#!/usr/bin/env node
/**
 * Writes schema/tagtree.schema.json, the JSON Schema of tagtree.json, from
 * server/src/lint/schema.ts and every code the checks have
 * (server/src/lint/codes.ts). Run `npm run build` first; `npm run generate` runs it.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { configSchema } = require(join(ROOT, 'server/out/lint/schema.js'));
const { codeInfo, knownCodes } = require(join(ROOT, 'server/out/lint/codes.js'));

const codes = [...knownCodes()].map((code) => ({ code, description: codeInfo(code).description }));
const out = join(ROOT, 'schema', 'tagtree.schema.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(configSchema(codes), null, 2) + '\n');
console.log(`schema/tagtree.schema.json: ${codes.length} codes`);
