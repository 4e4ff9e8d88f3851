/**
 * Names given more than once in a description list:
 * https://html.spec.whatwg.org/multipage/grouping-content.html#the-dl-element: "Within a single dl element, there
 * should not be more than one dt element for each name." Advice ("should"): a warning.
 *
 * A dt's name is its text content with runs of ASCII whitespace collapsed and trimmed (how it reads); a dt without
 * text names nothing. The dts are the dl's name-value groups' (its dt children, and those of its div children, the
 * groups a div wraps). The findings are on the dl's start tag, with the repeated dt and the first one as related
 * locations, so that a re-check makes them again from the dl whenever it meets the dl (as table-model.ts's).
 */
import type { ChildShape, ElementShape } from '../attributes/tree-shape';
import { ConformanceCode } from './conformance-codes';
import type { Reporter } from './conditional-rules';
import { hasStartTag, SPEC } from './node-reading';

const HREF = `${SPEC}grouping-content.html#the-dl-element`;

function htmlElement(node: ChildShape, name: string): boolean {
  return node.kind === 'element' && (node as ElementShape).namespace === 'html' && (node as ElementShape).name === name;
}

/** https://dom.spec.whatwg.org/#concept-descendant-text-content, ASCII whitespace collapsed and trimmed. */
export function nameOf(dt: ElementShape): string {
  // OPTIMIZATION: a dt whose text is one text node at the end of a chain of only children (`<dt>x`,
  // `<dt><span><code>x`: the common cases) is read without a walk.
  let children = dt.children;
  while (children.length === 1 && children[0].kind === 'element') children = (children[0] as ElementShape).children;
  if (children.length === 0) return '';
  if (children.length === 1 && children[0].kind === 'text') return collapsed((children[0] as unknown as { data: string }).data);
  return collapsed(textBelow(children));
}

/**
 * OPTIMIZATION: the stacks of `textBelow`, kept between calls (it is not reentrant); a walk left them empty.
 */
const LISTS: (readonly ChildShape[])[] = [];
const AT: number[] = [];

/** Starts a walk of the text nodes below `children`, read in tree order by `nextTextBelow`. */
function beginTextBelow(children: readonly ChildShape[]): void {
  LISTS.push(children);
  AT.push(0);
}

/**
 * The data of the next text node of the walk `beginTextBelow` started, or null at its end (the stacks then empty);
 * iteratively: an element per level on a stack. A caller that stops before the end empties the stacks.
 */
function nextTextBelow(): string | null {
  while (LISTS.length > 0) {
    const top = LISTS.length - 1;
    const list = LISTS[top];
    const i = AT[top];
    if (i === list.length) {
      LISTS.pop();
      AT.pop();
      continue;
    }
    AT[top] = i + 1;
    const node = list[i];
    if (node.kind === 'text') return (node as unknown as { data: string }).data;
    if (node.kind === 'element') {
      const below = (node as ElementShape).children;
      if (below.length > 0) {
        LISTS.push(below);
        AT.push(0);
      }
    }
  }
  return null;
}

/** The data of the text nodes below `children`, in tree order, joined. */
function textBelow(children: readonly ChildShape[]): string {
  let text = '';
  beginTextBelow(children);
  for (let data = nextTextBelow(); data !== null; data = nextTextBelow()) text += data;
  return text;
}

/** ASCII whitespace runs collapsed to one space, and trimmed. OPTIMIZATION: a string without such runs is kept. */
function collapsed(text: string): string {
  return /[\t\n\f\r]|  |^ | $/.test(text) ? text.replace(/[\t\n\f\r ]+/g, ' ').trim() : text;
}

/** Whether a dl's groups have two dts or more (`dtsOf`). */
function twoDtsOrMore(dl: ElementShape): boolean {
  let count = 0;
  for (const child of dl.children) {
    if (htmlElement(child, 'dt')) count++;
    else if (htmlElement(child, 'div')) for (const c of (child as ElementShape).children) if (htmlElement(c, 'dt')) count++;
    if (count >= 2) return true;
  }
  return false;
}

/** The dts of a dl's groups, in tree order. */
function dtsOf(dl: ElementShape): ElementShape[] {
  const out: ElementShape[] = [];
  for (const child of dl.children) {
    if (htmlElement(child, 'dt')) out.push(child as ElementShape);
    else if (htmlElement(child, 'div')) for (const c of (child as ElementShape).children) if (htmlElement(c, 'dt')) out.push(c as ElementShape);
  }
  return out;
}

