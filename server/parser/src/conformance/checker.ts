/**
 * The walk of the conformance checks (check-conformance.ts): iterative, one frame per depth (walk-frames.ts), over the
 * whole tree or, in a re-check, into the children that meet the reparsed region (recheck-region.ts). It matches each
 * child against its parent's content model and its ancestors' restrictions, calls the rules on the element
 * (element-rules.ts), and records which parents have their children out of source order.
 */
import { getAttribute, type ElementShape, type TreeRootShape } from '../attributes/tree-shape';
import { ALL_ALLOWED, NOTHING_TO_CHECK, SOME_TO_CHECK, TreeIndex, type AttributeChecks } from '../attributes/check-attributes';
import { ariaRecheckWhole } from './aria-model';
import { describeContentModel, describeItem, type ContentAutomaton } from './content-model';
import { ConformanceCode } from './conformance-codes';
import { computedHeadingOffset, hasHeadingOffsetAttributes, headingLevel } from './heading-levels';
import type { ConformanceFindings, DisorderedParent } from './findings';
import type { ContentItem, ContentModel, Selector } from './element-entry';
import { conditionHolds, elementEntry, isValidCustomElementName } from './element-table';
import { ElementRules } from './element-rules';
import { isBaseWithHref } from './document-rules';
import { forbiddenRule, hasStartTag, isHiddenInput, isInterElementWhitespace, isMarkerTarget, related, SPEC, textMatches, trimmedTextRange, type Range, type TextLike } from './node-reading';
import { blockAt, blockMeets, blocksOf, extentOf, inOrder, KEEP_ALL, KEEP_FROM_BELOW, meets, nextMeeting, nextMeetingBlock, orderedAround, pushOwnStretches, REPLACE_ALL, wholeBelow } from './recheck-region';
import { ATTRIBUTE_ALLOWED, ATTRIBUTE_ARIA, ATTRIBUTE_HEADING, ATTRIBUTE_OBSOLETE, ATTRIBUTE_PLAIN, attributeBitsOf, categoryBitsReadBy, clearFrame, contextReads, READS_ATTRIBUTES, CONTEXT_DEPTH_LIMIT, emptyFrame, factsOf, hasCategory, NAMED_FIGURE, NAMED_LABEL, NAMED_MAP, NO_STATES, startFrame, type Context, type EntryFacts, type Frame, type Restriction } from './walk-frames';

/** OPTIMIZATION: the frames of finished walks (`Checker.release`), at most a few (checks in steps may overlap). */
const FREE_FRAMES: Frame[][] = [];

/** The context of each item read in no context (`Checker.contextFor`): the items are the element table's, a few hundred. */
const ROOT_CONTEXTS = new Map<ContentItem, Context>();

export class Checker extends ElementRules {
  /**
   * Where a re-check's walk left the previous findings standing, in source order: triples of start, end and which
   * (KEEP_ALL: all of them; KEEP_FROM_BELOW: a start tag judged again, where only findings from below it stand), or
   * where it made them all again over what it left standing (REPLACE_ALL): see `replacedStretches`.
   */
  readonly rechecked: number[] = [];

  /**
   * The parents whose children this walk saw whole, or scanned, and whether they are in source order (a re-check),
   * or only those that are not (a full check).
   */
  private order: Map<object, boolean> | null = null;

  /** Records in `order` whether `owner`'s children are in source order. (OPTIMIZATION: the map made when first needed.) */
  private setOrder(owner: object, ordered: boolean): void {
    (this.order ??= new Map()).set(owner, ordered);
  }
  /**
   * Set when a `<?marker>` or `<?start>` processing instruction was walked: a `<template for>` may then move nodes into
   * its parent (tree/template-for.ts), far from an edit's region.
   */
  sawMarker = false;
  /**
   * The base rule (document-rules.ts), found by this walk: the first HTML base element with href in tree order outside
   * template contents (a full check), and whether any HTML base element was walked (a re-check walks every element
   * that meets its region).
   */
  firstBaseWithHref: ElementShape | null = null;
  sawBase = false;
  /**
   * Where the content of each formatting element's clone this walk judged as a child begins (not silently), and its
   * `cloneFindingKey`, in pairs: its finding, if any, is there (`cloneNotAllowed`), and a re-check makes it again
   * (recheck-region.ts, `withClones`).
   */
  readonly judgedClones: number[] = [];

  /**
   * The attribute checks made in this walk (`checkDocument`: one walk judges the document for both), or null. Only a
   * full check makes them: each element is visited once, in tree order within each tree.
   */
  attributes: AttributeChecks | null = null;

  /** Per parent, what `orderFor` found in this re-check. */
  private orderFound: Map<object, true | Int32Array> | null = null;

