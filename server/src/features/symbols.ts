/**
 * The outline: one symbol per element, nested exactly as the parser built the
 * DOM (template contents under their template). Implied elements (html,
 * head, body, tbody… created without a start tag) and clones made by the
 * formatting reconstruction or the adoption agency are marked, or left out
 * with their children lifted to the nearest shown ancestor. Offsets only.
 *
 * A big page has hundreds of thousands of elements, and an editor that
 * receives them all freezes. So the outline is built breadth first and stops
 * at `maxSymbols`: the upper levels are always complete, and only the deepest
 * details are left out.
 */
import type { DomChild, DomElement, DomParent, DomProcessingInstruction } from '../dom';
import { idAndClasses, tagNameRange, visibleChildren } from './tree';
import type { SourceText } from '../document-text';

export interface SymbolData {
  name: string;
  detail: string;
  /** Created without a start tag: implied, or a clone. */
  implied: boolean;
  start: number;
  end: number;
  selectionStart: number;
  selectionEnd: number;
  children: SymbolData[];
}

export interface SymbolOptions {
  showImplied: boolean;
  /** Stop after this many symbols (0: no limit). */
  maxSymbols?: number;
}

export interface OutlineData {
  symbols: SymbolData[];
  /** How many symbols there are in all (only `symbols.length` counted when `countTotal` is false). */
  total: number;
  /** Whether `maxSymbols` left some out. */
  truncated: boolean;
}

/**
 * The outline has at most this many levels; deeper elements are listed flat
 * under their ancestor on the last level but one: editors and JSON serializers recurse on the result, and a
 * 100,000-deep tree would overflow their stacks.
 */
export const MAX_SYMBOL_DEPTH = 128;

/** The elements shown under `node`: its element children, with hidden implied elements replaced by theirs. */
/** What the outline shows: elements and processing instructions (`<?marker name=x>`, `<?php …?>`). */
type Shown = DomElement | DomProcessingInstruction;

function shownChildren(node: DomParent, showImplied: boolean): Shown[] {
  const out: Shown[] = [];
  const stack: { children: readonly DomChild[]; index: number }[] = [{ children: visibleChildren(node), index: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.index >= top.children.length) {
      stack.pop();
      continue;
    }
    const child = top.children[top.index++];
    if (child.kind === 'processingInstruction') {
      out.push(child);
      continue;
    }
    if (child.kind !== 'element') continue;
    if (child.startTag === null && !showImplied) stack.push({ children: visibleChildren(child), index: 0 });
    else out.push(child);
  }
  return out;
}

/** A processing instruction's symbol: `<?target>`, its data as the detail, the target selected. */
function instructionSymbol(node: DomProcessingInstruction): SymbolData {
  const selectionStart = node.start + 2;
  return {
    name: `<?${node.target}>`,
    detail: node.data.length > 60 ? `${node.data.slice(0, 59)}…` : node.data,
    implied: false,
    start: node.start,
    end: node.end,
    selectionStart,
    selectionEnd: selectionStart + node.target.length,
    children: [],
  };
}

function toSymbol(node: Shown, text: SourceText): SymbolData {
  if (node.kind === 'processingInstruction') return instructionSymbol(node);
  const implied = node.startTag === null;
  const tags = idAndClasses(node);
  let detail = tags;
  if (implied) detail = `${node.cloneOf !== null ? '(reopened)' : '(implied)'}${tags ? ` ${tags}` : ''}`;
  const selection = node.startTag !== null ? tagNameRange(text, node.startTag) : { start: node.start, end: node.start };
  return {
    name: node.name,
    detail,
    implied,
    start: node.start,
    end: node.end,
    selectionStart: selection.start,
    selectionEnd: selection.end,
    children: [],
  };
}

/**
 * How often the step functions below yield: a caller that runs them in
 * slices (the server, between which it reads cancellations and changes)
 * gets control back about every this many nodes.
 */
export const NODES_PER_STEP = 2048;

/**
 * The outline, built in steps (a generator that yields now and then, see
 * `NODES_PER_STEP`); `documentOutline` runs it to the end. `total` is
 * counted only when `countTotal` is set and the outline is truncated: it
 * walks the whole tree, which only a message needs.
 */
export function* documentOutlineSteps(root: DomParent, text: SourceText, options: SymbolOptions & { countTotal?: boolean }): Generator<void, OutlineData> {
  const max = options.maxSymbols !== undefined && options.maxSymbols > 0 ? options.maxSymbols : Infinity;
  const top: SymbolData[] = [];
  // Breadth first: a queue of elements with the list their symbol goes into.
  const queue: { element: Shown; out: SymbolData[]; depth: number }[] = shownChildren(root, options.showImplied).map((element) => ({ element, out: top, depth: 0 }));
  let count = 0;
  let head = 0;
  let truncated = false;
  let budget = NODES_PER_STEP;
  while (head < queue.length) {
    if (count >= max) {
      truncated = true;
      break;
    }
    if (--budget === 0) {
      budget = NODES_PER_STEP;
      yield;
    }
    const { element, out, depth } = queue[head++];
    const symbol = toSymbol(element, text);
    out.push(symbol);
    count++;
    // Depth is 0-based: a symbol's children are at depth + 1, which must stay below the limit.
    if (element.kind === 'processingInstruction') continue;
    if (depth + 2 < MAX_SYMBOL_DEPTH) {
      for (const child of shownChildren(element, options.showImplied)) queue.push({ element: child, out: symbol.children, depth: depth + 1 });
      continue;
    }
    // At the depth limit: every shown descendant, flat, in document order.
    const stack = shownChildren(element, options.showImplied).reverse();
    while (stack.length > 0 && count < max) {
      if (--budget === 0) {
        budget = NODES_PER_STEP;
        yield;
      }
      const d = stack.pop()!;
      symbol.children.push(toSymbol(d, text));
      count++;
      if (d.kind === 'processingInstruction') continue;
      const below = shownChildren(d, options.showImplied);
      for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]);
    }
    if (stack.length > 0) truncated = true;
  }
  // Free the queue's references before counting the rest.
  queue.length = 0;
  const total = truncated && options.countTotal !== false ? yield* countShown(root, options.showImplied) : count;
  return { symbols: top, total, truncated };
}

function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}

export function documentOutline(root: DomParent, text: SourceText, options: SymbolOptions & { countTotal?: boolean }): OutlineData {
  return runSteps(documentOutlineSteps(root, text, options));
}

/** The symbols of the whole outline (see `documentOutline`). */
export function documentSymbols(root: DomParent, text: SourceText, options: SymbolOptions): SymbolData[] {
  return documentOutline(root, text, { ...options, countTotal: false }).symbols;
}

function* countShown(root: DomParent, showImplied: boolean): Generator<void, number> {
  let n = 0;
  let budget = NODES_PER_STEP;
  const stack: DomParent[] = [root];
  while (stack.length > 0) {
    for (const child of shownChildren(stack.pop()!, showImplied)) {
      n++;
      if (child.kind === 'element') stack.push(child);
    }
    if (--budget === 0) {
      budget = NODES_PER_STEP;
      yield;
    }
  }
  return n;
}
