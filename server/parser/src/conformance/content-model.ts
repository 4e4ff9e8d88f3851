/**
 * Content models as automata: https://html.spec.whatwg.org/multipage/dom.html#content-models
 *
 * A pattern (element-entry.ts) is compiled once into a small nondeterministic
 * automaton (Thompson's construction), and an element's children are run
 * through it in one pass, keeping the set of states reached: linear in the
 * number of children, whatever the pattern (a table with 10,000 rows costs
 * 10,000 steps). The matching of one child against one item is the caller's
 * (it needs the tree), so this module knows nothing of nodes.
 */
import type { Category, ContentItem, ContentModel, ContentPattern, Selector } from './element-entry';

/** A state: consume a child matching `item` and go to `next`; or an ε-split to `a` and `b`; or accept. */
type State =
  | { readonly kind: 'item'; readonly item: ContentItem; next: number }
  | { readonly kind: 'split'; a: number; b: number }
  | { readonly kind: 'accept' };

/** The states after a child that no item matches (`ContentAutomaton.step`). */
const NO_STATES: number[] = [];

export class ContentAutomaton {
  private readonly states: State[] = [];
  readonly start: number;

  constructor(pattern: ContentPattern) {
    this.states.push({ kind: 'accept' });
    this.start = this.compile(pattern, 0);
  }

  /** The start state of `p` followed by state `next` (compiled back to front). */
  private compile(p: ContentPattern, next: number): number {
    const states = this.states;
    switch (p.kind) {
      case 'item':
        states.push({ kind: 'item', item: p.item, next });
        return states.length - 1;
      case 'seq': {
        let at = next;
        for (let i = p.of.length - 1; i >= 0; i--) at = this.compile(p.of[i], at);
        return at;
      }
      case 'choice': {
        let at = this.compile(p.of[p.of.length - 1], next);
        for (let i = p.of.length - 2; i >= 0; i--) {
          states.push({ kind: 'split', a: this.compile(p.of[i], next), b: at });
          at = states.length - 1;
        }
        return at;
      }
      case 'optional': {
        states.push({ kind: 'split', a: this.compile(p.of, next), b: next });
        return states.length - 1;
      }
      case 'zeroOrMore':
      case 'oneOrMore': {
        const split: State = { kind: 'split', a: -1, b: next };
        states.push(split);
        const index = states.length - 1;
        split.a = this.compile(p.of, index);
        return p.kind === 'zeroOrMore' ? index : split.a;
      }
    }
  }

  /** The states reachable from `from` by ε-moves, as item or accept states (sorted, no duplicates). */
  closure(from: readonly number[]): number[] {
    const seen = new Set<number>();
    const out: number[] = [];
    const stack = [...from];
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (seen.has(s)) continue;
      seen.add(s);
      const state = this.states[s];
      if (state.kind === 'split') {
        stack.push(state.b, state.a);
      } else out.push(s);
    }
    out.sort((x, y) => x - y);
    return out;
  }

  private initialStates: number[] | null = null;

  /** The states before the first child (the start state's closure). Do not change the array. */
  initial(): number[] {
    return (this.initialStates ??= this.closure([this.start]));
  }

  /** OPTIMIZATION: the closure of each single state, computed once (a child usually leads to one state). */
  private readonly singleClosures: (number[] | undefined)[] = [];

  /** The states after consuming a child, given which items it matches; empty when none does. */
  step(current: readonly number[], matches: (item: ContentItem) => boolean): number[] {
    let first = -1;
    let next: number[] | null = null;
    for (const s of current) {
      const state = this.states[s];
      if (state.kind !== 'item' || !matches(state.item)) continue;
      if (first === -1) first = state.next;
      else if (state.next !== first) (next ??= [first]).push(state.next);
    }
    // (OPTIMIZATION: one empty array for every child no item matches; the callers never change it.)
    if (first === -1) return NO_STATES;
    if (next !== null) return this.closure(next);
    let closure = this.singleClosures[first];
    if (closure === undefined) {
      closure = this.closure([first]);
      this.singleClosures[first] = closure;
    }
    return closure;
  }

  /** The items a child could match in `current` (for messages and for choosing the child's context). */
  items(current: readonly number[]): ContentItem[] {
    const out: ContentItem[] = [];
    for (const s of current) {
      const state = this.states[s];
      if (state.kind === 'item' && !out.includes(state.item)) out.push(state.item);
    }
    return out;
  }

  accepts(current: readonly number[]): boolean {
    return current.includes(0);
  }

  private readsContextCache: boolean | undefined;

  /** Whether an item matches by a `context` selector (a transparent model: what it allows depends on its parent's). */
  readsContext(): boolean {
    return (this.readsContextCache ??= this.states.some((s) => s.kind === 'item' && s.item.match.some((m) => m.kind === 'context')));
  }

  private attributesReadCache: readonly string[] | undefined;

  /** The names of the attributes its items' selectors name (to match or to exclude: `[tabindex]`). */
  attributesRead(): readonly string[] {
    return (this.attributesReadCache ??= this.selectorsRead((m) => (m.kind === 'attribute' ? m.name : undefined)));
  }

  /** Whether an item matches or excludes by an `attribute` selector (what it allows depends on a child's attributes). */
  readsAttributes(): boolean {
    return this.attributesRead().length > 0;
  }

  /** What `read` takes from each selector its items match or exclude by (undefined: nothing), each once. */
  private selectorsRead<T>(read: (selector: Selector) => T | undefined): T[] {
    const out = new Set<T>();
    const add = (selector: Selector): void => {
      const value = read(selector);
      if (value !== undefined) out.add(value);
    };
    for (const s of this.states) {
      if (s.kind !== 'item') continue;
      s.item.match.forEach(add);
      s.item.except?.forEach(add);
    }
    return [...out];
  }

  /**
   * OPTIMIZATION (checker.ts `Checker.stepChild`): for an automaton that loops and reads no context, what it judged a
   * child element by its entry (indexed by `EntryFacts.id`; a child with none of the attributes it names): the first
   * item that matched it, or null when none did.
   */
  readonly judged: (ContentItem | null | undefined)[] = [];

  private categoriesCache: readonly Category[] | undefined;

  /** The categories its items' selectors name (to match or to exclude): what of a child's categories it reads. */
  categories(): readonly Category[] {
    return (this.categoriesCache ??= this.selectorsRead((m) => (m.kind === 'category' ? m.category : undefined)));
  }

  /** The bits of `categories` (walk-frames.ts `categoryBitsReadBy` sets them once). */
  categoryBits: number | undefined = undefined;

  private loopsCache: boolean | undefined;

  /**
   * Whether the automaton accepts any sequence of its items in any order, and every child it accepts leaves it where
   * it was ("any number of flow content"): then what a child is judged does not depend on its siblings.
   */
  loops(): boolean {
    if (this.loopsCache !== undefined) return this.loopsCache;
    const initial = this.initial();
    let loops = this.accepts(initial);
    for (const s of initial) {
      const state = this.states[s];
      if (!loops) break;
      if (state.kind !== 'item') continue;
      loops = sameStates(this.closure([state.next]), initial);
    }
    return (this.loopsCache = loops);
  }
}

