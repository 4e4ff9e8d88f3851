/**
 * The DOM shapes the server's tree features read: the parser's node types
 * (server/parser/src/dom.ts), restated structurally so the features compile
 * against the contract while the tree builder is being finished.
 *
 * Every node has `start`/`end`, UTF-16 offsets into the parsed text covering
 * its own markup and all its descendants; a node without markup of its own has
 * an empty range where it was created, widened to its descendants.
 */

export interface SourceRange {
  start: number;
  end: number;
}

export interface DomAttribute {
  name: string;
  value: string;
  /** The whole attribute in the source, from its name to the end of its value. */
  start: number;
  end: number;
  /** The value's source without its quotes; null when the attribute has no value. */
  valueStart: number | null;
  valueEnd: number | null;
}

export interface DomElement {
  kind: 'element';
  name: string;
  namespace: 'html' | 'svg' | 'math';
  attributes: readonly DomAttribute[];
  children: readonly DomChild[];
  parent: DomParent | null;
  /** A template element's contents; null for every other element. */
  content: DomFragment | null;
  /** The start tag in the source; null for an implied element or a clone. */
  startTag: SourceRange | null;
  /** The end tag in the source; null when the element was closed without its own end tag. */
  endTag: SourceRange | null;
  /** For a clone (formatting reconstruction, adoption agency): the element with markup it copies. */
  cloneOf: DomElement | null;
  start: number;
  end: number;
}

export interface DomText {
  kind: 'text';
  data: string;
  parent: DomParent | null;
  start: number;
  end: number;
}

export interface DomComment {
  kind: 'comment';
  data: string;
  parent: DomParent | null;
  start: number;
  end: number;
}

/** https://dom.spec.whatwg.org/#interface-processinginstruction */
export interface DomProcessingInstruction {
  kind: 'processingInstruction';
  target: string;
  data: string;
  parent: DomParent | null;
  start: number;
  end: number;
}

export interface DomDoctype {
  kind: 'doctype';
  name: string;
  parent: DomParent | null;
  start: number;
  end: number;
}

export interface DomFragment {
  kind: 'fragment';
  children: readonly DomChild[];
  host: DomElement | null;
  start: number;
  end: number;
}

export interface DomDocument {
  kind: 'document';
  children: readonly DomChild[];
  start: number;
  end: number;
}

export type DomChild = DomElement | DomText | DomComment | DomProcessingInstruction | DomDoctype;
export type DomParent = DomDocument | DomFragment | DomElement;
export type DomNode = DomParent | DomChild;
