/**
 * Attribute diagnostics for a parsed document: values that do not match
 * their microsyntax (with what a browser reads instead), boolean attributes
 * set to "false", duplicate ids, ID and `usemap` references to nothing, and
 * `<meta>` encoding declarations other than UTF-8.
 *
 * The document is walked once, iteratively (a document can be 100,000
 * levels deep), indexing ids per tree: the document is one tree and each
 * template's contents another (https://dom.spec.whatwg.org/#concept-tree),
 * so an id inside a template neither clashes with nor satisfies a reference
 * outside it. References are resolved after the walk, so they may point
 * forward. Elements the parser cloned (`cloneOf`) repeat their original's
 * attributes and are skipped: each attribute is checked where it is written.
 */
import { NameTable } from './name-table';
import { determineTheStateOfAnAttribute } from '../microsyntaxes/keywords';
import { hashNameReferenceName } from '../microsyntaxes/references';
import { isAsciiCaseInsensitiveMatch, splitOnAsciiWhitespaceWithPositions } from '../microsyntaxes/infra';
import { ATTRIBUTE_DIAGNOSTICS, AttributeDiagnosticCode } from './attribute-diagnostic-codes';
import { attributeDefinition, INPUT_TYPE, inputTypeKeyword, type AttributeDefinition } from './attribute-table';
import { attributeValueProblem, type ValueProblem } from './read-attribute';
import { attributesAlwaysAllowedOn, attributesNotAllowed, type AttributeNotAllowed, type AttributeNotAllowedKind } from './allowed-attributes';
import { getAttribute, type AttributeShape, type ChildShape, type ElementShape, type TreeRootShape } from './tree-shape';

export interface AttributeDiagnostic {
  code: AttributeDiagnosticCode;
  /** UTF-16 offsets into the parsed text, `end` exclusive. */
  start: number;
  end: number;
  message: string;
  /** Another place that explains this one (the first element with a duplicated id). */
  related?: { start: number; end: number; message: string };
  /** The spec's definition of what is checked. */
  href: string;
  /**
   * For attribute-not-allowed: the element's and the attribute's names, which a configuration's frameworks,
   * allow patterns and custom data are matched against (`AttributeAllowList`).
   */
  element?: string;
  attribute?: string;
}

// ---------------------------------------------------------------------------
// The index: ids and image maps per tree
// ---------------------------------------------------------------------------

/** An element with its attribute that defines a name (id or name). */
export interface NamedElement {
  readonly element: ElementShape;
  readonly attribute: AttributeShape;
}

/** One tree's ids, maps and named anchors, each in tree order. */
export class TreeIndex {
  /**
   * The first element with each id (the attribute is its first id attribute, `getAttribute`: `idTarget`).
   * OPTIMIZATION: the elements, not an object per id made as the checks walk (a page has thousands of ids).
   */
  readonly ids = new Map<string, ElementShape>();
  /** The `map` elements, in tree order. */
  readonly maps: ElementShape[] = [];
  /** The first `a` element with each `name` (`anchorTarget`): in `indexAttributes`'s index only (the checks read none). */
  readonly anchorNames = new Map<string, ElementShape>();
  /** True for the document's tree; false for a template's contents. */
  constructor(readonly isDocument: boolean) {}

  /** The first element with the id `id`, and its id attribute; undefined when none has it. */
  idTarget(id: string): NamedElement | undefined {
    const element = this.ids.get(id);
    return element === undefined ? undefined : { element, attribute: getAttribute(element, 'id')! };
  }

  /** The first `a` element with the name `name`, and its name attribute; undefined when none has it. */
  anchorTarget(name: string): NamedElement | undefined {
    const element = this.anchorNames.get(name);
    return element === undefined ? undefined : { element, attribute: getAttribute(element, 'name')! };
  }

  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-hash-name-reference step 3: the first map with that id or name. */
  mapNamed(s: string): ElementShape | null {
    for (const map of this.maps) {
      if (getAttribute(map, 'id')?.value === s || getAttribute(map, 'name')?.value === s) return map;
    }
    return null;
  }
}

/** The trees of a document: its own and its templates' contents. */
export class AttributeIndex {
  readonly document = new TreeIndex(true);
  /** The tree of each element inside a template's contents (every other element is in the document's tree). */
  private readonly templateTrees = new Map<ElementShape, TreeIndex>();

