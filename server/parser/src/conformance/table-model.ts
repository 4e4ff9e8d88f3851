/**
 * Table model errors: https://html.spec.whatwg.org/multipage/tables.html#table-model-error
 *
 * The forming of a table (https://html.spec.whatwg.org/multipage/tables.html#forming-a-table) run on a table's
 * rows and cells, for what makes a table model error: "If there exists a row or column in the table containing only
 * slots that do not have a cell anchored to them, then this is a table model error", and a cell that covers a slot
 * another cell covers already ("there is a table model error" when cells overlap). Rows and columns are told with
 * the cell whose rowspan or colspan made them, or the col or colgroup (a row a tr makes with no cell is left alone:
 * an empty row).
 *
 * The findings are on the table's start tag, with the cell as their related location, so that a re-check makes them
 * again from the table whenever it meets the table.
 */
import { getAttribute, type ElementShape } from '../attributes/tree-shape';
import { ConformanceCode } from './conformance-codes';
import type { Reporter } from './conditional-rules';

/** A cell's colspan: a non-negative integer, 0 read as 1, at most 1000 (#attr-tdth-colspan). */
function colspanOf(value: string | undefined): number {
  const n = nonNegativeInteger(value);
  return n === null || n === 0 ? 1 : Math.min(n, 1000);
}

