/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intable
 */
import type { CharactersToken, EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { switchAndReprocess, useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, NO_PENDING_CHARACTERS, REPROCESS, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { resetTheInsertionModeAppropriately } from '../reset-the-insertion-mode';
import { TreeErrorCode } from '../tree-error-codes';
import { endTagNotInScope, isTypeHidden, popUntilClosedBy } from './in-body';

export function inTableMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    case 'characters':
      return characterInTable(tb, token, id);
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
      return startTagInTable(tb, token, id);
    case 'endTag':
      return endTagInTable(tb, token, id);
    // "An end-of-file token: Process the token using the rules for the "in body" insertion mode."
    case 'eof':
      return useRulesFor(tb, InsertionMode.InBody, token, id);
  }
}

/**
 * "A character token, if the current node is table, tbody, template, tfoot,
 * thead, or tr element"
 */
function characterInTable(tb: TreeBuilder, token: CharactersToken, id: TagId): Step {
  switch (tb.openElements.currentKey) {
    case TagId.Table:
    case TagId.Tbody:
    case TagId.Template:
    case TagId.Tfoot:
    case TagId.Thead:
    case TagId.Tr:
      // Step 1. "Let the pending table character tokens be an empty list of tokens."
      tb.pendingTableCharacterTokens = NO_PENDING_CHARACTERS;
      // Step 2. "Set the original insertion mode to the current insertion mode."
      tb.originalInsertionMode = tb.insertionMode;
      // Step 3. "Switch the insertion mode to "in table text" and reprocess the token."
      return switchAndReprocess(tb, InsertionMode.InTableText);
  }
  return anythingElseInTable(tb, token, id);
}

function startTagInTable(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  const stack = tb.openElements;
  switch (id) {
    // "A start tag whose tag name is "caption""
    case TagId.Caption:
      // "Clear the stack back to a table context."
      stack.clearBackToTableContext();
      // "Insert a marker at the end of the list of active formatting elements."
      tb.activeFormattingElements.insertMarker();
      // "Insert an HTML element for the token, then switch the insertion mode to "in caption"."
      tb.insertAnHtmlElement(token);
      tb.insertionMode = InsertionMode.InCaption;
      return DONE;
    // "A start tag whose tag name is "colgroup""
    case TagId.Colgroup:
      // "Clear the stack back to a table context."
      stack.clearBackToTableContext();
      // "Insert an HTML element for the token, then switch the insertion mode to "in column group"."
      tb.insertAnHtmlElement(token);
      tb.insertionMode = InsertionMode.InColumnGroup;
      return DONE;
    // "A start tag whose tag name is "col""
    case TagId.Col:
      // "Clear the stack back to a table context."
      stack.clearBackToTableContext();
      // "Insert an HTML element for a "colgroup" start tag token with no attributes,
      // then switch the insertion mode to "in column group"." "Reprocess the current token."
      tb.insertAnImpliedHtmlElement(TagId.Colgroup);
      return switchAndReprocess(tb, InsertionMode.InColumnGroup);
    // "A start tag whose tag name is one of: "tbody", "tfoot", "thead""
    case TagId.Tbody:
    case TagId.Tfoot:
    case TagId.Thead:
      // "Clear the stack back to a table context."
      stack.clearBackToTableContext();
      // "Insert an HTML element for the token, then switch the insertion mode to "in table body"."
      tb.insertAnHtmlElement(token);
      tb.insertionMode = InsertionMode.InTableBody;
      return DONE;
    // "A start tag whose tag name is one of: "td", "th", "tr""
    case TagId.Td:
    case TagId.Th:
    case TagId.Tr:
      // "Clear the stack back to a table context."
      stack.clearBackToTableContext();
      // "Insert an HTML element for a "tbody" start tag token with no
      // attributes, then switch the insertion mode to "in table body"." "Reprocess the current token."
      tb.insertAnImpliedHtmlElement(TagId.Tbody);
      return switchAndReprocess(tb, InsertionMode.InTableBody);
    // "A start tag whose tag name is "table""
    case TagId.Table: {
      // "Parse error."
      const open = stack.lastIndexOfKey(TagId.Table);
      tb.tokenError(TreeErrorCode.NestedTable, token, open >= 0 ? stack.elements[open] : null);
      // "If the stack of open elements does not have a table element in table scope, ignore the token."
      if (!stack.hasInTableScope(TagId.Table)) return DONE;
      // "Otherwise: Pop elements from this stack until a table element has been popped from the stack."
      stack.popUntilKeyPopped(TagId.Table);
      // "Reset the insertion mode appropriately." "Reprocess the token."
      resetTheInsertionModeAppropriately(tb);
      return REPROCESS;
    }
    // "A start tag whose tag name is one of: "style", "script", "template"":
    // "Process the token using the rules for the "in head" insertion mode."
    case TagId.Style:
    case TagId.Script:
    case TagId.Template:
      return useRulesFor(tb, InsertionMode.InHead, token, id);
    // "A start tag whose tag name is "input""
    case TagId.Input:
      // "If the token does not have an attribute with the name "type", or if it
      // does, but that attribute's value is not an ASCII case-insensitive match
      // for the string "hidden", then: act as described in the "anything else" entry below."
      if (!isTypeHidden(token)) break;
      // "Otherwise: Parse error."
      tb.tokenError(TreeErrorCode.ContentInTable, token);
      // "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      // "Pop that input element off the stack of open elements."
      stack.pop();
      // "Acknowledge the token's self-closing flag, if it is set."
      tb.selfClosingFlagAcknowledged = true;
      return DONE;
    // "A start tag whose tag name is "form""
    case TagId.Form:
      // "Parse error."
      tb.tokenError(TreeErrorCode.ContentInTable, token);
      // whatwg/html#12911: "If the form element pointer is not null and the
      // parser is not parsing template contents, ignore the token." (It read
      // "If there is a template element on the stack of open elements, or if
      // the form element pointer is not null": template contents dropped the form.)
      const inTemplateContents = tb.parsingTemplateContents();
      if (tb.formElement !== null && !inTemplateContents) return DONE;
      // "Otherwise: Insert an HTML element for the token, and, if the parser is
      // not parsing template contents, set the form element pointer to point to
      // the element created."
      const form = tb.insertAnHtmlElement(token);
      if (!inTemplateContents) tb.formElement = form;
      // "Pop that form element off the stack of open elements."
      stack.pop();
      return DONE;
  }
  return anythingElseInTable(tb, token, id);
}

