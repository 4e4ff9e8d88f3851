/**
 * Where white space renders, from the default display values of the
 * rendering section (https://html.spec.whatwg.org/multipage/rendering.html)
 * and CSS white space processing
 * (https://drafts.csswg.org/css-text-3/#white-space-phase-2: "A sequence of
 * collapsible spaces at the beginning of a line is removed", and at its end
 * "is removed"; https://www.w3.org/TR/CSS2/visuren.html#anonymous-block-level:
 * white space between block-level boxes generates no box).
 *
 * The formatter and its check both read these tables, so that the white
 * space the formatter may change is exactly the white space its check
 * ignores.
 */
import type { ChildNode, Element, Node } from '../dom';

/**
 * Elements whose default display is block-level: `block`, `list-item`,
 * `table` and the table-internal values.
 * https://html.spec.whatwg.org/multipage/rendering.html#flow-content-3 ("address, blockquote, center, dialog, div, figure, figcaption, footer, form, header, hr, legend, listing, main, p, plaintext, pre, search, xmp { display: block; }"),
 * https://html.spec.whatwg.org/multipage/rendering.html#sections-and-headings ("article, aside, h1, h2, h3, h4, h5, h6, hgroup, nav, section { display: block; }"),
 * https://html.spec.whatwg.org/multipage/rendering.html#lists ("dir, dd, dl, dt, menu, ol, ul { display: block; } li { display: list-item; }"),
 * https://html.spec.whatwg.org/multipage/rendering.html#tables-2 (table, caption, colgroup, col, thead, tbody, tfoot, tr, td, th),
 * https://html.spec.whatwg.org/multipage/rendering.html#the-fieldset-and-legend-elements (fieldset),
 * https://html.spec.whatwg.org/multipage/rendering.html#the-details-and-summary-elements (details, summary),
 * https://html.spec.whatwg.org/multipage/rendering.html#the-page ("html, body { display: block; }"),
 * https://html.spec.whatwg.org/multipage/rendering.html#frames-and-framesets (frameset, frame: laid out by the frameset, not as inline content).
 * `option` and `optgroup`: inside a `select` they are not inline content
 * (https://html.spec.whatwg.org/multipage/rendering.html#the-select-element-2).
 */
export const BLOCK_LEVEL: ReadonlySet<string> = new Set([
  'html', 'body',
  'address', 'blockquote', 'center', 'dialog', 'div', 'figure', 'figcaption', 'footer', 'form', 'header', 'hr', 'legend', 'listing', 'main', 'p', 'plaintext', 'pre', 'search', 'xmp',
  'article', 'aside', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hgroup', 'nav', 'section',
  'dir', 'dd', 'dl', 'dt', 'menu', 'ol', 'ul', 'li',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th',
  'fieldset', 'details', 'summary',
  'frameset', 'frame',
  'optgroup', 'option',
]);

/**
 * Elements whose box has no line boxes of its own, so that no white-space-only
 * text in it renders: table structure
 * (https://www.w3.org/TR/CSS2/tables.html#anonymous-boxes: "if a child C of a
 * 'table' or 'inline-table' box is an anonymous inline box that contains only
 * white space, it is treated as if it had 'display: none'", and the same for
 * row groups and rows), `head` (display: none), and `select`, `optgroup` and
 * `datalist`, whose text children are not rendered
 * (https://html.spec.whatwg.org/multipage/rendering.html#the-select-element-2).
 * Every child of these is a boundary.
 */
export const NO_LINE_BOXES: ReadonlySet<string> = new Set([
  'head', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup', 'select', 'optgroup', 'datalist', 'frameset',
]);

/**
 * Block containers: their start and end are the start and end of a line, so
 * white space there is removed. The block-level elements that hold line
 * boxes, and `button`, whose inside is a block formatting context
 * (https://html.spec.whatwg.org/multipage/rendering.html#button-layout).
 */
export function isBlockContainer(name: string): boolean {
  return (BLOCK_LEVEL.has(name) && !NO_LINE_BOXES.has(name)) || name === 'button';
}

/**
 * https://html.spec.whatwg.org/multipage/rendering.html#hidden-elements:
 * "area, base, basefont, datalist, head, link, meta, noembed, noframes,
 * param, rp, script, style, template, title { display: none; }". They make
 * no box, so white space on either side of one meets across it.
 */
const DISPLAY_NONE: ReadonlySet<string> = new Set([
  'area', 'base', 'basefont', 'datalist', 'head', 'link', 'meta', 'noembed', 'noframes', 'param', 'rp', 'script', 'style', 'template', 'title',
]);

/**
 * Elements whose inside the formatter never changes: white space renders
 * there (`pre`, `listing`, `plaintext`, `xmp` and `textarea` are
 * `white-space: pre`, https://html.spec.whatwg.org/multipage/rendering.html#flow-content-3
 * and #the-textarea-element-2), or their text is raw text the page reads
 * (script, style, title, iframe, noembed, noframes, noscript), or their
 * contents are not in the document (template), or they are foreign content,
 * where SVG's text layout has rules of its own.
 */