  /** The tree `element` belongs to. */
  treeOf(element: ElementShape): TreeIndex {
    return this.templateTrees.get(element) ?? this.document;
  }

  /** @internal */
  place(element: ElementShape, tree: TreeIndex): void {
    if (!tree.isDocument) this.templateTrees.set(element, tree);
  }
}

/** The keyword of an input element's type state: "text" for a missing or invalid type. */
export function inputTypeOf(element: ElementShape): string {
  const type = getAttribute(element, 'type');
  const state = determineTheStateOfAnAttribute(INPUT_TYPE.attribute, type === null ? null : type.value);
  return inputTypeKeyword(state ?? 'Text');
}

/**
 * The table's definition of `attribute` on `element`: HTML elements get the
 * full table; elements in other namespaces only the ARIA attributes.
 */
export function definitionOf(element: ElementShape, attribute: AttributeShape): AttributeDefinition | null {
  if (element.namespace !== 'html') return attribute.name.startsWith('aria-') ? attributeDefinition('*', attribute.name) : null;
  return attributeDefinition(element.name, attribute.name, element.name === 'input' ? inputTypeOf(element) : undefined);
}

// ---------------------------------------------------------------------------
// Ranges and messages
// ---------------------------------------------------------------------------

/** The source range of an attribute's value, or of the whole attribute when the value is empty or absent. */
export function valueRange(attribute: AttributeShape): { start: number; end: number } {
  const start = attribute.valueStart;
  const end = attribute.valueEnd;
  if (start !== null && end !== null && end > start) return { start, end };
  return { start: attribute.start, end: attribute.end };
}

/**
 * The source range of `[position, position + length)` of an attribute's
 * value, when the value is its source slice as written (no character
 * references, no CRLF: every such change shortens the value, so equal lengths
 * mean an exact copy). Otherwise the whole value.
 */
export function valueSubrange(attribute: AttributeShape, position: number, length: number): { start: number; end: number } {
  const start = attribute.valueStart;
  const end = attribute.valueEnd;
  if (length > 0 && start !== null && end !== null && end - start === attribute.value.length && position + length <= attribute.value.length) {
    return { start: start + position, end: start + position + length };
  }
  return valueRange(attribute);
}

/** `name="value"` for a message, the value cut short when long. */
function shown(attribute: AttributeShape): string {
  const value = attribute.value.length > 40 ? `${attribute.value.slice(0, 40)}…` : attribute.value;
  return `${attribute.name}=${JSON.stringify(value)}`;
}

function describeElement(element: ElementShape): string {
  return `<${element.name}>`;
}

function valueMessage(attribute: AttributeShape, p: ValueProblem): string {
  const what = p.statement ?? `is not ${p.expected}${p.reason !== '' ? ` (${p.reason})` : ''}`;
  return `${shown(attribute)} ${what}${p.browser !== null ? `: ${p.browser}` : ''}`;
}

// ---------------------------------------------------------------------------
// The check
// ---------------------------------------------------------------------------

interface PendingReference {
  readonly tree: TreeIndex;
  readonly element: ElementShape;
  readonly attribute: AttributeShape;
  readonly definition: AttributeDefinition;
}

const NONE_NOT_ALLOWED: readonly AttributeNotAllowed[] = [];

const NOT_ALLOWED_CODES: Readonly<Record<AttributeNotAllowedKind, AttributeDiagnosticCode>> = {
  'not-allowed': AttributeDiagnosticCode.AttributeNotAllowed,
  'input-type': AttributeDiagnosticCode.AttributeNotAllowed,
  parent: AttributeDiagnosticCode.AttributeNotAllowed,
  'meta-exclusive': AttributeDiagnosticCode.AttributeNotAllowed,
  xmlns: AttributeDiagnosticCode.XmlnsAttribute,
  'xml-lang': AttributeDiagnosticCode.XmlLangWithoutLang,
};

/** How many elements a step of the checks visits before it yields (`checkAttributesInSteps`). */
const ELEMENTS_PER_STEP = 2048;

/** Walks `root` once: indexes ids, maps and anchors per tree, and calls `visit` on each element written in the source. */
export function indexAttributes(root: TreeRootShape, visit?: (element: ElementShape, tree: TreeIndex) => void): AttributeIndex {
  return runToEnd(indexAttributesInSteps(root, visit));
}

