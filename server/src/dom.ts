/**
 * The DOM shapes the server's tree features read. The parser's own node types
 * satisfy them structurally; until its tree builder is exported this file
 * states the contract the features are written against.
 */

export interface SourceRange {
  start: number;
  end: number;
}

export interface DomAttribute {
  name: string;
  value: string;
}

export interface DomElement {
  kind: 'element';
  name: string;
  namespace: 'html' | 'svg' | 'math';
  attributes: readonly DomAttribute[];
  children: readonly DomNode[];
  parent: DomParent | null;
  /** Template contents. */
  content?: DomFragment | null;
  /** The start tag in the source; null when the element was created without one. */
  startTag: SourceRange | null;
  /** The end tag in the source; null when the element was closed without one. */
  endTag: SourceRange | null;
  /** For a clone made by reconstruction or the adoption agency: the element it copies. */
  clonedFrom?: DomElement | null;
  start: number;
  end: number;
}

export interface DomText {
  kind: 'text';
  data: string;
  parent?: DomParent | null;
  start: number;
  end: number;
}

export interface DomComment {
  kind: 'comment';
  data: string;
  parent?: DomParent | null;
  start: number;
  end: number;
}

export interface DomDoctype {
  kind: 'doctype';
  name: string | null;
  parent?: DomParent | null;
  start: number;
  end: number;
}

export interface DomFragment {
  kind: 'fragment';
  children: readonly DomNode[];
  start: number;
  end: number;
}

export interface DomDocument {
  kind: 'document';
  children: readonly DomNode[];
  start: number;
  end: number;
}

export type DomNode = DomElement | DomText | DomComment | DomDoctype;
export type DomParent = DomDocument | DomFragment | DomElement;
