/**
 * Go to definition on a reference in an attribute value: `href="#x"` to the
 * element the fragment indicates, `for`, `form`, `list`, `headers`,
 * `popovertarget`, `commandfor`, `itemref` and the `aria-*` ID references to
 * the element with that id, and `usemap` to its `map`. Offsets in; the
 * targets' start tags out, as plain ranges.
 */
import { microsyntaxes, type AttributeDefinition, type AttributeIndex } from '@tagtree/parser';
import type { DocumentParse } from '../document-parse';
import type { DomAttribute, DomElement } from '../dom';
import { attributeAt, attributeIndex } from './attributes';
import { templateForDefinition } from './template-for';

export interface ReferenceTarget {
  /** The id or name that was looked up. */
  name: string;
  element: DomElement;
  /** Where to go: the target's start tag (or its id/name attribute when it has no start tag of its own). */
  start: number;
  end: number;
}

function target(name: string, element: DomElement, attribute: DomAttribute): ReferenceTarget {
  const tag = element.startTag;
  return tag !== null ? { name, element, start: tag.start, end: tag.end } : { name, element, start: attribute.start, end: attribute.end };
}

/**
 * https://url.spec.whatwg.org/#percent-decode, then UTF-8 decode without BOM or
 * fail: the decoded fragment of step 2 of "find a potential indicated element".
 */
function percentDecode(s: string): string | null {
  if (!s.includes('%')) return s;
  const bytes: number[] = [];
  const utf8 = new TextEncoder();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25 && i + 2 < s.length && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const end = c >= 0xd800 && c <= 0xdbff ? i + 2 : i + 1;
      for (const b of utf8.encode(s.slice(i, end))) bytes.push(b);
      i = end - 1;
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/**
 * The elements a reference attribute refers to. For a list of IDs,
 * `offsetInValue` picks the token under the cursor; null means every token.
 */
export function resolveReferences(
  index: AttributeIndex,
  element: DomElement,
  attribute: DomAttribute,
  definition: AttributeDefinition,
  offsetInValue: number | null,
): ReferenceTarget[] {
  const syntax = definition.syntax;
  const tree = index.treeOf(element);
  const byId = (id: string): ReferenceTarget[] => {
    const found = tree.idTarget(id);
    return found === undefined ? [] : [target(id, found.element as DomElement, found.attribute as DomAttribute)];
  };
  switch (syntax.kind) {
    case 'id-reference':
      return byId(attribute.value);
    case 'id-references': {
      const tokens = microsyntaxes.splitOnAsciiWhitespaceWithPositions(attribute.value);
      const under = offsetInValue === null ? undefined : tokens.find((t) => t.start <= offsetInValue && offsetInValue <= t.start + t.value.length);
      return (under !== undefined ? [under] : tokens).flatMap((t) => byId(t.value));
    }
    case 'hash-name-reference': {
      const name = microsyntaxes.hashNameReferenceName(attribute.value);
      if (!name.ok) return [];
      const map = tree.mapNamed(name.value) as DomElement | null;
      if (map === null) return [];
      const named = map.attributes.find((a) => a.name === 'name' && a.value === name.value) ?? map.attributes.find((a) => a.name === 'id')!;
      return [target(name.value, map, named)];
    }
    case 'hyperlink': {
      // Only a fragment of this document: "#" and the fragment. https://html.spec.whatwg.org/multipage/browsing-the-web.html#find-a-potential-indicated-element
      if (attribute.value.charCodeAt(0) !== 0x23) return [];
      const fragment = attribute.value.slice(1);
      if (fragment === '') return [];
      const document = index.document;
      // Step 1 with the fragment as written, then with its percent-decoding.
      for (const s of [fragment, percentDecode(fragment)]) {
        if (s === null) continue;
        const byIdInDocument = document.idTarget(s);
        if (byIdInDocument !== undefined) return [target(s, byIdInDocument.element as DomElement, byIdInDocument.attribute as DomAttribute)];
        const anchor = document.anchorTarget(s);
        if (anchor !== undefined) return [target(s, anchor.element as DomElement, anchor.attribute as DomAttribute)];
      }
      return [];
    }
    default:
      return [];
  }
}

/** The definition targets for the cursor at `offset`: empty when it is not on a reference. */
export function definitionAt(parse: DocumentParse, offset: number): { start: number; end: number }[] {
  const document = parse.document;
  if (document === null) return [];
  // <template for="x"> to its <?marker name="x"> (whatwg/html 2ff023fb).
  const marker = templateForDefinition(parse.text, offset);
  if (marker.length > 0) return marker;
  const hit = attributeAt(document, offset);
  if (hit === undefined || hit.definition === null) return [];
  const index = attributeIndex(parse);
  if (index === null) return [];
  const { attribute } = hit;
  // The token under the cursor, when the value is its source as written.
  const inValue =
    attribute.valueStart !== null && attribute.valueEnd !== null && attribute.valueEnd - attribute.valueStart === attribute.value.length && offset >= attribute.valueStart
      ? offset - attribute.valueStart
      : null;
  return resolveReferences(index, hit.element, attribute, hit.definition, inValue).map((t) => ({ start: t.start, end: t.end }));
}
