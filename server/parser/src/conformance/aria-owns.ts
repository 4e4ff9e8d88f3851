/**
 * aria-owns (https://w3c.github.io/aria/#aria-owns): "Identifies an element (or elements) in order to define a
 * visual, functional, or contextual parent/child relationship between DOM elements where the DOM hierarchy cannot be
 * used to represent the relationship"; "an element can have only one explicit owner". An owned element is an
 * accessibility child of its owner, not of its DOM parent (https://w3c.github.io/aria/#dfn-accessibility-child), so
 * WAI-ARIA's required context (#scope; 1.2: "contained in, or owned by") and required owned elements (1.2
 * #mustContain: "will own at least one") read it.
 *
 * The rules that read it (aria-rules.ts) do not judge such an element during the walk: they hand its finding here
 * (`deferContext`, `judgeOwned`), and the owners (the elements with an id in their aria-owns) are listed
 * (`owner`). After a full check's walk, `resolve` reads the ids of the document (its tree: template contents are
 * trees of their own, and their owners are not followed) into an index, the first element with each owned id
 * (https://dom.spec.whatwg.org/#concept-id: getElementById's "first element, in tree order"), and judges them:
 * - an element whose required context is missing among its ancestors has it when an owner of its id is an element
 *   with one of the roles, or inside one (the scope of the owner's children);
 * - an element with a role that has required owned elements owns one when its accessibility children do: its DOM
 *   descendants (through generic elements and groups, as aria-owned.ts reads them) but those another element owns,
 *   and the elements its own ids name, each read as its child.
 *
 * The re-check (check-conformance.ts) keeps it exact by checking the document whole whenever ownership may change:
 * an aria-owns or an owned element's id in the region, before (`AriaOwnsIndex.moved`, `countIn`) or after the edit,
 * an owner judged or walked down through, the region inside an owned element (`AriaOwnership.met`), or an owned
 * element met below an element whose required owned elements are read again (`walkSkip`). Otherwise no
 * owner, owned element or id changed, and an element judged again whose id no aria-owns names is judged as before.
 */
import { getAttribute, type ElementShape, type TreeRootShape } from '../attributes/tree-shape';
import { splitOnAsciiWhitespaceWithPositions } from '../microsyntaxes/infra';
import { hasContext, type AriaScope } from './aria-model';
import { ownsRequired, type SkipOwned } from './aria-owned';
import type { FindingsEdit } from './findings-edit';

/** The ids an aria-owns names (ASCII whitespace separated). */
export function ownedIds(element: ElementShape): string[] {
  const owns = getAttribute(element, 'aria-owns');
  if (owns === null) return [];
  return splitOnAsciiWhitespaceWithPositions(owns.value).map((t) => t.value);
}

/**
 * What a document's ownership was at its last full check, carried through edits: the ids its aria-owns attributes
 * name, and where those attributes and the id attributes with such values start (so that an edit there is seen).
 */
export class AriaOwnsIndex {
  constructor(
    readonly owned: ReadonlySet<string>,
    /** Sorted. */
    readonly starts: readonly number[],
    /** Set by `moved` when an edit removed text where one of `starts` was. */
    readonly touched: boolean = false,
  ) {}

  static readonly EMPTY = new AriaOwnsIndex(new Set(), []);

  get empty(): boolean {
    return this.starts.length === 0 && !this.touched;
  }

  moved(edit: FindingsEdit): AriaOwnsIndex {
    if (this.starts.length === 0) return this;
    const s = edit.start;
    const e = edit.start + edit.deleteCount;
    const by = edit.insertText.length - edit.deleteCount;
    const starts: number[] = [];
    let touched = this.touched;
    for (const at of this.starts) {
      if (at < s) starts.push(at);
      else if (at >= e) starts.push(at + by);
      else touched = true;
    }
    return new AriaOwnsIndex(this.owned, starts, touched);
  }

  /** Whether one of `starts` is in [from, to]. */
  meets(from: number, to: number): boolean {
    for (const at of this.starts) if (at >= from && at <= to) return true;
    return false;
  }
}

interface Owner {
  readonly element: ElementShape;
  /** The scope of its children (with its own role). */
  readonly below: AriaScope;
  readonly ids: readonly string[];
}

/** One walk's ownership: a full check's (resolved after the walk), or a re-check's (`previous`: whether to give up). */
export class AriaOwnership {
  private readonly owners: Owner[] = [];
  private readonly contexts: { readonly id: string; readonly roles: readonly string[]; readonly report: () => void }[] = [];
  /** A full check's required owned elements judgments, judged again with ownership in `resolve`. */
  private readonly owning: {
    readonly element: ElementShape;
    readonly scope: AriaScope;
    readonly paths: readonly (readonly string[])[];
    readonly domOwns: boolean;
    readonly hasOwns: boolean;
    readonly report: () => void;
  }[] = [];
  /** A re-check's: set when ownership may have changed (the document is then checked whole). */
  changed = false;

  constructor(
    /** For a re-check: the index of the previous findings; null for a full check. */
    private readonly previous: AriaOwnsIndex | null,
  ) {}

