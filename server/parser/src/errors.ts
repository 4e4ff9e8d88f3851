/**
 * A parse error. `start` is the UTF-16 offset in the original input where the
 * spec raises the error; `end` (exclusive) closes the range worth underlining.
 * `related` points at another range that helps, such as the open element an end
 * tag failed to match.
 */
export interface ParseError {
  code: string;
  start: number;
  end: number;
  related?: { start: number; end: number };
}