/**
 * Indexes `element` in `tree` (the first element with each id, the maps, the first anchor with each name); returns
 * whether it is written in the source (not a clone: a clone repeats its original's attributes).
 */
function indexElement(element: ElementShape, tree: TreeIndex): boolean {
  if (element.cloneOf !== null) return false;
  const id = getAttribute(element, 'id');
  if (id !== null && !tree.ids.has(id.value)) tree.ids.set(id.value, element);
  if (element.namespace === 'html') {
    if (element.name === 'map') tree.maps.push(element);
    else if (element.name === 'a') {
      const name = getAttribute(element, 'name');
      if (name !== null && !tree.anchorNames.has(name.value)) tree.anchorNames.set(name.value, element);
    }
  }
  return true;
}

/** `indexAttributes`, yielding after every `ELEMENTS_PER_STEP` elements, so that a caller can do it in slices. */
function* indexAttributesInSteps(root: TreeRootShape, visit?: (element: ElementShape, tree: TreeIndex) => void): Generator<void, AttributeIndex> {
  const index = new AttributeIndex();
  // OPTIMIZATION: one level per depth in parallel stacks (its children, the next one's index, its tree), not a stack
  // of nodes: nothing is pushed per node (a page has a million). The walk is in tree order within each tree; a
  // template's contents (a tree of their own) come after the template's children: their level is pushed below the
  // children's.
  const lists: (readonly ChildShape[])[] = [root.children];
  const indexes: number[] = [0];
  const trees: TreeIndex[] = [index.document];
  let depth = 0;
  let budget = ELEMENTS_PER_STEP;
  while (depth >= 0) {
    const children = lists[depth];
    const i = indexes[depth];
    if (i >= children.length) {
      depth--;
      continue;
    }
    indexes[depth] = i + 1;
    const child = children[i];
    // Only elements hold attributes or children.
    if (child.kind !== 'element') continue;
    const element = child as ElementShape;
    const tree = trees[depth];
    index.place(element, tree);
    if (element.content !== null && element.content.children.length > 0) {
      depth++;
      lists[depth] = element.content.children;
      indexes[depth] = 0;
      trees[depth] = new TreeIndex(false);
    }
    if (element.children.length > 0) {
      depth++;
      lists[depth] = element.children;
      indexes[depth] = 0;
      trees[depth] = tree;
    }
    if (--budget === 0) {
      budget = ELEMENTS_PER_STEP;
      yield;
    }
    if (indexElement(element, tree)) visit?.(element, tree);
  }
  return index;
}

/** Whether `attribute` is one of `notAllowed`'s. */
function isReported(notAllowed: readonly AttributeNotAllowed[], attribute: AttributeShape): boolean {
  for (let i = 0; i < notAllowed.length; i++) if (notAllowed[i].attribute === attribute) return true;
  return false;
}

function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}

/**
 * OPTIMIZATION: what the attribute checks read of an HTML element name, once per name: `allowed`, the attributes
 * allowed on every such element whatever else it has (`attributesAlwaysAllowedOn`); `plain`, those of them that need
 * nothing there: no definition to read their value with, and not one the index or a rule reads (id, name, for).
 * Null for input, meta, li, source… (every attribute is read) and for names the table does not have.
 */
export interface AttributePlan {
  readonly allowed: ReadonlySet<string>;
  readonly plain: ReadonlySet<string>;
  /** Per attribute name met on such an element, what `check` reads of it (`readingOf`), at most `READINGS_KEPT` names. */
  readonly readings: Map<string, AttributeDefinition | null | typeof PLAIN>;
  /** A small number of its own (`readingOf`'s table). */
  readonly id: number;
}

/** `AttributePlan.readings` of a plain attribute. */
const PLAIN = 0;
/** How many attribute names a plan keeps the readings of (any name can be written: the cache is bounded). */
const READINGS_KEPT = 256;

/**
 * What `check` reads of the attribute `name` on an element named `element` whose plan is `plan`: PLAIN, else its
 * definition there (`attributeDefinition`: a plan's element is not input, whose definitions depend on its type).
 * OPTIMIZATION: one look-up, kept per element name, in place of the plain set's and the attribute table's.
 */
