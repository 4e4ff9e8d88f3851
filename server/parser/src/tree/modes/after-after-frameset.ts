/**
 * https://html.spec.whatwg.org/multipage/parsing.html#the-after-after-frameset-insertion-mode
 */
import { useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';
import { insertWhitespaceIgnoreOthers } from './in-frameset';

export function afterAfterFramesetMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    // "A comment token: Insert a comment as the last child of the Document object."
    case 'comment':
      tb.insertAComment(token, tb.document);
      return DONE;
    // "A processing instruction token: Insert a processing instruction as the last child of the Document object." (whatwg/html 320c05f6)
    case 'processingInstruction':
      tb.insertAProcessingInstruction(token, tb.document);
      return DONE;
    // "A DOCTYPE token", "A character token that is one of [ASCII
    // whitespace]", "A start tag whose tag name is "html"": "Process the token
    // using the rules for the "in body" insertion mode."
    case 'doctype':
      return useRulesFor(tb, InsertionMode.InBody, token, id);
    case 'characters':
      // (Whitespace goes to the "in body" rules; each other character is "anything else".)
      return insertWhitespaceIgnoreOthers(tb, token, true);
    case 'startTag':
      if (id === TagId.Html) return useRulesFor(tb, InsertionMode.InBody, token, id);
      // "A start tag whose tag name is "noframes": Process the token using the rules for the "in head" insertion mode."
      if (id === TagId.Noframes) return useRulesFor(tb, InsertionMode.InHead, token, id);
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

