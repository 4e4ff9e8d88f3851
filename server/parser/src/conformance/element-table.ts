/**
 * Reading the element table (element-table.generated.ts): an element's
 * entry, its categories under their conditions, its content model.
 * https://html.spec.whatwg.org/multipage/indices.html#elements-3
 */
import { isAsciiCaseInsensitiveMatch, splitOnAsciiWhitespace } from '../microsyntaxes/infra';
import { getAttribute, type ElementShape } from '../attributes/tree-shape';
import { describeContentModel } from './content-model';
import type { Category, Condition, ContentModel, ElementEntry } from './element-entry';
import type { ReattributedElement } from '../incremental/reparse';
import { ARIA_ABSTRACT_ROLES, ARIA_ATTRIBUTES, ARIA_ROLES, ELEMENT_ENTRIES } from './element-table.generated';

const byName = new Map<string, ElementEntry>();
for (const entry of ELEMENT_ENTRIES) byName.set(entry.name, entry);

/** The table's entry for the HTML element `name` (a lowercase local name), or undefined. */
export function elementEntry(name: string): ElementEntry | undefined {
  return byName.get(name);
}

export const ARIA_ROLE_SET: ReadonlySet<string> = new Set(ARIA_ROLES);
export const ARIA_ABSTRACT_ROLE_SET: ReadonlySet<string> = new Set(ARIA_ABSTRACT_ROLES);
export const ARIA_ATTRIBUTE_SET: ReadonlySet<string> = new Set(ARIA_ATTRIBUTES);

// isValidCustomElementName lives with the attribute checks (a layer below), which need it too.
export { isValidCustomElementName } from '../attributes/custom-element-name';

/** https://html.spec.whatwg.org/multipage/links.html#body-ok */
const BODY_OK = new Set(['dns-prefetch', 'modulepreload', 'pingback', 'preconnect', 'prefetch', 'preload', 'prerender', 'stylesheet']);

/** Whether `condition` holds for `element` (whose parent is `parent`). */
export function conditionHolds(condition: Condition, element: ElementShape, parent: ElementShape | null): boolean {
  switch (condition.kind) {
    case 'attribute':
      return getAttribute(element, condition.name) !== null;
    case 'not-attribute-value': {
      const a = getAttribute(element, condition.name);
      return a === null || !isAsciiCaseInsensitiveMatch(a.value, condition.value);
    }
    case 'rel-body-ok': {
      const rel = getAttribute(element, 'rel');
      if (rel === null) return false;
      const tokens = splitOnAsciiWhitespace(rel.value);
      return tokens.length > 0 && tokens.every((t) => BODY_OK.has(t.toLowerCase()));
    }
    case 'parent':
      return parent !== null && parent.namespace === 'html' && parent.name === condition.name;
    case 'any-of':
      return condition.of.some((c) => conditionHolds(c, element, parent));
  }
}

/** Whether the HTML element `element` (with table entry `entry`) is in `category`. */
export function entryHasCategory(entry: ElementEntry, category: Category, element: ElementShape): boolean {
  const c = entry.categories[category];
  if (c === undefined) return false;
  return c === true || conditionHolds(c, element, null);
}

/** The content model that applies to `element` (its conditional model when one's condition holds). */
export function contentModelOf(entry: ElementEntry, element: ElementShape, parent: ElementShape | null): ContentModel {
  if (entry.conditional !== undefined) {
    for (const c of entry.conditional) if (conditionHolds(c.when, element, parent)) return c.model;
  }
  return entry.model;
}

/**
 * Every attribute the table's conditions and content models read of an
 * element other than the one reported (an `a` with `href` is interactive
 * content; an `a`'s content may have no descendant with `tabindex`).
 */
const ATTRIBUTES_READ_BY_THE_TABLE: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  const work: unknown[] = [ELEMENT_ENTRIES];
  while (work.length > 0) {
    const x = work.pop();
    if (x === null || typeof x !== 'object') continue;
    if (Array.isArray(x)) {
      for (const y of x) work.push(y);
      continue;
    }
    const o = x as { kind?: unknown; name?: unknown };
    if ((o.kind === 'attribute' || o.kind === 'not-attribute-value') && typeof o.name === 'string') names.add(o.name);
    if (o.kind === 'rel-body-ok') names.add('rel');
    for (const y of Object.values(o)) work.push(y);
  }
  return names;
})();

/**
 * Whether changing an HTML element's attributes from `before` to `after`
 * can change the findings of other elements: an unknown element, or one of
 * the attributes the table reads (`ATTRIBUTES_READ_BY_THE_TABLE`) before or
 * after. (The checks report nothing on a clone itself, only on its
 * original: a clone's attributes matter only as the table reads them.)
 */
