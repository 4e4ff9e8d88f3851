/**
 * The mutation log: what each span's tokens changed in place in nodes made
 * before the span, so that an incremental reparse can undo it (to restore
 * the tree at a checkpoint before an edit) and replay it (after reusing the
 * old tree from a checkpoint after the edit).
 *
 * Most of a parse only appends: a node just made to an open element, text
 * to the last Text node. Appends of a node just made are not logged
 * (cutting the live nodes back to their child counts at a checkpoint undoes
 * them, and the nodes appended after a checkpoint are told by their span);
 * nor is text appended to, or an attribute added to, a node of the same span.
 * Every other change is logged:
 * - a node removed from its parent (the adoption agency, a `<frameset>`
 *   taking the body's place);
 * - a node inserted before another (foster parenting before a table);
 * - a node that was in the tree appended to a parent (the adoption agency moving it);
 * - text appended to a Text node of an earlier span;
 * - all the children of an element moved to a new one (the adoption
 *   agency's furthest block);
 * - a `<html>` or `<body>` start tag in body adding its attributes to an
 *   element of an earlier span (the entry keeps all the tag's attributes:
 *   which of them the element lacks depends on the tree it is replayed on).
 *
 * Undo runs the logs of the spans from the last one back, each from its last
 * entry back. Between two logged changes of one parent only appends happen,
 * and those stay at the end of its children; so when an entry is undone, the
 * parent's children start with exactly what they were right after the
 * change, and the entry's index is right. Each undo checks that it is.
 *
 * Replay runs the logs of the reused spans forwards, on the new tree, after
 * each live node got back the children appended after the sync point. Its
 * entries name the nodes to change by what the parser's state names (open
 * elements, formatting elements, the table foster parenting inserts before)
 * and places by a node (before a table, the end of a parent): replaying
 * them does what the tokens after the sync point do to the new tree. Each
 * entry is updated to what it did there (indices, the Text node appended
 * to), so that a later reparse can undo it.
 */
import type { Attribute, ChildNode, Element, Node, ParentNode, Text } from '../dom';
import { insertAtIndex, removeIndex } from './arrays';
import type { Span } from '../span';

export const enum MutationKind {
  /** `child` removed from `parent` at `index`. */
  Remove,
  /** `child` inserted into `parent` at `index`, right before `before`. */
  InsertBefore,
  /** `child`, an older node, appended to `parent` at `index`. */
  Append,
  /**
   * `child`, an older node, appended to `parent`, a copy the adoption agency
   * just made, which sits where `child` starts (step 4.13.8).
   */
  AppendToCopy,
  /** `data` appended to `text`, which is right before `before` in `parent` (or last in it). */
  AppendText,
  /**
   * All `count` children of `parent` (the furthest block) moved to `child`,
   * a copy the adoption agency just made, which sits where the first of them
   * starts, or at the token (`newStartInSpan`) when there are none (step 4.16).
   */
  MoveChildren,
  /** Of `attributes`, those `child` lacks appended to its attributes (`count` of them, from `index` on). */
  AddAttribute,
  /**
   * `child`, an option, popped while a selectedcontent element exists: when
   * `parent` (its select's selectedcontent) is not null, its children
   * `oldChildren` were replaced by `count` copies of the option's.
   * https://html.spec.whatwg.org/multipage/form-elements.html#maybe-clone-an-option-into-selectedcontent
   * Undone, never replayed: whether and what it copies depends on the whole
   * select, so a reparse does not reuse the tree across one (the refusal `option-mirrored-after`, incremental/sync-refusals.ts).
   */
  Mirror,
}

/**
 * One change. Fields not used by a kind are null or 0. Offsets are stored
 * relative to the span of the log (see `Located` in dom.ts).
 */
