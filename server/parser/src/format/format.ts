/**
 * The formatter: white-space-only edits that keep the page.
 *
 * Our algorithm (not the spec's). It reads the parse (the DOM with source
 * ranges) and changes only white space that does not render by the
 * rendering section's default display values (display.ts), then proves it:
 *
 * Step 1. Parse the text (or take the caller's parse of it).
 * Step 2. Walk the tree (iteratively) and note, for each element, its level:
 *         the number of its ancestors written with a start tag (`html` only
 *         with `indentInnerHtml`). Note where every start tag, end tag,
 *         comment and doctype begins, with the level it is at.
 * Step 3. Collect the white space runs the formatter may change, in the
 *         containers it does not leave as written (display.ts `isOpaque`):
 *         3.1 a white-space-only text node with a boundary on either side
 *             (all of it collapses away): each run of literal white space in
 *             its source;
 *         3.2 the leading run of a text that starts at a boundary, and the
 *             trailing run of one that ends at one (when they hold no line
 *             break, only next to a block-level sibling: not at the edges
 *             of the container, where `<p> x </p>` stays on its line);
 *         3.3 between two nodes with no text between them, where both sides
 *             are boundaries: an empty run (white space is inserted there);
 *         3.4 at document level before the `html` element, where the parser
 *             ignores white space.
 * Step 4. Give each run its new text: a line break (two when the run held a
 *         blank line, with `maxBlankLines`), then the indentation of what
 *         follows it in the source. A run with no line break is changed only
 *         between two boundaries (step 3.3's rule); `whitespace: "strict"`
 *         changes only runs that hold line breaks and inserts nothing.
 * Step 5. Wrap the start tags that begin a line and do not fit the print
 *         width: one attribute per line (the white space between attributes
 *         is the only thing changed; a tag with a parse error inside is left
 *         as written).
 * Step 6. Keep the edits that change something, smallest form (common
 *         prefix and suffix dropped), and with a `range`, only those on the
 *         range's lines.
 * Step 7. The guarantee: apply the edits, parse the result, and compare with
 *         the first parse (compare.ts: the same tree, the same text wherever
 *         white space renders; and the same parse errors, by code, at the
 *         shifted positions). Where they differ, drop the edits in the region
 *         that differs (the neighbours of the differing node first, then its
 *         container, then each ancestor in turn) and check again; after
 *         MAX_CHECKS checks, return no edits. Never returns an edit the
 *         check did not pass.
 */
import { parseOnce, type ParseResult } from '../tree/parse';
import type { ChildNode, Document, Element, Node, ParentNode } from '../dom';
import type { ParseError } from '../errors';
import { Boundaries, containerKind, isBlockLevel, isCollapsibleSpace, isOpaque } from './display';
import { compareTrees } from './compare';

export interface FormatOptions {
  /** Spaces per indentation level (and the width of a tab when measuring lines). Default 2. */
  tabSize?: number;
  /** Indent with spaces (default) or tabs. */
  insertSpaces?: boolean;
  /** Start tags longer than this (from the line start) wrap their attributes. Default 120. */
  printWidth?: number;
  /** `auto`: one attribute per line when the tag does not fit (default); `force`: whenever it has two or more; `preserve`: tags stay as written. */
  wrapAttributes?: 'auto' | 'force' | 'preserve';
  /** Indent `head` and `body` inside `html`. Default false (as VS Code's built-in formatter). */
  indentInnerHtml?: boolean;
  /**
   * `css` (default): white space that does not render by the default display
   * values may be changed, inserted between block-level boxes included;
   * `strict`: only runs that already hold a line break are re-indented, and
   * nothing is inserted (for pages whose CSS makes block elements inline).
   */
  whitespace?: 'css' | 'strict';
  /** Blank lines kept where the source had some. Default 1. */
  maxBlankLines?: number;
  /** Line breaks written: `auto` (the document's first, default), `lf` or `crlf`. */
  endOfLine?: 'auto' | 'lf' | 'crlf';
  /** Parse with scripting enabled (default true, as a browser). */
  scripting?: boolean;
  /** Format only the lines from the one holding `start` to the one holding `end` (offsets). */
  range?: { start: number; end: number };
}

/** A white-space-only edit: replace `start`..`end` (offsets in the text given) with `newText`. */
export interface FormatEdit {
  start: number;
  end: number;
  newText: string;
}

