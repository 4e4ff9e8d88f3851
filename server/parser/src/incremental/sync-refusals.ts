/**
 * The sync decision of an incremental reparse (reparse.ts, step 3). When the
 * new parse stops at a token boundary where an old checkpoint P stood (moved
 * by the edit), the old tree after P is reused unless one of the refusal
 * reasons below holds. Each reason is a small function; they are asked in
 * the order of `SYNC_REFUSALS` and the first that holds is the one reported
 * (the later ones are not asked: some pair nodes as they compare, and the
 * pairing they leave is what the reuse uses).
 *
 * Why the tokens after P, moved, do what they did when no reason holds: they
 * meet the same state (the same insertion modes, flags and pointers; the same
 * open elements, active formatting elements, live nodes and foster parenting
 * table, where an element both regions made is paired with its counterpart),
 * and every node their logs name lives on in the new tree.
 */
import type { Element, Node, Text } from '../dom';
import type { Span } from '../span';
import { fosterTableOf, lastTextChild, liveNodesOf, textBefore, type Checkpoint, atCheckpointBoundary } from '../tree/checkpoint';
import { logOf, MutationKind } from '../tree/mutation-log';
import { patchOf } from '../tree/template-for';
import type { TreeBuilder, TreeToken } from '../tree/tree-builder';
import type { Pairing } from './pairing';

/** What a run knows of the old parse, for every candidate P it meets. */
export class SyncContext {
  /** The index of the last old checkpoint whose span holds a `<template for>`, or -1. */
  readonly lastTemplateFor: number;
  /** For each tag name, the last old span in which the Noah's Ark clause compared attributes of elements of that name (made when first needed). */
  private lastArk: Map<string, number> | null = null;

  constructor(
    /** The old checkpoints. */
    readonly checkpoints: readonly Checkpoint[],
    /** The span order of the checkpoint the run restored (C): the old region's nodes have orders from here up. */
    readonly restoreOrder: number,
    /** Past this offset of the window no sync is tried (the tokenizer's decisions look a little ahead). */
    readonly lastSync: number,
    /** The Text nodes the restore may cut back (C's foster text, the live nodes' last children at C). */
    readonly restoredTexts: ReadonlySet<Text>,
    /** The region's spans so far. */
    readonly regionSpans: readonly Span[],
  ) {
    let last = -1;
    for (let index = checkpoints.length - 1; index >= 0; index--) {
      if (checkpoints[index].span.templateFor) {
        last = index;
        break;
      }
    }
    this.lastTemplateFor = last;
  }

  /** The last old span in which the Noah's Ark clause compared attributes of elements named `name`, or -1. */
  lastArkOf(name: string): number {
    if (this.lastArk === null) {
      this.lastArk = new Map();
      for (let index = 0; index < this.checkpoints.length; index++) for (const arkName of this.checkpoints[index].span.ark ?? []) this.lastArk.set(arkName, index);
    }
    return this.lastArk.get(name) ?? -1;
  }
}

/** One old checkpoint P that the new parse reached, with what the refusals compare. */
export interface SyncCandidate {
  readonly context: SyncContext;
  /** The tree builder of the new parse, just after `token`. */
  readonly treeBuilder: TreeBuilder;
  readonly token: TreeToken;
  /** P's index among the old checkpoints, and P. */
  readonly index: number;
  readonly syncPoint: Checkpoint;
  /** The pairing the comparisons build. */
  readonly pairing: Pairing;
}

/** A reason the new parse did not sync with the old one at a candidate P (see `SYNC_REFUSALS`). */
export type RefusalReason = (typeof SYNC_REFUSALS)[number]['reason'] | 'no-token-ends-there';

/**
 * A token of the new parse runs across P's place: the parse never stops
 * there (a long text, a script, a comment). Not one of `SYNC_REFUSALS`: the
 * run tells it when it passes P.
 */
