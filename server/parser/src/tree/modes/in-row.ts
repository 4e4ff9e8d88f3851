/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intr
 */
import type { EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';
import { endTagNotInScope } from './in-body';

export function inRowMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  if (token.type === 'startTag') return startTagInRow(tb, token, id);
  if (token.type === 'endTag') return endTagInRow(tb, token, id);
  // "Anything else: Process the token using the rules for the "in table" insertion mode."
  return useRulesFor(tb, InsertionMode.InTable, token, id);
}

/**
 * "If the stack of open elements does not have a tr element in table scope,
 * this is a parse error; ignore the token. Otherwise: Clear the stack back to
 * a table row context. Pop the current node (which will be a tr element) from
 * the stack of open elements. Switch the insertion mode to "in table body"."
 * Returns false when the token is ignored.
 */
function closeTheRow(tb: TreeBuilder, token: StartTagToken | EndTagToken): boolean {
  const stack = tb.openElements;
  if (!stack.hasInTableScope(TagId.Tr)) {
    if (token.type === 'endTag' && token.name === 'tr') endTagNotInScope(tb, token, TagId.Tr);
    else tb.tokenError(token.type === 'endTag' ? TreeErrorCode.UnexpectedEndTag : TreeErrorCode.UnexpectedStartTag, token);
    return false;
  }
  stack.clearBackToTableRowContext();
  if (token.type === 'endTag' && token.name === 'tr') tb.setEndTag(stack.current, token);
  stack.pop();
  tb.insertionMode = InsertionMode.InTableBody;
  return true;
}

function startTagInRow(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  switch (id) {
    // "A start tag whose tag name is one of: "th", "td""
    case TagId.Th:
    case TagId.Td:
      // "Clear the stack back to a table row context."
      tb.openElements.clearBackToTableRowContext();
      // "Insert an HTML element for the token, then switch the insertion mode to "in cell"."
      tb.insertAnHtmlElement(token);
      tb.insertionMode = InsertionMode.InCell;
      // "Insert a marker at the end of the list of active formatting elements."
      tb.activeFormattingElements.insertMarker();
      return DONE;
    // "A start tag whose tag name is one of: "caption", "col", "colgroup", "tbody", "tfoot", "thead", "tr""
    case TagId.Caption:
    case TagId.Col:
    case TagId.Colgroup:
    case TagId.Tbody:
    case TagId.Tfoot:
    case TagId.Thead:
    case TagId.Tr:
      // "Reprocess the token."
      return closeTheRow(tb, token);
  }
  return useRulesFor(tb, InsertionMode.InTable, token, id);
}

function endTagInRow(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  const stack = tb.openElements;
  switch (id) {
    // "An end tag whose tag name is "tr""
    case TagId.Tr:
      closeTheRow(tb, token);
      return DONE;
    // "An end tag whose tag name is "table""
    case TagId.Table:
      // "Reprocess the token."
      return closeTheRow(tb, token);
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
      // "If the stack of open elements does not have a tr element in table scope, ignore the token."
      if (!stack.hasInTableScope(TagId.Tr)) return DONE;
      // "Otherwise: [close the row]. Reprocess the token."
      return closeTheRow(tb, token);
    // "An end tag whose tag name is one of: "body", "caption", "col",
    // "colgroup", "html", "td", "th"": "Parse error. Ignore the token."
    case TagId.Body:
    case TagId.Caption:
    case TagId.Col:
    case TagId.Colgroup:
    case TagId.Html:
    case TagId.Td:
    case TagId.Th:
      tb.tokenError(TreeErrorCode.UnexpectedEndTag, token);
      return DONE;
  }
  return useRulesFor(tb, InsertionMode.InTable, token, id);
}
