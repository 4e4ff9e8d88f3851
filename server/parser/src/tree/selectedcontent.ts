/**
 * The `selectedcontent` element mirrors the selected option of its select.
 * https://html.spec.whatwg.org/multipage/form-elements.html#the-selectedcontent-element
 *
 * A browser does this from DOM hooks that run while the parser builds the
 * tree, so the settled tree (what `DOMParser` returns) shows their effect:
 * - the option insertion and removing steps ("update an option's nearest
 *   ancestor select", which runs the select's selectedness setting algorithm,
 *   which may update its selectedcontent);
 * - the selectedcontent post-connection steps (its disabled state, then
 *   "update a select's selectedcontent" and "clear a select's non-primary
 *   selectedcontent elements") and removing steps;
 * - the parser's own step: when an option is popped off the stack of open
 *   elements, "maybe clone an option into selectedcontent".
 *
 * `SelectedcontentTracker` runs them. The tree builder makes one when the
 * first `selectedcontent` element is inserted: until then none of these
 * steps can change the tree, and the selectedness of the options parsed so
 * far is what those steps would have left (see `selectState`).
 *
 * OPTIMIZATION: every step is O(1) amortized per node, not a walk of the
 * select: each select keeps its selected option, its first selectedcontent
 * and the non-primary ones that may hold children; what an element's
 * ancestors say (nearest select, disabled optgroup...) is memoized per
 * element, and recomputed after a node moves.
 */
import { computeRanges, createComment, createProcessingInstruction, createText, type ChildNode, type Element, type ParentNode } from '../dom';
import { cloneElement } from './create-an-element';
import type { SelectedcontentSteps, TreeBuilder } from './tree-builder';
import { logMirror } from './mutation-log';
import { parseNonNegativeInteger } from '../microsyntaxes/numbers';

function isHtml(node: ParentNode | null, name: string): boolean {
  return node !== null && node.kind === 'element' && node.namespace === 'html' && node.name === name;
}

function parentOf(node: ParentNode): ParentNode | null {
  return node.kind === 'element' ? node.parent : null;
}

function hasAttribute(element: Element, name: string): boolean {
  for (const a of element.attributes) if (a.name === name && a.namespace === null) return true;
  return false;
}

function attributeValue(element: Element, name: string): string | null {
  for (const a of element.attributes) if (a.name === name && a.namespace === null) return a.value;
  return null;
}

/**
 * https://html.spec.whatwg.org/multipage/form-elements.html#concept-select-size
 * "The display size of a select element is the result of applying the rules
 * for parsing non-negative integers to the value of element's size attribute,
 * if it has one and parsing it is successful. If applying those rules to the
 * attribute's value is not successful or if the size attribute is absent, then
 * the element's display size is 4 if the element's multiple content attribute
 * is present, and 1 otherwise."
 */
export function displaySize(select: Element): number {
  const size = attributeValue(select, 'size');
  if (size !== null) {
    const parsed = parseNonNegativeInteger(size);
    if (parsed.ok) return parsed.value;
  }
  return hasAttribute(select, 'multiple') ? 4 : 1;
}

/**
 * What the ancestors of a node's children say, memoized per parent node:
 * each field is a walk "for each ancestor of X's ancestors, in reverse tree
 * order" for a child X of the node, computed from the node's own parent's.
 */
class Ancestry {
  constructor(
    /**
     * https://html.spec.whatwg.org/multipage/form-elements.html#option-element-nearest-ancestor-select
     * of an option child: "For each ancestor of option's ancestors, in reverse tree order": a datalist, hr or
     * option gives null; a second optgroup gives null; the first select is the result...
     */
    readonly optionSelect: Element | null,
    /** ...and the optgroup that walk passed, if any (a second one gives null). */
    readonly optionOptgroup: Element | null,
    /** Whether an option child is disabled by an ancestor optgroup. */
    readonly optgroupDisabled: boolean,
    /** The nearest select ancestor (the selectedcontent post-connection steps' nearestSelectAncestor). */
    readonly nearestSelect: Element | null,
    /** Whether a selectedcontent child gets its disabled state set to true: a second select, an option or a selectedcontent ancestor. */
    readonly selectedcontentDisabled: boolean,
    /** Whether the ancestors reach a document (not a template's contents, not a detached node). */
    readonly connected: boolean,
  ) {}
}

