#!/usr/bin/env node
// Generates server/parser/src/conformance/element-table.generated.ts: one entry
// per HTML element with its categories (and their conditions), its content
// model, its obsolete attributes and its own content attributes, the global
// attributes, and the ARIA role and attribute names.
// https://html.spec.whatwg.org/multipage/indices.html#elements-3
//
// Data: the npm packages `@markuplint/html-spec` (content models, categories,
// element list) and `aria-query` (WAI-ARIA roles and states), dev dependencies.
// The package data is translated, not copied: its CSS-like selectors are read
// by the small reader below into our own model, and any selector it cannot
// read makes this script fail instead of writing a wrong table. Where the
// package differs from the current spec, OVERRIDES below replace its entry,
// each with the spec's wording as the reason. Every element's entry links to
// its definition in the spec (PAGES below).
//
// Run: node server/parser/scripts/generate-element-table.mjs (npm run generate)
import { writeFileSync } from 'node:fs';
import { generatedHeader, rootRequire, sourceFile, versionOf } from './lib/generator.mjs';

const target = sourceFile('conformance', 'element-table.generated.ts');
const spec = rootRequire('@markuplint/html-spec');
const ariaQuery = rootRequire('aria-query');
const markuplintVersion = versionOf('@markuplint/html-spec');
const ariaQueryVersion = versionOf('aria-query');

const SPEC = 'https://html.spec.whatwg.org/multipage/';

/** The spec page that defines each element (its anchor is `#the-NAME-element` unless ANCHORS says otherwise). */
const PAGES = {
  'semantics.html': 'html head title base link meta style',
  'sections.html': 'body article section nav aside h1 h2 h3 h4 h5 h6 hgroup header footer address',
  'grouping-content.html': 'p hr pre blockquote ol ul menu li dl dt dd figure figcaption main search div',
  'text-level-semantics.html': 'a em strong small s cite q dfn abbr ruby rt rp data time code var samp kbd sub sup i b u mark bdi bdo span br wbr',
  'edits.html': 'ins del',
  'embedded-content.html': 'picture source img',
  'iframe-embed-object.html': 'iframe embed object',
  'media.html': 'video audio track',
  'image-maps.html': 'map area',
  'tables.html': 'table caption colgroup col tbody thead tfoot tr td th',
  'forms.html': 'form label',
  'input.html': 'input',
  'form-elements.html': 'button select datalist optgroup option selectedcontent textarea output progress meter fieldset legend',
  'interactive-elements.html': 'details summary dialog',
  'scripting.html': 'script noscript template slot',
  'canvas.html': 'canvas',
};
const H = 'the-h1,-h2,-h3,-h4,-h5,-and-h6-elements';
const ANCHORS = { h1: H, h2: H, h3: H, h4: H, h5: H, h6: H, sub: 'the-sub-and-sup-elements', sup: 'the-sub-and-sup-elements' };

/** https://html.spec.whatwg.org/multipage/obsolete.html#non-conforming-features: the obsolete elements and what to use instead. */
const OBSOLETE_ELEMENTS = {
  applet: 'Use embed or object instead',
  acronym: 'Use abbr instead',
  bgsound: 'Use audio instead',
  dir: 'Use ul instead',
  frame: 'Use iframe and CSS instead, or server-side includes',
  frameset: 'Use iframe and CSS instead, or server-side includes',
  noframes: 'Use iframe and CSS instead, or server-side includes',
  isindex: 'Use an explicit form and text control combination instead',
  keygen: 'For enterprise device management use cases, use native on-device management capabilities',
  listing: 'Use pre and code instead',
  menuitem: 'To implement a custom context menu, use script to handle the contextmenu event',
  nextid: 'Use GUIDs instead',
  noembed: 'Use object instead of embed when fallback is necessary',
  param: 'Use the data attribute of the object element to set the URL of the external resource',
  plaintext: 'Use the "text/plain" MIME type instead',
  rb: 'Providing the ruby base directly inside the ruby element or using nested ruby elements is sufficient',
  rtc: 'Providing the ruby base directly inside the ruby element or using nested ruby elements is sufficient',
  strike: 'Use del instead if the element is marking an edit, otherwise use s instead',
  xmp: 'Use pre and code instead, and escape "<" and "&" characters as "&lt;" and "&amp;" respectively',
  basefont: 'Use appropriate elements or CSS instead',
  big: 'Use appropriate elements or CSS instead',
  blink: 'Use appropriate elements or CSS instead',
  center: 'Use appropriate elements or CSS instead',
  font: 'Use appropriate elements or CSS instead',
  marquee: 'Use appropriate elements or CSS instead',
  multicol: 'Use appropriate elements or CSS instead',
  nobr: 'Use appropriate elements or CSS instead',
  spacer: 'Use appropriate elements or CSS instead',
  tt: 'Use appropriate elements or CSS instead',
};

