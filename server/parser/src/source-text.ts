/**
 * What the error descriptions (and the server's features) read of a text: a
 * subset of `String` with the same meaning, so that a plain string and an
 * editor's chunked text both fit.
 */
export interface SourceText {
  readonly length: number;
  /** NaN outside the text, as for a string. */
  charCodeAt(index: number): number;
  /** Non-negative bounds only. */
  slice(start?: number, end?: number): string;
  indexOf(search: string, from?: number): number;
  lastIndexOf(search: string, from?: number): number;
}
