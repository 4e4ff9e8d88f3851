/**
 * Hover on a tag: how the parser treated it. Whether the element was closed
 * by its end tag, implicitly by another tag (and whether that is valid), or
 * at the end of the file; whether it was moved before a table by foster
 * parenting; whether the adoption agency reopened it; and, for a tag that
 * built nothing, why it was ignored. Offsets in; markdown out, with
 * positions rendered by the caller's `where`.
 */
import { describeParseError, type ParseError } from '@tagtree/parser';
import type { DomChild, DomElement, DomNode, DomParent, DomProcessingInstruction, SourceRange } from '../dom';
import { conformanceHoverLine } from './conformance';
import { pathAt, tagAt, visibleChildren, walk } from './tree';
import { templateForHover } from './template-for';
import type { SourceText } from '../document-text';

export interface HoverData {
  start: number;
  end: number;
  /** Markdown. */
  markdown: string;
}

/** Renders an offset as `line:column` (1-based) for a message. */
export type Where = (offset: number) => string;

function parentOf(node: DomNode): DomParent | null {
  if (node.kind === 'document' || node.kind === 'fragment') return null;
  return node.parent;
}

/** The first markup that builds `node`: its start tag, or its first descendant's. */
function firstMarkup(node: DomChild): { start: number; label: string } {
  let n: DomChild = node;
  for (;;) {
    if (n.kind === 'element') {
      if (n.startTag !== null) return { start: n.startTag.start, label: `<${n.name}>` };
      const children = visibleChildren(n);
      if (children.length === 0) return { start: n.start, label: `<${n.name}>` };
      n = children[0];
      continue;
    }
    if (n.kind === 'text') return { start: n.start, label: 'text' };
    if (n.kind === 'comment') return { start: n.start, label: 'a comment' };
    if (n.kind === 'processingInstruction') return { start: n.start, label: 'a processing instruction' };
    return { start: n.start, label: 'a DOCTYPE' };
  }
}

/**
 * What ended an element that has no end tag: the next markup after it in its
 * parent, or an ancestor's end tag, or the end of the file.
 */
export function implicitCloser(element: DomElement): { start: number; label: string } | 'eof' {
  let node: DomNode = element;
  for (;;) {
    const parent = parentOf(node);
    if (parent === null) return 'eof';
    const siblings = visibleChildren(parent.kind === 'fragment' && parent.host !== null ? parent.host : parent);
    const index = siblings.indexOf(node as DomChild);
    for (let j = index + 1; j < siblings.length; j++) {
      const s = siblings[j];
      if (s.start >= element.end) return firstMarkup(s);
    }
    const owner = parent.kind === 'fragment' ? parent.host : parent.kind === 'element' ? parent : null;
    if (owner === null) return 'eof';
    if (owner.endTag !== null && owner.endTag.start >= element.end) return { start: owner.endTag.start, label: `</${owner.name}>` };
    node = owner;
  }
}

/** The table an element was moved before by foster parenting, if it was. */
function fosterTable(element: DomElement): DomElement | undefined {
  if (element.startTag === null) return undefined;
  const parent = element.parent;
  if (parent === null) return undefined;
  const siblings = visibleChildren(parent);
  for (let j = siblings.indexOf(element) + 1; j < siblings.length; j++) {
    const s = siblings[j];
    if (s.kind === 'element' && s.name === 'table' && s.namespace === 'html' && s.startTag !== null && s.startTag.start < element.startTag.start) return s;
  }
  return undefined;
}

/**
 * A plain-text message as markdown: tags become code spans (a markdown
 * renderer would read `<b>` as HTML and drop it), and the other characters
 * markdown gives a meaning to are escaped.
 */
export function markdownText(message: string): string {
  let out = '';
  let last = 0;
  const tags = /<\/?[A-Za-z][^\s<>]*>|<!--|-->|<!DOCTYPE[^>]*>/g;
  for (let m = tags.exec(message); m !== null; m = tags.exec(message)) {
    out += escapeMarkdown(message.slice(last, m.index)) + '`' + m[0] + '`';
    last = m.index + m[0].length;
  }
  return out + escapeMarkdown(message.slice(last));
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]<>#|!~]/g, (c) => `\\${c}`);
}

/** https://html.spec.whatwg.org/multipage/syntax.html#void-elements */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

function describeTag(name: string, isEnd: boolean): string {
  return `\`<${isEnd ? '/' : ''}${name}>\``;
}

function errorsIn(errors: readonly ParseError[], r: SourceRange): ParseError[] {
  return errors.filter((e) => e.start >= r.start && e.start < r.end);
}

