#!/usr/bin/env node
// Generates server/parser/src/attributes/allowed-attributes.generated.ts: the
// content attributes the spec allows on each HTML element (the "Content
// attributes" entry of each element's definition), the global attributes,
// the event handler content attributes, and the input attributes that apply
// only in some type states.
// https://html.spec.whatwg.org/multipage/indices.html#attributes-3
// https://html.spec.whatwg.org/multipage/input.html#input-type-attr-summary
//
// Data: the npm package `@markuplint/html-spec` (a dev dependency), read the
// same way as generate-element-table.mjs reads it. The package mixes the
// spec's attributes with MDN's (non-standard, experimental, deprecated ones),
// so only what it marks standard is taken, and OVERRIDES below correct it
// where it differs from the current spec, each quoting the spec. Obsolete
// attributes (the element table's `obsoleteAttributes`) are left out: the
// conformance check reports them, once, as obsolete.
//
// Run: node server/parser/scripts/generate-allowed-attributes.mjs (npm run generate)
import { readFileSync, writeFileSync } from 'node:fs';
import { generatedHeader, rootRequire, sourceFile, versionOf } from './lib/generator.mjs';

const target = sourceFile('attributes', 'allowed-attributes.generated.ts');
const spec = rootRequire('@markuplint/html-spec');
const markuplintVersion = versionOf('@markuplint/html-spec');

/** The elements whose attributes are checked: the conforming HTML elements (obsolete ones are reported as such). */
const OBSOLETE_ELEMENTS = new Set(
  'applet acronym bgsound dir frame frameset noframes isindex keygen listing menuitem nextid noembed param plaintext rb rtc strike xmp basefont big blink center font marquee multicol nobr spacer tt'.split(' '),
);

/** Attributes the package lists (from MDN) that the HTML standard does not define on any element. */
const NOT_IN_HTML = new Set(['attributionsrc', 'controlslist', 'disablepictureinpicture', 'disableremoteplayback', 'elementtiming', 'moz-opaque', 'privateToken', 'credentialless', 'csp', 'browsingtopics', 'allowpaymentrequest', 'interestfor', 'shadowrootreferencetarget', 'language', 'incremental', 'orient', 'results', 'webkitdirectory', 'switch']);
const flagged = (a) => a.deprecated || a.experimental || a.nonStandard || a.obsolete || a.noUse;

/**
 * Where the package differs from the spec. `add`: attributes the spec lists
 * that the package leaves out or flags; `remove`: attributes it lists that
 * the spec does not allow on the element. Each with the spec's words.
 */
