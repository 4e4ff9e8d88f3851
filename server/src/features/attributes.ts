/**
 * The attribute checks and index of a parse, computed once per parse and
 * shared by diagnostics, hover, go-to-definition and completion; and the
 * attribute under an offset.
 *
 * Everything is computed from the parse the server already holds (no second
 * parse), and read through the parser's attribute module
 * (server/parser/src/attributes/), which owns the table and the rules.
 */
import {
  ATTRIBUTE_DIAGNOSTICS,
  ATTRIBUTE_TABLE,
  checkAttributes,
  checkAttributesInSteps,
  definitionOf,
  indexAttributes,
  type AttributeDefinition,
  type AttributeDiagnostic,
  type AttributeIndex,
  type ElementShape,
} from '@tagtree/parser';
import { exactFindings, hasExactFindings, recheckedFindings, type FindingsFamily } from '../derived-findings';
import { cachedOn, type DocumentParse, type TextEdit } from '../document-parse';
import type { DomAttribute, DomChild, DomElement, DomNode, DomParent } from '../dom';
import { pathAt } from './tree';

type AttributeFindings = readonly AttributeDiagnostic[];

/**
 * The attribute checks as a family of derived findings (derived-findings.ts):
 * an array in document order, carried diagnostic by diagnostic, re-checked
 * by `incrementalAttributeChecks`'s rule.
 */
export const ATTRIBUTE_FINDINGS: FindingsFamily<AttributeFindings> = {
  noun: 'attribute problem',
  codes: Object.keys(ATTRIBUTE_DIAGNOSTICS),
  wanted: () => true,
  none: [],
  check: (document) => checkAttributes(document),
  checkInSteps: (document) => checkAttributesInSteps(document),
  recheck: recheckAttributes,
  carry: carryThrough,
  same: sameAttributeDiagnostics,
  forEach(findings, visit) {
    for (const d of findings) {
      const related = d.related === undefined ? undefined : [d.related];
      visit({ code: d.code, severity: ATTRIBUTE_DIAGNOSTICS[d.code].severity, start: d.start, end: d.end, message: d.message, href: d.href, related, element: d.element, attribute: d.attribute }, 0);
    }
  },
};

/** The exact attribute diagnostics of a parse (all of them; the settings filter later), made now if need be. */
export function attributeChecks(parse: DocumentParse): AttributeFindings {
  return exactFindings(parse, ATTRIBUTE_FINDINGS);
}

/** Whether the exact attribute checks of a parse have been made. */
export function hasExactAttributeChecks(parse: DocumentParse): boolean {
  return hasExactFindings(parse, ATTRIBUTE_FINDINGS);
}

function sameAttributeDiagnostics(a: AttributeFindings, b: AttributeFindings): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.code !== y.code || x.start !== y.start || x.end !== y.end || x.message !== y.message || x.href !== y.href) return false;
    if (x.related?.start !== y.related?.start || x.related?.end !== y.related?.end || x.related?.message !== y.related?.message) return false;
  }
  return true;
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
 * after a full parse, or without the previous parse's exact checks, undefined.
 */
export function incrementalAttributeChecks(parse: DocumentParse): AttributeFindings | undefined {
  return recheckedFindings(parse, ATTRIBUTE_FINDINGS);
}

function recheckAttributes(parse: DocumentParse, earlier: AttributeFindings): AttributeFindings | undefined {
  const before = parse.previous;
  const region = parse.region;
  const root = parse.document;
  if (before === null || region === null || root === null || before.edits.length !== 1) return undefined;
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
 * children, so checking it checks the element alone; and its parent, which
 * the attributes allowed only under some parents read (li's value, source's
 * src and srcset). An element outside the region keeps a parent of the same
 * name: the reparse syncs only where the tag names on the stack of open
 * elements are the same, and widens the region to the elements an adoption
 * agency move (made or undone) gave another parent (`onChanged`);
 * document-store.test.ts checks both on edits of lists and pictures.
 */
function elementsWrittenIn(root: DomParent, start: number, end: number): ElementShape[] {
  const out: ElementShape[] = [];
  const view = (e: DomElement): ElementShape => ({
    kind: 'element',
    name: e.name,
    namespace: e.namespace,
    attributes: e.attributes,
    children: [],
    content: null,
    startTag: e.startTag,
    cloneOf: e.cloneOf,
    parent: e.parent,
  });
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
function carryThrough(diagnostics: AttributeFindings, edits: readonly TextEdit[]): AttributeDiagnostic[] {
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

/** The key of a parse's attribute index in its cache. */
const INDEX = {};

/** The ids, maps and named anchors of a parse's trees. */
export function attributeIndex(parse: DocumentParse): AttributeIndex | null {
  const document = parse.document;
  return document === null ? null : cachedOn(parse, INDEX, () => indexAttributes(document));
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