export const NO_TOKEN_ENDS_THERE = 'no-token-ends-there';

/** A `<template for>` at or after P looked for markers in the whole tree, which the edit may have changed (tree/template-for.ts). */
function templateForAfter(candidate: SyncCandidate): boolean {
  return candidate.index <= candidate.context.lastTemplateFor;
}

/** P is too near the end of a partial window: the tokenizer's decisions there may not have seen far enough. */
function nearWindowEnd(candidate: SyncCandidate): boolean {
  return candidate.token.end > candidate.context.lastSync;
}

/** The new parse is not where a checkpoint can be taken (tree/checkpoint.ts, `atCheckpointBoundary`): not in the data state, pending table text, a select whose state cannot be made again… */
function notACheckpointBoundary(candidate: SyncCandidate): boolean {
  return !atCheckpointBoundary(candidate.treeBuilder, candidate.token);
}

/**
 * The spans after P foster parented before a table open at P that was not
 * its foster parenting table then (an outer table, once the inner ones
 * closed). What is right before an outer table may differ between the two
 * parses, and a Text node there takes the fostered text: "If there is a Text
 * node immediately before the adjusted insertion location, then append data
 * to that Text node's data"
 * (https://html.spec.whatwg.org/multipage/parsing.html#insert-a-character).
 */
function outerFosterTable(candidate: SyncCandidate): boolean {
  const { syncPoint } = candidate;
  const checkpoints = candidate.context.checkpoints;
  for (let index = candidate.index; index < checkpoints.length; index++) {
    for (const mutation of logOf(checkpoints[index].span) ?? []) {
      const before = mutation.before;
      if (before === null || before === syncPoint.fosterTable) continue;
      if (before.kind === 'element' && before.name === 'table' && syncPoint.openElements.includes(before as Element)) return true;
    }
  }
  return false;
}

/** Whether the spans after P foster parented before P's foster parenting table. */
function fosteredBeforeTableAfter(candidate: SyncCandidate): boolean {
  const checkpoints = candidate.context.checkpoints;
  const table = candidate.syncPoint.fosterTable;
  if (table === null) return false;
  for (let index = candidate.index; index < checkpoints.length; index++) {
    for (const mutation of logOf(checkpoints[index].span) ?? []) if (mutation.before === table) return true;
  }
  return false;
}

/** The insertion modes, flags, document mode, or the names on the stack of open elements and the list of active formatting elements differ. */
function stateDiffers({ treeBuilder, syncPoint }: SyncCandidate): boolean {
  return (
    treeBuilder.insertionMode !== syncPoint.insertionMode ||
    treeBuilder.originalInsertionMode !== syncPoint.originalInsertionMode ||
    treeBuilder.framesetOk !== syncPoint.framesetOk ||
    treeBuilder.ignoreNextLineFeed !== syncPoint.ignoreNextLineFeed ||
    (treeBuilder.selects !== null) !== syncPoint.selectsActive ||
    (treeBuilder.selects !== null && !treeBuilder.selects.derivable) ||
    treeBuilder.document.mode !== syncPoint.documentMode ||
    !sameArray(treeBuilder.templateInsertionModes, syncPoint.templateInsertionModes) ||
    !sameArray(treeBuilder.openElements.keys, syncPoint.openElementKeys) ||
    !sameArray(treeBuilder.activeFormattingElements.keys, syncPoint.activeFormattingKeys)
  );
}

/** An open element is not P's, or its counterpart (same markup, moved by the edit). */
function openElementsDiffer({ treeBuilder, syncPoint, pairing }: SyncCandidate): boolean {
  const stack = treeBuilder.openElements.elements;
  for (let index = 0; index < stack.length; index++) if (!pairing.match(syncPoint.openElements[index], stack[index])) return true;
  return false;
}

