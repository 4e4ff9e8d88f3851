/**
 * A document's text as the server keeps it: in chunks of about 16 K code
 * units, each with the line starts inside it, behind prefix sums of chunk
 * lengths and line counts. An edit rebuilds only the chunks it touches (a
 * few tens of KB) and the prefix sums (one entry per chunk), so a keystroke
 * in a multi-megabyte document neither copies the whole text nor rebuilds
 * its line table. Snapshots are immutable: `edit` returns a new text that
 * shares the untouched chunks, so a parse keeps the exact text it was made
 * from for as long as it lives.
 *
 * Lines follow the LSP: a line ends after LF, CRLF or a CR not followed by
 * LF. Offsets and characters are UTF-16 code units. `positionAt` and
 * `offsetAt` give what `vscode-languageserver-textdocument` gives for the
 * same text (test/document-text.test.ts checks it on random edits with CRLF
 * and surrogate pairs): an offset or a character past a line's content
 * clamps to the end of that content, before its line break.
 *
 * Invariant: no chunk boundary falls between the CR and the LF of a CRLF, so
 * each chunk's line starts are found in the chunk alone.
 */

/**
 * What the feature functions read of a text (a subset of `String`, the
 * parser's), so a plain string (the CLI, the tests) and a `DocumentText`
 * (the server) both fit.
 */
import type { SourceText } from '@tagtree/parser';
export type { SourceText };

export interface LinePosition {
  line: number;
  character: number;
}

const LF = 0x0a;
const CR = 0x0d;

/** The target size of a chunk; an edited chunk is split above twice this and merged below a quarter of it. */
const CHUNK = 16_384;

class Chunk {
  /** Offsets in the chunk where a line starts, i.e. just after each line break (so all > 0). */
  readonly breaks: Int32Array;

  constructor(readonly text: string) {
    const n = text.length;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) count++;
    }
    const breaks = new Int32Array(count);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) breaks[k++] = i + 1;
    }
    this.breaks = breaks;
  }

  /** Words this chunk was searched for, and whether it holds them (`DocumentText.includes`). */
  private searched: Map<string, boolean> | undefined;

  includes(search: string): boolean {
    this.searched ??= new Map();
    let found = this.searched.get(search);
    if (found === undefined) {
      found = this.text.includes(search);
      this.searched.set(search, found);
    }
    return found;
  }
}

/** Splits `text` into chunks of about `chunk` code units, never between CR and LF. */
function chunksOf(text: string, out: Chunk[], chunk: number): void {
  if (text.length <= 2 * chunk) {
    out.push(new Chunk(text));
    return;
  }
  const parts = Math.ceil(text.length / chunk);
  const size = Math.ceil(text.length / parts);
  let at = 0;
  while (at < text.length) {
    let cut = Math.min(text.length, at + size);
    if (cut < text.length && text.charCodeAt(cut - 1) === CR && text.charCodeAt(cut) === LF) cut++;
    out.push(new Chunk(text.slice(at, cut)));
    at = cut;
  }
}

