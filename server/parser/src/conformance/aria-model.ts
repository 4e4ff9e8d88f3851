/**
 * The ARIA semantics of an element as ARIA in HTML gives them (https://w3c.github.io/html-aria/#docconformance):
 * its role (the first non-abstract WAI-ARIA role token of `role`, else its implicit role), the roles authors may give
 * it, and what the conformance walk carries down for its descendants (the roles of its ancestors, for WAI-ARIA's
 * required context roles; whether it is inside sectioning content or main, for header and footer; the role of the
 * nearest table, for its cells and rows). The data: aria-table.generated.ts.
 */
import { getAttribute, type ElementShape } from '../attributes/tree-shape';
import { isValidCustomElementName } from '../attributes/custom-element-name';
import type { AriaCondition, AriaRowFacts } from './aria-entry';
import { ARIA_ELEMENTS, ARIA_ROLE_FACTS } from './aria-table.generated';

/**
 * What the walk carries down, as fields of each frame (walk-frames.ts `Frame`, which has them): the ARIA semantics
 * of the ancestors that an element's checks read. OPTIMIZATION: fields, not an object per frame.
 */
export interface AriaScope {
  /** Bits of `CONTEXT_BITS`: the required context roles among the ancestors, and `SCOPED`. */
  ariaAncestors: number;
  /** The explicit role of the nearest table ancestor ('' without one); null: no table ancestor. */
  ariaTable: string | null;
  /** Whether the parent's role is list (an li's row reads it). */
  ariaParentList: boolean;
  /** Whether an ancestor has aria-busy="true" (WAI-ARIA 1.2's required owned elements, aria-owned.ts). */
  ariaBusy: boolean;
}

/** A tree's root's scope (a document, a template's contents). */
function rootAriaScope(scope: AriaScope): void {
  scope.ariaAncestors = 0;
  scope.ariaTable = null;
  scope.ariaParentList = false;
  scope.ariaBusy = false;
}

/** A frame of the walk (walk-frames.ts `Frame`) as the ARIA scope reads it. */
export interface ScopedFrame extends AriaScope {
  readonly depth: number;
  readonly element: ElementShape | null;
  /** The element whose children's scope the fields hold (undefined: none yet). */
  ariaFor: ElementShape | null | undefined;
}

/**
 * The scope of the children of `frame`'s element: the fields of `frame`, made from the frames above it on the walk's
 * path where they are not made yet for the element each holds. OPTIMIZATION: made only when an element with a role or
 * an aria-* attribute asks (most documents have few), and once per frame and element (the frames are reused per
 * depth); the walk itself carries nothing.
 */
export function ariaScopeOf(frame: ScopedFrame, frameAt: (depth: number) => ScopedFrame): AriaScope {
  // The highest frame on the path whose fields are not made for its element: from there down to `frame`, each is made
  // from the one above. (OPTIMIZATION: found by depth, not kept in an array made per call.)
  let top = frame.depth + 1;
  for (let f = frame; ; f = frameAt(f.depth - 1)) {
    if (f.element === null) {
      // A tree's root: the document, or a template's contents (a tree of their own).
      rootAriaScope(f);
      f.ariaFor = null;
      break;
    }
    if (f.ariaFor === f.element) break;
    top = f.depth;
  }
  for (let depth = top; depth <= frame.depth; depth++) {
    const f = depth === frame.depth ? frame : frameAt(depth);
    fillScopeBelow(f, frameAt(depth - 1), f.element!);
    f.ariaFor = f.element;
  }
  return frame;
}

