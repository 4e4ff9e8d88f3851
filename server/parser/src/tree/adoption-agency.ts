/**
 * https://html.spec.whatwg.org/multipage/parsing.html#adoption-agency-algorithm
 */
import type { EndTagToken, StartTagToken } from '../tokenizer/tokens';
import { anyOtherEndTagInBody } from './modes/any-other-end-tag-in-body';
import type { TagId } from './tag-id';
import { SPECIAL } from './tag-sets';
import { appropriatePlaceForInsertingANode } from './appropriate-place-for-inserting-a-node';
import { appendChild } from './children';
import { cloneElement } from './create-an-element';
import type { TreeBuilder } from './tree-builder';
import { TreeErrorCode } from './tree-error-codes';
import { logAppendToCopy, logMoveChildren } from './mutation-log';

/**
 * "The adoption agency algorithm, which takes as its only argument a token
 * token for which the algorithm is being run". `id` is the token's tag id
 * (always a formatting element's).
 */
export function runTheAdoptionAgencyAlgorithm(tb: TreeBuilder, token: StartTagToken | EndTagToken, id: TagId): void {
  const stack = tb.openElements;
  const list = tb.activeFormattingElements;
  const isEndTag = token.type === 'endTag';
  // Step 1. "Let subject be token's tag name."
  const subject = token.name;
  // Step 2. "If the current node is an HTML element whose tag name is subject,
  // and the current node is not in the list of active formatting elements,
  // then pop the current node off the stack of open elements and return."
  if (stack.currentKey === id && !list.contains(stack.current)) {
    if (isEndTag) tb.setEndTag(stack.current, token);
    stack.pop();
    return;
  }
  // Step 3. "Let outerLoopCounter be 0."
  let outerLoopCounter = 0;
  // Step 4. "While true:"
  for (;;) {
    // Step 4.1. "If outerLoopCounter is greater than or equal to 8, then return."
    if (outerLoopCounter >= 8) return;
    // Step 4.2. "Increment outerLoopCounter by 1."
    outerLoopCounter++;
    // Step 4.3. "Let formattingElement be the last element in the list of
    // active formatting elements that: is between the end of the list and the
    // last marker in the list, if any, or the start of the list otherwise, and
    // has the tag name subject. If there is no such element, then return and
    // instead act as described in the "any other end tag" entry above."
    const formattingElement = list.lastElementAfterMarker(id, subject);
    // (This applies to the "a" and "nobr" start tags that run the algorithm too.)
    if (formattingElement === null) {
      anyOtherEndTagInBody(tb, token);
      return;
    }
    // Step 4.4. "If formattingElement is not in the stack of open elements,
    // then this is a parse error; remove the element from the list, and return."
    const formattingIndex = stack.indexOfWithKey(formattingElement, id);
    if (formattingIndex < 0) {
      tb.tokenError(TreeErrorCode.StrayEndTag, token);
      list.remove(formattingElement);
      return;
    }
    // Step 4.5. "If formattingElement is in the stack of open elements, but the
    // element is not in scope, then this is a parse error; return."
    if (!stack.hasElementInScope(formattingElement, id)) {
      tb.tokenError(TreeErrorCode.MisnestedEndTag, token, formattingElement);
      return;
    }
    // Step 4.6. "If formattingElement is not the current node, then this is a
    // parse error. (But do not return.)"
    if (formattingElement !== stack.current) tb.tokenError(TreeErrorCode.MisnestedFormattingElement, token, formattingElement);
    // Step 4.7. "Let furthestBlock be the topmost node in the stack of open
    // elements that is lower in the stack than formattingElement, and is an
    // element in the special category. There might not be one."
    let furthestBlockIndex = -1;
    for (let i = formattingIndex + 1; i < stack.length; i++) {
      if (SPECIAL[stack.keys[i]] === 1) {
        furthestBlockIndex = i;
        break;
      }
    }
    // Step 4.8. "If there is no furthestBlock, then the UA must first pop all
    // the nodes from the bottom of the stack of open elements, from the current
    // node up to and including formattingElement, then remove formattingElement
    // from the list of active formatting elements, and finally return."
    if (furthestBlockIndex < 0) {
      if (isEndTag) tb.setEndTag(formattingElement, token);
      stack.popTo(formattingIndex);
      list.remove(formattingElement);
      return;
    }
    const furthestBlock = stack.elements[furthestBlockIndex];
    const furthestBlockKey = stack.keys[furthestBlockIndex];
    // Step 4.9. "Let commonAncestor be the element immediately above formattingElement in the stack of open elements."
    const commonAncestor = stack.elements[formattingIndex - 1];
    const commonAncestorKey = stack.keys[formattingIndex - 1];
    // Step 4.10. "Let a bookmark note the position of formattingElement in the
    // list of active formatting elements relative to the elements on either
    // side of it in the list." (An index: new entries go before it.)
    let bookmark = list.indexOf(formattingElement);
    // Step 4.11. "Let node and lastNode be furthestBlock."
    let nodeIndex = furthestBlockIndex;
    let lastNode = furthestBlock;
    // Step 4.12. "Let innerLoopCounter be 0."
    let innerLoopCounter = 0;
    // Step 4.13. "While true:"
    for (;;) {
      // Step 4.13.1. "Increment innerLoopCounter by 1."
      innerLoopCounter++;
      // Step 4.13.2. "Let node be the element immediately above node in the
      // stack of open elements, or if node is no longer in the stack of open
      // elements (e.g. because it got removed by this algorithm), the element
      // that was immediately above node in the stack of open elements before node was removed."
      nodeIndex--;
      let node = stack.elements[nodeIndex];
      // Step 4.13.3. "If node is formattingElement, then break."
      if (node === formattingElement) break;
      // Step 4.13.4. "If innerLoopCounter is greater than 3 and node is in the
      // list of active formatting elements, then remove node from the list of
      // active formatting elements."
      let nodeListIndex = list.indexOf(node);
      if (innerLoopCounter > 3 && nodeListIndex >= 0) {
        list.removeAt(nodeListIndex);
        if (nodeListIndex < bookmark) bookmark--;
        nodeListIndex = -1;
      }
      // Step 4.13.5. "If node is not in the list of active formatting elements,
      // then remove node from the stack of open elements and continue."
      if (nodeListIndex < 0) {
        stack.removeAt(nodeIndex);
        continue;
      }
      // Step 4.13.6. "Create an element for the token for which the element
      // node was created, in the HTML namespace, with commonAncestor as the
      // intended parent; replace the entry for node in the list of active
      // formatting elements with an entry for the new element, replace the entry
      // for node in the stack of open elements with an entry for the new
      // element, and let node be the new element."
      const clone = cloneElement(node, lastNode.start, tb.span);
      list.replaceAt(nodeListIndex, clone);
      stack.replaceAt(nodeIndex, clone);
      node = clone;
      // Step 4.13.7. "If lastNode is furthestBlock, then move the
      // aforementioned bookmark to be immediately after the new node in the
      // list of active formatting elements."
      if (lastNode === furthestBlock) bookmark = nodeListIndex + 1;
      // Step 4.13.8. "Append lastNode to node."
      tb.removeNode(lastNode);
      lastNode.parent = node;
      appendChild(node, lastNode);
      logAppendToCopy(tb.span, node, lastNode);
      // Step 4.13.9. "Set lastNode to node."
      lastNode = node;
    }
    // Step 4.14. "Insert whatever lastNode ended up being in the appropriate
    // place for inserting a node, but using commonAncestor as the override target."
    tb.removeNode(lastNode);
    appropriatePlaceForInsertingANode(tb, commonAncestor, commonAncestorKey);
    if (tb.insertionParent!.kind !== 'document') tb.insertAtInsertionPlace(lastNode, true);
    // Step 4.15. "Create an element for the token for which formattingElement
    // was created, in the HTML namespace, with furthestBlock as the intended parent."
    const children = furthestBlock.children;
    const newElement = cloneElement(formattingElement, children.length > 0 ? children[0].start : tb.tokenStart, tb.span);
    // Step 4.16. "Take all of the child nodes of furthestBlock and append them
    // to the element created in the last step."
    newElement.children = children;
    for (let i = 0; i < children.length; i++) children[i].parent = newElement;
    furthestBlock.children = [];
    logMoveChildren(tb.span, furthestBlock, newElement, children.length, tb.tokenStart);
    // The removing steps of the options and selectedcontent elements moved (their insertion steps run when newElement is appended).
    if (tb.selects !== null) for (let i = 0; i < children.length; i++) tb.selects.removed(children[i], furthestBlock);
    // Step 4.17. "Append that new element to furthestBlock."
    tb.insertNode(furthestBlock, newElement, null);
    // Step 4.18. "Remove formattingElement from the list of active formatting
    // elements, and insert the new element into the list of active formatting
    // elements at the position of the aforementioned bookmark."
    const formattingListIndex = list.indexOf(formattingElement);
    const formattingKey = list.keys[formattingListIndex];
    list.removeAt(formattingListIndex);
    if (formattingListIndex < bookmark) bookmark--;
    list.insertAt(bookmark, newElement, formattingKey);
    // Step 4.19. "Remove formattingElement from the stack of open elements, and
    // insert the new element into the stack of open elements immediately below
    // the position of furthestBlock in that stack."
    if (isEndTag) tb.setEndTag(formattingElement, token);
    stack.removeAt(stack.indexOfWithKey(formattingElement, id));
    stack.insertAfter(stack.indexOfWithKey(furthestBlock, furthestBlockKey), newElement, formattingKey);
  }
}
