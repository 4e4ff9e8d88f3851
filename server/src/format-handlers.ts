/**
 * `textDocument/formatting` and `textDocument/rangeFormatting`: the parser
 * package's formatter (formatHtml, docs/formatting.md) on the parse the
 * server holds, with the editor's `tabSize`/`insertSpaces` and the `format`
 * section of the workspace's tagtree.json. The formatter checks its own
 * result against that parse (a second parse of the formatted text) before it
 * returns an edit; regions it had to leave as written are logged. Edits
 * less than JOIN_GAP characters apart are sent as one (the text between
 * them unchanged): a 7 MB page's 73,739 edits become about 25,000, half the
 * JSON, which the server writes and the editor reads.
 */
import type { DocumentFormattingParams, DocumentRangeFormattingParams, TextEdit } from 'vscode-languageserver';
import { formatHtml, type Document, type FormatEdit, type ParseError } from '@tagtree/parser';
import { formatOptionsOf } from './lint/format-config';
import type { ServerContext } from './server-context';
import { uriOf } from './guards';

/** Edits at most this many characters apart are joined into one. */
export const JOIN_GAP = 64;

/** Joins the sorted edits of `text` that are at most JOIN_GAP apart: the text between them is kept in the joined edit's new text. */
export function joinNearbyEdits(text: string, edits: readonly FormatEdit[]): FormatEdit[] {
  const out: FormatEdit[] = [];
  let i = 0;
  while (i < edits.length) {
    const first = edits[i];
    let j = i + 1;
    while (j < edits.length && edits[j].start - edits[j - 1].end <= JOIN_GAP) j++;
    if (j === i + 1) out.push(first);
    else {
      const parts: string[] = [first.newText];
      for (let k = i + 1; k < j; k++) parts.push(text.slice(edits[k - 1].end, edits[k].start), edits[k].newText);
      out.push({ start: first.start, end: edits[j - 1].end, newText: parts.join('') });
    }
    i = j;
  }
  return out;
}

/** The edits that format the document at `uri` (only the lines of `range` when given), or null when the server does not hold it. */
function formattingEdits(ctx: ServerContext, uri: string | undefined, editor: unknown, range: { start: unknown; end: unknown } | null): TextEdit[] | null {
  if (uri === undefined) return null;
  const p = ctx.parsed(uri);
  if (p === undefined) return null;
  const text = p.parse.text.toString();
  const options = formatOptionsOf(ctx.formatConfigFor(uri), (editor ?? undefined) as { tabSize?: unknown; insertSpaces?: unknown } | undefined, p.parse.options.scripting);
  if (range !== null) {
    options.range = { start: p.positions.offset(range.start as never), end: p.positions.offset(range.end as never) };
  }
  // The server's parse of this very text is the formatter's first parse (it is read, not changed).
  const parsed = p.parse.document === null ? undefined : { document: p.parse.document as unknown as Document, errors: p.parse.errors as ParseError[] };
  const result = formatHtml(text, options, parsed);
  if (result.keptAsWritten.length > 0) {
    const where = result.keptAsWritten.map((k) => `${p.positions.position(k.start).line + 1}-${p.positions.position(k.end).line + 1} (${k.reason})`);
    ctx.info(`format ${uri}: left as written, where formatting would have changed the page: lines ${where.join(', ')}`);
  }
  return joinNearbyEdits(text, result.edits).map((e) => ({ range: p.positions.range(e.start, e.end), newText: e.newText }));
}

export function registerFormatting(ctx: ServerContext): void {
  const { connection, guard } = ctx;
  connection.onDocumentFormatting(
    guard('textDocument/formatting', null as TextEdit[] | null, (params: DocumentFormattingParams) => formattingEdits(ctx, uriOf(params), params?.options, null)),
  );
  connection.onDocumentRangeFormatting(
    guard('textDocument/rangeFormatting', null as TextEdit[] | null, (params: DocumentRangeFormattingParams) => {
      const range = params?.range;
      if (range === null || typeof range !== 'object') return null;
      return formattingEdits(ctx, uriOf(params), params?.options, range);
    }),
  );
}