/** A select's state: only for a select without `multiple` (no selectedcontent step does anything for the others). */
class SelectState {
  /** Its selected option (at most one: the selectedness setting algorithm keeps the last). */
  selected: Element | null = null;
  /** Its first selectedcontent element descendant in tree order, disabled or not. */
  first: Element | null = null;
  /** Its other selectedcontent descendants that may have children (open, or not cleared since). */
  pending: Element[] = [];
  constructor(
    readonly select: Element,
    readonly displaySizeIsOne: boolean,
  ) {}
}

/** Runs the DOM steps of `selectedcontent` while a document is parsed (see the top of the file). */
export class SelectedcontentTracker implements SelectedcontentSteps {
  private readonly ancestries = new Map<ParentNode, Ancestry>();
  /** https://html.spec.whatwg.org/multipage/form-elements.html#cached-nearest-ancestor-select-element (absent: null). */
  private readonly cachedSelect = new Map<Element, Element>();
  /** https://html.spec.whatwg.org/multipage/form-elements.html#concept-option-selectedness of the options seen (absent: false). */
  private readonly selectedness = new Set<Element>();
  /** Options whose selectedness has been set (created after the tracker, or read into a select's state). */
  private readonly known = new Set<Element>();
  private readonly selects = new Map<Element, SelectState | null>();
  /** selectedcontent elements whose disabled state is true. */
  private readonly disabledSelectedcontent = new Set<Element>();
  /** selectedcontent elements popped off the stack of open elements (the parser adds no more children to them). */
  private readonly closed = new Set<Element>();
  /**
   * Set while a select's selectedcontent is being replaced: the removing,
   * insertion and post-connection steps it causes do not start another.
   * DEVIATION: read literally, a clone that holds a selectedcontent element
   * (an option with one inside) starts another update from that element's
   * post-connection steps, and so on without end; Chromium stops after one.
   */
  private updating = false;
  /**
   * Elements whose subtrees hold no option or selectedcontent element and no
   * memoized ancestry (invariant: every element in a clean element's subtree
   * is clean; so every ancestor of an element that is not clean is not clean
   * either). An element becomes clean when it is inserted with no children,
   * or with only clean element children; it stops being clean when an element
   * that is not clean is inserted under it.
   * OPTIMIZATION: a subtree that moves (the adoption agency moves a furthest
   * block with everything in it, then its children) runs no step for its
   * clean parts, so they are not walked: a move costs the size of the part
   * that is not clean, not of the subtree. The steps run are the same.
   */
  private readonly clean = new Set<Element>();
  /**
   * Whether a new tracker would make the same state from the tree (see
   * `selectState`): true until an option leaves a select or joins one out of
   * tree order. Checkpoints are taken only while it holds.
   */
  derivable = true;

  constructor(private readonly tb: TreeBuilder) {}

  /**
   * Makes the state of the selects on the stack of open elements from the
   * tree now (a new tracker at a checkpoint), before any step runs: a step
   * that makes it later would count what that step changes.
   */
  deriveOpenSelects(): void {
    for (const element of this.tb.openElements.elements) if (isHtml(element, 'select')) this.selectState(element);
  }

  /** The ancestries memoized for the elements of a subtree that moves (they are valid until then). */
  private forget(elements: readonly Element[]): void {
    for (const e of elements) this.ancestries.delete(e);
  }