function readingOf(plan: AttributePlan, element: string, name: string): AttributeDefinition | null | typeof PLAIN {
  // OPTIMIZATION: first a small table (NameTable) before the plan's map.
  if (READINGS.has(plan, name)) return READINGS.value();
  return READINGS.put(plan, name, readingInMap(plan, element, name));
}

const READINGS = new NameTable<AttributePlan, AttributeDefinition | null | typeof PLAIN>(1024, null);

/** `readingOf` from the plan's map, made when the name is new there. */
function readingInMap(plan: AttributePlan, element: string, name: string): AttributeDefinition | null | typeof PLAIN {
  const known = plan.readings.get(name);
  if (known !== undefined) return known;
  const reading = plan.plain.has(name) ? PLAIN : attributeDefinition(element, name);
  if (plan.readings.size < READINGS_KEPT) plan.readings.set(name, reading);
  return reading;
}

const PLANS = new Map<string, AttributePlan>();

export function attributePlanOf(name: string): AttributePlan | null {
  const known = PLANS.get(name);
  if (known !== undefined) return known;
  // Not kept for other names (any name can be written): only the table's elements are.
  const allowed = attributesAlwaysAllowedOn(name);
  if (allowed === null) return null;
  const plain = new Set<string>();
  for (const a of allowed) if (a !== 'id' && a !== 'name' && a !== 'for' && attributeDefinition(name, a) === null) plain.add(a);
  const plan: AttributePlan = { allowed, plain, readings: new Map(), id: PLANS.size };
  PLANS.set(name, plan);
  return plan;
}

/**
 * The attribute checks of one document, element by element, for a walk that
 * visits every element of each tree in tree order (its own, `checkAttributesInSteps`'s,
 * or the conformance checks', which then judge a document in one walk:
 * `checkDocument`), then `finish`.
 */
/** `screen`: every attribute needs nothing (every check is of an attribute: an element without any needs none). */
export const NOTHING_TO_CHECK = 0;
/** `screen`: some attribute needs checking, and every one is allowed there (`attributesNotAllowed` would find none). */
export const ALL_ALLOWED = 1;
/** `screen`: some attribute needs checking, and some may not be allowed. */
export const SOME_TO_CHECK = 2;

/**
 * OPTIMIZATION: what of `element`'s attributes the checks must read, by its name's `plan` (an element whose
 * attributes are all plain there, most: class, title, style…, is not read again); outside HTML, only ids and aria-*.
 */
function screen(element: ElementShape, plan: AttributePlan | null): number {
  const attributes = element.attributes;
  if (attributes.length === 0) return NOTHING_TO_CHECK;
  let i = 0;
  if (element.namespace !== 'html') {
    while (i < attributes.length && attributes[i].name !== 'id' && !attributes[i].name.startsWith('aria-')) i++;
    return i === attributes.length ? NOTHING_TO_CHECK : SOME_TO_CHECK;
  }
  if (plan === null) return SOME_TO_CHECK;
  const plain = plan.plain;
  while (i < attributes.length && plain.has(attributes[i].name)) i++;
  if (i === attributes.length) return NOTHING_TO_CHECK;
  const allowed = plan.allowed;
  while (i < attributes.length && allowed.has(attributes[i].name)) i++;
  return i === attributes.length ? ALL_ALLOWED : SOME_TO_CHECK;
}

export class AttributeChecks {
  /** The document's tree (a template's contents are a `new TreeIndex(false)` each). */
  readonly document = new TreeIndex(true);
  private readonly out: AttributeDiagnostic[] = [];
  private readonly references: PendingReference[] = [];

  /**
   * Indexes and checks `element`, an element of `tree`. `plan`: `attributePlanOf` its name (HTML elements; the
   * caller's, read once per name: undefined to look it up here).
   */
  element(element: ElementShape, tree: TreeIndex, plan?: AttributePlan | null): void {
    if (element.cloneOf !== null) return;
    const html = element.namespace === 'html';
    if (html && plan === undefined) plan = element.attributes.length === 0 ? null : attributePlanOf(element.name);
    const screened = screen(element, plan ?? null);
    // Indexed as the checks' walk reads it (`screenedElement`).
    if (html && element.name === 'map') tree.maps.push(element);
    if (screened !== NOTHING_TO_CHECK) this.check(element, tree, plan ?? null, screened === ALL_ALLOWED);
  }

