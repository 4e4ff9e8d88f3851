/**
 * The one adapter between the server and the parser: how a document's text
 * becomes a parse. Everything else in the server reads `DocumentParse`.
 *
 * A document is parsed in full when it opens; after that, each batch of
 * edits goes through the parser's incremental `reparse`, which reuses the
 * previous tree (and consumes it) and gives exactly what a full parse of the
 * new text gives.
 */
import { isTreeErrorCode, parse, reparse, toTestTree as dumpTree, TREE_ERRORS, treeErrorMessage as parserTreeErrorMessage, type ParseError } from '@tagtree/parser';
import type { DomDocument } from './dom';

/** The parser's message for a tree construction error, or null for another code. */
export const treeErrorMessage: (error: ParseError, input: string) => string | null = parserTreeErrorMessage;

/** The rule that raises a tree construction error, or undefined for another code. */
export function treeErrorSpec(code: string): string | undefined {
  return isTreeErrorCode(code) ? TREE_ERRORS[code].spec : undefined;
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
  /** How the parse was made: in full, or incrementally from the previous one (for the log and tests). */
  readonly how: 'full' | 'incremental';
  /**
   * The parse this one was made from and the edits between them, while it
   * is the newest (results computed for the previous parse, in its offsets,
   * can be carried over through the edits). Cleared when a newer parse is made.
   */
  previous: { readonly parse: DocumentParse; readonly edits: readonly TextEdit[] } | null;
}

/** The parser's own result, kept for the next incremental reparse. */
const RESULTS = new WeakMap<DocumentParse, ReturnType<typeof parse>>();

function documentParse(result: ReturnType<typeof parse>, text: string, version: number, options: ParseOptions, how: DocumentParse['how']): DocumentParse {
  // The parser's Document satisfies the server's DOM contract (checked here at compile time).
  const document: DomDocument = result.document;
  const p: DocumentParse = { text, version, options, errors: result.errors, document, how, previous: null };
  RESULTS.set(p, result);
  return p;
}

export function parseDocument(text: string, version: number, options: ParseOptions): DocumentParse {
  return documentParse(parse(text, { scripting: options.scripting }), text, version, options, 'full');
}

/** The html5lib tree dump of a parse's document (for `tagtree/parseTree`). */
export function toTestTree(document: unknown): string {
  return dumpTree(document as Parameters<typeof dumpTree>[0]);
}

/**
 * Parses `text`, the result of applying `edits` (in order) to
 * `previous.text`, reusing `previous` when there is one and it was made with
 * the same options: it is consumed (its tree becomes the new parse's), so the
 * caller must drop it.
 */
export function reparseDocument(previous: DocumentParse | null, edits: readonly TextEdit[], text: string, version: number, options: ParseOptions): DocumentParse {
  const result = previous === null ? undefined : RESULTS.get(previous);
  if (previous === null || result === undefined || previous.options.scripting !== options.scripting || edits.length === 0) {
    return parseDocument(text, version, options);
  }
  let current = result;
  let length = previous.text.length;
  for (const edit of edits) {
    current = reparse(current, { start: edit.start, deleteCount: edit.end - edit.start, insertText: edit.text }, { scripting: options.scripting });
    length += edit.text.length - (edit.end - edit.start);
  }
  // The edits and the text come from the same document; if they ever disagree, the text wins.
  if (length !== text.length) return parseDocument(text, version, options);
  const next = documentParse(current, text, version, options, 'incremental');
  previous.previous = null;
  next.previous = { parse: previous, edits };
  return next;
}
