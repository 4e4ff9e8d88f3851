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
import { extentOf, meetingRange, meets } from './recheck-region';

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
interface SpanValues {
  colspan: string | undefined;
  rowspan: string | undefined;
}

/** Sets `into`'s values for `cell` (OPTIMIZATION: no object per cell); returns whether it has either attribute. */
function spanValues(cell: ElementShape, into: SpanValues): boolean {
  into.colspan = undefined;
  into.rowspan = undefined;
  const attributes = cell.attributes;
  for (let i = 0; i < attributes.length; i++) {
    const name = attributes[i].name;
    if (name === 'colspan') into.colspan ??= attributes[i].value;
    else if (name === 'rowspan') into.rowspan ??= attributes[i].value;
  }
  return into.colspan !== undefined || into.rowspan !== undefined;
}

/** `formTable`'s scratch span values (OPTIMIZATION: no object per cell; read and used at once). */
const CELL_SPANS: SpanValues = { colspan: undefined, rowspan: undefined };

function html(node: ElementShape['children'][number], name?: string): node is ElementShape {
  return node.kind === 'element' && (node as ElementShape).namespace === 'html' && (name === undefined || (node as ElementShape).name === name);
}

/**
 * https://html.spec.whatwg.org/multipage/tables.html#forming-a-table steps 7–9 ("column groups"): the columns the
 * colgroup elements before the first row or row group establish, each col its span ("the span content attribute
 * … using the rules for parsing non-negative integers … if the result is zero or an error, let span be 1"; at most
 * 1000), a colgroup without col children its own span; the element establishing each column, in order.
 */
function columnGroups(table: ElementShape): readonly ElementShape[] {
  // OPTIMIZATION: nothing is allocated for a table without colgroups (most).
  let out: ElementShape[] | null = null;
  for (const child of table.children) {
    if (!html(child)) continue;
    if (child.name === 'tr' || child.name === 'tbody' || child.name === 'thead' || child.name === 'tfoot') break;
    if (child.name !== 'colgroup') continue;
    out ??= [];
    const cols = child.children.filter((c): c is ElementShape => html(c, 'col'));
    for (const element of cols.length > 0 ? cols : [child]) {
      const n = nonNegativeInteger(getAttribute(element, 'span')?.value);
      const span = n === null || n === 0 ? 1 : Math.min(n, 1000);
      for (let k = 0; k < span; k++) out.push(element);
    }
  }
  return out ?? NO_COLUMNS;
}

const NO_COLUMNS: readonly ElementShape[] = [];

/**
 * A row group's rows as the forming reads them: its tr children (a tr alone for a tr child of the table), and per row
 * its td and th cells with their colspan and rowspan (0: to the end of the group), flat.
 */
interface GroupRows {
  readonly trs: ElementShape[];
  /** Per row, the index of its first cell; then the number of cells. */
  readonly cellStart: number[];
  readonly cells: ElementShape[];
  readonly colspans: number[];
  readonly rowspans: number[];
  /** Whether a cell has a colspan or rowspan other than 1. */
  spans: boolean;
}

/**
 * The rows of the large row groups (`LARGE_GROUP` rows or more), read when their table was last formed, kept with the
 * group element: a re-check whose region is among a large group's rows reads only the rows in the region again
 * (`rowsAround`), and a large group away from the region not at all (OPTIMIZATION: the 7 MB page's index table has
 * 4,901 rows and 14,603 cells, which a keystroke among them read again, cold: ~2.5 ms). Every full check and every
 * forming of a table refreshes its groups' entries; an entry is read only in a re-check, for a group outside the
 * region (as it was) or one the re-check walked down through (its rows outside the region are as they were).
 */
const LARGE_GROUP = 64;

function emptyRows(): GroupRows {
  return { trs: [], cellStart: [], cells: [], colspans: [], rowspans: [], spans: false };
}

