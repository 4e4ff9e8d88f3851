/**
 * Request handlers for the features that read the tree and the errors:
 * outline, folding, selection ranges, highlights, linked editing, hover and
 * quick fixes. Each handler looks up the current parse, calls a feature
 * function (offsets in, plain data out) and converts through convert.ts.
 */
import type { CodeAction, CodeActionParams, DocumentHighlight, DocumentSymbol, FoldingRange, Hover, LinkedEditingRanges, SelectionRange } from 'vscode-languageserver';
import { toCodeAction } from './convert';
import { quickFixes } from './features/code-actions';
import { computeDiagnostics } from './features/diagnostics';
import type { ServerContext } from './server';

export function registerStructureFeatures(ctx: ServerContext): void {
  const { connection, guard } = ctx;

  connection.onDocumentSymbol(guard('textDocument/documentSymbol', [] as DocumentSymbol[], () => []));
  connection.onFoldingRanges(guard('textDocument/foldingRange', [] as FoldingRange[], () => []));
  connection.onSelectionRanges(guard('textDocument/selectionRange', [] as SelectionRange[], () => []));
  connection.onDocumentHighlight(guard('textDocument/documentHighlight', [] as DocumentHighlight[], () => []));
  connection.languages.onLinkedEditingRange(guard('textDocument/linkedEditingRange', null as LinkedEditingRanges | null, () => null));
  connection.onHover(guard('textDocument/hover', null as Hover | null, () => null));

  connection.onCodeAction(
    guard('textDocument/codeAction', [] as CodeAction[], (params: CodeActionParams) => {
      const p = ctx.parsed(params?.textDocument?.uri);
      if (p === undefined) return [];
      const only = params.context?.only;
      if (Array.isArray(only) && only.length > 0 && !only.some((k) => k === '' || k === 'quickfix')) return [];
      const start = p.positions.offset(params.range?.start);
      const end = p.positions.offset(params.range?.end);
      // Fixes follow the server's own diagnostics for the current text, not the client's copy.
      const diagnostics = computeDiagnostics(p.parse, { ...ctx.settings(), diagnostics: { ...ctx.settings().diagnostics, enable: true } });
      const fixes = quickFixes(p.parse, diagnostics, Math.min(start, end), Math.max(start, end));
      const documentChanges = ctx.clientCapabilities().workspace?.workspaceEdit?.documentChanges === true;
      return fixes.map((f) => toCodeAction(p.positions, p.doc.uri, p.doc.textDocument.version, f, documentChanges));
    }),
  );
}