/** The white space other than ASCII's that String.prototype.trim() removes (from U+00A0 on). */
function isOtherTrimmedSpace(c: number): boolean {
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * A dt's name's length and hash (`nameHash`), read from its text nodes as they are, without making the name: in
 * `NAME_LENGTH` and the return value; the length -1 when it holds white space other than ASCII's (then unknown). The
 * same as `nameHash(nameOf(dt))` and `nameOf(dt).length` (a test holds them).
 */
export function dtNameHash(dt: ElementShape): number {
  let hash = HASH_SEED;
  let length = 0;
  let space = false;
  beginTextBelow(dt.children);
  for (let data = nextTextBelow(); data !== null; data = nextTextBelow()) {
    for (let k = 0; k < data.length; k++) {
      const c = data.charCodeAt(k);
      // ASCII whitespace: a run is one space between characters, none at either end.
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) {
        space = length > 0;
        continue;
      }
      // What `collapsed`'s trim() may also take off the ends (other white space: \v, NBSP, U+2000…): not read here.
      if (c === 0x0b || (c >= 0xa0 && isOtherTrimmedSpace(c))) {
        LISTS.length = 0;
        AT.length = 0;
        NAME_LENGTH.value = -1;
        return 0;
      }
      if (space) {
        hash = Math.imul(hash ^ 0x20, HASH_PRIME);
        length++;
        space = false;
      }
      hash = Math.imul(hash ^ c, HASH_PRIME);
      length++;
    }
  }
  NAME_LENGTH.value = length;
  return hash;
}

/** The length of the name `dtNameHash` last read. */
export const NAME_LENGTH = { value: 0 };

const HASH_SEED = 0x811c9dc5 | 0;
const HASH_PRIME = 0x01000193;

/** FNV-1a of `name`'s code units (`dtNameHash`'s hash of a name). */
export function nameHash(name: string): number {
  let hash = HASH_SEED;
  for (let k = 0; k < name.length; k++) hash = Math.imul(hash ^ name.charCodeAt(k), HASH_PRIME);
  return hash;
}

/** `mayShareName`'s table: per slot a name's hash and length (0: empty), reused (emptied after each dl). */
let slotHashes = new Int32Array(64);
let slotLengths = new Int32Array(64);

/**
 * Whether two of `dl`'s dts may have the same name: two whose names have the same length and hash (`dtNameHash`).
 * OPTIMIZATION: nothing is made (no name, no map) for a dl whose names are all different (most): equal names have
 * equal lengths and hashes, so a dl for which this is false has no finding.
 */
function mayShareName(dl: ElementShape): boolean {
  let count = 0;
  for (const child of dl.children) {
    if (htmlElement(child, 'dt')) count++;
    else if (htmlElement(child, 'div')) for (const c of (child as ElementShape).children) if (htmlElement(c, 'dt')) count++;
  }
  let size = 64;
  while (size < 2 * count) size *= 2;
  if (slotHashes.length < size) {
    slotHashes = new Int32Array(size);
    slotLengths = new Int32Array(size);
  }
  const mask = size - 1;
  let shared = false;
  for (const child of dl.children) {
    if (shared) break;
    if (htmlElement(child, 'dt')) shared = placeName(child as ElementShape, mask);
    else if (htmlElement(child, 'div')) for (const c of (child as ElementShape).children) if (!shared && htmlElement(c, 'dt')) shared = placeName(c as ElementShape, mask);
  }
  slotLengths.fill(0, 0, size);
  return shared;
}

/** Places `dt`'s name's length and hash in the table (`mayShareName`, `mask` its size less one); whether one was there. */
function placeName(dt: ElementShape, mask: number): boolean {
  const hash = dtNameHash(dt);
  const length = NAME_LENGTH.value;
  // Unknown: may be any name.
  if (length < 0) return true;
  // A dt without text names nothing.
  if (length === 0) return false;
  let slot = hash & mask;
  while (slotLengths[slot] !== 0) {
    if (slotHashes[slot] === hash && slotLengths[slot] === length) return true;
    slot = (slot + 1) & mask;
  }
  slotHashes[slot] = hash;
  slotLengths[slot] = length;
  return false;
}

export function checkDtNames(dl: ElementShape, report: Reporter): void {
  // OPTIMIZATION: a dl with fewer than two dts (an API reference's: one dt per dl) is left before anything is made,
  // and one whose names are all different (`mayShareName`) before the names are made.
  if (!hasStartTag(dl) || !twoDtsOrMore(dl) || !mayShareName(dl)) return;
  const tag = dl.startTag!;
  const dts = dtsOf(dl);
  const first = new Map<string, ElementShape>();
  for (const dt of dts) {
    const name = nameOf(dt);
    if (name === '') continue;
    const earlier = first.get(name);
    if (earlier === undefined) {
      first.set(name, dt);
      continue;
    }
    const related: { start: number; end: number; message: string }[] = [];
    if (dt.startTag !== null) related.push({ start: dt.startTag.start, end: dt.startTag.end, message: `The repeated <dt> named ${JSON.stringify(shown(name))}` });
    if (earlier.startTag !== null) related.push({ start: earlier.startTag.start, end: earlier.startTag.end, message: 'The first <dt> with that name' });
    report(
      ConformanceCode.DuplicateDtName,
      tag,
      `This <dl> has more than one <dt> named ${JSON.stringify(shown(name))}: a name should be given once, with all its values (<dd>s) after it`,
      HREF,
      related,
    );
  }
}

function shown(name: string): string {
  return name.length > 60 ? `${name.slice(0, 60)}…` : name;
}