export interface FormatResult {
  /** Sorted, not overlapping; each replaces white space with white space. */
  edits: FormatEdit[];
  /** Regions the check made the formatter leave as written, with why. */
  keptAsWritten: { start: number; end: number; reason: string }[];
  /** Parses of a formatted result made to check it. */
  checks: number;
}

/** Checks (parses of the result) before the formatter gives up and returns no edits. */
export const MAX_CHECKS = 12;

/**
 * The deepest level indented: deeper elements are indented as this level.
 * Without it, the indentation written grows with the square of the nesting
 * depth (16,000 nested `<div>`s, 176 KB, became 512 MB); with it, the
 * result grows at most linearly with the page. No corpus page nests half
 * as deep (26 at most), and a real page rarely does.
 */
export const MAX_INDENT_LEVEL = 64;

/**
 * The runs step 3 collects, the first `count` of each array.
 * OPTIMIZATION: parallel typed arrays, not an object per run (a 7 MB page
 * has over 100,000), and one set for every call (`RUNS`, emptied by
 * `clear`; formatHtml runs to its end before it can be called again): they
 * grow to the most runs a page had and are never made again, where arrays
 * grown by `push` for each page were about 3% of what a pass over the
 * b-pages allocated.
 */
class Runs {
  count = 0;
  starts = new Int32Array(1024);
  ends = new Int32Array(1024);
  /** Both sides are boundaries (1): the run may be changed though it holds no line break, or inserted. */
  between = new Int32Array(1024);
  /** The level of what follows, when the walk knows it (else UNKNOWN: looked up where the run ends); REMOVE to remove the run. */
  levels = new Int32Array(1024);

  clear(): void {
    this.count = 0;
  }

  push(start: number, end: number, between: boolean, level: number): void {
    const i = this.count;
    if (i === this.starts.length) this.grow();
    this.starts[i] = start;
    this.ends[i] = end;
    this.between[i] = between ? 1 : 0;
    this.levels[i] = level;
    this.count = i + 1;
  }

  private grow(): void {
    this.starts = doubled(this.starts);
    this.ends = doubled(this.ends);
    this.between = doubled(this.between);
    this.levels = doubled(this.levels);
  }

  /** The runs' indices by start (then in the order they were found). */
  order(): Uint32Array {
    const n = this.count;
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = this.starts[i];
    return orderByStart(keys);
  }
}

/** A copy of `array` twice as long, the rest zeros. */
function doubled(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const copy = new Int32Array(array.length * 2);
  copy.set(array);
  return copy;
}

/** The runs of the call being made (see Runs). */
const RUNS = new Runs();

/**
 * The indices of `starts` (offsets) sorted by start, then by index; `starts`
 * is overwritten. OPTIMIZATION: a numeric sort of keys start × 2^bits +
 * index (2^bits > the count: exact in a double while start × 2^bits < 2^53,
 * an offset below 2^31 with 4 million items), not a sort with a comparator;
 * the index read back with a power of two (exact), not a remainder.
 */
function orderByStart(starts: Float64Array): Uint32Array {
  const n = starts.length;
  let scale = 1;
  while (scale < n) scale *= 2;
  for (let i = 0; i < n; i++) starts[i] = starts[i] * scale + i;
  starts.sort();
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const key = starts[i];
    order[i] = key - Math.floor(key / scale) * scale;
  }
  return order;
}

const UNKNOWN = -1;
const REMOVE = -2;

function isSpaceRun(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isCollapsibleSpace(text.charCodeAt(i))) return false;
  return true;
}

function countLineBreaks(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) n++;
    else if (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a) n++;
  }
  return n;
}

/**
 * Applies sorted, non-overlapping edits. OPTIMIZATION: the parts in an
 * array made at its final size, not grown by `push` (whose storage, copied
 * at each growth, was 5 MB of the 220 MB a pass over the b-pages allocated).
 */
export function applyEdits(text: string, edits: readonly FormatEdit[]): string {
  const n = edits.length;
  const parts = new Array<string>(2 * n + 1);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const edit = edits[i];
    parts[2 * i] = text.slice(at, edit.start);
    parts[2 * i + 1] = edit.newText;
    at = edit.end;
  }
  parts[2 * n] = text.slice(at);
  return parts.join('');
}

