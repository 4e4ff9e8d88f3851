/**
 * Every parse error described for a person, from the tables beside the codes:
 * the tokenizer's (tokenizer/error-messages.ts) and the tree builder's
 * (tree/tree-error-codes.ts).
 * https://html.spec.whatwg.org/multipage/parsing.html#parse-errors
 */
import type { ParseError, ParseErrorDescription } from './errors';
import type { SourceText } from './source-text';
import { describeTokenizerError, isTokenizerErrorCode, quote, tokenizerErrorHref, TOKENIZER_ERROR_SUMMARIES } from './tokenizer/error-messages';
import { describeTreeError, isTreeErrorCode, TREE_ERRORS } from './tree/tree-error-codes';

const PARSE_ERRORS = 'https://html.spec.whatwg.org/multipage/parsing.html#parse-errors';

/**
 * The message, range, related ranges and link of one parse error of `text`.
 * A code neither table knows (from a newer parser) still gets a description
 * naming it. Ranges always lie inside the text.
 */
export function describeParseError(text: SourceText, error: ParseError): ParseErrorDescription {
  const tokenizer = describeTokenizerError(text, error);
  if (tokenizer !== undefined) return tokenizer;
  const tree = describeTreeError(text, error);
  if (tree !== undefined) return tree;
  const start = Math.max(0, Math.min(error.start, text.length));
  const end = Math.max(start, Math.min(error.end, text.length));
  const related = error.related === undefined ? [] : [{ ...error.related, message: 'Related location' }];
  const shown = end > start ? `: ${quote(text, start, end)}` : '';
  return { start, end, message: `Parse error ${error.code}${shown}`, related, href: PARSE_ERRORS };
}

/** True for a code of the tokenizer's or the tree builder's table. */
export function isParseErrorCode(code: string): boolean {
  return isTokenizerErrorCode(code) || isTreeErrorCode(code);
}

/**
 * One line about any error with this code, its message template made
 * general for a tree builder's code, or undefined for an unknown code.
 */
export function parseErrorSummary(code: string): string | undefined {
  if (isTokenizerErrorCode(code)) return TOKENIZER_ERROR_SUMMARIES[code];
  if (isTreeErrorCode(code)) return generalTreeMessage(TREE_ERRORS[code].message);
  return undefined;
}

/** The spec's definition of the error or the rule that raises it, or undefined for an unknown code. */
export function parseErrorHref(code: string): string | undefined {
  if (isTokenizerErrorCode(code)) return tokenizerErrorHref(code);
  if (isTreeErrorCode(code)) return TREE_ERRORS[code].spec;
  return undefined;
}

/** Every code of the two tables. */
export function parseErrorCodes(): string[] {
  return [...Object.keys(TOKENIZER_ERROR_SUMMARIES), ...Object.keys(TREE_ERRORS)];
}

/**
 * A tree construction error's message template made general: `{tag}` and
 * `{open}` stand for the tag and element of one error.
 */
function generalTreeMessage(template: string): string {
  const general = template
    .replace(/^Unexpected \{tag\}/, 'Unexpected tag')
    .replace(/the open \{open\}/g, 'an open element')
    .replace(/<\{name\}>/g, 'matching')
    .replace(/^\{open\}/, 'An element')
    .replace(/\{open\}/g, 'an element')
    .replace(/^\{tag\}/, 'A tag')
    .replace(/\{tag\}/g, 'the tag')
    .replace(/\{name\}/g, 'the element');
  return general.endsWith('.') ? general : `${general}.`;
}
