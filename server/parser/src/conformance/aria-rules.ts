/**
 * ARIA in HTML (https://w3c.github.io/html-aria/) and WAI-ARIA (https://w3c.github.io/aria/) on one element: the
 * roles allowed on it, the value types of its aria-* attributes, the aria-* attributes its role supports or
 * prohibits, the aria-* attributes that duplicate native HTML, its role's required states and required context
 * roles, redundant and deprecated roles. Called by element-rules.ts on each element the walk checks; the walk
 * carries the ancestors' roles down (aria-model.ts `AriaScope`).
 *
 * Severity follows the governing text: "MUST NOT" / "MUST" are errors, "SHOULD NOT" / "NOT RECOMMENDED" warnings.
 */
import { getAttribute, type AttributeShape, type ElementShape } from '../attributes/tree-shape';
import { isValidFloatingPointNumber, isValidInteger } from '../microsyntaxes/numbers';
import { ConformanceCode } from './conformance-codes';
import type { Reporter } from './conditional-rules';
import type { AriaRowFacts } from './aria-entry';
import { ariaSemantics, fillScopeBelow, hasContext, isBusy, type AriaScope } from './aria-model';
import { describeOwned, ownsRequired, ownsRequiredInRegion, requiredOwned } from './aria-owned';
import type { AriaOwnership } from './aria-owns';
import { ARIA_DEPRECATED_PROPERTIES, ARIA_GLOBAL_PROPERTIES, ARIA_PROPERTIES, ARIA_ROLE_FACTS } from './aria-table.generated';
import { attributeRange, type Range } from './node-reading';

const HTML_ARIA = 'https://w3c.github.io/html-aria/';
const ARIA = 'https://w3c.github.io/aria/';
const GLOBAL: ReadonlySet<string> = new Set(ARIA_GLOBAL_PROPERTIES);
const DEPRECATED: ReadonlySet<string> = new Set(ARIA_DEPRECATED_PROPERTIES);
const NAMING = new Set(['aria-label', 'aria-labelledby']);
/** The attributes `nativeConflict` judges beside their HTML equivalents. */
const NATIVE_EQUIVALENTS = new Set(['aria-disabled', 'aria-hidden', 'aria-placeholder']);
const NO_WITHOUT: readonly { readonly name: string; readonly severity: 'error' | 'warning'; readonly value?: string }[] = [];

/**
 * https://w3c.github.io/html-aria/#docconformance: "Authors MUST NOT use the ARIA role and aria-* attributes in a
 * manner that conflicts with the semantics described in the Document conformance requirements … tables. It is NOT
 * RECOMMENDED for authors to set the ARIA role and aria-* attributes to values that match the implicit ARIA
 * semantics defined in either table."
 */
