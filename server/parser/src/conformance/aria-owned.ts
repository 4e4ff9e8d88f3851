/**
 * WAI-ARIA 1.2's required owned elements (https://www.w3.org/TR/wai-aria-1.2/#mustContain): "an element with the role
 * list will own at least one element with the role listitem"; "When multiple roles are specified as required owned
 * elements for a role, at least one instance of one required owned element is expected." Read by aria-rules.ts for an
 * element with an explicit role that has required owned elements (ARIA_REQUIRED_OWNED).
 *
 * What the element owns is read as the current text's accessibility children
 * (https://w3c.github.io/aria/#dfn-accessibility-child): its descendants "with only elements of role generic or none
 * intervening"; a required owned element given as a path ("rowgroup > row") is one owned through the path's first
 * roles. The elements it owns through aria-owns are read as its children too (aria-owns.ts gives them: `owned`), and
 * a descendant another element owns is not (`skip`). One
 * inside (or itself) "a containing element with aria-busy equal to true" is not judged.
 *
 * The steps of `ownsRequired` (ours, over the spec's definitions):
 * 1. Walk the element's descendants depth first, iteratively, and read each element's role in effect (its explicit
 *    role, else its implicit one as ARIA in HTML gives it in its parent's scope, aria-model.ts).
 * 2. A role that ends one of the paths at the step the walk is on is a required owned element: done.
 * 3. A role that is a path's next step (group, rowgroup) is walked into, one step further along the paths.
 * 4. An element without a role, or with role generic, none or presentation, is walked into at the same step; foreign
 *    content is not.
 * 5. An autonomous custom element may have any role (set by script through ElementInternals,
 *    https://w3c.github.io/html-aria/#el-autonomous-custom-element): it counts as a required owned element.
 * 6. Any other role ends the walk below that element (it is the accessibility child, not what is below it).
 */
import type { ElementShape } from '../attributes/tree-shape';
import { isValidCustomElementName } from '../attributes/custom-element-name';
import { ariaRow, explicitRole, fillScopeBelow, type AriaScope } from './aria-model';
import { ARIA_REQUIRED_OWNED } from './aria-table.generated';
import { meetingRange } from './recheck-region';
import type { Range } from './node-reading';

/** The paths of `role`'s required owned elements, or undefined when it has none. */
export function requiredOwned(role: string): readonly (readonly string[])[] | undefined {
  return Object.hasOwn(ARIA_REQUIRED_OWNED, role) ? ARIA_REQUIRED_OWNED[role] : undefined;
}

/** "rowgroup > row or row": the paths for a message. */
export function describeOwned(paths: readonly (readonly string[])[]): string {
  return paths.map((p) => p.map((r) => `"${r}"`).join(' > ')).join(' or ');
}


const NONE: readonly ElementShape[] = [];

/**
 * The children of `parent` still to look at, from `index` on (OPTIMIZATION: a cursor, not one entry per child: an
 * owner of 50,000 generic children that owns its listitem first reads one of them).
 */
interface Siblings {
  readonly parent: ElementShape;
  readonly children: readonly ElementShape['children'][number][];
  index: number;
  /** The scope the children are in (their parent's children's). */
  readonly scope: AriaScope;
  /** How many steps of the paths are behind. */
  readonly step: number;
  /** The descendants not looked at (owned by another element); null for the container's own owned elements. */
  readonly skip: SkipOwned | null;
}

/** What `roleOf` found: a required owned element, a step further along the paths, the same step, or none below. */
const FOUND = -1;
const BLOCKED = -2;

/**
 * Steps 1 to 6 for one element at `step`, in scope `scope` with parent `parent`: FOUND, BLOCKED, or the step its
 * children are looked at.
 */
function stepOf(element: ElementShape, parent: ElementShape, scope: AriaScope, step: number, paths: readonly (readonly string[])[]): number {
  if (element.namespace !== 'html') return BLOCKED;
  const explicit = element.attributes.length > 0 ? explicitRole(element) : null;
  let role = explicit;
  if (role === null) {
    const row = ariaRow(element, parent, scope);
    // Step 5.
    if (row === undefined && isValidCustomElementName(element.name)) return FOUND;
    role = row?.implicit ?? null;
  }
  // Step 4.
  if (role === null || role === 'generic' || role === 'none' || role === 'presentation') return step;
  let further = false;
  for (const path of paths) {
    if (path.length <= step) continue;
    // Step 2.
    if (path[step] === role && path.length === step + 1) return FOUND;
    if (path[step] === role) further = true;
  }
  // Step 3, else step 6.
  return further ? step + 1 : BLOCKED;
}

