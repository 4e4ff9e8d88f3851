/**
 * What the conformance checks read of nodes (text, start tags, attributes, options, processing instructions) and the
 * small pieces of their messages (related locations, the rule an ancestor's restriction states).
 */
import { getAttribute, type AttributeShape, type ElementShape } from '../attributes/tree-shape';
import { isAsciiWhitespace } from '../microsyntaxes/infra';
import { describeSelector } from './content-model';
import type { ContentItem, Selector } from './element-entry';

/** A text node as the checks read it. */
export interface TextLike {
  readonly kind: 'text';
  readonly data: string;
  readonly start: number;
  readonly end: number;
}

export type Range = { start: number; end: number };

export const SPEC = 'https://html.spec.whatwg.org/multipage/';
/** https://html.spec.whatwg.org/multipage/forms.html#category-label */
export const LABELABLE = new Set(['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']);

/** Whether a processing instruction's target makes it a marker a `<template for>` looks for (tree/template-for.ts). */
export function isMarkerTarget(target: string | undefined): boolean {
  return target === 'marker' || target === 'start';
}

/** Whether text matches `s`, not a `context` selector: text is phrasing and flow content. https://html.spec.whatwg.org/multipage/dom.html#text-content */
export function textMatches(s: Selector): boolean {
  switch (s.kind) {
    case 'text':
    case 'any':
      return true;
    case 'category':
      return s.category === 'flow' || s.category === 'phrasing';
    default:
      return false;
  }
}

/** https://html.spec.whatwg.org/multipage/dom.html#inter-element-whitespace */
export function isInterElementWhitespace(data: string): boolean {
  for (let i = 0; i < data.length; i++) if (!isAsciiWhitespace(data.charCodeAt(i))) return false;
  return true;
}

export function trimmedTextRange(text: TextLike): Range {
  // The text's source run; when the data is its source as written, skip the leading whitespace.
  let start = text.start;
  const end = text.end;
  if (end - start === text.data.length) {
    let i = 0;
    while (i < text.data.length && isAsciiWhitespace(text.data.charCodeAt(i))) i++;
    start += i;
  }
  return { start, end: Math.min(end, start + 80) > start ? Math.min(end, start + 80) : end };
}

/** "an a element must have no interactive content, a or [tabindex] descendants" */
export function forbiddenRule(ancestor: ElementShape, item: ContentItem): string {
  const names = (item.noDescendants ?? item.except ?? []).map(describeSelector);
  const list = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  return `${/^[aeiou]/.test(ancestor.name) ? 'an' : 'a'} ${ancestor.name} element must have no ${list} descendants`;
}

/** A related location (ranges may be objects with accessor properties, so they are read, not spread). */
export function related(range: Range, message: string): { start: number; end: number; message: string } {
  return { start: range.start, end: range.end, message };
}

export function attributeRange(attribute: AttributeShape): Range {
  return { start: attribute.start, end: attribute.end };
}

/** OPTIMIZATION: the parser's elements tell whether they have a start tag without building its range. */
export function hasStartTag(element: ElementShape): boolean {
  const end = (element as { readonly startTagEnd?: number | null }).startTagEnd;
  return end !== undefined ? end !== null : element.startTag !== null;
}

/** The start of `element`'s start tag, which it has. OPTIMIZATION: the parser's elements tell it without building the tag's range. */
export function startTagStartOf(element: ElementShape): number {
  const start = (element as { readonly startTagStart?: number }).startTagStart;
  return start !== undefined ? start : element.startTag!.start;
}

export function isHiddenInput(element: ElementShape): boolean {
  const type = getAttribute(element, 'type');
  return type !== null && type.value.trim().toLowerCase() === 'hidden';
}

/** https://html.spec.whatwg.org/multipage/form-elements.html#concept-option-value */
export function optionValue(option: ElementShape): string {
  const value = getAttribute(option, 'value');
  if (value !== null) return value.value;
  // The text: descendant text, stripped and collapsed.
  let text = '';
  const stack = [...option.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'text') text += (node as unknown as TextLike).data;
    else if (node.kind === 'element') for (let i = (node as ElementShape).children.length - 1; i >= 0; i--) stack.push((node as ElementShape).children[i]);
  }
  return text.replace(/[\t\n\f\r ]+/g, ' ').trim();
}
