/**
 * The attribute checks and index of a parse, computed once per parse and
 * shared by diagnostics, hover, go-to-definition and completion; and the
 * attribute under an offset.
 *
 * Everything is computed from the parse the server already holds (no second
 * parse), and read through the parser's attribute module
 * (server/parser/src/attributes/), which owns the table and the rules.
 */
import { checkAttributes, definitionOf, indexAttributes, type AttributeDefinition, type AttributeDiagnostic, type AttributeIndex } from '@tagtree/parser';
import type { DocumentParse } from '../document-parse';
import type { DomAttribute, DomElement, DomParent } from '../dom';
import { pathAt } from './tree';

const checks = new WeakMap<DocumentParse, readonly AttributeDiagnostic[]>();
const indexes = new WeakMap<DocumentParse, AttributeIndex>();

/** The attribute diagnostics of a parse (all of them; the settings filter later). */
export function attributeChecks(parse: DocumentParse): readonly AttributeDiagnostic[] {
  if (parse.document === null) return [];
  let result = checks.get(parse);
  if (result === undefined) {
    result = checkAttributes(parse.document);
    checks.set(parse, result);
  }
  return result;
}

/** The ids, maps and named anchors of a parse's trees. */
export function attributeIndex(parse: DocumentParse): AttributeIndex | null {
  if (parse.document === null) return null;
  let index = indexes.get(parse);
  if (index === undefined) {
    index = indexAttributes(parse.document);
    indexes.set(parse, index);
  }
  return index;
}

export interface AttributeHit {
  element: DomElement;
  attribute: DomAttribute;
  /** The table's definition of the attribute on this element, or null. */
  definition: AttributeDefinition | null;
}

/**
 * The attribute whose source contains `offset`, on the element whose start
 * tag contains it. With `atValueEnd`, an offset just after an unquoted value
 * (where typing goes on) counts as inside it.
 */
export function attributeAt(root: DomParent, offset: number, atValueEnd = false): AttributeHit | undefined {
  const path = pathAt(root, offset);
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (node.kind !== 'element' || node.startTag === null) continue;
    if (offset < node.startTag.start || offset >= node.startTag.end) continue;
    // A clone repeats its original's attributes; the original is the one written here.
    if (node.cloneOf !== null) continue;
    const attributes = node.attributes;
    for (let j = 0; j < attributes.length; j++) {
      const attribute = attributes[j];
      const inside = attribute.start <= offset && (offset < attribute.end || (atValueEnd && offset === attribute.end && attribute.valueEnd === attribute.end));
      if (inside) return { element: node, attribute, definition: definitionOf(node, attribute) };
    }
    return undefined;
  }
  return undefined;
}