  /**
   * `element` for an HTML element whose attributes the caller screened already, with its name's `plan`: `screened` is
   * what `screen` would return (the conformance walk reads each attribute's name once for every check, walk-frames.ts
   * `attributeBitsOf`).
   */
  screenedElement(element: ElementShape, tree: TreeIndex, plan: AttributePlan | null, screened: number): void {
    if (element.cloneOf !== null) return;
    // Indexed as the checks read it. OPTIMIZATION: not by `indexElement`: a map is one whatever its attributes; an id is
    // indexed as it is checked (`checkDuplicateId`: one look-up, not three); no anchors (`TreeIndex.anchorNames`, a map
    // per page of thousands of `a name`): the checks resolve ids and maps only (`resolveReference`), go-to-definition
    // reads the anchors of `indexAttributes`'s index.
    if (element.name === 'map') tree.maps.push(element);
    if (screened !== NOTHING_TO_CHECK) this.check(element, tree, plan, screened === ALL_ALLOWED);
  }

  /** Checks `element`, which the caller indexed (`indexAttributesInSteps`): as `element` does. */
  checkIndexed(element: ElementShape, tree: TreeIndex): void {
    const plan = element.namespace === 'html' && element.attributes.length > 0 ? attributePlanOf(element.name) : null;
    const screened = screen(element, plan);
    if (screened !== NOTHING_TO_CHECK) this.check(element, tree, plan, screened === ALL_ALLOWED);
  }

  /**
   * Checks `element` (written in the source, indexed already): with its name's `plan`, its plain attributes are
   * skipped; `allAllowed`: every one of its attributes is allowed there.
   */
  check(element: ElementShape, tree: TreeIndex, plan: AttributePlan | null = null, allAllowed = false): void {
    const out = this.out;
    let notAllowed: readonly AttributeNotAllowed[] | null = null;
    const html = element.namespace === 'html';
    // OPTIMIZATION: an input's type state read once for all its attributes.
    const inputType = html && element.name === 'input' ? inputTypeOf(element) : undefined;
    if (html) {
      notAllowed = allAllowed ? NONE_NOT_ALLOWED : attributesNotAllowed(element, inputType);
      for (let i = 0; i < notAllowed.length; i++) {
        const n = notAllowed[i];
        out.push({
          code: NOT_ALLOWED_CODES[n.kind],
          start: n.attribute.start,
          end: n.attribute.end,
          message: n.message,
          href: n.href,
          element: element.name,
          attribute: n.attribute.name,
        });
      }
    }
    const attributes = element.attributes;
    for (let i = 0; i < attributes.length; i++) {
      const attribute = attributes[i];
      // (A plan is an HTML element's, not an input's.)
      const reading = plan !== null ? readingOf(plan, element.name, attribute.name) : null;
      if (reading === PLAIN) continue;
      if (attribute.name === 'id') this.checkDuplicateId(tree, element, attribute);
      if (attribute.name === 'for' && element.name === 'template' && html) this.checkTemplateFor(attribute);
      // `definitionOf`, with the input type read above.
      const definition =
        plan !== null ? reading : html ? attributeDefinition(element.name, attribute.name, inputType) : attribute.name.startsWith('aria-') ? attributeDefinition('*', attribute.name) : null;
      if (definition === null) continue;
      // An attribute that is not allowed here is reported once, as such: its value means nothing on this element.
      // (A loop, not `some`: a closure over `attribute` would allocate a context per attribute.)
      if (notAllowed !== null && notAllowed.length > 0 && isReported(notAllowed, attribute)) continue;
      switch (definition.syntax.kind) {
        case 'id-reference':
        case 'id-references':
        case 'hash-name-reference':
          this.references.push({ tree, element, attribute, definition });
          if (definition.syntax.kind !== 'hash-name-reference') continue;
          break;
        case 'meta-content': {
          // Only an encoding declaration's content is checked here.
          const httpEquiv = getAttribute(element, 'http-equiv');
          if (httpEquiv === null || !isAsciiCaseInsensitiveMatch(httpEquiv.value.trim(), 'content-type')) continue;
          break;
        }
      }
      const problem = attributeValueProblem(definition, attribute.value, element);
      if (problem !== null) out.push(valueDiagnostic(element, attribute, definition, problem));
    }
  }

