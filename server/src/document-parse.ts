/**
 * The one adapter between the server and the parser: how a document's text
 * becomes a parse. Everything else in the server reads `DocumentParse`.
 *
 * The whole text is parsed into a DOM. `reparse` takes the previous parse
 * and the edits since, so an incremental parser can slot in here without
 * touching the callers.
 */
import type { ParseError } from '@tagtree/parser';
import type * as TreeParse from '../parser/out/tree/parse';
import type * as TestTree from '../parser/out/tree/test-tree';
import type * as TreeErrorCodes from '../parser/out/tree/tree-error-codes';
import type { DomDocument } from './dom';

// BRIDGE: the tree builder's `parse`, `toTestTree` and error table are not yet exported
// from `@tagtree/parser` (its package `exports` only allow the index), so they
// are loaded from the compiled parser by path. When the index exports them,
// this becomes `import { parse, toTestTree } from '@tagtree/parser'`.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parse } = require('../parser/out/tree/parse') as typeof TreeParse;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const testTree = require('../parser/out/tree/test-tree') as typeof TestTree;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const treeErrorCodes = require('../parser/out/tree/tree-error-codes') as typeof TreeErrorCodes;

/** The parser's message for a tree construction error, or null for another code. */
export const treeErrorMessage: (error: ParseError, input: string) => string | null = treeErrorCodes.treeErrorMessage;

/** The rule that raises a tree construction error, or undefined for another code. */
export function treeErrorSpec(code: string): string | undefined {
  return treeErrorCodes.isTreeErrorCode(code) ? treeErrorCodes.TREE_ERRORS[code].spec : undefined;
}

export interface ParseOptions {
  scripting: boolean;
}

/** One text edit in offsets of the text before it: `[start, end)` became `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export interface DocumentParse {
  /** The text that was parsed. */
  readonly text: string;
  /** The document version the text belongs to. */
  readonly version: number;
  readonly options: ParseOptions;
  /** Every parse error (tokenizer and tree construction), in the parser's order. */
  readonly errors: readonly ParseError[];
  /** The DOM as the parser built it. */
  readonly document: DomDocument | null;
}

export function parseDocument(text: string, version: number, options: ParseOptions): DocumentParse {
  const result = parse(text, { scripting: options.scripting });
  // The parser's Document satisfies the server's DOM contract (checked here at compile time).
  const document: DomDocument = result.document;
  return { text, version, options, errors: result.errors, document };
}

/** The html5lib tree dump of a parse's document (for `tagtree/parseTree`). */
export function toTestTree(document: unknown): string {
  return testTree.toTestTree(document as Parameters<typeof TestTree.toTestTree>[0]);
}

/** Whether `reparseDocument` reads the previous parse; while it does not, callers release it first. */
export const REPARSE_USES_PREVIOUS = false;

/**
 * Parses `text`, the result of applying `edits` (in order) to `previous.text`.
 * NOTE: the parse is whole-text for now; the incremental parser will reuse
 * `previous` here.
 */
export function reparseDocument(previous: DocumentParse | null, edits: readonly TextEdit[], text: string, version: number, options: ParseOptions): DocumentParse {
  void previous;
  void edits;
  return parseDocument(text, version, options);
}