/** A patching `<template for>` is open in either parse: it inserts into its marker's parent, which the states do not compare. */
function templateForOpen({ treeBuilder, syncPoint }: SyncCandidate): boolean {
  const stack = treeBuilder.openElements.elements;
  for (let index = 0; index < stack.length; index++) if (patchOf(stack[index]) !== null || patchOf(syncPoint.openElements[index]) !== null) return true;
  return false;
}

/** An active formatting element is not P's, or its counterpart. */
function formattingElementsDiffer({ treeBuilder, syncPoint, pairing }: SyncCandidate): boolean {
  const list = treeBuilder.activeFormattingElements.entries;
  for (let index = 0; index < list.length; index++) if (!pairing.match(syncPoint.activeFormattingElements[index], list[index])) return true;
  return false;
}

/** The head element pointer or the form element pointer differs. */
function headOrFormDiffers({ treeBuilder, syncPoint, pairing }: SyncCandidate): boolean {
  return !pairing.match(syncPoint.headElement, treeBuilder.headElement) || !pairing.match(syncPoint.formElement, treeBuilder.formElement);
}

/** The live nodes (what later tokens append to) differ, or one ends in a Text node in one parse only. */
function liveNodesDiffer({ treeBuilder, syncPoint, pairing }: SyncCandidate): boolean {
  const live = liveNodesOf(treeBuilder);
  if (live.length !== syncPoint.live.length) return true;
  for (let index = 0; index < live.length; index++) {
    if (!pairing.match(syncPoint.live[index], live[index])) return true;
    if ((lastTextChild(live[index]) !== null) !== syncPoint.lastTextLengths[index] >= 0) return true;
  }
  return false;
}

/** Foster parenting would insert before another table. */
function fosterTableDiffers({ treeBuilder, syncPoint, pairing }: SyncCandidate): boolean {
  return !pairing.match(syncPoint.fosterTable, fosterTableOf(treeBuilder));
}

/** The tokens after P foster parent before the table, and a Text node is right before it in one parse only. */
function fosterTextDiffers(candidate: SyncCandidate): boolean {
  if (!fosteredBeforeTableAfter(candidate)) return false;
  const table = fosterTableOf(candidate.treeBuilder);
  return ((table === null ? null : textBefore(table)) === null) !== (candidate.syncPoint.fosterText === null);
}

/**
 * A later checkpoint (from P on) has as its foster text (the Text node right
 * before its foster parenting table) a Text node whose length the region may
 * have changed (cut back by the restore, or appended to) and that the
 * adjustment of the later checkpoints does not reach: it fixes P's own
 * foster text and the live nodes' last Text children at P, not a Text node
 * that a table inserted after P follows from the middle of its parent. Found
 * by the template/form/frameset documents of incremental.test.ts (issue 24):
 * text fostered in a template's contents, then an inner template, whose
 * checkpoints kept the Text node's old length for the table after it.
 */
function staleFosterText({ context, treeBuilder, index, syncPoint }: SyncCandidate): boolean {
  const checkpoints = context.checkpoints;
  let touched: Set<Text> | null = null;
  for (let later = index; later < checkpoints.length; later++) {
    const text = checkpoints[later].fosterText;
    if (text === null || text === syncPoint.fosterText) continue;
    if (touched === null) {
      touched = new Set(context.restoredTexts);
      for (const span of context.regionSpans) for (const mutation of logOf(span) ?? []) if (mutation.kind === MutationKind.AppendText) touched.add(mutation.child as Text);
      const live = liveNodesOf(treeBuilder);
      // Handled by adjustLaterCheckpoints (remap.ts): the live nodes' last Text children at P.
      for (let at = 0; at < live.length && at < syncPoint.live.length; at++) {
        const last = lastTextChild(live[at]);
        if (last !== null && syncPoint.lastTextLengths[at] >= 0) touched.delete(last);
      }
    }
    if (touched.has(text)) return true;
  }
  return false;
}

