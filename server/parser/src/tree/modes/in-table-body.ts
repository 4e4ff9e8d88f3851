/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intbody
 */
import type { EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { switchAndReprocess, useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';
import { endTagNotInScope } from './in-body';

export function inTableBodyMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  if (token.type === 'startTag') return startTagInTableBody(tb, token, id);
  if (token.type === 'endTag') return endTagInTableBody(tb, token, id);
  // "Anything else: Process the token using the rules for the "in table" insertion mode."
  return useRulesFor(tb, InsertionMode.InTable, token, id);
}

/**
 * The steps shared by the tokens that close the table section: "If the stack
 * of open elements does not have a tbody, thead, or tfoot element in table
 * scope, this is a parse error; ignore the token. Otherwise: Clear the stack
 * back to a table body context. Pop the current node from the stack of open
 * elements. Switch the insertion mode to "in table". Reprocess the token."
 */
function closeTheTableSection(tb: TreeBuilder, token: StartTagToken | EndTagToken): Step {
  const stack = tb.openElements;
  if (!stack.hasInTableScope(TagId.Tbody) && !stack.hasInTableScope(TagId.Thead) && !stack.hasInTableScope(TagId.Tfoot)) {
    tb.tokenError(token.type === 'endTag' ? TreeErrorCode.UnexpectedEndTag : TreeErrorCode.UnexpectedStartTag, token);
    return DONE;
  }
  stack.clearBackToTableBodyContext();
  stack.pop();
  return switchAndReprocess(tb, InsertionMode.InTable);
}

function startTagInTableBody(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  const stack = tb.openElements;
  switch (id) {
    // "A start tag whose tag name is "tr": Clear the stack back to a table body
    // context. Insert an HTML element for the token, then switch the insertion mode to "in row"."
    case TagId.Tr:
      stack.clearBackToTableBodyContext();
      tb.insertAnHtmlElement(token);
      tb.insertionMode = InsertionMode.InRow;
      return DONE;
    // "A start tag whose tag name is one of: "th", "td""
    case TagId.Th:
    case TagId.Td:
      // "Parse error."
      tb.tokenError(TreeErrorCode.CellOutsideRow, token);
      // "Clear the stack back to a table body context."
      stack.clearBackToTableBodyContext();
      // "Insert an HTML element for a "tr" start tag token with no attributes,
      // then switch the insertion mode to "in row"." "Reprocess the current token."
      tb.insertAnImpliedHtmlElement(TagId.Tr);
      return switchAndReprocess(tb, InsertionMode.InRow);
    // "A start tag whose tag name is one of: "caption", "col", "colgroup", "tbody", "tfoot", "thead""
    case TagId.Caption:
    case TagId.Col:
    case TagId.Colgroup:
    case TagId.Tbody:
    case TagId.Tfoot:
    case TagId.Thead:
      return closeTheTableSection(tb, token);
  }
  return useRulesFor(tb, InsertionMode.InTable, token, id);
}

function endTagInTableBody(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  const stack = tb.openElements;
  switch (id) {
    // "An end tag whose tag name is one of: "tbody", "tfoot", "thead""
    case TagId.Tbody:
    case TagId.Tfoot:
    case TagId.Thead:
      // "If the stack of open elements does not have an element in table scope
      // that is an HTML element with the same tag name as the token, this is a
      // parse error; ignore the token."
      if (!stack.hasInTableScope(id)) {
        endTagNotInScope(tb, token, id);
        return DONE;
      }
      // "Otherwise: Clear the stack back to a table body context. Pop the
      // current node from the stack of open elements. Switch the insertion mode to "in table"."
      stack.clearBackToTableBodyContext();
      tb.setEndTag(stack.current, token);
      stack.pop();
      tb.insertionMode = InsertionMode.InTable;
      return DONE;
    // "An end tag whose tag name is "table""
    case TagId.Table:
      return closeTheTableSection(tb, token);
    // "An end tag whose tag name is one of: "body", "caption", "col",
    // "colgroup", "html", "td", "th", "tr"": "Parse error. Ignore the token."
    case TagId.Body:
    case TagId.Caption:
    case TagId.Col:
    case TagId.Colgroup:
    case TagId.Html:
    case TagId.Td:
    case TagId.Th:
    case TagId.Tr:
      tb.tokenError(TreeErrorCode.UnexpectedEndTag, token);
      return DONE;
  }
  return useRulesFor(tb, InsertionMode.InTable, token, id);
}
