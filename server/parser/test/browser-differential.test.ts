/**
 * Differential test against Chromium 156 (Debian's `chromium`, driven by
 * `puppeteer-core`; support/browser.ts): `DOMParser` (scripting off) and
 * `parse(input, { scripting: false })` must give the same tree, in the
 * html5lib dump format, on
 * - hand-written probes, one per rule (the selectedcontent ones from
 *   selectedcontent.test.ts among them);
 * - every page of the corpus (`npm test` takes every 8th; all of them in
 *   `npm run test:long` or with TAGTREE_BROWSER_CORPUS=all);
 * - seeded random markup rich in select, option, selectedcontent, template,
 *   table and foreign content, with processing instructions, markers, U+0000 and U+FFFD (`npm test` 4,000 inputs; `npm run test:long`
 *   100,000, or TAGTREE_BROWSER_INPUTS, see support/sample-size.ts).
 *
 * Chromium is not the spec. Where it differs, the input is reduced to a
 * minimal one, which must fall in one of the CHROMIUM_DEVIATIONS, each with
 * the rule that shows Chromium is the one that is wrong; a probe listed as a
 * deviation on which Chromium agrees with us fails the run.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parse, parseFragment, toTestTree } from '../out/index';
import { BrowserParser } from './support/browser';
import { corpus, listHtmlFiles } from './support/shared-data';
import { firstDifference } from './support/tree-fingerprint';
import { pick, seededRandom } from './support/random';
import { SELECTEDCONTENT_PROBES } from './support/selectedcontent-probes';
import { LONG_RUN, sampleSize } from './support/sample-size';

/** Processing instructions and `<template for>` markers in the random inputs (issue 14, parts 1 and 2); `TAGTREE_BROWSER_PI=0` leaves them out. */
const PI_INPUTS = process.env.TAGTREE_BROWSER_PI !== '0';

function ours(input: string): string {
  return toTestTree(parse(input, { scripting: false }).document);
}