const OPAQUE: ReadonlySet<string> = new Set([
  'pre', 'listing', 'plaintext', 'xmp', 'textarea', 'script', 'style', 'title', 'iframe', 'noembed', 'noframes', 'noscript', 'template',
]);

/** Whether the formatter leaves everything inside `element` as written. */
export function isOpaque(element: Element): boolean {
  if (element.namespace !== 'html') return true;
  if (OPAQUE.has(element.name)) return true;
  // A `style` attribute that sets white-space or display: the defaults above do not hold there.
  for (const attribute of element.attributes) {
    if (attribute.name === 'style' && /white-space|display|float|position/i.test(attribute.value)) return true;
    if (attribute.name === 'wrap' && element.name === 'pre') return true;
  }
  return false;
}

/** Whether `node` makes no box: a comment, a processing instruction, a doctype, or an element that is display: none. */
export function isTransparent(node: ChildNode): boolean {
  if (node.kind !== 'element') return node.kind !== 'text';
  if (node.namespace !== 'html') return false;
  if (DISPLAY_NONE.has(node.name)) return true;
  for (const attribute of node.attributes) {
    // "[hidden]:not([hidden=until-found i]):not(embed) { display: none; }"
    if (attribute.name === 'hidden' && node.name !== 'embed' && attribute.value.toLowerCase() !== 'until-found') return true;
    // "input[type=hidden i] { display: none !important; }"
    if (attribute.name === 'type' && node.name === 'input' && attribute.value.toLowerCase() === 'hidden') return true;
  }
  return false;
}

/** Whether `node` is a block-level box (by default display), not made inline by a style attribute. */
export function isBlockLevel(node: ChildNode): boolean {
  if (node.kind !== 'element' || node.namespace !== 'html' || !BLOCK_LEVEL.has(node.name)) return false;
  for (const attribute of node.attributes) {
    if (attribute.name === 'style' && /display|float|position/i.test(attribute.value)) return false;
    // A floated table or image is out of flow: white space around it is inline content.
    if (attribute.name === 'align' && node.name === 'table') return false;
  }
  return true;
}

/** How a container treats the white space of its children. */
export const enum ContainerKind {
  /** Inline content: only block-level children make boundaries. */
  Inline,
  /** A block container: its start and end are boundaries too. */
  Block,
  /** No line boxes: every child is a boundary. */
  NoLineBoxes,
}

export function containerKind(parent: Node): ContainerKind {
  if (parent.kind !== 'element') return ContainerKind.Block;
  if (parent.namespace !== 'html') return ContainerKind.Inline;
  if (NO_LINE_BOXES.has(parent.name)) return ContainerKind.NoLineBoxes;
  if (isBlockContainer(parent.name)) {
    for (const attribute of parent.attributes) {
      if (attribute.name === 'style' && /display/i.test(attribute.value)) return ContainerKind.Inline;
    }
    return ContainerKind.Block;
  }
  return ContainerKind.Inline;
}

/** Whether a text is only collapsible white space: wherever it meets a boundary, all of it goes, so a walk to find one passes it. */
export function isSpaceOnly(data: string): boolean {
  for (let i = 0; i < data.length; i++) if (!isCollapsibleSpace(data.charCodeAt(i))) return false;
  return true;
}

/**
 * Whether the white space just before `children[index]` (or at the end,
 * `index === children.length`) meets a boundary on its left: walking left
 * over boxless nodes and white-space-only text, a block-level box, or the
 * start of a block container.
 */
export function boundaryBefore(kind: ContainerKind, children: readonly ChildNode[], index: number): boolean {
  return boundaryToward(kind, children, index, -1);
}

/** Whether the white space just after `children[index]` (or at the start, `index === -1`) meets a boundary on its right. */
export function boundaryAfter(kind: ContainerKind, children: readonly ChildNode[], index: number): boolean {
  return boundaryToward(kind, children, index, 1);
}

/**
 * `boundaryBefore` (`step` -1) and `boundaryAfter` (`step` 1): one walk, so
 * that both sides of a white space run are judged by the same rules.
 */
function boundaryToward(kind: ContainerKind, children: readonly ChildNode[], index: number, step: -1 | 1): boolean {
  if (kind === ContainerKind.NoLineBoxes) return true;
  for (let i = index + step; i >= 0 && i < children.length; i += step) {
    const node = children[i];
    if (node.kind === 'text') {
      if (isSpaceOnly(node.data)) continue;
      return false;
    }
    if (isTransparent(node)) continue;
    return isBlockLevel(node);
  }
  return kind === ContainerKind.Block;
}

/** Collapsible white space as CSS reads it in the DOM: space, tab, line feed (and CR, which the parser turns into LF). Not form feed. */
export function isCollapsibleSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}