/**
 * https://html.spec.whatwg.org/multipage/obsolete.html#non-conforming-features:
 * attributes that "must not be specified on the elements listed", by element.
 * The package marks MDN's "deprecated" attributes, which is a different list
 * (it includes non-standard ones and attributes the spec still defines), so
 * this list is the spec's, and the script checks each entry is an attribute
 * the package knows on that element or a global presentational one.
 */
const OBSOLETE_ATTRIBUTES = {
  a: 'charset coords shape methods rev urn',
  link: 'charset methods rev target urn',
  area: 'hreflang type nohref',
  body: 'alink bgcolor bottommargin leftmargin link marginheight marginwidth rightmargin text topmargin vlink background',
  br: 'clear',
  caption: 'align',
  col: 'align char charoff valign width',
  colgroup: 'align char charoff valign width',
  div: 'align',
  dl: 'compact',
  embed: 'name align hspace vspace',
  form: 'accept',
  h1: 'align', h2: 'align', h3: 'align', h4: 'align', h5: 'align', h6: 'align',
  head: 'profile',
  hr: 'align color noshade size width',
  html: 'version',
  iframe: 'longdesc frameborder marginheight marginwidth scrolling allowtransparency datapagesize align',
  img: 'longdesc lowsrc name align hspace vspace border',
  input: 'ismap usemap align',
  legend: 'align',
  li: 'type',
  menu: 'compact',
  meta: 'scheme',
  object: 'archive classid code codebase codetype declare standby typemustmatch align border hspace vspace',
  ol: 'compact',
  p: 'align',
  pre: 'width',
  script: 'event for',
  table: 'datapagesize summary align bgcolor border cellpadding cellspacing frame rules width',
  tbody: 'align char charoff valign', thead: 'align char charoff valign', tfoot: 'align char charoff valign',
  td: 'abbr axis scope align bgcolor char charoff height nowrap valign width',
  th: 'axis align bgcolor char charoff height nowrap valign width',
  tr: 'align bgcolor char charoff valign',
  ul: 'compact type',
};

/**
 * Content models where the package differs from the spec (or where a model
 * is not checked, to give no false alarm). Each value is either a package-
 * style model or the string 'any' (children not checked), with the reason.
 */