/** Maps offsets of the text before the edits to the text after them, and back. */
class OffsetMap {
  // OPTIMIZATION: typed arrays filled once (a 7 MB page has over 70,000 edits).
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  /** The shift after each edit (new minus old, summed). */
  private readonly shifts: Int32Array;
  private readonly newStarts: Int32Array;
  private readonly newEnds: Int32Array;

  constructor(edits: readonly FormatEdit[]) {
    const n = edits.length;
    this.starts = new Int32Array(n);
    this.ends = new Int32Array(n);
    this.shifts = new Int32Array(n);
    this.newStarts = new Int32Array(n);
    this.newEnds = new Int32Array(n);
    let shift = 0;
    for (let i = 0; i < n; i++) {
      const e = edits[i];
      this.starts[i] = e.start;
      this.ends[i] = e.end;
      this.newStarts[i] = e.start + shift;
      shift += e.newText.length - (e.end - e.start);
      this.newEnds[i] = e.end + shift;
      this.shifts[i] = shift;
    }
  }

  /** The last edit index whose `ends[i] <= p` (binary search), or -1. */
  private static last(ends: Int32Array, p: number): number {
    let lo = 0;
    let hi = ends.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] <= p) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  forward(p: number): number {
    const i = OffsetMap.last(this.ends, p);
    // Inside an edit (after its start): where the edit's new text ends.
    if (i + 1 < this.starts.length && this.starts[i + 1] < p) return this.newEnds[i + 1];
    return i < 0 ? p : p + this.shifts[i];
  }

  backward(q: number): number {
    const i = OffsetMap.last(this.newEnds, q);
    if (i + 1 < this.newStarts.length && this.newStarts[i + 1] < q) return this.ends[i + 1];
    return i < 0 ? q : q - this.shifts[i];
  }
}

/** Formats `text`; `parsed` may be a parse of it made with the same scripting flag. */
export function formatHtml(text: string, options: FormatOptions = {}, parsed?: ParseResult): FormatResult {
  const tabSize = Math.max(1, Math.min(16, Math.floor(options.tabSize ?? 2)));
  const insertSpaces = options.insertSpaces ?? true;
  const printWidth = Math.max(20, options.printWidth ?? 120);
  const wrapAttributes = options.wrapAttributes ?? 'auto';
  const indentInnerHtml = options.indentInnerHtml ?? false;
  const strict = options.whitespace === 'strict';
  const maxBlankLines = Math.max(0, Math.floor(options.maxBlankLines ?? 1));
  const scripting = options.scripting ?? true;
  let eol = '\n';
  if (options.endOfLine === 'crlf') eol = '\r\n';
  else if (options.endOfLine !== 'lf') {
    const lf = text.indexOf('\n');
    if (lf > 0 && text.charCodeAt(lf - 1) === 0x0d) eol = '\r\n';
  }
  const indents: string[] = [];
  const indent = (wanted: number): string => {
    const level = Math.min(wanted, MAX_INDENT_LEVEL);
    let s = indents[level];
    if (s === undefined) s = indents[level] = insertSpaces ? ' '.repeat(tabSize * level) : '\t'.repeat(level);
    return s;
  };

  // OPTIMIZATION: one string per level for a line break (or a blank line) and the indentation, not one per edit.
  const lineIndents: string[] = [];
  const lineIndent = (wanted: number): string => {
    const level = Math.min(wanted, MAX_INDENT_LEVEL);
    return (lineIndents[level] ??= eol + indent(level));
  };
  const blankIndents: string[] = [];
  const blankIndent = (wanted: number): string => {
    const level = Math.min(wanted, MAX_INDENT_LEVEL);
    return (blankIndents[level] ??= eol + eol + indent(level));
  };

  // Step 1. Parse the text (or take the caller's parse of it).
  // OPTIMIZATION: the formatter's parses are never reparsed (parseOnce: no checkpoints, no reparse state).
  const first = parsed ?? parseOnce(text, { scripting });
  const document = first.document;

  // Step 2 and Step 3: one walk.
  // OPTIMIZATION: the levels in a table by offset (level + 1; 0 for none), not a Map of hundreds of thousands of entries.
  const levelAt = new Uint16Array(text.length + 1);
  const runs = RUNS;
  runs.clear();
  /** Elements whose start tag may wrap, with their levels. */
  const tags: Element[] = [];
  const tagLevels: number[] = [];
  collect(text, document, indentInnerHtml, levelAt, runs, tags, tagLevels);

  // Step 4. Give each run its new text.
  let edits: FormatEdit[] = [];
  let lastEnd = -1;
  let lastStart = -1;
  for (const r of runs.order()) {
    const start = runs.starts[r];
    const end = runs.ends[r];
    if (start < lastEnd || start === lastStart) continue;
    const breaks = countLineBreaks(text, start, end);
    const remove = runs.levels[r] === REMOVE;
    if (breaks === 0 && !remove && (runs.between[r] === 0 || strict)) continue;
    let newText: string;
    if (remove) newText = '';
    else if (end >= text.length) newText = breaks > 0 ? eol : '';
    else {
      const level = runs.levels[r] !== UNKNOWN ? runs.levels[r] : levelAt[end] - 1;
      if (level < 0) continue;
      newText = breaks >= 2 && maxBlankLines > 0 ? blankIndent(level) : lineIndent(level);
    }
    lastEnd = end;
    lastStart = start;
    edits.push({ start, end, newText });
  }

  // Step 5. Wrap the start tags that begin a line and do not fit the print width.
  if (wrapAttributes !== 'preserve') {
    const settings: WrapSettings = { tabSize, printWidth, force: wrapAttributes === 'force', eol, indent, gapStarts: [], gapEnds: [] };
    const tagEdits = wrapStartTags(text, tags, tagLevels, edits, first.errors, settings);
    if (tagEdits.length > 0) edits = mergeSorted(edits, tagEdits);
  }

  // Step 6. Keep the edits that change something, smallest form, within the range's lines.
  let from = 0;
  let to = text.length;
  if (options.range !== undefined) {
    from = lineStartOf(text, Math.max(0, Math.min(text.length, options.range.start)));
    to = lineEndOf(text, Math.max(0, Math.min(text.length, options.range.end)));
  }
  edits = minimize(text, edits, from, to);

  // Step 7. The guarantee.
  return check(text, first, edits, scripting);
}