export function attributeChangeMatters(name: string, before: readonly { readonly name: string }[], after: readonly { readonly name: string }[]): boolean {
  if (byName.get(name) === undefined) return true;
  return before.some((a) => ATTRIBUTES_READ_BY_THE_TABLE.has(a.name)) || after.some((a) => ATTRIBUTES_READ_BY_THE_TABLE.has(a.name));
}

/**
 * Whether an attribute the table reads (`ATTRIBUTES_READ_BY_THE_TABLE`) is
 * there in one list and not the other, or has another value: then the
 * element is in other categories, or has another content model, and what is
 * below it is judged differently (an `a` given an href is interactive
 * content, whose transparent content is then read in its parent's context).
 */
function readAttributesDiffer(before: readonly { readonly name: string; readonly value?: string }[], after: readonly { readonly name: string; readonly value?: string }[]): boolean {
  const read = (list: readonly { readonly name: string; readonly value?: string }[]): string => {
    let out = '';
    for (const a of list) if (ATTRIBUTES_READ_BY_THE_TABLE.has(a.name)) out += `${a.name}=${a.value ?? ''}\u0000`;
    return out;
  };
  return read(before) !== read(after);
}

/**
 * Whether an attribute that the ARIA checks of its descendants read (aria-model.ts `scopeBelow`) is there in one
 * list and not the other, or has another value: role on any element (its descendants' required context roles, a
 * header's or footer's scope, a table's cells), aria-busy on any element (its descendants' required owned elements,
 * aria-owned.ts), multiple and size on a select (its options' context, listbox).
 */
function ariaScopeAttributesDiffer(name: string, before: readonly { readonly name: string; readonly value?: string }[], after: readonly { readonly name: string; readonly value?: string }[]): boolean {
  const read = (list: readonly { readonly name: string; readonly value?: string }[]): string => {
    let out = '';
    for (const a of list) if (a.name === 'role' || a.name === 'aria-busy' || (name === 'select' && (a.name === 'multiple' || a.name === 'size'))) out += `${a.name}=${a.value ?? ''}\u0000`;
    return out;
  };
  return read(before) !== read(after);
}

/**
 * The stretch a conformance re-check must read after an incremental
 * reparse: what `reparse` told `onChanged`, widened to the clones given
 * new attributes beyond it when the change matters to the checks
 * (`attributeChangeMatters`), and to the whole of an element whose
 * attributes the table reads changed (`readAttributesDiffer`).
 */
export function recheckRegion(start: number, end: number, reattributed: readonly ReattributedElement[]): { start: number; end: number } {
  let lo = start;
  let hi = end;
  for (const { element, before, clones } of reattributed) {
    const ariaDiffers = ariaScopeAttributesDiffer(element.name, before, element.attributes);
    if (ariaDiffers || readAttributesDiffer(before, element.attributes)) {
      if (element.start < lo) lo = element.start;
      if (element.end > hi) hi = element.end;
    }
    // A clone's role is read by the ARIA checks around it (the required owned elements of the element it is in, the
    // context of its descendants), as the table reads its other attributes.
    if (clones.length === 0 || !(ariaDiffers || attributeChangeMatters(element.name, before, element.attributes))) continue;
    for (const clone of clones) {
      if (clone.start < lo) lo = clone.start;
      if (clone.end > hi) hi = clone.end;
    }
  }
  return { start: lo, end: hi };
}

const CATEGORY_ORDER: readonly Category[] = ['metadata', 'flow', 'sectioning', 'heading', 'phrasing', 'embedded', 'interactive', 'script-supporting'];

/** Categories and content model in one line, for a hover: "flow, phrasing, interactive (with href) content; content: …". */
export function describeElement(entry: ElementEntry): string {
  const categories: string[] = [];
  for (const c of CATEGORY_ORDER) {
    const condition = entry.categories[c];
    if (condition === undefined) continue;
    categories.push(condition === true ? c : `${c} (${describeCondition(condition)})`);
  }
  const what = categories.length === 0 ? 'no category' : `${categories.join(', ')} content`;
  const model = entry.conditional?.length ? `${describeContentModel(entry.model)} (otherwise when ${entry.conditional.map((c) => `${describeCondition(c.when)}: ${describeContentModel(c.model)}`).join('; ')})` : describeContentModel(entry.model);
  return entry.obsolete !== undefined ? `obsolete: ${entry.obsolete}` : `${what}; content model: ${model}`;
}

function describeCondition(c: Condition): string {
  switch (c.kind) {
    case 'attribute':
      return `with ${c.name}`;
    case 'not-attribute-value':
      return `unless ${c.name}=${c.value}`;
    case 'rel-body-ok':
      return 'with a body-ok rel';
    case 'parent':
      return `in ${c.name}`;
    case 'any-of':
      return c.of.map(describeCondition).join(' or ');
  }
}
