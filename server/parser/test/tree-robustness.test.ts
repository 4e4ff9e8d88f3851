/**
 * Tree builder robustness:
 * - parsing time stays linear on adversarial inputs (support/adversarial.ts):
 *   one input of 50,000 repetitions takes about as long as four of 12,500;
 *   those whose cost is per attribute, option or selectedcontent element
 *   take about ten times as long at 100,000 repetitions as at 10,000 in
 *   `npm test`, and at 10^6 as at 10^5 in `npm run test:long` (or
 *   TAGTREE_SCALING_MAX; support/sample-size.ts); so do the processing
 *   instructions and `<template for>` markers;
 * - nothing overflows the stack: the parser, the range computation, the
 *   location check and the test dumper run in a child process with a small
 *   stack (128 KB, where a recursive walk fails after about 1,000 levels) on
 *   trees 20,000 deep in `npm test`, 100,000 in the long run;
 * - seeded random markup never makes parse or parseFragment throw, and the
 *   trees keep their invariants (parent pointers, ranges).
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parse, parseFragment, toTestTree } from '../out/tree/index';
import { adversarialInputs, adversarialInput, ADVERSARIAL_NAMES, SCALING_NAMES } from './support/adversarial';
import { pick, seededRandom } from './support/random';
import { sampleSize } from './support/sample-size';
import { checkLocations } from './support/tree-checks';

/**
 * CPU time to parse all of `inputs`, in ms: this process's user and system
 * time, which other processes on a shared, loaded machine do not inflate the
 * way they do wall time.
 */
function time(inputs: readonly string[]): number {
  const start = process.cpuUsage();
  for (const input of inputs) parse(input);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Best of `runs` timings, in ms. */
function bestTime(inputs: readonly string[], runs: number): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) best = Math.min(best, time(inputs));
  return best;
}

/** The largest number of repetitions of the scaling runs (npm test 100,000; the long run 10^6). */
const SCALING_MAX = sampleSize('TAGTREE_SCALING_MAX', 100_000, 1_000_000);

/** Inputs measured at a tenth of SCALING_MAX against SCALING_MAX repetitions, ten small ones against one large (issue 14). */
const LARGE_SCALE = ['processing-instructions', 'template-for-markers', 'template-for-ranges', 'template-for-missing'];