/** Steps 2 and 3: the levels, the runs, and the start tags that may wrap. */
function collect(
  text: string,
  document: Document,
  indentInnerHtml: boolean,
  levelAt: Uint16Array,
  runs: Runs,
  tags: Element[],
  tagLevels: number[],
): void {
  // Step 3.4. At document level before the `html` element, where the parser ignores white space.
  const top = document.children;
  let at = 0;
  for (const node of top) {
    // An `html` the parser implied starts where its first markup does (white space before it was ignored as well).
    const start = node.kind === 'element' && node.startTagEnd !== null ? node.startTagStart : node.start;
    if (start > at && isSpaceRun(text, at, start)) runs.push(at, start, true, at === 0 ? REMOVE : 0);
    else if (start === at && at > 0 && text.charCodeAt(at - 1) === 0x3e && text.charCodeAt(at) === 0x3c) runs.push(at, at, true, 0);
    if (node.kind === 'element') break;
    setLevel(levelAt, node.start, 0);
    at = node.end;
  }
  // Step 2. The walk: each container with the level of its children.
  const stack: ParentNode[] = [document];
  const stackLevels: number[] = [0];
  const boundaries = new Boundaries();
  while (stack.length > 0) {
    const parent = stack.pop()!;
    const childLevel = stackLevels.pop()!;
    const children = parent.children;
    boundaries.reset(children, containerKind(parent as Node));
    for (const child of children) {
      if (child.kind === 'element') {
        if (child.startTagEnd !== null) {
          setLevel(levelAt, child.startTagStart, childLevel);
          if (child.attributes.length > 0 && parent.kind !== 'document') {
            tags.push(child);
            tagLevels.push(childLevel);
          }
        }
        const endTagStart = child.endTagStart;
        if (endTagStart !== null) setLevel(levelAt, endTagStart, childLevel);
        if (!isOpaque(child)) {
          const counts = child.startTagEnd !== null && (child.name !== 'html' || indentInnerHtml);
          stack.push(child);
          stackLevels.push(counts ? childLevel + 1 : childLevel);
        }
      } else if (child.kind !== 'text') {
        setLevel(levelAt, child.start, childLevel);
      }
    }
    if (parent.kind === 'document') continue;
    const n = children.length;
    for (let i = 0; i <= n; i++) {
      const child = i < n ? children[i] : null;
      if (child !== null && child.kind === 'text') {
        // Step 3.1 and 3.2.
        const data = child.data;
        if (data.length === 0) continue;
        const spaceFirst = isCollapsibleSpace(data.charCodeAt(0));
        const spaceLast = isCollapsibleSpace(data.charCodeAt(data.length - 1));
        if (!spaceFirst && !spaceLast) continue;
        const left = boundaries.before(i);
        const right = boundaries.after(i);
        if (!left && !right) continue;
        // A block-level sibling (not the container's edge) next to the run: it may become a line break though it holds none.
        const blockLeft = left && boundaries.blockBefore(i);
        const blockRight = right && boundaries.blockAfter(i);
        const s0 = child.start;
        const s1 = Math.min(child.end, text.length);
        let wsOnly = true;
        for (let k = 0; k < data.length; k++) {
          if (!isCollapsibleSpace(data.charCodeAt(k))) {
            wsOnly = false;
            break;
          }
        }
        if (wsOnly) {
          let k = s0;
          while (k < s1) {
            if (!isCollapsibleSpace(text.charCodeAt(k))) {
              k++;
              continue;
            }
            const a = k;
            while (k < s1 && isCollapsibleSpace(text.charCodeAt(k))) k++;
            runs.push(a, k, (left && right) || blockLeft || blockRight, UNKNOWN);
          }
          continue;
        }
        if (left && spaceFirst) {
          let k = s0;
          while (k < s1 && isCollapsibleSpace(text.charCodeAt(k))) k++;
          if (k > s0) runs.push(s0, k, blockLeft, childLevel);
        }
        if (right && spaceLast) {
          let k = s1;
          while (k > s0 && isCollapsibleSpace(text.charCodeAt(k - 1))) k--;
          if (k < s1) runs.push(k, s1, blockRight, UNKNOWN);
        }
        continue;
      }
      // Step 3.3. Between two nodes with no text between them.
      const previous = i > 0 ? children[i - 1] : null;
      if (previous !== null && previous.kind === 'text') continue;
      if (previous === null && child === null) continue;
      // An element the parser implied (tbody) is where its contents are; one with none has no place in the source.
      if (child !== null && child.kind === 'element' && child.startTagEnd === null && child.start === child.end) continue;
      if (previous !== null && previous.kind === 'element' && previous.startTagEnd === null && previous.endTagStart === null && previous.start === previous.end) continue;
      const left = boundaries.before(i);
      const right = boundaries.after(i - 1);
      let from: number | null;
      let to: number | null;
      if (previous === null) {
        to = child!.kind === 'element' && child!.startTagEnd !== null ? child!.startTagStart : child!.start;
        from = parent.kind === 'element' ? parent.startTagEnd : null;
        if (from === null && parent.kind === 'element') {
          // A container the parser implied (tbody) has no start tag to insert after: only white space written before its first child changes.
          from = to;
          while (from > 0 && isCollapsibleSpace(text.charCodeAt(from - 1))) from--;
          if (from === to) continue;
        }
      } else if (child === null) {
        from = previous.end;
        // A container whose end tag is left out ends where the next markup starts.
        to = parent.kind === 'element' ? parent.endTagStart : null;
        if (to === null) {
          to = from;
          while (to < text.length && isCollapsibleSpace(text.charCodeAt(to))) to++;
        }
      } else {
        from = previous.end;
        to = child.kind === 'element' && child.startTagEnd !== null ? child.startTagStart : child.start;
      }
      if (from === null || to === null || to < from || !isSpaceRun(text, from, to)) continue;
      // White space here that is in no text node was dropped by the parser
      // (before head, after a table's start tag…): changing it changes no
      // node. Inserting some needs a boundary on both sides.
      const dropped = from < to;
      // Insert only before markup (a `<`), and after markup (a `>`) or at the end of a block whose end tag is left out.
      if (!dropped && (!(left && right) || from === 0 || text.charCodeAt(to) !== 0x3c || (text.charCodeAt(from - 1) !== 0x3e && !(previous !== null && isBlockLevel(previous))))) continue;
      // White space a previous block ends with (its end tag left out) is part of the run.
      if (previous !== null && isBlockLevel(previous)) {
        while (from > 0 && isCollapsibleSpace(text.charCodeAt(from - 1))) from--;
      }
      runs.push(from, to, dropped || (left && right), UNKNOWN);
    }
  }
}

