/**
 * Tree-construction parse errors: the one table of our codes.
 *
 * The spec names the tokenizer's parse errors (see tokenizer/error-codes.ts)
 * but says only "parse error" in tree construction, so these codes are ours.
 * They are stable: an editor's quick fixes and users' suppressions key on
 * them. Each has a human message and the spec section whose rules raise it.
 *
 * In a message, `{tag}` is the tag the error is about as written in the
 * source (its name, normalized: `<div>`, `</span>`), `{name}` is its bare
 * name, and `{open}` is the related open element (`<p>`), when the error has
 * a `related` range.
 */
import type { ParseError, ParseErrorDescription } from '../errors';
import type { SourceText } from '../source-text';

const PARSING = 'https://html.spec.whatwg.org/multipage/parsing.html';

export enum TreeErrorCode {
  MissingDoctype = 'missing-doctype',
  NonConformingDoctype = 'non-conforming-doctype',
  UnexpectedDoctype = 'unexpected-doctype',
  UnexpectedStartTag = 'unexpected-start-tag',
  UnexpectedEndTag = 'unexpected-end-tag',
  StrayEndTag = 'stray-end-tag',
  MisnestedEndTag = 'misnested-end-tag',
  UnclosedElement = 'unclosed-element',
  EofWithUnclosedElement = 'eof-with-unclosed-element',
  MisnestedFormattingElement = 'misnested-formatting-element',
  NestedAnchor = 'nested-anchor',
  NestedNobr = 'nested-nobr',
  NestedHeading = 'nested-heading',
  NestedForm = 'nested-form',
  NestedButton = 'nested-button',
  NestedTable = 'nested-table',
  NestedSelect = 'nested-select',
  NestedOption = 'nested-option',
  InputInSelect = 'input-in-select',
  MisplacedHtmlStartTag = 'misplaced-html-start-tag',
  MisplacedBodyStartTag = 'misplaced-body-start-tag',
  MisplacedFramesetStartTag = 'misplaced-frameset-start-tag',
  MisplacedHeadContent = 'misplaced-head-content',
  ContentInHeadNoscript = 'content-in-head-noscript',
  EndTagBr = 'end-tag-br',
  StrayPEndTag = 'stray-p-end-tag',
  ImageStartTag = 'image-start-tag',
  NullCharacterIgnored = 'null-character-ignored',
  UnexpectedText = 'unexpected-text',
  TextInTable = 'text-in-table',
  ContentInTable = 'content-in-table',
  CellOutsideRow = 'cell-outside-row',
  ContentAfterBody = 'content-after-body',
  MisplacedRubyAnnotation = 'misplaced-ruby-annotation',
  HtmlStartTagInForeignContent = 'html-start-tag-in-foreign-content',
  InvalidXmlnsAttribute = 'invalid-xmlns-attribute',
  /** The one tree-construction error the spec names. */
  NonVoidHtmlElementStartTagWithTrailingSolidus = 'non-void-html-element-start-tag-with-trailing-solidus',
}

export interface TreeErrorInfo {
  /** The human message template (see the file comment). */
  message: string;
  /** The spec section whose rules raise the error. */
  spec: string;
}