  private ancestry(node: ParentNode): Ancestry {
    // Iteratively: collect the chain up to a fresh entry, then fill it top-down.
    const chain: Element[] = [];
    let top: ParentNode | null = node;
    let base: Ancestry | null = null;
    while (top !== null) {
      const cached = this.ancestries.get(top);
      if (cached !== undefined) {
        base = cached;
        break;
      }
      if (top.kind !== 'element') {
        base = new Ancestry(null, null, false, null, false, top.kind === 'document');
        this.ancestries.set(top, base);
        break;
      }
      chain.push(top);
      top = top.parent;
    }
    if (base === null) base = new Ancestry(null, null, false, null, false, false);
    let nestedSelect = false;
    for (let i = chain.length - 1; i >= 0; i--) {
      const e = chain[i];
      let optionSelect: Element | null = base.optionSelect;
      let optionOptgroup: Element | null = base.optionOptgroup;
      let optgroupDisabled: boolean = base.optgroupDisabled;
      let nearestSelect: Element | null = base.nearestSelect;
      let selectedcontentDisabled: boolean = base.selectedcontentDisabled;
      if (e.namespace === 'html') {
        switch (e.name) {
          case 'datalist':
          case 'hr':
            optionSelect = null;
            optionOptgroup = null;
            optgroupDisabled = false;
            break;
          case 'option':
            optionSelect = null;
            optionOptgroup = null;
            optgroupDisabled = false;
            selectedcontentDisabled = true;
            break;
          case 'optgroup':
            optionSelect = optionOptgroup === null ? optionSelect : null;
            optionOptgroup = e;
            optgroupDisabled = hasAttribute(e, 'disabled');
            break;
          case 'select':
            optionSelect = e;
            optionOptgroup = null;
            optgroupDisabled = false;
            if (nearestSelect !== null) nestedSelect = true;
            nearestSelect = e;
            if (nestedSelect) selectedcontentDisabled = true;
            break;
          case 'selectedcontent':
            selectedcontentDisabled = true;
            break;
        }
      }
      base = new Ancestry(optionSelect, optionOptgroup, optgroupDisabled, nearestSelect, selectedcontentDisabled, base.connected);
      this.ancestries.set(e, base);
      // A memoized element is not clean (its ancestors are its parent's concern: the loop reaches them first).
      this.clean.delete(e);
    }
    return base;
  }

  private nearestSelectOf(option: Element): Element | null {
    return option.parent === null ? null : this.ancestry(option.parent).optionSelect;
  }

  /**
   * https://html.spec.whatwg.org/multipage/form-elements.html#concept-option-disabled
   * Step 1. "If option's disabled attribute is present, then return true."
   * Step 2. "For each ancestor of option's ancestors in reverse tree order":
   * a select, hr, datalist or option gives false; "If ancestor is an optgroup
   * element, then return true if ancestor's disabled attribute is present; otherwise false."
   */
  private isDisabled(option: Element): boolean {
    if (hasAttribute(option, 'disabled')) return true;
    return option.parent !== null && this.ancestry(option.parent).optgroupDisabled;
  }

  /**
   * A select's state, made on first use from the tree: the selectedness the
   * selectedness setting algorithm left when its options were inserted one
   * by one in tree order (the last with a `selected` attribute, or else, when
   * the display size is 1, the first that is not disabled); its selectedcontent elements.
   */
  private selectState(select: Element, joining: Element | null = null): SelectState | null {
    let state = this.selects.get(select);
    if (state !== undefined) return state;
    if (hasAttribute(select, 'multiple')) {
      this.selects.set(select, null);
      return null;
    }
    state = new SelectState(select, displaySize(select) === 1);
    this.selects.set(select, state);
    let lastWithSelected: Element | null = null;
    let firstEnabled: Element | null = null;
    const open = new Set(this.tb.openElements.elements);
    // https://html.spec.whatwg.org/multipage/form-elements.html#concept-select-option-list (and every selectedcontent descendant).
    const work: ChildNode[] = [];
    for (let i = select.children.length - 1; i >= 0; i--) work.push(select.children[i]);
    while (work.length > 0) {
      const node = work.pop()!;
      if (node.kind !== 'element') continue;
      // `joining` is the option whose insertion steps are running: not in the list yet.
      if (isHtml(node, 'option') && node !== joining && this.nearestSelectOf(node) === select) {
        this.cachedSelect.set(node, select);
        this.known.add(node);
        this.selectedness.delete(node);
        if (hasAttribute(node, 'selected')) lastWithSelected = node;
        if (firstEnabled === null && !this.isDisabled(node)) firstEnabled = node;
      } else if (isHtml(node, 'selectedcontent')) {
        if (state.first === null) state.first = node;
        else state.pending.push(node);
        if (!open.has(node)) this.closed.add(node);
        // Its disabled state, as its post-connection steps set it (they run only when it is connected).
        const ancestry = this.ancestry(node.parent!);
        if (ancestry.connected && ancestry.selectedcontentDisabled) this.disabledSelectedcontent.add(node);
      }
      if (isHtml(node, 'select')) continue;
      for (let i = node.children.length - 1; i >= 0; i--) work.push(node.children[i]);
    }
    const selected = lastWithSelected ?? (state.displaySizeIsOne ? firstEnabled : null);
    if (selected !== null) this.selectedness.add(selected);
    state.selected = selected;
    return state;
  }