  /**
   * whatwg/html 2ff023fb: a `<template for>` that found its marker is not in
   * the tree (its content went to the marker); one that is in the tree found none.
   */
  private checkTemplateFor(attribute: AttributeShape): void {
    const name = attribute.value;
    this.out.push({
      code: AttributeDiagnosticCode.TemplateForMarkerNotFound,
      ...valueRange(attribute),
      message:
        name === ''
          ? 'An empty for names no marker: this stays an inert template and its content is not shown'
          : `No <?marker name=${JSON.stringify(name)}> or <?start name=${JSON.stringify(name)}> was found where the parser looked for it (inside the element this template is in; from <body>, the whole document so far), so this stays an inert template and its content is not shown. The marker's name must be quoted.`,
      href: ATTRIBUTE_DIAGNOSTICS[AttributeDiagnosticCode.TemplateForMarkerNotFound].href,
    });
  }

  /**
   * Reports `element`'s id if an earlier element of `tree` has it; else indexes it, the first with it (the checks' walk
   * indexes each id here; `checkIndexed`'s index holds them all already).
   */
  private checkDuplicateId(tree: TreeIndex, element: ElementShape, attribute: AttributeShape): void {
    const firstElement = tree.ids.get(attribute.value);
    if (firstElement === undefined) {
      tree.ids.set(attribute.value, element);
      return;
    }
    if (firstElement === element) return;
    // An empty id is reported as an invalid value; it cannot be looked up, so it is not a duplicate.
    if (attribute.value === '') return;
    const first = tree.idTarget(attribute.value)!;
    const where = tree.isDocument ? 'the document' : 'the template';
    this.out.push({
      code: AttributeDiagnosticCode.DuplicateId,
      ...valueRange(attribute),
      message: `Duplicate id ${JSON.stringify(attribute.value)}: an earlier ${describeElement(first.element)} in ${where} has it, and references, fragment links and getElementById find only that first one`,
      related: { ...valueRange(first.attribute), message: `The first element with id ${JSON.stringify(attribute.value)}` },
      href: ATTRIBUTE_DIAGNOSTICS[AttributeDiagnosticCode.DuplicateId].href,
    });
  }

  /** The diagnostics, sorted by position, once every element is checked: the references resolved (they may point forward). */
  finish(): AttributeDiagnostic[] {
    return runToEnd(this.finishInSteps());
  }

  /** `finish`, yielding every `ELEMENTS_PER_STEP` references. */
  *finishInSteps(): Generator<void, AttributeDiagnostic[]> {
    const references = this.references;
    const out = this.out;
    for (let i = 0; i < references.length; i++) {
      resolveReference(references[i], out);
      if ((i + 1) % ELEMENTS_PER_STEP === 0) yield;
    }
    out.sort((a, b) => a.start - b.start || a.end - b.end);
    return out;
  }
}

/**
 * The attribute diagnostics of a parsed document (or fragment), sorted by
 * position. Pure: reads the tree, changes nothing.
 */
export function checkAttributes(root: TreeRootShape): AttributeDiagnostic[] {
  return runToEnd(checkAttributesInSteps(root));
}

/**
 * `checkAttributes` in steps: the generator yields after every few thousand
 * elements and returns the diagnostics. A caller can run it in slices
 * between other work, and must stop (drop the generator) once the tree may
 * have changed.
 */
export function* checkAttributesInSteps(root: TreeRootShape): Generator<void, AttributeDiagnostic[]> {
  const checks = new AttributeChecks();
  yield* indexAttributesInSteps(root, (element, tree) => checks.checkIndexed(element, tree));
  return yield* checks.finishInSteps();
}

