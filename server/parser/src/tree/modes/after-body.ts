/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-afterbody
 */
import type { CharactersToken, EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { switchAndReprocess, useRulesFor } from '../using-the-rules';
import { InsertionMode } from '../insertion-mode';
import { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';
import { characterInBody } from './in-body';

/**
 * Processes the leading ASCII whitespace of a characters token with the "in
 * body" rules; leaves the rest in the token. Returns true when characters remain.
 */
export function leadingWhitespaceInBody(tb: TreeBuilder, token: CharactersToken): boolean {
  const data = token.data;
  let i = 0;
  while (i < data.length) {
    const c = data.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0c && c !== 0x0d) break;
    i++;
  }
  if (i === 0) return true;
  if (i === data.length) {
    characterInBody(tb, token);
    return false;
  }
  const split = tb.sourceOffsetIn(token, i);
  characterInBody(tb, { type: 'characters', data: data.slice(0, i), start: token.start, end: split });
  token.data = data.slice(i);
  token.start = split;
  tb.tokenStart = split;
  return true;
}

export function afterBodyMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    // "A character token that is one of [ASCII whitespace]: Process the token using the rules for the "in body" insertion mode."
    case 'characters':
      if (!leadingWhitespaceInBody(tb, token)) return DONE;
      break;
    // "A comment token: Insert a comment as the last child of the first element in the stack of open elements (the html element)."
    case 'comment':
      tb.insertAComment(token, tb.openElements.elements[0]);
      return DONE;
    // "A processing instruction token: Insert a processing instruction as the last child of the first element in the stack of open elements (the html element)." (whatwg/html 320c05f6)
    case 'processingInstruction':
      tb.insertAProcessingInstruction(token, tb.openElements.elements[0]);
      return DONE;
    // "A DOCTYPE token: Parse error. Ignore the token."
    case 'doctype':
      tb.tokenError(TreeErrorCode.UnexpectedDoctype, token);
      return DONE;
    case 'startTag':
      return startTagInAfterBody(tb, token, id);
    case 'endTag':
      return endTagInAfterBody(tb, token, id);
    // "An end-of-file token: Stop parsing."
    case 'eof':
      tb.stopParsing();
      return DONE;
  }
  return anythingElseInAfterBody(tb, token);
}

function startTagInAfterBody(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  // "A start tag whose tag name is "html": Process the token using the rules for the "in body" insertion mode."
  if (id === TagId.Html) return useRulesFor(tb, InsertionMode.InBody, token, id);
  return anythingElseInAfterBody(tb, token);
}

function endTagInAfterBody(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  // "An end tag whose tag name is "html""
  if (id === TagId.Html) {
    // "If the parser was created as part of the HTML fragment parsing algorithm,
    // this is a parse error; ignore the token. (fragment case)"
    if (tb.isFragmentCase) {
      tb.tokenError(TreeErrorCode.UnexpectedEndTag, token);
      return DONE;
    }
    // "Otherwise, switch the insertion mode to "after after body"."
    tb.setEndTag(tb.openElements.elements[0], token);
    tb.insertionMode = InsertionMode.AfterAfterBody;
    return DONE;
  }
  return anythingElseInAfterBody(tb, token);
}

/** "Anything else: Parse error. Switch the insertion mode to "in body" and reprocess the token." */
function anythingElseInAfterBody(tb: TreeBuilder, token: TreeToken): Step {
  tb.error(TreeErrorCode.ContentAfterBody, token.start, token.type === 'characters' ? token.start + 1 : token.end);
  return switchAndReprocess(tb, InsertionMode.InBody);
}
