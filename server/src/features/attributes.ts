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
import type { DocumentParse, TextEdit } from '../document-parse';
import type { DomAttribute, DomElement, DomParent } from '../dom';
import { pathAt } from './tree';

const checks = new WeakMap<DocumentParse, readonly AttributeDiagnostic[]>();
/** Checks carried over from an earlier parse through the edits since, until the exact ones are made. */
const carried = new WeakMap<DocumentParse, readonly AttributeDiagnostic[]>();
const indexes = new WeakMap<DocumentParse, AttributeIndex>();

/**
 * Below this many characters the attribute checks run on every parse. Above
 * it they walk enough of the tree to cost more than a keystroke should
 * (about 100 ms for a 7 MB page), so a reparse first carries the previous
 * checks over through the edits, and the exact ones follow when the editor
 * is idle (see `currentAttributeChecks`).
 */
export const EXACT_ATTRIBUTE_CHECKS_BELOW = 262_144;

/** The attribute diagnostics of a parse (all of them; the settings filter later). */
export function attributeChecks(parse: DocumentParse): readonly AttributeDiagnostic[] {
  if (parse.document === null) return [];
  let result = checks.get(parse);
  if (result === undefined) {
    result = checkAttributes(parse.document);
    checks.set(parse, result);
    carried.delete(parse);
  }
  return result;
}

/** Whether the exact attribute checks of a parse have been made. */
export function hasExactAttributeChecks(parse: DocumentParse): boolean {
  return parse.document === null || checks.has(parse);
}

/**
 * The attribute diagnostics to show now: the exact ones when they are made
 * or cheap; for a large document reparsed after edits, the previous parse's
 * moved through the edits (a diagnostic an edit touches is left out until
 * the exact checks replace these); for a large document just opened, none
 * until the exact ones are made. `hasExactAttributeChecks` tells which.
 */
export function currentAttributeChecks(parse: DocumentParse): readonly AttributeDiagnostic[] {
  if (parse.document === null) return [];
  const exact = checks.get(parse);
  if (exact !== undefined) return exact;
  const before = parse.previous;
  if (parse.text.length < EXACT_ATTRIBUTE_CHECKS_BELOW) return attributeChecks(parse);
  // A large document just opened (or replaced whole): its parse errors are shown first, the attribute checks
  // right after (and edits meanwhile carry this empty list, not a stall).
  if (before === null) {
    carried.set(parse, []);
    return [];
  }
  let result = carried.get(parse);
  if (result === undefined) {
    const earlier = checks.get(before.parse) ?? carried.get(before.parse);
    if (earlier === undefined) return attributeChecks(parse);
    result = carryThrough(earlier, before.edits);
    carried.set(parse, result);
  }
  return result;
}

/** Diagnostics moved through edits (offsets of the text before them); those the edits touch are left out. */
function carryThrough(diagnostics: readonly AttributeDiagnostic[], edits: readonly TextEdit[]): AttributeDiagnostic[] {
  const out: AttributeDiagnostic[] = [];
  for (const d of diagnostics) {
    const range = moveRange(d, edits);
    if (range === null) continue;
    const related = d.related === undefined ? null : moveRange(d.related, edits);
    const moved: AttributeDiagnostic = { ...d, start: range.start, end: range.end };
    if (d.related !== undefined) {
      if (related === null) delete moved.related;
      else moved.related = { ...d.related, start: related.start, end: related.end };
    }
    out.push(moved);
  }
  return out;
}

/** A range moved through edits, or null when an edit falls inside it. */
function moveRange(range: { start: number; end: number }, edits: readonly TextEdit[]): { start: number; end: number } | null {
  let { start, end } = range;
  for (const edit of edits) {
    if (end <= edit.start) continue;
    if (start >= edit.end) {
      const d = edit.text.length - (edit.end - edit.start);
      start += d;
      end += d;
      continue;
    }
    return null;
  }
  return { start, end };
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