/** One bit per role that is some role's required context (https://w3c.github.io/aria/#scope). */
const CONTEXT_BITS = new Map<string, number>();
for (const facts of Object.values(ARIA_ROLE_FACTS)) for (const r of facts.context) if (!CONTEXT_BITS.has(r)) CONTEXT_BITS.set(r, 1 << CONTEXT_BITS.size);
/** Inside article, aside, main, nav or section, or an element with role article, complementary, main, navigation or region. */
const SCOPED = 1 << CONTEXT_BITS.size;
if (CONTEXT_BITS.size > 30) throw new Error('too many context roles for a bit set');
const SCOPING_ELEMENTS: ReadonlySet<string> = new Set(['article', 'aside', 'main', 'nav', 'section']);
const SCOPING_ROLES: ReadonlySet<string> = new Set(['article', 'complementary', 'main', 'navigation', 'region']);

/** Whether one of `roles` is among the ancestors `scope` describes. */
export function hasContext(scope: AriaScope, roles: readonly string[]): boolean {
  for (const r of roles) if ((scope.ariaAncestors & (CONTEXT_BITS.get(r) ?? 0)) !== 0) return true;
  return false;
}

/**
 * The first token of `role` that is a non-abstract WAI-ARIA role (https://w3c.github.io/aria/#host_general_role:
 * "use the first token in the sequence of tokens in the role attribute value which matches the name of any
 * non-abstract WAI-ARIA role"); null when none is.
 */
export function explicitRole(element: ElementShape): string | null {
  const attribute = getAttribute(element, 'role');
  if (attribute === null) return null;
  const value = attribute.value;
  let i = 0;
  while (i < value.length) {
    while (i < value.length && isSpace(value.charCodeAt(i))) i++;
    const start = i;
    while (i < value.length && !isSpace(value.charCodeAt(i))) i++;
    if (i > start) {
      // As the role check (element-rules.ts) reads tokens: ASCII case-insensitively.
      const token = value.slice(start, i).toLowerCase();
      if (Object.hasOwn(ARIA_ROLE_FACTS, token)) return token;
    }
  }
  return null;
}

/** Whether the element has aria-busy="true" (token values read ASCII case-insensitively, https://w3c.github.io/html-aria/#case-sensitivity). */
export function isBusy(element: ElementShape): boolean {
  const busy = getAttribute(element, 'aria-busy');
  return busy !== null && busy.value.toLowerCase() === 'true';
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
}

/** ARIA in HTML's row for `element` (its conditional rows applied in order), or undefined for an element it does not list. */
export function ariaRow(element: ElementShape, parent: ElementShape | null, scope: AriaScope): AriaRowFacts | undefined {
  const base = Object.hasOwn(ARIA_ELEMENTS, element.name) ? ARIA_ELEMENTS[element.name] : undefined;
  const cases = base?.cases;
  if (base === undefined || cases === undefined) return base;
  let row: AriaRowFacts = base;
  for (const c of cases) {
    if (!conditionHolds(c.when, element, parent, scope)) continue;
    row = {
      implicit: c.implicit !== undefined ? c.implicit : row.implicit,
      allowed: c.allowed ?? row.allowed,
      namingProhibited: c.namingProhibited ?? row.namingProhibited,
      props: c.props ?? row.props,
    };
  }
  return row;
}

function conditionHolds(when: AriaCondition, element: ElementShape, parent: ElementShape | null, scope: AriaScope): boolean {
  switch (when.kind) {
    case 'no-attribute':
      return getAttribute(element, when.name) === null;
    case 'attribute-value':
      return getAttribute(element, when.name)?.value === when.value;
    case 'parent':
      return parent !== null && parent.name === when.name && parent.namespace === 'html';
    case 'child':
      return hasChildNamed(element, when.name);
    case 'scoped':
      return (scope.ariaAncestors & SCOPED) !== 0;
    case 'named':
      return hasAuthorName(element);
    case 'unnamed-without-alt':
      return getAttribute(element, 'alt') === null && !hasAuthorName(element);
    case 'unnamed-empty-alt':
      return getAttribute(element, 'alt')?.value === '' && !hasAuthorName(element);
    case 'option-in-list':
      return parent !== null && (parent.name === 'select' || parent.name === 'datalist' || parent.name === 'optgroup');
    case 'select-listbox': {
      if (getAttribute(element, 'multiple') !== null) return true;
      const size = getAttribute(element, 'size');
      if (size === null) return false;
      const m = /^[\t\n\f\r ]*\+?(\d+)/.exec(size.value);
      return m !== null && Number(m[1]) > 1;
    }
    case 'input-type': {
      if (when.attribute !== undefined && getAttribute(element, when.attribute) === null) return false;
      if (when.list !== undefined && (getAttribute(element, 'list') !== null) !== when.list) return false;
      return when.types.includes(inputType(element));
    }
    case 'in-table':
      return scope.ariaTable !== null && when.roles.includes(scope.ariaTable);
    case 'parent-list':
      return scope.ariaParentList;
    case 'details-summary':
      return parent !== null && parent.name === 'details';
  }
}

