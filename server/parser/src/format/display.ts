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
import type { Attribute, ChildNode, Element, Node } from '../dom';

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

/**
 * What the tables above say of an element name, as bits. OPTIMIZATION: one
 * lookup per question, not one per table.
 */
const enum Display {
  /** In BLOCK_LEVEL. */
  BlockLevel = 1,
  /** In NO_LINE_BOXES. */
  NoLineBoxes = 2,
  /** A block container (`isBlockContainer`). */
  BlockContainer = 4,
  /** In DISPLAY_NONE. */
  None = 8,
  /** In OPAQUE. */
  Opaque = 16,
}

const DISPLAY: ReadonlyMap<string, number> = (() => {
  const table = new Map<string, number>();
  const add = (names: Iterable<string>, bit: Display): void => {
    for (const name of names) table.set(name, (table.get(name) ?? 0) | bit);
  };
  add(BLOCK_LEVEL, Display.BlockLevel);
  add(NO_LINE_BOXES, Display.NoLineBoxes);
  add([...BLOCK_LEVEL, 'button'].filter(isBlockContainer), Display.BlockContainer);
  add(DISPLAY_NONE, Display.None);
  add(OPAQUE, Display.Opaque);
  return table;
})();

/**
 * OPTIMIZATION: the last name looked up and its bits. Siblings often share
 * a name (`li`, `td`, `p`), and the walks ask about a node and its
 * neighbours in turn: the tree's names are interned (tokenizer/intern.ts),
 * so the same name compares equal at once, without hashing it into the map.
 */
let lastName = '';
let lastDisplay = 0;

function displayOf(name: string): number {
  if (name === lastName) return lastDisplay;
  const display = DISPLAY.get(name) ?? 0;
  lastName = name;
  lastDisplay = display;
  return display;
}

/** Whether the formatter leaves everything inside `element` as written. */
export function isOpaque(element: Element): boolean {
  if (element.namespace !== 'html') return true;
  if ((displayOf(element.name) & Display.Opaque) !== 0) return true;
  // A `style` attribute that sets white-space or display: the defaults above do not hold there.
  const attributes = element.attributes;
  for (let k = 0; k < attributes.length; k++) {
    const attribute = attributes[k];
    if (attribute.name === 'style' && /white-space|display|float|position/i.test(attribute.value)) return true;
    if (attribute.name === 'wrap' && element.name === 'pre') return true;
  }
  return false;
}

/** Whether `node` makes no box: a comment, a processing instruction, a doctype, or an element that is display: none. */
export function isTransparent(node: ChildNode): boolean {
  if (node.kind !== 'element') return node.kind !== 'text';
  if (node.namespace !== 'html') return false;
  return (displayOf(node.name) & Display.None) !== 0 || hiddenByAttribute(node);
}

/** Whether an attribute makes `node` display: none. */
function hiddenByAttribute(node: Element): boolean {
  const attributes = node.attributes;
  for (let k = 0; k < attributes.length; k++) if (hides(node, attributes[k])) return true;
  return false;
}

/** Whether `attribute` makes `node` display: none. */
function hides(node: Element, attribute: Attribute): boolean {
  // "[hidden]:not([hidden=until-found i]):not(embed) { display: none; }"
  if (attribute.name === 'hidden') return node.name !== 'embed' && attribute.value.toLowerCase() !== 'until-found';
  // "input[type=hidden i] { display: none !important; }"
  return attribute.name === 'type' && node.name === 'input' && attribute.value.toLowerCase() === 'hidden';
}

/** Whether `node` is a block-level box (by default display), not made inline by a style attribute. */
export function isBlockLevel(node: ChildNode): boolean {
  if (node.kind !== 'element' || node.namespace !== 'html' || (displayOf(node.name) & Display.BlockLevel) === 0) return false;
  return !inlineByAttribute(node);
}

/** Whether an attribute takes a block-level `node` out of the flow of blocks. */
function inlineByAttribute(node: Element): boolean {
  const attributes = node.attributes;
  for (let k = 0; k < attributes.length; k++) if (takesOutOfTheFlowOfBlocks(node, attributes[k])) return true;
  return false;
}

