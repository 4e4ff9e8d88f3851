/**
 * The public entry points: parse a document, or parse a fragment in the
 * context of an element.
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing
 * https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm
 */
import { computeRanges, createDocument, createDocumentFragment, createElement, type Document, type DocumentFragment, type Namespace } from '../dom';
import type { ParseError } from '../errors';
import { asciiLowercase } from '../tokenizer/code-points';
import { State } from '../tokenizer/state';
import { runTheTokenizer } from '../tokenizer/run';
import { TREE_CONSTRUCTION } from './dispatch';
import { Tokenizer } from '../tokenizer/tokenizer';
import { CHECKPOINT_INTERVAL, CheckpointRecorder } from './checkpoint';
import { PieceText } from '../piece-text';
import { Span } from '../span';
import { setIncrementalState } from './state';
import { InsertionMode } from './insertion-mode';
import { NsBits, TagId, tagIdOf } from './tag-id';
import { TreeBuilder } from './tree-builder';
import { resetTheInsertionModeAppropriately } from './reset-the-insertion-mode';

export interface ParseOptions {
  /** https://html.spec.whatwg.org/multipage/parsing.html#scripting-flag (default: true, as in a browser). */
  scripting?: boolean;
}

export interface DocumentParseOptions extends ParseOptions {
  /**
   * Characters between the checkpoints an incremental `reparse` restarts
   * from (default 4096). Smaller: less to reparse per edit, more memory.
   */
  checkpointInterval?: number;
}

export interface ParseFragmentOptions extends ParseOptions {
  /** The context element's namespace (default: 'html'). */
  contextNamespace?: Namespace;
}

export interface ParseResult {
  document: Document;
  /** Tokenizer and tree-construction parse errors, in the order they were raised. */
  errors: ParseError[];
}

export interface ParseFragmentResult {
  fragment: DocumentFragment;
  errors: ParseError[];
}

/**
 * Parses a whole document. Never throws on any string.
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing
 */
export function parse(input: string, options: DocumentParseOptions = {}): ParseResult {
  const errors: ParseError[] = [];
  const scripting = options.scripting ?? true;
  const document = createDocument(new Span(0));
  const tb = new TreeBuilder(input, document, errors, { scripting }, null, -1, TREE_CONSTRUCTION);
  const tokenizer = new Tokenizer(input, tb, errors);
  tb.tokenizer = tokenizer;
  // Checkpoints for incremental reparsing (see checkpoint.ts).
  const interval = Math.max(1, Math.floor(options.checkpointInterval ?? CHECKPOINT_INTERVAL));
  const recorder = new CheckpointRecorder(tb, 0, 0, (index) => index, interval);
  recorder.takeAt(0, document.span);
  tb.afterToken = (token) => recorder.afterToken(token);
  runTheTokenizer(tokenizer);
  document.start = 0;
  document.end = input.length;
  computeRanges(document);
  setIncrementalState(document, {
    text: PieceText.of(input),
    scripting,
    checkpointInterval: interval,
    checkpoints: recorder.checkpoints,
  });
  return { document, errors };
}

/**
 * A parse read once and dropped (the formatter's): the same tree and errors
 * as `parse`, without what only a later `reparse` needs. OPTIMIZATION: no
 * checkpoint recorder called after every token and no state kept for
 * reparsing; with `ranges: false` (the formatter's check, which reads the
 * second tree's names, attributes, data and children, and its errors), the
 * ranges of parent nodes are not widened to their contents
 * (`computeRanges`): each node's range is its own markup's. Never pass its
 * document to `reparse`.
 */
export function parseOnce(input: string, options: ParseOptions & { ranges?: boolean } = {}): ParseResult {
  const errors: ParseError[] = [];
  const document = createDocument(new Span(0));
  const tb = new TreeBuilder(input, document, errors, { scripting: options.scripting ?? true }, null, -1, TREE_CONSTRUCTION);
  const tokenizer = new Tokenizer(input, tb, errors);
  tb.tokenizer = tokenizer;
  runTheTokenizer(tokenizer);
  document.start = 0;
  document.end = input.length;
  if (options.ranges !== false) computeRanges(document);
  return { document, errors };
}

const NAMESPACE_BITS: Record<Namespace, NsBits> = { html: NsBits.HTML, svg: NsBits.SVG, math: NsBits.MathML };

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm
 * Parses `input` as the contents of a `contextName` element (in
 * `contextNamespace`, HTML by default) and returns the resulting children in
 * a fragment. Never throws on any string.
 */
