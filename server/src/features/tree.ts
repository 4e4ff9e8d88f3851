/**
 * Reading the DOM the parser built: children in outline order, where a tag's
 * name sits in the source, and the chain of nodes under an offset. No
 * recursion: a 100,000-deep document must not overflow the stack.
 */
import type { DomChild, DomElement, DomNode, DomParent, SourceRange } from '../dom';
import type { SourceText } from '../document-text';

/** The children the user sees under a node: a template's contents, then its own children. */
export function visibleChildren(node: DomNode): readonly DomChild[] {
  switch (node.kind) {
    case 'document':
    case 'fragment':
      return node.children;
    case 'element':
      if (node.content !== null && node.content.children.length > 0) {
        return node.children.length === 0 ? node.content.children : [...node.content.children, ...node.children];
      }
      return node.children;
    default:
      return [];
  }
}

function isNameEnd(c: number): boolean {
  // Whitespace, "/", ">" end a tag name (NaN: the end of the text).
  return c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20 || c === 0x2f || c === 0x3e || Number.isNaN(c);
}

/** The source range of the name in the tag at `tag` (`<name` or `</name`). */
export function tagNameRange(text: SourceText, tag: SourceRange): SourceRange {
  let start = tag.start + 1;
  if (text.charCodeAt(start) === 0x2f) start++;
  let end = start;
  while (end < tag.end && !isNameEnd(text.charCodeAt(end))) end++;
  return { start, end };
}

/** Whether `offset` is in `[r.start, r.end)`. */
export function contains(r: SourceRange, offset: number): boolean {
  return r.start <= offset && offset < r.end;
}

/**
 * The nodes whose ranges contain `offset`, from the document down to the
 * deepest. Where siblings overlap (content moved before a table by foster
 * parenting lies inside the table's source range), the narrowest wins.
 */
export function pathAt(root: DomParent, offset: number): DomNode[] {
  const path: DomNode[] = [root];
  let node: DomNode = root;
  for (;;) {
    const children = visibleChildren(node);
    let best: DomChild | null = null;
    for (let i = 0; i < children.length; i++) {
      const c = children[i];
      if (c.start <= offset && offset < c.end && (best === null || c.end - c.start < best.end - best.start)) best = c;
    }
    if (best === null) return path;
    path.push(best);
    node = best;
  }
}

/** The element whose start or end tag contains `offset`, and which tag. */
export function tagAt(root: DomParent, offset: number): { element: DomElement; tag: 'start' | 'end' } | undefined {
  const path = pathAt(root, offset);
  for (let i = path.length - 1; i >= 0; i--) {
    const n = path[i];
    if (n.kind !== 'element') continue;
    if (n.startTag !== null && contains(n.startTag, offset)) return { element: n, tag: 'start' };
    if (n.endTag !== null && contains(n.endTag, offset)) return { element: n, tag: 'end' };
  }
  return undefined;
}

/** Calls `visit` on every node under `root` in document order (template contents included). */
export function walk(root: DomParent, visit: (node: DomChild) => void): void {
  const steps = walkSteps(root, visit, Infinity);
  while (!steps.next().done);
}

/**
 * `walk` as a generator that yields every `perStep` nodes, for a walk the
 * server runs in slices (slices.ts).
 */
export function* walkSteps(root: DomParent, visit: (node: DomChild) => void, perStep: number): Generator<void, void> {
  const stack: DomChild[] = [];
  const push = (children: readonly DomChild[]) => {
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  };
  push(visibleChildren(root));
  let budget = perStep;
  while (stack.length > 0) {
    if (--budget === 0) {
      budget = perStep;
      yield;
    }
    const node = stack.pop()!;
    visit(node);
    if (node.kind === 'element') {
      const content = node.content;
      if (node.children.length > 0) push(node.children);
      if (content !== null && content.children.length > 0) push(content.children);
    }
  }
}

/** `#id .class1 .class2` for an element, or ''. */
export function idAndClasses(element: DomElement): string {
  let id = '';
  let classes = '';
  for (const a of element.attributes) {
    if (a.name === 'id' && id === '' && a.value !== '') id = `#${a.value}`;
    else if (a.name === 'class' && classes === '') {
      const names = a.value.split(/[\t\n\f\r ]+/).filter((c) => c !== '');
      classes = names.map((c) => `.${c}`).join(' ');
    }
  }
  return id && classes ? `${id} ${classes}` : id || classes;
}
