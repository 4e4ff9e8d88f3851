/**
 * The outline: one symbol per element, nested exactly as the parser built the
 * DOM (template contents under their template). Implied elements (html,
 * head, body, tbody… created without a start tag) and clones made by the
 * formatting reconstruction or the adoption agency are marked, or left out
 * with their children lifted to the nearest shown ancestor. Offsets only.
 */
import type { DomChild, DomParent } from '../dom';
import { idAndClasses, tagNameRange, visibleChildren } from './tree';

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
}

/**
 * Deeper elements are listed flat under the symbol at this depth: editors
 * and JSON serializers recurse on the result, and a 100,000-deep tree would
 * overflow their stacks.
 */
export const MAX_SYMBOL_DEPTH = 128;

export function documentSymbols(root: DomParent, text: string, options: SymbolOptions): SymbolData[] {
  const top: SymbolData[] = [];
  const stack: { children: readonly DomChild[]; index: number; out: SymbolData[]; depth: number }[] = [
    { children: visibleChildren(root), index: 0, out: top, depth: 0 },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.index >= frame.children.length) {
      stack.pop();
      continue;
    }
    const node = frame.children[frame.index++];
    if (node.kind !== 'element') continue;
    const children = visibleChildren(node);
    const implied = node.startTag === null;
    if (implied && !options.showImplied) {
      if (children.length > 0) stack.push({ children, index: 0, out: frame.out, depth: frame.depth });
      continue;
    }
    const tags = idAndClasses(node);
    let detail = tags;
    if (implied) detail = node.cloneOf !== null ? `(reopened)${tags ? ` ${tags}` : ''}` : `(implied)${tags ? ` ${tags}` : ''}`;
    const selection = node.startTag !== null ? tagNameRange(text, node.startTag) : { start: node.start, end: node.start };
    const symbol: SymbolData = {
      name: node.name,
      detail,
      implied,
      start: node.start,
      end: node.end,
      selectionStart: selection.start,
      selectionEnd: selection.end,
      children: [],
    };
    frame.out.push(symbol);
    if (children.length === 0) continue;
    if (frame.depth + 1 >= MAX_SYMBOL_DEPTH) stack.push({ children, index: 0, out: frame.out, depth: frame.depth });
    else stack.push({ children, index: 0, out: symbol.children, depth: frame.depth + 1 });
  }
  return top;
}
