/**
 * The attribute checks and index of a parse, computed once per parse and
 * shared by diagnostics, hover, go-to-definition and completion; and the
 * attribute under an offset.
 *
 * Everything is computed from the parse the server already holds (no second
 * parse), and read through the parser's attribute module
 * (server/parser/src/attributes/), which owns the table and the rules.
 */
import { ATTRIBUTE_TABLE, checkAttributes, checkAttributesInSteps, definitionOf, indexAttributes, type AttributeDefinition, type AttributeDiagnostic, type AttributeIndex, type ElementShape } from '@tagtree/parser';
import type { DocumentParse, TextEdit } from '../document-parse';
import type { DomAttribute, DomChild, DomElement, DomNode, DomParent } from '../dom';
import { pathAt } from './tree';

const checks = new WeakMap<DocumentParse, readonly AttributeDiagnostic[]>();
/** Checks carried over from an earlier parse through the edits since, until the exact ones are made. */
const carried = new WeakMap<DocumentParse, readonly AttributeDiagnostic[]>();
/** The same, made as each parse is made (`carryAttributeChecks`), for when the parse before it was never asked. */
const carriedAtParse = new WeakMap<DocumentParse, readonly AttributeDiagnostic[]>();

/**
 * Carries the previous parse's checks (exact, carried, or carried when it
 * was made) through the edits to a large document's new parse, as it is
 * made (the document store's `onReparsed`): cheap, and without it a parse
 * made after one that was never asked for diagnostics has nothing to carry
 * from and checks the whole tree.
 */
export function carryAttributeChecks(parse: DocumentParse): void {
  const before = parse.previous;
  if (before === null || parse.document === null || parse.text.length < EXACT_ATTRIBUTE_CHECKS_BELOW) return;
  const earlier = checks.get(before.parse) ?? carried.get(before.parse) ?? carriedAtParse.get(before.parse);
  if (earlier !== undefined) carriedAtParse.set(parse, carryThrough(earlier, before.edits));
}
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

/**
 * Makes the exact attribute checks of a parse, and tells whether they differ
 * from those shown for it until now (carried through the edits, or none
 * after an open): when they do not, nothing needs to be published again.
 *
 * In steps: the generator yields every few thousand elements. The server runs it in
 * slices while the editor is idle, so a keystroke never waits for a walk of
 * the whole tree; it must drop the generator once `parse` is not the
 * document's current one (a reparse consumes the tree it walks).
 */
export function* makeExactAttributeChecksInSteps(parse: DocumentParse): Generator<void, boolean> {
  if (parse.document === null || checks.has(parse)) return false;
  const exact = yield* checkAttributesInSteps(parse.document);
  // Made meanwhile, in one go, by a request that needed them (hover): those stand.
  if (checks.has(parse)) return false;
  const shown = carried.get(parse);
  checks.set(parse, exact);
  carried.delete(parse);
  return shown === undefined || !sameAttributeDiagnostics(shown, exact);
}

function sameAttributeDiagnostics(a: readonly AttributeDiagnostic[], b: readonly AttributeDiagnostic[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.code !== y.code || x.start !== y.start || x.end !== y.end || x.message !== y.message || x.href !== y.href) return false;
    if (x.related?.start !== y.related?.start || x.related?.end !== y.related?.end || x.related?.message !== y.related?.message) return false;
  }
  return true;
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
    const incremental = incrementalAttributeChecks(parse);
    if (incremental !== undefined) {
      checks.set(parse, incremental);
      return incremental;
    }
    // Carried when the parse was made (the document store's onReparsed), from what the previous parse had then; else now.
    result = carriedAtParse.get(parse);
    if (result === undefined) {
      const earlier = checks.get(before.parse) ?? carried.get(before.parse);
      if (earlier === undefined) return attributeChecks(parse);
      result = carryThrough(earlier, before.edits);
    }
    carried.set(parse, result);
  }
  return result;
}

/**
 * Attribute names that the checks of other elements read: ids and names
 * (duplicates, the targets of references and image maps) and every attribute
 * whose value refers to them (from the parser's attribute table).
 */
