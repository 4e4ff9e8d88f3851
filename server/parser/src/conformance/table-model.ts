/**
 * Table model errors: https://html.spec.whatwg.org/multipage/tables.html#table-model-error
 *
 * The forming of a table (https://html.spec.whatwg.org/multipage/tables.html#forming-a-table) run on a table's
 * rows and cells, for what makes a table model error: "If there exists a row or column in the table containing only
 * slots that do not have a cell anchored to them, then this is a table model error", and a cell that covers a slot
 * another cell covers already ("there is a table model error" when cells overlap). Rows and columns are told with
 * the cell whose rowspan or colspan made them (a row a tr makes with no cell is left alone: an empty row).
 *
 * The findings are on the table's start tag, with the cell as their related location, so that a re-check makes them
 * again from the table whenever it meets the table.
 */
import { getAttribute, type ElementShape } from '../attributes/tree-shape';
import { ConformanceCode } from './conformance-codes';
import type { Reporter } from './conditional-rules';

/** A cell's colspan: a non-negative integer, 0 read as 1, at most 1000 (#attr-tdth-colspan). */
function colspanOf(cell: ElementShape): number {
  const n = nonNegativeInteger(getAttribute(cell, 'colspan')?.value);
  return n === null || n === 0 ? 1 : Math.min(n, 1000);
}

/** A cell's rowspan: a non-negative integer, at most 65534; 0 means to the end of the row group (#attr-tdth-rowspan). */
function rowspanOf(cell: ElementShape): number {
  const n = nonNegativeInteger(getAttribute(cell, 'rowspan')?.value);
  return n === null ? 1 : Math.min(n, 65534);
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-negative-integers (its value, or null). */
function nonNegativeInteger(value: string | undefined): number | null {
  if (value === undefined) return null;
  const m = /^[\t\n\f\r ]*\+?([0-9]+)/.exec(value);
  return m === null ? null : Number(m[1]);
}

function html(node: ElementShape['children'][number], name?: string): node is ElementShape {
  return node.kind === 'element' && (node as ElementShape).namespace === 'html' && (name === undefined || (node as ElementShape).name === name);
}

export function checkTableModel(table: ElementShape, report: Reporter): void {
  /** Covered slots, per row: the columns covered. */
  const covered: Set<number>[] = [];
  /** Per column and per row: whether a cell is anchored there, and the cell that made it. */
  const columnAnchored: boolean[] = [];
  const columnMadeBy: (ElementShape | null)[] = [];
  const rowAnchored: boolean[] = [];
  const rowMadeBy: (ElementShape | null)[] = [];
  let width = 0;
  let height = 0;
  let overlap: ElementShape | null = null;

  const cover = (x: number, y: number, cell: ElementShape): void => {
    let row = covered[y];
    if (row === undefined) covered[y] = row = new Set();
    if (row.has(x)) overlap ??= cell;
    else row.add(x);
  };

  /** Processes a row group's rows (a tbody, thead or tfoot; or a tr alone) from row `start`. */
  const rowGroup = (rows: readonly ElementShape[]): void => {
    const groupStart = height;
    let y = height;
    /** Cells whose rowspan is 0: they grow to the end of the group. */
    const growing: { x: number; y: number; colspan: number; cell: ElementShape }[] = [];
    for (const tr of rows) {
      if (height === y) {
        height++;
        rowAnchored[y] = false;
        rowMadeBy[y] = null;
      }
      let x = 0;
      for (const c of tr.children) {
        if (!html(c) || (c.name !== 'td' && c.name !== 'th')) continue;
        const cell = c;
        while (covered[y]?.has(x)) x++;
        if (x === width) {
          // Step: "If xcurrent is equal to xwidth, increase xwidth by 1."
        }
        const colspan = colspanOf(cell);
        let rowspan = rowspanOf(cell);
        const grows = rowspan === 0;
        if (grows) rowspan = 1;
        for (let k = width; k < x + colspan; k++) {
          columnAnchored[k] = false;
          columnMadeBy[k] = cell;
        }
        if (width < x + colspan) width = x + colspan;
        for (let k = height; k < y + rowspan; k++) {
          rowAnchored[k] = false;
          rowMadeBy[k] = cell;
        }
        if (height < y + rowspan) height = y + rowspan;
        columnAnchored[x] = true;
        rowAnchored[y] = true;
        for (let dy = 0; dy < rowspan; dy++) for (let dx = 0; dx < colspan; dx++) cover(x + dx, y + dy, cell);
        if (grows) growing.push({ x, y, colspan, cell });
        x += colspan;
      }
      y++;
    }
    // Ending a row group: cells with rowspan 0 grow to its last row.
    for (const g of growing) for (let yy = g.y + 1; yy < height; yy++) for (let dx = 0; dx < g.colspan; dx++) cover(g.x + dx, yy, g.cell);
    void groupStart;
  };

  for (const child of table.children) {
    if (!html(child)) continue;
    if (child.name === 'tbody' || child.name === 'thead' || child.name === 'tfoot') {
      rowGroup(child.children.filter((c): c is ElementShape => html(c, 'tr')));
    } else if (child.name === 'tr') rowGroup([child]);
  }

  const related = (cell: ElementShape | null, message: string) => {
    const tag = cell?.startTag;
    return tag === null || tag === undefined ? undefined : [{ start: tag.start, end: tag.end, message }];
  };
  // Columns without an anchored cell, in runs made by the same cell.
  for (let x = 0; x < width; ) {
    if (columnAnchored[x]) {
      x++;
      continue;
    }
    let end = x + 1;
    while (end < width && !columnAnchored[end] && columnMadeBy[end] === columnMadeBy[x]) end++;
    const cell = columnMadeBy[x];
    const what = end - x === 1 ? `Column ${x + 1}` : `Columns ${x + 1} to ${end}`;
    report(
      ConformanceCode.TableModelError,
      table.startTag!,
      `${what} of this table ${end - x === 1 ? 'has' : 'have'} no cell that begins in ${end - x === 1 ? 'it' : 'them'}${cell !== null ? ` (made by the colspan of a <${cell.name}>)` : ''}: every column must have a cell anchored in it`,
      undefined,
      related(cell, 'The cell whose colspan makes the columns'),
    );
    x = end;
  }
  for (let y = 0; y < height; y++) {
    if (rowAnchored[y] || rowMadeBy[y] === null) continue;
    const cell = rowMadeBy[y];
    report(ConformanceCode.TableModelError, table.startTag!, `Row ${y + 1} of this table has no cell that begins in it (made by the rowspan of a <${cell!.name}>): every row must have a cell anchored in it`, undefined, related(cell, 'The cell whose rowspan makes the row'));
  }
  const overlapping = overlap as ElementShape | null;
  if (overlapping !== null) {
    report(ConformanceCode.TableModelError, table.startTag!, `Cells of this table overlap (a <${overlapping.name}> covers a slot another cell covers): cells must not overlap`, undefined, related(overlapping, 'The overlapping cell'));
  }
}