/** Where Chromium 156 departs from the current spec, with the rule; each matches a reduced input. */
export const CHROMIUM_DEVIATIONS: readonly { name: string; rule: string; probe: string; also?: readonly string[]; matches: (input: string) => boolean }[] = [
  {
    name: 'selectedcontent-disabled-when-not-connected',
    // https://html.spec.whatwg.org/multipage/form-elements.html#the-selectedcontent-element: "Every selectedcontent
    // element has a boolean disabled, which is initially false"; only its post-connection steps set it ("If
    // ancestor is an option element or a selectedcontent element, then set selectedcontent's disabled state to
    // true"), and https://dom.spec.whatwg.org/#concept-node-insert runs them only "if node is connected". Nothing in a
    // template's contents is connected, so a selectedcontent inside an option there stays enabled, and when the
    // option is popped, https://html.spec.whatwg.org/multipage/form-elements.html#maybe-clone-an-option-into-selectedcontent
    // clones the option's children (that selectedcontent among them) into it. Chromium sets the state on any
    // insertion, so it clones nothing (issue 24: 5 of 10,000 random inputs).
    rule: 'in a template\'s contents a selectedcontent inside an option is not disabled (its post-connection steps never run), so the selected option is cloned into it; Chromium disables it on insertion and clones nothing',
    probe: '<template><select><option>&<selectedcontent><form>',
    matches: (input) => /<template/i.test(input) && /<option[^]*<selectedcontent/i.test(input),
  },
  {
    name: 'selectedcontent-all-filled',
    // https://html.spec.whatwg.org/multipage/form-elements.html#select-enabled-selectedcontent and
    // #clear-a-select's-non-primary-selectedcontent-elements: only the first selectedcontent descendant is updated;
    // the others are cleared when one is inserted. Chromium ships whatwg/html PR 12263 (open), which updates all.
    rule: 'only the first selectedcontent descendant of a select mirrors its selected option; Chromium fills every one',
    probe: '<select><selectedcontent></selectedcontent><selectedcontent>x</selectedcontent><option>A</option></select>',
    matches: (input) => (input.match(/<selectedcontent/gi) ?? []).length >= 2,
  },
  {
    name: 'selectedcontent-update-on-change-only',
    // https://html.spec.whatwg.org/multipage/form-elements.html#selectedness-setting-algorithm step 2: with a display
    // size of 1 and no option selected, "Set updateSelectedcontent to true" even when no option can be selected.
    rule: 'the selectedness setting algorithm updates the selectedcontent whenever no option is selected and the display size is 1; Chromium only when the selection changes',
    probe: '<select><selectedcontent>X</selectedcontent><option disabled>',
    matches: (input) => /<selectedcontent/i.test(input) && /<option|<optgroup|<hr|<datalist/i.test(input),
  },
  {
    name: 'select-size-zero',
    // https://html.spec.whatwg.org/multipage/form-elements.html#concept-select-size: the rules for parsing
    // non-negative integers give 0 for size=0, and only a display size of 1 selects an option by default.
    rule: 'size=0 gives a display size of 0 (no option selected by default); Chromium uses 1',
    probe: '<select size=0><option>A</option><selectedcontent>',
    matches: (input) => /size=["']?0/i.test(input),
  },
  {
    name: 'nested-selectedcontent-kept',
    // The post-connection steps of a selectedcontent inside the first one update the first, whose
    // "replace all" removes it (https://html.spec.whatwg.org/multipage/form-elements.html#clone-an-option-into-a-selectedcontent).
    // The post-connection steps set the inner one's disabled state to true (a selectedcontent ancestor) but go on:
    // "Run update a select's selectedcontent given nearestSelectAncestor" clears the enabled (outer) one, and with it
    // whatever the parser put in it before, a comment or text too (the two random inputs of issue 24, judged here).
    rule: 'a selectedcontent inserted inside the first one is removed when the first is updated, with what the first held; Chromium keeps it',
    probe: '<select><selectedcontent><selectedcontent><selectedcontent>',
    also: ['<select><selectedcontent><!><selectedcontent>', '<select><selectedcontent>\t<selectedcontent>'],
    matches: (input) => (input.match(/<selectedcontent/gi) ?? []).length >= 2,
  },
  {
    name: 'nonterminating-clone',
    // https://html.spec.whatwg.org/multipage/form-elements.html#clone-an-option-into-a-selectedcontent: the clone of
    // an option holding an option with selected joins the select's list of options selected, before the selected
    // option in tree order; the selectedness setting algorithm then updates the selectedcontent, whose new clone does
    // the same, without end. Read literally the steps do not terminate, and Chromium does not finish the parse;
    // TagTree stops after one update (DEVIATION in selectedcontent.ts).
    rule: 'the steps do not terminate on a clone that holds a selected option; Chromium does not finish the parse, TagTree stops after one update',
    probe: '<select><selectedcontent></selectedcontent><option>A<div><option selected>C</option></div>B</option></select>',
    matches: () => false,
  },
  {
    name: 'after-body-whitespace-not-reconstructed',
    // https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-afterbody (and after after body): whitespace
    // is processed "using the rules for the "in body" insertion mode", which "Reconstruct the active formatting
    // elements, if any" before inserting it.
    rule: 'whitespace after </body> or </html> reconstructs the active formatting elements (in body rules); Chromium inserts it without',
    probe: '<div><b></div></html>\n',
    matches: (input) => {
      const end = input.search(/<\/(body|html)/i);
      return end >= 0 && /[\t\n\f\r ]/.test(input.slice(end)) && /<(a|b|big|code|em|font|i|nobr|s|small|strike|strong|tt|u)[\s/>]/i.test(input);
    },
  },
  {
    name: 'noscript-head',
    // https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inheadnoscript: "A start tag whose tag name is
    // one of: "head", "noscript": Parse error. Ignore the token."
    rule: 'in head noscript (scripting off), a head start tag is ignored; Chromium pops the noscript',
    probe: '<noscript><head> ',
    matches: (input) => /<noscript/i.test(input) && /<head/i.test(input),
  },
  {
    name: 'html-foreignobject-end-tag',
    // https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign, "Any other end tag": once node is an
    // HTML element, "process the token according to the rules given in the section corresponding to the current
    // insertion mode in HTML content"; in body, the end tag foreignobject (its name is lowercase: only start tags
    // are adjusted) matches the HTML foreignobject element and pops it with the svg inside.
    rule: 'an end tag from foreign content goes to the in-body rules with its lowercase name and pops an HTML foreignobject element; Chromium does not pop it',
    probe: '<foreignObject><svg></foreignObject>x',
    matches: (input) => /<foreignobject/i.test(input) && /<\/foreignobject/i.test(input) && /<(svg|math)/i.test(input),
  },
  {
    name: 'nul-after-less-than',
    // https://html.spec.whatwg.org/multipage/parsing.html#tag-open-state: "Anything else": emit "<" and reconsume in
    // the data state, where U+0000 is an unexpected-null-character error and is emitted as is (then ignored in body).
    rule: 'a NUL after "<" is dropped in body; Chromium keeps it as U+FFFD',
    probe: '<body><\0x',
    matches: (input) => /<\0/.test(input),
  },
  {
    name: 'nul-anything-else-dropped',
    // A U+0000 NULL character token is none of the tokens a mode lists before "Anything else" in
    // https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode, "before html", "before head",
    // "in head", "after head" (it implies the html, head and body elements: "Insert an HTML element for a "body"
    // start tag token with no attributes. Switch the insertion mode to "in body". Reprocess the current token.", and
    // in body "A character token that is U+0000 NULL: Parse error. Ignore the token.") and
    // https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incolgroup ("Otherwise, pop the current node
    // from the stack of open elements. Switch the insertion mode to "in table". Reprocess the token.").
    rule: 'a NUL before the body implies html, head and body, and a NUL in a colgroup closes it (the "anything else" of those modes); Chromium drops it, so what follows stays in the head or the colgroup',
    probe: '\0<title>',
    matches: (input) => {
      const i = input.indexOf('\0');
      if (i < 0) return false;
      // Before the body: only what leaves the parser there may precede the NUL (end tags other than body, html
      // and br are ignored before the body).
      if (/^(?:[\t\n\f\r ]|<!--[^]*?-->|<!DOCTYPE[^>]*>|<\?[^>]*>|<\/?(?:html|head|title|style|noscript|base|basefont|bgsound|link|meta|template|script|noframes)\b[^>]*>|<\/(?!body\b|html\b|br\b)[a-z][^>]*>)*$/i.test(input.slice(0, i))) return true;
      // In a colgroup.
      return /<colgroup[^>]*>(?:[\t\n\f\r ]|<col\b[^>]*>|<\/col>|<!--[^]*?-->|<\?[^>]*>)*\0/i.test(input);
    },
  },
  {
    name: 'table-text-after-template-for-range',
    // https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intabletext, "Anything else": "Otherwise,
    // insert the characters given by the pending table character tokens list. Switch the insertion mode to the
    // original insertion mode and reprocess the token." The whitespace is in the table before the <template for>
    // start tag is reprocessed, so it is in the <?start>'s range, which that start tag removes (whatwg/html
    // 2ff023fb). Chromium inserts it after the range is removed (found by the long run, 2026-11-25).
    rule: 'whitespace pending in table text is inserted before a following <template for> removes its range, and goes with it; Chromium inserts it after',
    probe: '<table><?start name="x">\n<template for=x>A</template></table>',
    matches: (input) => /<(table|tbody|thead|tfoot|tr)\b/i.test(input) && /<\?start/i.test(input) && /<template[^>]*\sfor=/i.test(input),
  },
  {
    name: 'replacement-character-frameset-ok',
    // https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody: "Any other character token:
    // Reconstruct the active formatting elements, if any. Insert the token's character. Set the frameset-ok flag to
    // "not ok"." U+FFFD is such a character; then a frameset start tag: "If the frameset-ok flag is set to "not ok",
    // ignore the token."
    rule: 'a U+FFFD character in body sets frameset-ok to "not ok" like any other non-whitespace character; Chromium lets a later <frameset> replace the body',
    probe: '\uFFFD<frameset>',
    // (`&#0;` is U+FFFD too: https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-end-state)
    matches: (input) => /\uFFFD|&#0+;|&#x0+;/i.test(input) && /<frameset/i.test(input),
  },
  {
    name: 'template-form-end-tag-keeps-open-elements',
    // https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody, an end tag whose tag name is "form":
    // "If the parser is parsing template contents" (whatwg/html#12911; before it, "If there is a template element on
    // the stack of open elements"): "Generate implied end tags. If the current node is not a form element, then this
    // is a parse error. Pop elements from the stack of open elements until a form element has been popped from the
    // stack." The element left open in the form goes with it. (Found by the long run, 2026-11-28; it was counted
    // under the old template-form-in-row class before #12911 made that one the spec.)
    rule: 'in template contents, </form> pops the elements open inside the form with it; Chromium leaves them open, and what follows goes into them',
    probe: '<template><form><div></form>x',
    matches: (input) => /<template/i.test(input) && /<form/i.test(input) && /<\/form/i.test(input),
  },
  {
    name: 'nested-template-for-same-marker',
    // whatwg/html 2ff023fb (../shared/spec-updates.md, section 2; tree/template-for.ts): a <template for> start tag
    // looks for the first matching <?marker> or <?start> under the node that holds the insertion location, and the
    // markers are removed only when the patching template is popped. A second <template for> of the same name inside
    // the first is redirected to the marker's parent, finds the same marker there, and patches too (template-for.test.ts
    // records Chromium 156 building that tree). The Chromium 150 installed here (Debian 150.0.7871.100) inserts the
    // inner one as an inert template (found by the long run, 2026-11-28; not judged further under issue 24).
    rule: 'a <template for> inside an open patching <template for> of the same name finds the marker (still in the tree) and patches; Chromium 150 inserts it as an inert template',
    probe: '<div><?marker name="x"></div><template for=x><template for=x>inner</template></template>',
    matches: (input) => /<\?(marker|start)\b/i.test(input) && (input.match(/<template[^>]*\sfor=/gi) ?? []).length >= 2,
  },
  {
    name: 'search-not-special',
    // https://html.spec.whatwg.org/multipage/parsing.html#special: search is in the special category.
    rule: 'search is a special element (the adoption agency\'s furthest block); Chromium treats it as ordinary',
    probe: '<a><search>x</a>y',
    matches: (input) => /<\/?search/i.test(input),
  },
  {
    name: 'template-head-element-then-cell',
    // https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intemplate: a td start tag "Pop the current
    // template insertion mode ... push in row ... switch ... and reprocess", after a base in the template.
    rule: '<template><base><td> keeps the td; Chromium drops it',
    probe: '<template><base><td>',
    matches: (input) => /<template/i.test(input) && /<(base|basefont|bgsound|link|meta|noframes|script|style|template|title)/i.test(input) && /<t[dhr]|<tbody|<thead|<tfoot|<caption|<col/i.test(input),
  },
];

/** Hand-written probes, one per rule, on which Chromium must agree with us. */
const AGREEING_PROBES: readonly string[] = [
  '<select><option>A</option><option selected>B</option></select>',
  '<select><button><selectedcontent></selectedcontent></button><option>One</option><option>Two</option></select>',
  '<select><button><selectedcontent></selectedcontent></button><option><img alt=x><span>One</span></option></select>',
  '<select><optgroup><option>A<selectedcontent>',
  '<select><hr><option>A</option></select><selectedcontent>',
  '<select><div><option>A</option></div><selectedcontent></selectedcontent></select>',
  '<select><optgroup><optgroup><option>A</option></optgroup></optgroup><option>B</option><selectedcontent>',
  '<select><datalist><option>A</option></datalist><option>B</option><selectedcontent>',
  '<select multiple><option selected>A</option><selectedcontent>',
  '<select><selectedcontent></selectedcontent><option selected>A</option><option selected>B</option></select>',
  '<select><b><selectedcontent></selectedcontent><option>A</b>B</option></select>',
  '<table><select><option>A<selectedcontent>',
  '<svg><select><option>A</option><selectedcontent>',
  '<select><template><selectedcontent></selectedcontent><option>A</option></template></select>',
  '<template><select><selectedcontent></selectedcontent><option>A</option></select></template>',
  '<select><selectedcontent></selectedcontent><option>A<option>B</select>',
  '<p><b><select><option>A<selectedcontent></b>x',
  // whatwg/html#12908: the body implied after head resets frameset-ok (tree-spec-updates.test.ts).
  '<head><template></template></head><p><frameset>',
  '<template>x</template><p><frameset>',
  '<head></head><template></template><p><frameset>',
  '<template></template><b><frameset>',
  '<template></template>x<frameset>',
  '<p><template></template><frameset>',
  // whatwg/html#12911: the form element pointer is ignored while parsing template contents.
  '<template><table><form></table></template>',
  '<template><tr><form>',
  '<template><form><form><input></template>',
  '<template><form><template></template><form></template>',
  '<template><template><form></template><form></template>',
  '<form><template><form></template><form>',
  '<form><template></form>x</template>y',
  // A selectedcontent in a template's contents, not inside an option: cloned into when the option is popped.
  '<template><select><selectedcontent></selectedcontent><option>x</option></select></template>',
];



/**
 * Fragment probes: each input parsed as the contents of a new `context`
 * element (innerHTML in Chromium, scripting on), for whatwg/html#12911's
 * "parsing template contents" when no template element is on the stack.
 * A probe with `chromium` is a listed deviation: it must still differ.
 */
const TEMPLATE_FRAGMENT_POINTER =
  'whatwg/html#12911: with a template context element the parser is parsing template contents, so a form start tag in body does not set the form element pointer and </form> takes the template branch; Chromium uses the pointer in a template-context fragment';
const FRAGMENT_PROBES: readonly { context: string; input: string; chromium?: string }[] = [
  { context: 'template', input: '<form><form>', chromium: TEMPLATE_FRAGMENT_POINTER },
  { context: 'template', input: '<br>BC<form>D<div>E</form>F</div>G', chromium: TEMPLATE_FRAGMENT_POINTER },
  { context: 'template', input: '<table><form></table>' },
  { context: 'template', input: '<div><form></div><input></form>' },
  { context: 'template', input: '<tr><form><td>x' },
  { context: 'template', input: '<form></form><form>' },
  { context: 'div', input: '<form><form>' },
  { context: 'div', input: '<table><form></table><form>' },
];

/** Seeded random markup rich in select, option, selectedcontent, template, table and foreign content. */
function randomInputs(seed: number, count: number): string[][] {
  const random = seededRandom(seed);
  const TAGS = [
    'select', 'select', 'option', 'option', 'option', 'optgroup', 'selectedcontent', 'selectedcontent', 'button', 'hr',
    'datalist', 'div', 'span', 'p', 'b', 'i', 'a', 'nobr', 'table', 'tbody', 'tr', 'td', 'th', 'caption', 'colgroup',
    'col', 'template', 'svg', 'math', 'mi', 'foreignObject', 'desc', 'g', 'input', 'textarea', 'keygen', 'li', 'ul',
    'form', 'img', 'br', 'title', 'style', 'script', 'noscript', 'head', 'body', 'html', 'frameset', 'x-y', 'search',
  ];
  const ATTRIBUTES = ['selected', 'disabled', 'multiple', 'size=1', 'size=2', 'size=0', 'size=x', 'label=L', 'id=a', 'xlink:href=x', 'value=v'];
  const piece = (): string => {
    const r = random();
    if (r < 0.45) {
      const name = pick(random, TAGS);
      let attributes = '';
      while (random() < 0.3) attributes += ' ' + pick(random, ATTRIBUTES);
      return `<${name}${attributes}${random() < 0.05 ? '/' : ''}>`;
    }
    if (r < 0.68) return `</${pick(random, TAGS)}>`;
    if (PI_INPUTS && r < 0.74) {
      return pick(random, ['<?target data?>', '<?marker name="x">', '<?start name="x">', '<?end>', '<template for=x>', '<template for="">', '<?xml version="1.0"?>']);
    }
    // A NUL after "<" is rare: Chromium keeps it (a listed deviation), which would hide the rest of the input.
    if (r < 0.78) return random() < 0.04 ? '<\0' : pick(random, ['<!--c-->', '<!DOCTYPE html>', '&amp;', '&lt;', '&#0;']);
    // U+0000 and U+FFFD too: the tree builder ignores, keeps or replaces a NUL by insertion mode.
    return pick(random, ['A', 'B', 'text', ' ', '\n', 'x y', '\0', '\uFFFD']);
  };
  const out: string[][] = [];
  for (let i = 0; i < count; i++) out.push(Array.from({ length: 1 + Math.floor(random() * 30) }, piece));
  return out;
}

describe('browser differential: our trees against Chromium', function () {
  this.timeout(1_800_000);
  let browser: BrowserParser;

  before(async () => {
    browser = new BrowserParser();
    const [probe] = await browser.trees(['<p>x']);
    assert.equal(probe, ours('<p>x'));
    console.log(`\n  ${browser.version}`);
  });

  after(async () => {
    await browser?.close();
  });

  it('agrees on the hand-written probes, and differs on each listed deviation\'s probe', async () => {
    const agreeing = [...AGREEING_PROBES, ...SELECTEDCONTENT_PROBES.filter((p) => p.chromium === undefined).map((p) => p.input)];
    const trees = await browser.trees(agreeing);
    for (let i = 0; i < agreeing.length; i++) {
      const mine = ours(agreeing[i]);
      assert.equal(mine, trees[i], `${JSON.stringify(agreeing[i])}: ${firstDifference(mine, trees[i] ?? '(no tree)', 'TagTree', 'Chromium')}`);
    }
    const deviating = CHROMIUM_DEVIATIONS.map((d) => d.probe);
    // The probe that does not finish in Chromium goes alone, with a short timeout (a new browser follows).
    const finishing = CHROMIUM_DEVIATIONS.filter((d) => d.name !== 'nonterminating-clone').map((d) => d.probe);
    const finished = await browser.trees(finishing);
    const [unfinished] = await browser.trees([CHROMIUM_DEVIATIONS.find((d) => d.name === 'nonterminating-clone')!.probe], 5000);
    const theirs = CHROMIUM_DEVIATIONS.map((d) => (d.name === 'nonterminating-clone' ? unfinished : finished[finishing.indexOf(d.probe)]));
    // The further probes of a class (`also`) must still differ and match it too.
    const also = CHROMIUM_DEVIATIONS.flatMap((d) => (d.also ?? []).map((probe) => ({ d, probe })));
    const alsoTrees = await browser.trees(also.map((a) => a.probe));
    for (let i = 0; i < also.length; i++) {
      const { d, probe } = also[i];
      assert.notEqual(ours(probe), alsoTrees[i], `${d.name}: Chromium now agrees on ${JSON.stringify(probe)}; remove it`);
      assert.ok(d.matches(probe), `${d.name}: ${JSON.stringify(probe)} does not match its own class`);
    }
    for (let i = 0; i < deviating.length; i++) {
      const d = CHROMIUM_DEVIATIONS[i];
      assert.notEqual(ours(deviating[i]), theirs[i], `${d.name}: Chromium now agrees on ${JSON.stringify(d.probe)}; remove the deviation`);
      if (d.name === 'nonterminating-clone') assert.equal(theirs[i], null, `${d.name}: Chromium now finishes ${JSON.stringify(d.probe)}`);
      else assert.ok(d.matches(d.probe), `${d.name}: the probe does not match its own class`);
    }
    console.log(`  probes: ${agreeing.length} identical; ${deviating.length} listed deviations (${deviating.length + also.length} probes), each still differing`);
  });

  it('agrees on the fragment probes (innerHTML), and differs on each listed one', async () => {
    let listed = 0;
    for (const context of new Set(FRAGMENT_PROBES.map((p) => p.context))) {
      const probes = FRAGMENT_PROBES.filter((p) => p.context === context);
      const trees = await browser.fragmentTrees(probes.map((p) => p.input), context);
      for (let i = 0; i < probes.length; i++) {
        const mine = toTestTree(parseFragment(probes[i].input, context, { scripting: true }).fragment);
        const what = `${context}: ${JSON.stringify(probes[i].input)}`;
        if (probes[i].chromium === undefined) assert.equal(mine, trees[i], `${what}: ${firstDifference(mine, trees[i], 'TagTree', 'Chromium')}`);
        else {
          assert.notEqual(mine, trees[i], `${what}: Chromium now agrees; remove its deviation (${probes[i].chromium})`);
          listed++;
        }
      }
    }
    console.log(`  fragment probes: ${FRAGMENT_PROBES.length - listed} identical, ${listed} listed deviations still differing`);
  });

  it('gives the same tree on the corpus pages', async () => {
    const root = corpus();
    const all = listHtmlFiles(root);
    const files = process.env.TAGTREE_BROWSER_CORPUS === 'all' || LONG_RUN ? all : all.filter((_, i) => i % 8 === 0);
    let identical = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const [tree] = await browser.trees([text], 300_000);
      const mine = ours(text);
      assert.equal(mine === tree, true, `${relative(root, file)}: ${firstDifference(mine, tree ?? '(no tree)', 'TagTree', 'Chromium')}`);
      identical++;
    }
    console.log(`  corpus: ${identical}/${files.length} pages identical (of ${all.length}; TAGTREE_BROWSER_CORPUS=all for every one)`);
  });

  it('gives the same tree on seeded random markup, except in the listed Chromium deviations', async () => {
    const count = sampleSize('TAGTREE_BROWSER_INPUTS', 4000, 100_000);
    const inputs = randomInputs(20261125, count);
    const BATCH = 500;
    const byClass = new Map<string, number>();
    let identical = 0;
    let reducedCount = 0;
    /** Differences no listed deviation explains (the run goes on, to show up to 20 of them). */
    const unexplained: string[] = [];
    // The deviations' matchers read reduced inputs: an input classified unreduced can match none of them (test:long
    // met one at #46665 with a cap of 400), so the long run reduces every difference, as the documented run did.
    const maxReduced = sampleSize('TAGTREE_BROWSER_MAX_REDUCED', 400, 100_000);
    /** Drops pieces while Chromium and we still differ, testing every shorter candidate of a round in one batch. */
    const reduce = async (parts: string[]): Promise<string> => {
      for (;;) {
        const candidates = parts.map((_, i) => parts.slice(0, i).concat(parts.slice(i + 1)));
        const texts = candidates.map((c) => c.join(''));
        const trees = await browser.trees(texts, 30_000);
        const k = texts.findIndex((t, i) => trees[i] !== null && trees[i] !== ours(t));
        if (k < 0) return parts.join('');
        parts = candidates[k];
      }
    };
    for (let start = 0; start < inputs.length && unexplained.length < 20; start += BATCH) {
      const batch = inputs.slice(start, start + BATCH);
      const texts = batch.map((parts) => parts.join(''));
      const trees = await browser.trees(texts);
      for (let i = 0; i < batch.length; i++) {
        const mine = ours(texts[i]);
        if (trees[i] === mine) {
          identical++;
          continue;
        }
        if (trees[i] === null) {
          // Only an option with selected inside another option in a select with a selectedcontent can do that.
          assert.ok(/<selectedcontent/i.test(texts[i]) && /<option[^]*<option[^>]*selected/i.test(texts[i]), `Chromium did not finish random input #${start + i}: ${JSON.stringify(texts[i])}`);
          byClass.set('nonterminating-clone', (byClass.get('nonterminating-clone') ?? 0) + 1);
          continue;
        }
        // Past the cap (long runs), a difference is classified without reduction.
        const reduced = reducedCount < maxReduced ? await reduce(batch[i]) : texts[i];
        reducedCount++;
        const deviation = CHROMIUM_DEVIATIONS.find((d) => d.matches(reduced));
        if (deviation === undefined) {
          const [tree] = await browser.trees([reduced]);
          unexplained.push(`random input #${start + i} differs from Chromium; reduced: ${JSON.stringify(reduced)}\n${firstDifference(ours(reduced), tree ?? '(no tree)', 'TagTree', 'Chromium')}`);
          if (unexplained.length >= 20) break;
          continue;
        }
        byClass.set(deviation.name, (byClass.get(deviation.name) ?? 0) + 1);
      }
      // Long runs: a progress line every 10,000 inputs, so that a run stopped early still tells how far it got.
      const done = Math.min(start + BATCH, inputs.length);
      if (count > 4000 && done % 10_000 === 0) {
        const soFar = [...byClass].map(([name, n]) => `${n} ${name}`).join(', ');
        console.log(`  progress ${new Date().toISOString()}: ${identical}/${done} identical; differing: ${soFar || 'none'}; unexplained: ${unexplained.length}`);
      }
    }
    assert.deepEqual(unexplained, [], unexplained.join('\n\n'));
    const classes = [...byClass].map(([name, n]) => `${n} ${name}`).join(', ');
    console.log(`  random markup: ${identical}/${count} identical${classes ? `; differing: ${classes}` : ''}; ${Math.min(reducedCount, maxReduced)} differences reduced`);
  });
});
