/**
 * Unit tests for the stack of open elements: scopes, implied end tags,
 * clearing back to table contexts, and its key index kept right through
 * pushes, pops, removals and insertions in the middle.
 * https://html.spec.whatwg.org/multipage/parsing.html#the-stack-of-open-elements
 */
import { strict as assert } from 'node:assert';
import { Span } from '../out/span';
import { createElement, type Element } from '../out/dom';
import { OpenElementStack } from '../out/tree/open-element-stack';
import { NsBits, TagId, tagIdOf } from '../out/tree/tag-id';
import { seededRandom } from './support/random';

function el(name: string): Element {
  return createElement(name, 'html', [], null, 0, null, new Span(0));
}

/** A stack of HTML elements (names may be prefixed "svg:" or "math:"). */
function stackOf(...names: string[]): OpenElementStack {
  const stack = new OpenElementStack();
  for (const qualified of names) push(stack, qualified);
  return stack;
}

function keyOf(qualified: string): number {
  const [ns, name] = qualified.includes(':') ? qualified.split(':') : ['html', qualified];
  const bits = ns === 'svg' ? NsBits.SVG : ns === 'math' ? NsBits.MathML : NsBits.HTML;
  return tagIdOf(name.toLowerCase()) | bits;
}

function push(stack: OpenElementStack, qualified: string): Element {
  const name = qualified.includes(':') ? qualified.split(':')[1] : qualified;
  const element = el(name);
  stack.push(element, keyOf(qualified));
  return element;
}

function names(stack: OpenElementStack): string[] {
  return stack.elements.map((e) => e.name);
}

/** The spec's walk, as a reference for the indexed scope checks. */
function walkScope(stack: OpenElementStack, key: number, boundaries: readonly number[]): boolean {
  for (let i = stack.length - 1; i >= 0; i--) {
    if (stack.keys[i] === key) return true;
    if (boundaries.includes(stack.keys[i])) return false;
  }
  return false;
}

const DEFAULT = [
  TagId.Applet, TagId.Caption, TagId.Html, TagId.Table, TagId.Td, TagId.Th, TagId.Marquee, TagId.Object, TagId.Select,
  TagId.Template, TagId.Mi | NsBits.MathML, TagId.Mo | NsBits.MathML, TagId.Mn | NsBits.MathML, TagId.Ms | NsBits.MathML,
  TagId.Mtext | NsBits.MathML, TagId.AnnotationXml | NsBits.MathML, TagId.ForeignObject | NsBits.SVG, TagId.Desc | NsBits.SVG,
  TagId.Title | NsBits.SVG,
];

