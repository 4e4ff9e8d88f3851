#!/usr/bin/env node
// Generates server/parser/src/conformance/aria-table.generated.ts: what the
// ARIA checks (conformance/aria-rules.ts) read.
// - Per HTML element, ARIA in HTML's document conformance table
//   (https://w3c.github.io/html-aria/#docconformance): the implicit role, the
//   roles authors may give it ("Any role", "No role" or a list), whether
//   naming is prohibited, which aria-* attributes it takes, and the rules on
//   aria-* attributes that duplicate native HTML (#docconformance-attr), with
//   the conditions under which a row applies (a with or without href, img
//   with alt="", input types, select with multiple or size…).
// - Per WAI-ARIA role (https://w3c.github.io/aria/#role_definitions; WAI-ARIA
//   1.2): its supported, required and prohibited states and properties, its
//   required context roles, whether it prohibits naming, whether it is
//   deprecated.
// - Per state and property, its value type (#propcharacteristic_value) and
//   tokens.
//
// Data: the npm packages `@markuplint/html-spec` (ARIA in HTML per element,
// and the WAI-ARIA 1.2 role model and states) and `aria-query` (the DPUB and
// 1.3 roles and properties that the first does not have), dev dependencies.
// The package's CSS-like conditions are read into TagTree's own small
// condition kinds (CONDITIONS below); a condition the generator does not know
// fails the run. OVERRIDES correct the data where it differs from the spec
// text, each quoting it.
//
// Run: node server/parser/scripts/generate-aria-table.mjs (npm run generate)
import { writeFileSync } from 'node:fs';
import { generatedHeader, rootRequire, sourceFile, versionOf } from './lib/generator.mjs';

const target = sourceFile('conformance', 'aria-table.generated.ts');
const spec = rootRequire('@markuplint/html-spec');
const ariaQuery = rootRequire('aria-query');

const ARIA = spec.def['#aria']['1.2'];
const ARIA_LATEST = spec.def['#aria']['1.3'];

// ---------------------------------------------------------------------------
// States and properties: value types
// ---------------------------------------------------------------------------

const TYPE_NAMES = {
  'true/false': 'true/false',
  tristate: 'tristate',
  'true/false/undefined': 'true/false/undefined',
  'ID reference': 'idref',
  'ID reference list': 'idrefs',
  integer: 'integer',
  number: 'number',
  string: 'string',
  token: 'token',
  'token list': 'tokens',
};

/** Where the package's value type differs from WAI-ARIA 1.2, with the spec's words. */
const PROPERTY_OVERRIDES = {
  'aria-checked': {
    type: 'tristate',
    reason: 'https://www.w3.org/TR/wai-aria-1.2/#aria-checked: "Value: tristate" (the package gives true/false with tristate only for checkbox and menuitemcheckbox)',
  },
};

const properties = {};
const globalProperties = [];
const deprecatedProperties = [];
for (const p of [...ARIA.props, ...ARIA_LATEST.props.filter((x) => !ARIA.props.some((y) => y.name === x.name))]) {
  const type = PROPERTY_OVERRIDES[p.name]?.type ?? TYPE_NAMES[p.value];
  if (type === undefined) throw new Error(`unknown value type ${p.value} of ${p.name}`);
  const entry = { type };
  if (type === 'token' || type === 'tokens') {
    // "token list" values in the package list multi-token examples ("additions text"): keep single tokens.
    entry.tokens = [...new Set(p.enum.flatMap((v) => v.split(' ')))].sort();
    if (p.name === 'aria-orientation' || p.name === 'aria-sort' || p.name === 'aria-autocomplete') entry.tokens = entry.tokens.filter((t) => t !== 'undefined');
  }
  properties[p.name] = entry;
  if (p.isGlobal) globalProperties.push(p.name);
  if (p.deprecated) deprecatedProperties.push(p.name);
}
// Cross-check with aria-query: every state and property it knows must be here with the same type.
const AQ_TYPES = { boolean: ['true/false', 'true/false/undefined'], tristate: ['tristate'], id: ['idref'], idlist: ['idrefs'], integer: ['integer'], number: ['number'], string: ['string'], token: ['token'], tokenlist: ['tokens'] };
for (const [name, def] of ariaQuery.aria) {
  if (properties[name] === undefined) throw new Error(`aria-query's ${name} is not in the package's WAI-ARIA data`);
  if (!AQ_TYPES[def.type].includes(properties[name].type)) throw new Error(`${name}: aria-query says ${def.type}, the package ${properties[name].type}`);
}

