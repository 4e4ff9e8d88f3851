/**
 * The frames of the conformance walk (checker.ts): one per depth, refilled for each element at that depth, carrying
 * down what the per-element checks read (the parent's content model and its states, the context a transparent
 * element's children read, the ancestors' restrictions, the nearest label, figure and map); and what the walk reads
 * of an element's table entry, made once per name.
 */
import { NameTable } from '../attributes/name-table';
import type { ElementShape } from '../attributes/tree-shape';
import { attributePlanOf, type AttributePlan, type TreeIndex } from '../attributes/check-attributes';
import type { ScopedFrame } from './aria-model';
import { automatonOf, type ContentAutomaton } from './content-model';
import type { Category, Condition, ContentItem, ContentModel, ElementEntry, Selector } from './element-entry';
import { elementEntry, entryHasCategory } from './element-table';
import { headingNumber } from './heading-levels';
import { LABELABLE, textMatches } from './node-reading';

/**
 * What a transparent element's children are matched against: the item that
 * let the element in, itself read in its own parent's context. Null: anything.
 */
export interface Context {
  readonly item: ContentItem;
  readonly parent: Context | null;
  /**
   * OPTIMIZATION (`Checker.text`): the looping automaton whose step over text read in this context was made last, and
   * the states it gave: text is judged once per context and model, not once per transparent element (each a's text).
   */
  textAutomaton: ContentAutomaton | null;
  textNext: number[];
  /**
   * OPTIMIZATION (`Checker.stepChild`): the looping automaton that judged child elements by their entries in this
   * context last, and what it judged (as `ContentAutomaton.judged`); null until one did.
   */
  judgedBy: ContentAutomaton | null;
  judged: (ContentItem | null | undefined)[] | null;
  /** What is read of a child through this context (`contextReads`); -1 until made. */
  reads: number;
}

/** `contextReads`: an attribute selector is read (then a child is never judged by its entry alone). */
export const READS_ATTRIBUTES = 1 << 30;

/**
 * What matching a child through `context` reads of it: the `CATEGORY_BITS` of the categories its item and those of
 * the contexts it is read in name, and READS_ATTRIBUTES for an attribute selector among them. Only the contexts a
 * match reaches are read (`CONTEXT_DEPTH_LIMIT`: deeper, a context matches anything).
 */
export function contextReads(context: Context): number {
  if (context.reads >= 0) return context.reads;
  let bits = 0;
  let c: Context | null = context;
  for (let depth = 0; c !== null && depth <= CONTEXT_DEPTH_LIMIT + 1; depth++, c = c.parent) {
    if (c.reads >= 0) {
      bits |= c.reads;
      break;
    }
    for (const s of c.item.match) bits |= selectorReads(s);
    for (const s of c.item.except ?? []) bits |= selectorReads(s);
  }
  return (context.reads = bits);
}

function selectorReads(s: Selector): number {
  return s.kind === 'category' ? CATEGORY_BITS[s.category] : s.kind === 'attribute' ? READS_ATTRIBUTES : 0;
}

/** An ancestor's "no such descendants" rule, active below it. A list, newest first. */
export interface Restriction {
  readonly selectors: readonly Selector[];
  readonly ancestor: ElementShape;
  readonly source: ContentItem;
  readonly next: Restriction | null;
}

/** A frame's own restriction, filled for its children (`Frame.ownRestriction`). */
export interface MadeRestriction extends Restriction {
  selectors: readonly Selector[];
  ancestor: ElementShape;
  source: ContentItem;
  next: Restriction | null;
}

/**
 * One element being walked. OPTIMIZATION: a walk keeps one frame per depth and fills it again for each element at
 * that depth (`Checker.frameAt`): no frame is made per element.
 */