  // --- DOM hooks --------------------------------------------------------------------------------

  /**
   * `node` was inserted (a new node, or one moved with its subtree): the
   * insertion steps of the option elements in it, then the post-connection
   * steps of its selectedcontent elements, each in tree order (template
   * contents are not descendants).
   */
  inserted(node: ChildNode): void {
    if (node.kind !== 'element') return;
    if (node.children.length === 0) {
      this.ancestries.delete(node);
      if (node.namespace === 'html' && node.name === 'option') this.optionInserted(node);
      else if (node.namespace === 'html' && node.name === 'selectedcontent') this.selectedcontentPostConnection(node);
      else {
        this.clean.add(node);
        return;
      }
      this.notClean(node);
      return;
    }
    if (this.clean.has(node)) return;
    const elements = this.elementsOf(node);
    this.forget(elements);
    for (const e of elements) if (isHtml(e, 'option')) this.optionInserted(e);
    for (const e of elements) if (isHtml(e, 'selectedcontent')) this.selectedcontentPostConnection(e);
    // Children before their parents (the reverse of tree order): which of them are clean now.
    for (let i = elements.length - 1; i >= 0; i--) {
      const e = elements[i];
      if (isHtml(e, 'option') || isHtml(e, 'selectedcontent') || this.ancestries.has(e)) continue;
      let childrenClean = true;
      for (const child of e.children) {
        if (child.kind === 'element' && !this.clean.has(child)) {
          childrenClean = false;
          break;
        }
      }
      if (childrenClean) this.clean.add(e);
    }
    if (!this.clean.has(node)) this.notClean(node);
  }

  /** `node`, which is not clean, is in the tree: its ancestors are not clean either. */
  private notClean(node: Element): void {
    for (let p: ParentNode | null = node.parent; p !== null && p.kind === 'element' && this.clean.delete(p); p = p.parent);
  }

