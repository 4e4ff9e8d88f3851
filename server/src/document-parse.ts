/**
 * The one adapter between the server and the parser: how a document's text
 * becomes a parse. Everything else in the server reads `DocumentParse`.
 *
 * Today the whole text is tokenized and no tree is built (`document` is null);
 * when the parser exports `parse()`, this file switches to it. `reparse` takes
 * the previous parse and the edits since, so an incremental parser can slot in
 * here without touching the callers.
 */
import { tokenize, type ParseError } from '@tagtree/parser';
import type { DomDocument } from './dom';

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
  /** Every parse error, in the parser's order. */
  readonly errors: readonly ParseError[];
  /** The DOM as the parser built it; null while only the tokenizer is available. */
  readonly document: DomDocument | null;
}

export function parseDocument(text: string, version: number, options: ParseOptions): DocumentParse {
  const { errors } = tokenize(text);
  return { text, version, options, errors, document: null };
}

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
