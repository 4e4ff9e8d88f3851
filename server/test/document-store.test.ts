/**
 * The document store in process: changes applied as the LSP defines them
 * (test/support/text-model.ts), and the one edit it hands the parser for all
 * the changes since the last parse, checked by comparing the reparse with a
 * full parse of the text (tree, node ranges through the dump, errors).
 */
import { strict as assert } from 'node:assert';
import { checkAttributes, parse, toTestTree } from '@tagtree/parser';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import type { DomNode, DomParent } from '../out/dom';
import { DocumentStore } from '../out/document-store';
import { attributeChecks, incrementalAttributeChecks } from '../out/features/attributes';
import { Random } from '../parser/out-test/support/random';
import { applyChange, lineStarts, positionAt } from '../parser/out-test/support/text-model';

/** Every node's kind, name and ranges (tags, attributes, values), in tree order: what the tree dump leaves out. */
/**
 * Opens `text` as `uri` and checks its attributes exactly, then makes `steps` random edits: each inserts
 * one of `inserts`, replacing nothing with probability `insertOnlyChance`, else up to `replaceMax - 1` characters. After each, an
 * incremental attribute check, when the store makes one, must equal a full check of a fresh parse; the next step starts
 * from exact checks, as the server's would. Returns how many steps were checked incrementally.
 */
function editAndCompareAttributeChecks(
  store: DocumentStore,
  uri: string,
  text: string,
  rng: Random,
  inserts: readonly string[],
  { steps, insertOnlyChance, replaceMax }: { steps: number; insertOnlyChance: number; replaceMax: number },
): number {
  store.open(uri, 'html', 1, text);
  const doc = store.get(uri)!;
  attributeChecks(store.parseOf(doc, { scripting: true }));
  let incremental = 0;
  for (let step = 0; step < steps; step++) {
    const starts = lineStarts(text);
    const a = rng.int(text.length + 1);
    const b = Math.min(text.length, a + (rng.next() < insertOnlyChance ? 0 : rng.int(replaceMax)));
    const change = { range: { start: positionAt(starts, a), end: positionAt(starts, b) }, text: rng.pick(inserts) };
    text = applyChange(text, change);
    store.change(uri, step + 2, [change]);
    const p = store.parseOf(doc, { scripting: true });
    const checked = incrementalAttributeChecks(p);
    if (checked !== undefined) {
      incremental++;
      assert.deepEqual(checked, checkAttributes(parse(text).document), `attribute checks after step ${step}`);
    }
    attributeChecks(p);
  }
  return incremental;
}

function ranges(root: DomParent): string {
  const out: string[] = [];
  const stack: { node: DomNode; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    let line = `${depth} ${node.kind} ${node.start}-${node.end}`;
    if (node.kind === 'element') {
      line += ` ${node.name} <${node.startTag?.start}-${node.startTag?.end}> </${node.endTag?.start}-${node.endTag?.end}>`;
      for (const a of node.attributes) line += ` ${a.name}@${a.start}-${a.end}:${a.valueStart}-${a.valueEnd}`;
    }
    out.push(line);
    const children = node.kind === 'element' || node.kind === 'document' || node.kind === 'fragment' ? node.children : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], depth: depth + 1 });
    if (node.kind === 'element' && node.content !== null) stack.push({ node: node.content, depth: depth + 1 });
  }
  return out.join('\n');
}

const INSERTS = ['<b>', '</b>', '<p>', 'x', '"', "'", '<!--', '-->', '\r\n', '\r', '\n', '<td>', '&amp', '😀', '\ud83d', '<table>', ' ', '<a href="#x">', '</a>', ''];

