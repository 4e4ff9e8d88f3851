/**
 * The DOM the tree builder produces: plain objects with source locations.
 * https://dom.spec.whatwg.org/#nodes
 *
 * Positions are UTF-16 offsets into the text given to the parser (before
 * CR/CRLF normalization), `end` exclusive. Every node has `start`/`end`: a
 * range that covers its own markup and the ranges of all its descendants
 * (template contents included), so a parent's range always contains its
 * children's ranges. A node with no markup of its own (an implied `<body>`,
 * a clone) gets an empty range at the place it was created, widened to cover
 * its descendants.
 *
 * Every node of one kind has the same fields in the same order, so the
 * objects stay monomorphic.
 *
 * Every node also records the `span` of the parse it was created in, which
 * incremental reparsing reads (see incremental/span.ts).
 */
import type { Span } from './incremental/span';

/** An element's namespace: https://infra.spec.whatwg.org/#namespaces */
export type Namespace = 'html' | 'svg' | 'math';

/** An attribute's namespace (XLink, XML or XMLNS), or null. */
export type AttributeNamespace = null | 'xlink' | 'xml' | 'xmlns';

/** https://html.spec.whatwg.org/multipage/dom.html#concept-document-quirks */
export type DocumentMode = 'no-quirks' | 'quirks' | 'limited-quirks';

/** A source range: UTF-16 offsets, `end` exclusive. */
export interface SourceRange {
  start: number;
  end: number;
}

/** https://dom.spec.whatwg.org/#concept-attribute */
export interface Attribute {
  /** The local name (after the SVG/MathML case adjustments). */
  name: string;
  value: string;
  namespace: AttributeNamespace;
  /** `xlink`, `xml` or `xmlns` for a namespaced attribute whose name had a prefix, else null. */
  prefix: string | null;
  /** The whole attribute in the source: from its name to the end of its value (closing quote included). */
  start: number;
  end: number;
  /** The value's source without its quotes; both null when the attribute has no value. */
  valueStart: number | null;
  valueEnd: number | null;
}

/** https://dom.spec.whatwg.org/#interface-document */
export interface Document {
  kind: 'document';
  children: ChildNode[];
  mode: DocumentMode;
  start: number;
  end: number;
  /** The span of the parse this node was created in. */
  span: Span;
}

/**
 * https://dom.spec.whatwg.org/#interface-documentfragment
 * The result of the fragment parsing algorithm, or a template's contents
 * (then `host` is the template element).
 */
export interface DocumentFragment {
  kind: 'fragment';
  children: ChildNode[];
  host: Element | null;
  start: number;
  end: number;
  /** The span of the parse this node was created in. */
  span: Span;
}

/** https://dom.spec.whatwg.org/#interface-documenttype */
export interface DocumentType {
  kind: 'doctype';
  name: string;
  publicId: string;
  systemId: string;
  parent: ParentNode | null;
  start: number;
  end: number;
  /** The span of the parse this node was created in. */
  span: Span;
}

/** https://dom.spec.whatwg.org/#interface-element */
export interface Element {
  kind: 'element';
  /** The local name: lowercase for HTML, case-adjusted for SVG (`foreignObject`). */
  name: string;
  namespace: Namespace;
  attributes: Attribute[];
  children: ChildNode[];
  parent: ParentNode | null;
  /** A template element's template contents; null for every other element. */
  content: DocumentFragment | null;
  /** The start tag's source, or null when the element was implied or is a clone. */
  startTag: SourceRange | null;
  /** The end tag's source, or null when the element was closed without its own end tag. */
  endTag: SourceRange | null;
  /**
   * For an element cloned by the active formatting reconstruction, the
   * adoption agency algorithm or a `selectedcontent` update: the element with
   * source markup it copies. Null otherwise.
   */
  cloneOf: Element | null;
  start: number;
  end: number;
  /** The span of the parse this node was created in. */
  span: Span;
}