const OVERRIDES = {
  address: {
    reason: 'address: "Flow content, but with no heading content descendants, no sectioning content descendants, and no header, footer, or address element descendants." (the package misspells footer)',
    contents: [{ zeroOrMore: ':model(flow):not(address, :model(heading), :model(sectioning), header, footer, :has(address, :model(heading), :model(sectioning), header, footer))' }],
  },
  caption: {
    reason: 'caption: "Flow content, but with no descendant table elements."',
    contents: [{ zeroOrMore: ':model(flow):not(table, :has(table))' }],
  },
  button: {
    reason: 'button: "Phrasing content, but there must be no interactive content descendant and no descendant with the tabindex attribute specified."',
    contents: [{ zeroOrMore: ':model(phrasing):not(:model(interactive), [tabindex], :has(:model(interactive), [tabindex]))' }],
  },
  head: {
    reason: 'head: "One or more elements of metadata content, of which exactly one is a title element" — the title is a document-level rule (missing-title, duplicate-title), so that an iframe srcdoc document or a head without title is reported once, by its own code',
    contents: [{ zeroOrMore: ':model(metadata)' }],
  },
  object: {
    reason: 'object: "Transparent." (param is obsolete)',
    contents: [{ transparent: '*' }],
  },
  colgroup: {
    reason: 'colgroup: "If the span attribute is present: Nothing. If the span attribute is absent: Zero or more col and template elements."',
    contents: [{ zeroOrMore: ['col', 'template'] }],
    conditional: [{ condition: '[span]', contents: false }],
  },
  dl: {
    reason: 'dl: "Either: Zero or more groups each consisting of one or more dt elements followed by one or more dd elements, optionally intermixed with script-supporting elements. Or: One or more div elements, optionally intermixed with script-supporting elements." (the package requires at least one group)',
    contents: [
      {
        choice: [
          [{ zeroOrMore: [{ zeroOrMore: ':model(script-supporting)' }, { oneOrMore: 'dt' }, { zeroOrMore: ':model(script-supporting)' }, { oneOrMore: 'dd' }, { zeroOrMore: ':model(script-supporting)' }] }],
          [{ zeroOrMore: ':model(script-supporting)' }, { oneOrMore: 'div' }, { zeroOrMore: ':model(script-supporting)' }],
        ],
      },
    ],
  },
  canvas: {
    reason: 'canvas: "Transparent, but with no interactive content descendants except for a elements, img elements with usemap attributes, button elements, input elements whose type attribute are in the Checkbox or Radio Button states, input elements that are buttons, and select elements with a multiple attribute or a display size greater than 1" — the exceptions are not read yet, so only transparency is checked',
    contents: [{ transparent: '*' }],
  },
  tbody: { reason: 'tbody: "Zero or more tr and script-supporting elements."', contents: [{ zeroOrMore: ['tr', ':model(script-supporting)'] }] },
  thead: { reason: 'thead: "Zero or more tr and script-supporting elements."', contents: [{ zeroOrMore: ['tr', ':model(script-supporting)'] }] },
  tfoot: { reason: 'tfoot: "Zero or more tr and script-supporting elements."', contents: [{ zeroOrMore: ['tr', ':model(script-supporting)'] }] },
  select: {
    reason: 'select (customizable select): "Zero or one button element if the select is a drop-down box, followed by zero or more select element inner content elements" (option, optgroup, hr, script-supporting, noscript, div)',
    contents: [{ optional: 'button' }, { zeroOrMore: ['option', 'optgroup', 'hr', ':model(script-supporting)', 'noscript', 'div'] }],
  },
  optgroup: { reason: 'optgroup: the customizable-select model (an optional legend, options, and div and hr elements) is recent and not checked yet', contents: 'any' },
  option: { reason: 'option: the customizable-select model (phrasing content without interactive content) is recent and not checked yet', contents: 'any' },
  noscript: {
    reason: 'noscript: "When scripting is disabled, not in a head element: transparent, but there must be no noscript element descendants. Otherwise: text" (with scripting enabled the parser reads it as text, which is not checked)',
    contents: [{ transparent: ':not(noscript, :has(noscript))' }],
  },
  rp: { reason: 'rp: "Text."', contents: [{ zeroOrMore: '#text' }] },
  title: { reason: 'title: "Text that is not inter-element whitespace."', contents: [{ require: '#text' }] },
  script: { reason: 'script: raw text, checked by the prose rules, not here', contents: 'any' },
  style: { reason: 'style: raw text (CSS), not checked here', contents: 'any' },
  textarea: { reason: 'textarea: escapable raw text', contents: 'any' },
  template: { reason: 'template: its contents are a tree of their own, checked in their own context', contents: 'any' },
};

// ---------------------------------------------------------------------------
// Selectors
// ---------------------------------------------------------------------------