export function checkAria(element: ElementShape, parent: ElementShape | null, scope: AriaScope, report: Reporter, ownership: AriaOwnership | null = null): void {
  const attributes = element.attributes;
  let roleAttribute: AttributeShape | null = null;
  let hasAria = false;
  let owns = false;
  for (let i = 0; i < attributes.length; i++) {
    const n = attributes[i].name;
    if (n === 'role') roleAttribute = attributes[i];
    else if (n.length > 5 && n.startsWith('aria-')) {
      hasAria = true;
      if (n === 'aria-owns') owns = true;
    }
  }
  if (roleAttribute === null && !hasAria) return;
  if (owns && ownership !== null) ownership.owner(element, scopeBelow(element, scope));
  const semantics = ariaSemantics(element, parent, scope);
  const row = semantics.row;
  const explicit = semantics.explicit;
  const implicit = semantics.implicit;
  const name = element.name;

  // The role.
  if (roleAttribute !== null && explicit !== null && row !== undefined) {
    const range = attributeRange(roleAttribute);
    // (Made once per element with a role: few elements have one.)
    if (explicit === implicit || (isPresentational(explicit) && isPresentational(implicit))) {
      report(ConformanceCode.RedundantRole, range, `role="${explicit}" is unnecessary on <${name}>: it is the element's implicit role`, `${HTML_ARIA}#docconformance`);
    } else if (name === 'section' && explicit === 'region') {
      // An unnamed section: "(role=region is also allowed, but NOT RECOMMENDED. …)" (https://w3c.github.io/html-aria/#el-section).
      report(ConformanceCode.AriaDiscouraged, range, 'role="region" on a <section> without an accessible name: name the section (aria-label, aria-labelledby) rather than set the role', `${HTML_ARIA}#el-section`);
    } else if (explicit === 'generic' && row.allowed !== 'none') {
      // "It is NOT RECOMMENDED for authors to specify … the generic role" (the rows: "generic is also allowed, but SHOULD NOT be used").
      report(ConformanceCode.AriaDiscouraged, range, `role="generic" on <${name}>: authors should not set the generic role`, `${HTML_ARIA}#docconformance`);
    } else if (!roleAllowed(row, explicit)) {
      const allowed = row.allowed === 'none' || row.allowed === undefined ? 'no role' : `only ${(row.allowed as readonly string[]).join(', ')}`;
      report(
        ConformanceCode.AriaRoleNotAllowed,
        range,
        `role="${explicit}" is not allowed on <${name}>${where(implicit)}: ARIA in HTML allows ${allowed} there`,
        `${HTML_ARIA}#el-${name}`,
      );
    }
    if (hasUppercase(roleAttribute.value)) {
      // https://w3c.github.io/html-aria/#case-sensitivity: "Authors SHOULD use ASCII lowercase for all role token values".
      report(ConformanceCode.AriaDiscouraged, range, `role="${roleAttribute.value}": write role tokens in lowercase (assistive technologies may not read others)`, `${HTML_ARIA}#case-sensitivity`);
    }
    if (ARIA_ROLE_FACTS[explicit].deprecated) {
      report(ConformanceCode.AriaDiscouraged, range, `role="${explicit}" is deprecated: use another role`, `${ARIA}#deprecated`);
    }
  }
  // The role in effect: the explicit one (as browsers take it, allowed or not), else the implicit one.
  const role = explicit ?? implicit;
  const facts = role !== null ? ARIA_ROLE_FACTS[role] : undefined;

  // WAI-ARIA's required context roles (https://w3c.github.io/aria/#scope): "authors MUST ensure that an element with
  // the current role is an accessibility child of an element with a role from this list"; WAI-ARIA 1.2: "contained
  // in, or owned by". Only for an explicit role other than the element's own: HTML's content models govern native
  // elements in their native contexts.
  // Or owned by one (aria-owns.ts): then it is judged after the walk.
  if (explicit !== null && explicit !== implicit && facts !== undefined && facts.context.length > 0 && !hasContext(scope, facts.context)) {
    missingContext(element, role!, facts.context, roleAttribute!, report, ownership);
  }

  // Required states and properties (https://w3c.github.io/aria/#requiredState): "Authors MUST provide a non-empty
  // value for required states and properties." Only on an element with no native semantics of its own ("A host
  // language attribute with the appropriate implicit WAI-ARIA semantic fulfills this requirement").
  if (explicit !== null && explicit !== implicit && facts !== undefined && facts.required.length > 0 && (implicit === null || implicit === 'generic')) {
    for (const required of facts.required) {
      const a = getAttribute(element, required);
      if (a !== null && a.value.trim() !== '') continue;
      report(ConformanceCode.AriaMissingRequiredAttribute, attributeRange(roleAttribute!), `An element with role="${role}" must have a non-empty ${required} attribute`, `${ARIA}#requiredState`);
    }
  }

  checkOwned(element, explicit, implicit, row, scope, roleAttribute, report, ownership);

  if (!hasAria) return;
  const props = row?.props;
  for (let i = 0; i < attributes.length; i++) {
    const attribute = attributes[i];
    const n = attribute.name;
    if (n.length <= 5 || !n.startsWith('aria-') || !Object.hasOwn(ARIA_PROPERTIES, n)) continue;
    checkValue(attribute, n, name, report);
    // (The range is made for a finding only: most aria-* attributes get none.)
    if (GLOBAL.has(n) && props === undefined && !DEPRECATED.has(n) && !(facts !== undefined && facts.prohibited.includes(n)) && !(NAMING.has(n) && role === null && row?.namingProhibited === true) && !NATIVE_EQUIVALENTS.has(n)) continue;
    const range = attributeRange(attribute);
    if (DEPRECATED.has(n)) report(ConformanceCode.AriaDiscouraged, range, `${n} is deprecated in WAI-ARIA: remove it`, `${ARIA}#deprecated`);
    // "No role or aria-* attributes" (or only some).
    if (props === false) {
      report(ConformanceCode.AriaAttributeNotAllowed, range, `<${name}> takes no aria-* attributes: ARIA in HTML allows no ${n} on it`, `${HTML_ARIA}#el-${name}`);
      continue;
    }
    if (props?.only !== undefined) {
      const ok = onlyAllows(props.only, n, attribute.value);
      if (!ok) {
        const only = props.only.map((o) => (o.value !== undefined ? `${o.name}="${o.value}"` : o.name)).join(', ');
        report(ConformanceCode.AriaAttributeNotAllowed, range, `<${name}>${where(implicit)} takes only ${only}: ARIA in HTML allows no ${n} on it`, `${HTML_ARIA}#el-${name}`);
      }
      continue;
    }
    // Attributes that duplicate native HTML (#docconformance-attr) and the rows' "SHOULD NOT use" attributes.
    let judged = false;
    for (const w of props?.without ?? NO_WITHOUT) {
      if (w.name !== n || (w.value !== undefined && w.value !== attribute.value)) continue;
      judged = true;
      if (w.severity === 'error') report(ConformanceCode.AriaAttributeNotAllowed, range, `${n} must not be used on <${name}>${where(implicit)}: ${nativeInstead(n)}`, `${HTML_ARIA}#el-${name}`);
      else report(ConformanceCode.AriaDiscouraged, range, `${n} should not be used on <${name}>${where(implicit)}: ${nativeInstead(n)}`, `${HTML_ARIA}#el-${name}`);
    }
    if (judged) continue;
    if (nativeConflict(element, attribute, n, report, range)) continue;
    // An element ARIA in HTML has no row for (an autonomous custom element: "Role exposed from author defined
    // ElementInternals"): its role may come from script, so which attributes it supports is not judged.
    if (row === undefined) continue;
    // Supported by the role, or prohibited by it.
    if (facts !== undefined && facts.prohibited.includes(n)) {
      report(ConformanceCode.AriaAttributeNotAllowed, range, `${n} must not be used on an element with role "${role}" (<${name}>): the role prohibits it`, `${ARIA}#prohibitedattributes`);
      continue;
    }
    if (NAMING.has(n) && role === null && row?.namingProhibited === true) {
      report(ConformanceCode.AriaAttributeNotAllowed, range, `${n} must not be used on <${name}>: ARIA in HTML prohibits naming it (give it a role that can be named)`, `${HTML_ARIA}#docconformance-naming`);
      continue;
    }
    if (GLOBAL.has(n)) continue;
    // "Global aria-* attributes and any aria-* attributes applicable to the allowed roles": the role in effect's, or
    // without an explicit role, those of the roles the row names.
    if (facts !== undefined && facts.props.includes(n)) continue;
    if (explicit === null && props?.roles !== undefined && someRoleSupports(props.roles, n)) continue;
    report(
      ConformanceCode.AriaAttributeNotAllowed,
      range,
      role === null ? `${n} is not allowed on <${name}> without a role that supports it` : `${n} is not allowed on an element with role "${role}" (<${name}>): the role does not support it`,
      `${ARIA}#supportedState`,
    );
  }
}

