/**
 * The formatter's check: two parses are the same page when their trees are
 * the same, node for node (names, namespaces, attributes with their values,
 * comments, doctypes, processing instructions, text), except for the white
 * space that does not render (display.ts): at the edges of text that meets
 * a boundary (a block-level box, the start or end of a block container, any
 * child of a box without line boxes), and nowhere else. Inside the elements
 * the formatter leaves as written (pre, textarea, script, template
 * contents, foreign content…) everything must be equal.
 */
import type { ChildNode, Comment, Document, DocumentFragment, DocumentType, Element, Node, ParentNode, ProcessingInstruction } from '../dom';
import { Boundaries, containerKind, ContainerKind, isCollapsibleSpace, isOpaque } from './display';

/** Where two parses first differ: the container in the first parse whose children differ, and why. */
export interface TreeDifference {
  /** The container (in the first tree) whose children or attributes differ. */
  container: ParentNode;
  /** The child of `container` (first tree) at or after which they differ, when known. */
  child: ChildNode | null;
  reason: string;
}

function stripStart(s: string): string {
  let i = 0;
  while (i < s.length && isCollapsibleSpace(s.charCodeAt(i))) i++;
  return i === 0 ? s : s.slice(i);
}

function stripEnd(s: string): string {
  let i = s.length;
  while (i > 0 && isCollapsibleSpace(s.charCodeAt(i - 1))) i--;
  return i === s.length ? s : s.slice(0, i);
}

/**
 * A cursor over the children of a container as the comparison sees them:
 * adjacent texts joined, the non-rendering edges removed (unless `exact`),
 * empty texts skipped. OPTIMIZATION: no array of entries is made.
 */
class Cursor {
  private index = 0;
  /** The current item: a child, and for a run of text its joined data. */
  node: ChildNode | null = null;
  /** The current item's kind. OPTIMIZATION: read once from the node (a load on one of several node shapes), then from the cursor. */
  kind: ChildNode['kind'] = 'text';
  text = '';
  private children: readonly ChildNode[] = [];
  private exact = false;
  /** The boundaries of the children's white space. OPTIMIZATION: see Boundaries (linear in the children, not quadratic). */
  private readonly boundaries = new Boundaries();

  /** Starts over on the children of another container. OPTIMIZATION: two cursors for the whole comparison, not two per container. */
  reset(children: readonly ChildNode[], kind: ContainerKind, exact: boolean): void {
    this.children = children;
    this.boundaries.reset(children, kind);
    this.exact = exact;
    this.index = 0;
    this.node = null;
    this.text = '';
  }

  /** Moves to the next item; false at the end. */
  next(): boolean {
    const children = this.children;
    while (this.index < children.length) {
      const i = this.index;
      const node = children[i];
      const kind = node.kind;
      if (kind !== 'text') {
        this.node = node;
        this.kind = kind;
        this.index = i + 1;
        return true;
      }
      let data = node.data;
      let j = i + 1;
      while (j < children.length && children[j].kind === 'text') data += (children[j++] as { data: string }).data;
      this.index = j;
      if (!this.exact) {
        if (isCollapsibleSpace(data.charCodeAt(0)) && this.boundaries.before(i)) data = stripStart(data);
        if (data.length > 0 && isCollapsibleSpace(data.charCodeAt(data.length - 1)) && this.boundaries.after(j - 1)) data = stripEnd(data);
      }
      if (data.length > 0) {
        this.node = node;
        this.kind = 'text';
        this.text = data;
        return true;
      }
    }
    this.node = null;
    return false;
  }
}

function sameElement(a: Element, b: Element): string | null {
  if (a.name !== b.name || a.namespace !== b.namespace) return `element ${a.name} became ${b.name}`;
  const x = a.attributes;
  const y = b.attributes;
  if (x.length !== y.length) return `attributes of ${a.name} changed`;
  for (let k = 0; k < x.length; k++) {
    const p = x[k];
    const q = y[k];
    if (p.name !== q.name || p.value !== q.value || p.namespace !== q.namespace || p.prefix !== q.prefix) {
      return `attribute ${p.name} of ${a.name} changed`;
    }
  }
  return null;
}

/**
 * Compares two parses; null when they are the same page. Iterative: no
 * recursion on the depth of the tree.
 */
export function compareTrees(before: Document | DocumentFragment, after: Document | DocumentFragment): TreeDifference | null {
  const stackA: ParentNode[] = [before];
  const stackB: ParentNode[] = [after];
  const stackExact: boolean[] = [false];
  const x = new Cursor();
  const y = new Cursor();
  while (stackA.length > 0) {
    const a = stackA.pop()!;
    const b = stackB.pop()!;
    const exact = stackExact.pop()!;
    // The containers are the same element (compared before they were pushed): one kind for both.
    const kind = exact ? ContainerKind.Inline : containerKind(a as Node);
    x.reset(a.children, kind, exact);
    y.reset(b.children, kind, exact);
    let count = 0;
    for (;;) {
      const more = x.next();
      if (more !== y.next()) {
        return { container: a, child: x.node, reason: more ? `a child less after ${count}` : `a child more after ${count}` };
      }
      if (!more) break;
      count++;
      const p = x.node!;
      const q = y.node!;
      const child = p;
      const kind = x.kind;
      if (kind !== y.kind) return { container: a, child, reason: `a ${kind} became a ${y.kind}` };
      switch (kind) {
        case 'text':
          if (x.text !== y.text) return { container: a, child, reason: 'text changed' };
          break;
        case 'comment':
          if ((p as Comment).data !== (q as Comment).data) return { container: a, child, reason: 'comment changed' };
          break;
        case 'processingInstruction': {
          const one = p as ProcessingInstruction;
          const other = q as ProcessingInstruction;
          if (one.data !== other.data || one.target !== other.target) return { container: a, child, reason: 'processing instruction changed' };
          break;
        }
        case 'doctype': {
          const one = p as DocumentType;
          const other = q as DocumentType;
          if (one.name !== other.name || one.publicId !== other.publicId || one.systemId !== other.systemId) return { container: a, child, reason: 'doctype changed' };
          break;
        }
        case 'element': {
          const element = p as Element;
          const other = q as Element;
          const why = sameElement(element, other);
          if (why !== null) return { container: a, child, reason: why };
          if (element.children.length > 0 || other.children.length > 0) {
            stackA.push(element);
            stackB.push(other);
            stackExact.push(exact || isOpaque(element));
          }
          if (element.content !== null || other.content !== null) {
            if (element.content === null || other.content === null) return { container: a, child, reason: 'template contents changed' };
            stackA.push(element.content);
            stackB.push(other.content);
            stackExact.push(true);
          }
          break;
        }
      }
    }
    if (a.kind === 'document' && (a as Document).mode !== (b as Document).mode) return { container: a, child: null, reason: 'document mode changed' };
  }
  return null;
}
