/**
 * The HTML fragment serialization algorithm.
 * https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments
 *
 * It serializes the *children* of the node it is given (a document, a
 * fragment or an element), the way `innerHTML` does. It walks the tree with an
 * explicit stack, so a 100,000-deep document cannot overflow the call stack.
 */

/**
 * The node shapes the serializer reads: the parser's DOM (see dom.ts)
 * satisfies them structurally.
 */
export interface SerializableAttribute {
  name: string;
  value: string;
  namespace: null | 'xlink' | 'xml' | 'xmlns';
  prefix?: string | null;
}

export type SerializableNode =
  | { kind: 'document'; children: readonly SerializableNode[] }
  | { kind: 'fragment'; children: readonly SerializableNode[] }
  | {
      kind: 'element';
      name: string;
      namespace: 'html' | 'svg' | 'math';
      attributes: readonly SerializableAttribute[];
      children: readonly SerializableNode[];
      content?: { children: readonly SerializableNode[] } | null;
    }
  | { kind: 'text'; data: string }
  | { kind: 'comment'; data: string }
  | { kind: 'processingInstruction'; target: string; data: string }
  | { kind: 'doctype'; name: string | null };

export interface SerializeOptions {
  /** Whether scripting is enabled: then `<noscript>` text is serialized as is. */
  scripting?: boolean;
}

/**
 * "For the purposes of the following algorithm, an element serializes as void
 * if its element type is one of the void elements, or is basefont, bgsound,
 * frame, keygen, or param."
 * https://html.spec.whatwg.org/multipage/syntax.html#void-elements
 */
const SERIALIZES_AS_VOID = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
  'basefont', 'bgsound', 'frame', 'keygen', 'param',
]);

