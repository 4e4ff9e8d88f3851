/**
 * The tree construction dispatcher and the two ways the rules hand a token on.
 * https://html.spec.whatwg.org/multipage/parsing.html#tree-construction-dispatcher
 */
import { InsertionMode } from './insertion-mode';
import { ForeignKey, NsBits, TagId, tagIdOf } from './tag-id';
import { MATHML_TEXT_INTEGRATION_POINTS } from './tag-sets';
import { SelectedcontentTracker } from './selectedcontent';
import type { Step, TreeBuilder, TreeConstruction, TreeToken } from './tree-builder';
import { initialMode } from './modes/initial';
import { beforeHtmlMode } from './modes/before-html';
import { beforeHeadMode } from './modes/before-head';
import { inHeadMode } from './modes/in-head';
import { inHeadNoscriptMode } from './modes/in-head-noscript';
import { afterHeadMode } from './modes/after-head';
import { inBodyMode } from './modes/in-body';
import { textMode } from './modes/text';
import { inTableMode } from './modes/in-table';
import { inTableTextMode } from './modes/in-table-text';
import { inCaptionMode } from './modes/in-caption';
import { inColumnGroupMode } from './modes/in-column-group';
import { inTableBodyMode } from './modes/in-table-body';
import { inRowMode } from './modes/in-row';
import { inCellMode } from './modes/in-cell';
import { inTemplateMode } from './modes/in-template';
import { afterBodyMode } from './modes/after-body';
import { inFramesetMode } from './modes/in-frameset';
import { afterFramesetMode } from './modes/after-frameset';
import { afterAfterBodyMode } from './modes/after-after-body';
import { afterAfterFramesetMode } from './modes/after-after-frameset';
import { foreignContent } from './modes/foreign-content';

/**
 * The tag id of a tag token's name (`Unknown` for other tokens). Computed
 * per dispatch, since a rule may rename the token (`image` → `img`).
 */
function idOf(token: TreeToken): TagId {
  return token.type === 'startTag' || token.type === 'endTag' ? tagIdOf(token.name) : TagId.Unknown;
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#tree-construction-dispatcher
 * "As each token is emitted from the tokenizer, the user agent must follow
 * the appropriate steps from the following list, known as the tree
 * construction dispatcher". Returns REPROCESS when the token must go through
 * the dispatcher again.
 */
export function dispatch(tb: TreeBuilder, token: TreeToken): Step {
  const id = idOf(token);
  const key = tb.adjustedCurrentNodeKey();
  if (
    // "If the stack of open elements is empty"
    key < 0 ||
    // "If the adjusted current node is an element in the HTML namespace"
    (key & 0x300) === NsBits.HTML ||
    // "If the token is an end-of-file token"
    token.type === 'eof'
  ) {
    return processInInsertionMode(tb, tb.insertionMode, token, id);
  }
  if (MATHML_TEXT_INTEGRATION_POINTS[key] === 1) {
    // "If the adjusted current node is a MathML text integration point and the
    // token is a start tag whose tag name is neither "mglyph" nor "malignmark""
    if (token.type === 'startTag' && id !== TagId.Mglyph && id !== TagId.Malignmark) {
      return processInInsertionMode(tb, tb.insertionMode, token, id);
    }
    // "If the adjusted current node is a MathML text integration point and the token is a character token"
    if (token.type === 'characters') return processInInsertionMode(tb, tb.insertionMode, token, id);
  }
  // "If the adjusted current node is a MathML annotation-xml element and the token is a start tag whose tag name is "svg""
  if (key === ForeignKey.MathAnnotationXml && token.type === 'startTag' && id === TagId.Svg) {
    return processInInsertionMode(tb, tb.insertionMode, token, id);
  }
  // "If the adjusted current node is an HTML integration point and the token is a start tag"
  // "If the adjusted current node is an HTML integration point and the token is a character token"
  if ((token.type === 'startTag' || token.type === 'characters') && tb.isHtmlIntegrationPoint(tb.adjustedCurrentNode()!, key)) {
    return processInInsertionMode(tb, tb.insertionMode, token, id);
  }
  // "Otherwise: Process the token according to the rules given in the section for parsing tokens in foreign content."
  return foreignContent(tb, token, id);
}

/** The (insertion mode × token) table's first axis. */
export function processInInsertionMode(tb: TreeBuilder, mode: InsertionMode, token: TreeToken, id: TagId): Step {
  switch (mode) {
    case InsertionMode.Initial: return initialMode(tb, token, id);
    case InsertionMode.BeforeHtml: return beforeHtmlMode(tb, token, id);
    case InsertionMode.BeforeHead: return beforeHeadMode(tb, token, id);
    case InsertionMode.InHead: return inHeadMode(tb, token, id);
    case InsertionMode.InHeadNoscript: return inHeadNoscriptMode(tb, token, id);
    case InsertionMode.AfterHead: return afterHeadMode(tb, token, id);
    case InsertionMode.InBody: return inBodyMode(tb, token, id);
    case InsertionMode.Text: return textMode(tb, token, id);
    case InsertionMode.InTable: return inTableMode(tb, token, id);
    case InsertionMode.InTableText: return inTableTextMode(tb, token, id);
    case InsertionMode.InCaption: return inCaptionMode(tb, token, id);
    case InsertionMode.InColumnGroup: return inColumnGroupMode(tb, token, id);
    case InsertionMode.InTableBody: return inTableBodyMode(tb, token, id);
    case InsertionMode.InRow: return inRowMode(tb, token, id);
    case InsertionMode.InCell: return inCellMode(tb, token, id);
    case InsertionMode.InTemplate: return inTemplateMode(tb, token, id);
    case InsertionMode.AfterBody: return afterBodyMode(tb, token, id);
    case InsertionMode.InFrameset: return inFramesetMode(tb, token, id);
    case InsertionMode.AfterFrameset: return afterFramesetMode(tb, token, id);
    case InsertionMode.AfterAfterBody: return afterAfterBodyMode(tb, token, id);
    case InsertionMode.AfterAfterFrameset: return afterAfterFramesetMode(tb, token, id);
  }
}

/**
 * What the tree builder calls to process a token (`TreeBuilder.construction`):
 * the dispatcher and the insertion modes' table live here, where the modes
 * are imported, and the tree builder, which every mode imports, imports none
 * of them.
 */
export const TREE_CONSTRUCTION: TreeConstruction = {
  dispatch,
  processInInsertionMode,
  selectedcontentSteps: (tb) => new SelectedcontentTracker(tb),
};