  /**
   * Whether `owner`'s children are in source order (true), or else their blocks (`blocksOf`), for a re-check: a parent
   * the previous parse had with its children in order (it starts before the region and the previous check did not find
   * them out of order) is verified only around the region (`orderedAround`), in a document with no markers; another is
   * scanned (its extents only, not walked). In a document with markers, the previous order is not trusted: an edit
   * far from a parent can move nodes into it (a `<template for>` whose contents the edit makes patch another
   * parent, tree/template-for.ts), where no search around the region sees them.
   */
  orderFor(owner: object, children: Frame['children']): true | Int32Array {
    let found = this.orderFound?.get(owner);
    if (found !== undefined) return found;
    const { previous, region } = this.recheck!;
    if (!previous.markers && this.orderKey(owner) < region.start && !previous.isDisordered(owner) && orderedAround(children, region)) found = true;
    else if (children.length <= 64 && inOrder(children)) {
      // OPTIMIZATION: a few children in order (the new elements of the region, most often) need no blocks made (a
      // large parent is not read twice: blocksOf tells whether they are in order too).
      this.setOrder(owner, true);
      found = true;
    } else {
      const blocks = blocksOf(children);
      const ordered = blocks.length === 4 * children.length;
      this.setOrder(owner, ordered);
      found = ordered ? true : blocks;
    }
    (this.orderFound ??= new Map()).set(owner, found);
    return found;
  }

  /**
   * Whether the block of `frame`'s children [from, last] (`blocksOf`) can be walked in part, child by child, in a
   * parent that the previous parse had as it is (its start tag before the region): its last child is an element whose
   * extent holds the other elements' (foster parenting puts them before a table whose source they are inside), and
   * its text is allowed there, so reports nothing, now or before (text foster parenting joined to the text before
   * the table). The other elements are walked whole where they meet the region (`fosteredUntil`), the last as any
   * child.
   */
  blockInPart(frame: Frame, from: number, last: number): boolean {
    const owner = frame.owner as ElementShape;
    const region = this.recheck!.region;
    if (owner.kind === 'element') {
      const tag = owner.startTag;
      if ((tag !== null ? tag.end : extentOf(owner).start) >= region.start) return false;
    }
    const children = frame.children;
    if (children[last].kind !== 'element') return false;
    const outer = extentOf(children[last]);
    let textAllowed: boolean | null = null;
    for (let i = from; i < last; i++) {
      const c = children[i];
      if (c.kind === 'element') {
        const e = extentOf(c);
        if (e.start < outer.start || e.end > outer.end) return false;
      } else if (c.kind === 'text' && frame.automaton !== null && !isInterElementWhitespace((c as unknown as TextLike).data)) {
        // A model that judges each child alone (a frame walked by blocks): text now is text before.
        textAllowed ??= this.step(frame, null, undefined).length > 0;
        if (!textAllowed) return false;
      }
    }
    return true;
  }

  /** A parent's position among the disordered parents: the document's is -1. */
  private orderKey(owner: object): number {
    return (owner as { kind: string }).kind === 'element' ? extentOf(owner).start : -1;
  }

  /** The parents a full check found with their children out of source order. */
  disordered(): DisorderedParent[] {
    const out: DisorderedParent[] = [];
    if (this.order !== null) for (const [parent, ordered] of this.order) if (!ordered) out.push({ parent: new WeakRef(parent), at: this.orderKey(parent) });
    return out;
  }

  /**
   * The parents with their children out of order after a re-check: the previous ones, but those the reparse made
   * again (in the region) or this walk saw, and those this walk found.
   */
  disorderedAfter(previous: ConformanceFindings, region: Range): DisorderedParent[] {
    const out: DisorderedParent[] = [];
    for (const d of previous.disordered) {
      const parent = d.parent.deref();
      // A parent no longer alive is in no tree: forgotten.
      if (parent !== undefined && !(d.at >= region.start && d.at <= region.end) && !(this.order !== null && this.order.has(parent))) out.push(d);
    }
    out.push(...this.disordered());
    return out;
  }

  walk(root: TreeRootShape): void {
    this.beginWalk(root);
    this.runOn(null, Number.POSITIVE_INFINITY);
  }

  /** Starts the walk of a full check of `root`, to run by `runOn(null, budget)`. */
  beginWalk(root: TreeRootShape): void {
    const frame = this.rootFrame(root.children, null, root);
    if (this.attributes !== null) frame.tree = this.attributes.document;
    this.begin(frame);
  }

  /** The frames by depth (see Frame): those of a finished walk when there are (`release`). */
  private readonly frames: Frame[] = FREE_FRAMES.pop() ?? [];

  /**
   * Gives the frames back for the next walk, cleared (they keep no node of this tree alive): the checker is done. A
   * walk of a small page made a frame per depth, a tenth of what the check allocated.
   */
  release(): void {
    const frames = this.frames;
    if (frames.length === 0 || FREE_FRAMES.length >= 4 || FREE_FRAMES.includes(frames)) return;
    for (let i = 0; i < frames.length; i++) clearFrame(frames[i]);
    FREE_FRAMES.push(frames);
  }

  /** The frame at `depth` on the walk's current path (the ARIA checks read their ancestors' through it). */
  protected override frameOnPath(depth: number): Frame {
    return this.frames[depth];
  }

