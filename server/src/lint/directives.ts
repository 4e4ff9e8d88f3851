/**
 * Inline suppression comments, read from the comments the parser built (so a
 * `<!-- … -->` inside a `<script>` or an attribute value is no directive):
 *
 *   <!-- tagtree-disable-next-line duplicate-id -->        the next line only
 *   <!-- tagtree-disable duplicate-id, id-reference-not-found -->
 *   …                                                       from here
 *   <!-- tagtree-enable duplicate-id -->                    to here (or the end)
 *   <!-- tagtree-disable -->  <!-- tagtree-enable -->       every code
 *
 * Codes are separated by commas or spaces; no code means every code; text
 * after ` -- ` is a reason and is ignored. `tagtree-enable` with codes
 * closes what `tagtree-disable` opened for those codes; without codes it
 * closes everything open. A directive that suppresses nothing is reported
 * (`unused-disable-directive`), and so is a code no check has
 * (`unknown-code-in-directive`); both are warnings by default and, like any
 * code, can be set in `rules`.
 *
 * Pure: it reads the tree and the text through the shapes below, and works in
 * offsets; a finding is suppressed by its start offset.
 */

/** The parts of a node the directives are read from: the parser's DOM and the server's view of it both have them. */
export interface DirectiveNodeShape {
  readonly kind: string;
  readonly start: number;
  readonly end: number;
  /** A comment's text. */
  readonly data?: string;
  readonly children?: readonly DirectiveNodeShape[];
  /** A template's contents. */
  readonly content?: DirectiveNodeShape | null;
}

/** The text the offsets point into (a string, or the server's chunked text). */
export interface DirectiveText {
  readonly length: number;
  indexOf(search: string, from?: number): number;
  /** The quick test before any walk, when the text has one (a string's; the server's text remembers it per chunk). */
  includes?(search: string): boolean;
}

export enum DirectiveCode {
  UnusedDisableDirective = 'unused-disable-directive',
  UnknownCodeInDirective = 'unknown-code-in-directive',
}

export const DIRECTIVE_CODES: Readonly<Record<DirectiveCode, { summary: string }>> = {
  [DirectiveCode.UnusedDisableDirective]: { summary: 'A tagtree-disable or tagtree-enable comment that suppresses nothing.' },
  [DirectiveCode.UnknownCodeInDirective]: { summary: 'A tagtree-disable or tagtree-enable comment names a code no check has.' },
};

export function isDirectiveCode(code: string): code is DirectiveCode {
  return Object.prototype.hasOwnProperty.call(DIRECTIVE_CODES, code);
}

type Kind = 'disable' | 'enable' | 'disable-next-line';

interface Directive {
  kind: Kind;
  /** The codes named; empty: every code. */
  codes: string[];
  /** The comment's range. */
  start: number;
  end: number;
  /** What a `disable-next-line` covers: the line after the comment's last line (offsets, end inclusive). */
  lineStart: number;
  lineEnd: number;
}

/** A stretch where `code` (or every code, `null`) is suppressed, and whether it suppressed anything. */
interface Suppression {
  code: string | null;
  start: number;
  end: number;
  directive: Directive;
  used: boolean;
}

/** A finding about a directive, in offsets (the comment's range). */
export interface DirectiveProblem {
  code: DirectiveCode;
  message: string;
  start: number;
  end: number;
}

const DIRECTIVE = /^\s*tagtree-(disable-next-line|disable|enable)(?=\s|$)([\s\S]*)$/;

/** Parses one comment's text, or null when it is no directive. */
function parseDirective(data: string): { kind: Kind; codes: string[] } | null {
  const m = DIRECTIVE.exec(data);
  if (m === null) return null;
  const reason = m[2].search(/\s--\s|\s--$/);
  const list = reason < 0 ? m[2] : m[2].slice(0, reason);
  const codes = list.split(/[\s,]+/).filter((c) => c.length > 0);
  return { kind: m[1] as Kind, codes: [...new Set(codes)] };
}

/** The next line after `offset`: from just after the first line break to just before the next (CR, LF and CRLF end lines). */
function nextLine(text: DirectiveText, offset: number): { start: number; end: number } {
  const lineBreak = (from: number): number => {
    const lf = text.indexOf('\n', from);
    const cr = text.indexOf('\r', from);
    return lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
  };
  const first = lineBreak(offset);
  if (first < 0) return { start: text.length + 1, end: text.length + 1 };
  let start = first + 1;
  if (text.indexOf('\r\n', first) === first) start = first + 2;
  const second = lineBreak(start);
  return { start, end: second < 0 ? text.length : second };
}

