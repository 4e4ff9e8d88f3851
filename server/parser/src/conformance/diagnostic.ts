/**
 * One finding of the conformance checks, and the stretch of findings a
 * re-check replaces: the types findings.ts keeps and the re-check's region
 * (recheck-region.ts) names, apart so that neither imports the other.
 */
import type { ConformanceCode, ConformanceSeverity } from './conformance-codes';

/** One finding of the conformance checks (check-conformance.ts). */
export interface ConformanceDiagnostic {
  code: ConformanceCode;
  severity: ConformanceSeverity;
  /** UTF-16 offsets into the parsed text, `end` exclusive: the offending start tag, attribute or text. */
  start: number;
  end: number;
  message: string;
  /** Other places that explain this one (the parent, the first main). */
  related?: { start: number; end: number; message: string }[];
  /** The spec's statement of the rule. */
  href: string;
}

/**
 * A stretch of findings a re-check replaces: those starting in [start, end) (with `which`: only some of them; it is
 * given a finding as stored, its positions less its chunk's delta, so it reads no position).
 */
export interface Replaced {
  readonly start: number;
  readonly end: number;
  readonly which: (d: ConformanceDiagnostic) => boolean;
}
