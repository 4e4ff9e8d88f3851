/**
 * The open documents: their text as the client has it (kept in step by
 * incremental sync, in chunks: see document-text.ts), the one edit that
 * covers every change since the last parse, and one cached parse per
 * document, dropped on close.
 *
 * Changes are applied as they arrive (cheap: a few KB rebuilt per change);
 * parsing is lazy: the next request or publish parses once, for the newest
 * text, with a single edit for all the changes since the previous parse.
 *
 * Invariant: a cached parse is used only for the revision it was made from.
 * `revision` counts changes inside the server, so a client that reuses a
 * version number still never gets a stale parse.
 */
import type { Position, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { DocumentText } from './document-text';
import { describeExplanation, refusalTotals, type ReparseExplanation } from '@tagtree/parser';
import { reparseDocument, type DocumentParse, type ParseOptions, type TextEdit } from './document-parse';

export interface OpenDocument {
  readonly uri: string;
  languageId: string;
  /** The client's version of the text. */
  version: number;
  /** The current text and its lines. */
  text: DocumentText;
  /** The current text as one string while no edit has changed it since it was set whole (a full parse reads it without a copy). */
  whole: string | null;
  /** Increases with every change the server applies. */
  revision: number;
  /**
   * Every change since `parse` as one replacement: `[start, oldEnd)` of the
   * parsed text became `[start, newEnd)` of the current one. Null when
   * nothing changed, 'whole' when the whole text was replaced.
   */
  pending: { start: number; oldEnd: number; newEnd: number } | 'whole' | null;
  parse: DocumentParse | null;
  parseRevision: number;
}

/** What the store has parsed, for the log, the tests and the benchmark (`tagtree/stats`). */
export interface ParseStats {
  fullParses: number;
  reparses: number;
  /** Reparses the parser turned into a full parse, and its last reason. */
  fallbacks: number;
  lastFallback: string | null;
  /** Changes that arrived and were parsed together with later ones. */
  coalescedChanges: number;
  /** How long the last parse took, and all of them (ms): the parser's share of the latency. */
  lastParseMs: number;
  parseMs: number;
  /** What the last incremental reparse reused and why it went on, in words (null after a full parse). */
  lastExplanation: string | null;
  /** Over all reparses: the old checkpoints each sync refusal passed, and the characters that cost (sync-refusals.ts in the parser). */
  refusals: Record<string, { count: number; bytes: number }>;
}

/** A parse slower than this is explained in the trace (`onSlowParse`). */
export const SLOW_PARSE_MS = 20;

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

/** Below this many characters, a coalesced edit is narrowed to what really differs. */
const TRIM_BELOW = 65_536;

export class DocumentStore {
  private readonly documents = new Map<string, OpenDocument>();
  /**
   * Called with each parse made incrementally from the previous one, as it is
   * made: what was computed for the previous parse is carried over to it at
   * once, even when no diagnostics are asked of it (a request or a coalesced
   * burst can make a parse that is never published), so that the next one
   * still has something to carry from.
   */
  onReparsed: ((parse: DocumentParse) => void) | null = null;
  readonly stats: ParseStats = { fullParses: 0, reparses: 0, fallbacks: 0, lastFallback: null, coalescedChanges: 0, lastParseMs: 0, parseMs: 0, lastExplanation: null, refusals: {} };
  /** Told of each parse slower than `SLOW_PARSE_MS`: the document, how long it took, and why (the reparse's explanation, or why it was a full parse). */
  onSlowParse: ((uri: string, ms: number, why: string) => void) | null = null;
  slowParseMs = SLOW_PARSE_MS;

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
      version,
      text: DocumentText.of(text),
      whole: text,
      revision: 0,
      pending: 'whole',
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
    let text = doc.text;
    for (const change of changes) {
      if (typeof change !== 'object' || change === null || typeof change.text !== 'string') {
        onSkip?.('a content change without text');
        continue;
      }
      if ('range' in change && change.range !== undefined && change.range !== null) {
        const { start, end } = change.range;
        if (!validPosition(start) || !validPosition(end)) {
          onSkip?.('a content change with a malformed range');
          continue;
        }
        let s = text.offsetAt(clampPosition(start));
        let e = text.offsetAt(clampPosition(end));
        if (s > e) [s, e] = [e, s];
        text = text.edit(s, e, change.text);
        doc.whole = null;
        this.cover(doc, s, e, change.text.length);
      } else {
        text = DocumentText.of(change.text);
        doc.whole = change.text;
        doc.pending = 'whole';
      }
      doc.revision++;
      if (doc.parse !== null && doc.revision - doc.parseRevision > 1) this.stats.coalescedChanges++;
    }
    doc.text = text;
    doc.version = version;
    return doc;
  }

  /** Widens the document's pending replacement to cover `[s, e)` of the current text becoming `inserted` characters. */
  private cover(doc: OpenDocument, s: number, e: number, inserted: number): void {
    const p = doc.pending;
    if (p === 'whole') return;
    if (p === null) {
      doc.pending = { start: s, oldEnd: e, newEnd: s + inserted };
      return;
    }
    // The current text is the parsed one with [start, oldEnd) replaced by [start, newEnd).
    const start = Math.min(p.start, s);
    const end = Math.max(p.newEnd, e);
    const oldEnd = p.oldEnd + (end - p.newEnd);
    doc.pending = { start, oldEnd, newEnd: end + inserted - (e - s) };
  }

  /** The single edit from the parsed text to the current one, or null when the whole text must be parsed. */
  private pendingEdit(doc: OpenDocument): TextEdit | null {
    const p = doc.pending;
    if (p === 'whole' || doc.parse === null) return null;
    if (p === null) return { start: 0, end: 0, text: '' };
    let { start, oldEnd, newEnd } = p;
    const before = doc.parse.text;
    const after = doc.text;
    if (oldEnd - start < TRIM_BELOW && newEnd - start < TRIM_BELOW) {
      // A character typed and taken back, a paste of the same text: only what differs goes to the parser.
      while (start < oldEnd && start < newEnd && before.charCodeAt(start) === after.charCodeAt(start)) start++;
      while (oldEnd > start && newEnd > start && before.charCodeAt(oldEnd - 1) === after.charCodeAt(newEnd - 1)) {
        oldEnd--;
        newEnd--;
      }
    }
    return { start, end: oldEnd, text: after.slice(start, newEnd) };
  }

  /** Whether the cached parse is of the current text. */
  isParsed(doc: OpenDocument, options: ParseOptions): boolean {
    return doc.parse !== null && doc.parseRevision === doc.revision && doc.parse.options.scripting === options.scripting;
  }

  /** The parse of the document's current text, made now if the cache is stale. */
  parseOf(doc: OpenDocument, options: ParseOptions): DocumentParse {
    const cached = doc.parse;
    if (cached !== null && this.isParsed(doc, options)) return cached;
    const edit = this.pendingEdit(doc);
    // The store lets go of the old parse: a reparse consumes its tree, and a full parse need not keep two trees of a big document.
    doc.parse = null;
    const stats = this.stats;
    const started = Date.now();
    let explanation: ReparseExplanation | null = null;
    let fallback: string | null = null;
    const parse = reparseDocument(
      edit === null ? null : cached,
      edit,
      doc.text,
      doc.version,
      options,
      doc.whole,
      (reason) => {
        stats.fallbacks++;
        stats.lastFallback = fallback = reason;
      },
      (told) => (explanation = told),
    );
    if (parse.how === 'full') stats.fullParses++;
    else stats.reparses++;
    stats.lastParseMs = Date.now() - started;
    stats.parseMs += stats.lastParseMs;
    stats.lastExplanation = explanation === null ? null : describeExplanation(explanation);
    if (explanation !== null) {
      for (const [reason, total] of refusalTotals(explanation)) {
        const sum = (stats.refusals[reason] ??= { count: 0, bytes: 0 });
        sum.count += total.count;
        sum.bytes += total.bytes;
      }
    }
    if (stats.lastParseMs > this.slowParseMs && this.onSlowParse !== null) {
      const why = stats.lastExplanation ?? (fallback !== null ? `a full parse: ${fallback}` : edit === null ? 'a full parse: no previous parse to reuse' : 'a full parse');
      this.onSlowParse(doc.uri, stats.lastParseMs, why);
    }
    doc.parse = parse;
    doc.parseRevision = doc.revision;
    doc.pending = null;
    if (parse.previous !== null) this.onReparsed?.(parse);
    return parse;
  }
}