/** Every tree-construction error code, its message and its spec link. */
export const TREE_ERRORS: Readonly<Record<TreeErrorCode, TreeErrorInfo>> = {
  [TreeErrorCode.MissingDoctype]: {
    message: 'Missing <!DOCTYPE html> before {tag}: the document is rendered in quirks mode',
    spec: `${PARSING}#the-initial-insertion-mode`,
  },
  [TreeErrorCode.NonConformingDoctype]: {
    message: 'Obsolete or unknown DOCTYPE: use <!DOCTYPE html>',
    spec: `${PARSING}#the-initial-insertion-mode`,
  },
  [TreeErrorCode.UnexpectedDoctype]: {
    message: 'A DOCTYPE is only allowed at the start of the document: this one is ignored',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.UnexpectedStartTag]: {
    message: 'Unexpected {tag}: it is not allowed here and is ignored',
    spec: `${PARSING}#tree-construction`,
  },
  [TreeErrorCode.UnexpectedEndTag]: {
    message: 'Unexpected {tag}: it is not allowed here and is ignored',
    spec: `${PARSING}#tree-construction`,
  },
  [TreeErrorCode.StrayEndTag]: {
    message: 'Unexpected {tag}: no open <{name}> element',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.MisnestedEndTag]: {
    message: 'Unexpected {tag}: the open {open} cannot be closed from here, so the end tag is ignored',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.UnclosedElement]: {
    message: '{open} is not closed before {tag}',
    spec: `${PARSING}#generate-implied-end-tags`,
  },
  [TreeErrorCode.EofWithUnclosedElement]: {
    message: '{open} is not closed at the end of the file',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.MisnestedFormattingElement]: {
    message: '{tag} closes {open} while elements inside it are still open: they are split and the formatting is reopened',
    spec: `${PARSING}#adoption-agency-algorithm`,
  },
  [TreeErrorCode.NestedAnchor]: {
    message: '{tag} inside the open {open}: links cannot nest, so the open one is closed first',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.NestedNobr]: {
    message: '{tag} inside the open {open}: the open one is closed first',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.NestedHeading]: {
    message: '{tag} inside the open {open}: headings cannot nest, so the open one is closed first',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.NestedForm]: {
    message: '{tag} inside the open {open}: forms cannot nest, so this one is ignored',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.NestedButton]: {
    message: '{tag} inside the open {open}: buttons cannot nest, so the open one is closed first',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.NestedTable]: {
    message: '{tag} directly inside the open {open}: the open table is closed first',
    spec: `${PARSING}#parsing-main-intable`,
  },
  [TreeErrorCode.NestedSelect]: {
    message: '{tag} inside the open {open}: the open select is closed and this tag is ignored',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.NestedOption]: {
    message: '{tag} inside the open {open}, which has unclosed content',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.InputInSelect]: {
    message: '{tag} inside the open {open}: the select is closed first',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.MisplacedHtmlStartTag]: {
    message: 'Unexpected {tag}: its attributes are added to the root <html> element if missing there',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.MisplacedBodyStartTag]: {
    message: 'Unexpected {tag}: its attributes are added to the open <body> if missing there',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.MisplacedFramesetStartTag]: {
    message: 'Unexpected {tag}: a frameset cannot follow body content, so it is ignored',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.MisplacedHeadContent]: {
    message: '{tag} belongs in <head>: it is moved there',
    spec: `${PARSING}#the-after-head-insertion-mode`,
  },
  [TreeErrorCode.ContentInHeadNoscript]: {
    message: '{tag} is not allowed in <noscript> inside <head>: the noscript element is closed',
    spec: `${PARSING}#parsing-main-inheadnoscript`,
  },
  [TreeErrorCode.EndTagBr]: {
    message: '</br> is not a valid end tag: it is treated as <br>',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.StrayPEndTag]: {
    message: 'Unexpected </p>: no open <p> element, so an empty paragraph is inserted',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.ImageStartTag]: {
    message: '<image> is not an HTML element: it is treated as <img>',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.NullCharacterIgnored]: {
    message: 'A NULL character is not allowed here: it is ignored',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.UnexpectedText]: {
    message: 'Text is not allowed here: it is ignored',
    spec: `${PARSING}#parsing-main-inframeset`,
  },
  [TreeErrorCode.TextInTable]: {
    message: 'Text is not allowed directly inside a table: it is moved before the table',
    spec: `${PARSING}#parsing-main-intabletext`,
  },
  [TreeErrorCode.ContentInTable]: {
    message: '{tag} is not allowed directly inside a table: it is handled as if it came before the table',
    spec: `${PARSING}#parsing-main-intable`,
  },
  [TreeErrorCode.CellOutsideRow]: {
    message: '{tag} is not inside a <tr>: a row is implied',
    spec: `${PARSING}#parsing-main-intbody`,
  },
  [TreeErrorCode.ContentAfterBody]: {
    message: 'Content after the end of the body: it is moved into the body',
    spec: `${PARSING}#parsing-main-afterbody`,
  },
  [TreeErrorCode.MisplacedRubyAnnotation]: {
    message: '{tag} is not directly inside <ruby>',
    spec: `${PARSING}#parsing-main-inbody`,
  },
  [TreeErrorCode.HtmlStartTagInForeignContent]: {
    message: '{tag} is HTML, so it closes the open SVG or MathML content',
    spec: `${PARSING}#parsing-main-inforeign`,
  },
  [TreeErrorCode.InvalidXmlnsAttribute]: {
    message: 'This xmlns attribute does not match the element\'s namespace',
    spec: `${PARSING}#create-an-element-for-the-token`,
  },
  [TreeErrorCode.NonVoidHtmlElementStartTagWithTrailingSolidus]: {
    message: '{tag} is written with "/>" but is not a void element: the "/" is ignored and the element stays open until it is closed',
    spec: `${PARSING}#parse-error-non-void-html-element-start-tag-with-trailing-solidus`,
  },
};

