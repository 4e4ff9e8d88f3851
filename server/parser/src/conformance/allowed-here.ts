/**
 * What may go at one place in the tree: the HTML elements whose start tag
 * written there would agree with the content model of the element it goes in
 * (at that place, after the children before it) and with its ancestors'
 * "no such descendants" rules. Completion offers these first.
 * https://html.spec.whatwg.org/multipage/dom.html#content-models
 *
 * An element is judged by its name alone, as a start tag without
 * attributes would make it (`a` is interactive only with `href`).
 */
import { getAttribute, type ChildShape, type ElementShape } from '../attributes/tree-shape';
import { automatonOf } from './content-model';
import type { ContentItem, ContentPattern, Selector } from './element-entry';
import { contentModelOf, elementEntry, entryHasCategory } from './element-table';
import { ELEMENT_ENTRIES } from './element-table.generated';

/** A child as this module reads it: text counts when it is not inter-element whitespace. */
export type PlaceChild = ChildShape | { readonly kind: 'text'; readonly data: string };

/** OPTIMIZATION: transparent elements nested deeper than this allow anything (as in the conformance walk, walk-frames.ts). */
const CONTEXT_DEPTH_LIMIT = 64;

/** https://html.spec.whatwg.org/multipage/dom.html#inter-element-whitespace */
function isInterElementWhitespace(data: string): boolean {
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    if (c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d && c !== 0x20) return false;
  }
  return true;
}

/** A bare element of this name, as a start tag without attributes makes it. */
function bare(name: string): ElementShape {
  return { kind: 'element', name, namespace: 'html', attributes: [], children: [], content: null, startTag: null, cloneOf: null };
}

/** Whether a child already in the tree matches a selector (transparent models accept what their parent would). */
function childMatches(s: Selector, child: ElementShape | null): boolean {
  if (s.kind === 'any' || s.kind === 'context') return true;
  if (child === null) return s.kind === 'text' || (s.kind === 'category' && (s.category === 'flow' || s.category === 'phrasing'));
  if (s.kind === 'text') return false;
  if (s.kind === 'attribute') return getAttribute(child, s.name) !== null;
  if (child.namespace !== 'html') return s.kind === 'category' && (s.category === 'flow' || s.category === 'phrasing' || s.category === 'embedded');
  const entry = elementEntry(child.name);
  if (entry === undefined || entry.obsolete !== undefined) return s.kind === 'category' ? s.category !== 'interactive' : true;
  if (s.kind === 'element') return s.name === child.name;
  return entryHasCategory(entry, s.category, child);
}

/** Whether the element `name` (bare) matches a selector, `context` deciding a transparent parent's. */
function nameMatches(s: Selector, name: string, context: () => boolean): boolean {
  switch (s.kind) {
    case 'any':
      return true;
    case 'text':
    case 'attribute':
      return false;
    case 'context':
      return context();
    case 'element':
      return s.name === name;
    case 'category': {
      const entry = elementEntry(name);
      return entry !== undefined && entryHasCategory(entry, s.category, bare(name));
    }
  }
}

/** Every item of a pattern. */
function itemsOf(pattern: ContentPattern, out: ContentItem[]): ContentItem[] {
  const stack = [pattern];
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (p.kind === 'item') out.push(p.item);
    else if (p.kind === 'seq' || p.kind === 'choice') stack.push(...p.of);
    else stack.push(p.of);
  }
  return out;
}

/**
 * The items a new child of `parent` after `before` may match, or 'any' when
 * the parent's model is not known or not checked, or 'nothing'.
 */
function itemsAt(parent: ElementShape, grandparent: ElementShape | null, before: readonly PlaceChild[]): ContentItem[] | 'any' | 'nothing' {
  // A template's contents are a tree of their own, where anything may go.
  if (parent.namespace !== 'html' || parent.name === 'template') return 'any';
  const entry = elementEntry(parent.name);
  if (entry === undefined || entry.obsolete !== undefined) return 'any';
  const model = contentModelOf(entry, parent, grandparent);
  if (model.kind !== 'pattern') return model.kind;
  const automaton = automatonOf(model.pattern);
  let states = automaton.initial();
  for (const child of before) {
    let element: ElementShape | null;
    if (child.kind === 'element') element = child;
    else if (child.kind === 'text' && 'data' in child && !isInterElementWhitespace(child.data)) element = null;
    else continue;
    const next = automaton.step(states, (item) => item.match.some((s) => childMatches(s, element)));
    // Children that already break the model: judge the place as if they were not there.
    if (next.length > 0) states = next;
  }
  return automaton.items(states);
}

/**
 * The names of the HTML elements that may be a child of `ancestors[0]` after
 * its children `before`, given its ancestors `ancestors[1…]` (innermost
 * first; each ancestor's children must hold the one below it, to read
 * transparent models). Null when the element's content is not checked (an
 * unknown, obsolete or foreign element, raw text): anything may go there.
 */
export function elementsAllowedHere(ancestors: readonly ElementShape[], before: readonly PlaceChild[]): Set<string> | null {
  if (ancestors.length === 0) return null;
  const levels: (ContentItem[] | 'any' | 'nothing')[] = [];
  /** The items at level k: in ancestors[k], after its children before ancestors[k - 1] (or `before`). */
  const levelItems = (k: number): ContentItem[] | 'any' | 'nothing' => {
    let items = levels[k];
    if (items === undefined) {
      const parent = ancestors[k];
      const grandparent = ancestors[k + 1] ?? null;
      let children: readonly PlaceChild[] = before;
      if (k > 0) {
        const i = parent.children.lastIndexOf(ancestors[k - 1]);
        children = i < 0 ? [] : parent.children.slice(0, i);
      }
      items = itemsAt(parent, grandparent, children);
      levels[k] = items;
    }
    return items;
  };
  const allowedAt = (name: string, k: number): boolean => {
    if (k >= ancestors.length || k > CONTEXT_DEPTH_LIMIT) return true;
    const items = levelItems(k);
    if (items === 'any') return true;
    if (items === 'nothing') return false;
    return items.some(
      (item) => item.match.some((s) => nameMatches(s, name, () => allowedAt(name, k + 1))) && !(item.except ?? []).some((s) => nameMatches(s, name, () => false)),
    );
  };
  const first = levelItems(0);
  if (first === 'any') return null;
  // Every ancestor's "no such descendants" rules.
  const forbidden: Selector[] = [];
  for (let k = 0; k < ancestors.length; k++) {
    const a = ancestors[k];
    if (a.namespace === 'html' && a.name === 'template') break;
    const entry = a.namespace === 'html' ? elementEntry(a.name) : undefined;
    if (entry === undefined || entry.obsolete !== undefined) continue;
    const model = contentModelOf(entry, a, ancestors[k + 1] ?? null);
    if (model.kind !== 'pattern') continue;
    for (const item of itemsOf(model.pattern, [])) if (item.noDescendants !== undefined) forbidden.push(...item.noDescendants);
  }
  const out = new Set<string>();
  for (const entry of ELEMENT_ENTRIES) {
    if (entry.obsolete !== undefined) continue;
    const name = entry.name;
    if (!allowedAt(name, 0)) continue;
    if (forbidden.some((s) => nameMatches(s, name, () => false))) continue;
    out.add(name);
  }
  return out;
}
