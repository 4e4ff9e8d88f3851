/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intd
 */
import type { EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { CELLS } from '../tag-sets';
import { DONE, REPROCESS, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';
import { endTagNotInScope, popUntilClosedBy } from './in-body';

export function inCellMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  if (token.type === 'startTag') return startTagInCell(tb, token, id);
  if (token.type === 'endTag') return endTagInCell(tb, token, id);
  // "Anything else: Process the token using the rules for the "in body" insertion mode."
  return useRulesFor(tb, InsertionMode.InBody, token, id);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#close-the-cell */
function closeTheCell(tb: TreeBuilder, token: StartTagToken | EndTagToken): void {
  const stack = tb.openElements;
  // Step 1. "Generate implied end tags."
  stack.generateImpliedEndTags();
  // Step 2. "If the current node is not now a td element or a th element, then this is a parse error."
  if (CELLS[stack.currentKey] !== 1) tb.tokenError(TreeErrorCode.UnclosedElement, token, stack.current);
  // Step 3. "Pop elements from the stack of open elements until a td element or a th element has been popped from the stack."
  stack.popUntilOneOfPopped(CELLS);
  // Step 4. "Clear the list of active formatting elements up to the last marker."
  tb.activeFormattingElements.clearToLastMarker();
  // Step 5. "Switch the insertion mode to "in row"."
  tb.insertionMode = InsertionMode.InRow;
}

function startTagInCell(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
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
      // "Assert: The stack of open elements has a td or th element in table scope."
      // (In the fragment case it may not: then it is a parse error and the token is ignored.)
      if (!tb.openElements.hasCellInTableScope()) {
        tb.tokenError(TreeErrorCode.UnexpectedStartTag, token);
        return DONE;
      }
      // "Close the cell (see below) and reprocess the token."
      closeTheCell(tb, token);
      return REPROCESS;
  }
  return useRulesFor(tb, InsertionMode.InBody, token, id);
}

function endTagInCell(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  const stack = tb.openElements;
  switch (id) {
    // "An end tag whose tag name is one of: "td", "th""
    case TagId.Td:
    case TagId.Th:
      // "If the stack of open elements does not have an element in table scope
      // that is an HTML element with the same tag name as that of the token,
      // then this is a parse error; ignore the token."
      if (!stack.hasInTableScope(id)) {
        endTagNotInScope(tb, token, id);
        return DONE;
      }
      // Step 1. "Generate implied end tags."
      stack.generateImpliedEndTags();
      // Step 2. "Now, if the current node is not an HTML element with the same tag name as the token, then this is a parse error."
      tb.expectCurrentNode(id, token);
      // Step 3. "Pop elements from the stack of open elements until an HTML
      // element with the same tag name as the token has been popped from the stack."
      popUntilClosedBy(tb, id, token);
      // Step 4. "Clear the list of active formatting elements up to the last marker."
      tb.activeFormattingElements.clearToLastMarker();
      // Step 5. "Switch the insertion mode to "in row"."
      tb.insertionMode = InsertionMode.InRow;
      return DONE;
    // "An end tag whose tag name is one of: "body", "caption", "col",
    // "colgroup", "html"": "Parse error. Ignore the token."
    case TagId.Body:
    case TagId.Caption:
    case TagId.Col:
    case TagId.Colgroup:
    case TagId.Html:
      tb.tokenError(TreeErrorCode.UnexpectedEndTag, token);
      return DONE;
    // "An end tag whose tag name is one of: "table", "tbody", "tfoot", "thead", "tr""
    case TagId.Table:
    case TagId.Tbody:
    case TagId.Tfoot:
    case TagId.Thead:
    case TagId.Tr:
      // "If the stack of open elements does not have an element in table scope
      // that is an HTML element with the same tag name as that of the token,
      // then this is a parse error; ignore the token."
      if (!stack.hasInTableScope(id)) {
        endTagNotInScope(tb, token, id);
        return DONE;
      }
      // "Otherwise, close the cell (see below) and reprocess the token."
      closeTheCell(tb, token);
      return REPROCESS;
  }
  return useRulesFor(tb, InsertionMode.InBody, token, id);
}