const OVERRIDES = {
  iframe: {
    add: ['src'],
    remove: ['fetchpriority'],
    reason:
      'iframe: "Content attributes: Global attributes, src, srcdoc, name, sandbox, allow, allowfullscreen, width, height, referrerpolicy, loading" (the package flags src as ineffective, and gives iframe the fetch attributes group, whose fetchpriority the spec does not list here)',
  },
  script: {
    add: ['async', 'defer', 'charset', 'language'],
    reason:
      'script: "Content attributes: Global attributes, type, src, nomodule, async, defer, blocking, crossorigin, referrerpolicy, integrity, fetchpriority"; and obsolete.html#warnings-for-obsolete-but-conforming-features: "Authors should not specify a charset attribute on a script element" and "Authors should not specify a language attribute on a script element" (obsolete but conforming: a warning, not a disallowed attribute)',
  },
  a: {
    add: ['name'],
    reason:
      'a: "Content attributes: Global attributes, href, target, download, ping, rel, hreflang, type, referrerpolicy"; and obsolete.html#warnings-for-obsolete-but-conforming-features: "Authors should not specify the name attribute on a elements" (obsolete but conforming: a warning, not a disallowed attribute)',
  },
  style: {
    add: ['type'],
    reason:
      'style: the type attribute is obsolete but conforming when its value is "text/css" (obsolete.html#warnings-for-obsolete-but-conforming-features: "Authors should not specify a type attribute on a style element"); a should, so not a disallowed attribute',
  },
  input: {
    add: ['alpha', 'colorspace'],
    reason:
      'input: "Content attributes: Global attributes, accept, alpha, alt, autocomplete, checked, colorspace, dirname, disabled, form, formaction, formenctype, formmethod, formnovalidate, formtarget, height, list, max, maxlength, min, minlength, multiple, name, pattern, placeholder, popovertarget, popovertargetaction, readonly, required, size, src, step, type, value, width"; and capture, which HTML Media Capture (https://w3c.github.io/html-media-capture/#the-capture-attribute, an applicable specification) adds to file upload controls',
  },
  template: {
    add: ['for', 'shadowrootcustomelementregistry'],
    reason:
      'template: "Content attributes: Global attributes, shadowrootmode, shadowrootdelegatesfocus, shadowrootclonable, shadowrootserializable, shadowrootcustomelementregistry"; and the for attribute of whatwg/html 2ff023fb ("<template for>", spec-updates.md); the package knows neither yet',
  },
  video: {
    add: ['loading'],
    reason: 'video: the loading attribute (lazy-loading media elements, https://html.spec.whatwg.org/multipage/urls-and-fetching.html#lazy-loading-attribute), which the package does not know yet; the Nu checker 26.9 accepts it',
  },
  audio: {
    add: ['loading'],
    reason: 'audio: as video, the loading attribute',
  },
  dialog: {
    add: ['closedby'],
    reason: 'dialog: "Content attributes: Global attributes, closedby, open"',
  },
  link: {
    remove: ['target', 'charset', 'rev'],
    reason: 'link: "Content attributes: Global attributes, href, crossorigin, rel, media, integrity, hreflang, type, referrerpolicy, sizes, imagesrcset, imagesizes, as, blocking, color, disabled, fetchpriority" (target, charset and rev are obsolete.html features)',
  },
  th: {
    reason: 'th: "Content attributes: Global attributes, colspan, rowspan, headers, scope, abbr"',
  },
  area: {
    remove: ['hreflang', 'type'],
    reason: 'area: "Content attributes: Global attributes, alt, coords, shape, href, target, download, ping, rel, referrerpolicy" (hreflang and type on area are obsolete.html features)',
  },
};

/**
 * Elements that allow any attribute in no namespace besides their own: the
 * spec's "Any other attribute that has no namespace (see prose)".
 */
const ANY_NAMESPACELESS = {
  embed: 'embed: "Content attributes: Global attributes, src, type, width, height, Any other attribute that has no namespace (see prose)"',
};

/**
 * The input attributes that apply only in some type states, from the spec's
 * summary table ("input-type-attr-summary"): the package's conditions, read
 * from its `[type='x' i]` selectors, with these overrides.
 */