function endTagInTable(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  const stack = tb.openElements;
  switch (id) {
    // "An end tag whose tag name is "table""
    case TagId.Table:
      // "If the stack of open elements does not have a table element in table
      // scope, this is a parse error; ignore the token."
      if (!stack.hasInTableScope(TagId.Table)) {
        endTagNotInScope(tb, token, TagId.Table);
        return DONE;
      }
      // "Otherwise: Pop elements from this stack until a table element has been popped from the stack."
      popUntilClosedBy(tb, TagId.Table, token);
      // "Reset the insertion mode appropriately."
      resetTheInsertionModeAppropriately(tb);
      return DONE;
    // "An end tag whose tag name is one of: "body", "caption", "col",
    // "colgroup", "html", "tbody", "td", "tfoot", "th", "thead", "tr"":
    // "Parse error. Ignore the token."
    case TagId.Body:
    case TagId.Caption:
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
    // "An end tag whose tag name is "template": Process the token using the rules for the "in head" insertion mode."
    case TagId.Template:
      return useRulesFor(tb, InsertionMode.InHead, token, id);
  }
  return anythingElseInTable(tb, token, id);
}

/**
 * Raises one parse error per character of a characters token (the spec
 * processes character tokens one at a time), each on that character's source.
 */
function errorPerCharacter(tb: TreeBuilder, code: TreeErrorCode, token: CharactersToken): void {
  const data = token.data;
  const input = tb.input;
  // A character reference maps as a whole to its source.
  const isReference = token.end - token.start !== data.length && input.charCodeAt(token.start) === 0x26 && data.indexOf('\n') < 0;
  let s = token.start;
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    // A surrogate pair is one character.
    const width = c >= 0xd800 && c <= 0xdbff && i + 1 < data.length && (data.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    if (isReference) {
      tb.error(code, token.start, token.end);
    } else {
      let sourceWidth = width;
      if (c === 0x0a && input.charCodeAt(s) === 0x0d) sourceWidth = input.charCodeAt(s + 1) === 0x0a ? 2 : 1;
      tb.error(code, s, s + sourceWidth);
      s += sourceWidth;
    }
    i += width - 1;
  }
}

/** "Anything else" */
export function anythingElseInTable(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  // "Parse error."
  if (token.type === 'characters') errorPerCharacter(tb, TreeErrorCode.TextInTable, token);
  else tb.tokenError(TreeErrorCode.ContentInTable, token);
  // "Enable foster parenting, process the token using the rules for the "in
  // body" insertion mode, and then disable foster parenting."
  tb.fosterParenting = true;
  const step = useRulesFor(tb, InsertionMode.InBody, token, id);
  tb.fosterParenting = false;
  return step;
}
