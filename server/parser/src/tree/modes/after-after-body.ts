/**
 * https://html.spec.whatwg.org/multipage/parsing.html#the-after-after-body-insertion-mode
 */
import { switchAndReprocess, useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';
import { leadingWhitespaceInBody } from './after-body';

export function afterAfterBodyMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
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
      if (!leadingWhitespaceInBody(tb, token)) return DONE;
      break;
    case 'startTag':
      if (id === TagId.Html) return useRulesFor(tb, InsertionMode.InBody, token, id);
      break;
    // "An end-of-file token: Stop parsing."
    case 'eof':
      tb.stopParsing();
      return DONE;
  }
  // "Anything else: Parse error. Switch the insertion mode to "in body" and reprocess the token."
  tb.error(TreeErrorCode.ContentAfterBody, token.start, token.type === 'characters' ? token.start + 1 : token.end);
  return switchAndReprocess(tb, InsertionMode.InBody);
}