describe('the document store: one edit per parse', () => {
  it('reparses bursts of random changes (CRLF, surrogates, reversed ranges) into what a full parse gives', () => {
    const rng = new Random(0x5107e);
    const store = new DocumentStore();
    const uri = 'file:///store.html';
    let text = `<!DOCTYPE html>\r\n${'<ul><li>one<li>two</ul><table><tr><td>x</table><p>a &amp b 😀</p>\n'.repeat(40)}`;
    store.open(uri, 'html', 1, text);
    const doc = store.get(uri)!;
    store.parseOf(doc, { scripting: true });
    let version = 1;
    for (let burst = 0; burst < 300; burst++) {
      const changes: TextDocumentContentChangeEvent[] = [];
      const n = 1 + rng.int(6);
      let expected = text;
      for (let i = 0; i < n; i++) {
        const starts = lineStarts(expected);
        const a = rng.int(expected.length + 1);
        const b = Math.min(expected.length, a + (rng.next() < 0.5 ? 0 : rng.int(40)));
        const range = rng.next() < 0.1 ? { start: positionAt(starts, b), end: positionAt(starts, a) } : { start: positionAt(starts, a), end: positionAt(starts, b) };
        // Now and then a position past the end of its line or of the text.
        if (rng.next() < 0.05) range.end = { line: range.end.line + rng.int(3), character: range.end.character + 500 };
        const change = { range, text: rng.pick(INSERTS) };
        expected = applyChange(expected, change);
        changes.push(change);
      }
      // Sometimes the changes come in several notifications before the next parse.
      const split = rng.int(changes.length + 1);
      store.change(uri, ++version, changes.slice(0, split));
      store.change(uri, ++version, changes.slice(split));
      text = expected;
      assert.equal(doc.text.toString(), text, `text after burst ${burst}`);
      const before = { ...store.stats };
      const p = store.parseOf(doc, { scripting: true });
      assert.equal(store.stats.reparses + store.stats.fullParses - before.reparses - before.fullParses, 1, 'one parse per burst');
      const full = parse(text);
      assert.equal(toTestTree(p.document as Parameters<typeof toTestTree>[0]), toTestTree(full.document), `tree after burst ${burst}`);
      assert.equal(ranges(p.document!), ranges(full.document), `node ranges after burst ${burst}`);
      assert.deepEqual(p.errors, full.errors, `errors after burst ${burst}`);
      assert.equal(p.version, version);
    }
    assert.ok(store.stats.reparses > 200, `only ${store.stats.reparses} of 300 parses were incremental`);
  });

  it('hands the parser nothing to do for a change that is taken back before the parse', () => {
    const store = new DocumentStore();
    const uri = 'file:///undo.html';
    store.open(uri, 'html', 1, '<!DOCTYPE html><p>abc</p>');
    const doc = store.get(uri)!;
    const first = store.parseOf(doc, { scripting: true });
    store.change(uri, 2, [{ range: { start: { line: 0, character: 19 }, end: { line: 0, character: 19 } }, text: 'X' }]);
    store.change(uri, 3, [{ range: { start: { line: 0, character: 19 }, end: { line: 0, character: 20 } }, text: '' }]);
    const second = store.parseOf(doc, { scripting: true });
    assert.deepEqual(second.previous?.edits, [{ start: 19, end: 19, text: '' }]);
    assert.equal(second.how, 'incremental');
    assert.equal(toTestTree(second.document as Parameters<typeof toTestTree>[0]), toTestTree(parse('<!DOCTYPE html><p>abc</p>').document));
    assert.notEqual(first, second);
  });

  it('checks the attributes of the reparsed region alone, and gets what checking the whole document gets', () => {
    const rng = new Random(0xa77);
    const store = new DocumentStore();
    const uri = 'file:///attributes.html';
    const row = '<p dir=sideways hidden=false>a</p><input type=number min=x max=10 step=any><td colspan=0>c</td><img src=a.png width=10px><p class=a\r\nlang=en>b</p>\n';
    // Ids and references now and then (a region holding one is checked with the whole document).
    const shared = '<label for=f1>l</label><input id=f1><img src=b.png usemap=#m><map name=m></map>\n';
    const text = `<!DOCTYPE html>\n<html lang=en><body>${`${shared}${row.repeat(60)}`.repeat(2)}`;
    const inserts = [' ', 'x', '"', "'", '=', '<p title="a">', '<ol start=two>', '<th colspan=0>', ' hidden=false', ' width=5', ' id=f1', ' for=nothing', '<template>', '<body dir=x>', '>', '<', ''];
    const incremental = editAndCompareAttributeChecks(store, uri, text, rng, inserts, { steps: 200, insertOnlyChance: 0.6, replaceMax: 20 });
    // The others hold an id, a reference or a template in the old or new region (the inserts add some), or the parser parsed the whole text again.
    assert.ok(incremental > 15, `only ${incremental} of 200 steps were checked incrementally`);
  });

  it('judges the attributes allowed only under some parents again when an edit changes the parent (li value, source src and srcset)', () => {
    const rng = new Random(0x11e);
    const store = new DocumentStore();
    const uri = 'file:///parents.html';
    const row =
      '<ol><li value=1>a</li><li value=2>b <b>c</b></li></ol><ul><li value=3>d</li></ul><menu><li value=4>e</li></menu>' +
      '<video controls><source src=a.mp4 srcset=b.png></video><picture><source src=c.png srcset=d.png><img src=e.png alt=""></picture>\n';
    const text = `<!DOCTYPE html>\n<html lang=en><body>${row.repeat(40)}`;
    const inserts = ['<ol>', '<ul>', '</ol>', '</ul>', '<menu>', '</li>', '<li>', '<b>', '</b>', '<i>', '</i>', '<picture>', '</picture>', '<video>', '</video>', '<audio>', 'o', 'u', 'x', ' ', '<', '>', '', '<div>', '</div>'];
    const incremental = editAndCompareAttributeChecks(store, uri, text, rng, inserts, { steps: 300, insertOnlyChance: 0.7, replaceMax: 12 });
    assert.ok(incremental > 150, `only ${incremental} of 300 steps were checked incrementally`);
  });

  it('judges li value again when the adoption agency gives the li another parent, far from its start tag', () => {
    const store = new DocumentStore();
    const uri = 'file:///moved.html';
    // <ul><b><li value=1>…: the li is the b's child; a </b> after it moves the li into the ul (the adoption agency
    // algorithm), thousands of characters after its start tag.
    let text = `<!DOCTYPE html><html lang=en><body>${'<p>filler</p>\n'.repeat(300)}<ul><b><li value=1>${'<i>lorem</i> '.repeat(600)}x yz</ul>${'<p>filler</p>\n'.repeat(300)}`;
    store.open(uri, 'html', 1, text);
    const doc = store.get(uri)!;
    attributeChecks(store.parseOf(doc, { scripting: true }));
    const at = text.indexOf('x yz') + 1;
    [
      { a: at, b: at, insert: '</b>', expected: 'attribute-not-allowed value=1' },
      { a: at, b: at + 4, insert: '', expected: '' },
    ].forEach(({ a, b, insert, expected }, i) => {
      const starts = lineStarts(text);
      const change = { range: { start: positionAt(starts, a), end: positionAt(starts, b) }, text: insert };
      text = applyChange(text, change);
      store.change(uri, i + 2, [change]);
      const p = store.parseOf(doc, { scripting: true });
      const checked = incrementalAttributeChecks(p);
      assert.ok(checked !== undefined, `edit ${i} checked incrementally`);
      assert.deepEqual(checked, checkAttributes(parse(text).document));
      assert.equal(checked.map((d) => `${d.code} ${text.slice(d.start, d.end)}`).join(), expected);
      attributeChecks(p);
    });
  });
});