export class Mutation {
  constructor(
    readonly kind: MutationKind,
    public parent: ParentNode | null,
    public child: ChildNode | null,
    public before: ChildNode | null,
    /** Remove, InsertBefore, Append: the child's index in `parent`; AppendText: the text's; AddAttribute: where the added ones start. */
    public index: number,
    /** AppendText: the text's length before; MoveChildren: how many children moved; AddAttribute: how many were added. */
    public count: number,
    readonly data: string,
    /** AppendText: the text's start and end before the append (relative to the text's own span). */
    public oldStartInSpan: number,
    public oldEndInSpan: number,
    /** AppendText: the start and end of the appended characters (relative to the log's span). */
    readonly newStartInSpan: number,
    readonly newEndInSpan: number,
    readonly attributes: readonly Attribute[] | null,
    /** Mirror: the selectedcontent's children before. */
    readonly oldChildren: readonly ChildNode[] | null = null,
  ) {}
}

/** `span`'s log: its entries are Mutations, since `log` below is the only writer. */
export function logOf(span: Span): readonly Mutation[] | null {
  return span.log as Mutation[] | null;
}

/** Appends an entry to `span`'s log. */
function log(span: Span, mutation: Mutation): void {
  if (span.log === null) span.log = [mutation];
  else span.log.push(mutation);
}

export function logRemove(span: Span, parent: ParentNode, child: ChildNode, index: number): void {
  log(span, new Mutation(MutationKind.Remove, parent, child, null, index, 0, '', 0, 0, 0, 0, null));
}

export function logInsertBefore(span: Span, parent: ParentNode, child: ChildNode, before: ChildNode, index: number): void {
  log(span, new Mutation(MutationKind.InsertBefore, parent, child, before, index, 0, '', 0, 0, 0, 0, null));
}

export function logAppend(span: Span, parent: ParentNode, child: ChildNode, index: number): void {
  log(span, new Mutation(MutationKind.Append, parent, child, null, index, 0, '', 0, 0, 0, 0, null));
}

/** Call before appending: `text` still has its old data and range. */
export function logAppendText(span: Span, parent: ParentNode, text: Text, index: number, before: ChildNode | null, data: string, start: number, end: number): void {
  log(
    span,
    new Mutation(MutationKind.AppendText, parent, text, before, index, text.data.length, data, text.startInSpan, text.endInSpan, start - span.delta, end - span.delta, null),
  );
}

export function logAppendToCopy(span: Span, copy: Element, child: ChildNode): void {
  log(span, new Mutation(MutationKind.AppendToCopy, copy, child, null, copy.children.length - 1, 0, '', 0, 0, 0, 0, null));
}

/** Logged even when there are no children: on another tree there may be. */
export function logMoveChildren(span: Span, from: Element, to: Element, count: number, tokenStart: number): void {
  log(span, new Mutation(MutationKind.MoveChildren, from, to, null, 0, count, '', 0, 0, tokenStart - span.delta, 0, null));
}

/** Call after adding: `count` of `attributes` were appended to `element`'s attributes. */
export function logAddAttributes(span: Span, element: Element, attributes: readonly Attribute[], count: number): void {
  log(span, new Mutation(MutationKind.AddAttribute, null, element, null, element.attributes.length - count, count, '', 0, 0, 0, 0, attributes));
}

/** Call after "maybe clone an option into selectedcontent" ran for `option` (see `MutationKind.Mirror`). */
export function logMirror(span: Span, option: Element, selectedcontent: Element | null, oldChildren: readonly ChildNode[] | null, count: number): void {
  log(span, new Mutation(MutationKind.Mirror, selectedcontent, option, null, 0, count, '', 0, 0, 0, 0, null, oldChildren));
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody
 * "For each attribute on the token, check to see if the attribute is already
 * present on the top element of the stack of open elements. If it is not, add
 * the attribute and its corresponding value to that element." (Also for the
 * body element.) Returns how many were added.
 */
export function addMissingAttributes(element: Element, attributes: readonly Attribute[]): number {
  // OPTIMIZATION: a set of the names present, so that n attributes added to m cost O(n + m), not O(n·m).
  const present = new Set<string>();
  for (const a of element.attributes) if (a.namespace === null) present.add(a.name);
  let added = 0;
  for (const attribute of attributes) {
    if (!present.has(attribute.name)) {
      element.attributes.push(attribute);
      present.add(attribute.name);
      added++;
    }
  }
  return added;
}