  /** The element descendants of `root`, `root` first, in tree order (not into template contents), but for clean ones (and what is in them). */
  private elementsOf(root: ChildNode): Element[] {
    const out: Element[] = [];
    const stack: ChildNode[] = [root];
    const clean = this.clean;
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.kind !== 'element' || clean.has(node)) continue;
      out.push(node);
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
    return out;
  }

  /** `node` was removed from `oldParent`: the removing steps of the options and selectedcontent elements in it. */
  removed(node: ChildNode, oldParent: ParentNode): void {
    if (node.kind !== 'element' || this.clean.has(node)) return;
    const elements = this.elementsOf(node);
    this.forget(elements);
    for (const e of elements) {
      if (isHtml(e, 'option')) this.updateAnOptionsNearestAncestorSelect(e);
      else if (isHtml(e, 'selectedcontent')) this.selectedcontentRemoved(e, node, oldParent);
    }
  }

  /** A selectedcontent element was popped off the stack of open elements. */
  popped(selectedcontent: Element): void {
    this.closed.add(selectedcontent);
  }

  /**
   * https://html.spec.whatwg.org/multipage/form-elements.html#the-option-element
   * "The option HTML element insertion steps, given insertedOption, are to
   * run update an option's nearest ancestor select given insertedOption."
   */
  private optionInserted(option: Element): void {
    // "Except where otherwise specified, when the element is created, its
    // selectedness must be set to true if the element has a selected attribute."
    if (!this.known.has(option)) {
      this.known.add(option);
      if (hasAttribute(option, 'selected')) this.selectedness.add(option);
    }
    this.updateAnOptionsNearestAncestorSelect(option);
  }

  /** https://html.spec.whatwg.org/multipage/form-elements.html#update-an-option's-nearest-ancestor-select */
  private updateAnOptionsNearestAncestorSelect(option: Element): void {
    // Step 1. "Let oldSelect be option's cached nearest ancestor select element."
    const oldSelect = this.cachedSelect.get(option) ?? null;
    // Step 2. "Let newSelect be option's option element nearest ancestor select."
    const newSelect = this.nearestSelectOf(option);
    // Step 3. "If oldSelect is not newSelect:"
    if (oldSelect === newSelect) return;
    // Step 4. "Set option's cached nearest ancestor select element to newSelect."
    // (Set first: the selectedness setting algorithm reads the list of options.)
    if (newSelect === null) this.cachedSelect.delete(option);
    else this.cachedSelect.set(option, newSelect);
    // Step 3.1. "If oldSelect is not null, then run the selectedness setting algorithm given oldSelect."
    if (oldSelect !== null) {
      this.derivable = false;
      this.optionLeft(oldSelect, option);
    }
    // Step 3.2. "If newSelect is not null, then run the selectedness setting algorithm given newSelect."
    if (newSelect !== null) this.optionJoined(newSelect, option);
  }

  /**
   * https://html.spec.whatwg.org/multipage/form-elements.html#selectedness-setting-algorithm
   * after `option` joined `select`'s list of options.
   */
  private optionJoined(select: Element, option: Element): void {
    const state = this.selectState(select, option);
    if (state === null) return;
    this.stepRan(option);
    // Step 1. "Let updateSelectedcontent be false."
    let update = false;
    const optionSelected = this.selectedness.has(option);
    // Step 2. "If element's multiple attribute is absent, and element's display
    // size is 1, and no option elements in the element's list of options have
    // their selectedness set to true, then:"
    if (state.displaySizeIsOne && state.selected === null && !optionSelected) {
      // Step 2.1. "Set the selectedness of the first option element in the list
      // of options in tree order that is not disabled, if any, to true."
      // OPTIMIZATION: with none selected and a display size of 1, every option
      // already in the list is disabled (the algorithm ran when each joined), so
      // the first that is not disabled is `option` or none.
      if (!this.isDisabled(option)) this.select(state, option);
      // Step 2.2. "Set updateSelectedcontent to true."
      update = true;
    } else if (state.selected !== null && optionSelected) {
      // Step 3. "Otherwise, if element's multiple attribute is absent, and two
      // or more option elements in element's list of options have their
      // selectedness set to true, then:"
      // Step 3.1. "Set the selectedness of all but the last option element with
      // its selectedness set to true, in the list of options in tree order, to false."
      if (this.follows(option, state.selected!)) this.select(state, option);
      else {
        this.derivable = false;
        this.selectedness.delete(option);
      }
      // Step 3.2. "Set updateSelectedcontent to true."
      update = true;
    } else if (optionSelected) {
      state.selected = option;
    }
    // Step 4. "If updateSelectedcontent is true, then run update a select's selectedcontent given element."
    if (update) this.updateASelectsSelectedcontent(state);
  }

  /** The selectedness setting algorithm after `option` left `select`'s list of options. */
  private optionLeft(select: Element, option: Element): void {
    const state = this.selectState(select);
    if (state === null) return;
    this.stepRan(option);
    if (state.selected === option) {
      state.selected = null;
      // The algorithm's step 2: the first option in the list that is not disabled.
      if (state.displaySizeIsOne) {
        const first = this.firstEnabledOption(select);
        if (first !== null) this.select(state, first);
      }
      this.updateASelectsSelectedcontent(state);
    } else if (state.selected === null && state.displaySizeIsOne) {
      // Step 2 with none selected: only disabled options remain, but "Set updateSelectedcontent to true."
      this.updateASelectsSelectedcontent(state);
    }
  }

  /**
   * Whether `node`, just inserted, follows `other` in tree order.
   * OPTIMIZATION: a node the parser appends as the last child of its parent,
   * with foster parenting off, follows every node already in its select; the
   * walk up both trees is left for the other insertions (and for clones,
   * which go into a selectedcontent that may precede their option).
   */
  private follows(node: Element, other: Element): boolean {
    const parent = node.parent;
    if (parent !== null && !this.updating && !this.tb.fosterParenting && parent.children[parent.children.length - 1] === node) return true;
    return precedes(other, node);
  }

  /**
   * Logs that a step ran for `node` in a select, changing the tree or not:
   * on another tree, that is, after another edit, it may (an incremental
   * reparse does not reuse the old tree across it; mutation-log.ts).
   */
  private stepRan(node: Element): void {
    logMirror(this.tb.span, node, null, null, 0);
  }

  private select(state: SelectState, option: Element): void {
    if (state.selected !== null) this.selectedness.delete(state.selected);
    this.selectedness.add(option);
    state.selected = option;
  }

  /** The first option of `select`'s list of options that is not disabled (a walk: only after the selected option left). */
  private firstEnabledOption(select: Element): Element | null {
    for (const e of this.elementsOf(select)) {
      if (e !== select && isHtml(e, 'option') && this.cachedSelect.get(e) === select && !this.isDisabled(e)) return e;
    }
    return null;
  }

  /**
   * https://html.spec.whatwg.org/multipage/form-elements.html#the-selectedcontent-element
   * "The selectedcontent HTML element post-connection steps, given selectedcontent".
   * Post-connection steps run only for a node that is connected.
   */
  private selectedcontentPostConnection(selectedcontent: Element): void {
    const parent = selectedcontent.parent;
    if (parent === null) return;
    const ancestry = this.ancestry(parent);
    const select = ancestry.nearestSelect;
    const state = select === null ? null : this.selectState(select);
    // Whether it is its select's first selectedcontent descendant is a matter
    // of tree order, connected or not (in a template's contents too).
    if (state !== null) {
      this.stepRan(selectedcontent);
      if (state.first === null) state.first = selectedcontent;
      else if (state.first !== selectedcontent && !this.follows(selectedcontent, state.first)) {
        state.pending.push(state.first);
        state.first = selectedcontent;
      } else if (state.first !== selectedcontent && !state.pending.includes(selectedcontent)) {
        state.pending.push(selectedcontent);
      }
    }
    if (!ancestry.connected) return;
    // Step 1. "Let nearestSelectAncestor be null."
    // Step 3. "Set selectedcontent's disabled state to false."
    // Step 4. "For each ancestor of selectedcontent's ancestors, in reverse tree
    // order": the first select is nearestSelectAncestor; another select, an
    // option or a selectedcontent "set selectedcontent's disabled state to true".
    if (ancestry.selectedcontentDisabled) this.disabledSelectedcontent.add(selectedcontent);
    else this.disabledSelectedcontent.delete(selectedcontent);
    // Step 5. "If nearestSelectAncestor is null or nearestSelectAncestor has the multiple attribute, then return."
    if (state === null) return;
    // Step 6. "Run update a select's selectedcontent given nearestSelectAncestor."
    this.updateASelectsSelectedcontent(state);
    // Step 7. "Run clear a select's non-primary selectedcontent elements given nearestSelectAncestor."
    this.clearASelectsNonPrimarySelectedcontentElements(state);
  }

  /**
   * https://html.spec.whatwg.org/multipage/form-elements.html#the-selectedcontent-element
   * "The selectedcontent HTML element removing steps, given selectedcontent and oldParent".
   */
  private selectedcontentRemoved(selectedcontent: Element, removed: ChildNode, oldParent: ParentNode): void {
    // Step 1. "For each ancestor of selectedcontent's ancestors, in reverse tree
    // order: if ancestor is a select element, then return."
    if (selectedcontent.parent !== null && this.ancestry(selectedcontent.parent).nearestSelect !== null) return;
    // Step 2. "For each ancestor of oldParent's inclusive ancestors, in reverse
    // tree order: if ancestor is a select element, then run update a select's
    // selectedcontent given ancestor and return."
    const select = isHtml(oldParent, 'select') ? (oldParent as Element) : this.ancestry(oldParent).nearestSelect;
    if (select === null) return;
    const state = this.selectState(select);
    if (state === null) return;
    if (state.first !== null && (state.first === selectedcontent || isInclusiveAncestor(removed, state.first))) {
      this.refindFirst(state);
    }
    if (this.updating) return;
    this.updateASelectsSelectedcontent(state);
  }

  /** The first selectedcontent left its select: find the next (a walk, only then). */
  private refindFirst(state: SelectState): void {
    state.first = null;
    state.pending.length = 0;
    for (const e of this.elementsOf(state.select)) {
      if (!isHtml(e, 'selectedcontent')) continue;
      if (state.first === null) state.first = e;
      else state.pending.push(e);
    }
  }

  /** https://html.spec.whatwg.org/multipage/form-elements.html#select-enabled-selectedcontent */
  private enabledSelectedcontent(state: SelectState): Element | null {
    // Step 1. "If select has the multiple attribute, then return null." (No state then.)
    // Step 2. "Let selectedcontent be the first selectedcontent element descendant
    // of select in tree order if any such element exists; otherwise return null."
    const selectedcontent = state.first;
    if (selectedcontent === null) return null;
    // Step 3. "If selectedcontent is disabled, then return null."
    if (this.disabledSelectedcontent.has(selectedcontent)) return null;
    // Step 4. "Return selectedcontent."
    return selectedcontent;
  }

  /** https://html.spec.whatwg.org/multipage/form-elements.html#update-a-select's-selectedcontent */
  private updateASelectsSelectedcontent(state: SelectState): void {
    if (this.updating) return;
    // Step 1. "Let selectedcontent be the result of get a select's enabled selectedcontent given select."
    const selectedcontent = this.enabledSelectedcontent(state);
    // Step 2. "If selectedcontent is null, then return."
    if (selectedcontent === null) return;
    // Step 3. "Let option be the first option in select's list of options whose
    // selectedness is true, if any such option exists, otherwise null."
    const option = state.selected;
    // Step 4. "If option is null, then run clear a selectedcontent given selectedcontent."
    // Step 5. "Otherwise, run clone an option into a selectedcontent given option and selectedcontent."
    this.replaceAll(selectedcontent, option);
  }

  /** https://html.spec.whatwg.org/multipage/form-elements.html#clear-a-select's-non-primary-selectedcontent-elements */
  private clearASelectsNonPrimarySelectedcontentElements(state: SelectState): void {
    // Step 1. "Let passedFirstSelectedcontent be false."
    // Step 2. "For each descendant of select's descendants in tree order that is
    // a selectedcontent element: if passedFirstSelectedcontent is false, then set
    // passedFirstSelectedcontent to true; otherwise, run clear a selectedcontent given descendant."
    // OPTIMIZATION: only those that may have children: once cleared, a closed one stays empty.
    const pending = state.pending;
    let kept = 0;
    for (let i = 0; i < pending.length; i++) {
      const selectedcontent = pending[i];
      if (selectedcontent === state.first) continue;
      if (selectedcontent.children.length > 0 && this.ancestry(selectedcontent.parent ?? selectedcontent).nearestSelect === state.select) {
        this.replaceAll(selectedcontent, null);
      }
      if (!this.closed.has(selectedcontent)) pending[kept++] = selectedcontent;
    }
    pending.length = kept;
  }

  /**
   * https://html.spec.whatwg.org/multipage/form-elements.html#maybe-clone-an-option-into-selectedcontent
   */
  maybeCloneAnOptionIntoSelectedcontent(option: Element): void {
    // Step 1. "Let select be option's option element nearest ancestor select."
    const select = this.nearestSelectOf(option);
    if (select === null) return;
    const state = this.selectState(select);
    if (state === null) return;
    this.stepRan(option);
    // Step 2. "If all of the following conditions are true: select is not null;
    // option's selectedness is true; and select's enabled selectedcontent is not
    // null, then run clone an option into a selectedcontent given option and
    // select's enabled selectedcontent."
    if (!this.selectedness.has(option)) return;
    const selectedcontent = this.enabledSelectedcontent(state);
    if (selectedcontent !== null) this.replaceAll(selectedcontent, option);
  }

  /**
   * https://html.spec.whatwg.org/multipage/form-elements.html#clone-an-option-into-a-selectedcontent
   * (with `option`), https://html.spec.whatwg.org/multipage/form-elements.html#clear-a-selectedcontent
   * (without: "Replace all with null within selectedcontent").
   * https://dom.spec.whatwg.org/#concept-node-replace-all: the children are
   * removed (their removing steps run), then the clones inserted (their
   * insertion and post-connection steps run). Logged as a `Mirror` mutation.
   */
  private replaceAll(selectedcontent: Element, option: Element | null): void {
    const fragment = option === null ? [] : cloneChildren(this.tb, option, selectedcontent);
    const old = selectedcontent.children;
    if (old.length === 0 && fragment.length === 0) return;
    const wasUpdating = this.updating;
    this.updating = true;
    selectedcontent.children = fragment;
    for (const child of old) {
      child.parent = null;
      // Out of the tree for good: its ranges are computed now (the parse computes only those of the tree), for
      // an incremental reparse that puts it back.
      if (child.kind === 'element') computeRanges(child);
    }
    for (const child of fragment) child.parent = selectedcontent;
    logMirror(this.tb.span, option ?? selectedcontent, selectedcontent, old, fragment.length);
    for (const child of old) this.removed(child, selectedcontent);
    for (const child of fragment) this.inserted(child);
    this.updating = wasUpdating;
  }
}