// ---------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------

const roles = {};
const abstractRoles = [];
const globalSet = new Set(globalProperties);
for (const r of [...ARIA.roles, ...(ARIA.graphicsRoles ?? [])]) {
  if (r.isAbstract) {
    abstractRoles.push(r.name);
    continue;
  }
  const owned = r.ownedProperties ?? [];
  roles[r.name] = {
    props: owned.map((p) => p.name).filter((n) => !globalSet.has(n)).sort(),
    required: owned.filter((p) => p.required).map((p) => p.name).sort(),
    prohibited: [...(r.prohibitedProperties ?? [])].sort(),
    context: [...(r.requiredContextRole ?? [])].sort(),
    nameProhibited: r.accessibleNameProhibited === true,
    deprecated: r.deprecated === true,
  };
}
// The DPUB-ARIA roles and the roles of WAI-ARIA 1.3 the package's 1.2 data lacks (mark), from aria-query.
for (const [name, r] of ariaQuery.roles) {
  if (roles[name] !== undefined || r.abstract) continue;
  roles[name] = {
    props: Object.keys(r.props).filter((n) => !globalSet.has(n)).sort(),
    required: Object.keys(r.requiredProps).sort(),
    prohibited: Object.keys(r.prohibitedProps).sort(),
    context: [...r.requiredContextRole].sort(),
    nameProhibited: r.nameFrom.includes('prohibited'),
    deprecated: false,
  };
}
/** Where the packages differ from the spec, with the spec's words. */
const ROLE_OVERRIDES = {
  // https://w3c.github.io/dpub-aria/#doc-biblioentry and #doc-endnote: "[Deprecated in DPUB-ARIA 1.1]".
  // Both have an empty "Required Context Role:" in DPUB-ARIA 1.1 (aria-query keeps DPUB-ARIA 1.0's doc-bibliography, doc-endnotes).
  'doc-biblioentry': { deprecated: true, context: [], reason: 'DPUB-ARIA 1.1: doc-biblioentry "[Deprecated in DPUB-ARIA 1.1]"; "Required Context Role:" (none)' },
  'doc-endnote': { deprecated: true, context: [], reason: 'DPUB-ARIA 1.1: doc-endnote "[Deprecated in DPUB-ARIA 1.1]"; "Required Context Role:" (none)' },
  // https://www.w3.org/TR/wai-aria-1.2/#directory: "Note: This role is deprecated in ARIA 1.2".
  directory: { deprecated: true, reason: 'WAI-ARIA 1.2 #directory: "This role is deprecated in ARIA 1.2"' },
  // The required states of WAI-ARIA's current text (https://w3c.github.io/aria/), which dropped some of 1.2's.
  combobox: { required: ['aria-expanded'], reason: 'https://w3c.github.io/aria/#combobox: "Required States and Properties: aria-expanded" (1.2 also required aria-controls)' },
  option: { required: [], reason: 'https://w3c.github.io/aria/#option: "Required States and Properties:" none (1.2 required aria-selected)' },
  scrollbar: { required: ['aria-valuenow'], reason: 'https://w3c.github.io/aria/#scrollbar: "Required States and Properties: aria-valuenow" (1.2 also required aria-controls)' },
  separator: { required: [], reason: 'https://w3c.github.io/aria/#separator: "Required States and Properties: aria-valuenow (if focusable)": whether it is focusable is not read here' },
};
for (const [name, o] of Object.entries(ROLE_OVERRIDES)) {
  if (o.deprecated !== undefined) roles[name].deprecated = o.deprecated;
  if (o.required !== undefined) roles[name].required = o.required;
  if (o.context !== undefined) roles[name].context = o.context;
}
// Cross-check with aria-query: the same roles, and for WAI-ARIA 1.2's roles the same required context.
const disagreements = [];
for (const [name, r] of ariaQuery.roles) {
  if (r.abstract) continue;
  if (roles[name] === undefined) throw new Error(`aria-query's role ${name} is not in the table`);
  const ours = roles[name].context.join(' ');
  const theirs = [...r.requiredContextRole].sort().join(' ');
  if (ours !== theirs) disagreements.push(`${name}: context [${ours}] (package) vs [${theirs}] (aria-query)`);
}

