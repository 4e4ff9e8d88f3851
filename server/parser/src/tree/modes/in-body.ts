/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody
 *
 * With the relaxed `<select>` parser (whatwg/html#10557): select, option,
 * optgroup, hr and input get the rules below instead of the former "in
 * select" insertion modes.
 */
import { asciiLowercase } from '../../tokenizer/code-points';
import { State } from '../../tokenizer/state';
import type { CharactersToken, EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import type { EofToken } from '../../tokenizer/tokenizer';
import { runTheAdoptionAgencyAlgorithm } from '../adoption-agency';
import { anyOtherEndTagInBody } from './any-other-end-tag-in-body';
import { switchAndReprocess, useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { NsBits, TagId } from '../tag-id';
import { HEADINGS, MAY_REMAIN_OPEN_AT_END_OF_BODY, SPECIAL } from '../tag-sets';
import { DONE, isAsciiWhitespace, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { domAttributes } from '../create-an-element';
import { reconstructTheActiveFormattingElements } from '../reconstruct-the-active-formatting-elements';
import { TreeErrorCode } from '../tree-error-codes';
import { computeRanges, type Element } from '../../dom';
import { addMissingAttributes as addAttributesNotPresent, logAddAttributes } from '../mutation-log';

export function inBodyMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    case 'characters':
      return characterInBody(tb, token);
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
      return startTagInBody(tb, token, id);
    case 'endTag':
      return endTagInBody(tb, token, id);
    case 'eof':
      return eofInBody(tb, token, id);
  }
}

/** True when `data` has a character that is not ASCII whitespace. */
export function hasNonWhitespace(data: string): boolean {
  for (let i = 0; i < data.length; i++) if (!isAsciiWhitespace(data.charCodeAt(i))) return true;
  return false;
}

export function characterInBody(tb: TreeBuilder, token: CharactersToken): Step {
  const data = token.data;
  // "A character token that is U+0000 NULL: Parse error. Ignore the token."
  // (A NULL from the data state is always a chunk of its own.)
  if (data.charCodeAt(0) === 0) {
    tb.tokenError(TreeErrorCode.NullCharacterIgnored, token);
    return DONE;
  }
  // "A character token that is one of [ASCII whitespace]: Reconstruct the
  // active formatting elements, if any. Insert the token's character."
  // "Any other character token: Reconstruct the active formatting elements,
  // if any. Insert the token's character. Set the frameset-ok flag to "not ok"."
  reconstructTheActiveFormattingElements(tb);
  tb.insertCharacters(data, token.start, token.end);
  if (tb.framesetOk && hasNonWhitespace(data)) tb.framesetOk = false;
  return DONE;
}

/** The first element on the stack that may not remain open at the end of the body, or null. */
function elementThatMustBeClosed(tb: TreeBuilder): Element | null {
  const stack = tb.openElements;
  for (let i = stack.length - 1; i >= 0; i--) {
    if (MAY_REMAIN_OPEN_AT_END_OF_BODY[stack.keys[i]] !== 1) return stack.elements[i];
  }
  return null;
}

/** "An end-of-file token" */
function eofInBody(tb: TreeBuilder, token: EofToken, id: TagId): Step {
  // "If the stack of template insertion modes is not empty, then process the
  // token using the rules for the "in template" insertion mode."
  if (tb.templateInsertionModes.length > 0) return useRulesFor(tb, InsertionMode.InTemplate, token, id);
  // "Otherwise, follow these steps:"
  // Step 1. "If there is a node in the stack of open elements that is not
  // either a dd element, a dt element, an li element, an optgroup element, an
  // option element, a p element, an rb element, an rp element, an rt element,
  // an rtc element, a tbody element, a td element, a tfoot element, a th
  // element, a thead element, a tr element, the body element, or the html
  // element, then this is a parse error."
  const unclosed = elementThatMustBeClosed(tb);
  if (unclosed !== null) tb.tokenError(TreeErrorCode.EofWithUnclosedElement, token, unclosed);
  // Step 2. "Stop parsing."
  tb.stopParsing();
  return DONE;
}

/** The error for an end tag whose element is not in scope: stray, or open but out of reach. */
export function endTagNotInScope(tb: TreeBuilder, token: EndTagToken, key: number): void {
  const i = tb.openElements.lastIndexOfKey(key);
  if (i < 0) tb.tokenError(TreeErrorCode.StrayEndTag, token);
  else tb.tokenError(TreeErrorCode.MisnestedEndTag, token, tb.openElements.elements[i]);
}

/**
 * "Pop elements from the stack of open elements until an X element has been
 * popped from the stack", recording `token` as that element's end tag.
 */
export function popUntilClosedBy(tb: TreeBuilder, key: number, token: TreeToken): void {
  const stack = tb.openElements;
  const i = stack.lastIndexOfKey(key);
  if (i < 0) return;
  tb.setEndTag(stack.elements[i], token);
  stack.popTo(i);
}

export function startTagInBody(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  const stack = tb.openElements;
  switch (id) {
    // "A start tag whose tag name is "html""
    case TagId.Html: {
      // "Parse error."
      tb.tokenError(TreeErrorCode.MisplacedHtmlStartTag, token, stack.elements[0]);
      // "If there is a template element on the stack of open elements, then ignore the token."
      if (tb.hasTemplateOnStack()) return DONE;
      // "Otherwise, for each attribute on the token, check to see if the
      // attribute is already present on the top element of the stack of open
      // elements. If it is not, add the attribute and its corresponding value
      // to that element."
      addMissingAttributes(tb, stack.elements[0], token);
      return DONE;
    }
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
    // "A start tag whose tag name is "body""
    case TagId.Body: {
      // "Parse error."
      const body = stack.length > 1 && stack.keys[1] === TagId.Body ? stack.elements[1] : null;
      tb.tokenError(TreeErrorCode.MisplacedBodyStartTag, token, body);
      // "If the second element on the stack of open elements is not a body
      // element, if the stack of open elements has only one node on it, or if
      // there is a template element on the stack of open elements, then ignore
      // the token. (fragment case or there is a template element on the stack)"
      if (body === null || tb.hasTemplateOnStack()) return DONE;
      // "Otherwise, set the frameset-ok flag to "not ok"; then, for each
      // attribute on the token, check to see if the attribute is already
      // present on the body element (the second element) on the stack of open
      // elements, and if it is not, add the attribute and its corresponding
      // value to that element."
      tb.framesetOk = false;
      addMissingAttributes(tb, body, token);
      return DONE;
    }
    // "A start tag whose tag name is "frameset""
    case TagId.Frameset: {
      // "Parse error."
      tb.tokenError(TreeErrorCode.MisplacedFramesetStartTag, token);
      // "If the stack of open elements has only one node on it, or if the
      // second element on the stack of open elements is not a body element,
      // then ignore the token. (fragment case or there is a template element on the stack)"
      if (stack.length === 1 || stack.keys[1] !== TagId.Body) return DONE;
      // "If the frameset-ok flag is set to "not ok", ignore the token."
      if (!tb.framesetOk) return DONE;
      // "Otherwise, run the following steps:"
      // Step 1. "Remove the second element on the stack of open elements from its parent node, if it has one."
      // Nothing is added to the body from now on: its ranges are final (the parse computes only the document's).
      computeRanges(stack.elements[1]);
      tb.removeNode(stack.elements[1]);
      // Step 2. "Pop all the nodes from the bottom of the stack of open
      // elements, from the current node up to, but not including, the root html element."
      stack.popTo(1);
      // Step 3. "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      // Step 4. "Switch the insertion mode to "in frameset"."
      tb.insertionMode = InsertionMode.InFrameset;
      return DONE;
    }
    // "A start tag whose tag name is one of: "address", "article", "aside",
    // "blockquote", "center", "details", "dialog", "dir", "div", "dl",
    // "fieldset", "figcaption", "figure", "footer", "header", "hgroup",
    // "main", "menu", "nav", "ol", "p", "search", "section", "summary", "ul""
    case TagId.Address:
    case TagId.Article:
    case TagId.Aside:
    case TagId.Blockquote:
    case TagId.Center:
    case TagId.Details:
    case TagId.Dialog:
    case TagId.Dir:
    case TagId.Div:
    case TagId.Dl:
    case TagId.Fieldset:
    case TagId.Figcaption:
    case TagId.Figure:
    case TagId.Footer:
    case TagId.Header:
    case TagId.Hgroup:
    case TagId.Main:
    case TagId.Menu:
    case TagId.Nav:
    case TagId.Ol:
    case TagId.P:
    case TagId.Search:
    case TagId.Section:
    case TagId.Summary:
    case TagId.Ul:
      // "If the stack of open elements has a p element in button scope, then close a p element."
      tb.closePInButtonScope(token);
      // "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      return DONE;
    // "A start tag whose tag name is one of: "h1", "h2", "h3", "h4", "h5", "h6""
    case TagId.H1:
    case TagId.H2:
    case TagId.H3:
    case TagId.H4:
    case TagId.H5:
    case TagId.H6:
      // "If the stack of open elements has a p element in button scope, then close a p element."
      tb.closePInButtonScope(token);
      // "If the current node is an HTML element whose tag name is one of "h1",
      // "h2", "h3", "h4", "h5", or "h6", then this is a parse error; pop the
      // current node off the stack of open elements."
      if (HEADINGS[stack.currentKey] === 1) {
        tb.tokenError(TreeErrorCode.NestedHeading, token, stack.current);
        stack.pop();
      }
      // "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      return DONE;
    // "A start tag whose tag name is one of: "pre", "listing""
    case TagId.Pre:
    case TagId.Listing:
      // "If the stack of open elements has a p element in button scope, then close a p element."
      tb.closePInButtonScope(token);
      // "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      // "If the next token is a U+000A LINE FEED (LF) character token, then
      // ignore that token and move on to the next one. (Newlines at the start
      // of pre blocks are ignored as an authoring convenience.)"
      tb.ignoreNextLineFeed = true;
      // "Set the frameset-ok flag to "not ok"."
      tb.framesetOk = false;
      return DONE;
    // "A start tag whose tag name is "form""
    case TagId.Form: {
      // "If the form element pointer is not null, and the parser is not parsing
      // template contents, then this is a parse error; ignore the token."
      // (whatwg/html#12911: "parsing template contents" replaced "there is no
      // template element on the stack of open elements", so a template-context
      // fragment keeps nested forms too.)
      const inTemplateContents = tb.parsingTemplateContents();
      if (tb.formElement !== null && !inTemplateContents) {
        tb.tokenError(TreeErrorCode.NestedForm, token, tb.formElement);
        return DONE;
      }
      // "Otherwise: If the stack of open elements has a p element in button
      // scope, then close a p element. Insert an HTML element for the token,
      // and, if the parser is not parsing template contents, set the form
      // element pointer to point to the element created."
      tb.closePInButtonScope(token);
      const form = tb.insertAnHtmlElement(token);
      if (!inTemplateContents) tb.formElement = form;
      return DONE;
    }
    // "A start tag whose tag name is "li""
    case TagId.Li:
    // "A start tag whose tag name is one of: "dd", "dt""
    case TagId.Dd:
    case TagId.Dt:
      return startTagListItemInBody(tb, token, id);
    // "A start tag whose tag name is "plaintext""
    case TagId.Plaintext:
      // "If the stack of open elements has a p element in button scope, then close a p element."
      tb.closePInButtonScope(token);
      // "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      // "Switch the tokenizer to the PLAINTEXT state."
      tb.tokenizer.switchTo(State.PLAINTEXT);
      return DONE;
    // "A start tag whose tag name is "button""
    case TagId.Button:
      // Step 1. "If the stack of open elements has a button element in scope, then run these substeps:"
      if (stack.hasInScope(TagId.Button)) {
        // Step 1.1. "Parse error."
        tb.tokenError(TreeErrorCode.NestedButton, token, stack.elements[stack.lastIndexOfKey(TagId.Button)]);
        // Step 1.2. "Generate implied end tags."
        stack.generateImpliedEndTags();
        // Step 1.3. "Pop elements from the stack of open elements until a button element has been popped from the stack."
        stack.popUntilKeyPopped(TagId.Button);
      }
      // Step 2. "Reconstruct the active formatting elements, if any."
      reconstructTheActiveFormattingElements(tb);
      // Step 3. "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      // Step 4. "Set the frameset-ok flag to "not ok"."
      tb.framesetOk = false;
      return DONE;
    // "A start tag whose tag name is "a""
    case TagId.A: {
      // "If the list of active formatting elements contains an a element
      // between the end of the list and the last marker on the list (or the
      // start of the list if there is no marker on the list), then this is a
      // parse error; run the adoption agency algorithm for the token, then
      // remove that element from the list of active formatting elements and
      // the stack of open elements if the adoption agency algorithm didn't
      // already remove it (it might not have if the element is not in table scope)."
      const open = tb.activeFormattingElements.lastElementAfterMarker(TagId.A, 'a');
      if (open !== null) {
        tb.tokenError(TreeErrorCode.NestedAnchor, token, open);
        runTheAdoptionAgencyAlgorithm(tb, token, TagId.A);
        tb.activeFormattingElements.remove(open);
        const i = stack.indexOfWithKey(open, TagId.A);
        if (i >= 0) stack.removeAt(i);
      }
      // "Reconstruct the active formatting elements, if any."
      reconstructTheActiveFormattingElements(tb);
      // "Insert an HTML element for the token. Push onto the list of active formatting elements that element."
      tb.activeFormattingElements.push(tb.insertAnHtmlElement(token), TagId.A);
      return DONE;
    }
    // "A start tag whose tag name is one of: "b", "big", "code", "em", "font",
    // "i", "s", "small", "strike", "strong", "tt", "u""
    case TagId.B:
    case TagId.Big:
    case TagId.Code:
    case TagId.Em:
    case TagId.Font:
    case TagId.I:
    case TagId.S:
    case TagId.Small:
    case TagId.Strike:
    case TagId.Strong:
    case TagId.Tt:
    case TagId.U:
      // "Reconstruct the active formatting elements, if any."
      reconstructTheActiveFormattingElements(tb);
      // "Insert an HTML element for the token. Push onto the list of active formatting elements that element."
      tb.activeFormattingElements.push(tb.insertAnHtmlElement(token), id);
      return DONE;
    // "A start tag whose tag name is "nobr""
    case TagId.Nobr:
      // "Reconstruct the active formatting elements, if any."
      reconstructTheActiveFormattingElements(tb);
      // "If the stack of open elements has a nobr element in scope, then this
      // is a parse error; run the adoption agency algorithm for the token, then
      // once again reconstruct the active formatting elements, if any."
      if (stack.hasInScope(TagId.Nobr)) {
        tb.tokenError(TreeErrorCode.NestedNobr, token, stack.elements[stack.lastIndexOfKey(TagId.Nobr)]);
        runTheAdoptionAgencyAlgorithm(tb, token, TagId.Nobr);
        reconstructTheActiveFormattingElements(tb);
      }
      // "Insert an HTML element for the token. Push onto the list of active formatting elements that element."
      tb.activeFormattingElements.push(tb.insertAnHtmlElement(token), TagId.Nobr);
      return DONE;
    // "A start tag whose tag name is one of: "applet", "marquee", "object""
    case TagId.Applet:
    case TagId.Marquee:
    case TagId.Object:
      // "Reconstruct the active formatting elements, if any."
      reconstructTheActiveFormattingElements(tb);
      // "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      // "Insert a marker at the end of the list of active formatting elements."
      tb.activeFormattingElements.insertMarker();
      // "Set the frameset-ok flag to "not ok"."
      tb.framesetOk = false;
      return DONE;
    // "A start tag whose tag name is "table""
    case TagId.Table:
      // "If the Document is not set to quirks mode, and the stack of open
      // elements has a p element in button scope, then close a p element."
      if (tb.document.mode !== 'quirks') tb.closePInButtonScope(token);
      // "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      // "Set the frameset-ok flag to "not ok"."
      tb.framesetOk = false;
      // "Switch the insertion mode to "in table"."
      tb.insertionMode = InsertionMode.InTable;
      return DONE;
    // "A start tag whose tag name is one of: "area", "br", "embed", "img", "keygen", "wbr""
    case TagId.Area:
    case TagId.Br:
    case TagId.Embed:
    case TagId.Img:
    case TagId.Keygen:
    case TagId.Wbr:
      insertVoidElement(tb, token);
      // "Set the frameset-ok flag to "not ok"."
      tb.framesetOk = false;
      return DONE;
    // "A start tag whose tag name is "input""
    case TagId.Input:
      return startTagInputInBody(tb, token);
    // "A start tag whose tag name is one of: "param", "source", "track""
    case TagId.Param:
    case TagId.Source:
    case TagId.Track:
      // "Insert an HTML element for the token. Immediately pop the current node
      // off the stack of open elements. Acknowledge the token's self-closing flag, if it is set."
      tb.insertAnHtmlElement(token);
      stack.pop();
      tb.selfClosingFlagAcknowledged = true;
      return DONE;
    // "A start tag whose tag name is "hr""
    case TagId.Hr:
      // "If the stack of open elements has a p element in button scope, then close a p element."
      tb.closePInButtonScope(token);
      // "If the stack of open elements has a select element in scope, then:
      // generate implied end tags; if the stack of open elements has an option
      // element in scope or has an optgroup element in scope, then this is a parse error."
      if (stack.hasInScope(TagId.Select)) {
        stack.generateImpliedEndTags();
        if (stack.hasInScope(TagId.Option) || stack.hasInScope(TagId.Optgroup)) {
          tb.tokenError(TreeErrorCode.NestedOption, token, stack.elements[Math.max(stack.lastIndexOfKey(TagId.Option), stack.lastIndexOfKey(TagId.Optgroup))]);
        }
      }
      // "Insert an HTML element for the token. Immediately pop the current node
      // off the stack of open elements. Acknowledge the token's self-closing flag, if it is set."
      tb.insertAnHtmlElement(token);
      stack.pop();
      tb.selfClosingFlagAcknowledged = true;
      // "Set the frameset-ok flag to "not ok"."
      tb.framesetOk = false;
      return DONE;
    // "A start tag whose tag name is "image""
    case TagId.Image:
      // "Parse error. Change the token's tag name to "img" and reprocess it. (Don't ask.)"
      tb.tokenError(TreeErrorCode.ImageStartTag, token);
      token.name = 'img';
      return true;
    // "A start tag whose tag name is "textarea""
    case TagId.Textarea:
      // Step 1. "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      // Step 2. "If the next token is a U+000A LINE FEED (LF) character token,
      // then ignore that token and move on to the next one. (Newlines at the
      // start of textarea elements are ignored as an authoring convenience.)"
      tb.ignoreNextLineFeed = true;
      // Step 3. "Switch the tokenizer to the RCDATA state."
      tb.tokenizer.switchTo(State.RCDATA);
      // Step 4. "Set the original insertion mode to the current insertion mode."
      tb.originalInsertionMode = tb.insertionMode;
      // Step 5. "Set the frameset-ok flag to "not ok"."
      tb.framesetOk = false;
      // Step 6. "Switch the insertion mode to "text"."
      tb.insertionMode = InsertionMode.Text;
      return DONE;
    // "A start tag whose tag name is "xmp""
    case TagId.Xmp:
      // "If the stack of open elements has a p element in button scope, then close a p element."
      tb.closePInButtonScope(token);
      // "Reconstruct the active formatting elements, if any."
      reconstructTheActiveFormattingElements(tb);
      // "Set the frameset-ok flag to "not ok"."
      tb.framesetOk = false;
      // "Follow the generic raw text element parsing algorithm."
      tb.genericTextElementParsing(token, State.RAWTEXT);
      return DONE;
    // "A start tag whose tag name is "iframe""
    case TagId.Iframe:
      // "Set the frameset-ok flag to "not ok"."
      tb.framesetOk = false;
      // "Follow the generic raw text element parsing algorithm."
      tb.genericTextElementParsing(token, State.RAWTEXT);
      return DONE;
    // "A start tag whose tag name is "noembed""
    // "A start tag whose tag name is "noscript", if the scripting flag is enabled"
    case TagId.Noscript:
      if (!tb.scripting) break;
    // Fall through.
    case TagId.Noembed:
      // "Follow the generic raw text element parsing algorithm."
      tb.genericTextElementParsing(token, State.RAWTEXT);
      return DONE;
    // "A start tag whose tag name is "select""
    case TagId.Select:
      return startTagSelectInBody(tb, token);
    // "A start tag whose tag name is "option""
    case TagId.Option:
      // "If the stack of open elements has a select element in scope, then:"
      if (stack.hasInScope(TagId.Select)) {
        // "Generate implied end tags except for optgroup elements."
        stack.generateImpliedEndTags(TagId.Optgroup);
        // "If the stack of open elements has an option element in scope, then this is a parse error."
        if (stack.hasInScope(TagId.Option)) tb.tokenError(TreeErrorCode.NestedOption, token, stack.elements[stack.lastIndexOfKey(TagId.Option)]);
      } else if (stack.currentKey === TagId.Option) {
        // "Otherwise, if the current node is an option element, then pop the current node from the stack of open elements."
        stack.pop();
      }
      // "Reconstruct the active formatting elements, if any."
      reconstructTheActiveFormattingElements(tb);
      // "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      return DONE;
    // "A start tag whose tag name is "optgroup""
    case TagId.Optgroup:
      // "If the stack of open elements has a select element in scope, then:"
      if (stack.hasInScope(TagId.Select)) {
        // "Generate implied end tags."
        stack.generateImpliedEndTags();
        // "If the stack of open elements has an option element in scope or has
        // an optgroup element in scope, then this is a parse error."
        if (stack.hasInScope(TagId.Option) || stack.hasInScope(TagId.Optgroup)) {
          tb.tokenError(TreeErrorCode.NestedOption, token, stack.elements[Math.max(stack.lastIndexOfKey(TagId.Option), stack.lastIndexOfKey(TagId.Optgroup))]);
        }
      } else if (stack.currentKey === TagId.Option) {
        // "Otherwise, if the current node is an option element, then pop the current node from the stack of open elements."
        stack.pop();
      }
      // "Reconstruct the active formatting elements, if any."
      reconstructTheActiveFormattingElements(tb);
      // "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      return DONE;
    // "A start tag whose tag name is one of: "rb", "rtc""
    case TagId.Rb:
    case TagId.Rtc:
      // "If the stack of open elements has a ruby element in scope, then generate
      // implied end tags. If the current node is not now a ruby element, this is a parse error."
      if (stack.hasInScope(TagId.Ruby)) stack.generateImpliedEndTags();
      if (stack.currentKey !== TagId.Ruby) tb.tokenError(TreeErrorCode.MisplacedRubyAnnotation, token, stack.current);
      // "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      return DONE;
    // "A start tag whose tag name is one of: "rp", "rt""
    case TagId.Rp:
    case TagId.Rt:
      // "If the stack of open elements has a ruby element in scope, then generate
      // implied end tags, except for rtc elements. If the current node is not now
      // a rtc element or a ruby element, this is a parse error."
      if (stack.hasInScope(TagId.Ruby)) stack.generateImpliedEndTags(TagId.Rtc);
      if (stack.currentKey !== TagId.Rtc && stack.currentKey !== TagId.Ruby) tb.tokenError(TreeErrorCode.MisplacedRubyAnnotation, token, stack.current);
      // "Insert an HTML element for the token."
      tb.insertAnHtmlElement(token);
      return DONE;
    // "A start tag whose tag name is "math""
    case TagId.Math:
      return startTagForeignRootInBody(tb, token, NsBits.MathML);
    // "A start tag whose tag name is "svg""
    case TagId.Svg:
      return startTagForeignRootInBody(tb, token, NsBits.SVG);
    // "A start tag whose tag name is one of: "caption", "col", "colgroup",
    // "frame", "head", "tbody", "td", "tfoot", "th", "thead", "tr"":
    // "Parse error. Ignore the token."
    case TagId.Caption:
    case TagId.Col:
    case TagId.Colgroup:
    case TagId.Frame:
    case TagId.Head:
    case TagId.Tbody:
    case TagId.Td:
    case TagId.Tfoot:
    case TagId.Th:
    case TagId.Thead:
    case TagId.Tr:
      tb.tokenError(TreeErrorCode.UnexpectedStartTag, token);
      return DONE;
  }
  // "Any other start tag: Reconstruct the active formatting elements, if any.
  // Insert an HTML element for the token."
  reconstructTheActiveFormattingElements(tb);
  tb.insertAnHtmlElement(token);
  return DONE;
}

/** Adds the token's attributes that `element` does not have yet ("<html>" and "<body>" in body). */
function addMissingAttributes(tb: TreeBuilder, element: Element, token: StartTagToken): void {
  if (token.attributes.length === 0) return;
  const attributes = domAttributes(tb, token.attributes, NsBits.HTML);
  const added = addAttributesNotPresent(element, attributes);
  // Logged even when none was added: on another tree some may be missing (../mutation-log.ts).
  if (element.span !== tb.span) logAddAttributes(tb.span, element, attributes, added);
}

/**
 * "Reconstruct the active formatting elements, if any. Insert an HTML element
 * for the token. Immediately pop the current node off the stack of open
 * elements. Acknowledge the token's self-closing flag, if it is set."
 */
function insertVoidElement(tb: TreeBuilder, token: StartTagToken): void {
  reconstructTheActiveFormattingElements(tb);
  tb.insertAnHtmlElement(token);
  tb.openElements.pop();
  tb.selfClosingFlagAcknowledged = true;
}

/** "A start tag whose tag name is "li"" / "A start tag whose tag name is one of: "dd", "dt"" */
function startTagListItemInBody(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  const stack = tb.openElements;
  // Step 1. "Set the frameset-ok flag to "not ok"."
  tb.framesetOk = false;
  // OPTIMIZATION: with no li (or dd/dt) open, the loop below can only end at "done".
  const open = id === TagId.Li ? stack.hasOpen(TagId.Li) : stack.hasOpen(TagId.Dd) || stack.hasOpen(TagId.Dt);
  if (open) {
    // Step 2. "Initialize node to be the current node (the bottommost node of the stack)."
    loop: for (let i = stack.length - 1; i >= 0; i--) {
      const key = stack.keys[i];
      // Step 3. Loop: "If node is an li element, then run these substeps:" (or a dd or dt element)
      if (id === TagId.Li ? key === TagId.Li : key === TagId.Dd || key === TagId.Dt) {
        // Step 3.1. "Generate implied end tags, except for li elements." (dd / dt elements)
        stack.generateImpliedEndTags(key);
        // Step 3.2. "If the current node is not an li element, then this is a parse error."
        tb.expectCurrentNode(key, token);
        // Step 3.3. "Pop elements from the stack of open elements until an li element has been popped from the stack."
        stack.popUntilKeyPopped(key);
        // Step 3.4. "Jump to the step labeled done below."
        break loop;
      }
      // Step 4. "If node is in the special category, but is not an address,
      // div, or p element, then jump to the step labeled done below."
      if (SPECIAL[key] === 1 && key !== TagId.Address && key !== TagId.Div && key !== TagId.P) break loop;
      // Step 5. "Otherwise, set node to the previous entry in the stack of open
      // elements and return to the step labeled loop."
    }
  }
  // Step 6. Done: "If the stack of open elements has a p element in button scope, then close a p element."
  tb.closePInButtonScope(token);
  // Step 7. "Finally, insert an HTML element for the token."
  tb.insertAnHtmlElement(token);
  return DONE;
}

/** "A start tag whose tag name is "input"" */
function startTagInputInBody(tb: TreeBuilder, token: StartTagToken): Step {
  const stack = tb.openElements;
  // "If the parser was created as part of the HTML fragment parsing algorithm
  // (fragment case) and the context element is a select element, then this is
  // a parse error; ignore the token."
  if (tb.contextKey === TagId.Select) {
    tb.tokenError(TreeErrorCode.InputInSelect, token);
    return DONE;
  }
  // "If the stack of open elements has a select element in scope, then this is
  // a parse error; pop elements from the stack of open elements until a select
  // element has been popped from the stack."
  if (stack.hasInScope(TagId.Select)) {
    tb.tokenError(TreeErrorCode.InputInSelect, token, stack.elements[stack.lastIndexOfKey(TagId.Select)]);
    stack.popUntilKeyPopped(TagId.Select);
  }
  // "Reconstruct the active formatting elements, if any. Insert an HTML element
  // for the token. Immediately pop the current node off the stack of open
  // elements. Acknowledge the token's self-closing flag, if it is set."
  insertVoidElement(tb, token);
  // "If the token does not have an attribute with the name "type", or if it
  // does, but that attribute's value is not an ASCII case-insensitive match for
  // the string "hidden", then: set the frameset-ok flag to "not ok"."
  if (!isTypeHidden(token)) tb.framesetOk = false;
  return DONE;
}

/** True when the token has a `type` attribute whose value is "hidden" (ASCII case-insensitively). */
export function isTypeHidden(token: StartTagToken): boolean {
  for (const a of token.attributes) if (a.name === 'type') return a.value.length === 6 && asciiLowercase(a.value) === 'hidden';
  return false;
}

/** "A start tag whose tag name is "select"" */
function startTagSelectInBody(tb: TreeBuilder, token: StartTagToken): Step {
  const stack = tb.openElements;
  // "If the parser was created as part of the HTML fragment parsing algorithm
  // (fragment case) and the context element is a select element, then this is
  // a parse error; ignore the token."
  if (tb.contextKey === TagId.Select) {
    tb.tokenError(TreeErrorCode.NestedSelect, token);
    return DONE;
  }
  // "Otherwise, if the stack of open elements has a select element in scope,
  // then this is a parse error; pop elements from the stack of open elements
  // until a select element has been popped from the stack."
  if (stack.hasInScope(TagId.Select)) {
    const open = stack.elements[stack.lastIndexOfKey(TagId.Select)];
    tb.tokenError(TreeErrorCode.NestedSelect, token, open);
    stack.popUntilKeyPopped(TagId.Select);
    return DONE;
  }
  // "Otherwise: Reconstruct the active formatting elements, if any. Insert an
  // HTML element for the token. Set the frameset-ok flag to "not ok"."
  reconstructTheActiveFormattingElements(tb);
  tb.insertAnHtmlElement(token);
  tb.framesetOk = false;
  return DONE;
}

/** "A start tag whose tag name is "math"" / "A start tag whose tag name is "svg"" */
function startTagForeignRootInBody(tb: TreeBuilder, token: StartTagToken, namespace: NsBits): Step {
  // "Reconstruct the active formatting elements, if any."
  reconstructTheActiveFormattingElements(tb);
  // "Adjust MathML attributes for the token." / "Adjust SVG attributes for the token."
  // "Adjust foreign attributes for the token." (Both happen as the element's attributes are made.)
  // "Insert a foreign element for the token, with MathML namespace / SVG namespace and false."
  tb.insertAForeignElement(token, namespace, false);
  // "If the token has its self-closing flag set, pop the current node off the
  // stack of open elements and acknowledge the token's self-closing flag."
  if (token.selfClosing) {
    tb.openElements.pop();
    tb.selfClosingFlagAcknowledged = true;
  }
  return DONE;
}

export function endTagInBody(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  const stack = tb.openElements;
  switch (id) {
    // "An end tag whose tag name is "template": Process the token using the rules for the "in head" insertion mode."
    case TagId.Template:
      return useRulesFor(tb, InsertionMode.InHead, token, id);
    // "An end tag whose tag name is "body""
    case TagId.Body: {
      // "If the stack of open elements does not have a body element in scope,
      // this is a parse error; ignore the token."
      if (!stack.hasInScope(TagId.Body)) {
        endTagNotInScope(tb, token, TagId.Body);
        return DONE;
      }
      // "Otherwise, if there is a node in the stack of open elements that is
      // not either a dd element, [...], the body element, or the html element,
      // then this is a parse error."
      const unclosed = elementThatMustBeClosed(tb);
      if (unclosed !== null) tb.tokenError(TreeErrorCode.UnclosedElement, token, unclosed);
      tb.setEndTag(stack.elements[stack.lastIndexOfKey(TagId.Body)], token);
      // "Switch the insertion mode to "after body"."
      tb.insertionMode = InsertionMode.AfterBody;
      return DONE;
    }
    // "An end tag whose tag name is "html""
    case TagId.Html: {
      // "If the stack of open elements does not have a body element in scope,
      // this is a parse error; ignore the token."
      if (!stack.hasInScope(TagId.Body)) {
        endTagNotInScope(tb, token, TagId.Body);
        return DONE;
      }
      // "Otherwise, if there is a node in the stack of open elements that is not
      // either a dd element, [...], the body element, or the html element, then
      // this is a parse error."
      const unclosed = elementThatMustBeClosed(tb);
      if (unclosed !== null) tb.tokenError(TreeErrorCode.UnclosedElement, token, unclosed);
      // "Switch the insertion mode to "after body"." "Reprocess the token."
      return switchAndReprocess(tb, InsertionMode.AfterBody);
    }
    // "An end tag whose tag name is one of: "address", "article", "aside",
    // "blockquote", "button", "center", "details", "dialog", "dir", "div",
    // "dl", "fieldset", "figcaption", "figure", "footer", "header", "hgroup",
    // "listing", "main", "menu", "nav", "ol", "pre", "search", "section",
    // "select", "summary", "ul""
    case TagId.Address:
    case TagId.Article:
    case TagId.Aside:
    case TagId.Blockquote:
    case TagId.Button:
    case TagId.Center:
    case TagId.Details:
    case TagId.Dialog:
    case TagId.Dir:
    case TagId.Div:
    case TagId.Dl:
    case TagId.Fieldset:
    case TagId.Figcaption:
    case TagId.Figure:
    case TagId.Footer:
    case TagId.Header:
    case TagId.Hgroup:
    case TagId.Listing:
    case TagId.Main:
    case TagId.Menu:
    case TagId.Nav:
    case TagId.Ol:
    case TagId.Pre:
    case TagId.Search:
    case TagId.Section:
    case TagId.Select:
    case TagId.Summary:
    case TagId.Ul:
      // "If the stack of open elements does not have an element in scope that
      // is an HTML element with the same tag name as that of the token, then
      // this is a parse error; ignore the token."
      if (!stack.hasInScope(id)) {
        endTagNotInScope(tb, token, id);
        return DONE;
      }
      // "Otherwise, run these steps:"
      // Step 1. "Generate implied end tags."
      stack.generateImpliedEndTags();
      // Step 2. "If the current node is not an HTML element with the same tag name as that of the token, then this is a parse error."
      tb.expectCurrentNode(id, token);
      // Step 3. "Pop elements from the stack of open elements until an HTML
      // element with the same tag name as the token has been popped from the stack."
      popUntilClosedBy(tb, id, token);
      return DONE;
    // "An end tag whose tag name is "form""
    case TagId.Form:
      return endTagFormInBody(tb, token);
    // "An end tag whose tag name is "p""
    case TagId.P:
      // "If the stack of open elements does not have a p element in button
      // scope, then this is a parse error; insert an HTML element for a "p"
      // start tag token with no attributes."
      if (!stack.hasInButtonScope(TagId.P)) {
        tb.tokenError(TreeErrorCode.StrayPEndTag, token);
        tb.insertAnImpliedHtmlElement(TagId.P);
      }
      // "Close a p element."
      stack.generateImpliedEndTags(TagId.P);
      tb.expectCurrentNode(TagId.P, token);
      popUntilClosedBy(tb, TagId.P, token);
      return DONE;
    // "An end tag whose tag name is "li""
    case TagId.Li:
      // "If the stack of open elements does not have an li element in list item
      // scope, then this is a parse error; ignore the token."
      if (!stack.hasInListItemScope(TagId.Li)) {
        endTagNotInScope(tb, token, TagId.Li);
        return DONE;
      }
      // Step 1. "Generate implied end tags, except for li elements."
      stack.generateImpliedEndTags(TagId.Li);
      // Step 2. "If the current node is not an li element, then this is a parse error."
      tb.expectCurrentNode(TagId.Li, token);
      // Step 3. "Pop elements from the stack of open elements until an li element has been popped from the stack."
      popUntilClosedBy(tb, TagId.Li, token);
      return DONE;
    // "An end tag whose tag name is one of: "dd", "dt""
    case TagId.Dd:
    case TagId.Dt:
      // "If the stack of open elements does not have an element in scope that is
      // an HTML element with the same tag name as that of the token, then this is
      // a parse error; ignore the token."
      if (!stack.hasInScope(id)) {
        endTagNotInScope(tb, token, id);
        return DONE;
      }
      // Step 1. "Generate implied end tags, except for HTML elements with the same tag name as the token."
      stack.generateImpliedEndTags(id);
      // Step 2. "If the current node is not an HTML element with the same tag name as that of the token, then this is a parse error."
      tb.expectCurrentNode(id, token);
      // Step 3. "Pop elements from the stack of open elements until an HTML
      // element with the same tag name as the token has been popped from the stack."
      popUntilClosedBy(tb, id, token);
      return DONE;
    // "An end tag whose tag name is one of: "h1", "h2", "h3", "h4", "h5", "h6""
    case TagId.H1:
    case TagId.H2:
    case TagId.H3:
    case TagId.H4:
    case TagId.H5:
    case TagId.H6: {
      // "If the stack of open elements does not have an element in scope that is
      // an HTML element and whose tag name is one of "h1", "h2", "h3", "h4",
      // "h5", or "h6", then this is a parse error; ignore the token."
      if (!stack.hasHeadingInScope()) {
        endTagNotInScope(tb, token, id);
        return DONE;
      }
      // Step 1. "Generate implied end tags."
      stack.generateImpliedEndTags();
      // Step 2. "If the current node is not an HTML element with the same tag name as that of the token, then this is a parse error."
      tb.expectCurrentNode(id, token);
      // Step 3. "Pop elements from the stack of open elements until an HTML
      // element whose tag name is one of "h1", "h2", "h3", "h4", "h5", or "h6" has been popped from the stack."
      for (let i = stack.length - 1; i >= 0; i--) {
        if (HEADINGS[stack.keys[i]] === 1) {
          // The end tag is the heading's own only when the names match.
          if (stack.keys[i] === id) tb.setEndTag(stack.elements[i], token);
          stack.popTo(i);
          break;
        }
      }
      return DONE;
    }
    // "An end tag whose tag name is one of: "a", "b", "big", "code", "em",
    // "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"":
    // "Run the adoption agency algorithm for the token."
    case TagId.A:
    case TagId.B:
    case TagId.Big:
    case TagId.Code:
    case TagId.Em:
    case TagId.Font:
    case TagId.I:
    case TagId.Nobr:
    case TagId.S:
    case TagId.Small:
    case TagId.Strike:
    case TagId.Strong:
    case TagId.Tt:
    case TagId.U:
      runTheAdoptionAgencyAlgorithm(tb, token, id);
      return DONE;
    // "An end tag token whose tag name is one of: "applet", "marquee", "object""
    case TagId.Applet:
    case TagId.Marquee:
    case TagId.Object:
      // "If the stack of open elements does not have an element in scope that is
      // an HTML element with the same tag name as that of the token, then this is
      // a parse error; ignore the token."
      if (!stack.hasInScope(id)) {
        endTagNotInScope(tb, token, id);
        return DONE;
      }
      // Step 1. "Generate implied end tags."
      stack.generateImpliedEndTags();
      // Step 2. "If the current node is not an HTML element with the same tag name as that of the token, then this is a parse error."
      tb.expectCurrentNode(id, token);
      // Step 3. "Pop elements from the stack of open elements until an HTML
      // element with the same tag name as the token has been popped from the stack."
      popUntilClosedBy(tb, id, token);
      // Step 4. "Clear the list of active formatting elements up to the last marker."
      tb.activeFormattingElements.clearToLastMarker();
      return DONE;
    // "An end tag whose tag name is "br""
    case TagId.Br: {
      // "Parse error. Drop the attributes from the token, and act as described
      // in the next entry; i.e. act as if this was a "br" start tag token with
      // no attributes, rather than the end tag token that it actually is."
      tb.tokenError(TreeErrorCode.EndTagBr, token);
      reconstructTheActiveFormattingElements(tb);
      tb.insertAnImpliedHtmlElement(TagId.Br);
      stack.pop();
      tb.framesetOk = false;
      return DONE;
    }
  }
  // "Any other end tag"
  anyOtherEndTagInBody(tb, token);
  return DONE;
}

/** "An end tag whose tag name is "form"" */
function endTagFormInBody(tb: TreeBuilder, token: EndTagToken): Step {
  const stack = tb.openElements;
  // "If the parser is not parsing template contents, then run these substeps:"
  // (whatwg/html#12911; it read "If there is no template element on the stack
  // of open elements": a template-context fragment took the pointer branch.)
  if (!tb.parsingTemplateContents()) {
    // Step 1. "Let node be the element that the form element pointer is set to, or null if it is not set to an element."
    const node = tb.formElement;
    // Step 2. "Set the form element pointer to null."
    tb.formElement = null;
    // Step 3. "If node is null or the stack of open elements does not have node
    // in scope, then this is a parse error; return and ignore the token."
    if (node === null || !stack.hasElementInScope(node, TagId.Form)) {
      if (node === null || stack.indexOfWithKey(node, TagId.Form) < 0) tb.tokenError(TreeErrorCode.StrayEndTag, token);
      else tb.tokenError(TreeErrorCode.MisnestedEndTag, token, node);
      return DONE;
    }
    // Step 4. "Generate implied end tags."
    stack.generateImpliedEndTags();
    // Step 5. "If the current node is not node, then this is a parse error."
    if (stack.current !== node) tb.tokenError(TreeErrorCode.UnclosedElement, token, stack.current);
    // Step 6. "Remove node from the stack of open elements."
    tb.setEndTag(node, token);
    stack.removeAt(stack.indexOfWithKey(node, TagId.Form));
    return DONE;
  }
  // "If the parser is parsing template contents, then run these substeps instead:"
  // Step 1. "If the stack of open elements does not have a form element in
  // scope, then this is a parse error; return and ignore the token."
  if (!stack.hasInScope(TagId.Form)) {
    endTagNotInScope(tb, token, TagId.Form);
    return DONE;
  }
  // Step 2. "Generate implied end tags."
  stack.generateImpliedEndTags();
  // Step 3. "If the current node is not a form element, then this is a parse error."
  tb.expectCurrentNode(TagId.Form, token);
  // Step 4. "Pop elements from the stack of open elements until a form element has been popped from the stack."
  popUntilClosedBy(tb, TagId.Form, token);
  return DONE;
}

