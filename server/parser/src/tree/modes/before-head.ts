/**
 * https://html.spec.whatwg.org/multipage/parsing.html#the-before-head-insertion-mode
 */
import type { CharactersToken, EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { switchAndReprocess, useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';

export function beforeHeadMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
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
    case 'characters':
      return characterInBeforeHead(tb, token);
    case 'startTag':
      return startTagInBeforeHead(tb, token, id);
    case 'endTag':
      return endTagInBeforeHead(tb, token, id);
    default:
      return anythingElseInBeforeHead(tb);
  }
}

/** "A character token that is one of [ASCII whitespace]: Ignore the token." */
function characterInBeforeHead(tb: TreeBuilder, token: CharactersToken): Step {
  if (!tb.takeLeadingWhitespace(token, false)) return DONE;
  return anythingElseInBeforeHead(tb);
}

function startTagInBeforeHead(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  switch (id) {
    // "A start tag whose tag name is "html": Process the token using the rules for the "in body" insertion mode."
    case TagId.Html:
      return useRulesFor(tb, InsertionMode.InBody, token, id);
    // "A start tag whose tag name is "head": Insert an HTML element for the
    // token. Set the head element pointer to the newly created head element.
    // Switch the insertion mode to "in head"."
    case TagId.Head:
      tb.headElement = tb.insertAnHtmlElement(token);
      tb.insertionMode = InsertionMode.InHead;
      return DONE;
  }
  return anythingElseInBeforeHead(tb);
}

function endTagInBeforeHead(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  // "An end tag whose tag name is one of: "head", "body", "html", "br": Act as described in the "anything else" entry below."
  if (id === TagId.Head || id === TagId.Body || id === TagId.Html || id === TagId.Br) return anythingElseInBeforeHead(tb);
  // "Any other end tag: Parse error. Ignore the token."
  tb.tokenError(TreeErrorCode.StrayEndTag, token);
  return DONE;
}

/** "Anything else" */
function anythingElseInBeforeHead(tb: TreeBuilder): Step {
  // "Insert an HTML element for a "head" start tag token with no attributes."
  // "Set the head element pointer to the newly created head element."
  tb.headElement = tb.insertAnImpliedHtmlElement(TagId.Head);
  // "Switch the insertion mode to "in head"." "Reprocess the current token."
  return switchAndReprocess(tb, InsertionMode.InHead);
}
