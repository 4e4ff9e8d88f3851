/**
 * A reparse's explanation (`ReparseOptions.onExplain`) in words, as the
 * language server's trace and the benchmark print it.
 */
import type { RefusalReason } from './sync-refusals';

/**
 * What an incremental reparse reparsed and reused, and why it went on past
 * each old checkpoint it could have synced at. Offsets are in the new text;
 * `regionStart` to `firstCandidate` is what any reparse of this edit reads
 * (from the checkpoint before the edit to the first one after it), and the
 * refusals' `bytes` add up to the rest of the region.
 */
export interface ReparseExplanation {
  /** Where the reparse started: the last checkpoint at or before the edit. */
  readonly regionStart: number;
  /** The first old checkpoint at or after the edit (or the region's end). */
  readonly firstCandidate: number;
  /** Where the reparse synced with the old parse, or the end of the text. */
  readonly regionEnd: number;
  readonly synced: boolean;
  /** What was reused: the characters after the region, the old checkpoints there, the old elements that took their new counterparts' places. */
  readonly reusedLength: number;
  readonly reusedCheckpoints: number;
  readonly pairedElements: number;
  /** Each old checkpoint the parse passed without syncing: where, why, and the characters that cost (to the next one, or to the region's end). */
  readonly refusals: readonly { readonly at: number; readonly reason: RefusalReason; readonly bytes: number }[];
  /** Runs started again on a longer window (the first ran out of text before syncing). */
  readonly windowRestarts: number;
}

/** The refusals of an explanation summed by reason, in the order first met: how many old checkpoints each passed, and the characters that cost. */
export function refusalTotals(explanation: ReparseExplanation): Map<RefusalReason, { count: number; bytes: number }> {
  const totals = new Map<RefusalReason, { count: number; bytes: number }>();
  for (const { reason, bytes } of explanation.refusals) {
    const total = totals.get(reason);
    if (total === undefined) totals.set(reason, { count: 1, bytes });
    else {
      total.count++;
      total.bytes += bytes;
    }
  }
  return totals;
}

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * One line: what was reparsed and reused, and why the reparse went on past
 * the first old checkpoint after the edit, e.g. "reparsed 8,400 characters
 * (2,048 to reach the checkpoint after the edit; went on 6,352: state-differs
 * ×2 6,300, no-token-ends-there ×1 52), synced at 10,448; reused 1,200,000
 * characters, 290 checkpoints, 1 element paired".
 */
export function describeExplanation(explanation: ReparseExplanation): string {
  const { regionStart, firstCandidate, regionEnd } = explanation;
  const wentOn = regionEnd - firstCandidate;
  const reasons = [...refusalTotals(explanation)].map(([reason, total]) => `${reason} ×${total.count} ${count(total.bytes)}`);
  let line = `reparsed ${count(regionEnd - regionStart)} characters from ${count(regionStart)} (${count(firstCandidate - regionStart)} to reach the checkpoint after the edit`;
  if (wentOn > 0 || reasons.length > 0) line += `; went on ${count(wentOn)}: ${reasons.length > 0 ? reasons.join(', ') : 'no old checkpoint after the edit'}`;
  line += ')';
  if (explanation.windowRestarts > 0) line += `, ${explanation.windowRestarts} window restart${explanation.windowRestarts === 1 ? '' : 's'}`;
  line += explanation.synced ? `, synced at ${count(regionEnd)}` : ', to the end of the text';
  line += `; reused ${count(explanation.reusedLength)} characters, ${count(explanation.reusedCheckpoints)} checkpoints, ${count(explanation.pairedElements)} element${explanation.pairedElements === 1 ? '' : 's'} paired`;
  return line;
}
