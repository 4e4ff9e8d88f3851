/**
 * The DOM the tree builder produces: nodes with source locations.
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
 * Nodes are small classes (one per kind, the same fields in the same
 * order), read like plain objects: `kind`, `children`, `start`... Elements,
 * text nodes and attributes are object literals with their class's
 * prototype (see NODE_LITERALS below).
 * Every node, tag range and attribute also records the `span` of the parse
 * it was made in, which incremental reparsing reads (see span.ts).
 */
import type { Span } from './span';

/** An element's namespace: https://infra.spec.whatwg.org/#namespaces */
export type Namespace = 'html' | 'svg' | 'math';

/** An attribute's namespace (XLink, XML or XMLNS), or null. */
export type AttributeNamespace = null | 'xlink' | 'xml' | 'xmlns';

/** https://html.spec.whatwg.org/multipage/dom.html#concept-document-quirks */
export type DocumentMode = 'no-quirks' | 'quirks' | 'limited-quirks';

/**
 * Something with a place in the source: `start` and `end` (exclusive) are
 * UTF-16 offsets into the parsed text.
 *
 * OPTIMIZATION: positions are stored relative to the span of the parse the
 * object was made in (see span.ts), and read back as stored
 * value plus the span's `delta`. After an edit, an incremental reparse moves
 * everything made after the edit by changing the deltas of the spans after
 * it, not the objects: the result is the same as storing plain offsets.
 */
export abstract class Located {
  /** The span of the parse this was made in. */
  span: Span;
  /** @internal `start` relative to the span. */
  startInSpan: number;
  /** @internal `end` relative to the span. */
  endInSpan: number;

  constructor(start: number, end: number, span: Span) {
    this.span = span;
    this.startInSpan = start - span.delta;
    this.endInSpan = end - span.delta;
  }

  get start(): number {
    return this.startInSpan + this.span.delta;
  }

  set start(offset: number) {
    this.startInSpan = offset - this.span.delta;
  }

  get end(): number {
    return this.endInSpan + this.span.delta;
  }

  set end(offset: number) {
    this.endInSpan = offset - this.span.delta;
  }
}

/** A source range: the source of a start tag or an end tag. */
export class SourceRange extends Located {}

/**
 * Whether `a` and `b` are the same tag's source: both null, or made in the
 * same span at the same place. (`startTag` and `endTag` make a new object
 * on each read, so objects cannot be compared.)
 */
export function sameTagSource(a: SourceRange | null, b: SourceRange | null): boolean {
  if (a === null || b === null) return a === b;
  return a.span === b.span && a.startInSpan === b.startInSpan && a.endInSpan === b.endInSpan;
}

/**
 * https://dom.spec.whatwg.org/#concept-attribute
 * Made only by `createAttribute` (see NODE_LITERALS): its fields are declared here and set there.
 */
export class Attribute extends Located {
  /** The local name (after the SVG/MathML case adjustments). */
  declare name: string;
  declare value: string;
  declare namespace: AttributeNamespace;
  /** `xlink`, `xml` or `xmlns` for a namespaced attribute whose name had a prefix, else null. */
  declare prefix: string | null;
  /* `start`/`end`: the whole attribute in the source, from its name to the end of its value (closing quote included). */
  // OPTIMIZATION: null, not NaN, when there is no value: a field that ever
  // holds NaN holds doubles, which V8 keeps in a box of their own per object.
  private declare valueStartInSpan: number | null;
  private declare valueEndInSpan: number | null;
  /**
   * For the attribute of a clone, the attribute it copies: its source is
   * that attribute's source, wherever that moves. Null otherwise.
   */
  private declare source: Attribute | null;

  override get start(): number {
    return this.source !== null ? this.source.start : super.start;
  }

  override set start(offset: number) {
    super.start = offset;
  }

  override get end(): number {
    return this.source !== null ? this.source.end : super.end;
  }

  override set end(offset: number) {
    super.end = offset;
  }

