import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { checkAttributes, checkConformance, CONFORMANCE_CODES, ELEMENT_ENTRIES, elementEntry, describeElement, parse, parseFragment } from '../out/index';
import { loadFixtures, locate } from './conformance-fixtures';
import { corpus } from './support/shared-data';

const fixtures = loadFixtures();

describe('conformance: fixtures (test-fixtures/conformance, each expectation from the spec text it cites; conformance and attribute findings)', () => {
  it('has at least 300 fixtures', () => {
    assert.ok(fixtures.length >= 300, `${fixtures.length} fixtures`);
  });

  for (const fixture of fixtures) {
    it(fixture.id, () => {
      const { document } = parse(fixture.document);
      const found = [...checkConformance(document, fixture.document), ...checkAttributes(document)].map((d) => `${d.code} ${d.start}`);
      const expected = fixture.expected.map((e) => {
        const at = locate(fixture.document, e.source, e.occurrence);
        assert.notEqual(at, -1, `${e.source} is not in the document`);
        return `${e.code} ${at}`;
      });
      assert.deepEqual(found.sort(), expected.sort(), `${fixture.document}\n(${fixture.spec})`);
    });
  }
});

describe('conformance: findings', () => {
  it('names the element and the rule, points at the start tag, and links to the rule', () => {
    const text = '<!DOCTYPE html><html lang="en"><title>t</title><ul><div>x</div></ul>';
    const [d] = checkConformance(parse(text).document);
    assert.equal(d.code, 'element-not-allowed');
    assert.equal(d.severity, 'error');
    assert.equal(text.slice(d.start, d.end), '<div>');
    assert.match(d.message, /^<div> is not allowed in <ul>: <ul> contains any number of li or script-supporting content$/);
    assert.equal(d.href, 'https://html.spec.whatwg.org/multipage/grouping-content.html#the-ul-element');
    assert.deepEqual(d.related, [{ start: text.indexOf('<ul>'), end: text.indexOf('<ul>') + 4, message: 'The parent <ul>' }]);
  });

  it('relates a second main to the first', () => {
    const text = '<!DOCTYPE html><html lang="en"><title>t</title><main>a</main><main>b</main>';
    const [d] = checkConformance(parse(text).document);
    assert.equal(d.code, 'duplicate-main');
    assert.equal(d.start, text.lastIndexOf('<main>'));
    assert.equal(d.related?.[0].start, text.indexOf('<main>'));
  });

  it('gives every code a summary, a severity and a link', () => {
    for (const [code, info] of Object.entries(CONFORMANCE_CODES)) {
      assert.match(code, /^[a-z]+(-[a-z0-9]+)*$/);
      assert.ok(info.summary.length > 0 && /^https:\/\//.test(info.href) && (info.severity === 'error' || info.severity === 'warning'));
    }
  });

  it('checks a fragment without the document-level title rule', () => {
    const { fragment } = parseFragment('<li>a</li><div>b</div>', 'ul');
    const codes = checkConformance(fragment).map((d) => d.code);
    assert.deepEqual(codes, []);
  });
});

describe('conformance: the element table', () => {
  it('has one entry per element, each linking to its definition', () => {
    const names = ELEMENT_ENTRIES.map((e) => e.name);
    assert.equal(new Set(names).size, names.length);
    assert.ok(names.length >= 140, `${names.length} elements`);
    for (const e of ELEMENT_ENTRIES) {
      assert.match(e.href, /^https:\/\/html\.spec\.whatwg\.org\/multipage\/[a-z-]+\.html#/, e.name);
      if (e.obsolete === undefined) assert.match(e.href, /#the-|elements$/, e.name);
    }
  });

  it('describes an element in one line', () => {
    assert.equal(
      describeElement(elementEntry('ul')!),
      'flow content; content model: any number of li or script-supporting content',
    );
    assert.match(describeElement(elementEntry('a')!), /^flow, phrasing, interactive \(with href\) content; content model: any number of what its parent allows/);
  });
});

describe('conformance: robustness', () => {
  it('walks a 100,000-deep nesting without recursion', () => {
    const depth = 100_000;
    const text = `<!DOCTYPE html><html lang="en"><title>t</title>${'<div>'.repeat(depth)}<li>x${'</div>'.repeat(depth)}`;
    const found = checkConformance(parse(text).document);
    assert.deepEqual(found.map((d) => d.code), ['element-not-allowed']);
  });

  it('stays linear on 100,000 nested transparent elements and 100,000 restricted descendants', () => {
    const depth = 100_000;
    const text = `<!DOCTYPE html><html lang="en"><title>t</title><span>${'<ins>'.repeat(depth)}<div>x</div>`;
    const found = checkConformance(parse(text).document);
    // The ins elements are transparent: the div is not allowed where the span's phrasing content is.
    assert.deepEqual(found.map((d) => d.code), ['element-not-allowed']);
    const labels = `<!DOCTYPE html><html lang="en"><title>t</title>${'<dfn>'.repeat(depth)}`;
    assert.equal(checkConformance(parse(labels).document).length, depth - 1);
  });

  it('never throws on the corpus, and gives no finding on a valid document', () => {
    for (const file of ['c-bench/lexbor/average.html']) {
      const text = readFileSync(corpus(file), 'utf8');
      checkConformance(parse(text).document);
    }
    const valid = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Valid</title><link rel="stylesheet" href="a.css"></head><body><header><nav><ul><li><a href="/">Home</a><li><a href="/b">B</a></ul></nav></header><main><h1>Title</h1><p>Text <em>a</em><p>More<table><tr><td>1<td>2</table><dl><dt>T<dd>D</dl></main><footer><p>f</footer></body></html>';
    assert.deepEqual(checkConformance(parse(valid).document), []);
  });
});

describe('conformance: the charset declaration within the first 1024 bytes, counted from the text in the encoding it declares', () => {
  // https://html.spec.whatwg.org/multipage/semantics.html#charset: "The element containing the character encoding
  // declaration must be serialized completely within the first 1024 bytes of the document."
  const page = (comment: string, meta: string) => `<!DOCTYPE html><html lang="en"><head><title>t</title><!--${comment}-->${meta}</head></html>`;
  const late = (text: string) => checkConformance(parse(text).document, text).filter((d) => d.code === 'late-charset-declaration').map((d) => text.slice(d.start, d.end));

  it('UTF-8: the prefix\'s UTF-8 length (500 é are 1,000 bytes)', () => {
    assert.deepEqual(late(page('é'.repeat(500), '<meta charset="utf-8">')), ['<meta charset="utf-8">']);
    assert.deepEqual(late(page('é'.repeat(400), '<meta charset="utf-8">')), []);
  });

  it('a single-byte encoding: one byte per character (500 é are 500 bytes in windows-1252)', () => {
    assert.deepEqual(late(page('é'.repeat(500), '<meta charset="windows-1252">')), []);
    assert.deepEqual(late(page('é'.repeat(1000), '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">')), ['<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">']);
  });

  it('a multibyte legacy encoding or an unknown label: not counted from the text', () => {
    assert.deepEqual(late(page('é'.repeat(1000), '<meta charset="shift_jis">')), []);
    assert.deepEqual(late(page('x'.repeat(2000), '<meta charset="no-such-encoding">')), []);
  });
});