  /** The frame at `depth`, to fill. */
  private frameAt(depth: number): Frame {
    const frames = this.frames;
    while (frames.length <= depth) frames.push(emptyFrame(frames.length));
    return frames[depth];
  }

  /**
   * Walks `start` and everything below it. With a `region`, every child of a
   * frame is checked as a child, but only the children that meet the region
   * are walked into, unless they are re-checked whole (`wholeBelow`).
   */
  run(start: Frame, region: Range | null): void {
    this.begin(start);
    this.runOn(region, Number.POSITIVE_INFINITY);
  }

  /** The frames of the walk `begin` started, from its start to where it is. */
  private walkStack: Frame[] = [];

  /** Starts a walk at `start`, to run by `runOn`. */
  begin(start: Frame): void {
    this.walkStack = [start];
  }

  /** Walks on (as `run`) from where the walk is, `budget` elements at most; whether it is done. */
  runOn(region: Range | null, budget: number): boolean {
    if (region === null) return this.runWhole(budget);
    const stack = this.walkStack;
    const rechecked = this.rechecked;
    // OPTIMIZATION: the elements walked are counted up from 0 (a small integer), not the budget down: a whole walk's
    // budget is Infinity, a double, and each decrement of it made a heap number (one per element walked).
    let walked = 0;
    while (stack.length > 0) {
      if (walked >= budget) return false;
      const frame = stack[stack.length - 1];
      if (frame.index >= frame.children.length) {
        this.leave(frame);
        continue;
      }
      const child = frame.children[frame.index++];
      if (frame.whole) noteSourceOrder(frame, child);
      let all = frame.whole || frame.index <= frame.wholeUntil;
      const blocks = frame.blocks;
      if (!all && blocks !== null && frame.index > frame.blockUntil) {
        // Children out of source order, walked in part by blocks (the walk is at a block's first child): a block away
        // from the region is skipped with the ones after it up to the next that meets it; one that meets it is walked
        // into, whole when it holds more than one child, unless all but its last are text the parent allows (text
        // joined by foster parenting: then they report nothing, and the last, the table, is walked as any child).
        const b = blockAt(blocks, frame.index - 1);
        if (!blockMeets(blocks, b, region!)) {
          const n = nextMeetingBlock(blocks, b + 1, region!);
          rechecked.push(blocks[4 * b + 2], blocks[4 * (n - 1) + 3], KEEP_ALL);
          frame.index = n < blocks.length / 4 ? blocks[4 * n] : frame.children.length;
          continue;
        }
        if (blocks[4 * b + 1] - blocks[4 * b] > 1) {
          if (this.blockInPart(frame, blocks[4 * b], blocks[4 * b + 1] - 1)) {
            frame.blockUntil = blocks[4 * b + 1];
            frame.fosteredUntil = blocks[4 * b + 1] - 1;
          } else {
            frame.wholeUntil = blocks[4 * b + 1];
            all = true;
          }
        }
      }
      if (!all && frame.index > frame.blockUntil && !meets(child, region!) && (frame.automaton === null || frame.automaton.loops())) {
        // OPTIMIZATION: in a model that judges each child alone, the children away from the region are judged as
        // before: skip to the next one that meets it (children are in source order in a frame walked in part).
        const next = nextMeeting(frame.children, frame.index, region!);
        rechecked.push(extentOf(child).start, extentOf(frame.children[next - 1]).end, KEEP_ALL);
        frame.index = next;
        continue;
      }
      if (child.kind !== 'element') {
        this.leaf(frame, child);
        continue;
      }
      const element = child as ElementShape;
      const next = this.element(frame, element);
      walked++;
      if (!all && !meets(element, region!)) {
        // Judged again as a child; what is below it stands.
        const tag = element.startTag;
        if (tag !== null) rechecked.push(tag.start, tag.end, KEEP_FROM_BELOW);
        rechecked.push(tag !== null ? tag.end : extentOf(element).start, extentOf(element).end, KEEP_ALL);
        continue;
      }
      // (An owned element met: its owner's finding may change, aria-owns.ts.)
      this.ownership.met(element);
      let wholeHere = all || wholeBelow(element) || ariaRecheckWhole(element, region!);
      if (!all && frame.index <= frame.fosteredUntil) {
        // An element of a block walked in part, its source inside the block's last child (`blockInPart`): walked
        // whole, and its stretch made again even where the walk leaves the last child's findings standing.
        wholeHere = true;
        pushOwnStretches(element, rechecked, REPLACE_ALL);
      }
      if (!wholeHere) {
        const order = this.orderFor(element, element.children);
        // Children out of order are walked in part by blocks only in a model that judges each child alone.
        if (order !== true) {
          if (next.automaton === null || next.automaton.loops()) next.blocks = order;
          else wholeHere = true;
        }
      }
      this.enter(element, next, wholeHere);
    }
    return true;
  }

