/**
 * Edits as people make them in an editor, for the incremental reparsing
 * property tests: typing markup or prose one character at a time, deleting a
 * selection, replacing it, pasting a block of the page or another whole page,
 * deleting half the file, undoing, and moving a block (a cut, then a paste).
 * Each operation is a list of single edits, applied in order, as an editor
 * sends them. Seeded, so every run is reproducible.
 */
import type { TextEdit } from '../../out/index';
import { pick } from './random';

/** Markup people type: tags, attributes, quotes, entities, tables, lists, misnesting. */
const TYPED_MARKUP = [
  '<p class="note">Some <b>bold</b> and <i>italic</i> text.</p>\n',
  '<a href="https://example.com/a?b=1&amp;c=2" title=\'x\'>a link</a>',
  '<ul>\n  <li>one\n  <li>two</li>\n</ul>\n',
  '<table>\n<tr><td>cell<td>next</tr>\n</table>\n',
  '<div id="main"><span>inline</span></div>',
  '<b><i>misnested</b></i>',
  '<img src="x.png" alt="">',
  '<!-- a comment -->',
  '<h2 id=s1>Heading &amp; more</h2>',
  '<pre>\ncode &lt;here&gt;\n</pre>',
  '<select><option selected>A<option>B</select>',
  '<input type=checkbox checked disabled>',
  '<script>if (a < b && c > d) {}</script>',
  '<svg viewBox="0 0 10 10"><path d="M0 0"/></svg>',
  '<template><tr><td>t</td></tr></template>',
  '<dl><dt>term<dd>definition</dl>',
  '<br><hr>',
  '<a href=x><b>unclosed',
  '</div>',
  '</p>',
  '<form action=/x><label>L <input name=q></label></form>',
  // Processing instructions and <template for> patching (the corpus has few or none).
  '<?php echo $title; ?>',
  '<div id=slot><?marker name="m1"></div>\n',
  '<ul><?start name="m2"><li>Loading…</li><?end></ul>\n',
  '<template for="m1"><b>patched</b></template>\n',
  '<template for="m2"><li>one<li>two</template>\n',
  // What the form element pointer and frameset-ok depend on (whatwg/html#12908, #12911).
  '<head><template><p>t</p></template></head>\n',
  '<frameset cols="50%,50%"><frame src=a.html><frame src=b.html></frameset>\n',
  '<template><table><form></table></template>\n',
  '<form id=f><template><form></template><input form=f></form>\n',
];

/** Prose people type. */
const TYPED_PROSE = ['Hello, world. ', 'the quick brown fox ', 'Lorem ipsum dolor sit amet, ', '1 < 2 & 3 > 2', '\n', 'café — naïve ', ' x'];

export type EditKind = 'type' | 'prose' | 'delete' | 'replace' | 'paste-block' | 'paste-page' | 'delete-half' | 'undo' | 'move-block';

const KINDS: [EditKind, number][] = [
  ['type', 28],
  ['prose', 8],
  ['delete', 16],
  ['replace', 10],
  ['paste-block', 10],
  ['paste-page', 2],
  ['delete-half', 2],
  ['undo', 14],
  ['move-block', 10],
];
const TOTAL_WEIGHT = KINDS.reduce((sum, [, w]) => sum + w, 0);

function pickKind(random: () => number): EditKind {
  let r = random() * TOTAL_WEIGHT;
  for (const [kind, weight] of KINDS) {
    r -= weight;
    if (r < 0) return kind;
  }
  return 'type';
}

/** A place to edit at: anywhere, or where people usually put the cursor (after a tag, at a line start). */
function typicalPosition(random: () => number, text: string): number {
  const at = Math.floor(random() * (text.length + 1));
  const r = random();
  if (r < 0.4) {
    const gt = text.indexOf('>', at);
    return gt < 0 ? at : gt + 1;
  }
  if (r < 0.6) return text.lastIndexOf('\n', at - 1) + 1;
  return at;
}