/** A cell's rowspan: a non-negative integer, at most 65534; 0 means to the end of the row group (#attr-tdth-rowspan). */
function rowspanOf(value: string | undefined): number {
  const n = nonNegativeInteger(value);
  return n === null ? 1 : Math.min(n, 65534);
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-negative-integers (its value, or null).
 * OPTIMIZATION: by hand, not a regular expression (it is read for every cell with a colspan or rowspan).
 */
function nonNegativeInteger(value: string | undefined): number | null {
  if (value === undefined) return null;
  let i = 0;
  // Skip ASCII whitespace (TAB, LF, FF, CR, SPACE).
  for (let c = value.charCodeAt(i); c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20; c = value.charCodeAt(++i));
  if (value.charCodeAt(i) === 0x2b /* + */) i++;
  const start = i;
  while (i < value.length && value.charCodeAt(i) >= 0x30 && value.charCodeAt(i) <= 0x39) i++;
  return i === start ? null : Number(value.slice(start, i));
}

/** A cell's colspan and rowspan values (undefined when absent), read in one pass over its attributes: `spanValues`. */
let colspanValue: string | undefined;
let rowspanValue: string | undefined;

/** Sets `colspanValue` and `rowspanValue` for `cell`; returns whether it has either attribute. */
function spanValues(cell: ElementShape): boolean {
  colspanValue = undefined;
  rowspanValue = undefined;
  const attributes = cell.attributes;
  for (let i = 0; i < attributes.length; i++) {
    const name = attributes[i].name;
    if (name === 'colspan') colspanValue ??= attributes[i].value;
    else if (name === 'rowspan') rowspanValue ??= attributes[i].value;
  }
  return colspanValue !== undefined || rowspanValue !== undefined;
}

function html(node: ElementShape['children'][number], name?: string): node is ElementShape {
  return node.kind === 'element' && (node as ElementShape).namespace === 'html' && (name === undefined || (node as ElementShape).name === name);
}

/**
 * OPTIMIZATION: without a colspan other than 1 and a rowspan other than 1, every row and column has the cells that
 * make it anchored in it and no two cells overlap (each covers its own slot): no table model error, and no slots to
 * count (a re-check inside a large table reads only its cells' attributes).
 */
function spans(table: ElementShape): boolean {
  for (const child of table.children) {
    if (!html(child)) continue;
    const rows = child.name === 'tr' ? [child] : child.name === 'tbody' || child.name === 'thead' || child.name === 'tfoot' ? child.children : null;
    if (rows === null) continue;
    for (const row of rows) {
      if (!html(row, 'tr')) continue;
      for (const cell of row.children) {
        if (!html(cell) || cell.attributes.length === 0 || (cell.name !== 'td' && cell.name !== 'th') || !spanValues(cell)) continue;
        if (colspanOf(colspanValue) !== 1 || rowspanOf(rowspanValue) !== 1) return true;
      }
    }
  }
  return false;
}

/**
 * https://html.spec.whatwg.org/multipage/tables.html#forming-a-table steps 7–9 ("column groups"): the columns the
 * colgroup elements before the first row or row group establish, each col its span ("the span content attribute
 * … using the rules for parsing non-negative integers … if the result is zero or an error, let span be 1"; at most
 * 1000), a colgroup without col children its own span; the element establishing each column, in order.
 */
function columnGroups(table: ElementShape): ElementShape[] {
  const out: ElementShape[] = [];
  for (const child of table.children) {
    if (!html(child)) continue;
    if (child.name === 'tr' || child.name === 'tbody' || child.name === 'thead' || child.name === 'tfoot') break;
    if (child.name !== 'colgroup') continue;
    const cols = child.children.filter((c): c is ElementShape => html(c, 'col'));
    for (const element of cols.length > 0 ? cols : [child]) {
      const n = nonNegativeInteger(getAttribute(element, 'span')?.value);
      const span = n === null || n === 0 ? 1 : Math.min(n, 1000);
      for (let k = 0; k < span; k++) out.push(element);
    }
  }
  return out;
}

export function checkTableModel(table: ElementShape, report: Reporter): void {
  const columns = columnGroups(table);
  if (columns.length === 0 && !spans(table)) return;
  /**
   * OPTIMIZATION: per column, the last row its slots are covered to (no set of slots per row): a cell is placed
   * at the first column of its row not covered, and overlaps when a column it covers is covered in its row already.
   */
  const coveredTo: number[] = [];
  /** Per column and per row: whether a cell is anchored there, and the cell that made it. */
  const columnAnchored: boolean[] = [];
  const columnMadeBy: (ElementShape | null)[] = [];
  /**
   * The rows a rowspan made (a row a tr makes has no cell that made it: it is never reported) with no cell anchored in
   * them yet, by row, in increasing order. OPTIMIZATION: no array per row (a table of 4,901 rows is formed again at
   * keystrokes among its rows).
   */
  const madeRows = new Map<number, ElementShape>();
  // "Increase xwidth by span": the columns the column groups establish, no cell anchored in them yet.
  let width = columns.length;
  for (let k = 0; k < width; k++) {
    columnAnchored[k] = false;
    columnMadeBy[k] = columns[k];
  }
  let height = 0;
  let overlap: ElementShape | null = null;

  /**
   * Processes a row group's rows: the tr children of a tbody, thead or tfoot (`group`), or a tr alone (`group` null).
   * OPTIMIZATION: the rows read in place (no array of them made per group).
   */
  const rowGroup = (group: ElementShape | null, lone: ElementShape | null): void => {
    const children = group !== null ? group.children : null;
    /** The group's number of rows, counted when a rowspan of 0 needs it. */
    let count = children === null ? 1 : -1;
    let y = height;
    let i = -1;
    for (let k = 0; children === null ? k < 1 : k < children.length; k++) {
      let tr: ElementShape;
      if (children === null) tr = lone!;
      else {
        const c = children[k];
        if (!html(c, 'tr')) continue;
        tr = c;
      }
      i++;
      // "If yheight is equal to ycurrent, then increase yheight by 1."
      if (height === y) height++;
      let x = 0;
      for (const c of tr.children) {
        if (!html(c) || (c.name !== 'td' && c.name !== 'th')) continue;
        const cell = c;
        while ((coveredTo[x] ?? -1) >= y) x++;
        let colspan = 1;
        let rowspan = 1;
        if (cell.attributes.length > 0 && spanValues(cell)) {
          colspan = colspanOf(colspanValue);
          rowspan = rowspanOf(rowspanValue);
        }
        // A rowspan of 0 grows to the end of the row group. DEVIATION: to its last tr (the spec's "ending a row
        // group" grows it to the rows other cells' rowspans add after them too: the same findings but on them).
        if (rowspan === 0) {
          if (count < 0) {
            count = 0;
            for (const c of children!) if (html(c, 'tr')) count++;
          }
          rowspan = count - i;
        }
        for (let k = width; k < x + colspan; k++) {
          columnAnchored[k] = false;
          columnMadeBy[k] = cell;
        }
        if (width < x + colspan) width = x + colspan;
        for (let k = height; k < y + rowspan; k++) madeRows.set(k, cell);
        if (height < y + rowspan) height = y + rowspan;
        columnAnchored[x] = true;
        if (madeRows.size > 0) madeRows.delete(y);
        for (let k = x; k < x + colspan; k++) {
          const to = coveredTo[k] ?? -1;
          if (to >= y) overlap ??= cell;
          if (to < y + rowspan - 1) coveredTo[k] = y + rowspan - 1;
        }
        x += colspan;
      }
      y++;
    }
  };

  for (const child of table.children) {
    if (!html(child)) continue;
    if (child.name === 'tbody' || child.name === 'thead' || child.name === 'tfoot') {
      rowGroup(child, null);
    } else if (child.name === 'tr') rowGroup(null, child);
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
    const byGroup = cell !== null && (cell.name === 'col' || cell.name === 'colgroup');
    report(
      ConformanceCode.TableModelError,
      table.startTag!,
      `${what} of this table ${end - x === 1 ? 'has' : 'have'} no cell that begins in ${end - x === 1 ? 'it' : 'them'}${cell === null ? '' : byGroup ? ` (made by a <${cell.name}>)` : ` (made by the colspan of a <${cell.name}>)`}: every column must have a cell anchored in it`,
      undefined,
      related(cell, byGroup ? `The <${cell!.name}> that makes the columns` : 'The cell whose colspan makes the columns'),
    );
    x = end;
  }
  for (const [y, cell] of madeRows) {
    report(ConformanceCode.TableModelError, table.startTag!, `Row ${y + 1} of this table has no cell that begins in it (made by the rowspan of a <${cell!.name}>): every row must have a cell anchored in it`, undefined, related(cell, 'The cell whose rowspan makes the row'));
  }
  const overlapping = overlap as ElementShape | null;
  if (overlapping !== null) {
    report(ConformanceCode.TableModelError, table.startTag!, `Cells of this table overlap (a <${overlapping.name}> covers a slot another cell covers): cells must not overlap`, undefined, related(overlapping, 'The overlapping cell'));
  }
}
