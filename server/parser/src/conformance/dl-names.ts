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
function nameOf(dt: ElementShape): string {
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

/** The data of the text nodes below `children`, in tree order, joined (iteratively: an element per level on a stack). */
function textBelow(children: readonly ChildShape[]): string {
  let text = '';
  LISTS.push(children);
  AT.push(0);
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
    if (node.kind === 'text') text += (node as unknown as { data: string }).data;
    else if (node.kind === 'element') {
      const below = (node as ElementShape).children;
      if (below.length > 0) {
        LISTS.push(below);
        AT.push(0);
      }
    }
  }
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

export function checkDtNames(dl: ElementShape, report: Reporter): void {
  // OPTIMIZATION: a dl with fewer than two dts (an API reference's: one dt per dl) is left before anything is made.
  if (!hasStartTag(dl) || !twoDtsOrMore(dl)) return;
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