  /**
   * `runOn` without a region (a full check: every frame is walked whole, every child walked into). OPTIMIZATION: a
   * loop of its own, without the region's tests on every child.
   */
  private runWhole(budget: number): boolean {
    const stack = this.walkStack;
    let walked = 0;
    while (stack.length > 0) {
      if (walked >= budget) return false;
      const frame = stack[stack.length - 1];
      const children = frame.children;
      if (frame.index >= children.length) {
        this.leave(frame);
        continue;
      }
      const child = children[frame.index++];
      noteSourceOrder(frame, child);
      if (child.kind !== 'element') {
        this.leaf(frame, child);
        continue;
      }
      const element = child as ElementShape;
      const next = this.element(frame, element);
      walked++;
      this.enter(element, next, true);
    }
    return true;
  }

  /** The walk at the end of `frame`'s children: it is finished and left, and if it was walked whole, whether its children are in source order noted. */
  private leave(frame: Frame): void {
    this.finish(frame);
    this.walkStack.pop();
    // Whether the children of a parent walked whole are in source order (the template contents' are never asked):
    // foster parenting, the adoption agency algorithm and `<template for>` patches move nodes out of it.
    if (frame.whole && (frame.element !== null || (frame.owner as { kind: string }).kind === 'document')) {
      // Told as they were walked (`Frame.ordered`: a frame walked whole walks every child, in order).
      const ordered = frame.children.length < 2 || frame.ordered;
      if (!ordered || this.recheck !== null) this.setOrder(frame.owner, ordered);
    }
  }

  /** A child of `frame` that is not an element: text is judged, a marker noted. */
  private leaf(frame: Frame, child: Frame['children'][number]): void {
    if (child.kind === 'text') this.text(frame, child as unknown as TextLike);
    else if (child.kind === 'processingInstruction' && isMarkerTarget((child as { readonly target?: string }).target)) this.sawMarker = true;
  }

  /** Walks into `element` next, by its frame `next` (`whole`: every child), and into its template contents before that. */
  private enter(element: ElementShape, next: Frame, whole: boolean): void {
    // OPTIMIZATION: an element without children needs no frame unless its model requires a child.
    if (next.children.length > 0 || (next.automaton !== null && !next.automaton.accepts(next.states))) {
      next.whole = whole;
      this.walkStack.push(next);
    }
    if (element.content !== null) this.pushContents(element.content, next.depth + 1);
  }

  /** Pushes the frame of a template's `contents` at `depth`, above its element's frame (which is walked after it). */
  private pushContents(contents: NonNullable<ElementShape['content']>, depth: number): void {
    const frame = this.rootFrame(contents.children, null, contents, depth);
    // A tree of its own (https://dom.spec.whatwg.org/#concept-tree): its ids are apart from the document's.
    if (this.attributes !== null) frame.tree = new TreeIndex(false);
    this.walkStack.push(frame);
  }

  /** A tree's root: the document or a template's contents, walked whole. Its children may be anything. */
  rootFrame(children: Frame['children'], restrictions: Restriction | null, owner: object, depth = 0): Frame {
    const frame = startFrame(this.frameAt(depth), null, owner, children);
    frame.automaton = null;
    frame.model = null;
    frame.states = NO_STATES;
    frame.context = null;
    frame.restrictions = restrictions;
    frame.mainAllowed = true;
    frame.label = null;
    frame.figure = null;
    frame.inMap = false;
    frame.headingOffset = 0;
    frame.inTemplate = depth > 0;
    frame.tree = null;
    frame.failed = false;
    frame.textAccepted = false;
    return frame;
  }

  // -------------------------------------------------------------------------
  // Children
  // -------------------------------------------------------------------------

  text(frame: Frame, text: TextLike): void {
    // OPTIMIZATION: text where text was accepted already in a model that judges each child alone is accepted again.
    if (frame.automaton === null || frame.textAccepted || isInterElementWhitespace(text.data)) return;
    const parent = frame.element!;
    // noscript with scripting enabled is read as text, "that conforms to the requirements given in the prose".
    if (parent.name === 'noscript') return;
    const automaton = frame.automaton;
    const context = frame.context;
    let next: number[];
    if (context !== null && automaton.loops()) {
      // A model that judges each child alone is at its initial states: its step over text depends on its context only.
      if (context.textAutomaton !== automaton) {
        context.textNext = this.step(frame, null, undefined);
        context.textAutomaton = automaton;
      }
      next = context.textNext;
    } else next = this.step(frame, null, undefined);
    if (next.length > 0) {
      frame.states = next;
      if (automaton.loops()) frame.textAccepted = true;
      return;
    }
    if (frame.failed && frame.states.length === 0) return;
    frame.failed = true;
    this.report(
      ConformanceCode.TextNotAllowed,
      trimmedTextRange(text),
      `Text is not allowed in <${parent.name}>: ${this.expected(parent, frame)}`,
      elementEntry(parent.name)?.href,
      this.parentRelated(parent),
    );
  }

