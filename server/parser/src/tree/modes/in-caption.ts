/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incaption
 */
import type { EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { switchAndReprocess, useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';
import { endTagNotInScope, popUntilClosedBy } from './in-body';

export function inCaptionMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  if (token.type === 'startTag') return startTagInCaption(tb, token, id);
  if (token.type === 'endTag') return endTagInCaption(tb, token, id);
  // "Anything else: Process the token using the rules for the "in body" insertion mode."
  return useRulesFor(tb, InsertionMode.InBody, token, id);
}

/**
 * The steps shared by the caption end tag and the tokens that close the
 * caption: returns false when there is no caption in table scope (the token
 * is then ignored, with a parse error).
 */
function closeTheCaption(tb: TreeBuilder, token: StartTagToken | EndTagToken): boolean {
  const stack = tb.openElements;
  // "If the stack of open elements does not have a caption element in table
  // scope, this is a parse error; ignore the token. (fragment case)"
  if (!stack.hasInTableScope(TagId.Caption)) {
    if (token.type === 'endTag' && token.name === 'caption') endTagNotInScope(tb, token, TagId.Caption);
    else tb.tokenError(token.type === 'endTag' ? TreeErrorCode.UnexpectedEndTag : TreeErrorCode.UnexpectedStartTag, token);
    return false;
  }
  // "Otherwise: Generate implied end tags."
  stack.generateImpliedEndTags();
  // "Now, if the current node is not a caption element, then this is a parse error."
  tb.expectCurrentNode(TagId.Caption, token);
  // "Pop elements from this stack until a caption element has been popped from the stack."
  if (token.type === 'endTag' && token.name === 'caption') popUntilClosedBy(tb, TagId.Caption, token);
  else stack.popUntilKeyPopped(TagId.Caption);
  // "Clear the list of active formatting elements up to the last marker."
  tb.activeFormattingElements.clearToLastMarker();
  return true;
}

function startTagInCaption(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  switch (id) {
    // "A start tag whose tag name is one of: "caption", "col", "colgroup",
    // "tbody", "td", "tfoot", "th", "thead", "tr""
    case TagId.Caption:
    case TagId.Col:
    case TagId.Colgroup:
    case TagId.Tbody:
    case TagId.Td:
    case TagId.Tfoot:
    case TagId.Th:
    case TagId.Thead:
    case TagId.Tr:
      if (!closeTheCaption(tb, token)) return DONE;
      // "Switch the insertion mode to "in table"." "Reprocess the token."
      return switchAndReprocess(tb, InsertionMode.InTable);
  }
  return useRulesFor(tb, InsertionMode.InBody, token, id);
}

function endTagInCaption(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  switch (id) {
    // "An end tag whose tag name is "caption""
    case TagId.Caption:
      if (!closeTheCaption(tb, token)) return DONE;
      // "Switch the insertion mode to "in table"."
      tb.insertionMode = InsertionMode.InTable;
      return DONE;
    // "An end tag whose tag name is "table""
    case TagId.Table:
      if (!closeTheCaption(tb, token)) return DONE;
      // "Switch the insertion mode to "in table"." "Reprocess the token."
      return switchAndReprocess(tb, InsertionMode.InTable);
    // "An end tag whose tag name is one of: "body", "col", "colgroup", "html",
    // "tbody", "td", "tfoot", "th", "thead", "tr"": "Parse error. Ignore the token."
    case TagId.Body:
    case TagId.Col:
    case TagId.Colgroup:
    case TagId.Html:
    case TagId.Tbody:
    case TagId.Td:
    case TagId.Tfoot:
    case TagId.Th:
    case TagId.Thead:
    case TagId.Tr:
      tb.tokenError(TreeErrorCode.UnexpectedEndTag, token);
      return DONE;
  }
  return useRulesFor(tb, InsertionMode.InBody, token, id);
}
