/**
 * The open documents: their text as the client has it (kept in step by
 * incremental sync), the edits since the last parse, and one cached parse per
 * document, dropped on close.
 *
 * Invariant: a cached parse is used only for the revision it was made from.
 * `revision` counts changes inside the server, so a client that reuses a
 * version number still never gets a stale parse.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { reparseDocument, type DocumentParse, type ParseOptions, type TextEdit } from './document-parse';

/** More edits than this since the last parse are not kept; the next parse starts over. */
const MAX_PENDING_EDITS = 10_000;

export interface OpenDocument {
  readonly uri: string;
  languageId: string;
  /** The text and its line offsets; its version is the client's. */
  textDocument: TextDocument;
  /** Increases with every change the server applies. */
  revision: number;
  /** Edits since `parse` was made, or null when they were not all kept. */
  pendingEdits: TextEdit[] | null;
  parse: DocumentParse | null;
  parseRevision: number;
}

function validPosition(p: unknown): p is Position {
  if (typeof p !== 'object' || p === null) return false;
  const { line, character } = p as Position;
  return typeof line === 'number' && typeof character === 'number' && !Number.isNaN(line) && !Number.isNaN(character);
}

function clampPosition(p: Position): Position {
  // Integers in [0, 2^31): the LSP's uinteger; out-of-range values clamp to the text.
  const c = (n: number) => (n === Infinity ? 0x7fffffff : Math.max(0, Math.min(0x7fffffff, Math.floor(n))));
  return { line: c(p.line), character: c(p.character) };
}

export class DocumentStore {
  private readonly documents = new Map<string, OpenDocument>();

  get(uri: string): OpenDocument | undefined {
    return this.documents.get(uri);
  }

  all(): IterableIterator<OpenDocument> {
    return this.documents.values();
  }

  open(uri: string, languageId: string, version: number, text: string): OpenDocument {
    const doc: OpenDocument = {
      uri,
      languageId,
      textDocument: TextDocument.create(uri, languageId, version, text),
      revision: 0,
      pendingEdits: null,
      parse: null,
      parseRevision: -1,
    };
    this.documents.set(uri, doc);
    return doc;
  }

  close(uri: string): boolean {
    return this.documents.delete(uri);
  }

  /**
   * Applies the client's changes in order. Positions past the end of a line
   * or of the text clamp to it, and a reversed range is read forwards, so the
   * result is what the client computes for any change it may send. A change
   * with no usable text or positions is skipped and reported through `onSkip`.
   */
  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[], onSkip?: (reason: string) => void): OpenDocument | undefined {
    const doc = this.documents.get(uri);
    if (doc === undefined) return undefined;
    let td = doc.textDocument;
    for (const change of changes) {
      if (typeof change !== 'object' || change === null || typeof change.text !== 'string') {
        onSkip?.('a content change without text');
        continue;
      }
      let edit: TextEdit;
      if ('range' in change && change.range !== undefined && change.range !== null) {
        const { start, end } = change.range;
        if (!validPosition(start) || !validPosition(end)) {
          onSkip?.('a content change with a malformed range');
          continue;
        }
        let s = td.offsetAt(clampPosition(start));
        let e = td.offsetAt(clampPosition(end));
        if (s > e) [s, e] = [e, s];
        edit = { start: s, end: e, text: change.text };
        // Hand TextDocument a well-formed range inside the text: it keeps its
        // line offsets incrementally and trusts the range's line numbers.
        td = TextDocument.update(td, [{ range: { start: td.positionAt(s), end: td.positionAt(e) }, text: change.text }], version);
      } else {
        edit = { start: 0, end: td.getText().length, text: change.text };
        td = TextDocument.update(td, [{ text: change.text }], version);
      }
      doc.revision++;
      if (doc.pendingEdits !== null) {
        if (doc.pendingEdits.length < MAX_PENDING_EDITS) doc.pendingEdits.push(edit);
        else doc.pendingEdits = null;
      }
    }
    doc.textDocument = TextDocument.update(td, [], version);
    return doc;
  }

  /** The parse of the document's current text, made now if the cache is stale. */
  parseOf(doc: OpenDocument, options: ParseOptions): DocumentParse {
    let cached = doc.parse;
    if (cached !== null && doc.parseRevision === doc.revision && cached.options.scripting === options.scripting) return cached;
    // The edits since the parse, when they were all kept, let the parser reuse it (see reparseDocument).
    const previous = doc.pendingEdits !== null ? cached : null;
    // The store lets go of the old parse: a reparse consumes its tree, and a full parse need not keep two trees of a big document.
    cached = null;
    doc.parse = null;
    const parse = reparseDocument(previous, doc.pendingEdits ?? [], doc.textDocument.getText(), doc.textDocument.version, options);
    doc.parse = parse;
    doc.parseRevision = doc.revision;
    doc.pendingEdits = [];
    return parse;
  }
}