// WAI-ARIA 1.2's required owned elements (https://www.w3.org/TR/wai-aria-1.2/#mustContain), as paths from the
// owning element down: "rowgroup > row" is a row owned through a rowgroup. Only WAI-ARIA 1.2's roles (the DPUB-ARIA
// roles are left out); the current text has no such requirement (its "Allowed Accessibility Child Roles" restrict
// which children an element has, not that it has one).
const requiredOwned = {};
for (const r of ARIA.roles) {
  if (r.isAbstract || (r.requiredOwnedElements ?? []).length === 0) continue;
  requiredOwned[r.name] = r.requiredOwnedElements.map((p) => p.split('>').map((s) => s.trim()));
}
for (const [name, r] of ariaQuery.roles) {
  if (requiredOwned[name] === undefined) continue;
  const ours = requiredOwned[name].map((p) => [...p].sort().join('>')).sort().join(' ');
  const theirs = r.requiredOwnedElements.map((p) => [...p].sort().join('>')).sort().join(' ');
  if (ours !== theirs) throw new Error(`${name}: required owned elements [${ours}] (package) vs [${theirs}] (aria-query)`);
}

// ---------------------------------------------------------------------------
// ARIA in HTML, per element
// ---------------------------------------------------------------------------

/**
 * The package's conditions, read into TagTree's condition kinds (aria-rules.ts `AriaCondition`). Each is the
 * condition of a row of ARIA in HTML's table.
 */
const TEXT_INPUTS = ['text', 'search', 'tel', 'url', 'email'];
const CONDITIONS = {
  ':not([href])': { kind: 'no-attribute', name: 'href' },
  'dl > div': { kind: 'parent', name: 'dl' },
  ':has(figcaption)': { kind: 'child', name: 'figcaption' },
  // OVERRIDE: the package writes a descendant test (:has); ARIA in HTML's rows of header and footer test the
  // ancestors: footer "If the footer element is not a descendant of an article, aside, main, nav or section
  // element, or an element with role=article, complementary, main, navigation or region then role=contentinfo"
  // (header likewise with role=banner); "Otherwise, role=generic".
  ':has(article, aside, main, nav, section, [role=article], [role=complementary], [role=main], [role=navigation], [role=region])': { kind: 'scoped' },
  ':aria(has name)': { kind: 'named' },
  '[alt=""]': { kind: 'attribute-value', name: 'alt', value: '' },
  ':not([alt]):aria(has no name)': { kind: 'unnamed-without-alt' },
  ':is(select, select > option, datalist) > option': { kind: 'option-in-list' },
  '[multiple], [size]:not([size=1])': { kind: 'select-listbox' },
  '[type=\'checkbox\' i][aria-pressed]': { kind: 'input-type', types: ['checkbox'], attribute: 'aria-pressed' },
  [`:is(:not([type]), ${TEXT_INPUTS.map((t) => `[type='${t}' i]`).join(', ')})[list]`]: { kind: 'input-type', types: TEXT_INPUTS, list: true },
  'table:is(:not([role]), [role=table]) > :is(thead, tfoot, tbody) > tr > td, table:is(:not([role]), [role=table]) > tr > td': { kind: 'in-table', roles: ['', 'table'] },
  'table:is([role=grid], [role=treegrid]) > :is(thead, tfoot, tbody) > tr > td, table:is([role=grid], [role=treegrid]) > tr > td': { kind: 'in-table', roles: ['grid', 'treegrid'] },
  'table:is(:not([role]), [role=table], [role=grid], [role=treegrid]) > :is(thead, tfoot, tbody) > tr > td, table:is(:not([role]), [role=table], [role=grid], [role=treegrid]) > tr > td': { kind: 'in-table', roles: ['', 'table', 'grid', 'treegrid'] },
  'table:is(:not([role]), [role=table]) > :is(thead, tfoot, tbody) > tr > th, table:is(:not([role]), [role=table]) > tr > th': { kind: 'in-table', roles: ['', 'table'] },
  'table:is([role=grid], [role=treegrid]) > :is(thead, tfoot, tbody) > tr > th, table:is([role=grid], [role=treegrid]) > tr > th': { kind: 'in-table', roles: ['grid', 'treegrid'] },
  'table:is(:not([role]), [role=table], [role=grid], [role=treegrid]) > :is(thead, tfoot, tbody) > tr': { kind: 'in-table', roles: ['', 'table', 'grid', 'treegrid'] },
  'table:is(:not([role]), [role=table], [role=grid], [role=treegrid]) > :is(thead, tfoot, tbody) > tr > th, table:is(:not([role]), [role=table], [role=grid], [role=treegrid]) > tr > th': { kind: 'in-table', roles: ['', 'table', 'grid', 'treegrid'] },
};
/** Conditions whose rows only refine the implicit role of th (columnheader, rowheader): read as th's own row. */
const SKIPPED_CONDITIONS = new Set([
  'table:is(:not([role]), [role=table], [role=grid], [role=treegrid]) > thead > tr > th:not([scope])',
  'table:is(:not([role]), [role=table], [role=grid], [role=treegrid]) > :is(tfoot, tbody) > tr > th:not([scope]), table:is(:not([role]), [role=table], [role=grid], [role=treegrid]) > tr > th:not([scope])',
  'table:is(:not([role]), [role=table], [role=grid], [role=treegrid]) > :is(thead, tfoot, tbody) > tr > th[scope=col], table:is(:not([role]), [role=table], [role=grid], [role=treegrid]) > tr > th[scope=col]',
  'table:is(:not([role]), [role=table], [role=grid], [role=treegrid]) > :is(thead, tfoot, tbody) > tr > th[scope=row], table:is(:not([role]), [role=table], [role=grid], [role=treegrid]) > tr > th[scope=row]',
]);
function condition(selector) {
  const known = CONDITIONS[selector];
  if (known !== undefined) return known;
  const type = /^\[type='([a-z-]+)' i\](:not\(\[list\]\))?$/.exec(selector);
  if (type !== null) return type[2] !== undefined ? { kind: 'input-type', types: [type[1]], list: false } : { kind: 'input-type', types: [type[1]] };
  throw new Error(`unknown condition ${selector}: read it into a condition kind`);
}

