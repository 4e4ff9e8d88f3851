/**
 * The shapes the diagnostic features hand the server, in offsets (convert.ts
 * turns them into LSP diagnostics and code actions): a diagnostic of any
 * kind (parse error, attribute check, conformance) and a quick fix for one.
 */
import type { Severity } from '../settings';

export interface DiagnosticData {
  code: string;
  message: string;
  severity: Severity;
  start: number;
  end: number;
  /** The spec's definition of the error, or the rule that raises it. */
  href: string;
  related: { start: number; end: number; message: string }[];
}

export interface FixEdit {
  start: number;
  end: number;
  newText: string;
}

export interface QuickFix {
  title: string;
  diagnostic: DiagnosticData;
  edits: FixEdit[];
  preferred: boolean;
}
