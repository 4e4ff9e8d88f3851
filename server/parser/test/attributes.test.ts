/**
 * The attribute table, reading values with it, and the attribute checks on
 * parsed documents. Every expected message, range and value below was worked
 * out by hand from the spec's definitions (linked from each table entry).
 */
import { strict as assert } from 'node:assert';
import {
  ATTRIBUTE_DIAGNOSTICS,
  ATTRIBUTE_TABLE,
  attributeDefinition,
  checkAttributes,
  checkAttributesInSteps,
  indexAttributes,
  inputTypeOf,
  parse,
  readAttributeValue,
  type AttributeDiagnostic,
  type ElementShape,
} from '../out/index';

/** The diagnostics of `html` as `code «source slice» message`, one string each. */
function check(html: string): string[] {
  const { document } = parse(html);
  return checkAttributes(document).map((d) => `${d.code} «${html.slice(d.start, d.end)}» ${d.message}`);
}

function diagnostics(html: string): AttributeDiagnostic[] {
  return checkAttributes(parse(html).document);
}

function codes(html: string): string[] {
  return diagnostics(html).map((d) => d.code);
}

const DOCTYPE = '<!DOCTYPE html>';

describe('attributes: the table', () => {
  it('every entry links to a definition with an anchor', () => {
    for (const entry of ATTRIBUTE_TABLE) {
      assert.match(entry.href, /^https:\/\/(html\.spec\.whatwg\.org\/multipage\/[a-z-]+\.html|w3c\.github\.io\/aria\/)#[^\s#]+$/, `${entry.name}: ${entry.href}`);
      assert.equal(entry.name, entry.name.toLowerCase());
    }
    for (const info of Object.values(ATTRIBUTE_DIAGNOSTICS)) assert.match(info.href, /^https:\/\/(html\.spec\.whatwg\.org\/multipage\/[a-z-]+\.html|w3c\.github\.io\/aria\/)#/);
  });

  it('no element, attribute and input type is defined twice', () => {
    const seen = new Set<string>();
    for (const entry of ATTRIBUTE_TABLE) {
      for (const element of entry.elements ?? ['*']) {
        for (const type of entry.inputTypes ?? ['*']) {
          const key = `${element} ${entry.name} ${type}`;
          assert.ok(!seen.has(key), `defined twice: ${key}`);
          seen.add(key);
        }
      }
    }
  });

  it('enumerated attributes: keywords are unique, and every default is a state of the attribute', () => {
    for (const entry of ATTRIBUTE_TABLE) {
      if (entry.syntax.kind !== 'enumerated') continue;
      const { keywords, missingValueDefault, invalidValueDefault } = entry.syntax.attribute;
      const lower = keywords.map((k) => (entry.syntax.kind === 'enumerated' && entry.syntax.caseSensitive ? k.keyword : k.keyword.toLowerCase()));
      assert.equal(new Set(lower).size, lower.length, `${entry.name}: duplicate keyword`);
      const states = new Set(keywords.map((k) => k.state));
      // A default may be a state with no keyword (inherit, auto, no CORS…), but then no keyword may spell it differently.
      for (const d of [missingValueDefault, invalidValueDefault]) if (d !== undefined && states.has(d)) assert.ok(keywords.some((k) => k.state === d));
    }
  });

  it('looks up element-specific entries before global ones, and input entries by type', () => {
    assert.equal(attributeDefinition('td', 'colspan')?.syntax.kind, 'non-negative-integer');
    assert.equal(attributeDefinition('div', 'colspan'), null);
    assert.equal(attributeDefinition('div', 'tabindex')?.syntax.kind, 'integer');
    assert.equal(attributeDefinition('input', 'min', 'date')?.syntax.kind, 'date');
    assert.equal(attributeDefinition('input', 'min', 'number')?.syntax.kind, 'floating-point-number');
    // min does not apply to a text field: nothing to check.
    assert.equal(attributeDefinition('input', 'min', 'text'), null);
    assert.equal(attributeDefinition('input', 'width', 'image')?.syntax.kind, 'dimension');
    assert.equal(attributeDefinition('input', 'width', 'text'), null);
    assert.equal(attributeDefinition('canvas', 'width')?.syntax.kind, 'non-negative-integer');
  });

  it("an input's type state: text when missing or invalid, keywords ASCII case-insensitive", () => {
    const inputs: ElementShape[] = [];
    indexAttributes(parse('<input><input type=DATE><input type=bogus><input type=" date">').document, (e) => {
      if (e.name === 'input') inputs.push(e);
    });
    assert.deepEqual(inputs.map(inputTypeOf), ['text', 'date', 'text', 'text']);
  });
});

describe('attributes: reading values', () => {
  const read = (element: string, name: string, value: string, type?: string) => {
    const definition = attributeDefinition(element, name, type);
    assert.ok(definition, `${element} ${name}`);
    return readAttributeValue(definition, value);
  };

  it('datetime on time: a global date and time is shown in UTC with the offset it was written with', () => {
    const r = read('time', 'datetime', '2024-02-29T10:00Z');
    assert.equal(r.problem, null);
    assert.equal(r.meaning, 'the global date and time 2024-02-29 10:00:00 UTC (written as 2024-02-29 10:00:00 at offset +00:00)');
    assert.equal(
      read('time', 'datetime', '1979-10-14T12:00:00.001-04:00').meaning,
      'the global date and time 1979-10-14 16:00:00.001 UTC (written as 1979-10-14 12:00:00.001 at offset -04:00)',
    );
  });

  it('datetime on time: every form of the datetime value', () => {
    assert.equal(read('time', 'datetime', '2011-11').meaning, 'the month 2011-11');
    assert.equal(read('time', 'datetime', '2024-02-29').meaning, 'the date 2024-02-29 (a Thursday)');
    assert.equal(read('time', 'datetime', '02-29').meaning, 'the yearless date 02-29 (month-day)');
    assert.equal(read('time', 'datetime', '14:54:39.5').meaning, 'the time 14:54:39.5');
    assert.equal(read('time', 'datetime', '2011-11-18T14:54').meaning, 'the local date and time 2011-11-18 14:54:00, with no time zone');
    assert.equal(read('time', 'datetime', '+05:30').meaning, 'the time-zone offset +05:30');
    assert.equal(read('time', 'datetime', '2020-W53').meaning, 'week 53 of week-year 2020');
    assert.equal(read('time', 'datetime', '0037').meaning, 'the year 37');
    assert.equal(read('time', 'datetime', 'PT4H18M3S').meaning, 'a duration of 15483 seconds');
    for (const v of ['2024-02-29T10:00Z', '2011-11', 'PT1.5S', '4h 18m 3s']) assert.equal(read('time', 'datetime', v).problem, null, v);
    // 2021 has no week 53; 24:00 is not a time; 037 is too short for a year.
    for (const v of ['2021-W53', '24:00', '037', '2024-02-30', '']) assert.ok(read('time', 'datetime', v).problem, v);
  });

  it('datetime on ins and del: a date, or a date and time with an offset', () => {
    assert.equal(read('ins', 'datetime', '2024-02-29').problem, null);
    assert.equal(read('del', 'datetime', '2024-02-29 10:00+01:00').problem, null);
    assert.match(read('del', 'datetime', '10:00').problem!.reason, /a time alone/);
    assert.ok(read('ins', 'datetime', '2024-02-29T10:00').problem);
  });

  it('numbers: the value a browser reads, and the limits', () => {
    assert.equal(read('td', 'colspan', '3').meaning, 'the non-negative integer 3');
    assert.equal(read('td', 'colspan', '3x').problem!.browser, 'the browser reads it as 3');
    assert.equal(read('td', 'colspan', ' 3').problem!.browser, 'the browser reads it as 3');
    assert.equal(read('td', 'colspan', '+3').problem!.browser, 'the browser reads it as 3');
    assert.equal(read('td', 'colspan', '0').problem!.browser, 'the browser uses 1');
    assert.equal(read('td', 'colspan', '1001').problem!.browser, 'the browser uses 1000');
    assert.equal(read('td', 'colspan', 'x').problem!.browser, 'the browser ignores it and uses 1');
    assert.equal(read('td', 'colspan', '-0').problem!.browser, 'the browser uses 1');
    assert.equal(read('td', 'rowspan', '0').problem, null);
    assert.equal(read('td', 'rowspan', '65534').problem, null);
    assert.equal(read('td', 'rowspan', '65535').problem!.browser, 'the browser uses 65534');
    assert.equal(read('div', 'tabindex', '-1').problem, null);
    assert.equal(read('div', 'tabindex', '1e3').problem!.browser, 'the browser reads it as 1');
    assert.equal(read('ol', 'start', '-0').problem, null);
  });

  it('dimension attributes: valid non-negative integers, read as lengths or percentages', () => {
    assert.equal(read('img', 'width', '100').problem, null);
    assert.equal(read('img', 'width', '100').meaning, 'a length of 100 CSS pixels');
    assert.equal(read('img', 'width', '50%').problem!.browser, 'the browser still reads it as 50%');
    assert.equal(read('img', 'width', '12.5px').problem!.browser, 'the browser still reads it as 12.5 CSS pixels');
    assert.equal(read('img', 'width', 'auto').problem!.browser, 'the browser ignores it');
  });

  it('floating-point numbers: .5, 1e3 and -0 are valid; an input value is sanitized, not read leniently', () => {
    for (const v of ['.5', '1e3', '-0', '-1.5E-3']) assert.equal(read('meter', 'value', v).problem, null, v);
    assert.equal(read('meter', 'value', '1,5').problem!.browser, 'the browser reads it as 1');
    assert.equal(read('input', 'value', '1,5', 'number').problem!.browser, 'the browser ignores it and uses the empty string (value sanitization)');
    assert.equal(read('input', 'value', '', 'number').problem, null);
    assert.ok(read('input', 'value', '', 'range').problem);
    assert.equal(read('progress', 'max', '0').problem!.statement, 'must be greater than zero');
    assert.equal(read('input', 'step', 'ANY', 'number').problem, null);
    assert.equal(read('input', 'step', '0', 'number').problem!.statement, 'must be greater than zero');
  });

  it('dates and times on input, per type', () => {
    assert.equal(read('input', 'value', '2024-02-29', 'date').problem, null);
    assert.ok(read('input', 'value', '2023-02-29', 'date').problem);
    assert.equal(read('input', 'value', '', 'date').problem, null);
    assert.equal(read('input', 'min', '2020-W53', 'week').problem, null);
    assert.ok(read('input', 'min', '2021-W53', 'week').problem);
    assert.equal(read('input', 'max', '23:59:59.999', 'time').problem, null);
    assert.ok(read('input', 'max', '24:00', 'time').problem);
    assert.equal(read('input', 'value', '2024-02-29 10:00:00', 'datetime-local').problem, null);
    assert.ok(read('input', 'value', '2024-02-29T10:00Z', 'datetime-local').problem);
  });

  it('enumerated attributes: keywords ASCII case-insensitive, the invalid value default, obsolete keywords', () => {
    assert.equal(read('form', 'method', 'POST').problem, null);
    assert.equal(read('form', 'method', 'POST').meaning, 'the POST state');
    const put = read('form', 'method', 'put');
    assert.equal(put.meaning, 'the GET state (the invalid value default)');
    assert.equal(put.problem!.browser, 'the browser uses the GET state, the invalid value default');
    assert.match(read('form', 'method', ' post').problem!.reason, /whitespace/);
    assert.equal(read('img', 'crossorigin', '').meaning, 'the Anonymous state');
    assert.equal(read('div', 'dir', 'up').problem!.browser, 'the browser ignores it: the element takes its directionality as if dir were absent');
    assert.equal(read('area', 'shape', 'circ').problem!.reason, '"circ" is obsolete; write "circle"');
    assert.equal(read('div', 'hidden', 'until-found').meaning, 'the Hidden Until Found state');
    // <ol type> is case-sensitive: "A" and "a" are different states.
    assert.equal(read('ol', 'type', 'A').meaning, 'the upper-alpha state');
    assert.equal(read('ol', 'type', 'a').meaning, 'the lower-alpha state');
    assert.equal(read('ol', 'type', 'X').problem!.browser, 'the browser uses the decimal state, the invalid value default');
  });

  it('boolean attributes: empty or the name; "false" is still true', () => {
    for (const v of ['', 'disabled', 'DISABLED']) assert.equal(read('input', 'disabled', v).problem, null, v);
    assert.equal(read('input', 'disabled', 'false').problem!.falseBoolean, true);
    assert.equal(read('input', 'disabled', 'true').problem!.falseBoolean, false);
    assert.equal(read('input', 'disabled', ' disabled').problem!.falseBoolean, false);
  });

  it('encodings: "utf-8" only', () => {
    assert.equal(read('meta', 'charset', 'UTF-8').problem, null);
    assert.equal(read('meta', 'charset', 'utf8').problem!.browser, 'the browser reads it as UTF-8');
    assert.equal(read('meta', 'charset', 'latin1').problem!.nonUtf8, true);
    assert.equal(read('meta', 'charset', 'latin1').problem!.reason, 'windows-1252');
    assert.equal(read('meta', 'charset', 'bogus').problem!.browser, 'the browser ignores the declaration');
    assert.equal(read('meta', 'content', 'text/html; charset=utf-8').problem, null);
    assert.deepEqual(
      { position: read('meta', 'content', 'text/html; charset=iso-8859-1').problem!.position, length: read('meta', 'content', 'text/html; charset=iso-8859-1').problem!.length },
      { position: 19, length: 10 },
    );
  });
});

describe('attributes: checking a document', () => {
  it('a valid document has no diagnostics', () => {
    const html = `${DOCTYPE}<html lang=en dir=LTR><meta charset=UTF-8><title>x</title>
<form id=f method=POST><label for=name>Name</label><input id=name form=f required list=dl maxlength=20 type=Text>
<datalist id=dl></datalist><input type=checkbox checked=checked disabled=""><input type=number min=-1.5 max=1e3 step=any value=.5>
<input type=date min=2024-02-29 value=""><button type=submit popovertarget=p>Go</button></form><div popover id=p aria-labelledby="name f"></div>
<table><tr><th id=h scope=col colspan=2>h<tr><td headers=h rowspan=0>x</table><img src=a usemap=#m width=10 height=0><map name=m></map>
<time datetime="2024-02-29T10:00Z">then</time><ins datetime=2024-02-29>x</ins><ol reversed start=-0 type=A><li value=3>x</ol>
<iframe sandbox="allow-scripts ALLOW-FORMS" loading=lazy></iframe><a href="#p">p</a>`;
    assert.deepEqual(check(html), []);
  });

  it('an invalid value: what is wrong, and what the browser reads (colspan="3x" is 3)', () => {
    assert.deepEqual(check('<table><tr><td colspan="3x">a</table>'), [
      'invalid-attribute-value «3x» colspan="3x" is not a valid non-negative integer (unexpected "x" (U+0078) after the non-negative integer): the browser reads it as 3',
    ]);
    assert.deepEqual(check('<input type=txt>'), [
      'invalid-attribute-value «txt» type="txt" is not a keyword of the type attribute ("hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", …): the browser uses the Text state, the invalid value default',
    ]);
    assert.deepEqual(check('<input type=date value="2024-13-40">'), [
      'invalid-attribute-value «2024-13-40» value="2024-13-40" is not a valid date string (the month must be between 01 and 12): the browser ignores it and uses the empty string (value sanitization)',
    ]);
  });

  it('the diagnostic links to the attribute\'s definition', () => {
    assert.equal(diagnostics('<table><tr><td colspan=0>a</table>')[0].href, 'https://html.spec.whatwg.org/multipage/tables.html#attr-tdth-colspan');
    assert.equal(diagnostics('<time datetime=x></time>')[0].href, 'https://html.spec.whatwg.org/multipage/text-level-semantics.html#attr-time-datetime');
  });

  it('an attribute without a value is shown whole', () => {
    assert.deepEqual(check('<input type>'), [
      'invalid-attribute-value «type» type="" is not a keyword of the type attribute ("hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", …): the browser uses the Text state, the invalid value default',
    ]);
  });

  it('a value with character references is underlined whole; one without, at the offending token', () => {
    assert.deepEqual(check('<iframe sandbox="allow-forms allow-x"></iframe>').map((s) => s.split(' ')[1]), ['«allow-x»']);
    assert.deepEqual(check('<iframe sandbox="allow-forms&#32;allow-x"></iframe>').map((s) => s.split(' ')[1]), ['«allow-forms&#32;allow-x»']);
  });

  it('disabled="false" still disables', () => {
    assert.deepEqual(check('<button disabled="false">x</button>'), [
      'boolean-attribute-false «false» disabled="false" does not turn disabled off: a boolean attribute is on whenever it is present, whatever its value. Remove the attribute to turn it off',
    ]);
    assert.deepEqual(codes('<input type=checkbox checked=true>'), ['invalid-attribute-value']);
    // On an element that does not define it, the attribute is not a boolean attribute at all: it is not allowed there
    // (input.html#text-(type=text)-state-and-search-state-(type=search): checked "must not be specified" on a text
    // input; disabled is no content attribute of div), and reported once, as such.
    assert.deepEqual(codes('<input checked=true>'), ['attribute-not-allowed']);
    assert.deepEqual(codes('<div disabled=false></div>'), ['attribute-not-allowed']);
  });

  it('duplicate ids, with the first one as related information', () => {
    const html = '<p id=a>1</p><p id="a">2</p><span id=a>3</span>';
    const list = diagnostics(html);
    assert.deepEqual(
      list.map((d) => [d.code, html.slice(d.start, d.end), d.related && html.slice(d.related.start, d.related.end), d.related?.start]),
      [
        ['duplicate-id', 'a', 'a', 6],
        ['duplicate-id', 'a', 'a', 6],
      ],
    );
    assert.equal(list[0].message, 'Duplicate id "a": an earlier <p> in the document has it, and references, fragment links and getElementById find only that first one');
    assert.equal(list[0].related!.message, 'The first element with id "a"');
  });

  it('ids are per tree: a template\'s contents are a tree of their own', () => {
    assert.deepEqual(codes('<p id=a></p><template><p id=a></p></template>'), []);
    assert.deepEqual(codes('<template><p id=a></p><p id=a></p></template>'), ['duplicate-id']);
    assert.deepEqual(codes('<template><label for=a></label></template><p id=a></p>'), ['id-reference-not-found']);
    assert.deepEqual(codes('<label for=a></label><template><p id=a></p></template>'), ['id-reference-not-found']);
    assert.match(check('<template><label for=a></label></template>')[0], /no element in this template has the id "a"/);
  });

  it('elements the parser cloned are not checked again', () => {
    // The adoption agency clones <b id=x> into the <p>: one id in the source, two elements in the DOM.
    const { document } = parse('<b id=x><p>1</b>2</p>');
    // Two <b> elements with id=x in the DOM (the second a clone)…
    const bs: { cloneOf: unknown }[] = [];
    const stack = [...document.children];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.kind !== 'element') continue;
      if (node.name === 'b') bs.push(node);
      stack.push(...node.children);
    }
    assert.equal(bs.length, 2);
    assert.equal(bs.filter((b) => b.cloneOf !== null).length, 1);
    // …but one in the source: no duplicate.
    assert.deepEqual(checkAttributes(document), []);
    let visited = 0;
    indexAttributes(document, (e) => {
      if (e.name === 'b') visited++;
    });
    assert.equal(visited, 1);
  });

  it('ID references to nothing, forward references, and lists', () => {
    assert.deepEqual(check('<label for=later>x</label><input id=later>'), []);
    assert.deepEqual(check('<label for=nope>x</label>'), ['id-reference-not-found «nope» for="nope" refers to no element: no element in this document has the id "nope"']);
    // An aria-* reference to nothing: a warning of its own (WAI-ARIA has no "must" that an ID reference names an element).
    assert.deepEqual(check('<div aria-describedby=" a  b " id=a></div>'), ['aria-reference-not-found «b» aria-describedby refers to "b", but no element in this document has that id']);
    assert.deepEqual(check('<label for="">x</label>'), ['id-reference-not-found «for=""» for="" is empty, so it refers to no element']);
    assert.deepEqual(codes('<svg><rect aria-labelledby=t></rect></svg>'), ['aria-reference-not-found']);
    assert.deepEqual(codes('<svg><title id=t>x</title><rect aria-labelledby=t></rect></svg>'), []);
  });

  it('ID references to the wrong kind of element', () => {
    const html = '<div id=f></div><input form=f>';
    assert.deepEqual(check(html), ['id-reference-wrong-element «f» form refers to "f", which is a <div>, not a <form>: the element gets no form owner']);
    assert.equal(diagnostics(html)[0].related!.start, 8);
    assert.deepEqual(codes('<p id=d></p><input list=d>'), ['id-reference-wrong-element']);
  });

  it('usemap: a hash-name reference to a map by name (or, not validly, by id)', () => {
    assert.deepEqual(codes('<img usemap=#m><map name=m></map>'), []);
    assert.deepEqual(check('<img usemap=#m>'), ['map-reference-not-found «#m» usemap="#m" refers to no <map>: no map element in this document has the name or id "m", so the image has no image map']);
    assert.deepEqual(codes('<img usemap=#m><map id=m></map>'), ['invalid-attribute-value']);
    assert.deepEqual(codes('<img usemap=m><map name=m></map>'), ['invalid-attribute-value']);
    assert.deepEqual(codes('<img usemap=#><map name=m></map>'), ['invalid-attribute-value']);
  });

  it('<meta charset> and <meta http-equiv=content-type> that are not UTF-8', () => {
    assert.deepEqual(check('<meta charset="windows-1252">'), [
      'non-utf8-encoding-declaration «windows-1252» charset="windows-1252" declares the encoding windows-1252: HTML documents must be encoded in UTF-8 and declare "utf-8"',
    ]);
    assert.deepEqual(check('<meta http-equiv=Content-Type content="text/html; charset=Shift_JIS">'), [
      'non-utf8-encoding-declaration «Shift_JIS» content="text/html; charset=Shift_JIS" declares the encoding shift_jis: HTML documents must be encoded in UTF-8 and declare "utf-8"',
    ]);
    // content is only an encoding declaration with http-equiv=content-type.
    assert.deepEqual(codes('<meta name=description content="charset=latin1">'), []);
    assert.deepEqual(codes('<meta charset=utf8>'), ['invalid-attribute-value']);
  });

  it('only HTML elements get the table; foreign elements only the ARIA references', () => {
    assert.deepEqual(codes('<svg width="100%" height=auto><foreignObject><div tabindex=x></div></foreignObject></svg>'), ['invalid-attribute-value']);
  });

  it('diagnostics are sorted by position', () => {
    const list = diagnostics('<label for=z></label><input type=x><p id=q></p><p id=q></p>');
    assert.deepEqual(
      list.map((d) => d.start),
      [...list.map((d) => d.start)].sort((a, b) => a - b),
    );
  });

  it('walks a 100,000-deep document without recursion', () => {
    const depth = 100_000;
    const html = `${'<div>'.repeat(depth)}<p id=a></p><p id=a></p><label for=b></label>`;
    assert.deepEqual(codes(html), ['duplicate-id', 'id-reference-not-found']);
  });

  it('in steps: yields between slices of a large document and ends with the same diagnostics', () => {
    // 10,000 elements, with a duplicate id and a reference at each end, so that the index and the references span many steps.
    const html = `<p id=a></p><label for=z></label>${'<span title=x></span>'.repeat(10_000)}<p id=a></p><a href="http://[::1">x</a>`;
    const { document } = parse(html);
    const steps = checkAttributesInSteps(document);
    let yields = 0;
    let r = steps.next();
    for (; r.done !== true; r = steps.next()) yields++;
    // 10,004 elements in the body, plus html, head and body: at least four steps of 2,048.
    assert.ok(yields >= 4, `${yields} yields`);
    assert.deepEqual(r.value, checkAttributes(document));
    assert.deepEqual(
      r.value.map((d) => d.code),
      ['id-reference-not-found', 'duplicate-id', 'invalid-attribute-value'],
    );
  });
});