const CATEGORIES = ['metadata', 'flow', 'sectioning', 'heading', 'phrasing', 'embedded', 'interactive', 'script-supporting'];
/** The link types allowed in the body: https://html.spec.whatwg.org/multipage/links.html#body-ok */
const BODY_OK = ['dns-prefetch', 'modulepreload', 'pingback', 'preconnect', 'prefetch', 'preload', 'stylesheet'];

/** Splits `a, b:not(c, d), e` at top-level commas. */
function splitList(s) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(s.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(s.slice(start).trim());
  return out.filter((x) => x !== '');
}

/** The argument of a pseudo-class starting at `open` (the index of "("), and the index after its ")". */
function argument(s, open) {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')' && --depth === 0) return [s.slice(open + 1, i), i + 1];
  }
  throw new Error(`unbalanced selector: ${s}`);
}

/**
 * Reads one compound selector into an item: `match` (any of), `except`
 * (children that are excluded) and `noDescendants` (elements that must not be
 * descendants). Only the forms the package uses are read; anything else throws.
 */
function readSelector(s) {
  s = s.trim();
  const item = { match: [], except: [], noDescendants: [] };
  let i = 0;
  // The head of the compound: a type, a model, a category, #text, *.
  let m;
  if ((m = /^([a-z][a-z0-9]*)/.exec(s))) {
    item.match.push({ kind: 'element', name: m[1] });
    i = m[0].length;
  } else if (s.startsWith(':model(')) {
    const [arg, next] = argument(s, ':model'.length);
    if (!CATEGORIES.includes(arg)) throw new Error(`unknown category ${arg}`);
    item.match.push({ kind: 'category', category: arg });
    i = next;
  } else if ((m = /^#([a-z-]+)/.exec(s))) {
    if (m[1] === 'text') item.match.push({ kind: 'text' });
    else if (CATEGORIES.includes(m[1])) item.match.push({ kind: 'category', category: m[1] });
    else throw new Error(`unknown selector ${s}`);
    i = m[0].length;
  } else if (s.startsWith('*')) {
    item.match.push({ kind: 'any' });
    i = 1;
  } else if (s.startsWith(':not(')) {
    item.match.push({ kind: 'any' });
  } else if ((m = /^\[([a-z-]+)\]/.exec(s))) {
    item.match.push({ kind: 'attribute', name: m[1] });
    i = m[0].length;
  } else {
    throw new Error(`cannot read selector ${JSON.stringify(s)}`);
  }
  while (i < s.length) {
    if (s.startsWith(':not(', i)) {
      const [arg, next] = argument(s, i + ':not'.length);
      for (const part of splitList(arg)) {
        if (part.startsWith(':has(')) {
          const [inner] = argument(part, ':has'.length);
          for (const d of splitList(inner)) item.noDescendants.push(...readSelector(d).match);
        } else {
          item.except.push(...readSelector(part).match);
        }
      }
      i = next;
    } else {
      throw new Error(`cannot read selector ${JSON.stringify(s)} at ${i}`);
    }
  }
  // `except` applies to the child itself, `noDescendants` to the child's descendants: `X:not(A, :has(A))` is both.
  if (item.except.length === 0) delete item.except;
  if (item.noDescendants.length === 0) delete item.noDescendants;
  return item;
}

/** One item matching any of several selectors (a package array of selectors). */
function readItem(x) {
  if (typeof x === 'string') return readSelector(x);
  if (Array.isArray(x) && x.every((y) => typeof y === 'string')) {
    const items = x.map(readSelector);
    if (items.some((it) => it.except || it.noDescendants)) {
      return { kind: 'choice', of: items.map((it) => ({ kind: 'item', item: it })) };
    }
    return { match: items.flatMap((it) => it.match) };
  }
  return null;
}

/** Whether an item only matches by category or text (so "one or more" of it means "any number": flow content may be empty). */
function isCategoryLike(item) {
  return item.match !== undefined && item.match.every((s) => s.kind === 'category' || s.kind === 'text');
}

function readPattern(x) {
  // A sequence of package items.
  if (Array.isArray(x) && x.length > 0 && typeof x[0] === 'object') return { kind: 'seq', of: x.map(readPattern) };
  if (typeof x !== 'object' || x === null || Array.isArray(x)) {
    const item = readItem(x);
    if (item === null) throw new Error(`cannot read ${JSON.stringify(x)}`);
    return item.kind === 'choice' ? item : { kind: 'item', item };
  }
  const keys = Object.keys(x);
  if (keys.length !== 1) throw new Error(`cannot read ${JSON.stringify(x)}`);
  const op = keys[0];
  const value = x[op];
  if (op === 'choice') return { kind: 'choice', of: value.map((alt) => ({ kind: 'seq', of: alt.map(readPattern) })) };
  if (op === 'transparent') {
    const item = value === '*' ? {} : readSelector(value);
    const t = { match: [{ kind: 'context' }] };
    if (item.except) t.except = item.except;
    if (item.noDescendants) t.noDescendants = item.noDescendants;
    return { kind: 'zeroOrMore', of: { kind: 'item', item: t } };
  }
  const inner = readPattern(value);
  switch (op) {
    case 'zeroOrMore':
      return { kind: 'zeroOrMore', of: inner };
    case 'oneOrMore':
      // "Flow content" or "phrasing content" may be empty; the package writes it as one or more.
      if (inner.kind === 'item' && isCategoryLike(inner.item)) return { kind: 'zeroOrMore', of: inner };
      return { kind: 'oneOrMore', of: inner };
    case 'optional':
      return { kind: 'optional', of: inner };
    case 'require':
      return inner;
    default:
      throw new Error(`unknown operator ${op}`);
  }
}

function readModel(contents) {
  if (contents === false) return { kind: 'nothing' };
  if (contents === true || contents === 'any') return { kind: 'any' };
  return { kind: 'pattern', pattern: contents.length === 1 ? readPattern(contents[0]) : { kind: 'seq', of: contents.map(readPattern) } };
}

function readCondition(c) {
  let m;
  if ((m = /^\[([a-z]+)\]$/.exec(c))) return { kind: 'attribute', name: m[1] };
  if ((m = /^([a-z]+) > ([a-z]+)$/.exec(c))) return { kind: 'parent', name: m[1] };
  throw new Error(`cannot read condition ${c}`);
}

// ---------------------------------------------------------------------------
// Categories, from the package's category lists (with conditions)
// ---------------------------------------------------------------------------

/** element name -> category -> true | condition */
const categories = new Map();
const lists = spec.def['#contentModels'];
for (const category of CATEGORIES) {
  const list = lists[`#${category}`];
  if (!Array.isArray(list)) throw new Error(`no list for ${category}`);
  for (const entry of list) {
    if (entry === '#text' || entry === '#custom' || entry.startsWith('svg|') || entry === 'math') continue;
    let m;
    let name;
    let condition = true;
    if ((m = /^([a-z0-9]+)$/.exec(entry))) name = m[1];
    else if ((m = /^([a-z0-9]+)\[([a-z]+)\]$/.exec(entry))) {
      name = m[1];
      condition = { kind: 'attribute', name: m[2] };
    } else if ((m = /^link\[rel=([a-z-]+)\]$/.exec(entry))) {
      if (!BODY_OK.includes(m[1]) && m[1] !== 'prerender') throw new Error(`link rel ${m[1]} is not body-ok`);
      name = 'link';
      condition = { kind: 'rel-body-ok' };
    } else if (entry === "input:not([type='hidden' i])") {
      name = 'input';
      condition = { kind: 'not-attribute-value', name: 'type', value: 'hidden' };
    } else if (/^hgroup:has\(/.test(entry)) {
      // https://html.spec.whatwg.org/multipage/dom.html#heading-content: "h1, h2, h3, h4, h5, h6, hgroup" (unconditionally).
      name = 'hgroup';
    } else throw new Error(`cannot read category entry ${entry}`);
    // https://html.spec.whatwg.org/multipage/semantics.html#allowed-in-the-body: a link is flow and phrasing content
    // "if it is allowed in the body": it has an itemprop attribute, or a rel whose keywords are all body-ok.
    if (name === 'link' && condition !== true) condition = { kind: 'any-of', of: [{ kind: 'attribute', name: 'itemprop' }, { kind: 'rel-body-ok' }] };
    const own = categories.get(name) ?? {};
    // link[itemprop] and link[rel=…] are one condition; keep the first.
    if (own[category] === undefined) own[category] = condition;
    categories.set(name, own);
  }
}

// ---------------------------------------------------------------------------
// The entries
// ---------------------------------------------------------------------------

const hrefOf = new Map();
for (const [page, names] of Object.entries(PAGES)) {
  for (const name of names.split(' ')) hrefOf.set(name, `${SPEC}${page}#${ANCHORS[name] ?? `the-${name}-element`}`);
}

const packageElements = spec.specs.filter((e) => !e.name.includes(':') && e.name !== 'math' && e.name !== 'svg');
// ---------------------------------------------------------------------------
// Attributes (for completion)
// ---------------------------------------------------------------------------

/** The groups of global attributes: every HTML element has them (their names are exported apart). */
const GLOBAL_GROUPS = ['#HTMLGlobalAttrs', '#GlobalEventAttrs', '#ARIAAttrs'];
/**
 * Attributes the package lists (from MDN) that the HTML standard does not
 * define: they belong to other specifications or to one browser.
 */
const NOT_IN_HTML = new Set(['attributionsrc', 'controlslist', 'disablepictureinpicture', 'disableremoteplayback', 'elementtiming']);
/** The package's flags for an attribute that is not for authors' use. */
const notForAuthors = (a) => a.deprecated || a.experimental || a.nonStandard || a.obsolete || a.noUse || a.ineffective;

/** The names of a group of attributes, without those not for authors. */
function groupNames(group) {
  const def = spec.def['#globalAttrs'][group];
  if (def === undefined) throw new Error(`unknown attribute group ${group}`);
  return Object.entries(def).filter(([name, a]) => !notForAuthors(a) && !NOT_IN_HTML.has(name)).map(([name]) => name);
}

/** An element's own content attributes (globals apart, obsolete ones left out), sorted. */
function attributesOf(e, obsolete) {
  const names = new Set();
  for (const [name, a] of Object.entries(e.attributes ?? {})) if (!notForAuthors(a) && !NOT_IN_HTML.has(name) && !obsolete.includes(name)) names.add(name);
  for (const [group, which] of Object.entries(e.globalAttrs ?? {})) {
    if (GLOBAL_GROUPS.includes(group)) continue;
    const inGroup = groupNames(group);
    for (const name of which === true ? inGroup : which) if (inGroup.includes(name) && !obsolete.includes(name)) names.add(name);
  }
  return [...names].sort();
}

const entries = [];
const seen = new Set();
for (const e of packageElements) {
  seen.add(e.name);
  const obsolete = OBSOLETE_ELEMENTS[e.name];
  const href = obsolete !== undefined ? `${SPEC}obsolete.html#non-conforming-features` : hrefOf.get(e.name);
  if (href === undefined) throw new Error(`no spec page for <${e.name}>: add it to PAGES or OBSOLETE_ELEMENTS`);
  const override = OVERRIDES[e.name];
  const source = override ?? e.contentModel;
  const entry = { name: e.name, href, categories: categories.get(e.name) ?? {} };
  if (obsolete !== undefined) {
    entry.obsolete = obsolete;
    entry.model = { kind: 'any' };
  } else {
    entry.model = readModel(source.contents);
    if (source.conditional) entry.conditional = source.conditional.map((c) => ({ when: readCondition(c.condition), model: readModel(c.contents) }));
    if (e.name === 'option' || e.name === 'div') {
      // option's conditions are dropped with its model (see OVERRIDES); div's is kept.
      if (e.name === 'option') delete entry.conditional;
    }
    if (e.contentModel.descendantOf) entry.ancestor = e.contentModel.descendantOf;
  }
  if (override) entry.modelSource = override.reason;
  const obsoleteAttributes = OBSOLETE_ATTRIBUTES[e.name];
  if (obsoleteAttributes) entry.obsoleteAttributes = obsoleteAttributes.split(' ');
  if (obsolete === undefined) {
    const attributes = attributesOf(e, obsoleteAttributes ? obsoleteAttributes.split(' ') : []);
    if (attributes.length > 0) entry.attributes = attributes;
  }
  entries.push(entry);
}
for (const name of Object.keys(OBSOLETE_ELEMENTS)) if (!seen.has(name)) throw new Error(`the package has no <${name}>`);
for (const name of hrefOf.keys()) {
  if (seen.has(name)) continue;
  if (name !== 'selectedcontent') throw new Error(`the package has no <${name}>`);
  // https://html.spec.whatwg.org/multipage/form-elements.html#the-selectedcontent-element: categories none, content
  // model nothing (the browser fills it with a copy of the selected option's content).
  entries.push({
    name,
    href: hrefOf.get(name),
    categories: { phrasing: true },
    model: { kind: 'any' },
    modelSource: 'selectedcontent: "Contexts: as a descendant of a button element that is the first child of a select element" — not in the package yet; allowed where phrasing content is, its content not checked (the browser fills it)',
  });
}
for (const name of Object.keys(OVERRIDES)) if (!seen.has(name)) throw new Error(`override for unknown <${name}>`);
entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

// ---------------------------------------------------------------------------
// ARIA
// ---------------------------------------------------------------------------

const roles = [...ariaQuery.roles.keys()].filter((r) => !ariaQuery.roles.get(r).abstract).sort();
const abstractRoles = [...ariaQuery.roles.keys()].filter((r) => ariaQuery.roles.get(r).abstract).sort();
const ariaAttributes = [...ariaQuery.aria.keys()].sort();
if (roles.length < 100 || ariaAttributes.length < 40) throw new Error('aria-query lists too few roles or attributes');

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

const json = (x) => JSON.stringify(x);
let out = `${generatedHeader(import.meta.url, 'npm run generate').join('\n')}
// Data: npm packages @markuplint/html-spec ${markuplintVersion} and aria-query ${ariaQueryVersion}, with the
// generator's overrides from the spec (each entry's \`modelSource\` says why).
// https://html.spec.whatwg.org/multipage/indices.html#elements-3
import type { ElementEntry } from './element-entry';

/** One entry per HTML element, sorted by name. */
export const ELEMENT_ENTRIES: readonly ElementEntry[] = [
`;
for (const e of entries) out += `  ${json(e)},\n`;
out += `];

/** The global attributes, which every HTML element has. https://html.spec.whatwg.org/multipage/dom.html#global-attributes */
export const GLOBAL_ATTRIBUTES: readonly string[] = ${json(groupNames('#HTMLGlobalAttrs').sort())};

/** The event handler content attributes every HTML element has. https://html.spec.whatwg.org/multipage/webappapis.html#globaleventhandlers */
export const EVENT_HANDLER_ATTRIBUTES: readonly string[] = ${json(groupNames('#GlobalEventAttrs').sort())};

/** WAI-ARIA roles an author may use (abstract roles excluded). https://w3c.github.io/aria/#role_definitions */
export const ARIA_ROLES: readonly string[] = ${json(roles)};

/** Abstract WAI-ARIA roles, which authors must not use. https://w3c.github.io/aria/#abstract_roles */
export const ARIA_ABSTRACT_ROLES: readonly string[] = ${json(abstractRoles)};

/** WAI-ARIA states and properties. https://w3c.github.io/aria/#state_prop_def */
export const ARIA_ATTRIBUTES: readonly string[] = ${json(ariaAttributes)};
`;
writeFileSync(target, out);
console.log(`wrote ${target}: ${entries.length} elements, ${roles.length} roles, ${ariaAttributes.length} ARIA attributes`);
