/**
 * The features at the protocol boundary, on the fixtures in
 * test-fixtures/lsp/: for each `NAME.html`, one real server process answers
 * diagnostics, the outline, folding, and at each `$0` cursor selection
 * ranges, highlights, linked editing and hover, and go-to-definition and
 * completion where they give something (a cursor on an attribute reference,
 * on a tag or attribute name, or in an enumerated attribute's value); then
 * the quick fixes for every diagnostic. The rendering is compared with the reviewed `NAME.snap`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type {
  CodeAction,
  CompletionList,
  Diagnostic,
  DocumentHighlight,
  DocumentSymbol,
  FoldingRange,
  Hover,
  LinkedEditingRanges,
  Location,
  MarkupContent,
  Position,
  Range,
  SelectionRange,
  TextEdit,
} from 'vscode-languageserver-protocol';
import { LspClient, ROOT } from './support/lsp-client';
import { matchSnapshot, readFixture } from './support/snapshots';
import { lineStarts, offsetAt } from '../parser/out-test/support/text-model';

const FIXTURES = join(ROOT, 'test-fixtures', 'lsp');
const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];
/** How many completion items a snapshot shows. */
const COMPLETION_SHOWN = 12;

/** Renders text for a snapshot: one line, control characters visible. */
function show(s: string, max = 60): string {
  const escaped = JSON.stringify(s.length > max ? s.slice(0, max) : s).slice(1, -1);
  return s.length > max ? `${escaped}…` : escaped;
}

class Renderer {
  private readonly starts: number[];

  constructor(private readonly text: string) {
    this.starts = lineStarts(text);
  }

  offset(p: Position): number {
    return offsetAt(this.text, this.starts, p);
  }

  /** `line:col-line:col` (1-based) and the source slice. */
  range(r: Range): string {
    const slice = this.text.slice(this.offset(r.start), this.offset(r.end));
    return `${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1} «${show(slice)}»`;
  }

  position(p: Position): string {
    return `${p.line + 1}:${p.character + 1}`;
  }

  diagnostics(list: Diagnostic[]): string[] {
    if (list.length === 0) return ['(none)'];
    const out: string[] = [];
    for (const d of list) {
      out.push(`${this.range(d.range)} ${SEVERITY[d.severity ?? 0]} ${String(d.code)} [${d.source}]`);
      out.push(`    ${d.message}`);
      out.push(`    ${d.codeDescription?.href}`);
      for (const r of d.relatedInformation ?? []) out.push(`    related ${this.range(r.location.range)}: ${r.message}`);
    }
    return out;
  }

  symbols(list: DocumentSymbol[]): string[] {
    if (list.length === 0) return ['(none)'];
    const out: string[] = [];
    const stack: { s: DocumentSymbol; depth: number }[] = [];
    for (let i = list.length - 1; i >= 0; i--) stack.push({ s: list[i], depth: 0 });
    while (stack.length > 0) {
      const { s, depth } = stack.pop()!;
      const r = s.range;
      out.push(`${'  '.repeat(depth)}${s.name}${s.detail ? ` ${s.detail}` : ''}  ${this.position(r.start)}-${this.position(r.end)} sel ${this.range(s.selectionRange)}`);
      const children = s.children ?? [];
      for (let i = children.length - 1; i >= 0; i--) stack.push({ s: children[i], depth: depth + 1 });
    }
    return out;
  }

  folding(list: FoldingRange[]): string[] {
    if (list.length === 0) return ['(none)'];
    const lines = this.text.split(/\r\n|\r|\n/);
    return list.map((f) => `${f.startLine + 1}-${f.endLine + 1}${f.kind ? ` ${f.kind}` : ''}  «${show(lines[f.startLine] ?? '', 40)}» … «${show(lines[f.endLine] ?? '', 40)}»`);
  }

  selection(s: SelectionRange | undefined): string[] {
    const out: string[] = [];
    for (let r = s; r !== undefined; r = r.parent) out.push(`  ${this.range(r.range)}`);
    return out.length > 0 ? out : ['  (none)'];
  }

  /** The text after applying an action's edits, shown as the lines that changed. */
  action(a: CodeAction, uri: string): string[] {
    let edits: TextEdit[] = [];
    if (a.edit?.changes) edits = a.edit.changes[uri] ?? [];
    else if (a.edit?.documentChanges) for (const c of a.edit.documentChanges) if ('edits' in c) edits.push(...(c.edits as TextEdit[]));
    const sorted = edits.map((e) => ({ s: this.offset(e.range.start), e: this.offset(e.range.end), t: e.newText })).sort((x, y) => y.s - x.s);
    let text = this.text;
    for (const e of sorted) text = text.slice(0, e.s) + e.t + text.slice(e.e);
    const before = this.text.split(/\r\n|\r|\n/);
    const after = text.split(/\r\n|\r|\n/);
    const changed: string[] = [];
    let i = 0;
    while (i < before.length && i < after.length && before[i] === after[i]) i++;
    let j = 0;
    while (j < before.length - i && j < after.length - i && before[before.length - 1 - j] === after[after.length - 1 - j]) j++;
    for (let k = i; k < after.length - j; k++) changed.push(`      ${k + 1}: ${show(after[k], 100)}`);
    return [`  ${a.isPreferred ? '*' : '-'} ${a.title} (${a.kind})`, ...(changed.length > 0 ? changed : ['      (no change)'])];
  }
}

