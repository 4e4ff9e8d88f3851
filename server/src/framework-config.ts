/**
 * Framework attributes for the language server and `tagtree check`: the
 * allow list (`AttributeAllowList`, the parser's) that the editor settings
 * and a document's tagtree.json give together, with their custom data files
 * read from disk. The matching itself is the parser's
 * (server/parser/src/attributes/framework-attributes.ts); this module only
 * reads files and caches.
 *
 * A custom data file that cannot be read or is not custom data is reported
 * once through `onCustomDataError` and left out: never a crash.
 */
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { AttributeAllowList, CustomDataError, readCustomData, type CustomData } from '@tagtree/parser';

/** What says which non-HTML attributes are accepted (editor settings, a tagtree.json's rule set). */
export interface FrameworkSources {
  readonly frameworks?: readonly string[];
  readonly allowAttributes?: readonly string[];
  /** Custom data paths, absolute or relative to `dir`. */
  readonly customData?: readonly string[];
  readonly dir?: string;
}

let reportError: (message: string) => void = (message) => console.error(`tagtree: ${message}`);
const reported = new Set<string>();

/** Where a custom data file that cannot be used is reported (each message once). */
export function onCustomDataError(report: (message: string) => void): void {
  reportError = report;
}

/** The folder relative editor-setting paths are read from (the workspace's first folder). */
let settingsRoot: string | null = null;
export function setCustomDataRoot(dir: string | null): void {
  settingsRoot = dir;
}

/** Files read, by absolute path, with their modification time: a changed file is read again. */
const files = new Map<string, { mtimeMs: number; data: CustomData | null }>();

function loadCustomData(path: string): CustomData | null {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch (e) {
    fail(`cannot read custom data ${path}: ${(e as Error).message}`);
    return null;
  }
  const known = files.get(path);
  if (known !== undefined && known.mtimeMs === mtimeMs) return known.data;
  let data: CustomData | null = null;
  try {
    data = readCustomData(JSON.parse(readFileSync(path, 'utf8')) as unknown, path);
  } catch (e) {
    fail(e instanceof CustomDataError ? e.message : `${path}: not custom data: ${(e as Error).message}`);
  }
  files.set(path, { mtimeMs, data });
  return data;
}

function fail(message: string): void {
  if (reported.has(message)) return;
  reported.add(message);
  reportError(`${message}; its elements and attributes are flagged until it is fixed`);
}

const lists = new Map<string, AttributeAllowList>();
const EMPTY = new AttributeAllowList({});

/** The allow list of all `sources` together (cached by what they say and the custom data files' times). */
export function allowListOf(...sources: readonly (FrameworkSources | undefined)[]): AttributeAllowList {
  const frameworks: string[] = [];
  const allowAttributes: string[] = [];
  const paths: string[] = [];
  for (const s of sources) {
    if (s === undefined) continue;
    if (s.frameworks !== undefined) frameworks.push(...s.frameworks);
    if (s.allowAttributes !== undefined) allowAttributes.push(...s.allowAttributes);
    for (const p of s.customData ?? []) {
      const base = s.dir ?? settingsRoot;
      paths.push(isAbsolute(p) || base === null ? resolve(p) : resolve(base, p));
    }
  }
  if (frameworks.length === 0 && allowAttributes.length === 0 && paths.length === 0) return EMPTY;
  const customData = paths.map(loadCustomData).filter((d): d is CustomData => d !== null);
  const key = JSON.stringify([frameworks, allowAttributes, paths, paths.map((p) => files.get(p)?.mtimeMs ?? 0)]);
  let list = lists.get(key);
  if (list === undefined) {
    if (lists.size > 64) lists.clear();
    list = new AttributeAllowList({ frameworks, allowAttributes, customData });
    lists.set(key, list);
  }
  return list;
}

/** The name of the element whose start tag begins at `offset` (`<name`), lowercased; '' when there is none. */
export function tagNameAt(text: { slice(start: number, end: number): string }, offset: number): string {
  const m = /^<([^\s/>]+)/.exec(text.slice(offset, offset + 256));
  return m === null ? '' : m[1].toLowerCase();
}

/** Whether a finding is one the allow list accepts: an attribute it allows, or an element its custom data declares. */
export function acceptedByAllowList(list: AttributeAllowList, text: { slice(start: number, end: number): string }, d: { code: string; start: number; element?: string; attribute?: string }): boolean {
  if (list.empty) return false;
  if (d.code === 'attribute-not-allowed') return d.element !== undefined && d.attribute !== undefined && list.acceptsAttribute(d.element, d.attribute);
  if (d.code === 'unknown-element') return list.acceptsElement(tagNameAt(text, d.start));
  return false;
}
