/**
 * The Nu Html Checker (vnu), a dev-only oracle for the conformance checks:
 * running it once on many files, and comparing its errors with TagTree's
 * findings by element location, per message class.
 *
 * vnu comes from the npm package `vnu-jar` (a dev dependency) and runs on
 * Debian's Java (`scripts/ensure-vnu.sh` installs default-jre-headless).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type ConformanceDiagnostic, type ElementShape } from '../out/index';
import { REPO_ROOT } from './support/shared-data';
import { lineStarts } from './support/text-model';
import { ARIA_VNU_ERROR_CLASSES, ARIA_VNU_WARNING_CLASSES } from './conformance-vnu-aria';

export interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  firstLine?: number;
  firstColumn?: number;
  lastLine?: number;
  lastColumn?: number;
}

/** Installs Java when missing (scripts/ensure-vnu.sh) and returns the path of vnu.jar. */
export function ensureVnu(): string {
  execFileSync('bash', [join(REPO_ROOT, 'scripts', 'ensure-vnu.sh')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const jar = join(REPO_ROOT, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
  if (!existsSync(jar)) throw new Error(`vnu.jar not found at ${jar}: run npm ci (vnu-jar is a dev dependency)`);
  return jar;
}

/** Runs vnu once on `documents` (name -> text) and returns its messages per name. */
export function runVnuOnTexts(documents: ReadonlyMap<string, string>): Map<string, VnuMessage[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tagtree-vnu-'));
  try {
    const files: string[] = [];
    const names = new Map<string, string>();
    let n = 0;
    for (const [name, text] of documents) {
      const file = join(dir, `${n++}.html`);
      writeFileSync(file, text);
      files.push(file);
      names.set(file, name);
    }
    const byFile = runVnuOnFiles(files);
    const out = new Map<string, VnuMessage[]>();
    for (const [file, messages] of byFile) out.set(names.get(file) ?? file, messages);
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * vnu's messages per file, from a cache (`.bench-cache/vnu/`, one JSON file per content hash and vnu version) or
 * from one run of vnu on the files not in it, at a low priority (`nice`).
 */
export function runVnuOnFilesCached(files: readonly string[]): Map<string, VnuMessage[]> {
  ensureVnu();
  const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', 'vnu-jar', 'package.json'), 'utf8')) as { version: string }).version;
  const dir = join(REPO_ROOT, '.bench-cache', 'vnu');
  mkdirSync(dir, { recursive: true });
  const keyOf = (file: string) => join(dir, `${version}-${createHash('sha1').update(readFileSync(file)).digest('hex')}.json`);
  const out = new Map<string, VnuMessage[]>();
  const missing: string[] = [];
  for (const file of files) {
    const key = keyOf(file);
    if (existsSync(key)) out.set(file, JSON.parse(readFileSync(key, 'utf8')) as VnuMessage[]);
    else missing.push(file);
  }
  if (missing.length > 0) {
    for (const [file, messages] of runVnuOnFiles(missing, true)) {
      writeFileSync(keyOf(file), JSON.stringify(messages));
      out.set(file, messages);
    }
  }
  return out;
}

/** Runs vnu once on `files` (absolute paths) and returns its messages per file. */
export function runVnuOnFiles(files: readonly string[], niced = false): Map<string, VnuMessage[]> {
  const jar = ensureVnu();
  // vnu writes its JSON report to standard error.
  const args = ['-Xss16m', '-jar', jar, '--format', 'json', '--exit-zero-always', ...files];
  const result = spawnSync(niced ? 'nice' : 'java', niced ? ['-n', '10', 'java', ...args] : args, {
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  if (result.error !== undefined || result.status !== 0) throw new Error(`vnu failed (${result.status}): ${result.error?.message ?? result.stderr.slice(0, 500)}`);
  const report = result.stderr;
  const parsed = JSON.parse(report) as { messages: VnuMessage[] };
  const out = new Map<string, VnuMessage[]>();
  for (const file of files) out.set(file, []);
  for (const m of parsed.messages) {
    if (m.url === undefined) continue;
    const file = decodeURIComponent(m.url.replace(/^file:/, ''));
    out.get(file)?.push(m);
  }
  return out;
}

/**
 * vnu's messages in the classes TagTree covers, and the codes that report
 * the same problem. A vnu error in none of these is outside the comparison.
 */
const CLASSES: readonly { readonly name: string; readonly pattern: RegExp; readonly codes: readonly string[]; readonly warning?: boolean }[] = [
  ...ARIA_VNU_ERROR_CLASSES,
  ...ARIA_VNU_WARNING_CLASSES.map((c) => ({ ...c, warning: true })),
  { name: 'text not allowed', pattern: /^Text not allowed in element/, codes: ['text-not-allowed'] },
  // Attributes allowed per element (the attribute checks' attribute-not-allowed, xmlns-attribute, xml-lang-without-lang).
  // vnu's schema chooses a meta's or link's variant by its attributes, so a meta or link in the body without itemprop
  // (TagTree's element-not-allowed) gets "Attribute “name” not allowed on element “meta”" too.
  { name: 'attribute not allowed', pattern: /^Attribute “[^”]*” not allowed on element “(meta|link)” at this point/, codes: ['attribute-not-allowed', 'element-not-allowed'] },
  // vnu chooses an input's variant by its type: an attribute of another type state on an input without type is
  // "missing one or more of the following attributes: “type”".
  { name: 'attribute not allowed', pattern: /^Element “input” is missing one or more of the following attributes: .*“type”/, codes: ['attribute-not-allowed'] },
  { name: 'attribute not allowed', pattern: /^Attribute “(?!aria-)[^”]*” not allowed on element “[^”]*” at this point|^Autonomous custom elements must not specify the “is” attribute/, codes: ['attribute-not-allowed'] },
  { name: 'xmlns', pattern: /^Attribute “xmlns:[^”]*” not allowed here|^Bad value “[^”]*” for the attribute “xmlns”/, codes: ['xmlns-attribute'] },
  { name: 'xml:lang', pattern: /^When the attribute “xml:lang” in no namespace is specified/, codes: ['xml-lang-without-lang'] },
  // vnu calls some obsolete elements unknown as well; TagTree reports each once, as obsolete.
  { name: 'unknown element', pattern: /completely-unknown element/, codes: ['unknown-element', 'obsolete-element'] },
  // A meta or link in the body without what would allow it there (itemprop, or a body-ok rel).
  { name: 'metadata in body', pattern: /is missing one or more of the following attributes: “itemprop”/, codes: ['element-not-allowed', 'missing-required-attribute'] },
  { name: 'missing ancestor', pattern: /must have an ancestor/, codes: ['missing-ancestor'] },
  {
    name: 'element not allowed',
    pattern: /not allowed as child of element|is missing a required child element\.$/,
    codes: ['element-not-allowed', 'forbidden-descendant', 'unknown-element', 'missing-ancestor', 'misplaced-main', 'obsolete-element', 'duplicate-title', 'invalid-time-text'],
  },
  { name: 'forbidden descendant', pattern: /must not appear as a descendant of/, codes: ['forbidden-descendant', 'misplaced-main', 'element-not-allowed'] },
  { name: 'obsolete', pattern: /is obsolete\./, codes: ['obsolete-element', 'obsolete-attribute', 'obsolete-but-conforming'] },
  { name: 'img alt', pattern: /must have an “alt” attribute/, codes: ['missing-alt'] },
  // DEVIATION (vnu): "Element “a” is missing required attribute “href”" on an a with the obsolete name attribute; the
  // spec requires no attribute on a ("If the a element has no href attribute, then the element represents a
  // placeholder link"). Outside the comparison.
  // The same message for an a with target, download, rel… and no href, which the spec forbids ("must be omitted if
  // the href attribute is not present"): compared as that; where TagTree finds no such attribute, vnu's deviation above.
  { name: 'attribute needs href', pattern: /^Element “a” is missing required attribute “href”/, codes: ['attribute-needs-href'] },
  {
    name: 'required attribute',
    pattern: /is missing required attribute|is missing one or more of the following attributes|must have either an “href”|must have an “href”|must have either “rel”|A “link” element must have|must have a “dir” attribute/,
    codes: ['missing-required-attribute', 'missing-alt'],
  },
  {
    name: 'table model',
    pattern: /^Table columns? (\d+ |in range \d+…\d+ )?established by element “[^”]*” ha(s|ve) no cells beginning in (it|them)|^Table cell is overlapped by later table cell|^Table cell overlaps an earlier table cell|^Table cell spans past the end of its row group|^Row \d+ of a row group established by/,
    codes: ['table-model-error'],
  },
  { name: 'base before URLs', pattern: /^The “base” element must come before any/, codes: ['base-after-url'] },
  { name: 'charset within 1024 bytes', pattern: /found after the first 1024 bytes/, codes: ['late-charset-declaration'] },
  { name: 'heading levels', pattern: /^The heading “h\d” \(with computed level \d+\) follows the heading/, codes: ['heading-level-skipped'] },
  { name: 'time text', pattern: /^The text content of element “time” was not in the required format/, codes: ['invalid-time-text'] },
  {
    name: 'http-equiv',
    pattern: /“http-equiv” attribute whose value is “X-UA-Compatible”|^Bad value “[^”]*” for attribute “(content|http-equiv)” on element “meta”/,
    codes: ['invalid-http-equiv', 'invalid-attribute-value', 'non-utf8-encoding-declaration'],
  },
  { name: 'title', pattern: /missing a required instance of child element “title”/, codes: ['missing-title'] },
  // vnu points at the child that is there instead of the one missing; TagTree reports that child as not allowed.
  { name: 'required child', pattern: /missing a required instance of child element|must not be empty/, codes: ['missing-required-child', 'element-not-allowed'] },
  { name: 'main', pattern: /more than one visible “main”/, codes: ['duplicate-main'] },
  { name: 'label', pattern: /may contain at most one/, codes: ['label-multiple-controls'] },
  { name: 'select placeholder', pattern: /first child “option” element of a “select” element with a “required” attribute/, codes: ['select-missing-placeholder'] },
  // Attribute values (the attribute checks' invalid-attribute-value), one class per kind of value.
  { name: 'value: URL', pattern: /^Bad value “[^”]*” for attribute “(href|src|action|formaction|cite|poster|data|itemid)” on element/, codes: ['invalid-attribute-value'] },
  {
    name: 'value: srcset, sizes',
    pattern: /^Bad value “[^”]*” for attribute “(srcset|sizes|imagesrcset|imagesizes)” on element|the “sizes” attribute must also be specified/,
    codes: ['invalid-attribute-value'],
  },
  { name: 'value: media', pattern: /^Bad value “[^”]*” for attribute “media” on element/, codes: ['invalid-attribute-value'] },
  { name: 'value: language tag', pattern: /^Bad value “[^”]*” for attribute “(lang|hreflang|srclang)” on element/, codes: ['invalid-attribute-value'] },
  {
    name: 'value: MIME type',
    pattern: /^Bad value “[^”]*” for attribute “type” on element “(a|link|embed|object|source|script)”|^Bad value “[^”]*” for attribute “accept” on element/,
    codes: ['invalid-attribute-value'],
  },
  { name: 'value: target', pattern: /^Bad value “[^”]*” for attribute “(target|formtarget)” on element/, codes: ['invalid-attribute-value'] },
  { name: 'value: rel', pattern: /^Bad value “[^”]*” for attribute “rel” on element/, codes: ['invalid-attribute-value'] },
  {
    name: 'value: autocomplete',
    pattern: /^Bad value “[^”]*” for attribute “autocomplete” on element|must not have an “autocomplete” attribute whose value is “on” or “off”/,
    codes: ['invalid-attribute-value'],
  },
  { name: 'value: sandbox, allow, referrerpolicy', pattern: /^Bad value “[^”]*” for attribute “(sandbox|allow|referrerpolicy)” on element/, codes: ['invalid-attribute-value'] },
  // vnu's warnings in the classes of the spec's advice (TagTree's warnings).
  { name: 'warning: script type', pattern: /^The “type” attribute is unnecessary for JavaScript resources/, codes: ['redundant-script-type'], warning: true },
  { name: 'warning: style type', pattern: /^The “type” attribute for the “style” element is not needed/, codes: ['obsolete-but-conforming'], warning: true },
  { name: 'warning: html lang', pattern: /^Consider adding a “lang” attribute to the “html” start tag/, codes: ['missing-html-lang'], warning: true },
  { name: 'warning: empty heading', pattern: /^Empty heading/, codes: ['empty-heading'], warning: true },
  { name: 'warning: duplicate dt name', pattern: /^Duplicate “dt” name “[^”]*” in “dl” element/, codes: ['duplicate-dt-name'], warning: true },
  { name: 'warning: viewport', pattern: /^Consider avoiding viewport values that prevent users from resizing documents/, codes: ['viewport-disables-zoom'], warning: true },
];

/** The attributes of the attribute-value classes above, for comparing the attribute checks' findings with vnu's. */
const VALUE_CLASS_ATTRIBUTES = new Set([
  'href', 'src', 'action', 'formaction', 'cite', 'poster', 'data', 'itemid', 'srcset', 'sizes', 'imagesrcset', 'imagesizes', 'media',
  'lang', 'hreflang', 'srclang', 'type', 'accept', 'target', 'formtarget', 'rel', 'autocomplete', 'sandbox', 'allow', 'referrerpolicy',
]);

/** The name of the attribute a finding at `offset` is in (the finding is on its value, or on the whole attribute). */
export function attributeNameAt(text: string, offset: number): string {
  // A finding on the value: the attribute's name is just before it.
  const before = /([^\s"'>\/=]+)\s*=\s*["']?$/.exec(text.slice(Math.max(0, offset - 300), offset));
  if (before !== null) return before[1].toLowerCase();
  // A finding on the whole attribute (an empty value), or on a token inside the value.
  const own = /^([^\s"'>\/=]+)\s*=/.exec(text.slice(offset, offset + 100));
  if (own !== null && /\s$/.test(text.slice(Math.max(0, offset - 1), offset))) return own[1].toLowerCase();
  const inside = /([^\s"'>\/=]+)\s*=\s*["'][^"']*$/.exec(text.slice(Math.max(0, offset - 300), offset));
  return inside === null ? '' : inside[1].toLowerCase();
}

/**
 * The attribute checks' invalid values on the attributes of the value classes, as findings to compare (code
 * invalid-attribute-value, the attribute's name as the message). `type` counts only where it is a MIME type.
 */
export function valueClassFindings(text: string, diagnostics: readonly { code: string; start: number; end: number }[]): ConformanceDiagnostic[] {
  const out: ConformanceDiagnostic[] = [];
  for (const d of diagnostics) {
    if (d.code !== 'invalid-attribute-value') continue;
    const name = attributeNameAt(text, d.start);
    if (!VALUE_CLASS_ATTRIBUTES.has(name)) continue;
    if (name === 'type') {
      const tag = /<([a-zA-Z]+)[^<]*$/.exec(text.slice(Math.max(0, d.start - 2000), d.start));
      if (tag === null || !['a', 'link', 'embed', 'object', 'source', 'script'].includes(tag[1].toLowerCase())) continue;
    }
    out.push({ code: 'invalid-attribute-value' as ConformanceDiagnostic['code'], severity: 'error', start: d.start, end: d.end, message: name, href: '' });
  }
  return out;
}

/** The class of a vnu message TagTree covers, or null. */
export function vnuClass(m: VnuMessage): (typeof CLASSES)[number] | null {
  // vnu reports obsolete attributes as warnings; the spec lists them as non-conforming ("must not be used").
  const warning = m.type === 'info' && m.subType === 'warning';
  if (m.type !== 'error' && !isObsoleteWarning(m)) {
    if (!warning) return null;
    for (const c of CLASSES) if (c.warning === true && c.pattern.test(m.message)) return c;
    return null;
  }
  for (const c of CLASSES) if (c.warning !== true && c.pattern.test(m.message)) return c.codes.length === 0 ? null : c;
  return null;
}

/** vnu's warning about an obsolete attribute (an error in the spec's terms, a warning in vnu's). */
export function isObsoleteWarning(m: VnuMessage): boolean {
  return m.type === 'info' && m.subType === 'warning' && /is obsolete\./.test(m.message);
}


/** The source range of a vnu message (its columns are 1-based and inclusive). */
export function vnuRange(m: VnuMessage, starts: readonly number[]): { start: number; end: number } {
  const lastLine = m.lastLine ?? 1;
  const lastColumn = m.lastColumn ?? 1;
  const end = (starts[lastLine - 1] ?? 0) + lastColumn;
  const start = (starts[(m.firstLine ?? lastLine) - 1] ?? 0) + (m.firstColumn ?? lastColumn) - 1;
  return { start, end };
}

/** An element's extent, for comparing by element: a finding on its start tag and a vnu message on its end tag are the same element. */
export interface ElementExtent {
  readonly tagStart: number;
  readonly start: number;
  readonly end: number;
}

export function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < Math.max(a.end, a.start + 1) && b.start < Math.max(a.end, a.start + 1) && a.start < Math.max(b.end, b.start + 1);
}

export interface Comparison {
  /** vnu errors in covered classes, per class (its warnings on obsolete attributes too when `warningsAsErrors`). */
  readonly vnu: Map<string, number>;
  /** vnu's warnings on obsolete attributes (not errors in vnu's terms), and how many TagTree finds, when not counted above. */
  readonly obsoleteWarnings: { vnu: number; found: number; missed: Map<string, number> };
  /** Of those, found by TagTree at the same element, per class. */
  readonly found: Map<string, number>;
  readonly missed: { message: VnuMessage; range: { start: number; end: number } }[];
  /** TagTree's errors, and those vnu reports nowhere near (outside vnu's suppressed subtrees and after-stop regions). */
  ours: number;
  readonly unconfirmed: ConformanceDiagnostic[];
  /** TagTree's errors vnu could not see (in a subtree vnu suppressed, or after vnu gave up). */
  unverifiable: number;
}

export function newComparison(): Comparison {
  return { vnu: new Map(), obsoleteWarnings: { vnu: 0, found: 0, missed: new Map() }, found: new Map(), missed: [], ours: 0, unconfirmed: [], unverifiable: 0 };
}

/** The extent of each finding: the whole element when it is on a start tag. */
export function findingExtents(
  ours: readonly { start: number; end: number }[],
  extentAt: (offset: number) => ElementExtent | null,
): { start: number; end: number }[] {
  return ours.map((d) => {
    const e = extentAt(d.start);
    return e !== null && e.tagStart === d.start ? { start: d.start, end: e.end } : { start: d.start, end: d.end };
  });
}

/** Where vnu stopped looking: subtrees it suppressed, everything after it gave up. */
export function blindRanges(
  text: string,
  messages: readonly { m: VnuMessage; range: { start: number; end: number } }[],
  extentAt: (offset: number) => ElementExtent | null,
): { start: number; end: number }[] {
  const blind: { start: number; end: number }[] = [];
  for (const { m, range } of messages) {
    if (/Suppressing further errors from this subtree/.test(m.message)) {
      const e = extentAt(lastTagStart(text, range));
      if (e !== null) blind.push({ start: e.start, end: e.end });
    }
    if (/Cannot recover after last error/.test(m.message)) blind.push({ start: range.start, end: Number.MAX_SAFE_INTEGER });
  }
  return blind;
}

/**
 * Compares one document. `extentAt(offset)` gives the element whose start
 * tag starts at `offset` (for findings on a start tag), or null.
 */
export function compareDocument(
  text: string,
  vnu: readonly VnuMessage[],
  ours: readonly ConformanceDiagnostic[],
  extentAt: (offset: number) => ElementExtent | null,
  into: Comparison,
  warningsAsErrors = true,
): void {
  const starts = lineStarts(text);
  const messages = vnu.map((m) => ({ m, range: vnuRange(m, starts), cls: vnuClass(m) }));
  const extents = findingExtents(ours, extentAt);
  const blind = blindRanges(text, messages, extentAt);
  for (const { m, range, cls } of messages) {
    if (cls === null) continue;
    const hit = ours.some((d, i) => cls.codes.includes(d.code) && overlaps(extents[i], range));
    if (!warningsAsErrors && m.type !== 'error') {
      into.obsoleteWarnings.vnu++;
      if (hit) into.obsoleteWarnings.found++;
      else {
        const k = m.message.replace(/“[^”]*”/g, '“…”');
        into.obsoleteWarnings.missed.set(k, (into.obsoleteWarnings.missed.get(k) ?? 0) + 1);
      }
      continue;
    }
    into.vnu.set(cls.name, (into.vnu.get(cls.name) ?? 0) + 1);
    if (hit) into.found.set(cls.name, (into.found.get(cls.name) ?? 0) + 1);
    else into.missed.push({ message: m, range });
  }
  ours.forEach((d, i) => {
    if (d.severity !== 'error') return;
    if (blind.some((b) => d.start >= b.start && d.start < b.end)) {
      into.unverifiable++;
      return;
    }
    into.ours++;
    const confirmed = messages.some(({ range, cls }) => cls !== null && cls.codes.includes(d.code) && overlaps(extents[i], range));
    if (!confirmed) into.unconfirmed.push(d);
  });
}

/** The start of the tag that ends at a vnu range's end (vnu points at a whole start tag). */
export function lastTagStart(text: string, range: { start: number; end: number }): number {
  const lt = text.lastIndexOf('<', range.end - 1);
  return lt >= range.start ? lt : range.start;
}

/** The extents of elements by start-tag offset, from our own parse (for comparing by element). */
export function extentsOf(text: string): (offset: number) => ElementExtent | null {
  const byStart = new Map<number, ElementExtent>();
  const stack: { children: readonly unknown[] }[] = [parse(text).document as unknown as { children: readonly unknown[] }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const child of node.children as (ElementShape & { start: number; end: number; endTag: { end: number } | null })[]) {
      if (child.kind !== 'element') continue;
      const tag = child.startTag;
      if (tag !== null && !byStart.has(tag.start)) byStart.set(tag.start, { tagStart: tag.start, start: child.start, end: child.endTag?.end ?? child.end });
      stack.push(child);
      if (child.content !== null) stack.push(child.content);
    }
  }
  return (offset) => byStart.get(offset) ?? null;
}