describe('OpenElementStack', () => {
  it('has an element in scope, stopping at the scope boundaries', () => {
    const stack = stackOf('html', 'body', 'p', 'table', 'tr', 'td', 'span');
    assert.ok(stack.hasInScope(TagId.Td));
    assert.ok(stack.hasInScope(TagId.Span));
    assert.ok(!stack.hasInScope(TagId.P), 'td is a boundary');
    assert.ok(!stack.hasInScope(TagId.Div), 'not open');
    assert.ok(stack.hasInTableScope(TagId.Tr), 'td is no boundary for table scope');
    assert.ok(!stack.hasInTableScope(TagId.P), 'table is');
  });

  it('button and list item scopes add their boundaries', () => {
    const stack = stackOf('html', 'body', 'p', 'button', 'ul', 'span');
    assert.ok(stack.hasInScope(TagId.P));
    assert.ok(!stack.hasInButtonScope(TagId.P));
    assert.ok(!stack.hasInListItemScope(TagId.P));
    assert.ok(stack.hasInButtonScope(TagId.Ul));
  });

  it('SVG and MathML integration points bound the default scope, but an SVG p is no HTML p', () => {
    const stack = stackOf('html', 'body', 'p', 'svg:svg', 'svg:foreignObject', 'div');
    assert.ok(!stack.hasInScope(TagId.P));
    const other = stackOf('html', 'body', 'svg:svg', 'svg:p');
    assert.ok(!other.hasInScope(TagId.P));
    assert.ok(other.hasInScope(TagId.Svg | NsBits.SVG));
  });

  it('select is a scope boundary (relaxed <select> parser)', () => {
    const stack = stackOf('html', 'body', 'font', 'select', 'option');
    assert.ok(stack.hasInScope(TagId.Select));
    assert.ok(stack.hasInScope(TagId.Option));
    assert.ok(!stack.hasInScope(TagId.Font));
  });

  it('headings in scope', () => {
    assert.ok(stackOf('html', 'body', 'h3', 'span').hasHeadingInScope());
    assert.ok(!stackOf('html', 'body', 'h3', 'table', 'span').hasHeadingInScope());
    assert.ok(!stackOf('html', 'body', 'span').hasHeadingInScope());
  });

  it('generates implied end tags, with an exception', () => {
    const stack = stackOf('html', 'body', 'div', 'p', 'li', 'option', 'rt');
    stack.generateImpliedEndTags(TagId.Li);
    assert.deepEqual(names(stack), ['html', 'body', 'div', 'p', 'li']);
    stack.generateImpliedEndTags();
    assert.deepEqual(names(stack), ['html', 'body', 'div']);
  });

  it('generates all implied end tags thoroughly', () => {
    const stack = stackOf('html', 'body', 'table', 'tbody', 'tr', 'td', 'p');
    stack.generateAllImpliedEndTagsThoroughly();
    assert.deepEqual(names(stack), ['html', 'body', 'table']);
  });

  it('clears the stack back to table, table body and row contexts', () => {
    const stack = stackOf('html', 'body', 'table', 'tbody', 'tr', 'td', 'div');
    stack.clearBackToTableRowContext();
    assert.deepEqual(names(stack), ['html', 'body', 'table', 'tbody', 'tr']);
    stack.clearBackToTableBodyContext();
    assert.deepEqual(names(stack), ['html', 'body', 'table', 'tbody']);
    stack.clearBackToTableContext();
    assert.deepEqual(names(stack), ['html', 'body', 'table']);
    const template = stackOf('html', 'template', 'div');
    template.clearBackToTableContext();
    assert.deepEqual(names(template), ['html', 'template']);
  });

  it('pops until an element of a kind, or a given element, has been popped', () => {
    const stack = stackOf('html', 'body', 'div', 'p', 'b', 'i');
    stack.popUntilKeyPopped(TagId.P);
    assert.deepEqual(names(stack), ['html', 'body', 'div']);
    const body = stack.elements[1];
    stack.popUntilElementPopped(body);
    assert.deepEqual(names(stack), ['html']);
  });

  it('reports each pop to onPop, but not removals', () => {
    const stack = stackOf('html', 'body', 'select', 'option', 'b');
    const popped: string[] = [];
    stack.onPop = (element) => popped.push(element.name);
    stack.remove(stack.elements[4]);
    stack.popUntilKeyPopped(TagId.Select);
    assert.deepEqual(popped, ['option', 'select']);
  });

  it('tracks open unknown names', () => {
    const stack = stackOf('html', 'x-a', 'x-b', 'x-a');
    assert.ok(stack.hasOpenUnknown('x-a') && stack.hasOpenUnknown('x-b') && !stack.hasOpenUnknown('x-c'));
    stack.pop();
    stack.remove(stack.elements[1]);
    assert.ok(!stack.hasOpenUnknown('x-a') && stack.hasOpenUnknown('x-b'));
  });

  it('keeps its key index right through random pushes, pops, removals and insertions', () => {
    const random = seededRandom(7);
    const pool = ['div', 'p', 'b', 'i', 'table', 'td', 'select', 'option', 'span', 'x-a', 'svg:title', 'math:mi', 'li', 'ul', 'button'];
    const stack = stackOf('html');
    for (let step = 0; step < 5000; step++) {
      const r = random();
      if (r < 0.45 || stack.length < 2) push(stack, pool[Math.floor(random() * pool.length)]);
      else if (r < 0.7) stack.pop();
      else if (r < 0.85) stack.removeAt(1 + Math.floor(random() * (stack.length - 1)));
      else {
        const name = pool[Math.floor(random() * pool.length)];
        const element = el(name.includes(':') ? name.split(':')[1] : name);
        stack.insertAfter(Math.floor(random() * stack.length), element, keyOf(name));
      }
      for (const name of pool) {
        const key = keyOf(name);
        const expectedLast = stack.keys.lastIndexOf(key);
        assert.equal(stack.lastIndexOfKey(key), expectedLast, `step ${step}: last ${name}`);
        assert.equal(stack.hasInScope(key), walkScope(stack, key, DEFAULT), `step ${step}: ${name} in scope`);
        if (expectedLast >= 0) assert.equal(stack.indexOfWithKey(stack.elements[expectedLast], key), expectedLast);
      }
    }
  });
});
