/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intemplate
 */
import type { EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import type { EofToken } from '../../tokenizer/tokenizer';
import { useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, REPROCESS, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { resetTheInsertionModeAppropriately } from '../reset-the-insertion-mode';
import { TreeErrorCode } from '../tree-error-codes';

export function inTemplateMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    // "A character token", "A comment token", "A DOCTYPE token":
    // "Process the token using the rules for the "in body" insertion mode."
    case 'characters':
    case 'comment':
    // A processing instruction token goes the same way (whatwg/html#12653).
    case 'processingInstruction':
    case 'doctype':
      return useRulesFor(tb, InsertionMode.InBody, token, id);
    case 'startTag':
      return startTagInTemplate(tb, token, id);
    case 'endTag':
      return endTagInTemplate(tb, token, id);
    case 'eof':
      return eofInTemplate(tb, token);
  }
}

/**
 * "Pop the current template insertion mode off the stack of template
 * insertion modes. Push m onto the stack of template insertion modes so that
 * it is the new current template insertion mode. Switch the insertion mode to
 * m, and reprocess the token."
 */
function switchTemplateMode(tb: TreeBuilder, mode: InsertionMode): Step {
  const modes = tb.templateInsertionModes;
  modes.pop();
  modes.push(mode);
  tb.insertionMode = mode;
  return REPROCESS;
}

function startTagInTemplate(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  switch (id) {
    // "A start tag whose tag name is one of: "base", "basefont", "bgsound",
    // "link", "meta", "noframes", "script", "style", "template", "title"":
    // "Process the token using the rules for the "in head" insertion mode."
    case TagId.Base:
    case TagId.Basefont:
    case TagId.Bgsound:
    case TagId.Link:
    case TagId.Meta:
    case TagId.Noframes:
    case TagId.Script:
    case TagId.Style:
    case TagId.Template:
    case TagId.Title:
      return useRulesFor(tb, InsertionMode.InHead, token, id);
    // "A start tag whose tag name is one of: "caption", "colgroup", "tbody", "tfoot", "thead""
    case TagId.Caption:
    case TagId.Colgroup:
    case TagId.Tbody:
    case TagId.Tfoot:
    case TagId.Thead:
      return switchTemplateMode(tb, InsertionMode.InTable);
    // "A start tag whose tag name is "col""
    case TagId.Col:
      return switchTemplateMode(tb, InsertionMode.InColumnGroup);
    // "A start tag whose tag name is "tr""
    case TagId.Tr:
      return switchTemplateMode(tb, InsertionMode.InTableBody);
    // "A start tag whose tag name is one of: "td", "th""
    case TagId.Td:
    case TagId.Th:
      return switchTemplateMode(tb, InsertionMode.InRow);
  }
  // "Any other start tag"
  return switchTemplateMode(tb, InsertionMode.InBody);
}

function endTagInTemplate(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  // "An end tag whose tag name is "template": Process the token using the rules for the "in head" insertion mode."
  if (id === TagId.Template) return useRulesFor(tb, InsertionMode.InHead, token, id);
  // "Any other end tag: Parse error. Ignore the token."
  tb.tokenError(TreeErrorCode.UnexpectedEndTag, token);
  return DONE;
}

/** "An end-of-file token" */
function eofInTemplate(tb: TreeBuilder, token: EofToken): Step {
  const stack = tb.openElements;
  // "If there is no template element on the stack of open elements, then stop parsing. (fragment case)"
  if (!tb.hasTemplateOnStack()) {
    tb.stopParsing();
    return DONE;
  }
  // "Otherwise, this is a parse error."
  tb.tokenError(TreeErrorCode.EofWithUnclosedElement, token, stack.elements[stack.lastIndexOfKey(TagId.Template)]);
  // "Pop elements from the stack of open elements until a template element has been popped from the stack."
  stack.popUntilKeyPopped(TagId.Template);
  // "Clear the list of active formatting elements up to the last marker."
  tb.activeFormattingElements.clearToLastMarker();
  // "Pop the current template insertion mode off the stack of template insertion modes."
  tb.templateInsertionModes.pop();
  // "Reset the insertion mode appropriately."
  resetTheInsertionModeAppropriately(tb);
  // "Reprocess the token."
  return REPROCESS;
}