  /** The value's source without its quotes; null when the attribute has no value. */
  get valueStart(): number | null {
    if (this.source !== null) return this.source.valueStart;
    const v = this.valueStartInSpan;
    return v === null ? null : v + this.span.delta;
  }

  get valueEnd(): number | null {
    if (this.source !== null) return this.source.valueEnd;
    const v = this.valueEndInSpan;
    return v === null ? null : v + this.span.delta;
  }

  /** A copy for a clone: same name and value, and the source of the attribute it copies. */
  copy(): Attribute {
    const copy = createAttribute(this.name, this.value, this.namespace, this.prefix, 0, 0, null, null, this.span);
    copy.source = this.source ?? this;
    return copy;
  }

  /**
   * For the attribute of a clone: reads its source from `source` from now on
   * (incremental reparsing: the element it copies was replaced by its old counterpart).
   */
  copyOf(source: Attribute): void {
    this.source = source;
  }

  /**
   * Takes the source of `other`, the same attribute as parsed again
   * (incremental reparsing), keeping this object: copies made of it follow.
   */
  takeSourceOf(other: Attribute): void {
    this.span = other.span;
    this.start = other.start;
    this.end = other.end;
    this.valueStartInSpan = other.valueStartInSpan;
    this.valueEndInSpan = other.valueEndInSpan;
  }
}

/** https://dom.spec.whatwg.org/#interface-document */
export class Document extends Located {
  declare readonly kind: 'document';
  children: ChildNode[] = [];
  mode: DocumentMode = 'no-quirks';

  constructor(span: Span) {
    super(0, 0, span);
  }
}

/**
 * https://dom.spec.whatwg.org/#interface-documentfragment
 * The result of the fragment parsing algorithm, or a template's contents
 * (then `host` is the template element).
 */
export class DocumentFragment extends Located {
  declare readonly kind: 'fragment';
  children: ChildNode[] = [];
  host: Element | null;
  /**
   * For the contents of a `<template for>` that found its marker (which is
   * then never inserted): where what the parser would insert into the
   * contents goes instead (tree/template-for.ts). Set once, when the
   * template is made.
   */
  patch: TemplatePatch | null = null;

  constructor(host: Element | null, at: number, span: Span) {
    super(at, at, span);
    this.host = host;
  }
}

/**
 * Where a patching `<template for>`'s contents go (whatwg/html 2ff023fb; see
 * tree/template-for.ts): into the marker's parent, before `before` while it
 * is a child there, else after its last child.
 */
export interface TemplatePatch {
  /** The marker's parent. */
  readonly parent: ParentNode;
  /** The `<?marker>` or `<?start>` found. */
  readonly marker: ProcessingInstruction;
  /** What nodes are inserted before: the `<?marker>` itself, or the `<?end>` (null: a `<?start>` with no `<?end>`). */
  readonly before: ProcessingInstruction | null;
}

/** https://dom.spec.whatwg.org/#interface-documenttype */
export class DocumentType extends Located {
  declare readonly kind: 'doctype';
  name: string;
  publicId: string;
  systemId: string;
  parent: ParentNode | null = null;

  constructor(name: string, publicId: string, systemId: string, start: number, end: number, span: Span) {
    super(start, end, span);
    this.name = name;
    this.publicId = publicId;
    this.systemId = systemId;
  }
}

/**
 * https://dom.spec.whatwg.org/#interface-element
 * Made only by `createElement` (see NODE_LITERALS): its fields are declared here and set there.
 */
