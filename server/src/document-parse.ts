/**
 * The one adapter between the server and the parser: how a document's text
 * becomes a parse. Everything else in the server reads `DocumentParse`.
 *
 * A document is parsed in full when it opens; after that, all the changes
 * since the last parse go to the parser's incremental `reparse` as one edit
 * (the store computes the smallest replacement covering them), which reuses
 * the previous tree (and consumes it) and gives exactly what a full parse of
 * the new text gives.
 */
import { parse, recheckRegion, reparse, toTestTree as dumpTree, type ParseError, type ReparseExplanation } from '@tagtree/parser';
import type { DomDocument } from './dom';
import { DocumentText } from './document-text';

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
  /** The text that was parsed (an immutable snapshot: later edits make new texts). */
  readonly text: DocumentText;
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
   * For an incremental parse: the stretch of the new text the parser parsed
   * again, widened to the older elements that got back children the old
   * parse had moved out of them (`onChanged` of the parser's reparse); every
   * node outside it is the previous parse's, as it was (moved by the edit
   * when after it).
   */
  region: { readonly start: number; readonly end: number } | null;
  /**
   * The parse this one was made from and the edits between them, while it
   * is the newest (results computed for the previous parse, in its offsets,
   * can be carried over through the edits). Cleared when a newer parse is made.
   */
  previous: { readonly parse: DocumentParse; readonly edits: readonly TextEdit[] } | null;
  /**
   * What has been computed from this parse, by whoever computed it (the
   * derived findings of each family, the attribute index, the outline…),
   * each under a key of its own: it lives as long as the parse.
   */
  readonly cache: Map<object, unknown>;
}

/** What `make` computes from a parse, computed once per parse and kept with it under `key`. */
export function cachedOn<T>(parse: DocumentParse, key: object, make: () => T): T {
  if (parse.cache.has(key)) return parse.cache.get(key) as T;
  const value = make();
  parse.cache.set(key, value);
  return value;
}

/** The parser's own result, kept for the next incremental reparse. */
const RESULTS = new WeakMap<DocumentParse, ReturnType<typeof parse>>();

function documentParse(result: ReturnType<typeof parse>, text: DocumentText, version: number, options: ParseOptions, how: DocumentParse['how']): DocumentParse {
  // The parser's Document satisfies the server's DOM contract (checked here at compile time).
  const document: DomDocument = result.document;
  const p: DocumentParse = { text, version, options, errors: result.errors, document, how, region: null, previous: null, cache: new Map() };
  RESULTS.set(p, result);
  return p;
}

/**
 * A full parse of `text`: a string, or the server's chunked text (with
 * `whole`, the same text as one string when the caller has it; otherwise the
 * chunks are joined once for the parser).
 */
export function parseDocument(text: string | DocumentText, version: number, options: ParseOptions, whole: string | null = null): DocumentParse {
  const source = typeof text === 'string' ? DocumentText.of(text) : text;
  const input = typeof text === 'string' ? text : whole !== null && whole.length === text.length ? whole : text.toString();
  return documentParse(parse(input, { scripting: options.scripting }), source, version, options, 'full');
}

/** The html5lib tree dump of a parse's document (for `tagtree/parseTree`). */
export function toTestTree(document: unknown): string {
  return dumpTree(document as Parameters<typeof dumpTree>[0]);
}

/**
 * Parses `text`, the result of applying `edit` to `previous.text`, reusing
 * `previous` when there is one and it was made with the same options: it is
 * consumed (its tree becomes the new parse's), so the caller must drop it.
 * One edit, however many changes it covers: the parser reparses once.
 * `onFallback` hears when the parser could not reuse the tree and parsed the whole text;
 * `onExplain`, when it did, what it reused and why it went on (ReparseOptions.onExplain).
 */
export function reparseDocument(
  previous: DocumentParse | null,
  edit: TextEdit | null,
  text: DocumentText,
  version: number,
  options: ParseOptions,
  whole: string | null = null,
  onFallback?: (reason: string) => void,
  onExplain?: (explanation: ReparseExplanation) => void,
): DocumentParse {
  const result = previous === null ? undefined : RESULTS.get(previous);
  if (previous === null || edit === null || result === undefined || previous.options.scripting !== options.scripting) {
    return parseDocument(text, version, options, whole);
  }
  // The edit and the text come from the same document; if they ever disagree, the text wins.
  if (previous.text.length + edit.text.length - (edit.end - edit.start) !== text.length) return parseDocument(text, version, options, whole);
  let how: DocumentParse['how'] = 'incremental';
  let region: DocumentParse['region'] = null;
  const current = reparse(
    result,
    { start: edit.start, deleteCount: edit.end - edit.start, insertText: edit.text },
    {
      scripting: options.scripting,
      onFallback: (reason) => {
        how = 'full';
        onFallback?.(reason);
      },
      // The region widened to what undoing the old region's moves gave back (see ReparseOptions.onChanged).
      // Clones the parser gave an edited element's new attributes (outside that stretch) count as changed where
      // the checks of the elements around them read those attributes (an `a` gaining `href` is interactive content).
      onChanged: (start, end, reattributed) => {
        region = recheckRegion(start, end, reattributed);
      },
      onExplain,
    },
  );
  RESULTS.delete(previous);
  const next = documentParse(current, text, version, options, how);
  if (how === 'incremental') next.region = region;
  previous.previous = null;
  next.previous = { parse: previous, edits: [edit] };
  return next;
}