/**
 * WAI-ARIA 1.2's required owned elements (https://www.w3.org/TR/wai-aria-1.2/#mustContain): "When multiple roles are
 * specified as required owned elements for a role, at least one instance of one required owned element is expected":
 * no MUST, a warning (the current text dropped it: https://w3c.github.io/aria/#mustContain "If the list is empty, then
 * there are no restrictions"; its MUST restricts which children there are). Not when "a containing element" has
 * aria-busy="true" ("When a widget is missing required owned elements due to script execution or loading, authors MUST
 * mark a containing element with aria-busy equal to true"). What it owns through aria-owns counts (aria-owns.ts: an
 * element with aria-owns whose DOM children own none is judged after the walk; inside template contents, where ids
 * are not followed, it is not judged). Only for an
 * explicit role other than the element's own, on an element ARIA in HTML has a row for (an autonomous custom element
 * may render its children in its shadow tree), other than select (ARIA in HTML's #el-select allows role=menu on it;
 * its options are the browser's, and no role is allowed on them, #el-option). Returns whether the rule applies to the
 * element (whether it reported or not): a re-check that walks down through it makes its finding again.
 */
function checkOwned(
  element: ElementShape,
  explicit: string | null,
  implicit: string | null,
  row: AriaRowFacts | undefined,
  scope: AriaScope,
  roleAttribute: AttributeShape | null,
  report: Reporter,
  ownership: AriaOwnership | null,
  /** For a re-check walking down through the element that owned none before: the chain below it and the region. */
  inRegion: { readonly chain: readonly ElementShape[]; readonly region: Range } | null = null,
): boolean {
  if (explicit === null || explicit === implicit || row === undefined || element.name === 'select') return false;
  const paths = requiredOwned(explicit);
  if (paths === undefined) return false;
  if (scope.ariaBusy || isBusy(element)) return true;
  const skip = ownership !== null ? ownership.walkSkip() : null;
  const domOwns = inRegion !== null ? ownsRequiredInRegion(element, scope, paths, inRegion.chain, inRegion.region, skip) : ownsRequired(element, scope, paths, undefined, skip);
  const emit = missingOwned(explicit, paths, roleAttribute!, report);
  const owns = getAttribute(element, 'aria-owns');
  const hasOwns = owns !== null && owns.value.trim() !== '';
  if (ownership !== null) ownership.judgeOwned(element, scope, paths, domOwns, hasOwns, emit);
  // Inside template contents (no ownership given): ids are not followed, and an element with aria-owns is not judged.
  else if (!domOwns && !hasOwns) emit();
  return true;
}