  /** `element` (outside template contents) has an aria-owns: `below` is the scope of its children. */
  owner(element: ElementShape, below: AriaScope): void {
    const ids = ownedIds(element);
    if (ids.length === 0) return;
    if (this.previous !== null) {
      this.changed = true;
      return;
    }
    this.owners.push({ element, below: { ...below }, ids });
  }

  /** An element with the id `id` whose required context `roles` is not among its ancestors: `report` unless an owner has it. */
  deferContext(id: string, roles: readonly string[], report: () => void): void {
    if (this.previous === null) this.contexts.push({ id, roles, report });
    else if (this.previous.owned.has(id)) this.changed = true;
    else report();
  }

  /**
   * What the walk reads below an element for its required owned elements: a re-check's gives up when it meets an
   * owned element (its owner is its accessibility parent, and the owners are not at hand); a full check's reads all
   * (its judgments are made again in `resolve`, with the owned elements left out).
   */
  walkSkip(): SkipOwned | null {
    const previous = this.previous;
    if (previous === null || previous.owned.size === 0) return null;
    return (element) => {
      if (element.attributes.length === 0) return false;
      const id = getAttribute(element, 'id');
      if (id !== null && previous.owned.has(id.value)) this.changed = true;
      return false;
    };
  }

  /**
   * An element with a role that has required owned elements (`paths`), in `scope`: whether its DOM descendants own
   * one (`domOwns`, read with `walkSkip`), and whether it has an aria-owns; `report` makes the finding. A re-check
   * reports now (it gives up on an owner); a full check judges it again in `resolve` when the document has owners.
   */
  judgeOwned(element: ElementShape, scope: AriaScope, paths: readonly (readonly string[])[], domOwns: boolean, hasOwns: boolean, report: () => void): void {
    if (this.previous !== null) {
      if (hasOwns) this.changed = true;
      else if (!domOwns) report();
      return;
    }
    const copy: AriaScope = { ariaAncestors: scope.ariaAncestors, ariaTable: scope.ariaTable, ariaParentList: scope.ariaParentList, ariaBusy: scope.ariaBusy };
    this.owning.push({ element, scope: copy, paths, domOwns, hasOwns, report });
  }

  /** A re-check met `element` (walked into it, or down through it): is it an owned element? */
  met(element: ElementShape): void {
    if (this.previous === null || this.previous.owned.size === 0 || element.attributes.length === 0) return;
    const id = getAttribute(element, 'id');
    if (id !== null && this.previous.owned.has(id.value)) this.changed = true;
  }

  /** After a full check's walk: judges what was handed here, and returns the index. */
  resolve(root: TreeRootShape): AriaOwnsIndex {
    if (this.owners.length === 0) {
      for (const c of this.contexts) c.report();
      for (const o of this.owning) if (!o.domOwns) o.report();
      return AriaOwnsIndex.EMPTY;
    }
    const owned = new Set<string>();
    const starts: number[] = [];
    for (const o of this.owners) {
      for (const id of o.ids) owned.add(id);
      starts.push(getAttribute(o.element, 'aria-owns')!.start);
    }
    const byId = new Map<string, ElementShape>();
    // The document's tree, iteratively (not template contents: trees of their own).
    const stack: TreeRootShape['children'][number][] = [...root.children].reverse();
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.kind !== 'element') continue;
      const element = node as ElementShape;
      const id = element.attributes.length > 0 ? getAttribute(element, 'id') : null;
      if (id !== null && owned.has(id.value)) {
        starts.push(id.start);
        if (!byId.has(id.value)) byId.set(id.value, element);
      }
      for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i]);
    }
    starts.sort((a, b) => a - b);
    // Required context: an owner of the id with one of the roles, or inside one.
    for (const c of this.contexts) {
      const target = byId.get(c.id);
      const had = target !== undefined && this.owners.some((o) => o.ids.includes(c.id) && hasContext(o.below, c.roles));
      if (!had) c.report();
    }
    // Required owned elements: the elements its ids name (an element cannot own itself or an ancestor) count, the
    // DOM descendants another element owns do not.
    const ownersOf = new Map<ElementShape, ElementShape[]>();
    for (const o of this.owners) {
      for (const id of o.ids) {
        const e = byId.get(id);
        if (e === undefined) continue;
        const list = ownersOf.get(e);
        if (list === undefined) ownersOf.set(e, [o.element]);
        else list.push(o.element);
      }
    }
    for (const o of this.owning) {
      const elements: ElementShape[] = [];
      if (o.hasOwns) {
        for (const id of ownedIds(o.element)) {
          const e = byId.get(id);
          if (e !== undefined && e !== o.element && !isAncestor(e, o.element)) elements.push(e);
        }
      }
      const skip: SkipOwned = (e) => {
        const owners = ownersOf.get(e);
        return owners !== undefined && owners.some((w) => w !== o.element);
      };
      if (!ownsRequired(o.element, o.scope, o.paths, elements, skip)) o.report();
    }
    return new AriaOwnsIndex(owned, starts);
  }
}

function isAncestor(a: ElementShape, of: ElementShape): boolean {
  for (let p = of.parent; p !== null && p !== undefined && p.kind === 'element'; p = p.parent) if (p === a) return true;
  return false;
}
