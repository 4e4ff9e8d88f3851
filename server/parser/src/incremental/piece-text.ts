/**
 * A text kept as a list of pieces, so that an edit does not copy the whole
 * text. OPTIMIZATION: a JavaScript engine builds `a.slice(0, i) + x +
 * a.slice(j)` lazily, then copies all of it the first time a character is
 * read; for a multi-megabyte document that copy costs more than reparsing
 * the edited region. A reparse reads only the pieces around the edit.
 */
/** More pieces than this make slicing slow. */
const MAX_PIECES = 512;
/** Pieces shorter than this are joined with their neighbours when there are too many. */
const SMALL_PIECE = 4096;

/** `pieces` with each run of adjacent pieces shorter than `SMALL_PIECE` joined into one. */
function joinSmallPieces(pieces: readonly string[]): string[] {
  const out: string[] = [];
  let run: string[] = [];
  const flush = (): void => {
    if (run.length > 0) out.push(run.join(''));
    run = [];
  };
  for (const piece of pieces) {
    if (piece.length < SMALL_PIECE) run.push(piece);
    else {
      flush();
      out.push(piece);
    }
  }
  flush();
  return out;
}

export class PieceText {
  /** Offsets where each piece starts, plus the total length at the end. */
  private readonly starts: number[];
  private flat: string | null;

  private constructor(
    private readonly pieces: readonly string[],
    flat: string | null,
  ) {
    const starts = new Array<number>(pieces.length + 1);
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
    const pieces: string[] = [];
    const first = this.pieceAt(start);
    const last = this.pieceAt(end);
    for (let i = 0; i < first; i++) pieces.push(this.pieces[i]);
    const head = this.pieces[first].slice(0, start - this.starts[first]);
    const tail = this.pieces[last].slice(end - this.starts[last]);
    if (head.length > 0) pieces.push(head);
    if (insert.length > 0) pieces.push(insert);
    if (tail.length > 0) pieces.push(tail);
    for (let i = last + 1; i < this.pieces.length; i++) pieces.push(this.pieces[i]);
    if (pieces.length === 0) pieces.push('');
    // Many small pieces make slicing slow: past a limit, the runs of small
    // pieces (what typing leaves) are joined, and the long ones kept: they
    // share the text the document was parsed from, which its first parse's
    // nodes keep alive anyway, where a copy of the whole text would double it.
    if (pieces.length > MAX_PIECES) {
      const joined = joinSmallPieces(pieces);
      // Edits in many places: one copy.
      return joined.length > MAX_PIECES / 2 ? PieceText.of(pieces.join('')) : new PieceText(joined, null);
    }
    return new PieceText(pieces, null);
  }

  /** The whole text (copied once, then kept). */
  toString(): string {
    if (this.flat === null) this.flat = this.pieces.join('');
    return this.flat;
  }
}
