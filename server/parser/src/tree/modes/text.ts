/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incdata
 */
import { switchAndReprocess } from '../using-the-rules';
import type { TagId } from '../tag-id';
import { DONE, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import { TreeErrorCode } from '../tree-error-codes';

export function textMode(tb: TreeBuilder, token: TreeToken, _id: TagId): Step {
  switch (token.type) {
    // "A character token: Insert the token's character."
    case 'characters':
      tb.insertCharacters(token.data, token.start, token.end);
      return DONE;
    // "An end-of-file token"
    case 'eof': {
      // "Parse error."
      tb.tokenError(TreeErrorCode.EofWithUnclosedElement, token, tb.currentNode);
      // NOOP(spec): "If the current node is a script element, then set its already started to true."
      // "Pop the current node off the stack of open elements."
      tb.openElements.pop();
      // "Switch the insertion mode to the original insertion mode and reprocess the token."
      return switchAndReprocess(tb, tb.originalInsertionMode);
    }
    // "An end tag whose tag name is "script"" / "Any other end tag"
    case 'endTag':
      // "Pop the current node off the stack of open elements."
      tb.setEndTag(tb.currentNode, token);
      tb.openElements.pop();
      // "Switch the insertion mode to the original insertion mode."
      tb.insertionMode = tb.originalInsertionMode;
      // NOOP(spec): the remaining steps for a script end tag prepare and run the script.
      return DONE;
    default:
      // The tokenizer emits only characters and the appropriate end tag in the text-like states.
      return DONE;
  }
}