  /** The child `matchChild` matches (an element, or null for text), its entry and its parent's context. */
  private matching: ElementShape | null = null;
  private matchingFacts: EntryFacts | undefined = undefined;
  private matchingContext: Context | null = null;
  /** The first item `matchChild` matched since `step` began. */
  private accepting: ContentItem | null = null;
  /** OPTIMIZATION: one matcher for every step (no closure is made per child). */
  private readonly matchChild = (item: ContentItem): boolean => {
    const ok = this.itemMatches(item, this.matching, this.matchingFacts, this.matchingContext, 0);
    if (ok && this.accepting === null) this.accepting = item;
    return ok;
  };

  /** `frame`'s states after the child `element` (null: text), and in `accepting` the first item it matched. */
  private step(frame: Frame, element: ElementShape | null, facts: EntryFacts | undefined): number[] {
    this.matching = element;
    this.matchingFacts = facts;
    this.matchingContext = frame.context;
    this.accepting = null;
    return frame.automaton!.step(frame.states, this.matchChild);
  }

  /**
   * `step` for the child `element`. OPTIMIZATION: in a model that judges each child alone (`loops`: its states never
   * change), a child with none of the attributes the model names (`[tabindex]`) and in none of the categories it reads
   * under a condition (an a is interactive content when it has href: a model that does not name interactive content
   * reads none of its conditions) is judged by its entry alone: once per entry and automaton
   * (`ContentAutomaton.judged`), or, in a model that reads its context (transparent: an a's), once per entry,
   * automaton and context (`Context.judged`), when the contexts name no attribute and none of those categories either.
   */
  private stepChild(frame: Frame, element: ElementShape, facts: EntryFacts | undefined): number[] {
    const automaton = frame.automaton!;
    if (facts === undefined || !automaton.loops() || (automaton.readsAttributes() && hasAnyOf(element, automaton.attributesRead()))) return this.step(frame, element, facts);
    let judged: (ContentItem | null | undefined)[];
    if (!automaton.readsContext()) {
      if ((facts.conditional & categoryBitsReadBy(automaton)) !== 0) return this.step(frame, element, facts);
      judged = automaton.judged;
    } else {
      const context = frame.context;
      if (context === null) return this.step(frame, element, facts);
      const reads = contextReads(context);
      if ((reads & READS_ATTRIBUTES) !== 0 || (facts.conditional & (categoryBitsReadBy(automaton) | reads)) !== 0) return this.step(frame, element, facts);
      if (context.judgedBy !== automaton || context.judged === null) {
        context.judgedBy = automaton;
        context.judged = [];
      }
      judged = context.judged;
    }
    const known = judged[facts.id];
    if (known === undefined) {
      const next = this.step(frame, element, facts);
      judged[facts.id] = next.length > 0 ? this.accepting : null;
      return next;
    }
    this.accepting = known;
    return known === null ? NO_STATES : frame.states;
  }

  /** Whether `element` matches one of `selectors` as something an ancestor forbids (`forbiddenMatches`). */
  private anyForbidden(selectors: readonly Selector[], element: ElementShape, facts: EntryFacts | undefined): boolean {
    for (let i = 0; i < selectors.length; i++) if (this.forbiddenMatches(selectors[i], element, facts)) return true;
    return false;
  }