/**
 * The required context role `element` (`role`, from `roleAttribute`) is not inside: reported, or when it has an id,
 * judged after the walk (it may be owned through aria-owns). OPTIMIZATION: a function of its own, so that `checkAria`
 * makes no closure context on each call.
 */
function missingContext(element: ElementShape, role: string, context: readonly string[], roleAttribute: AttributeShape, report: Reporter, ownership: AriaOwnership | null): void {
  const emit = () =>
    report(
      ConformanceCode.AriaMissingRequiredContext,
      attributeRange(roleAttribute),
      `An element with role="${role}" must be inside an element with role ${context.map((r) => `"${r}"`).join(' or ')} (or owned by one through aria-owns)`,
      `${ARIA}#scope`,
    );
  const id = ownership !== null ? getAttribute(element, 'id') : null;
  if (id !== null) ownership!.deferContext(id.value, context, emit);
  else emit();
}

/**
 * The report that an element with the role `explicit` owns none of `paths`. OPTIMIZATION: made by a function of its
 * own, so that `checkOwned` makes no closure context on each call (it is called for every element with ARIA).
 */
function missingOwned(explicit: string, paths: NonNullable<ReturnType<typeof requiredOwned>>, roleAttribute: AttributeShape, report: Reporter): () => void {
  return () =>
    report(
      ConformanceCode.AriaMissingRequiredOwned,
      attributeRange(roleAttribute),
      `An element with role="${explicit}" should own at least one element with role ${describeOwned(paths)} (or have aria-busy="true" while they load)`,
      'https://www.w3.org/TR/wai-aria-1.2/#mustContain',
    );
}

