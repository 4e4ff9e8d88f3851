/**
 * `<template for>` in the editor (whatwg/html 2ff023fb): a template whose
 * `for` names a marker is not in the tree the parser builds — its content
 * went into the marker's parent and the markers were removed — so these
 * read the source text: the template's start tag under the cursor, and the
 * first `<?marker name="…">` or `<?start name="…">` before it in the source
 * (the parser looks in tree order under the node it was inserting into,
 * which is the source order in all but contrived documents). Offsets only.
 */
import { getAProcessingInstructionAttribute, tokenize } from '@tagtree/parser';
import type { DomChild, DomParent } from '../dom';
import type { SourceText } from '../document-text';
import { walk } from './tree';

/** A `<template … for="name">` start tag in the source. */
export interface TemplateForTag {
  start: number;
  /** After its `>`. */
  end: number;
  name: string;
  /** The `for` value's source, without quotes (null when it has no value). */
  valueStart: number | null;
  valueEnd: number | null;
}

/** The `<template for>` start tag whose source contains `offset`, read from the text; or undefined. */
export function templateForTagAt(text: SourceText, offset: number): TemplateForTag | undefined {
  const lt = text.lastIndexOf('<', offset);
  if (lt < 0 || text.slice(lt + 1, lt + 9).toLowerCase() !== 'template') return undefined;
  const gt = text.indexOf('>', lt);
  if (gt < 0 || offset > gt) return undefined;
  const token = tokenize(text.slice(lt, gt + 1)).tokens[0];
  if (token === undefined || token.type !== 'startTag' || token.name !== 'template') return undefined;
  const attribute = token.attributes.find((a) => a.name === 'for');
  if (attribute === undefined) return undefined;
  return {
    start: lt,
    end: gt + 1,
    name: attribute.value,
    valueStart: attribute.valueStart === null ? null : lt + attribute.valueStart,
    valueEnd: attribute.valueEnd === null ? null : lt + attribute.valueEnd,
  };
}

/** The first `<?marker name="name">` or `<?start name="name">` in the source before `limit`; or undefined. */
export function markerSourceBefore(text: SourceText, name: string, limit: number): { start: number; end: number; target: string } | undefined {
  if (name === '') return undefined;
  for (let i = text.indexOf('<?', 0); i >= 0 && i < limit; i = text.indexOf('<?', i + 2)) {
    const gt = text.indexOf('>', i);
    if (gt < 0) return undefined;
    const token = tokenize(text.slice(i, gt + 1)).tokens[0];
    if (token === undefined || token.type !== 'processingInstruction' || (token.target !== 'marker' && token.target !== 'start')) continue;
    if (getAProcessingInstructionAttribute(token.data, 'name') === name) return { start: i, end: gt + 1, target: token.target };
  }
  return undefined;
}

/** Go to definition from a `<template for>`'s value to its marker. */
export function templateForDefinition(text: SourceText, offset: number): { start: number; end: number }[] {
  const tag = templateForTagAt(text, offset);
  if (tag === undefined || tag.valueStart === null || offset < tag.valueStart || offset > tag.valueEnd!) return [];
  const marker = markerSourceBefore(text, tag.name, tag.start);
  return marker === undefined ? [] : [{ start: marker.start, end: marker.end }];
}

/** The parent that holds the first node the parser made from `from` to `to`, and that node; or undefined. */
function firstNodeIn(root: DomParent, from: number, to: number): DomChild | undefined {
  let first: DomChild | undefined;
  walk(root, (node) => {
    if (node.start >= from && node.start < to && (first === undefined || node.start < first.start)) first = node;
  });
  return first;
}

/**
 * Hover on a `<template for>` start tag that is not in the tree (it found
 * its marker): where its content went. Undefined elsewhere.
 */
export function templateForHover(root: DomParent, text: SourceText, offset: number, where: (offset: number) => string): { start: number; end: number; markdown: string } | undefined {
  const tag = templateForTagAt(text, offset);
  if (tag === undefined) return undefined;
  const close = text.indexOf('</template', tag.end);
  const first = firstNodeIn(root, tag.end, close < 0 ? text.length : close);
  const marker = markerSourceBefore(text, tag.name, tag.start);
  const lines = [`\`<template for="${tag.name}">\` — a patch (whatwg/html 2ff023fb)`, ''];
  const markerText = marker === undefined ? 'its marker' : `the \`<?${marker.target} name="${tag.name}">\` at ${where(marker.start)}`;
  const parent = first?.parent ?? null;
  if (parent !== null && parent.kind === 'element') {
    const at = parent.startTag !== null ? ` at ${where(parent.startTag.start)}` : '';
    lines.push(`Its content went into the \`<${parent.name}>\`${at}, in place of ${markerText}${marker?.target === 'start' ? ' and the range up to its `<?end>`' : ''}; the template itself is not in the document.`);
  } else if (parent !== null) {
    lines.push(`Its content went to the top level of ${parent.kind === 'fragment' ? 'a template' : 'the document'}, in place of ${markerText}; the template itself is not in the document.`);
  } else {
    lines.push(`It has no content: it removed ${markerText}${marker?.target === 'start' ? ' and the range up to its `<?end>`' : ''}; the template itself is not in the document.`);
  }
  return { start: tag.start, end: tag.end, markdown: lines.join('\n') };
}