  /** Checks `element` as a child of `frame`, and returns its own frame; `rules`: false to skip the element's own rules. */
  element(frame: Frame, element: ElementShape, rules = true): Frame {
    const parent = frame.element;
    const html = element.namespace === 'html';
    const facts = html ? factsOf(element.name) : undefined;
    const entry = facts?.entry;
    const written = element.cloneOf === null && hasStartTag(element);
    const custom = html && entry === undefined && isValidCustomElementName(element.name);
    const attributes = element.attributes;
    const anyBits = this.readAttributes(frame, element, facts);

    // Restrictions from ancestors.
    let forbidden = false;
    if (html || element.name === 'svg' || element.name === 'math') {
      for (let r = frame.restrictions; r !== null; r = r.next) {
        if (!written) break;
        if (this.anyForbidden(r.selectors, element, facts)) {
          this.report(
            ConformanceCode.ForbiddenDescendant,
            element.startTag!,
            `<${element.name}> must not be inside <${r.ancestor.name}>: ${forbiddenRule(r.ancestor, r.source)}`,
            elementEntry(r.ancestor.name)?.href,
            this.parentRelated(r.ancestor, `The <${r.ancestor.name}> it is inside`),
          );
          forbidden = true;
          break;
        }
      }
    }

    // Matching against the parent's model.
    let accepting: ContentItem | null = null;
    if (frame.automaton !== null) {
      const next = this.stepChild(frame, element, facts);
      accepting = this.accepting;
      if (next.length > 0) frame.states = next;
      else {
        frame.failed = true;
        // An element an ancestor forbids is reported once, as forbidden.
        if (written && !forbidden) this.notAllowed(frame, element, facts, frame.automaton.items(frame.states));
        else if (element.cloneOf !== null) this.cloneNotAllowed(frame, element);
      }
    }
    if (element.cloneOf !== null && !this.silent) {
      const at = extentOf(element).start;
      const tag = element.cloneOf.startTag;
      this.judgedClones.push(at, tag !== null ? tag.start - at : 0);
    }

    if (html && element.name === 'base') {
      this.sawBase = true;
      if (this.firstBaseWithHref === null && !frame.inTemplate && isBaseWithHref(element)) this.firstBaseWithHref = element;
    }
    // OPTIMIZATION: an element without attributes (nearly half) has its parent's offset.
    let headingOffset = frame.headingOffset;
    if (html && attributes.length > 0 && (anyBits & ATTRIBUTE_HEADING) !== 0) {
      headingOffset = computedHeadingOffset(element, headingOffset);
      if (!this.sawHeadingOffsets && hasHeadingOffsetAttributes(element)) this.sawHeadingOffsets = true;
    }
    if (written && html && rules) {
      // OPTIMIZATION: not called for an element it has nothing to judge of (most: `EntryFacts.judged`).
      if (facts === undefined || facts.judged || (anyBits & (ATTRIBUTE_OBSOLETE | ATTRIBUTE_ARIA)) !== 0) this.elementRules(frame, element, facts, custom, anyBits);
      const number = facts !== undefined ? facts.heading : 0;
      if (number > 0 && !frame.inTemplate) this.heading(element, headingLevel(number, headingOffset));
    }

    // The element's own frame.
    let model: ContentModel | null = null;
    let automaton: ContentAutomaton | null = null;
    if (facts !== undefined) {
      if (facts.model !== undefined) {
        model = facts.model;
        automaton = facts.automaton;
      } else {
        // `contentModelOf`. OPTIMIZATION: each model's automaton compiled once, in the facts (no look-up per element).
        let chosen = facts.otherwise;
        const conditionals = facts.conditionals;
        for (let i = 0; i < conditionals.length; i++) {
          if (conditionHolds(conditionals[i].when!, element, parent)) {
            chosen = conditionals[i];
            break;
          }
        }
        model = chosen.model;
        automaton = chosen.automaton;
      }
    }

    let restrictions = frame.restrictions;
    const acceptingItem = accepting as ContentItem | null;
    if (acceptingItem !== null && acceptingItem.noDescendants !== undefined && parent !== null) {
      let active = false;
      for (let r = restrictions; r !== null; r = r.next) if (r.source === acceptingItem) active = true;
      if (!active) {
        // OPTIMIZATION: siblings let in by the same item share their restriction (filled once per parent, not per
        // child, in the frame's own: `Frame.ownRestriction`).
        const made = frame.madeRestriction;
        if (made !== null && made.source === acceptingItem) restrictions = made;
        else {
          const own = frame.ownRestriction;
          own.selectors = acceptingItem.noDescendants;
          own.ancestor = parent;
          own.source = acceptingItem;
          own.next = restrictions;
          restrictions = frame.madeRestriction = own;
        }
      }
    }

    let label = frame.label;
    if (html) {
      if (label !== null && facts !== undefined && facts.labelable && !(element.name === 'input' && isHiddenInput(element))) {
        label.count++;
        if (label.count === 2 && written && label.label.startTag !== null) {
          this.report(
            ConformanceCode.LabelMultipleControls,
            label.label.startTag,
            `<label> contains more than one labelable element (a second <${element.name}>): a label labels one control; give each control its own label`,
            `${SPEC}forms.html#the-label-element`,
            [related(element.startTag!, 'The second labelable element in this label')],
          );
        }
      }
      if (facts !== undefined && facts.named === NAMED_LABEL) label = { label: element, count: 0, first: null };
    }

    // Filled last: `frame` is read above, and the frame at the next depth may be one a sibling had.
    const own = startFrame(this.frameAt(frame.depth + 1), element, element, element.children);
    own.automaton = automaton;
    own.model = model;
    own.states = automaton === null ? NO_STATES : automaton.initial();
    // OPTIMIZATION: only a model with `context` selectors (transparent) reads the context; the contexts its children
    // are given read it only through their accepting item, one of its own.
    own.context =
      automaton === null || !automaton.readsContext() ? null : accepting === null ? (frame.automaton === null ? null : frame.context) : this.contextFor(frame, accepting);
    own.restrictions = restrictions;
    own.mainAllowed = frame.mainAllowed && (facts !== undefined ? facts.mainAncestor : custom);
    own.label = label;
    const named = facts !== undefined ? facts.named : 0;
    own.figure = named === NAMED_FIGURE ? element : frame.figure;
    own.inMap = frame.inMap || named === NAMED_MAP;
    own.headingOffset = headingOffset;
    own.inTemplate = frame.inTemplate;
    own.tree = frame.tree;
    own.failed = false;
    own.textAccepted = facts !== undefined && facts.model !== undefined && facts.textAccepted;
    return own;
  }