/** The package's `properties` read: false (no aria-* attribute), or what it allows and forbids. */
function propertiesOf(p) {
  if (p === undefined) return undefined;
  if (p === false) return false;
  const out = {};
  if (p.only !== undefined) out.only = p.only.map((o) => (typeof o === 'string' ? { name: o } : { name: o.name, value: o.value }));
  if (typeof p.role === 'string') out.roles = [p.role];
  else if (Array.isArray(p.role)) out.roles = p.role;
  if (p.without !== undefined) out.without = p.without.map((w) => ({ name: w.name, severity: w.type === 'must-not' ? 'error' : 'warning', ...(w.value !== undefined ? { value: w.value } : {}) }));
  return out;
}

function factsOf(x) {
  const out = {};
  if (x.implicitRole !== undefined) out.implicit = x.implicitRole === false ? null : x.implicitRole;
  // A deprecated role in the list ({ name, deprecated }) is allowed; the checks warn on deprecated roles anywhere.
  if (x.permittedRoles !== undefined) out.allowed = x.permittedRoles === true ? 'any' : x.permittedRoles === false ? 'none' : x.permittedRoles.map((r) => (typeof r === 'string' ? r : r.name)).sort();
  if (x.namingProhibited !== undefined) out.namingProhibited = x.namingProhibited;
  const props = propertiesOf(x.properties);
  if (props !== undefined) out.props = props;
  return out;
}