export class Element extends Located {
  declare readonly kind: 'element';
  /** The local name: lowercase for HTML, case-adjusted for SVG (`foreignObject`). */
  declare name: string;
  declare namespace: Namespace;
  declare attributes: Attribute[];
  declare children: ChildNode[];
  declare parent: ParentNode | null;
  /** A template element's template contents; null for every other element. */
  declare content: DocumentFragment | null;
  /**
   * For an element cloned by the active formatting reconstruction, the
   * adoption agency algorithm or a `selectedcontent` update: the element with
   * source markup it copies. Null otherwise.
   */
  declare cloneOf: Element | null;
  // OPTIMIZATION: the ranges of the start and end tags are fields of the
  // element, not objects of their own (two objects less per element for the
  // collector); `startTag` and `endTag` read them as new SourceRange objects.
  // The start tag is in the element's span (the same token made both); the
  // end tag has its own.
  /** The start tag's end relative to the element's span; null when there is no start tag. */
  private declare startTagEndInSpan: number | null;
  /** The start tag's start relative to the element's span (when there is one). */
  private declare startTagStartInSpan: number;
  /** The span of the end tag; null when there is no end tag. */
  private declare endTagSpan: Span | null;
  private declare endTagStartInSpan: number;
  private declare endTagEndInSpan: number;

  /** The start tag's source, or null when the element was implied or is a clone. A new object on each read. */
  get startTag(): SourceRange | null {
    const end = this.startTagEndInSpan;
    if (end === null) return null;
    const delta = this.span.delta;
    return new SourceRange(this.startTagStartInSpan + delta, end + delta, this.span);
  }

  /** Sets the start tag's source, which must be in the element's span. */
  set startTag(range: SourceRange | null) {
    if (range === null) {
      this.startTagEndInSpan = null;
      return;
    }
    const delta = this.span.delta;
    this.startTagStartInSpan = range.start - delta;
    this.startTagEndInSpan = range.end - delta;
  }

  /** The start tag's start offset; only for an element with a start tag. */
  get startTagStart(): number {
    return this.startTagStartInSpan + this.span.delta;
  }

  /** The start tag's end offset, or null when the element has no start tag. */
  get startTagEnd(): number | null {
    const end = this.startTagEndInSpan;
    return end === null ? null : end + this.span.delta;
  }

  /** The end tag's source, or null when the element was closed without its own end tag. A new object on each read. */
  get endTag(): SourceRange | null {
    const span = this.endTagSpan;
    if (span === null) return null;
    return new SourceRange(this.endTagStartInSpan + span.delta, this.endTagEndInSpan + span.delta, span);
  }

  set endTag(range: SourceRange | null) {
    if (range === null) this.endTagSpan = null;
    else this.setEndTag(range.start, range.end, range.span);
  }

  /** Sets the end tag's source: `start` to `end`, made in `span`. */
  setEndTag(start: number, end: number, span: Span): void {
    this.endTagSpan = span;
    this.endTagStartInSpan = start - span.delta;
    this.endTagEndInSpan = end - span.delta;
  }

  /** The end tag's start offset, or null when there is none. */
  get endTagStart(): number | null {
    const span = this.endTagSpan;
    return span === null ? null : this.endTagStartInSpan + span.delta;
  }

  /** The end tag's end offset, or null when there is none. */
  get endTagEnd(): number | null {
    const span = this.endTagSpan;
    return span === null ? null : this.endTagEndInSpan + span.delta;
  }
}

/** https://dom.spec.whatwg.org/#interface-characterdata: what Text, Comment and ProcessingInstruction nodes share. */
abstract class CharacterData extends Located {
  data: string;
  parent: ParentNode | null = null;

  constructor(data: string, start: number, end: number, span: Span) {
    super(start, end, span);
    this.data = data;
  }
}

/** https://dom.spec.whatwg.org/#interface-text */
export class Text extends CharacterData {
  declare readonly kind: 'text';
}

/** https://dom.spec.whatwg.org/#interface-comment */
export class Comment extends CharacterData {
  declare readonly kind: 'comment';
}

/**
 * https://dom.spec.whatwg.org/#interface-processinginstruction: `<?target data?>`
 * (the HTML parser makes them since whatwg/html 320c05f6).
 */
export class ProcessingInstruction extends CharacterData {
  declare readonly kind: 'processingInstruction';
  /** https://dom.spec.whatwg.org/#concept-pi-target */
  target: string;

  constructor(target: string, data: string, start: number, end: number, span: Span) {
    super(data, start, end, span);
    this.target = target;
  }
}

