/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead
 */
import { State } from '../../tokenizer/state';
import type { CharactersToken, EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { switchAndReprocess, useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { NsBits, TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { createAnElementForTheToken } from '../create-an-element';
import { resetTheInsertionModeAppropriately } from '../reset-the-insertion-mode';
import { TreeErrorCode } from '../tree-error-codes';

export function inHeadMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    case 'characters':
      return characterInHead(tb, token);
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
      return startTagInHead(tb, token, id);
    case 'endTag':
      return endTagInHead(tb, token, id);
    default:
      return anythingElseInHead(tb);
  }
}

/** "A character token that is one of [ASCII whitespace]: Insert the character." */
function characterInHead(tb: TreeBuilder, token: CharactersToken): Step {
  if (!tb.takeLeadingWhitespace(token, true)) return DONE;
  return anythingElseInHead(tb);
}

export function startTagInHead(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  switch (id) {
    // "A start tag whose tag name is "html": Process the token using the rules for the "in body" insertion mode."
    case TagId.Html:
      return useRulesFor(tb, InsertionMode.InBody, token, id);
    // "A start tag whose tag name is one of: "base", "basefont", "bgsound", "link""
    // "A start tag whose tag name is "meta""
    case TagId.Base:
    case TagId.Basefont:
    case TagId.Bgsound:
    case TagId.Link:
    case TagId.Meta:
      // "Insert an HTML element for the token. Immediately pop the current node
      // off the stack of open elements. Acknowledge the token's self-closing flag, if it is set."
      tb.insertAnHtmlElement(token);
      tb.openElements.pop();
      tb.selfClosingFlagAcknowledged = true;
      // NOOP(spec): for meta, "change the encoding" applies to a byte stream
      // being decoded with a tentative confidence; this parser is given text.
      return DONE;
    // "A start tag whose tag name is "title": Follow the generic RCDATA element parsing algorithm."
    case TagId.Title:
      tb.genericTextElementParsing(token, State.RCDATA);
      return DONE;
    // "A start tag whose tag name is "noscript", if the scripting flag is enabled"
    // "A start tag whose tag name is one of: "noframes", "style"": Follow the generic raw text element parsing algorithm.
    case TagId.Noscript:
      if (!tb.scripting) {
        // "A start tag whose tag name is "noscript", if the scripting flag is
        // disabled: Insert an HTML element for the token. Switch the insertion
        // mode to "in head noscript"."
        tb.insertAnHtmlElement(token);
        tb.insertionMode = InsertionMode.InHeadNoscript;
        return DONE;
      }
    // Fall through.
    case TagId.Noframes:
    case TagId.Style:
      tb.genericTextElementParsing(token, State.RAWTEXT);
      return DONE;
    // "A start tag whose tag name is "script""
    case TagId.Script:
      return startTagScriptInHead(tb, token);
    // "A start tag whose tag name is "template""
    case TagId.Template:
      return startTagTemplateInHead(tb, token);
    // "A start tag whose tag name is "head": Parse error. Ignore the token."
    case TagId.Head:
      tb.tokenError(TreeErrorCode.UnexpectedStartTag, token, tb.headElement);
      return DONE;
  }
  return anythingElseInHead(tb);
}

/** "A start tag whose tag name is "script"" */
function startTagScriptInHead(tb: TreeBuilder, token: StartTagToken): Step {
  // Step 1. "Let the adjusted insertion location be the appropriate place for inserting a node."
  // Step 2. "Let the intended parent be the element in which the adjusted insertion location finds itself."
  // Step 3. "Let element be the result of creating an element for the token given the intended parent,
  // the HTML namespace, and false."
  // NOOP(spec): Steps 4-6 set the script's parser document, "non-blocking" and "already started" flags.
  // Step 7. "Insert element at the adjusted insertion location."
  // Step 8. "Push the element onto the stack of open elements so that it is the new current node."
  tb.insertAnHtmlElement(token);
  // Step 9. "Switch the tokenizer to the script data state."
  tb.tokenizer.switchTo(State.ScriptData);
  // Step 10. "Set the original insertion mode to the current insertion mode."
  tb.originalInsertionMode = tb.insertionMode;
  // Step 11. "Switch the insertion mode to "text"."
  tb.insertionMode = InsertionMode.Text;
  return DONE;
}

/** "A start tag whose tag name is "template"" */
function startTagTemplateInHead(tb: TreeBuilder, token: StartTagToken): Step {
  // Step 1. "Let template start tag be the start tag."
  // Step 2. "Insert a marker at the end of the list of active formatting elements."
  tb.activeFormattingElements.insertMarker();
  // Step 3. "Set the frameset-ok flag to "not ok"."
  tb.framesetOk = false;
  // Step 4. "Switch the insertion mode to "in template"."
  tb.insertionMode = InsertionMode.InTemplate;
  // Step 5. "Push "in template" onto the stack of template insertion modes so
  // that it is the new current template insertion mode."
  tb.templateInsertionModes.push(InsertionMode.InTemplate);
  // Steps 6-12: declarative shadow roots.
  // DEVIATION: a template with a shadowrootmode attribute is kept as a
  // template element: this parser has no shadow trees to attach (the html5lib
  // dump format cannot show them either).
  // whatwg/html 2ff023fb (see tree/template-for.ts): a template start tag
  // with a for attribute whose value finds a marker is pushed onto the stack
  // of open elements without being inserted; what would go into its contents
  // goes into the marker's parent.
  const forAttribute = token.attributes.find((a) => a.name === 'for');
  if (forAttribute !== undefined) {
    const patch = tb.findAPatchTarget(forAttribute.value);
    if (patch !== null) {
      const template = createAnElementForTheToken(tb, token, NsBits.HTML, null);
      template.content!.patch = patch;
      tb.openElements.push(template, TagId.Template);
      return DONE;
    }
  }
  // Step 13. "Otherwise: Insert an HTML element for the token."
  tb.insertAForeignElement(token, NsBits.HTML, false);
  return DONE;
}

export function endTagInHead(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  switch (id) {
    // "An end tag whose tag name is "head""
    case TagId.Head: {
      // "Pop the current node (which will be the head element) off the stack of open elements."
      const head = tb.openElements.pop();
      tb.setEndTag(head, token);
      // "Switch the insertion mode to "after head"."
      tb.insertionMode = InsertionMode.AfterHead;
      return DONE;
    }
    // "An end tag whose tag name is one of: "body", "html", "br": Act as described in the "anything else" entry below."
    case TagId.Body:
    case TagId.Html:
    case TagId.Br:
      return anythingElseInHead(tb);
    // "An end tag whose tag name is "template""
    case TagId.Template:
      return endTagTemplateInHead(tb, token);
  }
  // "Any other end tag: Parse error. Ignore the token."
  tb.tokenError(TreeErrorCode.StrayEndTag, token);
  return DONE;
}

/** "An end tag whose tag name is "template"" */
function endTagTemplateInHead(tb: TreeBuilder, token: EndTagToken): Step {
  const stack = tb.openElements;
  // "If there is no template element on the stack of open elements, then this is a parse error; ignore the token."
  if (!tb.hasTemplateOnStack()) {
    tb.tokenError(TreeErrorCode.StrayEndTag, token);
    return DONE;
  }
  // Step 1. "Generate all implied end tags thoroughly."
  stack.generateAllImpliedEndTagsThoroughly();
  // Step 2. "If the current node is not a template element, then this is a parse error."
  tb.expectCurrentNode(TagId.Template, token);
  // Step 3. "Pop elements from the stack of open elements until a template element has been popped from the stack."
  tb.setEndTag(stack.elements[stack.lastIndexOfKey(TagId.Template)], token);
  stack.popUntilKeyPopped(TagId.Template);
  // Step 4. "Clear the list of active formatting elements up to the last marker."
  tb.activeFormattingElements.clearToLastMarker();
  // Step 5. "Pop the current template insertion mode off the stack of template insertion modes."
  tb.templateInsertionModes.pop();
  // Step 6. "Reset the insertion mode appropriately."
  resetTheInsertionModeAppropriately(tb);
  return DONE;
}

/** "Anything else" */
function anythingElseInHead(tb: TreeBuilder): Step {
  // "Pop the current node (which will be the head element) off the stack of open elements."
  tb.openElements.pop();
  // "Switch the insertion mode to "after head"." "Reprocess the token."
  return switchAndReprocess(tb, InsertionMode.AfterHead);
}
