/**
 * The client's side of incremental sync, written from the LSP specification
 * alone: lines end at CRLF, CR or LF; a character past the end of its line
 * means the end of the line; a line past the last means the end of the text.
 * The tests hold the server's text to this model; the benchmarks (bench/
 * requires the compiled copy) and the vnu comparison count lines with it.
 * The one line model of the tests: the server's own is document-text.ts.
 */

/** A position as the LSP gives it: a line and a UTF-16 offset in it, both from 0. */
export interface Position {
  line: number;
  character: number;
}

/** A change as the LSP's `textDocument/didChange` gives it: a range replaced, or the whole text. */
export type TextDocumentContentChangeEvent = { range: { start: Position; end: Position }; rangeLength?: number; text: string } | { text: string };

/** The offsets where lines start (lines end at CRLF, CR or LF). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0d) {
      if (text.charCodeAt(i + 1) === 0x0a) i++;
      starts.push(i + 1);
    } else if (c === 0x0a) starts.push(i + 1);
  }
  return starts;
}

/** The offset where the line's content ends (before its line break). */
function lineContentEnd(text: string, starts: readonly number[], line: number): number {
  if (line + 1 >= starts.length) return text.length;
  let end = starts[line + 1];
  if (text.charCodeAt(end - 1) === 0x0a) end--;
  if (text.charCodeAt(end - 1) === 0x0d) end--;
  return Math.max(end, starts[line]);
}

export function offsetAt(text: string, starts: readonly number[], p: Position): number {
  if (p.line >= starts.length) return text.length;
  if (p.line < 0) return 0;
  const start = starts[p.line];
  return start + Math.max(0, Math.min(p.character, lineContentEnd(text, starts, p.line) - start));
}

export function positionAt(starts: readonly number[], offset: number): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - starts[lo] };
}

/** Applies one change as the LSP defines it. */
export function applyChange(text: string, change: TextDocumentContentChangeEvent): string {
  if (!('range' in change) || change.range === undefined) return change.text;
  const starts = lineStarts(text);
  const a = offsetAt(text, starts, change.range.start);
  const b = offsetAt(text, starts, change.range.end);
  const [s, e] = a <= b ? [a, b] : [b, a];
  return text.slice(0, s) + change.text + text.slice(e);
}