/**
 * The suppressions of a document: build once per parse with its tree and
 * text, ask `suppresses(code, offset)` for each finding, then `problems()`.
 */
export class Suppressions {
  private readonly directives: Directive[] = [];
  private readonly ranges: Suppression[] = [];
  /** `enable` directives that closed nothing. */
  private readonly idleEnables: Directive[] = [];

  /** No suppression at all: most documents. */
  static readonly NONE = new Suppressions(null, '');

  constructor(root: DirectiveNodeShape | null, text: DirectiveText) {
    // Most documents have no directive: look for the word before walking the tree.
    if (root === null || !(text.includes !== undefined ? text.includes('tagtree-') : text.indexOf('tagtree-') >= 0)) return;
    const stack: DirectiveNodeShape[] = [root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.kind === 'comment') {
        const parsed = parseDirective(node.data ?? '');
        if (parsed !== null) {
          const line = nextLine(text, node.end);
          this.directives.push({ ...parsed, start: node.start, end: node.end, lineStart: line.start, lineEnd: line.end });
        }
        continue;
      }
      const children = node.children;
      if (children !== undefined) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
      if (node.content !== undefined && node.content !== null) stack.push(node.content);
    }
    this.directives.sort((a, b) => a.start - b.start);
    this.buildRanges();
  }

  private buildRanges(): void {
    /** Open `disable` stretches by code (`*`: every code). */
    const open = new Map<string, Suppression>();
    for (const d of this.directives) {
      switch (d.kind) {
        case 'disable-next-line':
          for (const code of d.codes.length === 0 ? [null] : d.codes) {
            this.ranges.push({ code, start: d.lineStart, end: d.lineEnd, directive: d, used: false });
          }
          break;
        case 'disable':
          for (const code of d.codes.length === 0 ? [null] : d.codes) {
            const key = code ?? '*';
            if (open.has(key)) continue; // Already disabled: the first directive keeps the stretch.
            const s: Suppression = { code, start: d.end, end: Infinity, directive: d, used: false };
            open.set(key, s);
            this.ranges.push(s);
          }
          break;
        case 'enable': {
          const keys = d.codes.length === 0 ? [...open.keys()] : d.codes.filter((c) => open.has(c));
          if (keys.length === 0) this.idleEnables.push(d);
          for (const key of keys) {
            open.get(key)!.end = d.start;
            open.delete(key);
          }
          break;
        }
      }
    }
  }

  /** Whether a finding with `code` at `offset` is suppressed; records that the directive was used. */
  suppresses(code: string, offset: number): boolean {
    let hit = false;
    for (const s of this.ranges) {
      if (offset >= s.start && offset <= s.end && (s.code === null || s.code === code)) {
        s.used = true;
        hit = true;
      }
    }
    return hit;
  }

  get isEmpty(): boolean {
    return this.directives.length === 0;
  }

  /** Unused directives and unknown codes, in document order; call after every finding has been asked about. */
  problems(isKnownCode: (code: string) => boolean): DirectiveProblem[] {
    const out: DirectiveProblem[] = [];
    for (const d of this.directives) {
      const unknown = d.codes.filter((c) => !isKnownCode(c));
      if (unknown.length > 0) {
        out.push({
          code: DirectiveCode.UnknownCodeInDirective,
          message: `tagtree-${d.kind} names ${unknown.length === 1 ? 'a code' : 'codes'} no check has: ${unknown.join(', ')}`,
          start: d.start,
          end: d.end,
        });
      }
      if (d.kind === 'enable') {
        if (this.idleEnables.includes(d)) {
          const what = d.codes.length === 0 ? 'nothing is disabled here' : `${d.codes.join(', ')} ${d.codes.length === 1 ? 'is' : 'are'} not disabled here`;
          out.push({ code: DirectiveCode.UnusedDisableDirective, message: `Unused tagtree-enable: ${what}`, start: d.start, end: d.end });
        }
        continue;
      }
      const known = this.ranges.filter((s) => s.directive === d && (s.code === null || isKnownCode(s.code)));
      const unused = known.filter((s) => !s.used);
      if (unused.length === 0) continue;
      const where = d.kind === 'disable-next-line' ? 'on the next line' : 'after it';
      const what = d.codes.length === 0 ? 'no problem' : `no ${unused.map((s) => s.code).join(', ')}`;
      const message =
        unused.length === known.length
          ? `Unused tagtree-${d.kind}: ${what} ${where} to suppress`
          : `Unused code${unused.length === 1 ? '' : 's'} in tagtree-${d.kind}: ${what} ${where} to suppress`;
      out.push({ code: DirectiveCode.UnusedDisableDirective, message, start: d.start, end: d.end });
    }
    return out;
  }
}