function isInclusiveAncestor(ancestor: ChildNode, node: ChildNode): boolean {
  for (let n: ParentNode | null = node as Element; n !== null; n = parentOf(n)) if (n === ancestor) return true;
  return false;
}

/** Whether `a` precedes `b` in tree order (both in one tree). */
function precedes(a: Element, b: Element): boolean {
  if (a.parent !== null && a.parent === b.parent) {
    const siblings = a.parent.children as ChildNode[];
    return siblings.lastIndexOf(a) < siblings.lastIndexOf(b);
  }
  const pathA: ParentNode[] = [];
  for (let n: ParentNode | null = a; n !== null; n = parentOf(n)) pathA.push(n);
  const pathB: ParentNode[] = [];
  for (let n: ParentNode | null = b; n !== null; n = parentOf(n)) pathB.push(n);
  let i = pathA.length - 1;
  let j = pathB.length - 1;
  if (pathA[i] !== pathB[j]) return false;
  while (i > 0 && j > 0 && pathA[i - 1] === pathB[j - 1]) {
    i--;
    j--;
  }
  if (i === 0) return true; // a is an ancestor of b
  if (j === 0) return false; // b is an ancestor of a
  const siblings = pathA[i].children as ChildNode[];
  return siblings.indexOf(pathA[i - 1] as ChildNode) < siblings.indexOf(pathB[j - 1] as ChildNode);
}

