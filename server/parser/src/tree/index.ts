/**
 * The tree construction stage's public API: `parse`, `parseFragment`, the
 * html5lib test-tree dumper, the DOM node types and the tree-construction
 * error codes.
 */
export { parse, parseFragment } from './parse';
export type { ParseOptions, DocumentParseOptions, ParseFragmentOptions, ParseResult, ParseFragmentResult } from './parse';
export { toTestTree } from './test-tree';
export { TreeErrorCode, TREE_ERRORS, treeErrorMessage, isTreeErrorCode } from './tree-error-codes';
export type { TreeErrorInfo } from './tree-error-codes';
export type {
  Attribute as DomAttribute,
  AttributeNamespace,
  ChildNode,
  Comment,
  Document,
  DocumentFragment,
  DocumentMode,
  DocumentType,
  Element,
  Namespace,
  Node,
  ParentNode,
  ProcessingInstruction,
  SourceRange,
  Text,
} from '../dom';