/** Where the package differs from ARIA in HTML, with the spec's words. */
const ELEMENT_OVERRIDES = {
  li: {
    base: { implicit: 'generic', allowed: 'any' },
    cases: [{ when: { kind: 'parent-list' }, implicit: 'listitem', allowed: 'none' }],
    reason:
      'ARIA in HTML, li: "If the li is a child of a list element (ul, ol, menu) role=listitem. Otherwise, if the li is not a child of a list element it is exposed as a role=generic." and "No role other than listitem, which is NOT RECOMMENDED, if the parent list element has an implicit or explicit list role. Otherwise, any role if the parent list item does not expose an implicit or explicit list role." (the package has an older row)',
  },
  img: {
    cases: [
      { when: { kind: 'unnamed-empty-alt' }, implicit: 'presentation', allowed: ['none', 'presentation'], props: { only: [{ name: 'aria-hidden', value: 'true' }] } },
      { when: { kind: 'unnamed-without-alt' }, implicit: 'img', allowed: ['none', 'presentation'], props: { only: [{ name: 'aria-hidden', value: 'true' }] } },
    ],
    reason:
      'ARIA in HTML, img: "If the img has an empty alt (alt="") and lacks any other img naming methods: role=none, role=presentation"; "If the img has no alt attribute or accessible name: No role other than the role=none or presentation roles. (role=img is also allowed, but NOT RECOMMENDED.)"; "If the img has an empty alt="" attribute and no aria-label or aria-labelledby attributes to provide it an accessible name: No role other than the role=none or presentation roles, which are NOT RECOMMENDED. No aria-* attributes except aria-hidden="true". Otherwise, if the img has an author defined accessible name, see img with an accessible name." (the package tests alt="" alone, and allows no role)',
  },
  form: {
    base: { implicit: 'form' },
    cases: [],
    reason:
      'ARIA in HTML, form: "role=form"; "Roles: none, presentation or search. (form is also allowed, but NOT RECOMMENDED.)"; "A form is not exposed as a landmark region unless it has been provided an accessible name" (the package gives the role only to a named form, so role=form on an unnamed one read as not allowed)',
  },
  section: {
    addAllowed: ['region'],
    reason:
      'ARIA in HTML, section: "role=region if the section element has an accessible name Otherwise, role=generic"; "(role=region is also allowed, but NOT RECOMMENDED. role=generic SHOULD NOT be used.)" (the package leaves region out of the allowed roles)',
  },
  summary: {
    base: { implicit: null, allowed: 'any' },
    cases: [{ when: { kind: 'details-summary' }, allowed: 'none' }],
    reason:
      'ARIA in HTML, summary: "No corresponding role"; "No role if the summary element is a summary for its parent details. … Otherwise, authors MAY specifiy Any role" (the package gives "No role" always)',
  },
  th: {
    base: { implicit: 'columnheader' },
    cases: [
      { when: { kind: 'in-table', roles: ['', 'table', 'grid', 'treegrid'] }, allowed: 'none' },
      { when: { kind: 'attribute-value', name: 'scope', value: 'row' }, implicit: 'rowheader' },
    ],
    reason: 'ARIA in HTML, th: "role=columnheader, rowheader or cell if the ancestor table element is exposed as a role=table"; HTML-AAM maps a th by its scope and position. Read as columnheader (rowheader with scope=row, below) so that the properties of header cells are allowed.',
  },
};

/**
 * ARIA in HTML's "DPub Roles:" lines, which the package leaves out of the allowed roles (https://w3c.github.io/html-aria/#docconformance).
 */
const DPUB_ROLES = {
  a: ['doc-backlink', 'doc-biblioref', 'doc-glossref', 'doc-noteref'], // a with href: "DPub Roles: doc-backlink, doc-biblioref, doc-glossref or doc-noteref"
  aside: ['doc-dedication', 'doc-example', 'doc-footnote', 'doc-glossary', 'doc-pullquote', 'doc-tip'], // "DPub Roles: doc-dedication, doc-example, doc-footnote, doc-glossary, doc-pullquote or doc-tip"
  figure: ['doc-example'], // "DPub Role: doc-example"
  footer: ['doc-footnote'], // "DPub Role: doc-footnote"
  hr: ['doc-pagebreak'], // "DPub Role: doc-pagebreak"
  img: ['doc-cover'], // img with an accessible name: "DPub Role: doc-cover"
  nav: ['doc-index', 'doc-pagelist', 'doc-toc'], // "DPub Roles: doc-index, doc-pagelist or doc-toc"
  // "DPub Roles: doc-abstract, doc-acknowledgments, doc-afterword, doc-appendix, doc-bibliography, doc-chapter, doc-colophon, doc-conclusion, doc-credit, doc-credits, doc-dedication, doc-endnotes, doc-epigraph, doc-epilogue, doc-errata, doc-example, doc-foreword, doc-glossary, doc-index, doc-introduction, doc-notice, doc-pagelist, doc-part, doc-preface, doc-prologue, doc-pullquote, doc-qna, doc-toc"
  section: 'doc-abstract doc-acknowledgments doc-afterword doc-appendix doc-bibliography doc-chapter doc-colophon doc-conclusion doc-credit doc-credits doc-dedication doc-endnotes doc-epigraph doc-epilogue doc-errata doc-example doc-foreword doc-glossary doc-index doc-introduction doc-notice doc-pagelist doc-part doc-preface doc-prologue doc-pullquote doc-qna doc-toc'.split(' '),
  ...Object.fromEntries(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => [h, ['doc-subtitle']])), // "h1 to h6 … DPub Role: doc-subtitle"
};

const OBSOLETE_ELEMENTS = new Set(
  'applet acronym bgsound dir frame frameset noframes isindex keygen listing menuitem nextid noembed param plaintext rb rtc strike xmp basefont big blink center font marquee multicol nobr spacer tt'.split(' '),
);

