/**
 * A text kept as a list of pieces, so that an edit does not copy the whole
 * text. OPTIMIZATION: a JavaScript engine builds `a.slice(0, i) + x +
 * a.slice(j)` lazily, then copies all of it the first time a character is
 * read; for a multi-megabyte document that copy costs more than reparsing
 * the edited region. A reparse reads only the pieces around the edit.
 */
/** Past this many pieces, the runs of short pieces (typing leaves one a key) are joined. */
const FEW_PIECES = 512;
/** A piece shorter than this is short: random edits in a long text leave few so short. */
const SHORT_PIECE = 256;
/**
 * More pieces than this make an edit slow (it copies the list): then the
 * runs of pieces shorter than 4/`MAX_PIECES` of the text are joined too.
 * Random edits all over a page leave two pieces each, so they reach it after
 * about 4,000 edits.
 */
const MAX_PIECES = 8192;

/**
 * `pieces` with each piece of at least `long` characters kept as it is, and
 * each run of shorter ones joined into pieces of at least `long` characters
 * (the last of a run may be shorter). So only short pieces are copied; and
 * with `long` at least 4/`MAX_PIECES` of the text, at most 3/4 of
 * `MAX_PIECES` (and one) remain: at most a quarter kept, as many joined
 * that reach `long`, and one shorter joined piece before each kept one.
 */
function coalescePieces(pieces: readonly string[], long: number): string[] {
  const out: string[] = [];
  let run: string[] = [];
  let runLength = 0;
  const flush = (): void => {
    if (run.length > 0) out.push(run.length === 1 ? run[0] : run.join(''));
    run = [];
    runLength = 0;
  };
  for (const piece of pieces) {
    if (piece.length >= long) {
      flush();
      out.push(piece);
      continue;
    }
    run.push(piece);
    runLength += piece.length;
    if (runLength >= long) flush();
  }
  flush();
  return out;
}

export class PieceText {
  /** Offsets where each piece starts, plus the total length at the end. */
  private readonly starts: Float64Array;
  private flat: string | null;

  private constructor(
    private readonly pieces: readonly string[],
    flat: string | null,
    /** How many pieces there were after the last join. */
    private readonly joined = 0,
  ) {
    const starts = new Float64Array(pieces.length + 1);
    let at = 0;
    for (let i = 0; i < pieces.length; i++) {
      starts[i] = at;
      at += pieces[i].length;
    }
    starts[pieces.length] = at;
    this.starts = starts;
    this.flat = flat;
  }

  static of(text: string): PieceText {
    return new PieceText([text], text);
  }

  /** How many pieces hold the text (the tests check that they stay few). */
  get pieceCount(): number {
    return this.pieces.length;
  }

  get length(): number {
    return this.starts[this.pieces.length];
  }

  /** Index of the piece holding `offset` (the last piece for the end). */
  private pieceAt(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = this.pieces.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The characters from `start` to `end`. */
  slice(start: number, end: number): string {
    start = Math.max(0, Math.min(start, this.length));
    end = Math.max(start, Math.min(end, this.length));
    if (this.flat !== null) return this.flat.slice(start, end);
    let out = '';
    for (let i = this.pieceAt(start); i < this.pieces.length && this.starts[i] < end; i++) {
      const from = Math.max(start, this.starts[i]) - this.starts[i];
      const to = Math.min(end, this.starts[i + 1]) - this.starts[i];
      out += this.pieces[i].slice(from, to);
    }
    return out;
  }

  /** The text with `[start, end)` replaced by `insert`. */
  edit(start: number, end: number, insert: string): PieceText {
    const first = this.pieceAt(start);
    const last = this.pieceAt(end);
    const head = this.pieces[first].slice(0, start - this.starts[first]);
    const tail = this.pieces[last].slice(end - this.starts[last]);
    const middle: string[] = [];
    if (head.length > 0) middle.push(head);
    if (insert.length > 0) middle.push(insert);
    if (tail.length > 0) middle.push(tail);
    let pieces = this.pieces.slice(0, first).concat(middle, this.pieces.slice(last + 1));
    if (pieces.length === 0) pieces.push('');
    // Many pieces make an edit slow: the runs of short pieces are joined and
    // the long ones kept, never the whole text copied. The long pieces share
    // the text the document was parsed from, which its first parse's nodes
    // keep alive anyway: a copy of it would double it (in the server after
    // 300 random edits into a 7 MB page, a copy was 14 MB of 146 MB live).
    // Joined again only once the pieces have doubled since (or reach the
    // bound), so that an edit costs O(1) amortized beside copying the list.
    let joined = this.joined;
    if (pieces.length > Math.max(FEW_PIECES, 2 * joined)) {
      pieces = coalescePieces(pieces, SHORT_PIECE);
      joined = pieces.length;
    }
    if (pieces.length > MAX_PIECES) {
      pieces = coalescePieces(pieces, Math.ceil((this.length - (end - start) + insert.length) / (MAX_PIECES / 4)));
      joined = pieces.length;
    }
    return new PieceText(pieces, null, joined);
  }

  /** The whole text (copied once, then kept). */
  toString(): string {
    if (this.flat === null) this.flat = this.pieces.join('');
    return this.flat;
  }
}