function scopeBelow(scope: AriaScope, element: ElementShape): AriaScope {
  const below: AriaScope = { ariaAncestors: 0, ariaTable: null, ariaParentList: false, ariaBusy: false };
  fillScopeBelow(below, scope, element);
  return below;
}

/**
 * Whether `container`, in scope `scope`, owns one of the required owned elements `paths` (see the steps at the top
 * of the file), with `owned`, the elements it owns through aria-owns, read as its first children. Stops at the first
 * it finds.
 */
export function ownsRequired(
  container: ElementShape,
  scope: AriaScope,
  paths: readonly (readonly string[])[],
  owned: readonly ElementShape[] = NONE,
  skip: SkipOwned | null = null,
): boolean {
  const below = scopeBelow(scope, container);
  const stack: Siblings[] = [{ parent: container, children: container.children, index: 0, scope: below, step: 0, skip }];
  // (Its own: not skipped.)
  if (owned.length > 0) stack.push({ parent: container, children: owned, index: 0, scope: below, step: 0, skip: null });
  return walkOwned(stack, paths, skip);
}

/**
 * Whether a descendant is not the container's accessibility child nor below one: an element another element owns
 * through aria-owns (https://w3c.github.io/aria/#aria-owns: its owner is its accessibility parent; aria-owns.ts).
 */
export type SkipOwned = (element: ElementShape) => boolean;

/**
 * For a re-check that walks down through `container` (`chain`: the elements it walks down through below it, the last
 * the one whose children meet `region`), when the container owned none of `paths` before the edit: whether it owns
 * one now. Only what is in the region can have changed (the elements outside it are the previous parse's, their
 * roles read in the same scopes, their ancestors' start tags outside the region), so only the chain's last element's
 * children that meet the region are looked at (OPTIMIZATION: a keystroke in a `<div role=list>` of 50,000 generic
 * children does not read them all). (The roles' conditions read an element's own attributes, its parent's name and its
 * ancestors' scope, none a sibling: a role outside the region is as it was; figure's child condition changes only
 * which roles are allowed on it.)
 */
export function ownsRequiredInRegion(
  container: ElementShape,
  scope: AriaScope,
  paths: readonly (readonly string[])[],
  chain: readonly ElementShape[],
  region: Range,
  skip: SkipOwned | null = null,
): boolean {
  let below = scopeBelow(scope, container);
  let parent = container;
  let step = 0;
  for (const element of chain) {
    if (skip !== null && skip(element)) return false;
    step = stepOf(element, parent, below, step, paths);
    // (A required owned element on the chain was there before: the container owned one then.)
    if (step === FOUND) return true;
    if (step === BLOCKED) return false;
    below = scopeBelow(below, element);
    parent = element;
  }
  // Its children are in source order (the re-check walks down only through such elements): those that meet the
  // region found by a binary search.
  const [from, to] = meetingRange(parent.children, region);
  return walkOwned([{ parent, children: parent.children.slice(from, to), index: 0, scope: below, step, skip }], paths, skip);
}

/** The depth-first walk of steps 1 to 6 (each element's children looked at in order, at the step it gives them). */
function walkOwned(stack: Siblings[], paths: readonly (readonly string[])[], skip: SkipOwned | null): boolean {
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.index >= top.children.length) {
      stack.pop();
      continue;
    }
    const c = top.children[top.index++];
    if (c.kind !== 'element') continue;
    const element = c as ElementShape;
    if (top.skip !== null && top.skip(element)) continue;
    const step = stepOf(element, top.parent, top.scope, top.step, paths);
    if (step === FOUND) return true;
    if (step === BLOCKED || element.children.length === 0) continue;
    stack.push({ parent: element, children: element.children, index: 0, scope: scopeBelow(top.scope, element), step, skip });
  }
  return false;
}
