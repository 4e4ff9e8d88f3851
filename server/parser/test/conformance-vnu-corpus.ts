/**
 * TagTree against the Nu Html Checker on the whole corpus, per class of
 * vnu's messages: a documented long run, not part of `npm test`.
 *
 *   npm run build && node server/parser/out-test/conformance-vnu-corpus.js [--max-size BYTES] [--out FILE]
 *
 * vnu runs (niced) on every corpus page (or those of at most --max-size
 * bytes); its messages are cached per page content in `.bench-cache/vnu/`
 * (the three pages of a-big, 4 to 7 MB, take vnu 7 to 15 seconds and up to
 * 1 GB each). Every vnu error and warning is put in a class
 * (conformance-vnu-classes.ts) and counted as found when TagTree reports one
 * of the class's codes at the same element (its conformance findings,
 * attribute diagnostics, parse errors and encoding diagnostics, all of them,
 * as `tagtree check` gives them). TagTree's errors that no vnu message of a
 * class with their code meets are counted by code (outside the subtrees vnu
 * suppressed and after the point where it gave up). The per-class table is
 * written to --out (default docs/conformance-vnu-table.md) and printed.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ATTRIBUTE_DIAGNOSTICS, checkAttributes, checkConformance, describeParseError, parseBytes } from '../out/index';
import { NEEDS_HREF_CLASS, VNU_ERROR_CLASSES, VNU_WARNING_CLASSES, type VnuClassDef } from './conformance-vnu-classes';
import { blindRanges, extentsOf, findingExtents, lastTagStart, overlaps, runVnuOnFilesCached, vnuRange, type VnuMessage } from './conformance-vnu';
import { lineStarts, positionAt } from './support/text-model';
import { corpus, REPO_ROOT } from './support/shared-data';

interface Ours {
  code: string;
  severity: 'error' | 'warning';
  start: number;
  end: number;
  source: 'conformance' | 'attributes' | 'parse' | 'encoding';
}

interface Tally {
  count: number;
  found: number;
  missed: Map<string, number>;
}

function listHtml(dir: string): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop()!;
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) stack.push(path);
      else if (name.endsWith('.html')) out.push(path);
    }
  }
  return out.sort();
}

function classify(m: VnuMessage): { kind: 'error' | 'warning'; cls: VnuClassDef | null } | null {
  const kind = m.type === 'error' ? 'error' : m.type === 'info' && m.subType === 'warning' ? 'warning' : null;
  if (kind === null) return null;
  for (const c of kind === 'error' ? VNU_ERROR_CLASSES : VNU_WARNING_CLASSES) if (c.pattern.test(m.message)) return { kind, cls: c };
  return { kind, cls: null };
}

function ourFindings(bytes: Uint8Array): { text: string; ours: Ours[] } {
  // UTF-8 as the fallback encoding (the spec leaves it to the implementation, step 9): vnu reads files so, and the
  // corpus is UTF-8 (MANIFEST.md).
  const r = parseBytes(bytes, { fallback: 'utf-8' });
  const text = r.text;
  const ours: Ours[] = [];
  for (const d of checkConformance(r.document)) ours.push({ code: d.code, severity: d.severity, start: d.start, end: d.end, source: 'conformance' });
  for (const d of checkAttributes(r.document)) ours.push({ code: d.code, severity: ATTRIBUTE_DIAGNOSTICS[d.code].severity, start: d.start, end: d.end, source: 'attributes' });
  for (const e of r.errors) {
    const d = describeParseError(text, e);
    ours.push({ code: e.code, severity: 'error', start: d.start, end: d.end, source: 'parse' });
    // The open element an end tag closes (unclosed-element): vnu reports it apart, at its start tag ("Unclosed element").
    for (const r of d.related ?? []) ours.push({ code: e.code, severity: 'warning', start: r.start, end: r.end, source: 'parse' });
  }
  for (const d of r.encodingDiagnostics) ours.push({ code: d.code, severity: d.severity, start: d.start, end: d.end, source: 'encoding' });
  return { text, ours };
}

function main(): void {
  const at = process.argv.indexOf('--max-size');
  const maxSize = at === -1 ? Infinity : Number(process.argv[at + 1]);
  const outAt = process.argv.indexOf('--out');
  const outFile = outAt === -1 ? join(REPO_ROOT, 'docs', 'conformance-vnu-table.md') : process.argv[outAt + 1];
  const root = corpus();
  const files = listHtml(root);
  const small = files.filter((f) => statSync(f).size <= maxSize);
  const started = Date.now();
  const vnu = runVnuOnFilesCached(small);
  console.log(`${files.length} corpus pages; vnu on ${small.length} of them (${((Date.now() - started) / 1000).toFixed(0)} s, cached in .bench-cache/vnu/)`);

  const tallies = new Map<string, Tally & { kind: 'error' | 'warning'; cls: VnuClassDef | null }>();
  /** TagTree's errors: all, and those no vnu message of a class with their code meets, by code and source. */
  let oursErrors = 0;
  let unverifiable = 0;
  const onlyOurs = new Map<string, { n: number; samples: string[] }>();
  const byCode = new Map<string, number>();
  for (const file of small) {
    const { text, ours } = ourFindings(readFileSync(file));
    const starts = lineStarts(text);
    const extentAt = extentsOf(text);
    const extents = findingExtents(ours, extentAt);
    const messages = (vnu.get(file) ?? []).map((m) => ({ m, range: vnuRange(m, starts), c: classify(m) }));
    const blind = blindRanges(text, messages, extentAt);
    for (const { m, range, c } of messages) {
      if (c === null) continue;
      if (c.cls?.name === 'vnu: a without href' && ours.some((d, i) => d.code === 'attribute-needs-href' && overlaps(extents[i], range))) c.cls = NEEDS_HREF_CLASS;
      const name = c.cls?.name ?? `other: ${m.message.replace(/“[^”]*”/g, '“…”').slice(0, 90)}`;
      const key = `${c.kind}\u0000${name}`;
      let t = tallies.get(key);
      if (t === undefined) tallies.set(key, (t = { kind: c.kind, cls: c.cls, count: 0, found: 0, missed: new Map() }));
      t.count++;
      const codes = c.cls?.codes ?? [];
      // "Unclosed element X" is vnu's second message for the spec's one parse error at the end tag that closes X (with
      // others): found when TagTree reports such an error where X ends.
      const closed = /^Unclosed element/.test(m.message) ? extentAt(lastTagStart(text, range)) : null;
      const closedHere = (d: Ours) => closed !== null && d.source === 'parse' && d.severity === 'error' && ((d.start >= closed.end - 1 && d.start <= closed.end + 1) || (d.code === 'eof-with-unclosed-element' && closed.end >= text.length - 1));
      if (ours.some((d, i) => codes.includes(d.code) && (overlaps(extents[i], range) || closedHere(d)))) t.found++;
      else {
        const sample = `${relative(root, file)}:${m.lastLine} ${m.message.slice(0, 140)}`;
        t.missed.set(sample, (t.missed.get(sample) ?? 0) + 1);
      }
    }
    ours.forEach((d, i) => {
      byCode.set(`${d.source} ${d.code} (${d.severity})`, (byCode.get(`${d.source} ${d.code} (${d.severity})`) ?? 0) + 1);
      if (d.severity !== 'error') return;
      if (blind.some((b) => d.start >= b.start && d.start < b.end)) {
        unverifiable++;
        return;
      }
      oursErrors++;
      const confirmed = messages.some(({ range, c }) => c !== null && c.cls !== null && c.cls.codes.includes(d.code) && overlaps(extents[i], range));
      if (confirmed) return;
      const key = `${d.source} ${d.code}`;
      const entry = onlyOurs.get(key) ?? { n: 0, samples: [] };
      entry.n++;
      if (entry.samples.length < 3) entry.samples.push(`${relative(root, file)}:${lineOf(starts, d.start)} ${JSON.stringify(text.slice(d.start, Math.min(d.end, d.start + 70)))}`);
      onlyOurs.set(key, entry);
    });
  }

  const lines: string[] = [];
  lines.push(`# TagTree against vnu ${'on the corpus'}, per class`);
  lines.push('');
  const which = small.length === files.length ? `all ${files.length} corpus pages (a-big's three included)` : `the ${small.length} corpus pages of at most ${maxSize.toLocaleString('en')} bytes (of ${files.length})`;
  lines.push(`Made by \`node server/parser/out-test/conformance-vnu-corpus.js\` on ${which}. "found": TagTree reports one of the class's codes at the same element. Classes marked *deviation* are left out of the targets (the reason is the strict vnu-deviation list, test/conformance-vnu-classes.ts); *gap*: TagTree does not check it yet.`);
  const totals = { error: { count: 0, found: 0, all: 0 }, warning: { count: 0, found: 0, all: 0 } };
  for (const kind of ['error', 'warning'] as const) {
    lines.push('');
    lines.push(`## vnu ${kind}s`);
    lines.push('');
    lines.push('| class | vnu | found | recall | note |');
    lines.push('|---|---:|---:|---:|---|');
    const rows = [...tallies.values()].filter((t) => t.kind === kind).sort((a, b) => b.count - a.count);
    for (const t of rows) {
      const name = [...tallies.entries()].find(([, v]) => v === t)![0].split('\u0000')[1];
      const note = t.cls?.deviation !== undefined ? `deviation: ${t.cls.deviation}` : t.cls?.gap !== undefined ? `gap: ${t.cls.gap}` : t.cls === null ? 'unclassified' : '';
      lines.push(`| ${name} | ${t.count} | ${t.found} | ${percent(t.found, t.count)} | ${note.replace(/\|/g, '\\|')} |`);
      totals[kind].all += t.count;
      if (t.cls?.deviation === undefined) {
        totals[kind].count += t.count;
        totals[kind].found += t.found;
      }
    }
    lines.push('');
    lines.push(`**${kind}s, over the classes that are not vnu deviations: ${totals[kind].found} of ${totals[kind].count} found (${percent(totals[kind].found, totals[kind].count)})**; all ${kind}s: ${totals[kind].all}.`);
  }
  const only = [...onlyOurs.values()].reduce((n, e) => n + e.n, 0);
  lines.push('');
  lines.push('## TagTree errors vnu does not report');
  lines.push('');
  lines.push(`TagTree errors on these pages: ${oursErrors} (and ${unverifiable} where vnu suppressed a subtree or gave up); not reported by vnu at the same element: **${only} (${percent(only, oursErrors)})**.`);
  lines.push('');
  lines.push('| source and code | count | samples |');
  lines.push('|---|---:|---|');
  for (const [code, e] of [...onlyOurs].sort((a, b) => b[1].n - a[1].n)) lines.push(`| ${code} | ${e.n} | ${e.samples.join('<br>').replace(/\|/g, '\\|')} |`);
  lines.push('');
  lines.push('## Differences: vnu messages TagTree does not find (a sample per class)');
  lines.push('');
  for (const [key, t] of tallies) {
    if (t.missed.size === 0 || t.cls?.deviation !== undefined) continue;
    lines.push(`- ${key.replace('\u0000', ': ')} (${t.count - t.found}): ${[...t.missed.keys()].slice(0, 3).join(' · ').replace(/\|/g, '\\|')}`);
  }
  lines.push('');
  lines.push('## TagTree on these pages, by code');
  lines.push('');
  for (const [code, n] of [...byCode].sort((a, b) => b[1] - a[1])) lines.push(`- ${code}: ${n}`);
  const table = `${lines.join('\n')}\n`;
  writeFileSync(outFile, table);
  console.log(table);
  console.log(`written to ${outFile}`);
}

/** The 1-based line of an offset. */
function lineOf(starts: readonly number[], offset: number): number {
  return positionAt(starts, offset).line + 1;
}

function percent(a: number, b: number): string {
  return b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`;
}

main();