/** Whether `attribute` takes a block-level `node` out of the flow of blocks. */
function takesOutOfTheFlowOfBlocks(node: Element, attribute: Attribute): boolean {
  if (attribute.name === 'style') return /display|float|position/i.test(attribute.value);
  // A floated table or image is out of flow: white space around it is inline content.
  return attribute.name === 'align' && node.name === 'table';
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
  const display = displayOf(parent.name);
  if ((display & Display.NoLineBoxes) !== 0) return ContainerKind.NoLineBoxes;
  if ((display & Display.BlockContainer) !== 0) {
    const attributes = parent.attributes;
    for (let k = 0; k < attributes.length; k++) {
      if (attributes[k].name === 'style' && /display/i.test(attributes[k].value)) return ContainerKind.Inline;
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

/** What a child is to a walk looking for a boundary. */
const enum Side {
  /** Passed over: white-space-only text, or a node that makes no box (`isTransparent`). */
  Pass,
  /** The edge of the container: no child left on that side. */
  Edge,
  /** Text that is not only white space. */
  Text,
  /** A box that is not block-level. */
  Inline,
  /** A block-level box. */
  Block,
}

/** What `node` is to a walk looking for a boundary: `isSpaceOnly` text and `isTransparent` nodes are passed over, then `isBlockLevel`. */
function sideOf(node: ChildNode): Side {
  if (node.kind === 'text') return isSpaceOnly(node.data) ? Side.Pass : Side.Text;
  if (node.kind !== 'element') return Side.Pass;
  if (node.namespace !== 'html') return Side.Inline;
  // OPTIMIZATION: one lookup of the element's name for both questions, and
  // one pass over its attributes for both (`hiddenByAttribute` and
  // `inlineByAttribute`), not one each.
  const display = displayOf(node.name);
  if ((display & Display.None) !== 0) return Side.Pass;
  let block = (display & Display.BlockLevel) !== 0;
  const attributes = node.attributes;
  for (let k = 0; k < attributes.length; k++) {
    const attribute = attributes[k];
    if (hides(node, attribute)) return Side.Pass;
    if (block && takesOutOfTheFlowOfBlocks(node, attribute)) block = false;
  }
  return block ? Side.Block : Side.Inline;
}

/** Whether white space that meets `side` in a container of `kind` meets a boundary. */
function isBoundary(side: Side, kind: ContainerKind): boolean {
  return side === Side.Block || (side === Side.Edge && kind === ContainerKind.Block) || kind === ContainerKind.NoLineBoxes;
}

/** The side of the nearest child from `index` toward `step` that is not passed over (Edge: none). */
function sideToward(children: readonly ChildNode[], index: number, step: -1 | 1): Side {
  for (let i = index + step; i >= 0 && i < children.length; i += step) {
    const side = sideOf(children[i]);
    if (side !== Side.Pass) return side;
  }
  return Side.Edge;
}

/**
 * `boundaryBefore` (`step` -1) and `boundaryAfter` (`step` 1): one walk, so
 * that both sides of a white space run are judged by the same rules.
 */
function boundaryToward(kind: ContainerKind, children: readonly ChildNode[], index: number, step: -1 | 1): boolean {
  return kind === ContainerKind.NoLineBoxes || isBoundary(sideToward(children, index, step), kind);
}

/** Steps a boundary walk takes before it reads and leaves what it passes (Boundaries). */
const SHORT_WALK = 8;

/**
 * `boundaryBefore` and `boundaryAfter` for the children of one container,
 * asked many times. A walk that passes more than SHORT_WALK children (a
 * long run of comments or of nodes without a box, each with white space
 * around it, whose every run asks) keeps what each child is to the walk
 * (`sideOf`) and leaves, at each child it passed, where it stopped, so
 * that a later walk jumps there: such a run of n children costs O(n) in
 * all, not O(n) per white space run in it (O(n²): 40,000 comments between
 * white space in a table took 10 s). Shorter walks, nearly all of them,
 * just walk.
 */
export class Boundaries {
  private children: readonly ChildNode[] = [];
  private kind: ContainerKind = ContainerKind.Inline;
  /** At `i`: the side of `children[i]` plus one; 0 while not read. */
  private sides = new Uint8Array(64);
  /** At `i` (a child passed over): the index, plus 2, where a walk to the left through it stopped (1: the edge); 0 while none has. */
  private stopLeft = new Int32Array(64);
  /** The same for walks to the right (the edge is `n`). */
  private stopRight = new Int32Array(64);
  /** Whether the arrays were cleared for these children (done when the first question is asked). */
  private cleared = false;
  /**
   * OPTIMIZATION: the last two children a short walk read (their indices;
   * -1 for none) and their sides. The walks of one white space run, and of
   * the next run, mostly stop at the same child: the element between them
   * (a text's boundaries on the left, then on the right, then whether each
   * is a block; the next text's, on the left, the same element).
   */
  private lastAt = -1;
  private lastSide = Side.Edge;
  private lastButOneAt = -1;
  private lastButOneSide = Side.Edge;

  /** Starts over on the children of another container. */
  reset(children: readonly ChildNode[], kind: ContainerKind): void {
    this.children = children;
    this.kind = kind;
    this.cleared = false;
    this.lastAt = -1;
    this.lastButOneAt = -1;
  }

  /** `boundaryBefore(kind, children, index)`. */
  before(index: number): boolean {
    return this.kind === ContainerKind.NoLineBoxes || isBoundary(this.toward(index, -1), this.kind);
  }

  /** `boundaryAfter(kind, children, index)`. */
  after(index: number): boolean {
    return this.kind === ContainerKind.NoLineBoxes || isBoundary(this.toward(index, 1), this.kind);
  }

  /** `boundaryBefore(ContainerKind.Inline, children, index)`: a block-level sibling, not the container's edge. */
  blockBefore(index: number): boolean {
    return this.toward(index, -1) === Side.Block;
  }

  /** `boundaryAfter(ContainerKind.Inline, children, index)`. */
  blockAfter(index: number): boolean {
    return this.toward(index, 1) === Side.Block;
  }

  /** `sideToward`. */
  private toward(index: number, step: -1 | 1): Side {
    const children = this.children;
    let i = index + step;
    for (let k = 0; k < SHORT_WALK; k++, i += step) {
      if (i < 0 || i >= children.length) return Side.Edge;
      let side: Side;
      if (i === this.lastAt) side = this.lastSide;
      else if (i === this.lastButOneAt) side = this.lastButOneSide;
      else {
        side = sideOf(children[i]);
        this.lastButOneAt = this.lastAt;
        this.lastButOneSide = this.lastSide;
        this.lastAt = i;
        this.lastSide = side;
      }
      if (side !== Side.Pass) return side;
    }
    return this.longWalk(index, step);
  }

  /** `sideToward` for a long walk: each child's side read once, each child passed over walked through once. */
  private longWalk(index: number, step: -1 | 1): Side {
    const children = this.children;
    const n = children.length;
    if (!this.cleared) {
      if (this.sides.length < n) {
        this.sides = new Uint8Array(2 * n);
        this.stopLeft = new Int32Array(2 * n);
        this.stopRight = new Int32Array(2 * n);
      } else {
        this.sides.fill(0, 0, n);
        this.stopLeft.fill(0, 0, n);
        this.stopRight.fill(0, 0, n);
      }
      this.cleared = true;
    }
    const sides = this.sides;
    const stops = step < 0 ? this.stopLeft : this.stopRight;
    // Find where the walk stops: the first child not passed over, or the edge (-1 or n).
    let stop = index + step;
    while (stop >= 0 && stop < n) {
      let side = sides[stop] - 1;
      if (side < 0) {
        side = sideOf(children[stop]);
        sides[stop] = side + 1;
      }
      if (side !== Side.Pass) break;
      const known = stops[stop];
      if (known !== 0) {
        stop = known - 2;
        break;
      }
      stop += step;
    }
    // Leave the stop at each child passed over.
    for (let i = index + step; i !== stop; i += step) {
      if (stops[i] !== 0) break;
      stops[i] = stop + 2;
    }
    return stop < 0 || stop >= n ? Side.Edge : ((sides[stop] - 1) as Side);
  }
}

/** Collapsible white space as CSS reads it in the DOM: space, tab, line feed (and CR, which the parser turns into LF). Not form feed. */
export function isCollapsibleSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}