// OPTIMIZATION: the look-ups below are functions of their own, not closures in `checkAria`'s attribute loop or
// `checkValue` (a closure over a loop's variables makes a context on every turn of the loop; one over a function's, on
// every call).

/** Whether a row's `only` list allows the attribute `name` with `value`. */
function onlyAllows(only: readonly { readonly name: string; readonly value?: string }[], name: string, value: string): boolean {
  for (const o of only) if (o.name === name && (o.value === undefined || o.value === value)) return true;
  return false;
}

/** Whether one of `roles` supports the attribute `name`. */
function someRoleSupports(roles: readonly string[], name: string): boolean {
  for (const r of roles) if (ARIA_ROLE_FACTS[r].props.includes(name)) return true;
  return false;
}

/** Whether `value` (lowercased) has at least one token, and each of its ASCII-whitespace-separated tokens is one of `allowed`. */
function allTokensIn(value: string, allowed: readonly string[]): boolean {
  const tokens = value.split(/[\t\n\f\r ]+/);
  let any = false;
  for (const t of tokens) {
    if (t === '') continue;
    if (!allowed.includes(t)) return false;
    any = true;
  }
  return any;
}

/** The scope of `element`'s children. */
function scopeBelow(element: ElementShape, scope: AriaScope): AriaScope {
  const below: AriaScope = { ariaAncestors: 0, ariaTable: null, ariaParentList: false, ariaBusy: false };
  fillScopeBelow(below, scope, element);
  return below;
}

/**
 * The required owned elements of an element a re-check walks down through (check-conformance.ts
 * `recheckConformance`): its finding is made again, as `checkAria` makes it. Returns the start of its role attribute
 * when the rule applies to it (the finding there is replaced), else -1.
 */
export function recheckOwned(
  element: ElementShape,
  parent: ElementShape | null,
  scope: AriaScope,
  report: Reporter,
  ownership: AriaOwnership | null,
  /** Whether its finding stood before the edit (it owned none), the elements the re-check walked down through below it, and the region. */
  before: { readonly stood: (at: number) => boolean; readonly chain: readonly ElementShape[]; readonly region: Range },
): number {
  if (element.namespace !== 'html' || element.attributes.length === 0) return -1;
  const roleAttribute = getAttribute(element, 'role');
  if (roleAttribute === null) return -1;
  const semantics = ariaSemantics(element, parent, scope);
  const at = attributeRange(roleAttribute).start;
  // What it owns through aria-owns is not read below: ownership hands the element over (the re-check gives up).
  const inRegion = before.stood(at) && getAttribute(element, 'aria-owns') === null ? before : null;
  return checkOwned(element, semantics.explicit, semantics.implicit, semantics.row, scope, roleAttribute, report, ownership, inRegion) ? at : -1;
}

/** https://w3c.github.io/aria/#none: none and presentation are synonyms. */
function isPresentational(role: string | null): boolean {
  return role === 'none' || role === 'presentation';
}

function hasUppercase(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) return true;
  }
  return false;
}

function roleAllowed(row: AriaRowFacts, role: string): boolean {
  const allowed = row.allowed;
  if (allowed === 'any') return true;
  if (allowed === undefined || allowed === 'none') return false;
  return allowed.includes(role);
}

/** " (role img)": the element's implicit role, for a message. */
function where(implicit: string | null): string {
  return implicit !== null && implicit !== 'generic' ? ` (role ${implicit})` : '';
}

