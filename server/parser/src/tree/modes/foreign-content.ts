/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign
 */
import type { CharactersToken, EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { useRulesFor } from '../using-the-rules';
import { SVG_TAG_NAME_ADJUSTMENTS } from '../foreign-adjustments';
import { NsBits, TagId } from '../tag-id';
import { BREAKOUT_START_TAGS, MATHML_TEXT_INTEGRATION_POINTS } from '../tag-sets';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';
import { hasNonWhitespace } from './in-body';

export function foreignContent(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  switch (token.type) {
    case 'characters':
      return characterInForeignContent(tb, token);
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
      return startTagInForeignContent(tb, token, id);
    case 'endTag':
      return endTagInForeignContent(tb, token, id);
    default:
      // The dispatcher sends end-of-file tokens to the insertion mode.
      return DONE;
  }
}

function characterInForeignContent(tb: TreeBuilder, token: CharactersToken): Step {
  // "A character token that is U+0000 NULL: Parse error. Insert a U+FFFD REPLACEMENT CHARACTER character."
  // (A NULL from the data or CDATA section state is always a chunk of its own.)
  if (token.data.charCodeAt(0) === 0) {
    tb.tokenError(TreeErrorCode.NullCharacterIgnored, token);
    tb.insertCharacters('\ufffd', token.start, token.end);
    return DONE;
  }
  // "A character token that is one of [ASCII whitespace]: Insert the token's character."
  // "Any other character token: Insert the token's character. Set the frameset-ok flag to "not ok"."
  tb.insertCharacters(token.data, token.start, token.end);
  if (tb.framesetOk && hasNonWhitespace(token.data)) tb.framesetOk = false;
  return DONE;
}

/** True for a font start tag with a color, face or size attribute. */
function isFontWithPresentationalAttribute(token: StartTagToken): boolean {
  for (const a of token.attributes) if (a.name === 'color' || a.name === 'face' || a.name === 'size') return true;
  return false;
}

/**
 * The start tags that break out of foreign content, and the end tags "br" and
 * "p": "Parse error. While the current node is not a MathML text integration
 * point, an HTML integration point, or an element in the HTML namespace, pop
 * elements from the stack of open elements. Reprocess the token according to
 * the rules given in the section corresponding to the current insertion mode
 * in HTML content."
 */
function breakOutOfForeignContent(tb: TreeBuilder, token: StartTagToken | EndTagToken, id: TagId): Step {
  const stack = tb.openElements;
  tb.tokenError(TreeErrorCode.HtmlStartTagInForeignContent, token, stack.current);
  for (;;) {
    const key = stack.currentKey;
    if ((key & 0x300) === NsBits.HTML || MATHML_TEXT_INTEGRATION_POINTS[key] === 1 || tb.isHtmlIntegrationPoint(stack.current, key)) break;
    stack.pop();
  }
  return useRulesFor(tb, tb.insertionMode, token, id);
}

function startTagInForeignContent(tb: TreeBuilder, token: StartTagToken, id: TagId): Step {
  if (BREAKOUT_START_TAGS[id] === 1 || (id === TagId.Font && isFontWithPresentationalAttribute(token))) {
    return breakOutOfForeignContent(tb, token, id);
  }
  // "Any other start tag"
  const adjusted = tb.adjustedCurrentNodeKey();
  const namespace: NsBits = adjusted & 0x300;
  // "If the adjusted current node is an element in the MathML namespace, adjust MathML attributes for the token."
  // "If the adjusted current node is an element in the SVG namespace, and the
  // token's tag name is one of the ones in the first column of the following
  // table, change the tag name to the name given in the corresponding cell in
  // the second column."
  // "If the adjusted current node is an element in the SVG namespace, adjust SVG attributes for the token."
  // "Adjust foreign attributes for the token."
  // (The attribute adjustments happen as the element's attributes are made.)
  const name = namespace === NsBits.SVG ? SVG_TAG_NAME_ADJUSTMENTS.get(token.name) ?? null : null;
  // "Insert a foreign element for the token, with adjusted current node's namespace and false."
  tb.insertAForeignElement(token, namespace, false, name);
  // "If the token has its self-closing flag set, then run the appropriate steps from the following list:"
  if (token.selfClosing) {
    // "If the token's tag name is "script", and the new current node is in the
    // SVG namespace: Acknowledge the token's self-closing flag, and then act as
    // described in the steps for a "script" end tag below."
    // "Otherwise: Pop the current node off the stack of open elements and acknowledge the token's self-closing flag."
    tb.openElements.pop();
    tb.selfClosingFlagAcknowledged = true;
  }
  return DONE;
}

function endTagInForeignContent(tb: TreeBuilder, token: EndTagToken, id: TagId): Step {
  // "An end tag whose tag name is "br", "p"": as the breakout start tags.
  if (id === TagId.Br || id === TagId.P) return breakOutOfForeignContent(tb, token, id);
  const stack = tb.openElements;
  // "An end tag whose tag name is "script", if the current node is an SVG script element":
  // "Pop the current node off the stack of open elements." NOOP(spec): the
  // rest runs the script. This is also what the steps below do for it.
  // "Any other end tag: Run these steps:"
  const name = token.name;
  // Step 1. "Initialize node to be the current node (the bottommost node of the stack)."
  let index = stack.length - 1;
  let node = stack.elements[index];
  // Step 2. "If node's tag name, converted to ASCII lowercase, is not the same
  // as the tag name of the token, then this is a parse error."
  if (asciiLowercaseName(node.name) !== name) tb.tokenError(TreeErrorCode.UnclosedElement, token, node);
  // Step 3. Loop: "If node is the topmost element in the stack of open elements, then return. (fragment case)"
  for (;;) {
    if (index === 0) return DONE;
    // Step 4. "If node's tag name, converted to ASCII lowercase, is the same as
    // the tag name of the token, pop elements from the stack of open elements
    // until node has been popped from the stack, and then return."
    if (asciiLowercaseName(node.name) === name) {
      tb.setEndTag(node, token);
      stack.popTo(index);
      return DONE;
    }
    // Step 5. "Set node to the previous entry in the stack of open elements."
    index--;
    node = stack.elements[index];
    // Step 6. "If node is not an element in the HTML namespace, return to the step labeled loop."
    if ((stack.keys[index] & 0x300) !== NsBits.HTML) continue;
    // Step 7. "Otherwise, process the token according to the rules given in
    // the section corresponding to the current insertion mode in HTML content."
    return useRulesFor(tb, tb.insertionMode, token, id);
  }
}

/** ASCII lowercase of an element name (SVG names like foreignObject have capitals). */
function asciiLowercaseName(name: string): string {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) return name.replace(/[A-Z]/g, (m) => m.toLowerCase());
  }
  return name;
}