export interface Frame extends ScopedFrame {
  /** Its depth in the walk: the frame of its children's children is the one at depth + 1. */
  depth: number;
  element: ElementShape | null;
  /** The node whose children these are: the element, the document or a template's contents. */
  owner: object;
  /** A re-check walking part of children out of source order: their blocks (`blocksOf`); null otherwise. */
  blocks: Int32Array | null;
  /** Whether all its children are walked into (a re-check walks into those that meet the region). */
  whole: boolean;
  /** Children before this index are walked into whole (the block being walked holds nodes out of order). */
  wholeUntil: number;
  /** Children before this index are in the block being walked, one by one. */
  blockUntil: number;
  /** Children before this index are in that block before its last child (`Checker.blockInPart`). */
  fosteredUntil: number;
  children: readonly ElementShape['children'][number][];
  index: number;
  /**
   * Whether the children walked so far are in source order and apart, and the end of the last one: told while a frame
   * walked whole is walked (foster parenting, https://html.spec.whatwg.org/multipage/parsing.html#foster-parent, puts
   * text and elements before a table whose source they are inside; a re-check walks into part of an element by
   * position only when its children are in order). OPTIMIZATION: each child is read while the walk is at it, not
   * again when its parent is done.
   */
  ordered: boolean;
  lastEnd: number;
  /** The model its children are checked against; null: not checked. */
  automaton: ContentAutomaton | null;
  model: ContentModel | null;
  /** The automaton's current states. */
  states: number[];
  /** The context its `context` selectors read. */
  context: Context | null;
  restrictions: Restriction | null;
  /** The restriction and the context last made for its children (`Checker.element`, `contextFor`): siblings share them. */
  madeRestriction: Restriction | null;
  /**
   * The restriction its children's frames are given when one of them is let in by an item with descendants it forbids
   * (`madeRestriction` then): OPTIMIZATION: one per frame, filled again (not one made per parent with such a child):
   * the walk is depth first, so the subtrees that read what it held before are walked when it is filled again.
   */
  readonly ownRestriction: MadeRestriction;
  madeContext: Context | null;
  /** Whether a main element here would be hierarchically correct. */
  mainAllowed: boolean;
  /** The nearest label ancestor (or this element), with its count of labelable descendants. */
  label: LabelCount | null;
  /** The nearest figure ancestor (for img alt). */
  figure: ElementShape | null;
  /** The nearest map ancestor. */
  inMap: boolean;
  /** The computed heading offset of the element (heading-levels.ts): what its children's add to. */
  headingOffset: number;
  /** Whether this is in a template's contents (whose headings are not in the document's outline). */
  inTemplate: boolean;
  /** The tree its children are in, for the attribute checks made in the same walk (`Checker.attributes`); else null. */
  tree: TreeIndex | null;
  /** Whether a child failed already (later failures in the same parent are still reported, but missing children are not). */
  failed: boolean;
  /**
   * Set when text was accepted in a model that judges each child alone (`ContentAutomaton.loops`): its states never
   * change, so all text is accepted there.
   */
  textAccepted: boolean;
}

export interface LabelCount {
  readonly label: ElementShape;
  count: number;
  first: ElementShape | null;
}