/** Whether two sorted state lists are equal. (A function of its own: a closure in `loops` would allocate a context per call.) */
function sameStates(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const automata = new WeakMap<ContentPattern, ContentAutomaton>();

/** The automaton of a pattern, compiled once. */
export function automatonOf(pattern: ContentPattern): ContentAutomaton {
  let a = automata.get(pattern);
  if (a === undefined) {
    a = new ContentAutomaton(pattern);
    automata.set(pattern, a);
  }
  return a;
}

// ---------------------------------------------------------------------------
// Descriptions, for messages and hovers
// ---------------------------------------------------------------------------

export function describeSelector(s: Selector): string {
  switch (s.kind) {
    case 'element':
      return s.name;
    case 'category':
      return `${s.category} content`;
    case 'text':
      return 'text';
    case 'any':
      return 'anything';
    case 'attribute':
      return `elements with ${s.name}`;
    case 'context':
      return "what its parent allows (transparent)";
  }
}

function describeList(list: readonly Selector[], joiner: string): string {
  const names = list.map(describeSelector);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${joiner} ${names[names.length - 1]}`;
}

export function describeItem(item: ContentItem): string {
  let out = describeList(item.match, 'or');
  if (item.except !== undefined) out += `, but no ${describeList(item.except, 'or')}`;
  if (item.noDescendants !== undefined) out += `${item.except !== undefined ? ' and' : ', but'} no ${describeList(item.noDescendants, 'or')} descendants`;
  return out;
}

function describePattern(p: ContentPattern): string {
  switch (p.kind) {
    case 'item':
      return describeItem(p.item);
    case 'seq':
      return p.of.map(describePattern).join(', then ');
    case 'choice':
      return `either ${p.of.map(describePattern).join('; or ')}`;
    case 'optional':
      return `optionally ${describePattern(p.of)}`;
    case 'zeroOrMore':
      return `any number of ${wrap(p.of)}`;
    case 'oneOrMore':
      return `one or more ${wrap(p.of)}`;
  }
}

function wrap(p: ContentPattern): string {
  const text = describePattern(p);
  return p.kind === 'item' ? text : `(${text})`;
}

/** The content model in one line: "any number of li or script-supporting content". */
/** OPTIMIZATION: each pattern described once (a page can report the same parent's model thousands of times). */
const describedPatterns = new WeakMap<ContentPattern, string>();

export function describeContentModel(model: ContentModel): string {
  switch (model.kind) {
    case 'nothing':
      return 'nothing';
    case 'any':
      return 'not checked';
    case 'pattern': {
      let described = describedPatterns.get(model.pattern);
      if (described === undefined) describedPatterns.set(model.pattern, (described = describePattern(model.pattern)));
      return described;
    }
  }
}