/** The index of `tr` in `trs` (found by its start, then checked by identity), or -1. */
function rowIndex(trs: readonly ElementShape[], tr: ElementShape): number {
  const at = extentOf(tr).start;
  let lo = 0;
  let hi = trs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const start = extentOf(trs[mid]).start;
    if (start === at) return trs[mid] === tr ? mid : -1;
    if (start < at) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * How a re-check forms a table again: `region`, the stretch it re-checks, inside the table's content; `through`, the
 * row group the re-check walked down through (its children in source order), if any.
 */
export interface TableRecheck {
  readonly region: { readonly start: number; readonly end: number };
  readonly through: ElementShape | null;
}

/**
 * The reading of tables' rows for one document: its large row groups' rows, kept between checks (a document's
 * findings hold it, findings.ts: each full check makes a new one, each re-check reads and refreshes the one its
 * previous findings hold), and the reading's scratch values. Nothing of it is shared between documents.
 */
export class TableRows {
  /** The rows of the large row groups (`LARGE_GROUP` rows or more), by group element: see `LARGE_GROUP`. */
  private kept: WeakMap<ElementShape, GroupRows> | null = null;
  /** The scratch array of `checkTableModel`: the row groups of the table it is at (emptied before it returns). */
  readonly groups: (GroupRows | ElementShape | null)[] = [];
  /** A cell's span attributes (`spanValues`). */
  private readonly span: SpanValues = { colspan: undefined, rowspan: undefined };
  /** Set by `scanGroup`: a small group's number of rows, and whether a cell has a colspan or rowspan other than 1. */
  private scannedRows = 0;
  private scannedSpans = false;

  /** Appends the rows among `children[from, to)` (their tr elements) to `out` (its sentinel not yet added). */
  private readRows(children: readonly ElementShape['children'][number][], from: number, to: number, out: GroupRows): void {
    for (let k = from; k < to; k++) {
      const tr = children[k];
      if (!html(tr, 'tr')) continue;
      this.readRow(tr, out);
    }
  }

  private readRow(tr: ElementShape, out: GroupRows): void {
    out.trs.push(tr);
    out.cellStart.push(out.cells.length);
    const span = this.span;
    for (const c of tr.children) {
      if (!html(c) || (c.name !== 'td' && c.name !== 'th')) continue;
      let colspan = 1;
      let rowspan = 1;
      if (c.attributes.length > 0 && spanValues(c, span)) {
        colspan = colspanOf(span.colspan);
        rowspan = rowspanOf(span.rowspan);
        if (colspan !== 1 || rowspan !== 1) out.spans = true;
      }
      out.cells.push(c);
      out.colspans.push(colspan);
      out.rowspans.push(rowspan);
    }
  }

  /** A group's rows read whole; kept when the group is large. */
  rowsOf(group: ElementShape): GroupRows {
    const out = emptyRows();
    if (group.name === 'tr') this.readRow(group, out);
    else this.readRows(group.children, 0, group.children.length, out);
    out.cellStart.push(out.cells.length);
    // (OPTIMIZATION: the map made when a large group is first met: most documents have none.)
    if (out.trs.length >= LARGE_GROUP) (this.kept ??= new WeakMap()).set(group, out);
    else this.kept?.delete(group);
    return out;
  }

  /**
   * A large group's rows after an edit whose `region` is among its children (in source order: the re-check walked down
   * through the group), from `kept`, its rows before the edit: those before the region and after it are as they were,
   * the ones between read again. Null when they cannot be told apart (the rows around the region are not found where
   * they were): then the group is read whole.
   */
  private rowsAround(group: ElementShape, kept: GroupRows, region: { readonly start: number; readonly end: number }): GroupRows | null {
    const children = group.children;
    const [from, to] = meetingRange(children, region);
    // The last row before the children that meet the region and the first after them (only a few nodes between rows).
    let a = from - 1;
    while (a >= 0 && !html(children[a], 'tr')) {
      a--;
      if (from - a > 8) return null;
    }
    let b = to;
    while (b < children.length && !html(children[b], 'tr')) {
      b++;
      if (b - to > 8) return null;
    }
    const p = a >= 0 ? rowIndex(kept.trs, children[a] as ElementShape) + 1 : 0;
    const q = b < children.length ? rowIndex(kept.trs, children[b] as ElementShape) : kept.trs.length;
    if (p === 0 && a >= 0) return null;
    if (q < 0 || q < p) return null;
    // OPTIMIZATION: the kept rows changed in place (the rows read again replace those between), not copied: a keystroke
    // among 14,603 cells allocates for the rows in its region only.
    const middle = emptyRows();
    this.readRows(children, a + 1, b, middle);
    if (middle.trs.length > 10_000) return null;
    const cellsBefore = kept.cellStart[p];
    const cellsFrom = kept.cellStart[q];
    const shift = middle.cells.length - (cellsFrom - cellsBefore);
    for (let r = 0; r < middle.cellStart.length; r++) middle.cellStart[r] += cellsBefore;
    kept.trs.splice(p, q - p, ...middle.trs);
    kept.cellStart.splice(p, q - p, ...middle.cellStart);
    if (shift !== 0) for (let r = p + middle.cellStart.length; r < kept.cellStart.length; r++) kept.cellStart[r] += shift;
    kept.cells.splice(cellsBefore, cellsFrom - cellsBefore, ...middle.cells);
    kept.colspans.splice(cellsBefore, cellsFrom - cellsBefore, ...middle.colspans);
    kept.rowspans.splice(cellsBefore, cellsFrom - cellsBefore, ...middle.rowspans);
    kept.spans = false;
    for (let c = 0; c < kept.colspans.length && !kept.spans; c++) if (kept.colspans[c] !== 1 || kept.rowspans[c] !== 1) kept.spans = true;
    return kept;
  }


  /**
   * Counts a group's rows (up to `LARGE_GROUP`) and tells whether it has spans, with nothing allocated; returns false
   * for a large group (then read into its `GroupRows`).
   */
  private scanGroup(group: ElementShape): boolean {
    this.scannedRows = 0;
    this.scannedSpans = false;
    const span = this.span;
    const rows = group.name === 'tr' ? null : group.children;
    for (let k = 0; rows === null ? k < 1 : k < rows.length; k++) {
      const tr = rows === null ? group : rows[k];
      if (!html(tr, 'tr')) continue;
      if (++this.scannedRows >= LARGE_GROUP) return false;
      if (this.scannedSpans) continue;
      for (const c of tr.children) {
        if (!html(c) || c.attributes.length === 0 || (c.name !== 'td' && c.name !== 'th') || !spanValues(c, span)) continue;
        if (colspanOf(span.colspan) !== 1 || rowspanOf(span.rowspan) !== 1) this.scannedSpans = true;
      }
    }
    return true;
  }


  /**
   * The rows of one of `table`'s row groups (a tbody, thead, tfoot, or a tr child of the table), or for a small group
   * without spans, null (OPTIMIZATION: most tables have no spans: nothing is read into arrays for them).
   */
  groupRowsFor(group: ElementShape, recheck: TableRecheck | undefined): GroupRows | null {
    if (recheck !== undefined && group.name !== 'tr') {
      const kept = this.kept?.get(group);
      if (kept !== undefined) {
        if (!meets(group, recheck.region)) return kept;
        if (group === recheck.through) {
          const around = this.rowsAround(group, kept, recheck.region);
          if (around !== null) return around;
        }
      }
    }
    if (this.scanGroup(group)) {
      // A small group: never kept (an entry it had from when it was large would be stale).
      if (group.name !== 'tr') this.kept?.delete(group);
      this.groupSpans = this.scannedSpans;
      return this.scannedSpans && !TABLE_FORMING.fromTree ? this.rowsOf(group) : null;
    }
    this.groupSpans = false;
    return this.rowsOf(group);
  }

  /** Set by `groupRowsFor` when it returns null: whether the small group has a cell with a colspan or rowspan other than 1. */
  groupSpans = false;
}

/**
 * @internal For the tests: `fromTree` false reads a small row group with spans into its `GroupRows` before it is
 * formed, as a large one is (the tests hold the forming from the tree to the forming from the arrays).
 */
export const TABLE_FORMING = { fromTree: true };

export function checkTableModel(table: ElementShape, report: Reporter, tableRows: TableRows, recheck?: TableRecheck): void {
  const columns = columnGroups(table);
  // OPTIMIZATION: the groups in the table's scratch array (`TableRows.groups`), and the table formed by a function of
  // its own: a table without colgroups or spans (most) allocates nothing (a function with closures allocates their
  // context on each call).
  // (Its first `count` entries; emptied by writing null, which keeps its capacity: `length = 0` would not.)
  const groups = tableRows.groups;
  let count = 0;
  let anySpans = false;
  for (const child of table.children) {
    if (!html(child)) continue;
    if (child.name === 'tbody' || child.name === 'thead' || child.name === 'tfoot' || child.name === 'tr') {
      const rows = tableRows.groupRowsFor(child, recheck);
      // A small group is read only if the table is formed (its rows then count), from the tree (`formTable`).
      groups[count++] = rows ?? child;
      if (rows !== null ? rows.spans : tableRows.groupSpans) anySpans = true;
    }
  }
  try {
    if (columns.length > 0 || anySpans) formTable(table, columns, groups as readonly (GroupRows | ElementShape)[], count, report, tableRows);
  } finally {
    for (let i = 0; i < count; i++) groups[i] = null;
  }
}

/**
 * The forming of one table's slots (`formTable`). OPTIMIZATION: one, reused for every table (its arrays keep their
 * capacity: emptied by writing, not made per table; a forming runs to its end without yielding); no closure is made
 * per table.
 */
class TableForm {
  /**
   * OPTIMIZATION: per column, the last row its slots are covered to (no set of slots per row): a cell is placed
   * at the first column of its row not covered, and overlaps when a column it covers is covered in its row already.
   * -1 (or past the end): none.
   */
  readonly coveredTo: number[] = [];
  /** Per column and per row: whether a cell is anchored there, and the cell that made it. */
  readonly columnAnchored: boolean[] = [];
  readonly columnMadeBy: (ElementShape | null)[] = [];
  /**
   * The rows a rowspan made (a row a tr makes has no cell that made it: it is never reported) with no cell anchored in
   * them yet, by row, in increasing order. OPTIMIZATION: no array per row (a table of 4,901 rows is formed again at
   * keystrokes among its rows).
   */
  readonly madeRows = new Map<number, ElementShape>();
  width = 0;
  height = 0;
  overlap: ElementShape | null = null;

  /** Starts a table: "Increase xwidth by span": the columns the column groups establish, no cell anchored in them yet. */
  begin(columns: readonly ElementShape[]): void {
    this.width = columns.length;
    for (let k = 0; k < columns.length; k++) {
      this.columnAnchored[k] = false;
      this.columnMadeBy[k] = columns[k];
    }
    this.height = 0;
    this.overlap = null;
  }

  /** Empties it for the next table (and keeps none of this one's elements). */
  end(): void {
    for (let k = 0; k < this.width; k++) {
      this.coveredTo[k] = -1;
      this.columnMadeBy[k] = null;
    }
    if (this.madeRows.size > 0) this.madeRows.clear();
    this.overlap = null;
  }

  /**
   * Places `cell` in row `y` at the first column from `x` on its row does not cover yet, `colspan` columns wide and
   * `rowspan` rows high (0 already grown to the end of its row group); returns the column after it.
   */
  placeCell(cell: ElementShape, x: number, y: number, colspan: number, rowspan: number): number {
    const coveredTo = this.coveredTo;
    while ((coveredTo[x] ?? -1) >= y) x++;
    for (let k = this.width; k < x + colspan; k++) {
      this.columnAnchored[k] = false;
      this.columnMadeBy[k] = cell;
    }
    if (this.width < x + colspan) this.width = x + colspan;
    for (let k = this.height; k < y + rowspan; k++) this.madeRows.set(k, cell);
    if (this.height < y + rowspan) this.height = y + rowspan;
    this.columnAnchored[x] = true;
    if (this.madeRows.size > 0) this.madeRows.delete(y);
    for (let k = x; k < x + colspan; k++) {
      const to = coveredTo[k] ?? -1;
      if (to >= y) this.overlap ??= cell;
      if (to < y + rowspan - 1) coveredTo[k] = y + rowspan - 1;
    }
    return x + colspan;
  }

  /** Processes a row group's rows (a tbody, thead or tfoot's tr children; or a tr alone), read into arrays. */
  rowGroup(rows: GroupRows): void {
    const count = rows.trs.length;
    const { cellStart, cells, colspans, rowspans } = rows;
    let y = this.height;
    for (let i = 0; i < count; i++) {
      // "If yheight is equal to ycurrent, then increase yheight by 1."
      if (this.height === y) this.height++;
      let x = 0;
      for (let c = cellStart[i]; c < cellStart[i + 1]; c++) {
        // A rowspan of 0 grows to the end of the row group. DEVIATION: to its last tr (the spec's "ending a row
        // group" grows it to the rows other cells' rowspans add after them too: the same findings but on them).
        const rowspan = rowspans[c];
        x = this.placeCell(cells[c], x, y, colspans[c], rowspan === 0 ? count - i : rowspan);
      }
      y++;
    }
  }

  /**
   * `rowGroup` for a small group, read from the tree as it goes (its tr children, or the tr itself; their td and th
   * children). OPTIMIZATION: no arrays made for it (the row arrays of small groups with spans were 0.6 MB a round of
   * b-pages); the same rows and cells in the same order as `TableRows.readRow` reads them.
   */
  rowGroupFromTree(group: ElementShape): void {
    const rows = group.name === 'tr' ? null : group.children;
    let count = 0;
    if (rows === null) count = 1;
    else for (let k = 0; k < rows.length; k++) if (html(rows[k], 'tr')) count++;
    let y = this.height;
    let i = 0;
    for (let k = 0; rows === null ? k < 1 : k < rows.length; k++) {
      const tr = rows === null ? group : rows[k];
      if (!html(tr, 'tr')) continue;
      // "If yheight is equal to ycurrent, then increase yheight by 1."
      if (this.height === y) this.height++;
      let x = 0;
      const cells = tr.children;
      for (let c = 0; c < cells.length; c++) {
        const cell = cells[c];
        if (!html(cell) || (cell.name !== 'td' && cell.name !== 'th')) continue;
        let colspan = 1;
        let rowspan = 1;
        if (cell.attributes.length > 0 && spanValues(cell, CELL_SPANS)) {
          colspan = colspanOf(CELL_SPANS.colspan);
          rowspan = rowspanOf(CELL_SPANS.rowspan);
        }
        // (A rowspan of 0: as in `rowGroup`.)
        x = this.placeCell(cell, x, y, colspan, rowspan === 0 ? count - i : rowspan);
      }
      y++;
      i++;
    }
  }
}

const FORM = new TableForm();

/** A finding's related location at `cell`'s start tag, if it has one. */
function relatedAt(cell: ElementShape | null, message: string): { start: number; end: number; message: string }[] | undefined {
  const tag = cell?.startTag;
  return tag === null || tag === undefined ? undefined : [{ start: tag.start, end: tag.end, message }];
}

/** `checkTableModel` for a table with column groups or spans: the rows of the first `count` of `groups` formed, and its findings. */
function formTable(table: ElementShape, columns: readonly ElementShape[], groups: readonly (GroupRows | ElementShape)[], count: number, report: Reporter, tableRows: TableRows): void {
  const form = FORM;
  form.begin(columns);
  try {
    formed(table, groups, count, report, tableRows, form);
  } finally {
    form.end();
  }
}

/** `formTable`'s forming and findings, with `form` begun. */
function formed(table: ElementShape, groups: readonly (GroupRows | ElementShape)[], count: number, report: Reporter, tableRows: TableRows, form: TableForm): void {
  for (let g = 0; g < count; g++) {
    const rows = groups[g];
    if ('trs' in rows) form.rowGroup(rows);
    else if (TABLE_FORMING.fromTree) form.rowGroupFromTree(rows);
    else form.rowGroup(tableRows.rowsOf(rows));
  }
  const { width, columnAnchored, columnMadeBy } = form;
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
      relatedAt(cell, byGroup ? `The <${cell!.name}> that makes the columns` : 'The cell whose colspan makes the columns'),
    );
    x = end;
  }
  // (The iterator is made only when there is a row to report.)
  if (form.madeRows.size > 0) for (const [y, cell] of form.madeRows) {
    report(ConformanceCode.TableModelError, table.startTag!, `Row ${y + 1} of this table has no cell that begins in it (made by the rowspan of a <${cell!.name}>): every row must have a cell anchored in it`, undefined, relatedAt(cell, 'The cell whose rowspan makes the row'));
  }
  const overlapping = form.overlap;
  if (overlapping !== null) {
    report(ConformanceCode.TableModelError, table.startTag!, `Cells of this table overlap (a <${overlapping.name}> covers a slot another cell covers): cells must not overlap`, undefined, relatedAt(overlapping, 'The overlapping cell'));
  }
}