describe('the document store: slow parses explained', () => {
  it('tells why a reparse went on, and counts the refusals', () => {
    const store = new DocumentStore();
    const uri = 'file:///slow.html';
    const text = `<!DOCTYPE html><p>${'<b>x</b> '.repeat(3000)}`;
    store.open(uri, 'html', 1, text);
    const doc = store.get(uri)!;
    const told: string[] = [];
    store.onSlowParse = (slowUri, ms, why) => told.push(`${slowUri} ${ms >= 0} ${why}`);
    // Every parse counts as slow here (the real threshold is 20 ms).
    store.slowParseMs = -1;
    store.parseOf(doc, { scripting: true });
    assert.deepEqual(told, [`${uri} true a full parse: no previous parse to reuse`]);
    // A table opened before the rest of the page: every later checkpoint's state differs, to the end of the text.
    const starts = lineStarts(doc.text.toString());
    store.change(uri, 2, [{ range: { start: positionAt(starts, 18), end: positionAt(starts, 18) }, text: '<table>' }]);
    store.parseOf(doc, { scripting: true });
    assert.equal(told.length, 2);
    assert.match(told[1], /^file:\/\/\/slow\.html true reparsed [\d,]+ characters from [\d,]+ \(.*went on [\d,]+: state-differs ×\d+ [\d,]+\).*, to the end of the text; reused 0 characters/);
    assert.ok(store.stats.refusals['state-differs'].count > 0);
    assert.ok(store.stats.refusals['state-differs'].bytes > 20_000);
    assert.equal(store.stats.lastExplanation, told[1].slice(`${uri} true `.length));
  });
});
