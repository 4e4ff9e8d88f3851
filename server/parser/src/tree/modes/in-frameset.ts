/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inframeset
 */
import type { CharactersToken, EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, isAsciiWhitespace, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';
import { characterInBody } from './in-body';

/**
 * "A character token that is one of [ASCII whitespace]: Insert the character."
 * "Anything else: Parse error. Ignore the token." For a characters token:
 * inserts its whitespace (with the "in body" rules when `usingInBody`) and
 * reports each other character.
 */
export function insertWhitespaceIgnoreOthers(tb: TreeBuilder, token: CharactersToken, usingInBody = false): Step {
  const data = token.data;
  let runStart = -1;
  for (let i = 0; i <= data.length; i++) {
    const ws = i < data.length && isAsciiWhitespace(data.charCodeAt(i));
    if (ws) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0) {
      const start = tb.sourceOffsetIn(token, runStart);
      const end = i === data.length ? token.end : tb.sourceOffsetIn(token, i);
      if (usingInBody) characterInBody(tb, { type: 'characters', data: data.slice(runStart, i), start, end });
      else tb.insertCharacters(data.slice(runStart, i), start, end);
      runStart = -1;
    }
    if (i < data.length) {
      const c = data.charCodeAt(i);
      const start = tb.sourceOffsetIn(token, i);
      const wide = c >= 0xd800 && c <= 0xdbff && i + 1 < data.length && (data.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      tb.error(TreeErrorCode.UnexpectedText, start, wide ? start + 2 : start + 1);
      if (wide) i++;
    }
  }
  return DONE;
}

export function inFramesetMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    case 'characters':
      return insertWhitespaceIgnoreOthers(tb, token);
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
      return startTagInFrameset(tb, token, id);
    case 'endTag':
      return endTagInFrameset(tb, token, id);
    // "An end-of-file token"
    case 'eof':
      // "If the current node is not the root html element, then this is a parse error."
      if (tb.openElements.length > 1) tb.tokenError(TreeErrorCode.EofWithUnclosedElement, token, tb.currentNode);
      // "Stop parsing."
      tb.stopParsing();
      return DONE;
  }
}

function startTagInFrameset(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  switch (id) {
    // "A start tag whose tag name is "html": Process the token using the rules for the "in body" insertion mode."
    case TagId.Html:
      return useRulesFor(tb, InsertionMode.InBody, token, id);
    // "A start tag whose tag name is "frameset": Insert an HTML element for the token."
    case TagId.Frameset:
      tb.insertAnHtmlElement(token);
      return DONE;
    // "A start tag whose tag name is "frame": Insert an HTML element for the
    // token. Immediately pop the current node off the stack of open elements.
    // Acknowledge the token's self-closing flag, if it is set."
    case TagId.Frame:
      tb.insertAnHtmlElement(token);
      tb.openElements.pop();
      tb.selfClosingFlagAcknowledged = true;
      return DONE;
    // "A start tag whose tag name is "noframes": Process the token using the rules for the "in head" insertion mode."
    case TagId.Noframes:
      return useRulesFor(tb, InsertionMode.InHead, token, id);
  }
  // "Anything else: Parse error. Ignore the token."
  tb.tokenError(TreeErrorCode.UnexpectedStartTag, token);
  return DONE;
}

function endTagInFrameset(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  // "An end tag whose tag name is "frameset""
  if (id === TagId.Frameset) {
    const stack = tb.openElements;
    // "If the current node is the root html element, then this is a parse error; ignore the token. (fragment case)"
    if (stack.length === 1) {
      tb.tokenError(TreeErrorCode.StrayEndTag, token);
      return DONE;
    }
    // "Otherwise, pop the current node from the stack of open elements."
    tb.setEndTag(stack.current, token);
    stack.pop();
    // "If the parser was not created as part of the HTML fragment parsing
    // algorithm (fragment case), and the current node is no longer a frameset
    // element, then switch the insertion mode to "after frameset"."
    if (!tb.isFragmentCase && stack.currentKey !== TagId.Frameset) tb.insertionMode = InsertionMode.AfterFrameset;
    return DONE;
  }
  // "Anything else: Parse error. Ignore the token."
  tb.tokenError(TreeErrorCode.UnexpectedEndTag, token);
  return DONE;
}