function setLevel(levels: Uint16Array, at: number, level: number): void {
  if (at < levels.length) levels[at] = Math.min(level, 65534) + 1;
}

function writtenAtLineStart(text: string, at: number, indentation: string): boolean {
  const start = at - indentation.length;
  if (start < 0 || !text.startsWith(indentation, start)) return false;
  if (start === 0) return true;
  const c = text.charCodeAt(start - 1);
  return c === 0x0a || c === 0x0d;
}

function hasErrorIn(errorStarts: number[], start: number, end: number): boolean {
  let lo = 0;
  let hi = errorStarts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (errorStarts[mid] < start) lo = mid + 1;
    else hi = mid;
  }
  return lo < errorStarts.length && errorStarts[lo] < end;
}

interface WrapSettings {
  tabSize: number;
  printWidth: number;
  force: boolean;
  eol: string;
  indent: (level: number) => string;
  /**
   * The white space before each attribute of the tag being wrapped (the
   * first of them: the tag's count). OPTIMIZATION: two arrays for all the
   * tags, not two per tag, overwritten, never emptied (an array whose
   * length is set to 0 drops its storage, and the next tag's first push
   * makes new storage for 17).
   */
  gapStarts: number[];
  gapEnds: number[];
}

/**
 * Step 5: the edits of the start tags that begin a line (after step 4's
 * `edits`, or as written), sorted.
 */
