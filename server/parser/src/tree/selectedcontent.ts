/**
 * The `selectedcontent` element mirrors the selected option of its select.
 * The parser's part: when an option is popped off the stack of open
 * elements, "maybe clone an option into selectedcontent".
 * https://html.spec.whatwg.org/multipage/form-elements.html#maybe-clone-an-option-into-selectedcontent
 */
import { createComment, createText, type ChildNode, type Element, type ParentNode } from '../dom';
import { cloneElement, type TreeBuilder } from './tree-builder';
import { logMirror } from '../incremental/mutation-log';

function isHtml(node: ParentNode | null, name: string): node is Element {
  return node !== null && node.kind === 'element' && node.namespace === 'html' && node.name === name;
}

function hasAttribute(element: Element, name: string): boolean {
  for (const a of element.attributes) if (a.name === name && a.namespace === null) return true;
  return false;
}

/** https://html.spec.whatwg.org/multipage/form-elements.html#option-element-nearest-ancestor-select */
export function optionElementNearestAncestorSelect(option: Element): Element | null {
  // Step 1. "Let ancestorOptgroup be null."
  let ancestorOptgroup: Element | null = null;
  // Step 2. "For each ancestor of option's ancestors, in reverse tree order:"
  for (let node: ParentNode | null = option.parent; node !== null && node.kind === 'element'; node = node.parent) {
    const ancestor: Element = node;
    // Step 2.1. "If ancestor is a datalist, hr, or option element, then return null."
    if (isHtml(ancestor, 'datalist') || isHtml(ancestor, 'hr') || isHtml(ancestor, 'option')) return null;
    // Step 2.2. "If ancestor is an optgroup element:"
    if (isHtml(ancestor, 'optgroup')) {
      // "If ancestorOptgroup is not null, then return null." "Set ancestorOptgroup to ancestor."
      if (ancestorOptgroup !== null) return null;
      ancestorOptgroup = ancestor;
    }
    // Step 2.3. "If ancestor is a select, then return ancestor."
    if (isHtml(ancestor, 'select')) return ancestor;
  }
  // Step 3. "Return null."
  return null;
}

/** The element descendants of `root` in tree order (iteratively). */
function* descendants(root: Element): Generator<Element> {
  const stack: ChildNode[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push(root.children[i]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind !== 'element') continue;
    yield node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
}

/**
 * Whether `option` is the select's selected option. There are no scripts or
 * user actions here, so the "selectedness setting algorithm" results in: the
 * last option with a `selected` attribute in tree order, or else the first
 * option that is not disabled.
 * https://html.spec.whatwg.org/multipage/form-elements.html#selectedness-setting-algorithm
 */
function isSelected(select: Element, option: Element): boolean {
  let lastWithSelected: Element | null = null;
  let firstEnabled: Element | null = null;
  for (const element of descendants(select)) {
    if (!isHtml(element, 'option') || optionElementNearestAncestorSelect(element) !== select) continue;
    if (hasAttribute(element, 'selected')) lastWithSelected = element;
    if (firstEnabled === null && !hasAttribute(element, 'disabled')) firstEnabled = element;
  }
  return (lastWithSelected ?? firstEnabled) === option;
}

/** https://html.spec.whatwg.org/multipage/form-elements.html#select-enabled-selectedcontent */
function enabledSelectedcontent(select: Element): Element | null {
  // Step 1. "If select has the multiple attribute, then return null."
  if (hasAttribute(select, 'multiple')) return null;
  // Step 2. "Let selectedcontent be the first selectedcontent element descendant
  // of select in tree order if any such element exists; otherwise return null."
  for (const element of descendants(select)) if (isHtml(element, 'selectedcontent')) return element;
  return null;
}

/**
 * https://html.spec.whatwg.org/multipage/form-elements.html#clone-an-option-into-a-selectedcontent
 * Clones are iterative (no recursion on depth) and keep no source ranges of
 * their own: each records the node it copies, and sits at `selectedcontent`'s place.
 */
function cloneAnOptionIntoASelectedcontent(tb: TreeBuilder, option: Element, selectedcontent: Element): ChildNode[] {
  const at = selectedcontent.startTagEnd ?? selectedcontent.start;
  // Step 1. "Let documentFragment be a new DocumentFragment whose node document is option's node document."
  const fragment: ChildNode[] = [];
  // Step 2. "For each child of option's children: let childClone be the
  // result of running clone given child with subtree set to true; append
  // childClone to documentFragment."
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
      default:
        continue;
    }
    if (parent === null) fragment.push(clone);
    else {
      clone.parent = parent;
      parent.children.push(clone);
    }
  }
  // Step 3. "Replace all with documentFragment within selectedcontent."
  const old = selectedcontent.children;
  for (const child of old) child.parent = null;
  for (const child of fragment) child.parent = selectedcontent;
  selectedcontent.children = fragment;
  return old;
}

/**
 * https://html.spec.whatwg.org/multipage/form-elements.html#maybe-clone-an-option-into-selectedcontent
 */
export function maybeCloneAnOptionIntoSelectedcontent(tb: TreeBuilder, option: Element): void {
  // OPTIMIZATION: without any selectedcontent element there is nothing to update.
  if (!tb.selectedcontentSeen) return;
  // Step 1. "Let select be option's option element nearest ancestor select."
  const select = optionElementNearestAncestorSelect(option);
  // Step 2. "If all of the following conditions are true: select is not null;
  // option's selectedness is true; and select's enabled selectedcontent is not
  // null, then run clone an option into a selectedcontent given option and
  // select's enabled selectedcontent."
  // Logged whether it copies or not: on another tree it may (incremental/mutation-log.ts).
  const selectedcontent = select === null ? null : enabledSelectedcontent(select);
  if (select === null || selectedcontent === null || !isSelected(select, option)) {
    logMirror(tb.span, option, null, null, 0);
    return;
  }
  const old = cloneAnOptionIntoASelectedcontent(tb, option, selectedcontent);
  logMirror(tb.span, option, selectedcontent, old, selectedcontent.children.length);
}