/**
 * Whether `element` has a child element named `name`. OPTIMIZATION: a function of its own, not a closure in
 * `conditionHolds` (whose context would be made on every call).
 */
function hasChildNamed(element: ElementShape, name: string): boolean {
  const children = element.children;
  for (let i = 0; i < children.length; i++) if (children[i].kind === 'element' && (children[i] as ElementShape).name === name) return true;
  return false;
}

/** The input element's type state's keyword (https://html.spec.whatwg.org/multipage/input.html#attr-input-type): text when missing or invalid. */
const INPUT_TYPES: ReadonlySet<string> = new Set([
  'hidden', 'text', 'search', 'tel', 'url', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local', 'number', 'range', 'color',
  'checkbox', 'radio', 'file', 'submit', 'image', 'reset', 'button',
]);
export function inputType(element: ElementShape): string {
  const type = getAttribute(element, 'type');
  if (type === null) return 'text';
  const t = type.value.toLowerCase();
  return INPUT_TYPES.has(t) ? t : 'text';
}

/** The attributes that give an element a name (`hasAuthorName`). */
const NAMING_ATTRIBUTES = ['aria-label', 'aria-labelledby', 'title'];

/** Whether the author gives the element a name: aria-label or aria-labelledby, or title (https://w3c.github.io/accname/). */
function hasAuthorName(element: ElementShape): boolean {
  for (const n of NAMING_ATTRIBUTES) {
    const a = getAttribute(element, n);
    if (a !== null && a.value.trim() !== '') return true;
  }
  return false;
}

export interface AriaSemantics {
  readonly row: AriaRowFacts | undefined;
  /** The first non-abstract role token of its role attribute. */
  readonly explicit: string | null;
  readonly implicit: string | null;
}

/** The element's ARIA semantics in the scope of its parent. */
export function ariaSemantics(element: ElementShape, parent: ElementShape | null, scope: AriaScope): AriaSemantics {
  const row = ariaRow(element, parent, scope);
  return { row, explicit: element.attributes.length > 0 ? explicitRole(element) : null, implicit: row?.implicit ?? null };
}

/**
 * OPTIMIZATION: what an element's descendants read of it, per element name, from its base row: the context bits of
 * its implicit role and its scoping. The conditional rows change no implicit role that is a context role, but
 * select's (combobox or listbox), read per element.
 */
interface NameScope {
  readonly bits: number;
  readonly list: boolean;
}
const NAME_SCOPES = new Map<string, NameScope>();
for (const [name, facts] of Object.entries(ARIA_ELEMENTS)) {
  const implicit = facts.implicit ?? null;
  let bits = implicit !== null ? CONTEXT_BITS.get(implicit) ?? 0 : 0;
  if (SCOPING_ELEMENTS.has(name) || (implicit !== null && SCOPING_ROLES.has(implicit))) bits |= SCOPED;
  NAME_SCOPES.set(name, { bits, list: implicit === 'list' });
}
for (const [name, facts] of Object.entries(ARIA_ELEMENTS)) {
  for (const c of facts.cases ?? []) {
    if (name !== 'select' && c.implicit !== undefined && c.implicit !== null && (CONTEXT_BITS.has(c.implicit) || (SCOPING_ROLES.has(c.implicit) && !SCOPING_ELEMENTS.has(name)) || c.implicit === 'list')) {
      throw new Error(`${name}: a conditional implicit role ${c.implicit} that descendants read: read it in scopeBelow`);
    }
  }
}
const NO_NAME_SCOPE: NameScope = { bits: 0, list: false };
/**
 * An autonomous custom element: its role may be any, set by script ("Role exposed from author defined
 * ElementInternals", https://w3c.github.io/html-aria/#el-autonomous-custom-element), so it stands for every context
 * role below it (no false alarm on `<my-tabs><div role=tab>`).
 */