/** True for a code in the table above. */
export function isTreeErrorCode(code: string): code is TreeErrorCode {
  return Object.prototype.hasOwnProperty.call(TREE_ERRORS, code);
}

/** `<name>` / `</name>` for the tag whose source starts at `start`, or '' when there is no tag there. */
function tagAt(input: SourceText, start: number): { tag: string; name: string } {
  const m = /^<(\/?)([A-Za-z][^\s/>]*)/.exec(input.slice(start, start + 64));
  if (m === null) return { tag: 'this content', name: '' };
  const name = m[2].toLowerCase();
  return { tag: `<${m[1]}${name}>`, name };
}

/**
 * The human message of a tree-construction error, or null for any other code.
 * `input` is the text that was parsed (it reads at most 64 characters at the
 * error and at its related location).
 */
export function treeErrorMessage(error: ParseError, input: SourceText): string | null {
  if (!isTreeErrorCode(error.code)) return null;
  const { tag, name } = error.start < input.length ? tagAt(input, error.start) : { tag: 'the end of the file', name: '' };
  let open = 'an element';
  if (error.related !== undefined) {
    const related = tagAt(input, error.related.start);
    if (related.name !== '') open = `<${related.name}>`;
  }
  return TREE_ERRORS[error.code].message.replace(/\{(tag|name|open)\}/g, (_m, key: string) =>
    key === 'tag' ? tag : key === 'name' ? name : open,
  );
}

/**
 * The description of a tree construction error (its message, the range worth
 * underlining, the related location explained, the rule that raises it), or
 * undefined for another code.
 */
export function describeTreeError(text: SourceText, error: ParseError): ParseErrorDescription | undefined {
  const message = treeErrorMessage(error, text);
  if (message === null || !isTreeErrorCode(error.code)) return undefined;
  const len = text.length;
  let start = Math.max(0, Math.min(error.start, len));
  let end = Math.max(start, Math.min(error.end, len));
  const related: ParseErrorDescription['related'] = [];
  const r = error.related;
  if (error.code === TreeErrorCode.EofWithUnclosedElement && r !== undefined) {
    // At the end of the file nothing is left to underline: the unclosed start tag is the place to fix.
    related.push({ start, end, message: 'The file ends here' });
    start = Math.max(0, Math.min(r.start, len));
    end = Math.max(start, Math.min(r.end, len));
  } else if (r !== undefined) {
    const name = tagAt(text, r.start).name;
    const open = name === '' ? 'the element' : `<${name}>`;
    related.push({ start: Math.max(0, Math.min(r.start, len)), end: Math.max(0, Math.min(r.end, len)), message: `The open ${open} starts here` });
  }
  if (end === start && start === len && len > 0) start = len - 1;
  return { start, end, message, related, href: TREE_ERRORS[error.code].spec };
}
