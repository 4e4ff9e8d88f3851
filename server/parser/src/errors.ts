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

/**
 * A parse error described for a person (`describeParseError`): a message, the
 * range worth underlining (grown from where the error is raised to the
 * construct it is about: the whole character reference, attribute or tag),
 * other ranges that explain it, and the spec's definition of the error or
 * the rule that raises it.
 */
export interface ParseErrorDescription {
  start: number;
  end: number;
  message: string;
  related: { start: number; end: number; message: string }[];
  href: string;
}