function wrapStartTags(text: string, tags: Element[], tagLevels: number[], edits: FormatEdit[], errors: ParseError[], settings: WrapSettings): FormatEdit[] {
  const errorStarts = errors.map((e) => e.start).sort((a, b) => a - b);
  const out: FormatEdit[] = [];
  // OPTIMIZATION: the tags in source order (orderByStart), so that one pass over step 4's
  // edits (sorted, not overlapping: their ends are sorted too) finds the edit before each tag; and their edits come out sorted.
  const n = tags.length;
  const starts = new Float64Array(n);
  for (let t = 0; t < n; t++) starts[t] = tags[t].startTagStart;
  const order = orderByStart(starts);
  let e = -1;
  for (let k = 0; k < n; k++) {
    const t = order[k];
    const element = tags[t];
    const level = tagLevels[t];
    const tagStart = element.startTagStart;
    // The new text written just before the tag: the last edit ending at or before it, if it ends there.
    while (e + 1 < edits.length && edits[e + 1].end <= tagStart) e++;
    const before = e >= 0 && edits[e].end === tagStart ? edits[e].newText : undefined;
    const ind = settings.indent(level);
    const lineStart =
      before !== undefined
        ? before.length > ind.length && before.endsWith(ind) && before.charCodeAt(before.length - ind.length - 1) === 0x0a
        : writtenAtLineStart(text, tagStart, ind);
    if (!lineStart) continue;
    wrapStartTag(text, element, level, errorStarts, settings, out);
  }
  return out;
}

