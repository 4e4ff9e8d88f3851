/**
 * The "any other end tag" rules of the "in body" insertion mode, in a file
 * of their own: "in body" runs them, and so does the adoption agency
 * algorithm, which "in body" runs.
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody
 */
import type { EndTagToken, StartTagToken } from '../../tokenizer/tokens';
import { NsBits, TagId, tagIdOf } from '../tag-id';
import { SPECIAL, keysOf } from '../tag-sets';
import type { TreeBuilder } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';

/**
 * "Any other end tag" (also where the adoption agency algorithm sends the
 * tokens it does not handle, start tags included).
 */
export function anyOtherEndTagInBody(tb: TreeBuilder, token: EndTagToken | StartTagToken): void {
  const stack = tb.openElements;
  const name = token.name;
  const id = tagIdOf(name);
  // OPTIMIZATION: with no HTML element of this name open, the loop below can
  // only end at a special element (the root html element is one): a parse error.
  if (id === TagId.Unknown ? !stack.hasOpenUnknown(name) : !stack.hasOpen(id)) {
    tb.tokenError(TreeErrorCode.StrayEndTag, token);
    return;
  }
  // Step 1. "Initialize node to be the current node (the bottommost node of the stack)."
  // Step 2. Loop: "If node is an HTML element with the same tag name as the token, then:"
  // Step 3. "Otherwise, if node is in the special category, then this is a parse error; ignore the token, and return."
  // Step 4. "Set node to the previous entry in the stack of open elements." Step 5. "Return to the step labeled loop."
  // OPTIMIZATION: the loop ends at the lowest element that is either special
  // or an HTML element with the token's name: walk a few entries, and find it
  // from the stack's key index beyond that.
  let found = -1;
  let special = -1;
  const limit = Math.max(0, stack.length - 16);
  for (let i = stack.length - 1; i >= limit; i--) {
    const key = stack.keys[i];
    if ((key & 0x300) === NsBits.HTML && stack.elements[i].name === name) {
      found = i;
      break;
    }
    if (SPECIAL[key] === 1) {
      special = i;
      break;
    }
  }
  if (found < 0 && special < 0) {
    found = lastOpenHtmlElementNamed(tb, name, id);
    special = stack.lastIndexOfOneOf(SPECIAL_KEYS);
    if (special > found) found = -1;
  }
  if (found >= 0) {
    const node = stack.elements[found];
    // Step 2.1. "Generate implied end tags, except for HTML elements with the same tag name as the token."
    stack.generateImpliedEndTags(stack.keys[found]);
    // Step 2.2. "If node is not the current node, then this is a parse error."
    if (stack.current !== node) tb.tokenError(TreeErrorCode.UnclosedElement, token, stack.current);
    // Step 2.3. "Pop all the nodes from the current node up to node, including node, then stop these steps."
    if (token.type === 'endTag') tb.setEndTag(node, token);
    stack.popUntilElementPopped(node);
    return;
  }
  // Step 3: the parse error, with the open element the end tag could not reach.
  const open = lastOpenHtmlElementNamed(tb, name, id);
  if (open < 0) tb.tokenError(TreeErrorCode.StrayEndTag, token);
  else tb.tokenError(TreeErrorCode.MisnestedEndTag, token, stack.elements[open]);
}

const SPECIAL_KEYS = keysOf(SPECIAL);

/** Index of the lowest open HTML element with this name, or -1. */
function lastOpenHtmlElementNamed(tb: TreeBuilder, name: string, id: TagId): number {
  const stack = tb.openElements;
  if (id !== TagId.Unknown) return stack.lastIndexOfKey(id);
  if (!stack.hasOpenUnknown(name)) return -1;
  for (let i = stack.lastIndexOfKey(TagId.Unknown); i >= 0; i = stack.previousWithSameKey(i)) {
    if (stack.elements[i].name === name) return i;
  }
  return -1;
}
