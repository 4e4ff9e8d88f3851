/**
 * Unit tests for the list of active formatting elements: markers, the
 * Noah's Ark clause, and the indexes the adoption agency algorithm uses.
 * https://html.spec.whatwg.org/multipage/parsing.html#list-of-active-formatting-elements
 */
import { strict as assert } from 'node:assert';
import { Span } from '../out/span';
import { createAttribute, createElement, type Attribute, type Element } from '../out/dom';
import { ActiveFormattingList, MARKER } from '../out/tree/active-formatting-list';
import { TagId, tagIdOf } from '../out/tree/tag-id';

function attr(name: string, value: string): Attribute {
  return createAttribute(name, value, null, null, 0, 0, null, null, new Span(0));
}

function el(name: string, attributes: [string, string][] = []): Element {
  return createElement(name, 'html', attributes.map(([n, v]) => attr(n, v)), null, 0, null, new Span(0));
}

function push(list: ActiveFormattingList, element: Element): Element {
  list.push(element, tagIdOf(element.name));
  return element;
}

describe('ActiveFormattingList', () => {
  it("Noah's Ark: a fourth identical element removes the earliest of three", () => {
    const list = new ActiveFormattingList();
    const first = push(list, el('b'));
    push(list, el('b'));
    push(list, el('b'));
    push(list, el('b'));
    assert.equal(list.length, 3);
    assert.ok(!list.contains(first));
  });

  it("Noah's Ark compares attributes in any order, values included", () => {
    const list = new ActiveFormattingList();
    const first = push(list, el('font', [['color', 'red'], ['size', '2']]));
    push(list, el('font', [['size', '2'], ['color', 'red']]));
    push(list, el('font', [['color', 'blue'], ['size', '2']]));
    push(list, el('font', [['color', 'red'], ['size', '2']]));
    assert.ok(list.contains(first), 'only two identical before the fourth');
    push(list, el('font', [['size', '2'], ['color', 'red']]));
    assert.ok(!list.contains(first));
    assert.equal(list.length, 4);
  });

  it("Noah's Ark keeps counting an element once three of its kind were seen, through removals", () => {
    // The list builds signatures only from the third entry with one tag name
    // on; an entry added after the count fell below three again must still count.
    const list = new ActiveFormattingList();
    const b1 = push(list, el('b'));
    const b2 = push(list, el('b'));
    const b3 = push(list, el('b'));
    const b4 = push(list, el('b'));
    assert.deepEqual(list.entries, [b2, b3, b4], 'the fourth removed the first');
    assert.ok(!list.contains(b1));
    list.remove(b3);
    const b5 = push(list, el('b'));
    assert.deepEqual(list.entries, [b2, b4, b5]);
    const b6 = push(list, el('b'));
    assert.deepEqual(list.entries, [b4, b5, b6], 'three identical before b6: the earliest, b2, goes');
    // A different element of the same name is not the same.
    const other = push(list, el('b', [['class', 'x']]));
    assert.deepEqual(list.entries, [b4, b5, b6, other]);
  });

  it("Noah's Ark looks only after the last marker", () => {
    const list = new ActiveFormattingList();
    const outer = [push(list, el('i')), push(list, el('i')), push(list, el('i'))];
    list.insertMarker();
    push(list, el('i'));
    assert.ok(outer.every((e) => list.contains(e)));
    assert.equal(list.length, 5);
  });

  it('clears up to the last marker and restores the counts before it', () => {
    const list = new ActiveFormattingList();
    const a = push(list, el('a'));
    push(list, el('a'));
    list.insertMarker();
    push(list, el('a'));
    push(list, el('a'));
    push(list, el('a'));
    list.clearToLastMarker();
    assert.deepEqual(list.entries, [a, list.entries[1]]);
    push(list, el('a'));
    assert.ok(list.contains(a), 'two before the marker, then a third: no removal');
    push(list, el('a'));
    assert.ok(!list.contains(a));
  });

  it('finds the last element of a kind after the last marker', () => {
    const list = new ActiveFormattingList();
    const b = push(list, el('b'));
    assert.equal(list.lastElementAfterMarker(TagId.B, 'b'), b);
    list.insertMarker();
    assert.equal(list.lastElementAfterMarker(TagId.B, 'b'), null);
    assert.equal(list.entries[1], MARKER);
  });

  it('removes, replaces and inserts entries, keeping the Noah\'s Ark counts', () => {
    const list = new ActiveFormattingList();
    const b1 = push(list, el('b'));
    const b2 = push(list, el('b'));
    list.remove(b1);
    const clone = el('b');
    list.replaceAt(list.indexOf(b2), clone);
    list.insertAt(0, el('b'), TagId.B);
    push(list, el('b'));
    assert.equal(list.length, 3, 'three identical b: none removed yet');
    push(list, el('b'));
    assert.equal(list.length, 3);
    assert.ok(!list.contains(clone) || list.indexOf(clone) >= 0);
  });
});