/** Thrown when a log does not fit the tree it is undone or replayed on: the caller falls back to a full parse. */
export class LogMismatch extends Error {}

function expect(condition: boolean, what: string): void {
  if (!condition) throw new LogMismatch(`the mutation log does not fit the tree: ${what}`);
}

/**
 * Undoes `span`'s log, last entry first. `touched` receives every node
 * whose children, attributes or text the undo changed.
 */
export function undoLog(span: Span, touched: Set<Node> | null): void {
  const entries = logOf(span);
  if (entries === null) return;
  for (let k = entries.length - 1; k >= 0; k--) {
    const m = entries[k];
    switch (m.kind) {
      case MutationKind.Remove: {
        const parent = m.parent!;
        const child = m.child!;
        expect(m.index <= parent.children.length, 'a removed child goes back past the end');
        insertAtIndex(parent.children, m.index, child);
        child.parent = parent as Element;
        touched?.add(parent);
        break;
      }
      case MutationKind.InsertBefore:
      case MutationKind.Append:
      case MutationKind.AppendToCopy: {
        const parent = m.parent!;
        expect(parent.children[m.index] === m.child, 'an inserted child is not where it was inserted');
        removeIndex(parent.children, m.index);
        touched?.add(parent);
        break;
      }
      case MutationKind.AppendText: {
        const text = m.child as Text;
        expect(text.data.length >= m.count + m.data.length, 'appended text is shorter than the append');
        text.data = text.data.slice(0, m.count);
        text.startInSpan = m.oldStartInSpan;
        text.endInSpan = m.oldEndInSpan;
        touched?.add(text);
        break;
      }
      case MutationKind.MoveChildren: {
        const from = m.parent as Element;
        const to = m.child as Element;
        expect(to.children.length >= m.count, 'moved children are missing');
        const moved = to.children.slice(0, m.count);
        to.children = to.children.slice(m.count);
        for (let i = 0; i < moved.length; i++) {
          expect(moved[i].parent === to, 'a moved child has another parent');
          moved[i].parent = from;
        }
        // Taken whole: what the furthest block has now was appended after (the new element first).
        from.children = from.children.length === 0 ? moved : moved.concat(from.children);
        touched?.add(from);
        break;
      }
      case MutationKind.Mirror: {
        const selectedcontent = m.parent;
        if (selectedcontent === null) break;
        const children = selectedcontent.children;
        expect(children.length >= m.count, 'a selectedcontent lost its copies');
        for (let i = 0; i < m.count; i++) children[i].parent = null;
        const old = m.oldChildren!;
        for (let i = 0; i < old.length; i++) old[i].parent = selectedcontent as Element;
        selectedcontent.children = m.count === children.length ? old.slice() : old.concat(children.slice(m.count));
        touched?.add(selectedcontent);
        break;
      }
      case MutationKind.AddAttribute: {
        const element = m.child as Element;
        expect(element.attributes.length === m.index + m.count, 'added attributes are not where they were added');
        element.attributes.length = m.index;
        touched?.add(element);
        break;
      }
    }
  }
}

/** How replay finds the nodes of the new tree. */
export interface ReplayContext {
  /** The node of the new tree that plays `node`'s part (itself, or its counterpart). */
  final<T extends Node>(node: T): T;
  /**
   * For each node whose children in the new tree start with more or fewer
   * than in the old (the live nodes at the sync point, then whoever takes
   * their children), how many more; absent means none.
   */
  shifts: Map<ParentNode, number>;
  /** Receives every node whose children, attributes or text the replay changed. */
  touched: Set<Node>;
  /** Receives every element the replay moved nodes into (appended, or a furthest block's children). */
  movedInto: Set<ParentNode>;
}

/** Sets a copy's range to the empty range at `offset` (the place it was made at; step 5 of incremental/reparse.ts, ranges, widens it to its children). */
function placeAt(copy: Element, offset: number): void {
  copy.start = offset;
  copy.end = offset;
}