const SHARED_ATTRIBUTES = [
  'id',
  'name',
  ...new Set(
    ATTRIBUTE_TABLE.filter((d) => d.syntax.kind === 'id-reference' || d.syntax.kind === 'id-references' || d.syntax.kind === 'hash-name-reference').map((d) => d.name),
  ),
];
/** Such an attribute written in a tag (with a value or not), or a template (its contents are a tree of their own). */
const SHARED_MARKUP = new RegExp(`(?<![\\w-])(?:${SHARED_ATTRIBUTES.map((n) => n.replace(/[^a-z0-9-]/gi, '')).join('|')})(?=\\s*(?:=|/|>|\\s|$))|</?template`, 'i');

/** Above this many characters (old or new), a reparsed region is not checked on its own. */
const INCREMENTAL_REGION_LIMIT = 262_144;

/**
 * The exact attribute checks of an incremental parse, made from the previous
 * parse's exact ones: every element outside the region the parser parsed
 * again is the previous parse's, so its diagnostics are the previous ones
 * moved through the edit; the elements written in the region are checked
 * alone (`checkAttributes` on a document holding only them, without their
 * children). That holds when the diagnostics of no element depend on the
 * region: neither the old nor the new text of the region holds an id, a
 * name, a reference to them or a template (`SHARED_MARKUP`). Otherwise, or
 * after a full parse, undefined: the caller carries the previous checks
 * and makes the exact ones when the editor is idle.
 */
export function incrementalAttributeChecks(parse: DocumentParse): readonly AttributeDiagnostic[] | undefined {
  const before = parse.previous;
  const region = parse.region;
  const root = parse.document;
  if (before === null || region === null || root === null || before.edits.length !== 1) return undefined;
  const earlier = checks.get(before.parse);
  if (earlier === undefined) return undefined;
  const edit = before.edits[0];
  const oldEnd = region.end - (edit.text.length - (edit.end - edit.start));
  if (region.end - region.start > INCREMENTAL_REGION_LIMIT || oldEnd - region.start > INCREMENTAL_REGION_LIMIT || oldEnd < region.start) return undefined;
  if (SHARED_MARKUP.test(before.parse.text.slice(region.start, oldEnd)) || SHARED_MARKUP.test(parse.text.slice(region.start, region.end))) return undefined;
  const inRegion = (d: { start: number; end: number }) => (d.start < region.end && d.end > region.start) || (d.start === d.end && d.start >= region.start && d.start < region.end);
  const out: AttributeDiagnostic[] = [];
  for (const d of carryThrough(earlier, before.edits)) if (!inRegion(d)) out.push(d);
  for (const d of checkAttributes({ kind: 'document', children: elementsWrittenIn(root, region.start, region.end) })) if (inRegion(d)) out.push(d);
  out.sort((a, b) => a.start - b.start || a.end - b.end);
  return out;
}

/**
 * Views of the elements with attributes written in `[start, end]`: their
 * start tags meet it, or (html and body) a start tag there may have added
 * attributes to them. A view shows the element's own attributes and no
 * children, so checking it checks the element alone.
 */
function elementsWrittenIn(root: DomParent, start: number, end: number): ElementShape[] {
  const out: ElementShape[] = [];
  const view = (e: DomElement): ElementShape => ({ kind: 'element', name: e.name, namespace: e.namespace, attributes: e.attributes, children: [], content: null, startTag: e.startTag, cloneOf: e.cloneOf });
  const meets = (n: { start: number; end: number }) => n.start <= end && n.end >= start;
  const stack: DomNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    let children: readonly DomChild[] = [];
    // The document's html element, and its body.
    let always: (c: DomElement) => boolean = () => false;
    if (node.kind === 'element') {
      const rootElement = node.parent !== null && node.parent.kind === 'document';
      const body = node.name === 'body' && node.parent !== null && node.parent.kind === 'element' && node.parent.parent !== null && node.parent.parent.kind === 'document';
      if ((node.startTag !== null && meets(node.startTag)) || ((rootElement || body) && node.namespace === 'html')) out.push(view(node));
      children = node.children;
      if (rootElement) always = (c) => c.name === 'body';
      if (node.content !== null && meets(node.content)) stack.push(node.content);
    } else if (node.kind === 'document' || node.kind === 'fragment') {
      children = node.children;
      if (node.kind === 'document') always = () => true;
    }
    for (let i = 0; i < children.length; i++) {
      const c = children[i];
      if (c.kind === 'element' && (meets(c) || always(c))) stack.push(c);
    }
  }
  return out;
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
export function moveRange(range: { start: number; end: number }, edits: readonly TextEdit[]): { start: number; end: number } | null {
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
