/**
 * The one layer between offsets and the protocol. Feature functions work in
 * UTF-16 offsets into the document's text; this module turns their plain data
 * into LSP positions, ranges and result types, and LSP positions back into
 * offsets. No other module builds a `Position`.
 *
 * Invariant: every conversion uses the line offsets of the text the offsets
 * refer to: `Positions` reads the immutable text snapshot the parse was made
 * from (document-text.ts), which also keeps the lines.
 */
import {
  CodeActionKind,
  CompletionItemKind,
  DiagnosticSeverity,
  DocumentHighlightKind,
  FoldingRangeKind,
  MarkupKind,
  SymbolKind,
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type DocumentHighlight,
  type DocumentLink,
  type DocumentSymbol,
  type FoldingRange,
  type Hover,
  type LinkedEditingRanges,
  type Location,
  type SelectionRange,
  type SymbolInformation,
  type DiagnosticRelatedInformation,
  type Position,
  type Range,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { DocumentText } from './document-text';
import type { SourceRange } from './dom';
import type { CompletionData } from './features/attribute-completion';
import type { FixEdit, QuickFix } from './features/diagnostic-data';
import type { LinkData } from './features/document-links';
import type { FoldData } from './features/folding';
import type { HoverData } from './features/hover';
import type { SymbolData } from './features/symbols';
import type { DiagnosticData } from './features/diagnostic-data';
import type { Severity } from './settings';

/**
 * Offsets to positions and back, over the chunked text of the store
 * (document-text.ts): a lookup is two binary searches, and nothing is
 * rebuilt per change.
 */
export class Positions {
  constructor(private readonly text: DocumentText) {}

  get textLength(): number {
    return this.text.length;
  }

  position(offset: number): Position {
    return this.text.positionAt(offset);
  }

  range(start: number, end: number): Range {
    return { start: this.text.positionAt(start), end: this.text.positionAt(end) };
  }

  /** The offset of a client position; lines and characters out of range clamp to the text. */
  offset(position: Position | null | undefined): number {
    if (position === null || typeof position !== 'object') return 0;
    const line = Number(position.line);
    const character = Number(position.character);
    if (Number.isNaN(line) || Number.isNaN(character)) return 0;
    const clamp = (n: number) => Math.max(0, Math.min(0x7fffffff, Math.floor(n === Infinity ? 0x7fffffff : n)));
    return this.text.offsetAt({ line: clamp(line), character: clamp(character) });
  }

  /** The line (0-based) of an offset: no allocation (folding asks for many). */
  line(offset: number): number {
    return this.text.lineAt(offset);
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

/** Edits of one document as a workspace edit: versioned `documentChanges` when the client takes them. */
export function toWorkspaceEdit(positions: Positions, uri: string, version: number, edits: readonly FixEdit[], useDocumentChanges: boolean): WorkspaceEdit {
  const textEdits: TextEdit[] = edits.map((e) => ({ range: positions.range(e.start, e.end), newText: e.newText }));
  return useDocumentChanges ? { documentChanges: [{ textDocument: { uri, version }, edits: textEdits }] } : { changes: { [uri]: textEdits } };
}

export function toCodeAction(
  positions: Positions,
  uri: string,
  version: number,
  fix: QuickFix,
  useDocumentChanges: boolean,
): CodeAction {
  const edit = toWorkspaceEdit(positions, uri, version, fix.edits, useDocumentChanges);
  return {
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [toDiagnostic(positions, uri, fix.diagnostic)],
    isPreferred: fix.preferred,
    edit,
  };
}

// --- Tree features --------------------------------------------------------------------------

/** `line:column`, 1-based, for messages. */
export function whereLabel(positions: Positions): (offset: number) => string {
  return (offset) => {
    const p = positions.position(offset);
    return `${p.line + 1}:${p.character + 1}`;
  };
}

/** Hierarchical symbols, converted without recursion. */
export function toDocumentSymbols(positions: Positions, symbols: readonly SymbolData[]): DocumentSymbol[] {
  const convert = (s: SymbolData): DocumentSymbol => {
    const symbol: DocumentSymbol = {
      name: s.name,
      kind: SymbolKind.Field,
      range: positions.range(s.start, s.end),
      selectionRange: positions.range(s.selectionStart, s.selectionEnd),
      children: [],
    };
    if (s.detail !== '') symbol.detail = s.detail;
    return symbol;
  };
  const top = symbols.map(convert);
  const stack: { data: readonly SymbolData[]; out: DocumentSymbol[] }[] = [{ data: symbols, out: top }];
  while (stack.length > 0) {
    const { data, out } = stack.pop()!;
    for (let i = 0; i < data.length; i++) {
      const children = data[i].children;
      if (children.length === 0) {
        delete out[i].children;
        continue;
      }
      const converted = children.map(convert);
      out[i].children = converted;
      stack.push({ data: children, out: converted });
    }
  }
  return top;
}

/** Flat symbols for clients without hierarchical support. */
export function toSymbolInformation(positions: Positions, uri: string, symbols: readonly SymbolData[]): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  const stack: { s: SymbolData; container: string | undefined }[] = [];
  for (let i = symbols.length - 1; i >= 0; i--) stack.push({ s: symbols[i], container: undefined });
  while (stack.length > 0) {
    const { s, container } = stack.pop()!;
    const info: SymbolInformation = { name: s.name, kind: SymbolKind.Field, location: { uri, range: positions.range(s.start, s.end) } };
    if (container !== undefined) info.containerName = container;
    out.push(info);
    for (let i = s.children.length - 1; i >= 0; i--) stack.push({ s: s.children[i], container: s.name });
  }
  return out;
}

export function toFoldingRanges(folds: readonly FoldData[]): FoldingRange[] {
  return folds.map((f) => {
    const r: FoldingRange = { startLine: f.startLine, endLine: f.endLine };
    if (f.kind === 'comment') r.kind = FoldingRangeKind.Comment;
    else if (f.kind === 'region') r.kind = FoldingRangeKind.Region;
    return r;
  });
}

/** A selection chain (innermost first) as nested SelectionRanges. */
export function toSelectionRange(positions: Positions, chain: readonly SourceRange[]): SelectionRange {
  let parent: SelectionRange | undefined;
  for (let i = chain.length - 1; i >= 0; i--) {
    const r: SelectionRange = { range: positions.range(chain[i].start, chain[i].end) };
    if (parent !== undefined) r.parent = parent;
    parent = r;
  }
  return parent ?? { range: positions.range(0, 0) };
}

export function toHover(positions: Positions, hover: HoverData, markdown: boolean): Hover {
  return {
    contents: markdown ? { kind: MarkupKind.Markdown, value: hover.markdown } : { kind: MarkupKind.PlainText, value: hover.markdown.replace(/`/g, '') },
    range: positions.range(hover.start, hover.end),
  };
}

export function toHighlights(positions: Positions, ranges: readonly SourceRange[]): DocumentHighlight[] {
  return ranges.map((r) => ({ range: positions.range(r.start, r.end), kind: DocumentHighlightKind.Text }));
}

export function toLinkedEditingRanges(positions: Positions, ranges: readonly SourceRange[], wordPattern: string): LinkedEditingRanges {
  return { ranges: ranges.map((r) => positions.range(r.start, r.end)), wordPattern };
}

/** Definition targets as locations in the same document. */
export function toLocations(positions: Positions, uri: string, targets: readonly SourceRange[]): Location[] {
  return targets.map((t) => ({ uri, range: positions.range(t.start, t.end) }));
}

/** Keyword completions, each replacing its range; the list is complete. */
const COMPLETION_KIND: Record<NonNullable<CompletionData['kind']>, CompletionItemKind> = {
  value: CompletionItemKind.EnumMember,
  element: CompletionItemKind.Property,
  'end-tag': CompletionItemKind.Property,
  attribute: CompletionItemKind.Field,
};

export function toCompletionList(positions: Positions, items: readonly CompletionData[], markdown: boolean): CompletionList {
  return {
    isIncomplete: false,
    items: items.map(
      (c, i): CompletionItem => {
        const item: CompletionItem = {
          label: c.label,
          kind: COMPLETION_KIND[c.kind ?? 'value'],
          detail: c.detail,
          documentation: markdown ? { kind: MarkupKind.Markdown, value: c.documentation } : c.documentation.replace(/`/g, ''),
          sortText: c.sortText ?? String(i).padStart(4, '0'),
          textEdit: { range: positions.range(c.start, c.end), newText: c.newText ?? c.label },
        };
        if (c.filterText !== undefined) item.filterText = c.filterText;
        return item;
      },
    ),
  };
}

// --- Links and rename -----------------------------------------------------------------------

export function toDocumentLinks(positions: Positions, links: readonly LinkData[]): DocumentLink[] {
  return links.map((l) => ({ range: positions.range(l.start, l.end), target: l.target }));
}

/** The answer to `textDocument/prepareRename`: the name under the cursor and what the client shows to edit. */
export function toPrepareRename(positions: Positions, start: number, end: number, placeholder: string): { range: Range; placeholder: string } {
  return { range: positions.range(start, end), placeholder };
}