const elements = {};
for (const e of spec.specs) {
  if (e.name.includes(':') || OBSOLETE_ELEMENTS.has(e.name) || e.aria === undefined) continue;
  const a = e.aria;
  const base = factsOf(a);
  const cases = [];
  for (const [selector, x] of Object.entries(a.conditions ?? {})) {
    if (SKIPPED_CONDITIONS.has(selector)) continue;
    cases.push({ when: condition(selector), ...factsOf(x) });
  }
  const o = ELEMENT_OVERRIDES[e.name];
  if (o !== undefined) {
    Object.assign(base, o.base ?? {});
    if (o.addAllowed !== undefined) base.allowed = [...new Set([...base.allowed, ...o.addAllowed])].sort();
    if (o.cases !== undefined) cases.splice(0, cases.length, ...o.cases);
  }
  const dpub = DPUB_ROLES[e.name];
  if (dpub !== undefined) {
    // Added to the base row's list (the rows with conditions, such as a header or footer exposed as generic, keep theirs).
    if (Array.isArray(base.allowed)) base.allowed = [...new Set([...base.allowed, ...dpub])].sort();
    else if (base.allowed !== 'any') throw new Error(`${e.name}: DPub roles for a row without a list`);
  }
  elements[e.name] = cases.length > 0 ? { ...base, cases } : base;
}
// Every role the elements name is a role of the table.
for (const [name, e] of Object.entries(elements)) {
  for (const f of [e, ...(e.cases ?? [])]) {
    for (const r of [f.implicit, ...(Array.isArray(f.allowed) ? f.allowed : []), ...(f.props?.roles ?? [])]) {
      if (r !== undefined && r !== null && roles[r] === undefined) throw new Error(`${name}: role ${r} is not in the table`);
    }
  }
}

const json = (x) => JSON.stringify(x);
const sortedObject = (o) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
const lines = (o) => Object.entries(sortedObject(o)).map(([k, v]) => `  ${json(k)}: ${json(v)},`).join('\n');

const out = `${generatedHeader(import.meta.url, 'npm run generate').join('\n')}
// Data: npm packages @markuplint/html-spec ${versionOf('@markuplint/html-spec')} (ARIA in HTML per element; the
// WAI-ARIA 1.2 role model and states) and aria-query ${versionOf('aria-query')} (DPUB-ARIA roles), with the
// generator's overrides from the specs, each quoting them.
// https://w3c.github.io/html-aria/#docconformance
// https://w3c.github.io/aria/#role_definitions
import type { AriaElementFacts, AriaPropertyFacts, AriaRoleFacts } from './aria-entry';

/** WAI-ARIA's states and properties and their value types. https://w3c.github.io/aria/#propcharacteristic_value */
export const ARIA_PROPERTIES: Readonly<Record<string, AriaPropertyFacts>> = {
${lines(properties)}
};

/** The global states and properties: allowed on any element that allows aria-* attributes. https://w3c.github.io/aria/#global_states */
export const ARIA_GLOBAL_PROPERTIES: readonly string[] = ${json(globalProperties.sort())};

/** Deprecated states and properties. https://w3c.github.io/aria/#deprecated */
export const ARIA_DEPRECATED_PROPERTIES: readonly string[] = ${json(deprecatedProperties.sort())};

/** The non-abstract roles: props (beyond the global ones), required and prohibited ones, required context roles. */
export const ARIA_ROLE_FACTS: Readonly<Record<string, AriaRoleFacts>> = {
${lines(roles)}
};

/**
 * WAI-ARIA 1.2's required owned elements per role, as paths from the owning element down ("rowgroup > row": a row
 * owned through a rowgroup). https://www.w3.org/TR/wai-aria-1.2/#mustContain
 */
export const ARIA_REQUIRED_OWNED: Readonly<Record<string, readonly (readonly string[])[]>> = {
${lines(requiredOwned)}
};

/** ARIA in HTML's document conformance table, per element: the base row and the conditional rows (applied in order). */
export const ARIA_ELEMENTS: Readonly<Record<string, AriaElementFacts>> = {
${lines(elements)}
};
`;
writeFileSync(target, out);
console.log(`wrote ${target}: ${Object.keys(properties).length} states and properties, ${Object.keys(roles).length} roles (${abstractRoles.length} abstract left out), ${Object.keys(elements).length} elements`);
if (disagreements.length > 0) console.log(`required context, the package against aria-query (the package's WAI-ARIA 1.2 kept):\n  ${disagreements.join('\n  ')}`);