export function parseFragment(input: string, contextName: string, options: ParseFragmentOptions = {}): ParseFragmentResult {
  const errors: ParseError[] = [];
  const namespace: Namespace = options.contextNamespace ?? 'html';
  const nsBits = NAMESPACE_BITS[namespace] ?? NsBits.HTML;
  const scripting = options.scripting ?? true;
  // An HTML element's local name is lowercase; SVG and MathML names keep their case (foreignObject).
  const localName = nsBits === NsBits.HTML ? asciiLowercase(contextName) : contextName;
  const span = new Span(0);
  const context = createElement(localName, namespace, [], null, 0, null, span);
  const contextId = tagIdOf(asciiLowercase(localName));
  const contextKey = contextId | nsBits;
  // Step 1. "Let document be a new Document node, and mark it as being an HTML document."
  // Step 2. "If context's node document is in quirks mode, then set document's
  // mode to "quirks"." (The context here belongs to a no-quirks document.)
  const document = createDocument(span);
  // Step 3. "Let parser be a new HTML parser, and associate it with document."
  const tb = new TreeBuilder(input, document, errors, { scripting }, context, contextKey, TREE_CONSTRUCTION);
  const tokenizer = new Tokenizer(input, tb, errors);
  tb.tokenizer = tokenizer;
  // Step 4. "Set the state of parser's tokenization stage as follows, switching on the context element:"
  if (nsBits === NsBits.HTML) {
    switch (contextId) {
      // "title", "textarea": "Switch the tokenizer to the RCDATA state."
      case TagId.Title:
      case TagId.Textarea:
        tokenizer.switchTo(State.RCDATA);
        break;
      // "style", "xmp", "iframe", "noembed", "noframes": "Switch the tokenizer to the RAWTEXT state."
      case TagId.Style:
      case TagId.Xmp:
      case TagId.Iframe:
      case TagId.Noembed:
      case TagId.Noframes:
        tokenizer.switchTo(State.RAWTEXT);
        break;
      // "script": "Switch the tokenizer to the script data state."
      case TagId.Script:
        tokenizer.switchTo(State.ScriptData);
        break;
      // "noscript": "If the scripting flag is enabled, switch the tokenizer to the RAWTEXT state. Otherwise, leave the tokenizer in the data state."
      case TagId.Noscript:
        if (scripting) tokenizer.switchTo(State.RAWTEXT);
        break;
      // "plaintext": "Switch the tokenizer to the PLAINTEXT state."
      case TagId.Plaintext:
        tokenizer.switchTo(State.PLAINTEXT);
        break;
      // "Any other element": "Leave the tokenizer in the data state."
    }
  }
  // Step 5. "Let root be the result of creating an element given document, "html", and the HTML namespace."
  const root = createElement('html', 'html', [], null, 0, null, span);
  // Step 6. "Append root to document."
  root.parent = document;
  document.children.push(root);
  // Step 7. "Set up parser's stack of open elements so that it contains just the single element root."
  tb.openElements.push(root, TagId.Html);
  // Step 8. "If context is a template element, then push "in template" onto
  // the stack of template insertion modes so that it is the new current template insertion mode."
  if (contextKey === TagId.Template) tb.templateInsertionModes.push(InsertionMode.InTemplate);
  // Step 9. "Create a start tag token whose name is the local name of context
  // and whose attributes are the attributes of context." (The context has none.)
  // Step 10. "Reset the insertion mode appropriately."
  resetTheInsertionModeAppropriately(tb);
  // Step 11. "Set parser's form element pointer to the nearest node to context
  // that is a form element (going straight up the ancestor chain, and
  // including the element itself, if it is a form element), if any."
  if (contextKey === TagId.Form) tb.formElement = context;
  // Step 12. "Place the input into the input stream for the HTML parser just
  // created. The encoding confidence is irrelevant." Step 13. "Start the
  // parser and let it run until it has consumed all the characters just
  // inserted into the input stream."
  runTheTokenizer(tokenizer);
  // Step 14. "Return root's children, in tree order."
  const fragment = createDocumentFragment(null, 0, span);
  fragment.children = root.children;
  root.children = [];
  for (const child of fragment.children) child.parent = fragment;
  fragment.start = 0;
  fragment.end = input.length;
  computeRanges(fragment);
  return { fragment, errors };
}