/** Step 5 for one start tag: the edits of the white space between its name, attributes and end. */
function wrapStartTag(text: string, element: Element, level: number, errorStarts: number[], settings: WrapSettings, out: FormatEdit[]): void {
  const tagStart = element.startTagStart;
  const tagEnd = element.startTagEnd!;
  // The errors raised inside the tag (those at its `<` are about the tag as a whole: where it is, not how it is written).
  if (hasErrorIn(errorStarts, tagStart + 1, tagEnd)) return;
  let attributes = element.attributes;
  for (let i = 1; i < attributes.length; i++) {
    if (attributes[i].start < attributes[i - 1].start) {
      attributes = attributes.slice().sort((a, b) => a.start - b.start);
      break;
    }
  }
  // The tag name: from after `<` to the first white space.
  let nameEnd = tagStart + 1;
  while (nameEnd < tagEnd && !isCollapsibleSpace(text.charCodeAt(nameEnd)) && text.charCodeAt(nameEnd) !== 0x2f && text.charCodeAt(nameEnd) !== 0x3e) nameEnd++;
  const gapStarts = settings.gapStarts;
  const gapEnds = settings.gapEnds;
  let gaps = 0;
  let at = nameEnd;
  let oneLine = 0;
  for (const attribute of attributes) {
    const start = attribute.start;
    const end = attribute.end;
    if (start <= at || end > tagEnd || !isSpaceRun(text, at, start)) return;
    for (let k = start; k < end; k++) {
      const c = text.charCodeAt(k);
      if (c === 0x0a || c === 0x0d) return;
      oneLine += c === 0x09 ? settings.tabSize : 1;
    }
    oneLine++;
    gapStarts[gaps] = at;
    gapEnds[gaps] = start;
    gaps++;
    at = end;
  }
  // The tail: white space, then `>` or `/>`.
  let k = at;
  while (k < tagEnd && isCollapsibleSpace(text.charCodeAt(k))) k++;
  const tailLength = tagEnd - k;
  const slash = tailLength === 2 && text.charCodeAt(k) === 0x2f;
  if (text.charCodeAt(tagEnd - 1) !== 0x3e || (tailLength !== 1 && !slash)) return;
  const hadSpaceBeforeSlash = k > at && slash;
  const indentation = settings.indent(level);
  let indentWidth = 0;
  for (let i = 0; i < indentation.length; i++) indentWidth += indentation.charCodeAt(i) === 0x09 ? settings.tabSize : 1;
  oneLine += indentWidth + (nameEnd - tagStart) + (hadSpaceBeforeSlash ? 1 : 0) + tailLength;
  const wrap = attributes.length >= 2 && (settings.force || oneLine > settings.printWidth);
  const separator = wrap ? settings.eol + settings.indent(level + 1) : ' ';
  for (let g = 0; g < gaps; g++) {
    const start = gapStarts[g];
    const end = gapEnds[g];
    // OPTIMIZATION: no edit for a gap already as it will be.
    if (end - start === separator.length && text.startsWith(separator, start)) continue;
    out.push({ start, end, newText: separator });
  }
  if (k > at && !(hadSpaceBeforeSlash && k - at === 1 && text.charCodeAt(at) === 0x20))
  out.push({ start: at, end: k, newText: hadSpaceBeforeSlash ? ' ' : '' });
}

/** Merges two lists of edits sorted by start (`b`'s starts all differ). */
function mergeSorted(a: FormatEdit[], b: FormatEdit[]): FormatEdit[] {
  const out: FormatEdit[] = [];
  let i = 0;
  let j = 0;
  let lastEnd = -1;
  const push = (e: FormatEdit): void => {
    if (e.start < lastEnd || (e.start === lastEnd && out.length > 0 && out[out.length - 1].start === e.start)) return;
    out.push(e);
    lastEnd = e.end;
  };
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i].start <= b[j].start)) push(a[i++]);
    else push(b[j++]);
  }
  return out;
}

/**
 * Drops the edits that change nothing, and the common prefix and suffix of
 * the others; keeps those within `from`..`to` that replace white space with
 * white space. OPTIMIZATION: one pass, in place: the edits (made by steps 4
 * and 5 for this call, each object once in `edits`) are changed to their
 * smallest form and the array is compacted, not copied.
 */
function minimize(text: string, edits: FormatEdit[], from: number, to: number): FormatEdit[] {
  let kept = 0;
  for (let i = 0; i < edits.length; i++) {
    const e = edits[i];
    let start = e.start;
    let end = e.end;
    let newText = e.newText;
    let p = 0;
    while (p < newText.length && start + p < end && newText.charCodeAt(p) === text.charCodeAt(start + p)) p++;
    // Never split a CRLF pair.
    if (p > 0 && p < newText.length && newText.charCodeAt(p - 1) === 0x0d) p--;
    let s = 0;
    while (s < newText.length - p && end - s > start + p && newText.charCodeAt(newText.length - 1 - s) === text.charCodeAt(end - 1 - s)) s++;
    if (p > 0 || s > 0) {
      start += p;
      end -= s;
      newText = newText.slice(p, newText.length - s);
    }
    if (start === end && newText.length === 0) continue;
    if (start < from || end > to || !isSpaceRun(text, start, end) || !isSpaceRun(newText, 0, newText.length)) continue;
    if (p > 0 || s > 0) {
      e.start = start;
      e.end = end;
      e.newText = newText;
    }
    edits[kept++] = e;
  }
  edits.length = kept;
  return edits;
}

