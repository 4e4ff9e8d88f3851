/**
 * One edit of the text, as the findings carried through edits read it (findings.ts, heading-levels.ts): a file of its
 * own so that both can read it without importing each other.
 */
export interface FindingsEdit {
  /** `deleteCount` code units at `start` replaced by `insertText`. */
  readonly start: number;
  readonly deleteCount: number;
  readonly insertText: string;
}