function nativeInstead(n: string): string {
  switch (n) {
    case 'aria-checked':
      return 'use the checked attribute (or the indeterminate IDL attribute) instead';
    case 'aria-valuemax':
      return 'use the max attribute instead';
    case 'aria-valuemin':
      return 'use the min attribute instead';
    case 'aria-multiselectable':
      return 'use the multiple attribute instead';
    case 'aria-selected':
      return 'use the selected attribute instead';
    case 'aria-disabled':
      return 'a link without href is not a link; remove href to disable it';
    case 'aria-hidden':
      return 'the element is never rendered hidden';
    default:
      return 'use the native HTML feature instead';
  }
}

/**
 * https://w3c.github.io/html-aria/#docconformance-attr: the aria-* attributes beside their HTML equivalents. Returns
 * true when it reported.
 */
function nativeConflict(element: ElementShape, attribute: AttributeShape, n: string, report: Reporter, range: { start: number; end: number }): boolean {
  const value = attribute.value.trim();
  const name = element.name;
  const href = `${HTML_ARIA}#docconformance-attr`;
  switch (n) {
    case 'aria-disabled':
      if (getAttribute(element, 'disabled') === null) return false;
      // "Authors MUST NOT use aria-disabled="false" on any element which also has a disabled attribute."
      if (value === 'false') report(ConformanceCode.AriaAttributeNotAllowed, range, `aria-disabled="false" must not be used on <${name}> with the disabled attribute`, href);
      // "Authors SHOULD NOT use aria-disabled="true" on any element which also has a disabled attribute."
      else if (value === 'true') report(ConformanceCode.AriaDiscouraged, range, `aria-disabled="true" is unnecessary on <${name}> with the disabled attribute`, href);
      return true;
    case 'aria-hidden':
      // "Authors SHOULD NOT use the aria-hidden="true" attribute on any element which also has a hidden attribute."
      if (value === 'true' && getAttribute(element, 'hidden') !== null) {
        report(ConformanceCode.AriaDiscouraged, range, `aria-hidden="true" is unnecessary on <${name}> with the hidden attribute`, href);
        return true;
      }
      // "Authors MUST NOT use aria-hidden="true" on an element that can receive keyboard focus" (the element itself;
      // its focusable descendants, "or on an ancestor element to an element or elements which can receive keyboard
      // focus", are not looked for).
      if (value === 'true' && receivesKeyboardFocus(element)) {
        report(ConformanceCode.AriaAttributeNotAllowed, range, `aria-hidden="true" must not be used on <${name}>, which can receive keyboard focus: it would be focusable but hidden from assistive technologies`, href);
        return true;
      }
      // body: "authors MUST NOT specify aria-hidden=true on the body element" (the row's without, above).
      return false;
    case 'aria-placeholder':
      // "Authors MUST NOT use the aria-placeholder attribute on any element which also has a placeholder attribute."
      if (getAttribute(element, 'placeholder') === null) return false;
      report(ConformanceCode.AriaAttributeNotAllowed, range, `aria-placeholder must not be used on <${name}> with the placeholder attribute`, href);
      return true;
    default:
      return false;
  }
}

/**
 * Whether the element is in the sequential focus navigation order as written
 * (https://html.spec.whatwg.org/multipage/interaction.html#sequentially-focusable): a with href, button, input (not
 * hidden), select, textarea not disabled; an element with a tabindex of 0 or more; an editing host.
 */