/** The elements of the rules in conditional-rules.ts and element-advice.ts (element-rules.ts) (but redundant roles, on any element with a role). */
const RULED_ELEMENTS: ReadonlySet<string> = new Set(['a', 'area', 'img', 'script', 'style', 'html', 'meta', 'input', 'object', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** `EntryFacts.rule`: the element's own rule in element-rules.ts (`ElementRules.elementRules`), by its name; 0 for none. */
export const RULE_IMG = 1;
export const RULE_AREA = 2;
export const RULE_LINK = 3;
export const RULE_META = 4;
export const RULE_BASE = 5;
export const RULE_BDO = 6;
export const RULE_MAIN = 7;
export const RULE_SELECT = 8;
export const RULE_TABLE = 9;
export const RULE_DL = 10;
export const RULE_TIME = 11;
const ELEMENT_RULES: ReadonlyMap<string, number> = new Map([
  ['img', RULE_IMG],
  ['area', RULE_AREA],
  ['link', RULE_LINK],
  ['meta', RULE_META],
  ['base', RULE_BASE],
  ['bdo', RULE_BDO],
  ['main', RULE_MAIN],
  ['select', RULE_SELECT],
  ['table', RULE_TABLE],
  ['dl', RULE_DL],
  ['time', RULE_TIME],
]);
/** https://html.spec.whatwg.org/multipage/grouping-content.html#hierarchically-correct-main-element */
const MAIN_ANCESTORS = new Set(['html', 'body', 'div', 'form']);
/** OPTIMIZATION: transparent elements nested deeper than this read their context as "anything" (keeps the walk linear). */
export const CONTEXT_DEPTH_LIMIT = 64;
/** The states of a frame without an automaton (never changed: a frame's states are replaced, not changed). */
export const NO_STATES: number[] = [];

/** What the walk reads of an HTML element's table entry. */
export interface EntryFacts {
  /** A small number of its own (`ContentAutomaton.judged` is indexed by it). */
  readonly id: number;
  readonly entry: ElementEntry;
  /** Its content model, when it has no conditional model (undefined: chosen per element, `contentModelOf`). */
  readonly model: ContentModel | undefined;
  /** That model's automaton, null when it is not a pattern. */
  readonly automaton: ContentAutomaton | null;
  /** Its obsolete attributes, or null. */
  readonly obsoleteAttributes: ReadonlySet<string> | null;
  /** Whether a main element may be inside it (`MAIN_ANCESTORS`). */
  readonly mainAncestor: boolean;
  /**
   * Whether its model (when it has no conditional one) allows any text anywhere: it judges each child alone, accepts
   * text and does not read its context (then its frame skips text at once).
   */
  readonly textAccepted: boolean;
  /** The categories (`CATEGORY_BITS`) it is always in, and those it is in under a condition (`hasCategory`). */
  readonly always: number;
  readonly conditional: number;
  /** Its heading number (h1–h6: 1 to 6), or 0 (`headingNumber`). */
  readonly heading: number;
  /** Whether it is labelable (`LABELABLE`). */
  readonly labelable: boolean;
  /** Its conditional content models (`contentModelOf`), each with its automaton (null when not a pattern), and the model otherwise. */
  readonly conditionals: readonly ModelChoice[];
  readonly otherwise: ModelChoice;
  /** What the walk carries down from it: `NAMED_MAP`, `NAMED_FIGURE` or `NAMED_LABEL`; 0 for any other element. */
  readonly named: number;
  /** Whether the rules of conditional-rules.ts and element-advice.ts are about it (`RULED_ELEMENTS`). */
  readonly ruled: boolean;
  /** Its own rule in element-rules.ts (`RULE_IMG`…), or 0. */
  readonly rule: number;
  /**
   * Whether element-rules.ts judges anything of it but its attributes (obsolete, role and aria-*): it is obsolete,
   * must be inside an ancestor, or has a rule of its own (`rule`, `ruled`).
   */
  readonly judged: boolean;
  /** What the attribute checks read of its name (check-attributes.ts `attributePlanOf`), or null. */
  readonly attributePlan: AttributePlan | null;
  /** Per attribute name met on it, its `ATTRIBUTE_*` bits (`attributeBitsOf`), at most `ATTRIBUTE_BITS_KEPT` names. */
  readonly attributeBits: Map<string, number>;
}

/**
 * What the walk reads of an attribute name on an HTML element (`attributeBitsOf`): in its attribute plan's plain set
 * (the attribute checks need nothing of it), in its allowed set, one of its obsolete attributes, role or aria-* (the
 * ARIA rules read it), headingoffset or headingreset (heading-levels.ts).
 */
export const ATTRIBUTE_PLAIN = 1;
export const ATTRIBUTE_ALLOWED = 2;
export const ATTRIBUTE_OBSOLETE = 4;
export const ATTRIBUTE_ARIA = 8;
export const ATTRIBUTE_HEADING = 16;
/** How many attribute names an entry's facts keep the bits of (any name can be written: the cache is bounded). */
const ATTRIBUTE_BITS_KEPT = 256;

/**
 * The `ATTRIBUTE_*` bits of the attribute `name` on an HTML element whose entry's facts are `facts`. OPTIMIZATION: one
 * look-up per attribute, kept per element name, in place of a set look-up per rule that reads it (the attribute
 * checks' screen, the obsolete attributes, ARIA, heading offsets).
 */
export function attributeBitsOf(facts: EntryFacts, name: string): number {
  // OPTIMIZATION: first a small table (NameTable) before the entry's map, as `factsOf`.
  if (ATTRIBUTE_BITS.has(facts, name)) return ATTRIBUTE_BITS.value();
  return ATTRIBUTE_BITS.put(facts, name, attributeBitsInMap(facts, name));
}

const ATTRIBUTE_BITS = new NameTable<EntryFacts, number>(1024, 0);

/** `attributeBitsOf` from the entry's map, made when the name is new there. */
function attributeBitsInMap(facts: EntryFacts, name: string): number {
  const known = facts.attributeBits.get(name);
  if (known !== undefined) return known;
  const plan = facts.attributePlan;
  let bits = 0;
  if (plan !== null && plan.plain.has(name)) bits |= ATTRIBUTE_PLAIN;
  if (plan !== null && plan.allowed.has(name)) bits |= ATTRIBUTE_ALLOWED;
  if (facts.obsoleteAttributes !== null && facts.obsoleteAttributes.has(name)) bits |= ATTRIBUTE_OBSOLETE;
  if (name === 'role' || name.startsWith('aria-')) bits |= ATTRIBUTE_ARIA;
  if (name === 'headingoffset' || name === 'headingreset') bits |= ATTRIBUTE_HEADING;
  if (facts.attributeBits.size < ATTRIBUTE_BITS_KEPT) facts.attributeBits.set(name, bits);
  return bits;
}

/** A content model that applies when `when` holds (always, for `EntryFacts.otherwise`), with its automaton. */
export interface ModelChoice {
  readonly when: Condition | null;
  readonly model: ContentModel;
  readonly automaton: ContentAutomaton | null;
}

/** `EntryFacts.named`: the elements the walk carries down (the nearest map, figure and label). */
export const NAMED_MAP = 1;
export const NAMED_FIGURE = 2;
export const NAMED_LABEL = 3;

function choice(when: Condition | null, model: ContentModel): ModelChoice {
  return { when, model, automaton: model.kind === 'pattern' ? automatonOf(model.pattern) : null };
}

/** One bit per category, for `EntryFacts.always` and `conditional`. */
const CATEGORY_BITS: Readonly<Record<Category, number>> = {
  metadata: 1,
  flow: 2,
  sectioning: 4,
  heading: 8,
  phrasing: 16,
  embedded: 32,
  interactive: 64,
  'script-supporting': 128,
};

/** The `CATEGORY_BITS` of the categories `automaton` reads of a child (`ContentAutomaton.categories`). */
export function categoryBitsReadBy(automaton: ContentAutomaton): number {
  if (automaton.categoryBits !== undefined) return automaton.categoryBits;
  let bits = 0;
  for (const category of automaton.categories()) bits |= CATEGORY_BITS[category];
  return (automaton.categoryBits = bits);
}

/**
 * Whether the HTML element `element`, whose entry's facts are `facts`, is in `category` (`entryHasCategory`).
 * OPTIMIZATION: a bit test; only a category held under a condition reads the element.
 */
export function hasCategory(facts: EntryFacts, category: Category, element: ElementShape): boolean {
  const bit = CATEGORY_BITS[category];
  if ((facts.always & bit) !== 0) return true;
  return (facts.conditional & bit) !== 0 && entryHasCategory(facts.entry, category, element);
}

/** OPTIMIZATION: per element name, the facts of its entry, made once (one look-up per element, no compiling per element). */
const entryFacts = new Map<string, EntryFacts>();

/** OPTIMIZATION: the last name asked for and its facts (siblings share names: li, td, a…). */
let lastName = '';
let lastFacts: EntryFacts | undefined = undefined;

/**
 * OPTIMIZATION: a small table of names asked for and their facts, in the slot of a hash of the name's length and end
 * characters (`factsSlot`), a hit found by comparing one name (the parser's names are the engine's internalized
 * strings: by identity), not by a map look-up (hashing, buckets) for each element.
 */
const FACTS_SLOTS = 256;
const slotNames: string[] = new Array<string>(FACTS_SLOTS).fill('');
const slotFacts: (EntryFacts | undefined)[] = new Array<EntryFacts | undefined>(FACTS_SLOTS).fill(undefined);

function factsSlot(name: string): number {
  const n = name.length;
  return n === 0 ? 0 : (n * 7 + name.charCodeAt(0) * 5 + name.charCodeAt(n - 1) * 3) & (FACTS_SLOTS - 1);
}

export function factsOf(name: string): EntryFacts | undefined {
  if (name === lastName) return lastFacts;
  const slot = factsSlot(name);
  let facts: EntryFacts | undefined;
  if (slotNames[slot] === name) facts = slotFacts[slot];
  else {
    facts = factsOfName(name);
    slotNames[slot] = name;
    slotFacts[slot] = facts;
  }
  lastFacts = facts;
  lastName = name;
  return facts;
}

function factsOfName(name: string): EntryFacts | undefined {
  const known = entryFacts.get(name);
  if (known !== undefined) return known;
  const entry = elementEntry(name);
  if (entry === undefined) return undefined;
  const model = entry.conditional === undefined ? entry.model : undefined;
  const automaton = model !== undefined && model.kind === 'pattern' ? automatonOf(model.pattern) : null;
  let always = 0;
  let conditional = 0;
  for (const category of Object.keys(CATEGORY_BITS) as Category[]) {
    const c = entry.categories[category];
    if (c === true) always |= CATEGORY_BITS[category];
    else if (c !== undefined) conditional |= CATEGORY_BITS[category];
  }
  const facts: EntryFacts = {
    id: entryFacts.size,
    entry,
    model,
    automaton,
    obsoleteAttributes: entry.obsoleteAttributes !== undefined ? new Set(entry.obsoleteAttributes) : null,
    mainAncestor: MAIN_ANCESTORS.has(name),
    textAccepted:
      automaton !== null && automaton.loops() && !automaton.readsContext() && automaton.step(automaton.initial(), (item) => item.match.some(textMatches)).length > 0,
    always,
    conditional,
    heading: headingNumber({ namespace: 'html', name } as ElementShape),
    labelable: LABELABLE.has(name),
    conditionals: (entry.conditional ?? []).map((c) => choice(c.when, c.model)),
    otherwise: choice(null, entry.model),
    named: name === 'map' ? NAMED_MAP : name === 'figure' ? NAMED_FIGURE : name === 'label' ? NAMED_LABEL : 0,
    ruled: RULED_ELEMENTS.has(name),
    rule: ELEMENT_RULES.get(name) ?? 0,
    judged: entry.obsolete !== undefined || entry.ancestor !== undefined || ELEMENT_RULES.has(name) || RULED_ELEMENTS.has(name),
    attributePlan: attributePlanOf(name),
    attributeBits: new Map(),
  };
  entryFacts.set(name, facts);
  return facts;
}

/** A reused frame set to walk `children` from the first, whole, with no blocks yet; the caller sets the rest. */
export function startFrame(frame: Frame, element: Frame['element'], owner: object, children: Frame['children']): Frame {
  frame.element = element;
  frame.owner = owner;
  frame.blocks = null;
  frame.whole = true;
  frame.wholeUntil = 0;
  frame.blockUntil = 0;
  frame.fosteredUntil = 0;
  frame.children = children;
  frame.index = 0;
  frame.ordered = true;
  frame.lastEnd = -1;
  frame.madeRestriction = null;
  frame.madeContext = null;
  return frame;
}

/** The selectors of a frame's own restriction while it holds none. */
const NO_SELECTORS: readonly Selector[] = [];

/** The children of a cleared frame. */
const NO_CHILDREN: Frame['children'] = [];

/** A frame to fill (`Checker.frameAt`). */
export function emptyFrame(depth: number): Frame {
  return {
    depth,
    element: null,
    owner: NO_STATES,
    blocks: null,
    whole: true,
    wholeUntil: 0,
    blockUntil: 0,
    fosteredUntil: 0,
    children: [],
    index: 0,
    ordered: true,
    lastEnd: -1,
    automaton: null,
    model: null,
    states: NO_STATES,
    context: null,
    restrictions: null,
    madeRestriction: null,
    ownRestriction: { selectors: NO_SELECTORS, ancestor: null as unknown as ElementShape, source: null as unknown as ContentItem, next: null },
    madeContext: null,
    mainAllowed: true,
    label: null,
    figure: null,
    inMap: false,
    headingOffset: 0,
    inTemplate: false,
    tree: null,
    ariaAncestors: 0,
    ariaTable: null,
    ariaParentList: false,
    ariaBusy: false,
    ariaFor: undefined,
    failed: false,
    textAccepted: false,
  };
}

/**
 * Sets every field of `frame` but its depth as `emptyFrame` has them (the same fields: keep them together): for a
 * frame given back after a walk (`Checker.release`), which then points to no node of the tree it walked.
 */
export function clearFrame(frame: Frame): void {
  startFrame(frame, null, NO_STATES, NO_CHILDREN);
  frame.automaton = null;
  frame.model = null;
  frame.states = NO_STATES;
  frame.context = null;
  frame.restrictions = null;
  const own = frame.ownRestriction;
  own.selectors = NO_SELECTORS;
  own.ancestor = null as unknown as ElementShape;
  own.source = null as unknown as ContentItem;
  own.next = null;
  frame.mainAllowed = true;
  frame.label = null;
  frame.figure = null;
  frame.inMap = false;
  frame.headingOffset = 0;
  frame.inTemplate = false;
  frame.tree = null;
  frame.ariaAncestors = 0;
  frame.ariaTable = null;
  frame.ariaParentList = false;
  frame.ariaBusy = false;
  frame.ariaFor = undefined;
  frame.failed = false;
  frame.textAccepted = false;
}