/** Parents whose text children are appended as they are, without escaping. */
const RAW_TEXT_PARENTS = new Set(['style', 'script', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

type ElementNode = Extract<SerializableNode, { kind: 'element' }>;

function serializesAsVoid(node: SerializableNode): boolean {
  return node.kind === 'element' && node.namespace === 'html' && SERIALIZES_AS_VOID.has(node.name);
}

/** "If the node is a template element, then let the node instead be the template element's template contents." */
function childrenToSerialize(node: SerializableNode): readonly SerializableNode[] {
  if (node.kind === 'text' || node.kind === 'comment' || node.kind === 'processingInstruction' || node.kind === 'doctype') return [];
  if (node.kind === 'element' && node.namespace === 'html' && node.name === 'template' && node.content) {
    return node.content.children;
  }
  return node.children;
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#escapingString
 * "Replace any occurrence of the "&" character by the string "&amp;". Replace
 * any occurrences of the U+00A0 NO-BREAK SPACE character by the string
 * "&nbsp;". Replace any occurrences of the "<" character by the string "&lt;".
 * Replace any occurrences of the ">" character by the string "&gt;". If the
 * algorithm was invoked in the attribute mode, then replace any occurrences of
 * the """ character by the string "&quot;"."
 *
 * Escaping `<` and `>` in attribute mode follows the current spec (and
 * html5lib-tests since 2026-04-19); older text escaped them only in text.
 */
export function escapeString(s: string, attributeMode: boolean): string {
  // OPTIMIZATION: most strings need no escaping at all.
  if (!(attributeMode ? /[&\u00a0"<>]/ : /[&\u00a0<>]/).test(s)) return s;
  let out = s.replace(/&/g, '&amp;').replace(/\u00a0/g, '&nbsp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (attributeMode) out = out.replace(/"/g, '&quot;');
  return out;
}

/**
 * "An attribute's serialized name for the purposes of the previous paragraph
 * must be determined as follows": its local name with no namespace; `xml:`,
 * `xmlns`/`xmlns:` or `xlink:` and the local name in those namespaces.
 */
export function serializedAttributeName(attribute: SerializableAttribute): string {
  const colon = attribute.name.indexOf(':');
  const local = attribute.namespace !== null && colon >= 0 ? attribute.name.slice(colon + 1) : attribute.name;
  switch (attribute.namespace) {
    case null:
      return attribute.name;
    case 'xml':
      return 'xml:' + local;
    case 'xmlns':
      return local === 'xmlns' ? 'xmlns' : 'xmlns:' + local;
    case 'xlink':
      return 'xlink:' + local;
  }
}

function startTag(node: ElementNode): string {
  // "If current node is an element in the HTML namespace, the MathML namespace, or the SVG namespace, then let
  // tagname be current node's local name."
  let s = '<' + node.name;
  // "For each attribute that the element has, append a U+0020 SPACE character, the attribute's serialized name
  // as described below, a U+003D EQUALS SIGN character (=), a U+0022 QUOTATION MARK character ("), the
  // attribute's value, escaped as described below in attribute mode, and a second U+0022 QUOTATION MARK character (")."
  for (const attribute of node.attributes) {
    s += ' ' + serializedAttributeName(attribute) + '="' + escapeString(attribute.value, true) + '"';
  }
  return s + '>';
}

interface Frame {
  /** The node whose children are being serialized. */
  parent: SerializableNode;
  children: readonly SerializableNode[];
  index: number;
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-serialisation-algorithm
 * Returns the serialization of `node`'s children. Never throws on a tree the
 * parser built.
 */
export function serialize(node: SerializableNode, options: SerializeOptions = {}): string {
  const scripting = options.scripting === true;
  // "If the node serializes as void, then return the empty string."
  if (serializesAsVoid(node)) return '';
  const parts: string[] = [];
  const stack: Frame[] = [{ parent: node, children: childrenToSerialize(node), index: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.index >= frame.children.length) {
      stack.pop();
      // "... followed by a U+003C LESS-THAN SIGN character (<), a U+002F SOLIDUS character (/), tagname again,
      // and finally a U+003E GREATER-THAN SIGN character (>)."
      if (stack.length > 0 && frame.parent.kind === 'element') parts.push('</' + frame.parent.name + '>');
      continue;
    }
    // "For each child node of the node, in tree order, run the following steps: Let current node be the child
    // node being processed."
    const current = frame.children[frame.index++];
    switch (current.kind) {
      case 'element':
        parts.push(startTag(current));
        // "If current node serializes as void, then continue on to the next child node at this point."
        if (serializesAsVoid(current)) break;
        // "Append the value of running the HTML fragment serialization algorithm on the current node" (here by
        // pushing a frame instead of recursing).
        stack.push({ parent: current, children: childrenToSerialize(current), index: 0 });
        break;
      case 'text': {
        // "If the parent of current node is a style, script, xmp, iframe, noembed, noframes, or plaintext
        // element, or if the parent of current node is a noscript element and scripting is enabled for the
        // node, then append the value of current node's data IDL attribute literally. Otherwise, append the
        // value of current node's data IDL attribute, escaped as described below."
        const parent = frame.parent;
        const literal =
          parent.kind === 'element' &&
          parent.namespace === 'html' &&
          (RAW_TEXT_PARENTS.has(parent.name) || (scripting && parent.name === 'noscript'));
        parts.push(literal ? current.data : escapeString(current.data, false));
        break;
      }
      case 'comment':
        // "Append the literal string "<!--", followed by the value of current node's data IDL attribute,
        // followed by the literal string "-->"."
        parts.push('<!--' + current.data + '-->');
        break;
      case 'processingInstruction':
        // "Append the literal string "<?", followed by the value of current node's target IDL attribute,
        // followed by a single U+0020 SPACE character, followed by the value of current node's data IDL
        // attribute, followed by the literal string "?>"." (Chromium 156 writes `<?x y?>` for `<?x y>`.)
        parts.push('<?' + current.target + ' ' + current.data + '?>');
        break;
      case 'doctype':
        // "Append the literal string "<!DOCTYPE", followed by a space (U+0020 SPACE), followed by the value of
        // current node's name IDL attribute, followed by the literal string ">"."
        parts.push('<!DOCTYPE ' + (current.name ?? '') + '>');
        break;
      default:
        // A document or fragment nested as a child does not occur in a parsed tree; serialize its children.
        stack.push({ parent: current, children: childrenToSerialize(current), index: 0 });
    }
  }
  return parts.join('');
}