describe('tree builder robustness', () => {
  describe('parsing time is linear on adversarial inputs', () => {
    // The processing instruction and marker inputs are measured below, at a tenth of
    // SCALING_MAX against SCALING_MAX repetitions, where a run is long enough for the ratio to mean something.
    for (const name of ADVERSARIAL_NAMES.filter((n) => !LARGE_SCALE.includes(n))) {
      it(name, () => {
        // The same amount of input either way: four inputs of 12,500 repetitions, or one of 50,000.
        // (The stack test below parses each at 20,000, 100,000 in the long run.)
        const small = adversarialInput(name, 12_500).input;
        const large = adversarialInput(name, 50_000).input;
        bestTime([small], 1); // warm up
        // Linear: about the same time; quadratic: four times as long. On a busy
        // shared machine one measurement can be off by more than that, so up to
        // three are made: a quadratic parse is four times as long in every one.
        let tSmall = 0;
        let tLarge = Infinity;
        for (let attempt = 0; attempt < 3 && !(tLarge / tSmall < 2.5); attempt++) {
          tSmall = bestTime([small, small, small, small], 2);
          tLarge = bestTime([large], 2);
        }
        assert.ok(tLarge / tSmall < 2.5, `${name}: 4 x 12,500 repetitions in ${tSmall.toFixed(1)} ms, 50,000 in ${tLarge.toFixed(1)} ms`);
        assert.ok(tLarge < 3000, `${name}: 50,000 repetitions in ${tLarge.toFixed(0)} ms`);
      });
    }
  });

  // Issue 14: processing instructions and <template for> markers scale linearly (10^5 to 10^6 in the long run).
  describe(`parsing time is linear from ${SCALING_MAX / 10} to ${SCALING_MAX} processing instructions and markers`, function () {
    this.timeout(600_000);
    for (const name of LARGE_SCALE) {
      it(name, () => {
        // The same amount of input either way: ten inputs of SCALING_MAX / 10 repetitions, or one of SCALING_MAX.
        const small = adversarialInput(name, SCALING_MAX / 10).input;
        const large = adversarialInput(name, SCALING_MAX).input;
        bestTime([small], 1); // warm up
        // Linear: about the same time; quadratic: ten times as long. Up to three measurements, as above.
        let tSmall = 0;
        let tLarge = Infinity;
        for (let attempt = 0; attempt < 3 && !(tLarge / tSmall < 2.5); attempt++) {
          tSmall = bestTime(new Array<string>(10).fill(small), 1);
          tLarge = bestTime([large], 1);
        }
        assert.ok(tLarge / tSmall < 2.5, `${name}: 10 x ${SCALING_MAX / 10} in ${tSmall.toFixed(0)} ms, ${SCALING_MAX} in ${tLarge.toFixed(0)} ms`);
      });
    }
  });

  // npm test: 10,000 and 100,000 repetitions; the long run 10^5 and 10^6.
  const scalingMax = SCALING_MAX;
  describe(`parsing time is linear from ${scalingMax / 10} to ${scalingMax} attributes, options and selectedcontent elements`, () => {
    for (const name of SCALING_NAMES) {
      it(name, () => {
        const small = adversarialInput(name, scalingMax / 10).input;
        const large = adversarialInput(name, scalingMax).input;
        const tSmall = bestTime([small], 3);
        const tLarge = bestTime([large], 2);
        // Ten times the input: linear takes about ten times as long, quadratic a hundred
        // (the margin is for caches and the collector, which cost more per node on the larger heap).
        assert.ok(tLarge / tSmall < 60, `${name}: ${scalingMax / 10} repetitions in ${tSmall.toFixed(0)} ms, ${scalingMax} in ${tLarge.toFixed(0)} ms`);
      });
    }
  });

  it('no stack overflow in the parser, ranges, the location check or the dumper (128 KB stack)', function () {
    this.timeout(300_000);
    const depth = sampleSize('TAGTREE_STACK_DEPTH', 20_000, 100_000);
    const script = `
      const { parse, parseFragment, toTestTree } = require(${JSON.stringify(join(__dirname, '..', 'out', 'tree', 'index'))});
      const { adversarialInputs } = require(${JSON.stringify(join(__dirname, 'support', 'adversarial'))});
      const { checkLocations } = require(${JSON.stringify(join(__dirname, 'support', 'tree-checks'))});
      for (const { input } of adversarialInputs(${depth})) checkLocations(input, parse(input).document);
      const divs = '<div>'.repeat(${depth});
      checkLocations(divs, parseFragment(divs, 'td').fragment);
      const gs = '<g>'.repeat(${depth});
      checkLocations(gs, parseFragment(gs, 'svg', { contextNamespace: 'svg' }).fragment);
      // The dump of a tree n deep has n lines of up to 2n characters: 5,000 deep is enough to show it is iterative.
      const deep = '<div>'.repeat(5000) + '<b>'.repeat(5000) + '<svg>' + '<g>'.repeat(5000);
      const dump = toTestTree(parse(deep).document);
      if (dump.split('\\n').length !== 15004) throw new Error('unexpected dump: ' + dump.split('\\n').length + ' lines');
      process.stdout.write('ok');
    `;
    const out = execFileSync(process.execPath, ['--stack-size=128', '-e', script], { encoding: 'utf8', maxBuffer: 1 << 20 });
    assert.equal(out, 'ok');
  });

  it('seeded random markup never throws and keeps the tree invariants', () => {
    const random = seededRandom(20261122);
    const TAGS = [
      'html', 'head', 'body', 'p', 'div', 'span', 'a', 'b', 'i', 'em', 'nobr', 'font', 'table', 'tbody', 'thead',
      'tr', 'td', 'th', 'caption', 'col', 'colgroup', 'select', 'option', 'optgroup', 'selectedcontent', 'button',
      'input', 'textarea', 'title', 'style', 'script', 'noscript', 'template', 'svg', 'math', 'mi', 'mtext',
      'annotation-xml', 'foreignObject', 'desc', 'g', 'path', 'frameset', 'frame', 'li', 'ul', 'dd', 'dt', 'h1',
      'h2', 'form', 'hr', 'br', 'img', 'image', 'plaintext', 'pre', 'listing', 'xmp', 'iframe', 'marquee',
      'object', 'applet', 'ruby', 'rt', 'rp', 'rb', 'rtc', 'x-custom', 'main', 'search', 'dialog', 'keygen',
    ];
    const CONTEXTS: [string, 'html' | 'svg' | 'math'][] = [
      ['div', 'html'], ['td', 'html'], ['tr', 'html'], ['table', 'html'], ['select', 'html'], ['template', 'html'],
      ['textarea', 'html'], ['html', 'html'], ['svg', 'svg'], ['desc', 'svg'], ['math', 'math'], ['annotation-xml', 'math'],
    ];
    const pieces = (): string => {
      const r = random();
      if (r < 0.35) {
        const name = pick(random, TAGS);
        const attrs = random() < 0.3 ? ` ${pick(random, ['id', 'class', 'encoding', 'type', 'xlink:href', 'selected', 'color'])}=${pick(random, ['x', '"text/html"', "'hidden'", 'a&amp;b', '"a\r\nb"'])}` : '';
        return `<${random() < 0.2 ? name.toUpperCase() : name}${attrs}${random() < 0.1 ? '/' : ''}>`;
      }
      if (r < 0.65) return `</${pick(random, TAGS)}>`;
      if (r < 0.75) return pick(random, ['<!--c-->', '<!DOCTYPE html>', '<![CDATA[x]]>', '<?pi?>', '&amp;', '&#0;']);
      return pick(random, ['text', ' ', '\n', '\r\n', '\r', '\0', '\t', 'x y', '\ud83d\ude00']);
    };
    for (let i = 0; i < 1500; i++) {
      const parts: string[] = [];
      const count = 1 + Math.floor(random() * 40);
      for (let j = 0; j < count; j++) parts.push(pieces());
      const input = parts.join('');
      const scripting = random() < 0.5;
      try {
        const { document, errors } = parse(input, { scripting });
        checkLocations(input, document);
        toTestTree(document);
        for (const e of errors) assert.ok(e.start >= 0 && e.start <= e.end && e.end <= input.length, `error range ${e.code} ${e.start}..${e.end}`);
        const [context, namespace] = pick(random, CONTEXTS);
        const { fragment } = parseFragment(input, context, { scripting, contextNamespace: namespace });
        checkLocations(input, fragment);
        toTestTree(fragment);
      } catch (e) {
        throw new Error(`random input #${i} ${JSON.stringify(input)}: ${(e as Error).stack}`);
      }
    }
  });

  it('exposes the adversarial inputs at 100,000 repetitions by default', () => {
    const inputs = adversarialInputs();
    assert.deepEqual(inputs.map((a) => a.name), [...ADVERSARIAL_NAMES]);
    assert.ok(inputs.every((a) => a.input.length >= 80_000));
  });
});
