/**
 * The spec's two ways for one insertion mode to hand a token to another,
 * kept distinct: "process the token using the rules for" a mode (the mode
 * stays as it is unless those rules change it), and "switch the insertion
 * mode to" a mode "and reprocess the token". The rules of each mode are
 * reached through the tree builder's `construction` (dispatch.ts), so that
 * the insertion modes import no module that imports them.
 */
import type { InsertionMode } from './insertion-mode';
import type { TagId } from './tag-id';
import type { Step, TreeBuilder, TreeToken } from './tree-builder';

/**
 * "Process the token using the rules for the m insertion mode": the rules of
 * `mode` apply, but the insertion mode stays as it is unless those rules
 * change it.
 * https://html.spec.whatwg.org/multipage/parsing.html#using-the-rules-for
 */
export function useRulesFor(tb: TreeBuilder, mode: InsertionMode, token: TreeToken, id: TagId): Step {
  return tb.construction.processInInsertionMode(tb, mode, token, id);
}

/** "Switch the insertion mode to m and reprocess the token." */
export function switchAndReprocess(tb: TreeBuilder, mode: InsertionMode): Step {
  tb.insertionMode = mode;
  return true;
}