const CUSTOM_SCOPE: NameScope = { bits: (1 << CONTEXT_BITS.size) - 1, list: false };
const LISTBOX_BIT = CONTEXT_BITS.get('listbox') ?? 0;

/** Fills `below`, the scope the children of `element` are in, from `scope`, its parent's. */
export function fillScopeBelow(below: AriaScope, scope: AriaScope, element: ElementShape): void {
  below.ariaTable = scope.ariaTable;
  if (element.namespace !== 'html') {
    below.ariaAncestors = scope.ariaAncestors;
    below.ariaParentList = false;
    below.ariaBusy = scope.ariaBusy;
    return;
  }
  const name = element.name;
  const byName = NAME_SCOPES.get(name) ?? (isValidCustomElementName(name) ? CUSTOM_SCOPE : NO_NAME_SCOPE);
  let bits = byName.bits;
  let list = byName.list;
  // DEVIATION: the role of an html or body element without a start tag of its own, whose attributes a later start
  // tag gave it (https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody: "add the attribute and its
  // corresponding value to that element"), is not carried down: a re-check cannot see such a role change (nothing of
  // the element is in the region), and a role on a stray <body> tag is no context authors mean. Nor is its aria-busy,
  // for the same reason.
  // (OPTIMIZATION: startTag makes a new range on each read: read only for html and body.)
  const own = element.attributes.length > 0 && !((name === 'body' || name === 'html') && element.startTag === null);
  const explicit = own ? explicitRole(element) : null;
  below.ariaBusy = scope.ariaBusy || (own && isBusy(element));
  if (explicit !== null) {
    bits = (CONTEXT_BITS.get(explicit) ?? 0) | (SCOPING_ELEMENTS.has(name) || SCOPING_ROLES.has(explicit) ? SCOPED : 0);
    list = explicit === 'list';
  } else if (name === 'select' && conditionHolds({ kind: 'select-listbox' }, element, null, scope)) {
    bits = LISTBOX_BIT;
  }
  below.ariaAncestors = scope.ariaAncestors | bits;
  below.ariaParentList = list;
  if (name === 'table') below.ariaTable = explicit ?? '';
}

/**
 * The elements a reparse makes anew when an edit changes their attributes, rather than giving the old element the
 * new attributes (incremental/pairing.ts, `ATTRIBUTES_READ_BY_THE_PARSER`): their attribute changes reach no
 * `recheckRegion` widening, which makes an element whose role changed re-checked whole.
 */
const MADE_ANEW_ON_ATTRIBUTE_EDITS: ReadonlySet<string> = new Set(['html', 'body', 'template', 'select', 'option', 'optgroup', 'selectedcontent', 'button']);

/**
 * Whether a re-check must walk all of `element`: an element made anew by an edit inside its start tag
 * (`MADE_ANEW_ON_ATTRIBUTE_EDITS`), whose role (or a select's multiple and size) its descendants' ARIA checks may
 * read (`scopeBelow`: required context roles, header and footer scope, table cells).
 */
export function ariaRecheckWhole(element: ElementShape, region: { readonly start: number; readonly end: number }): boolean {
  if (element.namespace !== 'html' || !MADE_ANEW_ON_ATTRIBUTE_EDITS.has(element.name)) return false;
  const tag = element.startTag;
  return tag !== null && tag.start <= region.end && tag.end >= region.start;
}
