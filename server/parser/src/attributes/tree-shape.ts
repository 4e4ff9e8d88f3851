/**
 * The parts of the DOM (dom.ts) that the attribute checks read, as
 * read-only structural types. The parser's `Document` satisfies them, and so
 * does any view of it that keeps the same property names (the language
 * server's DOM contract, or nodes whose positions are accessor properties).
 *
 * The checks read positions only through these properties: they never copy,
 * spread, serialize or build nodes.
 */

/** https://dom.spec.whatwg.org/#concept-attribute, with its source range. */
export interface AttributeShape {
  readonly name: string;
  readonly value: string;
  /** From the attribute's name to the end of its value (closing quote included). */
  readonly start: number;
  readonly end: number;
  /** The value's source without its quotes; null when the attribute has no value. */
  readonly valueStart: number | null;
  readonly valueEnd: number | null;
}

/** https://dom.spec.whatwg.org/#interface-element */
export interface ElementShape {
  readonly kind: 'element';
  readonly name: string;
  readonly namespace: string;
  readonly attributes: readonly AttributeShape[];
  readonly children: readonly ChildShape[];
  /** A template's contents: a tree of its own. */
  readonly content: FragmentShape | null;
  readonly startTag: { readonly start: number; readonly end: number } | null;
  /** Set for an element the parser cloned from another (its attributes are the original's). */
  readonly cloneOf: ElementShape | null;
  /**
   * The parent node, for the attributes allowed only under some parents (`li`'s value, `source`'s src and srcset);
   * a shape without it (undefined) has those attributes judged by no parent.
   */
  readonly parent?: ParentShape | null;
}

/** A node that has children. */
export type ParentShape = ElementShape | DocumentShape | FragmentShape;

/** Text, comments, processing instructions and doctypes: the checks only skip them. */
export interface LeafShape {
  readonly kind: 'text' | 'comment' | 'processingInstruction' | 'doctype';
}

export type ChildShape = ElementShape | LeafShape;

/** https://dom.spec.whatwg.org/#interface-documentfragment (a template's contents). */
export interface FragmentShape {
  readonly kind: 'fragment';
  readonly children: readonly ChildShape[];
}

/** https://dom.spec.whatwg.org/#interface-document */
export interface DocumentShape {
  readonly kind: 'document';
  readonly children: readonly ChildShape[];
}

export type TreeRootShape = DocumentShape | FragmentShape;

/** The value of `element`'s attribute `name` (HTML attribute names are lowercase), or null. */
export function getAttribute(element: ElementShape, name: string): AttributeShape | null {
  const attributes = element.attributes;
  for (let i = 0; i < attributes.length; i++) {
    if (attributes[i].name === name) return attributes[i];
  }
  return null;
}