function lineStartOf(text: string, offset: number): number {
  let i = offset;
  while (i > 0) {
    const c = text.charCodeAt(i - 1);
    if (c === 0x0a || c === 0x0d) break;
    i--;
  }
  return i;
}

function lineEndOf(text: string, offset: number): number {
  let i = offset;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) break;
    i++;
  }
  return i;
}

/** The deepest node of `root` whose range holds `offset`. */
function nodeAt(root: ParentNode, offset: number): ParentNode {
  let node: ParentNode = root;
  for (;;) {
    let next: ParentNode | null = null;
    for (const child of node.children) {
      if (child.kind === 'element' && child.start <= offset && offset < child.end) {
        next = child;
        break;
      }
    }
    if (next === null) return node;
    node = next;
  }
}

/** The first place (an offset of the text before the edits) where the errors differ, or null when they are the same. */
function errorDifference(before: ParseError[], after: ParseError[], edits: readonly FormatEdit[]): number | null {
  if (before.length === 0 && after.length === 0) return null;
  const map = new OffsetMap(edits);
  const x = before.map((e) => ({ at: map.forward(e.start), origin: e.start, code: e.code }));
  const y = after.map((e) => ({ at: e.start, origin: map.backward(e.start), code: e.code }));
  const order = (a: { at: number; code: string }, b: { at: number; code: string }): number => a.at - b.at || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  x.sort(order);
  y.sort(order);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    if (x[i].at !== y[i].at || x[i].code !== y[i].code) return Math.min(x[i].origin, y[i].origin);
  }
  if (x.length !== y.length) return x.length > n ? x[n].origin : y[n].origin;
  return null;
}

/** Step 7. Checks the edits, dropping the ones in regions that differ, until the result is the same page. */
function check(text: string, first: ParseResult, initial: FormatEdit[], scripting: boolean): FormatResult {
  const keptAsWritten: FormatResult['keptAsWritten'] = [];
  let edits = initial;
  let checks = 0;
  /** How many times each node was the place of a difference: the region grows with it. */
  const seen = new Map<Node, number>();
  while (edits.length > 0) {
    if (checks >= MAX_CHECKS) {
      keptAsWritten.push({ start: 0, end: text.length, reason: `still different after ${MAX_CHECKS} checks` });
      return { edits: [], keptAsWritten, checks };
    }
    checks++;
    const result = applyEdits(text, edits);
    // OPTIMIZATION: the comparison reads the first tree's ranges, never the second's (parseOnce without ranges).
    const second = parseOnce(result, { scripting, ranges: false });
    const difference = compareTrees(first.document, second.document);
    let container: ParentNode;
    let child: ChildNode | null;
    let reason: string;
    if (difference !== null) {
      container = difference.container;
      child = difference.child;
      reason = difference.reason;
    } else {
      const at = errorDifference(first.errors, second.errors, edits);
      if (at === null) return { edits, keptAsWritten, checks };
      container = nodeAt(first.document, at);
      child = null;
      reason = 'parse errors changed';
    }
    // The region: the differing child and its neighbours, then the container, then each ancestor, then everything.
    const regions: [number, number][] = [];
    if (child !== null) {
      const siblings = container.children;
      const index = siblings.indexOf(child);
      regions.push([(index > 0 ? siblings[index - 1] : child).start, (index + 1 < siblings.length ? siblings[index + 1] : child).end]);
    }
    for (let node: Node | null = container; node !== null; node = node.kind === 'element' ? node.parent : null) {
      if (node.kind === 'document' || node.kind === 'fragment') break;
      regions.push([node.start, node.end]);
    }
    regions.push([0, text.length]);
    const times = seen.get(container) ?? 0;
    seen.set(container, times + 1);
    let dropped = false;
    for (let r = Math.min(times, regions.length - 1); r < regions.length && !dropped; r++) {
      const [start, end] = regions[r];
      const kept = edits.filter((e) => e.end < start || e.start > end);
      if (kept.length < edits.length) {
        keptAsWritten.push({ start, end, reason });
        edits = kept;
        dropped = true;
      }
    }
    if (!dropped) return { edits: [], keptAsWritten, checks };
  }
  return { edits, keptAsWritten, checks };
}
