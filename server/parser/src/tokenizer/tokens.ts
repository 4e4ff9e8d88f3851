/**
 * Tokens the tokenizer emits.
 * https://html.spec.whatwg.org/multipage/parsing.html#tokenization
 *
 * Every token carries `start`/`end`: UTF-16 offsets into the *original* input
 * (before CR/CRLF normalization), `end` exclusive.
 */

/** https://html.spec.whatwg.org/multipage/parsing.html#concept-token (DOCTYPE) */
export interface DoctypeToken {
  type: 'doctype';
  name: string | null;
  publicId: string | null;
  systemId: string | null;
  forceQuirks: boolean;
  start: number;
  end: number;
}

/**
 * One attribute of a start or end tag. `nameStart`/`nameEnd` cover the name in
 * the source. `valueStart`/`valueEnd` cover the value's source text without its
 * quotes; both are `null` when the attribute has no value (`<input disabled>`).
 */
export interface Attribute {
  name: string;
  value: string;
  nameStart: number;
  nameEnd: number;
  valueStart: number | null;
  valueEnd: number | null;
}

/** https://html.spec.whatwg.org/multipage/parsing.html#concept-token (start tag) */
export interface StartTagToken {
  type: 'startTag';
  name: string;
  attributes: Attribute[];
  selfClosing: boolean;
  start: number;
  end: number;
}

/** https://html.spec.whatwg.org/multipage/parsing.html#concept-token (end tag) */
export interface EndTagToken {
  type: 'endTag';
  name: string;
  start: number;
  end: number;
}

/** https://html.spec.whatwg.org/multipage/parsing.html#concept-token (comment) */
export interface CommentToken {
  type: 'comment';
  data: string;
  start: number;
  end: number;
}

/**
 * A run of character tokens.
 *
 * The public `tokenize()` merges adjacent runs. Internally (for the tree
 * builder), the tokenizer emits smaller chunks with a guarantee that makes
 * source positions of single characters recoverable:
 * - a U+0000 NULL from the data or CDATA section state is a chunk of its own;
 * - a character reference is a chunk of its own (`data` is its expansion);
 * - any other chunk's `data` is its source slice with CR and CRLF turned into LF.
 */
export interface CharactersToken {
  type: 'characters';
  data: string;
  start: number;
  end: number;
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#concept-token (processing instruction;
 * whatwg/html 320c05f6). `<?target data?>` or `<?target data>`.
 */
export interface ProcessingInstructionToken {
  type: 'processingInstruction';
  target: string;
  data: string;
  start: number;
  end: number;
}

export type Token = DoctypeToken | ProcessingInstructionToken | StartTagToken | EndTagToken | CommentToken | CharactersToken;

// OPTIMIZATION: V8 gives objects with the same fields in the same order one
// shape, and a property read that meets more than four shapes goes through a
// slow generic lookup. Inside the parser, an end tag token is therefore made
// with a start tag token's fields (`attributes` and `selfClosing` too), and the
// end-of-file token with a characters token's (`data` is empty): the tree
// builder's reads of `type`, `start` and `end` meet three shapes (tags, text
// and comments, DOCTYPEs) and, rarely, a fourth (processing instructions). `tokenize()` hands out end tags with their own fields only.