/** https://dom.spec.whatwg.org/#interface-text */
export interface Text {
  kind: 'text';
  data: string;
  parent: ParentNode | null;
  start: number;
  end: number;
  /** The span of the parse this node was created in. */
  span: Span;
}

/** https://dom.spec.whatwg.org/#interface-comment */
export interface Comment {
  kind: 'comment';
  data: string;
  parent: ParentNode | null;
  start: number;
  end: number;
  /** The span of the parse this node was created in. */
  span: Span;
}

export type ParentNode = Document | DocumentFragment | Element;
export type ChildNode = DocumentType | Element | Text | Comment;
export type Node = ParentNode | ChildNode;

export function createDocument(span: Span): Document {
  return { kind: 'document', children: [], mode: 'no-quirks', start: 0, end: 0, span };
}

export function createDocumentFragment(host: Element | null, at: number, span: Span): DocumentFragment {
  return { kind: 'fragment', children: [], host, start: at, end: at, span };
}

/**
 * A new element, not yet in the tree. `at` is where it starts in the source:
 * its start tag's offset, or where it was implied.
 */
export function createElement(
  name: string,
  namespace: Namespace,
  attributes: Attribute[],
  startTag: SourceRange | null,
  at: number,
  cloneOf: Element | null,
  span: Span,
): Element {
  const end = startTag === null ? at : startTag.end;
  const element: Element = {
    kind: 'element',
    name,
    namespace,
    attributes,
    children: [],
    parent: null,
    content: null,
    startTag,
    endTag: null,
    cloneOf,
    start: at,
    end,
    span,
  };
  if (namespace === 'html' && name === 'template') element.content = createDocumentFragment(element, end, span);
  return element;
}

export function createText(data: string, start: number, end: number, span: Span): Text {
  return { kind: 'text', data, parent: null, start, end, span };
}

export function createComment(data: string, start: number, end: number, span: Span): Comment {
  return { kind: 'comment', data, parent: null, start, end, span };
}

export function createDocumentType(name: string, publicId: string, systemId: string, start: number, end: number, span: Span): DocumentType {
  return { kind: 'doctype', name, publicId, systemId, parent: null, start, end, span };
}

/** The children list of a node that may have children; `null` for the leaves. */
export function childrenOf(node: Node): ChildNode[] | null {
  switch (node.kind) {
    case 'document':
    case 'fragment':
    case 'element':
      return node.children;
    default:
      return null;
  }
}

/**
 * Recomputes every node's `start`/`end` under `root` so that each covers its
 * own markup and its descendants (template contents included). Iterative:
 * no recursion on the depth of the tree.
 */
export function computeRanges(root: ParentNode): void {
  // Parents in pre-order; walked backwards, every child comes before its parent.
  const parents: ParentNode[] = [root];
  for (let i = 0; i < parents.length; i++) {
    const node = parents[i];
    if (node.kind === 'element' && node.content !== null) parents.push(node.content);
    const children = node.children;
    for (let j = 0; j < children.length; j++) {
      const child = children[j];
      if (child.kind === 'element') parents.push(child);
    }
  }
  for (let i = parents.length - 1; i >= 0; i--) {
    const node = parents[i];
    let start = node.start;
    let end = node.end;
    if (node.kind === 'element') {
      if (node.startTag !== null) {
        if (node.startTag.start < start) start = node.startTag.start;
        if (node.startTag.end > end) end = node.startTag.end;
      }
      if (node.endTag !== null) {
        if (node.endTag.start < start) start = node.endTag.start;
        if (node.endTag.end > end) end = node.endTag.end;
      }
      const content = node.content;
      if (content !== null) {
        if (content.start < start) start = content.start;
        if (content.end > end) end = content.end;
      }
    }
    const children = node.children;
    for (let j = 0; j < children.length; j++) {
      const child = children[j];
      if (child.start < start) start = child.start;
      if (child.end > end) end = child.end;
    }
    node.start = start;
    node.end = end;
  }
}
