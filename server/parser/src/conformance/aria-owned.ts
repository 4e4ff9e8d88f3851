/**
 * WAI-ARIA 1.2's required owned elements (https://www.w3.org/TR/wai-aria-1.2/#mustContain): "an element with the role
 * list will own at least one element with the role listitem"; "When multiple roles are specified as required owned
 * elements for a role, at least one instance of one required owned element is expected." Read by aria-rules.ts for an
 * element with an explicit role that has required owned elements (ARIA_REQUIRED_OWNED).
 *
 * What the element owns is read as the current text's accessibility children
 * (https://w3c.github.io/aria/#dfn-accessibility-child): its descendants "with only elements of role generic or none
 * intervening"; a required owned element given as a path ("rowgroup > row") is one owned through the path's first
 * roles. The elements it owns through aria-owns are read as its children too (aria-owns.ts gives them: `owned`). One
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

/** The paths of `role`'s required owned elements, or undefined when it has none. */
export function requiredOwned(role: string): readonly (readonly string[])[] | undefined {
  return Object.hasOwn(ARIA_REQUIRED_OWNED, role) ? ARIA_REQUIRED_OWNED[role] : undefined;
}

/** "rowgroup > row or row": the paths for a message. */
export function describeOwned(paths: readonly (readonly string[])[]): string {
  return paths.map((p) => p.map((r) => `"${r}"`).join(' > ')).join(' or ');
}


const NONE: readonly ElementShape[] = [];

interface Pending {
  readonly element: ElementShape;
  readonly parent: ElementShape;
  /** The scope `element` is in (its parent's children's). */
  readonly scope: AriaScope;
  /** How many steps of the paths are behind. */
  readonly step: number;
}

/**
 * Whether `container`, in scope `scope`, owns one of the required owned elements `paths` (see the steps at the top
 * of the file). Stops at the first it finds.
 */
export function ownsRequired(container: ElementShape, scope: AriaScope, paths: readonly (readonly string[])[], owned: readonly ElementShape[] = NONE): boolean {
  const below: AriaScope = { ariaAncestors: 0, ariaTable: null, ariaParentList: false, ariaBusy: false };
  fillScopeBelow(below, scope, container);
  const stack: Pending[] = [];
  for (let i = owned.length - 1; i >= 0; i--) stack.push({ element: owned[i], parent: container, scope: below, step: 0 });
  pushChildren(stack, container, below, 0);
  // Step 1.
  while (stack.length > 0) {
    const { element, parent, scope: at, step } = stack.pop()!;
    if (element.namespace !== 'html') continue;
    const explicit = element.attributes.length > 0 ? explicitRole(element) : null;
    let role = explicit;
    if (role === null) {
      const row = ariaRow(element, parent, at);
      // Step 5.
      if (row === undefined && isValidCustomElementName(element.name)) return true;
      role = row?.implicit ?? null;
    }
    if (role !== null && role !== 'generic' && role !== 'none' && role !== 'presentation') {
      let further = false;
      for (const path of paths) {
        if (path.length <= step) continue;
        // Step 2.
        if (path[step] === role && path.length === step + 1) return true;
        if (path[step] === role) further = true;
      }
      // Step 3, else step 6.
      if (further) pushBelow(stack, element, at, step + 1);
      continue;
    }
    // Step 4.
    pushBelow(stack, element, at, step);
  }
  return false;
}

function pushBelow(stack: Pending[], element: ElementShape, scope: AriaScope, step: number): void {
  if (element.children.length === 0) return;
  const below: AriaScope = { ariaAncestors: 0, ariaTable: null, ariaParentList: false, ariaBusy: false };
  fillScopeBelow(below, scope, element);
  pushChildren(stack, element, below, step);
}

function pushChildren(stack: Pending[], parent: ElementShape, scope: AriaScope, step: number): void {
  const children = parent.children;
  // In reverse, so that the first child is looked at first (a required owned element is most often the first).
  for (let i = children.length - 1; i >= 0; i--) {
    const c = children[i];
    if (c.kind === 'element') stack.push({ element: c as ElementShape, parent, scope, step });
  }
}
