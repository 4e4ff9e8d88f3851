/**
 * Completion and hover for what VS Code custom data declares
 * (tagtree.customData, a tagtree.json's "customData"): its elements after
 * `<`, its attributes inside their start tags (the tag's own and the global
 * ones), their values, and the description of each on hover. Offsets in;
 * plain items out. The data itself is the parser's `AttributeAllowList`,
 * made by framework-config.ts.
 */
import { customDataDescriptionText, type AttributeAllowList, type CustomDataAttribute, type CustomDataTag } from '@tagtree/parser';
import type { DocumentParse } from '../document-parse';
import type { DomElement } from '../dom';
import type { CompletionData } from './attribute-completion';
import type { HoverData } from './hover';
import { tagAt } from './tree';

function documentation(d: { description?: CustomDataTag['description']; references?: CustomDataTag['references'] }, fallback: string): string {
  const text = customDataDescriptionText(d.description);
  const links = (d.references ?? []).map((r) => `[${r.name}](${r.url})`).join(' · ');
  return [text === '' ? fallback : text, links].filter((x) => x !== '').join('\n\n');
}

/** The custom data's elements, for the tag name at `name` (after `<`). */
export function customElementCompletions(list: AttributeAllowList, name: { start: number; end: number }): CompletionData[] {
  const out: CompletionData[] = [];
  for (const [tag, data] of list.tags) {
    out.push({ kind: 'element', label: tag, detail: 'element (custom data)', documentation: documentation(data, `\`<${tag}>\``), start: name.start, end: name.end, sortText: `0${tag}` });
  }
  return out;
}

/** The custom data's attributes of `element` (its tag's, then the global ones), but those already there. */
export function customAttributeCompletions(list: AttributeAllowList, element: DomElement, name: { start: number; end: number }): CompletionData[] {
  const present = new Set(element.attributes.filter((a) => a.start !== name.start).map((a) => a.name));
  const out: CompletionData[] = [];
  const add = (a: CustomDataAttribute, detail: string) => {
    const n = a.name.toLowerCase();
    if (present.has(n)) return;
    present.add(n);
    out.push({ kind: 'attribute', label: n, detail, documentation: documentation(a, `\`${n}\``), start: name.start, end: name.end, sortText: `0${n}` });
  };
  for (const a of list.tags.get(element.name)?.attributes ?? []) add(a, `attribute of <${element.name}> (custom data)`);
  for (const a of list.globalAttributes.values()) add(a, 'global attribute (custom data)');
  return out;
}

/** The values custom data gives the attribute whose value holds `offset`. */
export function customValueCompletions(list: AttributeAllowList, parse: DocumentParse, offset: number): CompletionData[] {
  const root = parse.document;
  if (root === null || list.empty) return [];
  const hit = tagAt(root, offset);
  if (hit === undefined || hit.tag !== 'start') return [];
  const attribute = hit.element.attributes.find((a) => a.valueStart !== null && a.valueEnd !== null && a.valueStart <= offset && offset <= a.valueEnd);
  if (attribute === undefined) return [];
  const data = list.customAttribute(hit.element.name, attribute.name);
  const values = data?.values ?? (data?.valueSet !== undefined ? list.valueSets.get(data.valueSet) : undefined);
  if (values === undefined) return [];
  return values.map((v) => ({
    label: v.name,
    detail: `${attribute.name} (custom data)`,
    documentation: documentation(v, `\`${v.name}\``),
    start: attribute.valueStart!,
    end: attribute.valueEnd!,
  }));
}

/** Hover on an attribute or an element name that custom data declares: its description and references. */
export function customDataHoverAt(list: AttributeAllowList, parse: DocumentParse, offset: number): HoverData | undefined {
  const root = parse.document;
  if (root === null || list.empty) return undefined;
  const hit = tagAt(root, offset);
  if (hit === undefined || hit.tag !== 'start' || hit.element.startTag === null) return undefined;
  const element = hit.element;
  const startTag = element.startTag!;
  for (const a of element.attributes) {
    if (offset < a.start || offset >= a.end) continue;
    const data = list.customAttribute(element.name, a.name);
    if (data === undefined) return undefined;
    return { start: a.start, end: a.end, markdown: `\`${a.name}\` on \`<${element.name}>\` (custom data)\n\n${documentation(data, '')}`.trimEnd() };
  }
  const nameStart = startTag.start + 1;
  const nameEnd = nameStart + element.name.length;
  const tag = list.tags.get(element.name);
  if (tag === undefined || offset < nameStart || offset > nameEnd) return undefined;
  return { start: nameStart, end: nameEnd, markdown: `\`<${element.name}>\` (custom data)\n\n${documentation(tag, '')}`.trimEnd() };
}