/** A selection: mostly short, sometimes a few lines, sometimes long. */
function selection(random: () => number, text: string): [number, number] {
  const start = Math.floor(random() * (text.length + 1));
  const r = random();
  const length = r < 0.6 ? 1 + Math.floor(random() * 12) : r < 0.9 ? 1 + Math.floor(random() * 300) : 1 + Math.floor(random() * 5000);
  return [start, Math.min(text.length, start + length)];
}

export function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.insertText + text.slice(edit.start + edit.deleteCount);
}

/** The edit that undoes `edit`, applied to `before` (the text `edit` was applied to). */
export function inverseOf(before: string, edit: TextEdit): TextEdit {
  return { start: edit.start, deleteCount: edit.insertText.length, insertText: before.slice(edit.start, edit.start + edit.deleteCount) };
}

/**
 * A session of editing one text: `next()` gives the edits of the next
 * operation (against the current text, each applying to the result of the
 * one before), and `applied(edits)` must be told what was applied.
 */
export class EditSession {
  /** Undo stack: for each operation, the edits that undo it, in the order to apply them. */
  private readonly undo: TextEdit[][] = [];
  text: string;

  constructor(
    private readonly random: () => number,
    text: string,
    /** Other pages, for "paste another whole page". */
    private readonly otherPages: () => string,
    /** Past this length, the session deletes half the text instead of growing it. */
    private readonly maxLength = 400_000,
  ) {
    this.text = text;
  }

  /** The next operation's kind and its edits, already applied to `text`. */
  next(): { kind: EditKind; edits: TextEdit[] } {
    const random = this.random;
    let kind = pickKind(random);
    if (this.text.length > this.maxLength && (kind === 'paste-page' || kind === 'paste-block' || kind === 'type')) kind = 'delete-half';
    if (kind === 'undo' && this.undo.length === 0) kind = 'delete';
    const edits: TextEdit[] = [];
    const text = this.text;
    switch (kind) {
      case 'type':
      case 'prose': {
        const snippet = pick(random, kind === 'type' ? TYPED_MARKUP : TYPED_PROSE);
        // Sometimes only part of it: people stop halfway.
        const typed = random() < 0.3 ? snippet.slice(0, 1 + Math.floor(random() * snippet.length)) : snippet;
        const at = typicalPosition(random, text);
        for (let i = 0; i < typed.length; i++) edits.push({ start: at + i, deleteCount: 0, insertText: typed[i] });
        break;
      }
      case 'delete': {
        const [s, e] = selection(random, text);
        edits.push({ start: s, deleteCount: e - s, insertText: '' });
        break;
      }
      case 'replace': {
        const [s, e] = selection(random, text);
        edits.push({ start: s, deleteCount: e - s, insertText: pick(random, random() < 0.5 ? TYPED_MARKUP : TYPED_PROSE) });
        break;
      }
      case 'paste-block': {
        const [s, e] = selection(random, text);
        edits.push({ start: typicalPosition(random, text), deleteCount: 0, insertText: text.slice(s, e) });
        break;
      }
      case 'paste-page':
        edits.push({ start: typicalPosition(random, text), deleteCount: 0, insertText: this.otherPages() });
        break;
      case 'delete-half': {
        const half = Math.floor(text.length / 2);
        edits.push(random() < 0.5 ? { start: 0, deleteCount: half, insertText: '' } : { start: half, deleteCount: text.length - half, insertText: '' });
        break;
      }
      case 'move-block': {
        const [s, e] = selection(random, text);
        const block = text.slice(s, e);
        edits.push({ start: s, deleteCount: e - s, insertText: '' });
        const rest = text.length - block.length;
        edits.push({ start: Math.floor(random() * (rest + 1)), deleteCount: 0, insertText: block });
        break;
      }
      case 'undo':
        for (const edit of this.undo.pop()!) edits.push(edit);
        break;
    }
    // Apply, recording how to undo (undo itself is not undone).
    const inverses: TextEdit[] = [];
    let current = this.text;
    for (const edit of edits) {
      inverses.unshift(inverseOf(current, edit));
      current = applyEdit(current, edit);
    }
    this.text = current;
    if (kind !== 'undo') {
      this.undo.push(inverses);
      if (this.undo.length > 50) this.undo.shift();
    }
    return { kind, edits };
  }
}
