/**
 * https://html.spec.whatwg.org/multipage/parsing.html#the-before-html-insertion-mode
 */
import { createElement } from '../../dom';
import type { CharactersToken, EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { switchAndReprocess } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { NsBits, TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { createAnElementForTheToken } from '../create-an-element';
import { TreeErrorCode } from '../tree-error-codes';

export function beforeHtmlMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    // "A DOCTYPE token: Parse error. Ignore the token."
    case 'doctype':
      tb.tokenError(TreeErrorCode.UnexpectedDoctype, token);
      return DONE;
    // "A comment token: Insert a comment as the last child of the Document object."
    case 'comment':
      tb.insertAComment(token, tb.document);
      return DONE;
    // "A processing instruction token: Insert a processing instruction as the last child of the Document object." (whatwg/html 320c05f6)
    case 'processingInstruction':
      tb.insertAProcessingInstruction(token, tb.document);
      return DONE;
    case 'characters':
      return characterInBeforeHtml(tb, token);
    case 'startTag':
      return startTagInBeforeHtml(tb, token, id);
    case 'endTag':
      return endTagInBeforeHtml(tb, token, id);
    default:
      return anythingElseInBeforeHtml(tb);
  }
}

/** "A character token that is one of [ASCII whitespace]: Ignore the token." */
function characterInBeforeHtml(tb: TreeBuilder, token: CharactersToken): Step {
  if (!tb.takeLeadingWhitespace(token, false)) return DONE;
  return anythingElseInBeforeHtml(tb);
}

function startTagInBeforeHtml(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  // "A start tag whose tag name is "html": Create an element for the token in
  // the HTML namespace, with the Document as the intended parent. Append it to
  // the Document object. Put this element in the stack of open elements."
  if (id === TagId.Html) {
    const html = createAnElementForTheToken(tb, token, NsBits.HTML, null);
    tb.insertNode(tb.document, html, null);
    tb.openElements.push(html, TagId.Html);
    // "Switch the insertion mode to "before head"."
    tb.insertionMode = InsertionMode.BeforeHead;
    return DONE;
  }
  return anythingElseInBeforeHtml(tb);
}

function endTagInBeforeHtml(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  // "An end tag whose tag name is one of: "head", "body", "html", "br": Act as described in the "anything else" entry below."
  if (id === TagId.Head || id === TagId.Body || id === TagId.Html || id === TagId.Br) return anythingElseInBeforeHtml(tb);
  // "Any other end tag: Parse error. Ignore the token."
  tb.tokenError(TreeErrorCode.StrayEndTag, token);
  return DONE;
}

/** "Anything else" */
function anythingElseInBeforeHtml(tb: TreeBuilder): Step {
  // "Create an html element whose node document is the Document object.
  // Append it to the Document object. Put this element in the stack of open elements."
  const html = createElement('html', 'html', [], null, tb.tokenStart, null, tb.span);
  tb.insertNode(tb.document, html, null);
  tb.openElements.push(html, TagId.Html);
  // "Switch the insertion mode to "before head", then reprocess the token."
  return switchAndReprocess(tb, InsertionMode.BeforeHead);
}