/**
 * Step 1. "Let documentFragment be a new DocumentFragment" and step 2. "For
 * each child of option's children: let childClone be the result of running
 * clone given child with subtree set to true; append childClone to documentFragment."
 * Clones are iterative (no recursion on depth) and keep no source ranges of
 * their own: each records the node it copies, and sits at `selectedcontent`'s place.
 */
function cloneChildren(tb: TreeBuilder, option: Element, selectedcontent: Element): ChildNode[] {
  const at = selectedcontent.startTagEnd ?? selectedcontent.start;
  const fragment: ChildNode[] = [];
  const work: [ChildNode, ParentNode | null][] = [];
  for (let i = option.children.length - 1; i >= 0; i--) work.push([option.children[i], null]);
  while (work.length > 0) {
    const [node, parent] = work.pop()!;
    let clone: ChildNode;
    switch (node.kind) {
      case 'element': {
        const copy = cloneElement(node, at, tb.span);
        for (let i = node.children.length - 1; i >= 0; i--) work.push([node.children[i], copy]);
        if (node.content !== null && copy.content !== null) {
          for (let i = node.content.children.length - 1; i >= 0; i--) work.push([node.content.children[i], copy.content]);
        }
        clone = copy;
        break;
      }
      case 'text':
        clone = createText(node.data, at, at, tb.span);
        break;
      case 'comment':
        clone = createComment(node.data, at, at, tb.span);
        break;
      case 'processingInstruction':
        clone = createProcessingInstruction(node.target, node.data, at, at, tb.span);
        break;
      default:
        continue;
    }
    if (parent === null) fragment.push(clone);
    else {
      clone.parent = parent;
      parent.children.push(clone);
    }
  }
  return fragment;
}
