/**
 * https://html.spec.whatwg.org/multipage/parsing.html#the-after-head-insertion-mode
 */
import type { CharactersToken, EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { switchAndReprocess, useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';

export function afterHeadMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    case 'characters':
      return characterInAfterHead(tb, token);
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
      return startTagInAfterHead(tb, token, id);
    case 'endTag':
      return endTagInAfterHead(tb, token, id);
    default:
      return anythingElseInAfterHead(tb);
  }
}

/** "A character token that is one of [ASCII whitespace]: Insert the character." */
function characterInAfterHead(tb: TreeBuilder, token: CharactersToken): Step {
  if (!tb.takeLeadingWhitespace(token, true)) return DONE;
  return anythingElseInAfterHead(tb);
}

function startTagInAfterHead(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  switch (id) {
    // "A start tag whose tag name is "html": Process the token using the rules for the "in body" insertion mode."
    case TagId.Html:
      return useRulesFor(tb, InsertionMode.InBody, token, id);
    // "A start tag whose tag name is "body": Insert an HTML element for the
    // token. Set the frameset-ok flag to "not ok". Switch the insertion mode to "in body"."
    case TagId.Body:
      tb.insertAnHtmlElement(token);
      tb.framesetOk = false;
      tb.insertionMode = InsertionMode.InBody;
      return DONE;
    // "A start tag whose tag name is "frameset": Insert an HTML element for
    // the token. Switch the insertion mode to "in frameset"."
    case TagId.Frameset:
      tb.insertAnHtmlElement(token);
      tb.insertionMode = InsertionMode.InFrameset;
      return DONE;
    // "A start tag whose tag name is one of: "base", "basefont", "bgsound",
    // "link", "meta", "noframes", "script", "style", "template", "title""
    case TagId.Base:
    case TagId.Basefont:
    case TagId.Bgsound:
    case TagId.Link:
    case TagId.Meta:
    case TagId.Noframes:
    case TagId.Script:
    case TagId.Style:
    case TagId.Template:
    case TagId.Title: {
      // "Parse error."
      const head = tb.headElement!;
      tb.tokenError(TreeErrorCode.MisplacedHeadContent, token, head);
      // "Push the node pointed to by the head element pointer onto the stack of open elements."
      tb.openElements.push(head, TagId.Head);
      // "Process the token using the rules for the "in head" insertion mode."
      const step = useRulesFor(tb, InsertionMode.InHead, token, id);
      // "Remove the node pointed to by the head element pointer from the stack
      // of open elements. (It might not be the current node at this point.)"
      const i = tb.openElements.indexOfWithKey(head, TagId.Head);
      if (i >= 0) tb.openElements.removeAt(i);
      return step;
    }
    // "A start tag whose tag name is "head": Parse error. Ignore the token."
    case TagId.Head:
      tb.tokenError(TreeErrorCode.UnexpectedStartTag, token, tb.headElement);
      return DONE;
  }
  return anythingElseInAfterHead(tb);
}

function endTagInAfterHead(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  switch (id) {
    // "An end tag whose tag name is "template": Process the token using the rules for the "in head" insertion mode."
    case TagId.Template:
      return useRulesFor(tb, InsertionMode.InHead, token, id);
    // "An end tag whose tag name is one of: "body", "html", "br": Act as described in the "anything else" entry below."
    case TagId.Body:
    case TagId.Html:
    case TagId.Br:
      return anythingElseInAfterHead(tb);
  }
  // "Any other end tag: Parse error. Ignore the token."
  tb.tokenError(TreeErrorCode.StrayEndTag, token);
  return DONE;
}

/**
 * "Anything else"
 * whatwg/html#12908 (September 2026, "Reset frameset-ok when the body element
 * is inserted implicitly"): the entry sets the frameset-ok flag back to "ok".
 * A template in head sets it to "not ok" (in head, a start tag whose tag name
 * is "template", step 3), and so does the text of a template's contents; none
 * of that is body content, so the implied body starts with the flag "ok"
 * (`<template>x</template><p><frameset>` is a frameset document).
 */
function anythingElseInAfterHead(tb: TreeBuilder): Step {
  // "Insert an HTML element for a "body" start tag token with no attributes."
  tb.insertAnImpliedHtmlElement(TagId.Body);
  // "Set the frameset-ok flag to "ok"." (whatwg/html#12908)
  // https://html.spec.whatwg.org/multipage/parsing.html#frameset-ok-flag
  tb.framesetOk = true;
  // "Switch the insertion mode to "in body"." "Reprocess the current token."
  return switchAndReprocess(tb, InsertionMode.InBody);
}