const INPUT_TYPE_OVERRIDES = {
  formaction: { types: ['submit', 'image'], reason: '"The formaction, formenctype, formmethod, formnovalidate, and formtarget attributes … apply to submit buttons" (Submit Button and Image Button states)' },
  formenctype: { types: ['submit', 'image'], reason: 'as formaction' },
  formmethod: { types: ['submit', 'image'], reason: 'as formaction' },
  formnovalidate: { types: ['submit', 'image'], reason: 'as formaction' },
  formtarget: { types: ['submit', 'image'], reason: 'as formaction' },
  value: {
    types: ['hidden', 'text', 'search', 'tel', 'url', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local', 'number', 'range', 'color', 'checkbox', 'radio', 'submit', 'reset', 'button'],
    reason: 'File Upload and Image Button states: "The following content attributes must not be specified and do not apply to the element: … value …" (the value IDL attribute is in mode filename there, and the image button has no value)',
  },
  capture: { types: ['file'], reason: 'HTML Media Capture: "The capture attribute ... applies to input elements whose type attribute is in the File Upload state"' },
};
const INPUT_TYPES = ['hidden', 'text', 'search', 'tel', 'url', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local', 'number', 'range', 'color', 'checkbox', 'radio', 'file', 'submit', 'image', 'reset', 'button'];

/** Types from the package's condition selectors; null when the attribute applies to every type. */
function typesOf(condition) {
  if (condition === undefined) return null;
  const list = Array.isArray(condition) ? condition : [condition];
  const types = new Set();
  for (const c of list) {
    let m;
    if (c === ':not([type])') types.add('text');
    else if ((m = /^\[type='([a-z-]+)' i\]$/.exec(c))) types.add(m[1]);
    else throw new Error(`cannot read input condition ${c}`);
  }
  for (const t of types) if (!INPUT_TYPES.includes(t)) throw new Error(`unknown input type ${t}`);
  return INPUT_TYPES.filter((t) => types.has(t));
}

/**
 * Attributes that the element's "Content attributes" allow only under some
 * parents ("If the element is a child of an ol element: value"; "src (in
 * audio or video)"). The package's conditions, read from its `parent > element`
 * selectors, must give these parents; `contexts`: the parents the element may
 * have at all (its "Contexts in which this element can be used"), under which
 * alone the attributes are judged (elsewhere the element itself is reported).
 */
const PARENT_DEPENDENT = {
  li: {
    attributes: { value: ['ol'] },
    contexts: ['ol', 'ul', 'menu'],
    reason:
      'li: "Content attributes: Global attributes; If the element is a child of an ol element: value"; "Contexts in which this element can be used: Inside ol elements. Inside ul elements. Inside menu elements."',
  },
  source: {
    attributes: { src: ['audio', 'video'], srcset: ['picture'], sizes: ['picture'], width: ['picture'], height: ['picture'] },
    contexts: ['picture', 'audio', 'video'],
    reason:
      'source: "Content attributes: Global attributes; type; media; src (in audio or video); srcset (in picture); sizes (in picture); width (in picture); height (in picture)"; "Contexts in which this element can be used: As a child of a picture element, before the img element. As a child of a media element, before any flow content or track elements."',
  },
};

/** The parents of a package condition `parent > element` (`:is(a, b) > element`); null for any other condition. */
function parentsOf(condition, element) {
  if (typeof condition !== 'string') return null;
  const m = /^(?::is\(([a-z, ]+)\)|([a-z]+)) > ([a-z]+)$/.exec(condition);
  if (m === null || m[3] !== element) return null;
  return (m[1] ?? m[2]).split(',').map((s) => s.trim()).sort();
}

// ---------------------------------------------------------------------------
// Global attributes
// ---------------------------------------------------------------------------

const groups = spec.def['#globalAttrs'];
/**
 * https://html.spec.whatwg.org/multipage/dom.html#global-attributes: the package's list, standard ones only
 * (xml:lang and xml:space are checked by their own rules; headingoffset and headingreset are the spec's, from the
 * headings and outlines section, which the package marks nothing on).
 */
const globalAttributes = Object.entries(groups['#HTMLGlobalAttrs'])
  .filter(([name, a]) => !flagged(a) && !NOT_IN_HTML.has(name) && name !== 'xmlns')
  .map(([name]) => name)
  .sort();
for (const required of ['accesskey', 'autocapitalize', 'autocorrect', 'autofocus', 'class', 'contenteditable', 'dir', 'draggable', 'enterkeyhint', 'hidden', 'id', 'inert', 'inputmode', 'is', 'itemid', 'itemprop', 'itemref', 'itemscope', 'itemtype', 'lang', 'nonce', 'popover', 'slot', 'spellcheck', 'style', 'tabindex', 'title', 'translate', 'writingsuggestions']) {
  if (!globalAttributes.includes(required)) throw new Error(`the package's global attributes lack ${required}`);
}

/**
 * https://html.spec.whatwg.org/multipage/webappapis.html#globaleventhandlers: the event handler content attributes
 * of every HTML element. The package's list, but onfocusin, onfocusout and onunload, which are no global event
 * handlers (onunload is body's, a WindowEventHandlers member).
 */
const NOT_GLOBAL_HANDLERS = new Set(['onfocusin', 'onfocusout', 'onunload']);
const eventHandlers = Object.keys(groups['#GlobalEventAttrs'])
  .filter((n) => !NOT_GLOBAL_HANDLERS.has(n))
  .sort();

// ---------------------------------------------------------------------------
// Per element
// ---------------------------------------------------------------------------

const entries = {};
const inputTypes = {};
for (const e of spec.specs) {
  if (e.name.includes(':') || e.name === 'svg' || e.name === 'math' || OBSOLETE_ELEMENTS.has(e.name)) continue;
  const names = new Set();
  const attrs = e.attributes ?? {};
  for (const [name, a] of Object.entries(attrs)) if (!flagged(a) && !NOT_IN_HTML.has(name) && !a.ineffective) names.add(name);
  for (const [group, which] of Object.entries(e.globalAttrs ?? {})) {
    if (group === '#HTMLGlobalAttrs' || group === '#GlobalEventAttrs' || group === '#ARIAAttrs') continue;
    const def = groups[group];
    for (const name of which === true ? Object.keys(def) : which) {
      const a = attrs[name] ?? def[name];
      if (!flagged(a) && !NOT_IN_HTML.has(name)) names.add(name);
    }
  }
  const override = OVERRIDES[e.name];
  if (override) {
    for (const n of override.add ?? []) names.add(n);
    for (const n of override.remove ?? []) names.delete(n);
  }
  // Globals the package repeats on some elements (id, title, tabindex…) are globals.
  for (const g of globalAttributes) names.delete(g);
  names.delete('xmlns');
  entries[e.name] = [...names].sort();
  if (e.name === 'input') {
    for (const name of entries.input) {
      const own = INPUT_TYPE_OVERRIDES[name];
      const types = own !== undefined ? own.types : typesOf(attrs[name]?.condition ?? groups['#HTMLFormControlElementAttrs'][name]?.condition ?? groups['#HTMLEmbededAndMediaContentAttrs'][name]?.condition);
      if (types !== null && types.length < INPUT_TYPES.length) inputTypes[name] = types;
    }
  }
}
// The package's parent conditions must be PARENT_DEPENDENT's, and no other element may have one.
for (const e of spec.specs) {
  for (const [name, a] of Object.entries(e.attributes ?? {})) {
    const parents = parentsOf(a.condition, e.name);
    const ours = PARENT_DEPENDENT[e.name]?.attributes[name];
    if (parents === null && ours === undefined) continue;
    if (JSON.stringify(parents) !== JSON.stringify(ours === undefined ? undefined : [...ours].sort())) {
      throw new Error(`<${e.name} ${name}>: the package's condition ${JSON.stringify(a.condition)} is not PARENT_DEPENDENT's ${JSON.stringify(ours)}`);
    }
  }
}
for (const [element, d] of Object.entries(PARENT_DEPENDENT)) {
  for (const name of Object.keys(d.attributes)) if (!entries[element]?.includes(name)) throw new Error(`<${element} ${name}>: not one of the element's attributes`);
}
// https://html.spec.whatwg.org/multipage/form-elements.html#the-selectedcontent-element: "Content attributes: Global attributes" (not in the package yet).
entries.selectedcontent ??= [];
for (const name of Object.keys(OVERRIDES)) if (entries[name] === undefined) throw new Error(`override for unknown <${name}>`);
// Input attributes the summary table gives types the package has none for.
for (const [name, types] of [['height', ['image']], ['width', ['image']], ['src', ['image']], ['alt', ['image']]]) {
  if (JSON.stringify(inputTypes[name]) !== JSON.stringify(types)) throw new Error(`input ${name}: expected types ${types}, the package says ${inputTypes[name]}`);
}

// The element table (generate-element-table.mjs's output, a layer above the attribute checks): each element's
// definition link and obsolete attributes, and every element it knows, copied here so that the attribute checks
// read no module of the conformance checks.
const elementTable = readFileSync(sourceFile('conformance', 'element-table.generated.ts'), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('  {"name":'))
  .map((l) => JSON.parse(l.trim().replace(/,$/, '')));
if (elementTable.length < 100) throw new Error('cannot read element-table.generated.ts: run generate-element-table.mjs first');
const hrefs = {};
const obsoleteAttributes = {};
for (const e of elementTable) {
  if (entries[e.name] !== undefined) hrefs[e.name] = e.href;
  if (e.obsoleteAttributes !== undefined) obsoleteAttributes[e.name] = e.obsoleteAttributes;
}
for (const name of Object.keys(entries)) if (hrefs[name] === undefined) throw new Error(`the element table has no <${name}>`);

const sorted = Object.keys(entries).sort();
const json = (x) => JSON.stringify(x);
let out = `${generatedHeader(import.meta.url, 'npm run generate').join('\n')}
// Data: npm package @markuplint/html-spec ${markuplintVersion}, its standard attributes only, with the generator's
// overrides from the spec (ALLOWED_ATTRIBUTES_SOURCES says why, per element).
// https://html.spec.whatwg.org/multipage/indices.html#attributes-3

/** Each conforming HTML element's own content attributes (globals apart), sorted. */
export const ELEMENT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
`;
for (const name of sorted) out += `  ${/^[a-z][a-z0-9]*$/.test(name) ? name : json(name)}: ${json(entries[name])},\n`;
out += `};

/** Each element's definition in the spec, where its "Content attributes" are listed. */
export const ELEMENT_HREFS: Readonly<Record<string, string>> = ${JSON.stringify(hrefs, Object.keys(hrefs).sort(), 2)};

/** The attributes the conformance check reports as obsolete, per element (not reported again here). */
export const OBSOLETE_ELEMENT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(obsoleteAttributes)};

/** Every element the element table knows (obsolete ones too): any other HTML element is unknown, or custom. */
export const KNOWN_ELEMENTS: readonly string[] = ${JSON.stringify(elementTable.map((e) => e.name).sort())};

/** Elements that allow any attribute in no namespace besides their own ("Any other attribute that has no namespace"). */
export const ANY_NAMESPACELESS_ATTRIBUTE_ELEMENTS: readonly string[] = ${json(Object.keys(ANY_NAMESPACELESS))};

/** The global attributes (xml:lang, xml:space and xmlns have their own rules). https://html.spec.whatwg.org/multipage/dom.html#global-attributes */
export const GLOBAL_CONTENT_ATTRIBUTES: readonly string[] = ${json(globalAttributes.filter((n) => !n.startsWith('xml')))};

/** The event handler content attributes of every HTML element. https://html.spec.whatwg.org/multipage/webappapis.html#globaleventhandlers */
export const GLOBAL_EVENT_HANDLER_ATTRIBUTES: readonly string[] = ${json(eventHandlers)};

/**
 * The input attributes that apply only in some type states, and those states' keywords.
 * https://html.spec.whatwg.org/multipage/input.html#input-type-attr-summary
 */
export const INPUT_ATTRIBUTE_TYPES: Readonly<Record<string, readonly string[]>> = {
`;
for (const name of Object.keys(inputTypes).sort()) out += `  ${/^[a-z]+$/.test(name) ? name : json(name)}: ${json(inputTypes[name])},\n`;
out += `};

/**
 * Attributes allowed only under some parents, per element: \`attributes\` gives each one's parents, \`contexts\` the
 * parents the element may have at all (the attributes are judged only under those).
 */
export const PARENT_DEPENDENT_ATTRIBUTES: Readonly<Record<string, { readonly attributes: Readonly<Record<string, readonly string[]>>; readonly contexts: readonly string[] }>> = ${JSON.stringify(
  Object.fromEntries(Object.entries(PARENT_DEPENDENT).map(([n, d]) => [n, { attributes: d.attributes, contexts: d.contexts }])),
)};

/** Why the generator changed the package's data, quoting the spec. */
export const ALLOWED_ATTRIBUTES_SOURCES: readonly string[] = ${JSON.stringify(
  [
    ...Object.values(OVERRIDES).map((o) => o.reason),
    ...Object.values(ANY_NAMESPACELESS),
    ...Object.values(PARENT_DEPENDENT).map((d) => d.reason),
    ...Object.entries(INPUT_TYPE_OVERRIDES).map(([n, o]) => `input ${n}: ${o.reason}`),
    'global event handlers: onfocusin, onfocusout and onunload are not in GlobalEventHandlers (onunload is one of body\'s WindowEventHandlers)',
  ],
  null,
  2,
)};
`;
writeFileSync(target, out);
console.log(`wrote ${target}: ${sorted.length} elements, ${globalAttributes.length} global attributes, ${eventHandlers.length} event handlers, ${Object.keys(inputTypes).length} type-dependent input attributes`);
