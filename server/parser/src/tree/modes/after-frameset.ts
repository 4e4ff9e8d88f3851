/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-afterframeset
 */
import { useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';
import { insertWhitespaceIgnoreOthers } from './in-frameset';

export function afterFramesetMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    // "A character token that is one of [ASCII whitespace]: Insert the character."
    case 'characters':
      return insertWhitespaceIgnoreOthers(tb, token);
    // "A comment token: Insert a comment."
    case 'comment':
      tb.insertAComment(token);
      return DONE;
    // "A processing instruction token: Insert a processing instruction." (whatwg/html 320c05f6)
    case 'processingInstruction':
      tb.insertAProcessingInstruction(token);
      return DONE;
    // "A DOCTYPE token: Parse error. Ignore the token."
    case 'doctype':
      tb.tokenError(TreeErrorCode.UnexpectedDoctype, token);
      return DONE;
    case 'startTag':
      // "A start tag whose tag name is "html": Process the token using the rules for the "in body" insertion mode."
      if (id === TagId.Html) return useRulesFor(tb, InsertionMode.InBody, token, id);
      // "A start tag whose tag name is "noframes": Process the token using the rules for the "in head" insertion mode."
      if (id === TagId.Noframes) return useRulesFor(tb, InsertionMode.InHead, token, id);
      break;
    case 'endTag':
      // "An end tag whose tag name is "html": Switch the insertion mode to "after after frameset"."
      if (id === TagId.Html) {
        tb.setEndTag(tb.openElements.elements[0], token);
        tb.insertionMode = InsertionMode.AfterAfterFrameset;
        return DONE;
      }
      break;
    // "An end-of-file token: Stop parsing."
    case 'eof':
      tb.stopParsing();
      return DONE;
  }
  // "Anything else: Parse error. Ignore the token."
  tb.tokenError(token.type === 'endTag' ? TreeErrorCode.UnexpectedEndTag : TreeErrorCode.UnexpectedStartTag, token);
  return DONE;
}