/** The edit changed the attributes of a paired element while a select is open: the selectedness of its options reads them. */
function selectOpen({ treeBuilder, syncPoint, pairing }: SyncCandidate): boolean {
  return pairing.reattributed.size > 0 && (treeBuilder.selects !== null || syncPoint.selectsActive);
}

/** The edit changed the attributes of a paired element, and the Noah's Ark clause compared attributes of elements of its name at or after P (see Span.ark). */
function noahsArkCompared({ context, index, pairing }: SyncCandidate): boolean {
  for (const element of pairing.reattributed) if (context.lastArkOf(element.name) >= index) return true;
  return false;
}

/** An option popped at or after P mirrored into a selectedcontent, which depends on the whole select (`MutationKind.Mirror`). */
function optionMirroredAfter({ context, index }: SyncCandidate): boolean {
  const checkpoints = context.checkpoints;
  for (let k = index; k < checkpoints.length; k++) for (const mutation of logOf(checkpoints[k].span) ?? []) if (mutation.kind === MutationKind.Mirror) return true;
  return false;
}

/**
 * The logs after P name a node the old region made that does not live on
 * (is paired with no counterpart): they cannot be replayed on the new tree.
 * (The Text nodes text was appended to are found by place, not named.)
 */
function logNamesUnpairedNode({ context, index, syncPoint, pairing }: SyncCandidate): boolean {
  const limit = syncPoint.span.order;
  const regionOrder = context.restoreOrder;
  const fits = (node: Node | null): boolean => {
    if (node === null) return true;
    const order = node.span.order;
    return order < regionOrder || order >= limit || pairing.oldToNew.has(node);
  };
  const checkpoints = context.checkpoints;
  for (let k = index; k < checkpoints.length; k++) {
    for (const mutation of logOf(checkpoints[k].span) ?? []) {
      if (!fits(mutation.before)) return true;
      if (mutation.kind === MutationKind.AppendText) {
        if (mutation.before === null && !fits(mutation.parent)) return true;
      } else if (!fits(mutation.parent) || !fits(mutation.child)) return true;
    }
  }
  return false;
}

/** The refusal reasons, in the order they are asked. ARCHITECTURE.md lists them. */
export const SYNC_REFUSALS = [
  { reason: 'template-for-after', refuses: templateForAfter },
  { reason: 'near-window-end', refuses: nearWindowEnd },
  { reason: 'not-a-checkpoint-boundary', refuses: notACheckpointBoundary },
  { reason: 'outer-foster-table', refuses: outerFosterTable },
  { reason: 'state-differs', refuses: stateDiffers },
  { reason: 'open-elements-differ', refuses: openElementsDiffer },
  { reason: 'template-for-open', refuses: templateForOpen },
  { reason: 'formatting-elements-differ', refuses: formattingElementsDiffer },
  { reason: 'head-or-form-differs', refuses: headOrFormDiffers },
  { reason: 'live-nodes-differ', refuses: liveNodesDiffer },
  { reason: 'foster-table-differs', refuses: fosterTableDiffers },
  { reason: 'foster-text-differs', refuses: fosterTextDiffers },
  { reason: 'stale-foster-text', refuses: staleFosterText },
  { reason: 'select-open', refuses: selectOpen },
  { reason: 'noahs-ark-compared', refuses: noahsArkCompared },
  { reason: 'option-mirrored-after', refuses: optionMirroredAfter },
  { reason: 'log-names-unpaired-node', refuses: logNamesUnpairedNode },
] as const;

/** The first reason that refuses to sync at `candidate`, or null: then the old tree after P is reused. */
export function refusalAt(candidate: SyncCandidate): RefusalReason | null {
  for (const refusal of SYNC_REFUSALS) if (refusal.refuses(candidate)) return refusal.reason;
  return null;
}

function sameArray<T>(x: readonly T[], y: readonly T[]): boolean {
  if (x.length !== y.length) return false;
  for (let index = 0; index < x.length; index++) if (x[index] !== y[index]) return false;
  return true;
}
