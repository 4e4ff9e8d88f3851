/**
 * The one layer between offsets and the protocol. Feature functions work in
 * UTF-16 offsets into the document's text; this module turns their plain data
 * into LSP positions, ranges and result types, and LSP positions back into
 * offsets. No other module builds a `Position`.
 *
 * Invariant: every conversion uses the line offsets of the text the offsets
 * refer to (the parse is always of the document's current text, looked up in
 * the same tick).
 */
import {
  CodeActionKind,
  DiagnosticSeverity,
  type CodeAction,
  type Diagnostic,
  type DiagnosticRelatedInformation,
  type Position,
  type Range,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { QuickFix } from './features/code-actions';
import type { DiagnosticData } from './features/diagnostics';
import type { Severity } from './settings';

/** The text's line offsets, for converting many offsets. */
export class Positions {
  constructor(private readonly doc: TextDocument) {}

  get textLength(): number {
    return this.doc.getText().length;
  }

  position(offset: number): Position {
    return this.doc.positionAt(offset);
  }

  range(start: number, end: number): Range {
    return { start: this.doc.positionAt(start), end: this.doc.positionAt(end) };
  }

  /** The offset of a client position; lines and characters out of range clamp to the text. */
  offset(position: Position | null | undefined): number {
    if (position === null || typeof position !== 'object') return 0;
    const line = Number(position.line);
    const character = Number(position.character);
    if (Number.isNaN(line) || Number.isNaN(character)) return 0;
    const clamp = (n: number) => Math.max(0, Math.min(0x7fffffff, Math.floor(n === Infinity ? 0x7fffffff : n)));
    return this.doc.offsetAt({ line: clamp(line), character: clamp(character) });
  }

  /** The line (0-based) of an offset. */
  line(offset: number): number {
    return this.doc.positionAt(offset).line;
  }
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export const DIAGNOSTIC_SOURCE = 'tagtree';

export function toDiagnostic(positions: Positions, uri: string, d: DiagnosticData): Diagnostic {
  const diagnostic: Diagnostic = {
    range: positions.range(d.start, d.end),
    severity: SEVERITY[d.severity],
    code: d.code,
    codeDescription: { href: d.href },
    source: DIAGNOSTIC_SOURCE,
    message: d.message,
  };
  if (d.related.length > 0) {
    diagnostic.relatedInformation = d.related.map(
      (r): DiagnosticRelatedInformation => ({ location: { uri, range: positions.range(r.start, r.end) }, message: r.message }),
    );
  }
  return diagnostic;
}

export function toDiagnostics(positions: Positions, uri: string, data: readonly DiagnosticData[]): Diagnostic[] {
  return data.map((d) => toDiagnostic(positions, uri, d));
}

// --- Code actions ---------------------------------------------------------------------------

export function toCodeAction(
  positions: Positions,
  uri: string,
  version: number,
  fix: QuickFix,
  useDocumentChanges: boolean,
): CodeAction {
  const edits: TextEdit[] = fix.edits.map((e) => ({ range: positions.range(e.start, e.end), newText: e.newText }));
  const edit: WorkspaceEdit = useDocumentChanges ? { documentChanges: [{ textDocument: { uri, version }, edits }] } : { changes: { [uri]: edits } };
  return {
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [toDiagnostic(positions, uri, fix.diagnostic)],
    isPreferred: fix.preferred,
    edit,
  };
}