  /**
   * Reads the attributes of `element`, a child of `frame`, for every check: returns any of their bits
   * (`attributeBitsOf`; all set for an element without facts, not HTML or not in the table, whose attributes each rule
   * reads), and makes the attribute checks of the same walk, if any, on it.
   */
  private readAttributes(frame: Frame, element: ElementShape, facts: EntryFacts | undefined): number {
    const attributes = element.attributes;
    if (facts === undefined) {
      if (this.attributes !== null) this.attributes.element(element, frame.tree!, element.namespace === 'html' ? null : undefined);
      return ~0;
    }
    let anyBits = 0;
    let allBits = ATTRIBUTE_PLAIN | ATTRIBUTE_ALLOWED;
    for (let i = 0; i < attributes.length; i++) {
      const bits = attributeBitsOf(facts, attributes[i].name);
      anyBits |= bits;
      allBits &= bits;
    }
    if (this.attributes !== null) {
      // What the attribute checks' `screen` finds, from the bits.
      const plan = facts.attributePlan;
      const screened =
        attributes.length === 0 || (plan !== null && (allBits & ATTRIBUTE_PLAIN) !== 0)
          ? NOTHING_TO_CHECK
          : plan !== null && (allBits & ATTRIBUTE_ALLOWED) !== 0
            ? ALL_ALLOWED
            : SOME_TO_CHECK;
      this.attributes.screenedElement(element, frame.tree!, plan, screened);
    }
    return anyBits;
  }

  /** The context a transparent child of `frame`'s element accepted by `item` reads. */
  private contextFor(frame: Frame, item: ContentItem): Context | null {
    const parent = frame.context;
    // An item that is just "what the parent allows" passes the parent's context on.
    if (item.match.length === 1 && item.match[0].kind === 'context' && item.except === undefined) return parent;
    // Siblings let in by the same item share their context (made or found once per parent, not per child: the
    // parent's context is its frame's).
    const made = frame.madeContext;
    if (made !== null && made.item === item) return made;
    // OPTIMIZATION: a context is two constants when the parent reads none (made once per item, not per element).
    if (parent === null) {
      let context = ROOT_CONTEXTS.get(item);
      if (context === undefined) ROOT_CONTEXTS.set(item, (context = { item, parent: null, textAutomaton: null, textNext: NO_STATES, judgedBy: null, judged: null, reads: -1 }));
      return (frame.madeContext = context);
    }
    return (frame.madeContext = { item, parent, textAutomaton: null, textNext: NO_STATES, judgedBy: null, judged: null, reads: -1 });
  }

  private finish(frame: Frame): void {
    const element = frame.element;
    if (element === null || frame.automaton === null || frame.failed) return;
    if (frame.automaton.accepts(frame.states)) return;
    if (element.cloneOf !== null || !hasStartTag(element)) return;
    const wanted = frame.automaton
      .items(frame.states)
      .map((item) => describeItem(item))
      .join(' or ');
    this.report(
      ConformanceCode.MissingRequiredChild,
      element.startTag!,
      `<${element.name}> is missing a required ${wanted === '' ? 'child' : wanted}: ${this.expected(element, frame)}`,
      elementEntry(element.name)?.href,
    );
  }

  private notAllowed(frame: Frame, element: ElementShape, facts: EntryFacts | undefined, candidates: ContentItem[]): void {
    const parent = frame.element!;
    // A child excluded by an item that otherwise matches it is a forbidden descendant ("no a element descendants").
    for (const item of candidates) {
      if (item.except === undefined) continue;
      if (!item.match.some((s) => this.selectorMatches(s, element, facts, frame.context, 0))) continue;
      if (!item.except.some((s) => this.forbiddenMatches(s, element, facts))) continue;
      this.report(
        ConformanceCode.ForbiddenDescendant,
        element.startTag!,
        `<${element.name}> must not be inside <${parent.name}>: ${forbiddenRule(parent, item)}`,
        elementEntry(parent.name)?.href,
        this.parentRelated(parent),
      );
      return;
    }
    this.report(
      ConformanceCode.ElementNotAllowed,
      element.startTag!,
      `<${element.name}> is not allowed ${frame.states.length === 0 || frame.automaton!.accepts(frame.states) ? 'in' : 'here in'} <${parent.name}>: ${this.expected(parent, frame)}`,
      elementEntry(parent.name)?.href,
      this.parentRelated(parent),
    );
  }

