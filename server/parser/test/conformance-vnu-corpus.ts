/**
 * The conformance checks against the Nu Html Checker on the whole corpus: a
 * documented long run, not part of `npm test` (vnu takes minutes on 25 MB).
 *
 *   npm run build && node server/parser/out-test/conformance-vnu-corpus.js [--max-size BYTES]
 *
 * Runs vnu once on every corpus page (pages larger than --max-size, default
 * 2,000,000 bytes, are left to TagTree alone: vnu needs minutes and gigabytes
 * on them), then compares vnu's errors in the classes TagTree covers with
 * TagTree's findings by element, and prints per class: vnu's errors, how many
 * TagTree finds at the same element, TagTree's errors that vnu does not
 * report (outside the subtrees vnu suppressed and after the point where it
 * gave up), with the most frequent differences; and TagTree's counts by code
 * on every page, with a sample of each.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkAttributes, checkConformance, parse, type ConformanceDiagnostic } from '../out/index';
import { compareDocument, extentsOf, newComparison, runVnuOnFiles, valueClassFindings } from './conformance-vnu';
import { lineStarts, positionAt } from './support/text-model';
import { corpus } from './support/shared-data';

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

function main(): void {
  const at = process.argv.indexOf('--max-size');
  const maxSize = at === -1 ? 2_000_000 : Number(process.argv[at + 1]);
  const root = corpus();
  const files = listHtml(root);
  const small = files.filter((f) => statSync(f).size <= maxSize);
  console.log(`${files.length} corpus pages; vnu runs on the ${small.length} of at most ${maxSize} bytes`);
  const started = Date.now();
  const vnu = runVnuOnFiles(small);
  console.log(`vnu: ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const comparison = newComparison();
  const byCode = new Map<string, { count: number; samples: string[] }>();
  /** Every difference, for explaining them. */
  const examples: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const document = parse(text).document;
    const values = valueClassFindings(text, checkAttributes(document));
    const ours = [...checkConformance(document), ...values];
    const starts = lineStarts(text);
    for (const d of ours) {
      const code = (d.code as string) === 'invalid-attribute-value' ? `invalid-attribute-value (${d.message})` : d.code;
      const entry = byCode.get(code) ?? { count: 0, samples: [] };
      entry.count++;
      if (entry.samples.length < 3 && (entry.count % 7 === 1 || entry.samples.length === 0)) entry.samples.push(`${relative(root, file)}:${lineOf(starts, d.start)} ${JSON.stringify(text.slice(d.start, Math.min(d.end, d.start + 60)))} ${d.message}`);
      byCode.set(code, entry);
    }
    const messages = vnu.get(file);
    if (messages === undefined) continue;
    const missedBefore = comparison.missed.length;
    const unconfirmedBefore = comparison.unconfirmed.length;
    compareDocument(text, messages, ours, extentsOf(text), comparison, false);
    for (const m of comparison.missed.slice(missedBefore)) examples.push(`vnu only: ${relative(root, file)}:${m.message.lastLine} ${m.message.message.slice(0, 160)}`);
    for (const d of comparison.unconfirmed.slice(unconfirmedBefore)) examples.push(`TagTree only: ${relative(root, file)}:${lineOf(starts, d.start)} ${d.code} ${JSON.stringify(text.slice(d.start, Math.min(d.end, d.start + 80)))}`);
  }

  console.log('\nvnu errors in the classes TagTree covers, found by TagTree at the same element (vnu\'s "a without href" is its own deviation and left out):');
  let vnuTotal = 0;
  let foundTotal = 0;
  for (const [cls, n] of [...comparison.vnu].sort((a, b) => b[1] - a[1])) {
    const found = comparison.found.get(cls) ?? 0;
    vnuTotal += n;
    foundTotal += found;
    console.log(`  ${cls.padEnd(36)} ${String(found).padStart(6)} / ${String(n).padEnd(6)} ${percent(found, n)}`);
  }
  console.log(`  ${'all'.padEnd(36)} ${String(foundTotal).padStart(6)} / ${String(vnuTotal).padEnd(6)} ${percent(foundTotal, vnuTotal)}`);
  const w = comparison.obsoleteWarnings;
  console.log(`\nvnu's warnings on obsolete attributes (errors in the spec's terms, not counted above): TagTree finds ${w.found} of ${w.vnu} (${percent(w.found, w.vnu)})`);
  for (const [message, n] of [...w.missed].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  ${String(n).padStart(5)}  not found: ${message}`);
  console.log(`\nTagTree errors on the pages vnu checked: ${comparison.ours}, not reported by vnu: ${comparison.unconfirmed.length} (${percent(comparison.unconfirmed.length, comparison.ours)}); ${comparison.unverifiable} more where vnu suppressed a subtree or gave up`);

  console.log('\nvnu errors TagTree does not find, by message:');
  for (const [message, n] of top(comparison.missed.map((m) => m.message.message.replace(/“[^”]*”/g, '“…”')))) console.log(`  ${String(n).padStart(5)}  ${message}`);
  console.log('\nTagTree errors vnu does not report, by code:');
  for (const [code, n] of top(comparison.unconfirmed.map((d: ConformanceDiagnostic) => ((d.code as string) === 'invalid-attribute-value' ? `invalid-attribute-value (${d.message})` : d.code)))) {
    console.log(`  ${String(n).padStart(5)}  ${code}`);
  }

  console.log('\nThe differences, one by one (at most 60):');
  for (const e of examples.slice(0, 60)) console.log(`  ${e}`);

  console.log('\nTagTree on every corpus page, by code (with samples):');
  for (const [code, { count, samples }] of [...byCode].sort((a, b) => b[1].count - a[1].count)) {
    console.log(`  ${code}: ${count}`);
    for (const s of samples) console.log(`      ${s.slice(0, 220)}`);
  }
}

/** The 1-based line of an offset. */
function lineOf(starts: readonly number[], offset: number): number {
  return positionAt(starts, offset).line + 1;
}

function percent(a: number, b: number): string {
  return b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`;
}

function top(items: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i, (counts.get(i) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25);
}

main();