/** Replays `span`'s log forwards on the new tree. */
export function replayLog(span: Span, context: ReplayContext): void {
  const entries = logOf(span);
  if (entries === null) return;
  const { final, touched, shifts } = context;
  for (let k = 0; k < entries.length; k++) {
    const m = entries[k];
    switch (m.kind) {
      case MutationKind.Remove: {
        const child = final(m.child!);
        const parent = child.parent;
        expect(parent !== null && parent === final(m.parent!), 'a removed child has another parent');
        const at = parent!.children.lastIndexOf(child);
        expect(at >= 0, 'a removed child is not among its parent’s children');
        removeIndex(parent!.children, at);
        m.index = at;
        child.parent = null;
        touched.add(parent!);
        break;
      }
      case MutationKind.InsertBefore: {
        const before = final(m.before!);
        const parent = before.parent;
        expect(parent !== null, 'the node inserted before has no parent');
        const at = parent!.children.lastIndexOf(before);
        expect(at >= 0, 'the node inserted before is not among its parent’s children');
        const child = final(m.child!);
        insertAtIndex(parent!.children, at, child);
        child.parent = parent as Element;
        m.parent = parent;
        m.index = at;
        touched.add(parent!);
        break;
      }
      case MutationKind.Append:
      case MutationKind.AppendToCopy: {
        const parent = final(m.parent!);
        const child = final(m.child!);
        const at = m.index + (shifts.get(parent) ?? 0);
        // The copy sits where the node appended to it starts, wherever that is in the new tree.
        if (m.kind === MutationKind.AppendToCopy) placeAt(parent as Element, child.start);
        expect(at >= 0 && at <= parent.children.length, 'an appended child goes past the end');
        insertAtIndex(parent.children, at, child);
        child.parent = parent as Element;
        m.index = at;
        touched.add(parent);
        context.movedInto.add(parent);
        break;
      }
      case MutationKind.AppendText: {
        let parent: ParentNode;
        let at: number;
        if (m.before !== null) {
          const before = final(m.before);
          expect(before.parent !== null, 'the node text was appended before has no parent');
          parent = before.parent!;
          at = parent.children.lastIndexOf(before);
        } else {
          // Appended last: the text was the parent's last child then (later appends come after it).
          parent = final(m.parent!);
          at = m.index + 1 + (shifts.get(parent) ?? 0);
        }
        const text = at > 0 ? parent.children[at - 1] : null;
        expect(text !== null && text.kind === 'text', 'no Text node before the place text was appended at');
        const t = text as Text;
        m.parent = parent;
        m.child = t;
        m.index = at - 1;
        m.count = t.data.length;
        m.oldStartInSpan = t.startInSpan;
        m.oldEndInSpan = t.endInSpan;
        const newStart = m.newStartInSpan + span.delta;
        const newEnd = m.newEndInSpan + span.delta;
        t.data += m.data;
        if (newStart < t.start) t.start = newStart;
        if (newEnd > t.end) t.end = newEnd;
        touched.add(t);
        touched.add(parent);
        break;
      }
      case MutationKind.MoveChildren: {
        const from = final(m.parent as Element);
        const to = m.child as Element;
        // The children the furthest block had then: what it got back after P came later.
        const shift = shifts.get(from) ?? 0;
        const count = m.count + shift;
        expect(count >= 0 && count <= from.children.length, 'a furthest block has fewer children than were moved');
        // The difference moves with the children.
        if (shift !== 0) {
          shifts.delete(from);
          shifts.set(to, (shifts.get(to) ?? 0) + shift);
        }
        const moved = from.children.slice(0, count);
        for (let i = 0; i < moved.length; i++) moved[i].parent = to;
        to.children = to.children.length === 0 ? moved : moved.concat(to.children);
        from.children = from.children.slice(count);
        placeAt(to, moved.length > 0 ? moved[0].start : m.newStartInSpan + span.delta);
        m.count = count;
        context.movedInto.add(to);
        touched.add(from);
        touched.add(to);
        break;
      }
      case MutationKind.Mirror:
        throw new LogMismatch('a selectedcontent mirroring cannot be replayed');
      case MutationKind.AddAttribute: {
        const element = final(m.child as Element);
        m.index = element.attributes.length;
        m.count = addMissingAttributes(element, m.attributes!);
        touched.add(element);
        break;
      }
    }
  }
}