// OPTIMIZATION: `kind` lives on each class's prototype, not in every node
// (one field less per node for the collector to copy); it reads the same.
for (const [type, kind] of [
  [Document, 'document'],
  [DocumentFragment, 'fragment'],
  [DocumentType, 'doctype'],
  [Element, 'element'],
  [Text, 'text'],
  [Comment, 'comment'],
  [ProcessingInstruction, 'processingInstruction'],
] as const) {
  Object.defineProperty(type.prototype, 'kind', { value: kind, enumerable: true });
}

/*
 * NODE_LITERALS. OPTIMIZATION: elements, text nodes and attributes (nearly
 * all of a parse's objects) are object literals with their class's
 * prototype, not `new` instances: they read, type-check and `instanceof` the
 * same. V8 tracks the survival of objects made by a literal, and once most
 * survive (a tree's nodes do), it allocates them in the old generation at
 * once, where instances of a class are copied by every young-generation
 * collection they survive (two) first. That copying was 40% of a parse.
 */
const ELEMENT_PROTOTYPE = Element.prototype;
const TEXT_PROTOTYPE = Text.prototype;
const ATTRIBUTE_PROTOTYPE = Attribute.prototype;

export type ParentNode = Document | DocumentFragment | Element;
export type ChildNode = DocumentType | Element | Text | Comment | ProcessingInstruction;
export type Node = ParentNode | ChildNode;

export function createDocument(span: Span): Document {
  return new Document(span);
}

export function createDocumentFragment(host: Element | null, at: number, span: Span): DocumentFragment {
  return new DocumentFragment(host, at, span);
}

/**
 * A new element, not yet in the tree. `at` is where it starts in the source:
 * its start tag's offset, or where it was implied. `startTagEnd` is where
 * its start tag ends (null for an element implied or cloned).
 */
export function createElement(
  name: string,
  namespace: Namespace,
  attributes: Attribute[],
  startTagEnd: number | null,
  at: number,
  cloneOf: Element | null,
  span: Span,
): Element {
  const delta = span.delta;
  // OPTIMIZATION: see NODE_LITERALS above. The fields are Element's, in its order.
  const element = {
    __proto__: ELEMENT_PROTOTYPE,
    span,
    startInSpan: at - delta,
    endInSpan: (startTagEnd === null ? at : startTagEnd) - delta,
    name,
    namespace,
    attributes,
    children: [],
    parent: null,
    content: null,
    cloneOf,
    startTagEndInSpan: startTagEnd === null ? null : startTagEnd - delta,
    startTagStartInSpan: at - delta,
    endTagSpan: null,
    endTagStartInSpan: 0,
    endTagEndInSpan: 0,
  } as unknown as Element;
  if (namespace === 'html' && name === 'template') element.content = new DocumentFragment(element, element.end, span);
  return element;
}

export function createText(data: string, start: number, end: number, span: Span): Text {
  // OPTIMIZATION: see NODE_LITERALS above. The fields are Text's, in its order.
  return { __proto__: TEXT_PROTOTYPE, span, startInSpan: start - span.delta, endInSpan: end - span.delta, data, parent: null } as unknown as Text;
}

export function createComment(data: string, start: number, end: number, span: Span): Comment {
  return new Comment(data, start, end, span);
}

export function createProcessingInstruction(target: string, data: string, start: number, end: number, span: Span): ProcessingInstruction {
  return new ProcessingInstruction(target, data, start, end, span);
}

/**
 * A new attribute: `start`/`end` the whole attribute in the source,
 * `valueStart`/`valueEnd` its value without quotes (null when it has none).
 */
export function createAttribute(
  name: string,
  value: string,
  namespace: AttributeNamespace,
  prefix: string | null,
  start: number,
  end: number,
  valueStart: number | null,
  valueEnd: number | null,
  span: Span,
): Attribute {
  const delta = span.delta;
  // OPTIMIZATION: see NODE_LITERALS above. The fields are Attribute's, in its order.
  return {
    __proto__: ATTRIBUTE_PROTOTYPE,
    span,
    startInSpan: start - delta,
    endInSpan: end - delta,
    name,
    value,
    namespace,
    prefix,
    valueStartInSpan: valueStart === null ? null : valueStart - delta,
    valueEndInSpan: valueEnd === null ? null : valueEnd - delta,
    source: null,
  } as unknown as Attribute;
}