  /**
   * A formatting element's clone that its parent's model does not allow: the spec's tree has it there (the parser
   * reopened it, https://html.spec.whatwg.org/multipage/parsing.html#reconstruct-the-active-formatting-elements, for
   * the text or element here), and "the element's contents must match the element's content model"
   * (dom.html#concept-element-content-model). A clone has no markup of its own: the finding is an empty range where
   * its content begins (the markup that made the parser reopen it), with the start tag of the element it copies (left
   * open) and the parent as related; no other finding is empty there (`isCloneFinding`), so a re-check replaces it
   * exactly when it judges the clone again.
   */
  private cloneNotAllowed(frame: Frame, element: ElementShape): void {
    const parent = frame.element!;
    const at = extentOf(element).start;
    const original = element.cloneOf!;
    // The original's start tag first (`cloneFindingKey`).
    const relatedTo: NonNullable<ReturnType<typeof this.parentRelated>> = [];
    relatedTo.push(related(original.startTag ?? { start: at, end: at }, `The <${original.name}> left open, which the parser reopened here`));
    relatedTo.push(...(this.parentRelated(parent) ?? []));
    this.report(
      ConformanceCode.ElementNotAllowed,
      { start: at, end: at },
      `A reopened <${element.name}> is not allowed ${frame.automaton!.accepts(frame.states) || frame.states.length === 0 ? 'in' : 'here in'} <${parent.name}>: the <${original.name}> left open before is reopened here for what follows (a copy the parser makes), and ${this.expected(parent, frame)}; close the <${original.name}> inside the element it was opened in`,
      elementEntry(parent.name)?.href,
      relatedTo,
    );
  }

  /** "a ul contains only: any number of li or script-supporting content" (with the context of a transparent parent). */
  private expected(parent: ElementShape, frame: Frame): string {
    const model = frame.model === null ? '' : describeContentModel(frame.model);
    let text = `<${parent.name}> contains ${model}`;
    if (model.includes('transparent') && frame.context !== null) text += `, here ${describeItem(frame.context.item)}`;
    return text;
  }

  // -------------------------------------------------------------------------
  // Matching
  // -------------------------------------------------------------------------

  /** Whether a child (an element, or text when `element` is null) matches `item` read in `context`. */
  private itemMatches(item: ContentItem, element: ElementShape | null, facts: EntryFacts | undefined, context: Context | null, depth: number): boolean {
    let matched = false;
    const match = item.match;
    for (let i = 0; i < match.length; i++) {
      if (this.selectorMatches(match[i], element, facts, context, depth)) {
        matched = true;
        break;
      }
    }
    if (!matched) return false;
    if (item.except !== undefined && element !== null) {
      for (const s of item.except) if (this.forbiddenMatches(s, element, facts)) return false;
    }
    return true;
  }

  /**
   * Whether `element` matches `s` as something an ancestor forbids (`except`, `noDescendants`): unknown, custom and
   * obsolete elements are in no category there (they are reported once, by their own code, or never).
   */
  private forbiddenMatches(s: Selector, element: ElementShape, facts: EntryFacts | undefined): boolean {
    if (s.kind === 'attribute') return getAttribute(element, s.name) !== null;
    if (element.namespace !== 'html') return false;
    if (s.kind === 'element') return s.name === element.name;
    if (s.kind !== 'category' || facts === undefined || facts.entry.obsolete !== undefined) return false;
    return hasCategory(facts, s.category, element);
  }

  private selectorMatches(s: Selector, element: ElementShape | null, facts: EntryFacts | undefined, context: Context | null, depth: number): boolean {
    if (element === null) {
      if (s.kind !== 'context') return textMatches(s);
      return context === null || depth > CONTEXT_DEPTH_LIMIT || this.itemMatches(context.item, null, undefined, context.parent, depth + 1);
    }
    if (s.kind === 'any') return true;
    if (s.kind === 'text') return false;
    if (s.kind === 'attribute') return getAttribute(element, s.name) !== null;
    if (s.kind === 'context') {
      return context === null || depth > CONTEXT_DEPTH_LIMIT || this.itemMatches(context.item, element, facts, context.parent, depth + 1);
    }
    if (element.namespace !== 'html') {
      // The roots of SVG and MathML are flow, phrasing and embedded content; other foreign elements only appear inside them.
      if (s.kind === 'category') return s.category === 'flow' || s.category === 'phrasing' || s.category === 'embedded';
      return false;
    }
    if (facts === undefined) {
      // Autonomous custom elements (flow, phrasing, palpable) are never flagged; unknown elements are reported once, as unknown.
      return s.kind === 'category' ? s.category !== 'interactive' : true;
    }
    // Obsolete elements are reported once, as obsolete, and allowed wherever they are.
    if (facts.entry.obsolete !== undefined) return s.kind === 'category' ? s.category !== 'interactive' : true;
    if (s.kind === 'element') return s.name === element.name;
    return hasCategory(facts, s.category, element);
  }

}

/** Whether `element` has one of the attributes `names`. */
/** Notes `child`, the next child of `frame` walked whole, in `frame.ordered`: false once a child starts before the previous one ends. */
function noteSourceOrder(frame: Frame, child: Frame['children'][number]): void {
  const e = extentOf(child);
  if (e.start < frame.lastEnd) frame.ordered = false;
  frame.lastEnd = e.end;
}

function hasAnyOf(element: ElementShape, names: readonly string[]): boolean {
  for (let i = 0; i < names.length; i++) if (getAttribute(element, names[i]) !== null) return true;
  return false;
}
