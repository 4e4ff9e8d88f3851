/**
 * Offsets to lines and columns. Lines end at LF, CR or CRLF (CRLF counts once),
 * matching the preprocessed input stream that html5lib-tests count in.
 * Lines and columns are 1-based; a column counts UTF-16 code units.
 */
export class LineIndex {
  /** Offset where each line starts. */
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0a) this.starts.push(i + 1);
      else if (c === 0x0d) {
        if (text.charCodeAt(i + 1) === 0x0a) i++;
        this.starts.push(i + 1);
      }
    }
  }

  /** The 1-based line and column of `offset` (clamped to the text). */
  position(offset: number): { line: number; col: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: o - this.starts[lo] + 1 };
  }
}

/** One-off conversion; build a LineIndex for many. */
export function lineColumn(text: string, offset: number): { line: number; col: number } {
  return new LineIndex(text).position(offset);
}
