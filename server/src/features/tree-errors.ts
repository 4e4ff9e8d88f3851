/**
 * Messages, ranges and links for the tree builder's errors (our own kebab-case
 * codes; the spec gives tree construction errors no codes). The parser owns
 * the table of codes, messages and rules; this module picks the range worth
 * underlining and explains the related location. Offsets only.
 */
import type { ParseError } from '@tagtree/parser';
import { treeErrorMessage, treeErrorSpec } from '../document-parse';
import type { ErrorDescription } from './tokenizer-errors';
import type { SourceText } from '../document-text';

/** `<name>` of the tag at `start`, or ''. */
function tagAt(text: SourceText, start: number): string {
  const m = /^<\/?([A-Za-z][^\s/>]*)/.exec(text.slice(start, start + 64));
  return m === null ? '' : `<${m[1].toLowerCase()}>`;
}

/** The description of a tree construction error, or undefined for a code the parser's table does not know. */
export function describeTreeError(text: SourceText, error: ParseError): (ErrorDescription & { href: string }) | undefined {
  const message = treeErrorMessage(error, text);
  const href = treeErrorSpec(error.code);
  if (message === null || href === undefined) return undefined;
  const len = text.length;
  let start = Math.max(0, Math.min(error.start, len));
  let end = Math.max(start, Math.min(error.end, len));
  const related: ErrorDescription['related'] = [];
  const r = error.related;
  if (error.code === 'eof-with-unclosed-element' && r !== undefined) {
    // At the end of the file nothing is left to underline: the unclosed start tag is the place to fix.
    related.push({ start, end, message: 'The file ends here' });
    start = Math.max(0, Math.min(r.start, len));
    end = Math.max(start, Math.min(r.end, len));
  } else if (r !== undefined) {
    const open = tagAt(text, r.start) || 'the element';
    related.push({ start: Math.max(0, Math.min(r.start, len)), end: Math.max(0, Math.min(r.end, len)), message: `The open ${open} starts here` });
  }
  if (end === start && start === len && len > 0) start = len - 1;
  return { start, end, message, related, href };
}