export function createDocumentType(name: string, publicId: string, systemId: string, start: number, end: number, span: Span): DocumentType {
  return new DocumentType(name, publicId, systemId, start, end, span);
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

/** Element's own fields for its tags' ranges (private to it; read by `computeRanges`). */
interface ElementTagFields {
  startTagEndInSpan: number | null;
  startTagStartInSpan: number;
  endTagSpan: Span | null;
  endTagStartInSpan: number;
  endTagEndInSpan: number;
}

/**
 * Recomputes every node's `start`/`end` under `root` so that each covers its
 * own markup and its descendants (template contents included). Iterative:
 * no recursion on the depth of the tree.
 */
export function computeRanges(root: ParentNode): void {
  // OPTIMIZATION: one walk in post-order (every child, then a template's
  // contents, before its parent), with a stack as deep as the tree, not a
  // list of every parent walked backwards: each node is visited once, each
  // child's range is folded into its parent's as the walk passes it (an
  // element's when it is done), and no array as long as the tree is made.
  // The stored fields are read with each object's span delta, not through the getters.
  const nodes: ParentNode[] = [];
  /** For each node on the stack: the index of its next child to visit; its children's count stands for its contents. */
  const next: number[] = [];
  /** For each node on the stack: the range covered so far (offsets). */
  const low: number[] = [];
  const high: number[] = [];
  let depth = 0;
  let node: ParentNode = root;
  for (;;) {
    // Push `node`, its range starting as its own markup.
    const delta = node.span.delta;
    let start = node.startInSpan + delta;
    let end = node.endInSpan + delta;
    if (node.kind === 'element') {
      const tags = node as unknown as ElementTagFields;
      const startTagEnd = tags.startTagEndInSpan;
      if (startTagEnd !== null) {
        const startTagStart = tags.startTagStartInSpan + delta;
        if (startTagStart < start) start = startTagStart;
        if (startTagEnd + delta > end) end = startTagEnd + delta;
      }
      const endTagSpan = tags.endTagSpan;
      if (endTagSpan !== null) {
        const endTagStart = tags.endTagStartInSpan + endTagSpan.delta;
        const endTagEnd = tags.endTagEndInSpan + endTagSpan.delta;
        if (endTagStart < start) start = endTagStart;
        if (endTagEnd > end) end = endTagEnd;
      }
    }
    nodes[depth] = node;
    next[depth] = 0;
    low[depth] = start;
    high[depth] = end;
    depth++;
    // Walk on to the next element or contents to push, finishing the nodes that have none left.
    descend: for (;;) {
      const top = depth - 1;
      const parent = nodes[top];
      const children = parent.children;
      const n = children.length;
      let i = next[top];
      let lo = low[top];
      let hi = high[top];
      for (; i < n; i++) {
        const child = children[i];
        if (child.kind === 'element') break;
        const childDelta = child.span.delta;
        const childStart = child.startInSpan + childDelta;
        const childEnd = child.endInSpan + childDelta;
        if (childStart < lo) lo = childStart;
        if (childEnd > hi) hi = childEnd;
      }
      low[top] = lo;
      high[top] = hi;
      if (i < n) {
        next[top] = i + 1;
        node = children[i] as Element;
        break descend;
      }
      if (i === n && parent.kind === 'element' && parent.content !== null) {
        next[top] = n + 1;
        node = parent.content;
        break descend;
      }
      // `parent` is done: its range is final, and grows its own parent's.
      const delta = parent.span.delta;
      parent.startInSpan = lo - delta;
      parent.endInSpan = hi - delta;
      depth--;
      if (depth === 0) return;
      if (lo < low[depth - 1]) low[depth - 1] = lo;
      if (hi > high[depth - 1]) high[depth - 1] = hi;
    }
  }
}