describe('tagtree-lsp: features on fixtures (snapshots)', function () {
  this.timeout(60_000);
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({
      capabilities: {
        textDocument: {
          publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true },
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          foldingRange: { lineFoldingOnly: true },
          hover: { contentFormat: ['markdown'] },
          completion: { completionItem: { documentationFormat: ['markdown'] } },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
        },
        workspace: { configuration: true, workspaceEdit: { documentChanges: true } },
      },
    });
  });
  after(async () => {
    await client?.stop();
  });

  const names = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.html') && !f.startsWith('nvim-'))
    .sort();
  for (const name of names) {
    it(name, async () => {
      const { text, cursors } = readFixture(join(FIXTURES, name));
      const uri = `file:///fixtures/${name}`;
      const td = { uri };
      const r = new Renderer(text);
      const published = await client.open(uri, text, 'html', 1);
      const out: string[] = [`# ${name}`, '', '## diagnostics', ...r.diagnostics(published.diagnostics)];

      const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: td });
      out.push('', '## outline', ...r.symbols(symbols));
      const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: td });
      out.push('', '## folding', ...r.folding(folds));

      const starts = lineStarts(text);
      for (let c = 0; c < cursors.length; c++) {
        const offset = cursors[c];
        let line = 0;
        while (line + 1 < starts.length && starts[line + 1] <= offset) line++;
        const position: Position = { line, character: offset - starts[line] };
        out.push('', `## cursor ${c + 1} at ${r.position(position)} «${show(text.slice(Math.max(0, offset - 12), offset))}|${show(text.slice(offset, offset + 12))}»`);
        const [selection] = await client.request<SelectionRange[]>('textDocument/selectionRange', { textDocument: td, positions: [position] });
        out.push('selection:', ...r.selection(selection));
        const highlights = await client.request<DocumentHighlight[]>('textDocument/documentHighlight', { textDocument: td, position });
        out.push(`highlight: ${highlights.length === 0 ? '(none)' : highlights.map((h) => r.range(h.range)).join(', ')}`);
        const linked = await client.request<LinkedEditingRanges | null>('textDocument/linkedEditingRange', { textDocument: td, position });
        out.push(`linked editing: ${linked === null ? '(none)' : `${linked.ranges.map((x) => r.range(x)).join(', ')} /${linked.wordPattern}/`}`);
        const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: td, position });
        if (hover === null) out.push('hover: (none)');
        else out.push(`hover: ${hover.range ? r.range(hover.range) : ''}`, ...(hover.contents as MarkupContent).value.split('\n').map((l) => `  | ${l}`));
        // Shown only when there is one, so that cursors elsewhere keep their snapshots.
        const definition = await client.request<Location[] | null>('textDocument/definition', { textDocument: td, position });
        if (definition !== null && definition.length > 0) out.push(`definition: ${definition.map((l) => `${l.uri === uri ? '' : l.uri}${r.range(l.range)}`).join(', ')}`);
        const completion = await client.request<CompletionList | null>('textDocument/completion', { textDocument: td, position });
        if (completion !== null && completion.items.length > 0) {
          // In the order the client sorts them; long lists (tag and attribute names) cut after the first few.
          const items = [...completion.items].sort((a, b) => ((a.sortText ?? a.label) < (b.sortText ?? b.label) ? -1 : (a.sortText ?? a.label) > (b.sortText ?? b.label) ? 1 : 0));
          out.push(`completion:${items.length > COMPLETION_SHOWN ? ` (the first ${COMPLETION_SHOWN} of ${items.length})` : ''}`);
          for (const item of items.slice(0, COMPLETION_SHOWN)) {
            const edit = item.textEdit && 'range' in item.textEdit ? ` replaces ${r.range(item.textEdit.range)}${item.textEdit.newText !== item.label ? ` with «${show(item.textEdit.newText)}»` : ''}` : '';
            out.push(`  ${item.label} — ${item.detail ?? ''}${edit}`);
          }
        }
      }

      const actions: string[] = [];
      for (const d of published.diagnostics) {
        const list = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: td, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } });
        const mine = list.filter((a) => a.diagnostics?.some((x) => x.code === d.code && x.range.start.line === d.range.start.line && x.range.start.character === d.range.start.character));
        if (mine.length === 0) continue;
        actions.push(`${String(d.code)} at ${r.range(d.range)}`);
        for (const a of mine) actions.push(...r.action(a, uri));
      }
      out.push('', '## quick fixes', ...(actions.length > 0 ? actions : ['(none)']));
      await client.close(uri);
      matchSnapshot(join(FIXTURES, name.replace(/\.html$/, '.snap')), `${out.join('\n')}\n`);
    });
  }
});
