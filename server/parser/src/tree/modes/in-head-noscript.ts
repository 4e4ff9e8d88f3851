/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inheadnoscript
 */
import type { CharactersToken, EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { switchAndReprocess, useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';

export function inHeadNoscriptMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    // "A DOCTYPE token: Parse error. Ignore the token."
    case 'doctype':
      tb.tokenError(TreeErrorCode.UnexpectedDoctype, token);
      return DONE;
    // "A comment token: Process the token using the rules for the "in head" insertion mode."
    case 'comment':
    // A processing instruction token goes the same way (whatwg/html#12653).
    case 'processingInstruction':
      return useRulesFor(tb, InsertionMode.InHead, token, id);
    case 'characters':
      return characterInHeadNoscript(tb, token, id);
    case 'startTag':
      return startTagInHeadNoscript(tb, token, id);
    case 'endTag':
      return endTagInHeadNoscript(tb, token, id);
    default:
      return anythingElseInHeadNoscript(tb, token);
  }
}

/**
 * "A character token that is one of [ASCII whitespace]: Process the token
 * using the rules for the "in head" insertion mode."
 */
function characterInHeadNoscript(tb: TreeBuilder, token: CharactersToken, id: TagId): Step {
  if (!tb.takeLeadingWhitespace(token, true)) return DONE;
  void id;
  return anythingElseInHeadNoscript(tb, token);
}

function startTagInHeadNoscript(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  switch (id) {
    // "A start tag whose tag name is "html": Process the token using the rules for the "in body" insertion mode."
    case TagId.Html:
      return useRulesFor(tb, InsertionMode.InBody, token, id);
    // "A start tag whose tag name is one of: "basefont", "bgsound", "link",
    // "meta", "noframes", "style": Process the token using the rules for the "in head" insertion mode."
    case TagId.Basefont:
    case TagId.Bgsound:
    case TagId.Link:
    case TagId.Meta:
    case TagId.Noframes:
    case TagId.Style:
      return useRulesFor(tb, InsertionMode.InHead, token, id);
    // "A start tag whose tag name is one of: "head", "noscript": Parse error. Ignore the token."
    case TagId.Head:
    case TagId.Noscript:
      tb.tokenError(TreeErrorCode.UnexpectedStartTag, token);
      return DONE;
  }
  return anythingElseInHeadNoscript(tb, token);
}

function endTagInHeadNoscript(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  // "An end tag whose tag name is "noscript": Pop the current node (which
  // will be a noscript element) from the stack of open elements; the new
  // current node will be a head element. Switch the insertion mode to "in head"."
  if (id === TagId.Noscript) {
    tb.setEndTag(tb.openElements.pop(), token);
    tb.insertionMode = InsertionMode.InHead;
    return DONE;
  }
  // "An end tag whose tag name is "br": Act as described in the "anything else" entry below."
  if (id === TagId.Br) return anythingElseInHeadNoscript(tb, token);
  // "Any other end tag: Parse error. Ignore the token."
  tb.tokenError(TreeErrorCode.StrayEndTag, token);
  return DONE;
}

/** "Anything else" */
function anythingElseInHeadNoscript(tb: TreeBuilder, token: TreeToken): Step {
  // "Parse error."
  tb.error(TreeErrorCode.ContentInHeadNoscript, token.start, token.type === 'characters' ? token.start + 1 : token.end, tb.currentNode);
  // "Pop the current node (which will be a noscript element) from the stack
  // of open elements; the new current node will be a head element."
  tb.openElements.pop();
  // "Switch the insertion mode to "in head"." "Reprocess the token."
  return switchAndReprocess(tb, InsertionMode.InHead);
}