/** Index of the last entry of `a[0..n)` that is <= `x` (or -1). */
function lastAtMost(a: ArrayLike<number>, n: number, x: number): number {
  let lo = 0;
  let hi = n - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] <= x) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export class DocumentText implements SourceText {
  /** `starts[k]`: the offset of chunk k; `starts[n]`: the length. */
  private readonly starts: Float64Array;
  /** `linesBefore[k]`: line breaks in the chunks before k; `linesBefore[n]`: all of them. */
  private readonly linesBefore: Int32Array;
  /** The chunk the last lookup found: features read in document order. */
  private hint = 0;

  private constructor(
    private readonly chunks: readonly Chunk[],
    private readonly chunkSize: number,
  ) {
    const n = chunks.length;
    const starts = new Float64Array(n + 1);
    const linesBefore = new Int32Array(n + 1);
    let at = 0;
    let lines = 0;
    for (let k = 0; k < n; k++) {
      starts[k] = at;
      linesBefore[k] = lines;
      at += chunks[k].text.length;
      lines += chunks[k].breaks.length;
    }
    starts[n] = at;
    linesBefore[n] = lines;
    this.starts = starts;
    this.linesBefore = linesBefore;
  }

  /** `chunkSize` is for the tests, which use tiny chunks to meet many chunk boundaries. */
  static of(text: string, chunkSize = CHUNK): DocumentText {
    const size = Math.max(2, Math.floor(chunkSize));
    const chunks: Chunk[] = [];
    chunksOf(text, chunks, size);
    return new DocumentText(chunks, size);
  }

  get length(): number {
    return this.starts[this.chunks.length];
  }

  /** How many chunks hold the text (the tests check that edits keep them few). */
  get chunkCount(): number {
    return this.chunks.length;
  }

  /** How many lines the text has (at least 1). */
  get lineCount(): number {
    return this.linesBefore[this.chunks.length] + 1;
  }

  /** The chunk holding `offset` (the last chunk for the end of the text). */
  private chunkAt(offset: number): number {
    const starts = this.starts;
    const h = this.hint;
    if (starts[h] <= offset && offset < starts[h + 1]) return h;
    const n = this.chunks.length;
    const k = offset >= starts[n] ? n - 1 : Math.max(0, lastAtMost(starts, n, offset));
    this.hint = k;
    return k;
  }

  charCodeAt(index: number): number {
    if (!(index >= 0 && index < this.length)) return NaN;
    const k = this.chunkAt(index);
    return this.chunks[k].text.charCodeAt(index - this.starts[k]);
  }

  slice(start = 0, end: number = this.length): string {
    const length = this.length;
    const a = Math.max(0, Math.min(Math.floor(start) || 0, length));
    const b = Math.max(a, Math.min(Math.floor(end) || 0, length));
    if (a === b) return '';
    const k = this.chunkAt(a);
    const first = this.chunks[k].text;
    const s = this.starts[k];
    if (b <= this.starts[k + 1]) return first.slice(a - s, b - s);
    const parts = [first.slice(a - s)];
    for (let i = k + 1; i < this.chunks.length && this.starts[i] < b; i++) {
      parts.push(this.chunks[i].text.slice(0, b - this.starts[i]));
    }
    return parts.join('');
  }

  indexOf(search: string, from = 0): number {
    const length = this.length;
    let at = Math.max(0, Math.min(Math.floor(from) || 0, length));
    if (search.length === 0) return at;
    // Windows that overlap by the search's length less one.
    const window = Math.max(2 * this.chunkSize, 4 * search.length);
    while (at + search.length <= length) {
      const found = this.slice(at, at + window + search.length - 1).indexOf(search);
      if (found >= 0) return at + found;
      at += window;
    }
    return -1;
  }

  /**
   * Whether `search` occurs anywhere. Each chunk remembers the answer, and an
   * edit rebuilds only its chunk, so asking after every keystroke (the inline
   * comments, lint/directives.ts) costs a look at the edited chunk and the
   * chunk boundaries, not a scan of a 7 MB text.
   */
  includes(search: string): boolean {
    if (search.length === 0) return true;
    const chunks = this.chunks;
    // A chunk shorter than the word (the tests' tiny chunks): it may span three chunks.
    if (chunks.some((c) => c.text.length < search.length)) return this.indexOf(search) >= 0;
    for (let k = 0; k < chunks.length; k++) {
      if (chunks[k].includes(search)) return true;
      // An occurrence across the boundary with the next chunk.
      if (k + 1 < chunks.length && search.length > 1) {
        const a = chunks[k].text;
        const b = chunks[k + 1].text;
        if ((a.slice(Math.max(0, a.length - search.length + 1)) + b.slice(0, search.length - 1)).includes(search)) return true;
      }
    }
    return false;
  }

  lastIndexOf(search: string, from: number = Infinity): number {
    const length = this.length;
    const last = Math.max(0, Math.min(from === Infinity ? length : Math.floor(from) || 0, length - search.length));
    if (search.length > length) return -1;
    if (search.length === 0) return last;
    const window = Math.max(2 * this.chunkSize, 4 * search.length);
    // Candidates start in [lo, last]; each window reads them with their whole match.
    let hi = last;
    while (hi >= 0) {
      const lo = Math.max(0, hi - window + 1);
      const found = this.slice(lo, hi + search.length).lastIndexOf(search);
      if (found >= 0) return lo + found;
      hi = lo - 1;
    }
    return -1;
  }

  /** The whole text as one string: a copy, for a full parse. */
  toString(): string {
    if (this.chunks.length === 1) return this.chunks[0].text;
    return this.chunks.map((c) => c.text).join('');
  }

  /** The text with `[start, end)` replaced by `insert` (bounds clamped, a reversed range read forwards). */
  edit(start: number, end: number, insert: string): DocumentText {
    const length = this.length;
    let a = Math.max(0, Math.min(start, length));
    let b = Math.max(0, Math.min(end, length));
    if (a > b) [a, b] = [b, a];
    const chunks = this.chunks;
    const n = chunks.length;
    const min = this.chunkSize / 4;
    let lo = this.chunkAt(a);
    let hi = this.chunkAt(b);
    let mid = chunks[lo].text.slice(0, a - this.starts[lo]) + insert + chunks[hi].text.slice(b - this.starts[hi]);
    // Keep chunks from getting small and CRLF pairs whole: take in a neighbour while needed.
    for (;;) {
      if (lo > 0 && (mid.length < min || (mid.charCodeAt(0) === LF && endsWithCR(chunks[lo - 1].text)))) {
        lo--;
        mid = chunks[lo].text + mid;
        continue;
      }
      if (hi < n - 1 && (mid.length < min || (endsWithCR(mid) && chunks[hi + 1].text.charCodeAt(0) === LF))) {
        hi++;
        mid += chunks[hi].text;
        continue;
      }
      break;
    }
    const next: Chunk[] = chunks.slice(0, lo);
    chunksOf(mid, next, this.chunkSize);
    for (let k = hi + 1; k < n; k++) next.push(chunks[k]);
    return new DocumentText(next, this.chunkSize);
  }

  /** The offset where line `line` starts (0-based; clamped to the lines there are). */
  lineStart(line: number): number {
    if (line <= 0) return 0;
    const n = this.chunks.length;
    if (line > this.linesBefore[n]) line = this.linesBefore[n];
    // The chunk holding the line's break: the last k with linesBefore[k] < line.
    const k = lastAtMost(this.linesBefore, n, line - 1);
    return this.starts[k] + this.chunks[k].breaks[line - 1 - this.linesBefore[k]];
  }

  /** The line (0-based) an offset is on: the last line starting at or before it. */
  lineAt(offset: number): number {
    const length = this.length;
    const o = Math.max(0, Math.min(offset, length));
    const k = this.chunkAt(o);
    const breaks = this.chunks[k].breaks;
    return this.linesBefore[k] + lastAtMost(breaks, breaks.length, o - this.starts[k]) + 1;
  }

  /** Moves an offset inside a line break back to the end of the line's content. */
  private beforeLineBreak(offset: number, lineStart: number): number {
    while (offset > lineStart) {
      const c = this.charCodeAt(offset - 1);
      if (c !== LF && c !== CR) break;
      offset--;
    }
    return offset;
  }

  /** The LSP position of an offset (clamped to the text; inside a CRLF, the end of its line's content). */
  positionAt(offset: number): LinePosition {
    const o = Math.max(0, Math.min(Number.isNaN(offset) ? 0 : offset, this.length));
    const line = this.lineAt(o);
    const start = this.lineStart(line);
    return { line, character: this.beforeLineBreak(o, start) - start };
  }

  /** The offset of an LSP position; a line or character out of range clamps to the text and to its line's content. */
  offsetAt(position: LinePosition): number {
    const { line, character } = position;
    const lines = this.lineCount;
    if (line >= lines) return this.length;
    if (line < 0) return 0;
    const start = this.lineStart(line);
    if (character <= 0) return start;
    const next = line + 1 < lines ? this.lineStart(line + 1) : this.length;
    return this.beforeLineBreak(Math.min(start + character, next), start);
  }
}

function endsWithCR(s: string): boolean {
  return s.length > 0 && s.charCodeAt(s.length - 1) === CR;
}
