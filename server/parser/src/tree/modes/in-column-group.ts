/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incolgroup
 */
import type { CharactersToken, EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { switchAndReprocess, useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';
import { insertWhitespaceIgnoreOthers } from './in-frameset';

export function inColumnGroupMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    case 'characters':
      return characterInColumnGroup(tb, token, id);
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
      return startTagInColumnGroup(tb, token, id);
    case 'endTag':
      return endTagInColumnGroup(tb, token, id);
    // "An end-of-file token: Process the token using the rules for the "in body" insertion mode."
    case 'eof':
      return useRulesFor(tb, InsertionMode.InBody, token, id);
  }
}

/** "A character token that is one of [ASCII whitespace]: Insert the character." */
function characterInColumnGroup(tb: TreeBuilder, token: CharactersToken, id: TagId): Step {
  if (!tb.takeLeadingWhitespace(token, true)) return DONE;
  return anythingElseInColumnGroup(tb, token, id);
}

function startTagInColumnGroup(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  switch (id) {
    // "A start tag whose tag name is "html": Process the token using the rules for the "in body" insertion mode."
    case TagId.Html:
      return useRulesFor(tb, InsertionMode.InBody, token, id);
    // "A start tag whose tag name is "col": Insert an HTML element for the
    // token. Immediately pop the current node off the stack of open elements.
    // Acknowledge the token's self-closing flag, if it is set."
    case TagId.Col:
      tb.insertAnHtmlElement(token);
      tb.openElements.pop();
      tb.selfClosingFlagAcknowledged = true;
      return DONE;
    // "A start tag whose tag name is "template": Process the token using the rules for the "in head" insertion mode."
    case TagId.Template:
      return useRulesFor(tb, InsertionMode.InHead, token, id);
  }
  return anythingElseInColumnGroup(tb, token, id);
}

function endTagInColumnGroup(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  switch (id) {
    // "An end tag whose tag name is "colgroup""
    case TagId.Colgroup:
      // "If the current node is not a colgroup element, then this is a parse error; ignore the token."
      if (tb.openElements.currentKey !== TagId.Colgroup) {
        tb.tokenError(TreeErrorCode.StrayEndTag, token);
        return DONE;
      }
      // "Otherwise, pop the current node from the stack of open elements. Switch the insertion mode to "in table"."
      tb.setEndTag(tb.currentNode, token);
      tb.openElements.pop();
      tb.insertionMode = InsertionMode.InTable;
      return DONE;
    // "An end tag whose tag name is "col": Parse error. Ignore the token."
    case TagId.Col:
      tb.tokenError(TreeErrorCode.UnexpectedEndTag, token);
      return DONE;
    // "An end tag whose tag name is "template": Process the token using the rules for the "in head" insertion mode."
    case TagId.Template:
      return useRulesFor(tb, InsertionMode.InHead, token, id);
  }
  return anythingElseInColumnGroup(tb, token, id);
}

/** "Anything else" */
function anythingElseInColumnGroup(tb: TreeBuilder, token: TreeToken, _id: TagId): Step {
  // "If the current node is not a colgroup element, then this is a parse error; ignore the token."
  if (tb.openElements.currentKey !== TagId.Colgroup) {
    // (Character by character: whitespace after an ignored character is still inserted.)
    if (token.type === 'characters') return insertWhitespaceIgnoreOthers(tb, token);
    else tb.tokenError(token.type === 'endTag' ? TreeErrorCode.UnexpectedEndTag : TreeErrorCode.UnexpectedStartTag, token);
    return DONE;
  }
  // "Otherwise: Pop the current node from the stack of open elements."
  tb.openElements.pop();
  // "Switch the insertion mode to "in table"." "Reprocess the token."
  return switchAndReprocess(tb, InsertionMode.InTable);
}