function valueDiagnostic(element: ElementShape, attribute: AttributeShape, definition: AttributeDefinition, p: ValueProblem): AttributeDiagnostic {
  const range = valueSubrange(attribute, p.position, p.length);
  if (p.falseBoolean) {
    return {
      code: AttributeDiagnosticCode.BooleanAttributeFalse,
      ...range,
      message: `${shown(attribute)} does not turn ${attribute.name} off: a boolean attribute is on whenever it is present, whatever its value. Remove the attribute to turn it off`,
      href: ATTRIBUTE_DIAGNOSTICS[AttributeDiagnosticCode.BooleanAttributeFalse].href,
    };
  }
  if (p.nonUtf8) {
    return {
      code: AttributeDiagnosticCode.NonUtf8EncodingDeclaration,
      ...range,
      message: `${shown(attribute)} declares the encoding ${p.reason}: HTML documents must be encoded in UTF-8 and declare "utf-8"`,
      href: ATTRIBUTE_DIAGNOSTICS[AttributeDiagnosticCode.NonUtf8EncodingDeclaration].href,
    };
  }
  return { code: AttributeDiagnosticCode.InvalidAttributeValue, ...range, message: valueMessage(attribute, p), href: definition.href };
}

function resolveReference(reference: PendingReference, out: AttributeDiagnostic[]): void {
  const { tree, attribute, definition } = reference;
  const syntax = definition.syntax;
  const where = tree.isDocument ? 'this document' : 'this template';
  if (syntax.kind === 'hash-name-reference') {
    const name = hashNameReferenceName(attribute.value);
    // A value the rules cannot read at all is reported as an invalid value.
    if (!name.ok) return;
    const map = tree.mapNamed(name.value);
    if (map === null) {
      out.push({
        code: AttributeDiagnosticCode.MapReferenceNotFound,
        ...valueRange(attribute),
        message: `${shown(attribute)} refers to no <${syntax.target}>: no ${syntax.target} element in ${where} has the name or id ${JSON.stringify(name.value)}, so the image has no image map`,
        href: definition.href,
      });
      return;
    }
    if (getAttribute(map, 'name')?.value !== name.value) {
      const id = getAttribute(map, 'id')!;
      out.push({
        code: AttributeDiagnosticCode.InvalidAttributeValue,
        ...valueRange(attribute),
        message: `${shown(attribute)} must match a map's name attribute: it matches only the id of this <map>, which the browser accepts but the spec does not`,
        related: { ...valueRange(id), message: `The <map> with id ${JSON.stringify(name.value)}` },
        href: 'https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-hash-name-reference',
      });
    }
    return;
  }
  if (syntax.kind === 'id-reference') {
    lookUp(attribute.value, 0, attribute.value.length, syntax.kind, syntax.targets, syntax.targetMismatch);
    return;
  }
  if (syntax.kind === 'id-references') {
    for (const token of splitOnAsciiWhitespaceWithPositions(attribute.value)) lookUp(token.value, token.start, token.value.length, syntax.kind, syntax.targets, undefined);
  }

  function lookUp(id: string, position: number, length: number, kind: string, targets: readonly string[] | undefined, mismatch: string | undefined): void {
    const range = kind === 'id-reference' ? valueRange(attribute) : valueSubrange(attribute, position, length);
    const target = tree.idTarget(id);
    if (target === undefined) {
      const message =
        id === ''
          ? `${shown(attribute)} is empty, so it refers to no element`
          : kind === 'id-reference'
            ? `${shown(attribute)} refers to no element: no element in ${where} has the id ${JSON.stringify(id)}`
            : `${attribute.name} refers to ${JSON.stringify(id)}, but no element in ${where} has that id`;
      // An aria-* reference to nothing is a warning (attribute-diagnostic-codes.ts: AriaReferenceNotFound).
      const code = attribute.name.startsWith('aria-') ? AttributeDiagnosticCode.AriaReferenceNotFound : AttributeDiagnosticCode.IdReferenceNotFound;
      out.push({ code, ...range, message, href: definition.href });
      return;
    }
    if (targets !== undefined && (target.element.namespace !== 'html' || !targets.includes(target.element.name))) {
      const wanted = targets.map((t) => `<${t}>`).join(' or ');
      out.push({
        code: AttributeDiagnosticCode.IdReferenceWrongElement,
        ...range,
        message: `${attribute.name} refers to ${JSON.stringify(id)}, which is a ${describeElement(target.element)}, not a ${wanted}${mismatch !== undefined ? `: ${mismatch}` : ''}`,
        related: { ...valueRange(target.attribute), message: `The element with id ${JSON.stringify(id)}` },
        href: definition.href,
      });
    }
  }
}
