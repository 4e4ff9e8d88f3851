/**
 * https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode
 */
import { createDocumentType } from '../../dom';
import { ownString } from '../own-string';
import type { CharactersToken, CommentToken, DoctypeToken, ProcessingInstructionToken } from '../../tokenizer/tokens';
import { switchAndReprocess } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { documentModeForDoctype, isNonConformingDoctype } from '../quirks';
import type { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';

export function initialMode(tb: TreeBuilder, token: TreeToken, _id: TagId): Step {
  switch (token.type) {
    case 'characters':
      return characterInInitial(tb, token);
    case 'comment':
      return commentInInitial(tb, token);
    case 'processingInstruction':
      return processingInstructionInInitial(tb, token);
    case 'doctype':
      return doctypeInInitial(tb, token);
    default:
      return anythingElseInInitial(tb, token);
  }
}

/**
 * "A character token that is one of U+0009 CHARACTER TABULATION, U+000A LINE
 * FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or U+0020
 * SPACE: Ignore the token."
 */
function characterInInitial(tb: TreeBuilder, token: CharactersToken): Step {
  if (!tb.takeLeadingWhitespace(token, false)) return DONE;
  return anythingElseInInitial(tb, token);
}

/** "A comment token: Insert a comment as the last child of the Document object." */
function commentInInitial(tb: TreeBuilder, token: CommentToken): Step {
  tb.insertAComment(token, tb.document);
  return DONE;
}

/**
 * "A processing instruction token: Insert a processing instruction as the last
 * child of the Document object." (whatwg/html 320c05f6)
 */
function processingInstructionInInitial(tb: TreeBuilder, token: ProcessingInstructionToken): Step {
  tb.insertAProcessingInstruction(token, tb.document);
  return DONE;
}

/** "A DOCTYPE token" */
function doctypeInInitial(tb: TreeBuilder, token: DoctypeToken): Step {
  // "If the DOCTYPE token's name is not "html", or the token's public
  // identifier is not missing, or the token's system identifier is neither
  // missing nor "about:legacy-compat", then there is a parse error."
  if (isNonConformingDoctype(token)) tb.tokenError(TreeErrorCode.NonConformingDoctype, token);
  // "Append a DocumentType node to the Document node, with its name set to the
  // name given in the DOCTYPE token, or the empty string if the name was
  // missing; its public ID set to the public identifier given in the DOCTYPE
  // token, or the empty string if the public identifier was missing; and its
  // system ID set to the system identifier given in the DOCTYPE token, or the
  // empty string if the system identifier was missing."
  const own = tb.ownStrings ? ownString : (s: string): string => s;
  const doctype = createDocumentType(own(token.name ?? ''), own(token.publicId ?? ''), own(token.systemId ?? ''), token.start, token.end, tb.span);
  tb.insertNode(tb.document, doctype, null);
  // "Then, if the document is not an iframe srcdoc document, and the parser
  // cannot change the mode flag is false, and the DOCTYPE token matches one of
  // the conditions in the following list, then set the Document to quirks
  // mode: [...] Otherwise, [...] limited-quirks mode".
  tb.document.mode = documentModeForDoctype(token);
  // "Then, switch the insertion mode to "before html"."
  tb.insertionMode = InsertionMode.BeforeHtml;
  return DONE;
}

/** "Anything else" */
function anythingElseInInitial(tb: TreeBuilder, token: TreeToken): Step {
  // "If the document is not an iframe srcdoc document, then this is a parse
  // error; if the parser cannot change the mode flag is false, set the
  // Document to quirks mode."
  tb.error(TreeErrorCode.MissingDoctype, token.start, token.type === 'characters' ? token.start + 1 : token.end);
  tb.document.mode = 'quirks';
  // "In any case, switch the insertion mode to "before html", then reprocess the token."
  return switchAndReprocess(tb, InsertionMode.BeforeHtml);
}