/** Hover for the tag at `offset`, or undefined when the offset is not in a tag. */
export function hoverAt(root: DomParent, text: SourceText, errors: readonly ParseError[], offset: number, where: Where, conformance = false): HoverData | undefined {
  const deepest = pathAt(root, offset).pop();
  if (deepest !== undefined && deepest.kind === 'processingInstruction') return instructionHover(deepest);
  const hit = tagAt(root, offset);
  if (hit === undefined) return templateForHover(root, text, offset, where) ?? ignoredTagHover(text, errors, offset);
  const { element, tag } = hit;
  const range = tag === 'start' ? element.startTag! : element.endTag!;
  const lines: string[] = [];
  const ns = element.namespace === 'html' ? 'HTML' : element.namespace === 'svg' ? 'SVG' : 'MathML';
  lines.push(`${describeTag(element.name, tag === 'end')} — ${ns} element`);
  // With the conformance checks on: the element's categories and content model.
  const model = conformance ? conformanceHoverLine(element) : null;
  if (model !== null) lines.push('', model);
  lines.push('');
  if (tag === 'end') {
    lines.push(element.startTag !== null ? `Closes the \`<${element.name}>\` opened at ${where(element.startTag.start)}.` : `Closes the implied \`<${element.name}>\`.`);
  } else {
    if (element.endTag !== null) {
      lines.push(`Closed by its end tag at ${where(element.endTag.start)}.`);
    } else if (element.namespace === 'html' && VOID_ELEMENTS.has(element.name)) {
      // https://html.spec.whatwg.org/multipage/syntax.html#void-elements
      lines.push(`A void element: it has no content and no end tag.`);
    } else {
      const closer = implicitCloser(element);
      const unclosed = errors.find((e) => e.related !== undefined && e.related.start === element.startTag!.start && (e.code === 'unclosed-element' || e.code === 'eof-with-unclosed-element'));
      // An end tag of another element that closed this one raised its own error there (a misnested </b> closing an <i>).
      const atCloser = closer !== 'eof' && closer.label.startsWith('</') && closer.label !== `</${element.name}>` ? errors.find((e) => e.start === closer.start) : undefined;
      const error = unclosed ?? atCloser;
      const how = error !== undefined ? `This is a parse error: ${markdownText(describeParseError(text, error).message)}.` : 'The spec allows this: no end tag is needed.';
      if (closer === 'eof') lines.push(`Implicitly closed at the end of the file. ${how}`);
      else lines.push(`Implicitly closed by ${closer.label === 'text' || closer.label.startsWith('a ') ? closer.label : `\`${closer.label}\``} at ${where(closer.start)}. ${how}`);
    }
    const table = fosterTable(element);
    if (table !== undefined) lines.push('', `Moved before the \`<table>\` at ${where(table.startTag!.start)} by foster parenting.`);
    let clones = 0;
    walk(root, (n) => {
      if (n.kind === 'element' && n.cloneOf === element) clones++;
    });
    if (clones > 0) lines.push('', `Reopened ${clones === 1 ? 'once' : `${clones} times`} by the adoption agency or the reconstruction of active formatting elements: later content sits in ${clones === 1 ? 'a copy' : 'copies'} of this element.`);
  }
  for (const e of errorsIn(errors, range)) lines.push('', `⚠ ${markdownText(describeParseError(text, e).message)} (\`${e.code}\`)`);
  return { start: range.start, end: range.end, markdown: lines.join('\n') };
}

const IGNORED_TAG_CODES = new Set(['stray-end-tag', 'unexpected-end-tag', 'misnested-end-tag', 'unexpected-start-tag', 'nested-form', 'end-tag-br', 'stray-p-end-tag', 'misplaced-frameset-start-tag', 'unexpected-doctype']);

/** A tag that built no element: the errors raised at it say what happened. */
/**
 * Hover on a processing instruction: its target and data as the browser
 * keeps them (whatwg/html 320c05f6:
 * https://html.spec.whatwg.org/multipage/parsing.html#processing-instruction-open-state).
 */
function instructionHover(node: DomProcessingInstruction): HoverData {
  const lines = [
    `\`<?${node.target}>\` — processing instruction`,
    '',
    `Target \`${node.target}\`${node.data === '' ? ', no data' : `, data ${inlineCode(node.data)}`}. The browser keeps it as a \`ProcessingInstruction\` node; it is not rendered.`,
  ];
  return { start: node.start, end: node.end, markdown: lines.join('\n') };
}

/** `text` as a markdown code span (long text shortened). */
function inlineCode(text: string): string {
  const shown = text.length > 80 ? `${text.slice(0, 79)}…` : text;
  const ticks = /`/.test(shown) ? '``' : '`';
  return `${ticks}${ticks.length === 2 ? ' ' : ''}${shown.replace(/\n/g, ' ')}${ticks.length === 2 ? ' ' : ''}${ticks}`;
}

function ignoredTagHover(text: SourceText, errors: readonly ParseError[], offset: number): HoverData | undefined {
  const here = errors.filter((e) => e.start <= offset && offset < Math.max(e.end, e.start + 1) && text.charCodeAt(e.start) === 0x3c);
  if (here.length === 0) return undefined;
  const first = here[0];
  const m = /^<(\/?)([A-Za-z][^\s/>]*)/.exec(text.slice(first.start, first.start + 64));
  const lines: string[] = [];
  if (m !== null) {
    const isEnd = m[1] === '/';
    const ignored = here.some((e) => IGNORED_TAG_CODES.has(e.code));
    lines.push(`${describeTag(m[2].toLowerCase(), isEnd)}${ignored ? ` — this ${isEnd ? 'end' : 'start'} tag is ignored` : ''}`);
  }
  for (const e of here) lines.push('', `${markdownText(describeParseError(text, e).message)} (\`${e.code}\`)`);
  const d = describeParseError(text, first);
  return { start: d.start, end: Math.max(d.end, d.start), markdown: lines.join('\n') };
}