function receivesKeyboardFocus(element: ElementShape): boolean {
  const tabindex = getAttribute(element, 'tabindex');
  if (tabindex !== null) {
    const m = /^[\t\n\f\r ]*(-?)\d/.exec(tabindex.value);
    if (m !== null) return m[1] === '';
  }
  const ce = getAttribute(element, 'contenteditable');
  if (ce !== null && ce.value.trim().toLowerCase() !== 'false') return true;
  switch (element.name) {
    case 'a':
    case 'area':
      return getAttribute(element, 'href') !== null;
    case 'button':
    case 'select':
    case 'textarea':
      return getAttribute(element, 'disabled') === null;
    case 'input':
      return getAttribute(element, 'disabled') === null && (getAttribute(element, 'type')?.value.trim().toLowerCase() ?? '') !== 'hidden';
    default:
      return false;
  }
}

/**
 * https://w3c.github.io/aria/#propcharacteristic_value: each state's and property's value type. HTML: "Authors must
 * not use elements, attributes, or attribute values that are not permitted by this specification or other
 * applicable specifications" (https://html.spec.whatwg.org/multipage/infrastructure.html#extensibility).
 */
function checkValue(attribute: AttributeShape, n: string, elementName: string, report: Reporter): void {
  const facts = ARIA_PROPERTIES[n];
  // Token values are read ASCII case-insensitively ("modern browsers treat the role or aria-* attribute values as
  // ASCII case-insensitive", https://w3c.github.io/html-aria/#case-sensitivity); other than lowercase is advised against below.
  const tokenType = facts.type !== 'idref' && facts.type !== 'idrefs' && facts.type !== 'integer' && facts.type !== 'number' && facts.type !== 'string';
  const value = tokenType ? attribute.value.toLowerCase() : attribute.value;
  let ok: boolean;
  switch (facts.type) {
    case 'true/false':
      ok = value === 'true' || value === 'false';
      break;
    case 'tristate':
      ok = value === 'true' || value === 'false' || value === 'mixed' || value === 'undefined';
      break;
    case 'true/false/undefined':
      ok = value === 'true' || value === 'false' || value === 'undefined';
      break;
    case 'idref':
    case 'idrefs':
      ok = value.trim() !== '';
      break;
    case 'integer':
      ok = isValidInteger(value) && (n !== 'aria-level' || Number(value) >= 1);
      break;
    case 'number':
      ok = isValidFloatingPointNumber(value);
      break;
    case 'string':
      return;
    case 'token':
      ok = facts.tokens!.includes(value);
      break;
    case 'tokens': {
      ok = allTokensIn(value, facts.tokens!);
      break;
    }
  }
  if (ok) {
    // "Authors SHOULD use ASCII lowercase for … any state or property attributes (aria-*) whose values are defined as tokens."
    if (tokenType && value !== attribute.value) {
      report(ConformanceCode.AriaDiscouraged, attributeRange(attribute), `${n}="${attribute.value}": write ARIA token values in lowercase ("${value}")`, `${HTML_ARIA}#case-sensitivity`);
    }
    return;
  }
  report(ConformanceCode.InvalidAriaValue, attributeRange(attribute), `${n}=${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)} on <${elementName}> is not a valid value: expected ${expectedValue(facts, n)}`, `${ARIA}#${n}`);
}

/** What `checkValue` expects of the attribute `n`, in words. (OPTIMIZATION: made for a finding only.) */
function expectedValue(facts: (typeof ARIA_PROPERTIES)[string], n: string): string {
  switch (facts.type) {
    case 'true/false':
      return '"true" or "false"';
    case 'tristate':
      return '"true", "false", "mixed" or "undefined"';
    case 'true/false/undefined':
      return '"true", "false" or "undefined"';
    case 'idref':
      return 'an ID';
    case 'idrefs':
      return 'one or more IDs';
    case 'integer':
      return n === 'aria-level' ? 'an integer of 1 or more' : 'an integer';
    case 'number':
      return 'a number';
    case 'token':
      return `one of ${facts.tokens!.map((t) => `"${t}"`).join(', ')}`;
    case 'tokens':
      return `tokens among ${facts.tokens!.map((t) => `"${t}"`).join(', ')}`;
    default:
      return 'a string';
  }
}
