/**
 * The formatter (src/format/): what it changes, what it never changes, the
 * guarantee checked inside formatHtml, idempotence, range formatting,
 * pages with parse errors, and a sample of the corpus (every 10th page; the
 * whole corpus with Prettier and js-beautify beside it is
 * `npm run format:corpus`, bench/format-corpus.js).
 *
 * Expected outputs are written by hand from the rules in docs/formatting.md
 * (the rendering section's default display values); each is also checked by
 * `samePage` below, which parses both texts independently of the formatter's
 * own check.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { applyEdits, compareTrees, formatHtml, MAX_INDENT_LEVEL, parse, type FormatOptions } from '../out/index';
import { Boundaries, boundaryAfter, boundaryBefore, ContainerKind, containerKind } from '../out/format/display';
import type { ParentNode } from '../out/dom';
import { corpus, listHtmlFiles } from './support/shared-data';
import { sampleSize } from './support/sample-size';
import { pick, seededRandom } from './support/random';

function format(text: string, options: FormatOptions = {}): string {
  return applyEdits(text, formatHtml(text, options).edits);
}

/** The same page: trees equal but for non-rendering white space, and the same parse error codes in the same order. */
function samePage(before: string, after: string): void {
  const a = parse(before);
  const b = parse(after);
  const difference = compareTrees(a.document, b.document);
  assert.equal(difference, null, difference === null ? '' : difference.reason);
  assert.deepEqual(
    b.errors.map((e) => e.code),
    a.errors.map((e) => e.code),
  );
}

/** Every edit replaces white space with white space. */
function onlyWhiteSpace(text: string, options: FormatOptions = {}): void {
  for (const edit of formatHtml(text, options).edits) {
    assert.match(text.slice(edit.start, edit.end), /^[ \t\r\n]*$/);
    assert.match(edit.newText, /^[ \t\r\n]*$/);
  }
}

function formatsTo(input: string, expected: string, options: FormatOptions = {}): void {
  const output = format(input, options);
  assert.equal(output, expected);
  samePage(input, output);
  onlyWhiteSpace(input, options);
  assert.equal(format(output, options), output, 'formatting again changes it');
}

describe('format', () => {
  describe('block-level boxes start their own line at their depth', () => {
    it('nests blocks, lists and tables, and leaves inline content on its line', () => {
      formatsTo(
        '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8"><title>T</title>\n    <link rel=stylesheet href=a.css>\n</head>\n<body>\n<div><p>Hello <b>world</b></p><ul><li>one<li>two</ul>\n        <table><tr><td>a</td><td>b</td></tr></table>\n</div>\n</body>\n</html>\n',
        '<!DOCTYPE html>\n<html>\n<head>\n  <meta charset="utf-8">\n  <title>T</title>\n  <link rel=stylesheet href=a.css>\n</head>\n<body>\n  <div>\n    <p>Hello <b>world</b></p>\n    <ul>\n      <li>one\n      <li>two\n    </ul>\n    <table>\n      <tr>\n        <td>a</td>\n        <td>b</td>\n      </tr>\n    </table>\n  </div>\n</body>\n</html>\n',
      );
    });

    it('indents head and body inside html with indentInnerHtml', () => {
      formatsTo('<html>\n<head>\n<title>T</title>\n</head>\n<body>\n<p>x</p>\n</body>\n</html>\n', '<html>\n  <head>\n    <title>T</title>\n  </head>\n  <body>\n    <p>x</p>\n  </body>\n</html>\n', {
        indentInnerHtml: true,
      });
    });

    it('uses tabs and the tab size', () => {
      formatsTo('<div>\n<p>x</p>\n</div>', '<div>\n\t<p>x</p>\n</div>', { insertSpaces: false });
      formatsTo('<div>\n<p>x</p>\n</div>', '<div>\n    <p>x</p>\n</div>', { tabSize: 4 });
    });

    it('keeps one blank line where there were several (maxBlankLines)', () => {
      formatsTo('<div>\n<p>a</p>\n\n\n\n<p>b</p>\n</div>', '<div>\n  <p>a</p>\n\n  <p>b</p>\n</div>');
      formatsTo('<div>\n<p>a</p>\n\n\n\n<p>b</p>\n</div>', '<div>\n  <p>a</p>\n  <p>b</p>\n</div>', { maxBlankLines: 0 });
    });

    it('writes the document\'s line breaks (CRLF stays CRLF)', () => {
      formatsTo('<div>\r\n<p>a</p><p>b</p>\r\n</div>\r\n', '<div>\r\n  <p>a</p>\r\n  <p>b</p>\r\n</div>\r\n');
    });

    it('re-indents the edges of text at a block\'s start and end only where they hold a line break', () => {
      formatsTo('<div>\n      text here\n      and <a href="#">more</a>\n</div>', '<div>\n  text here\n      and <a href="#">more</a>\n</div>');
      // No line break at the edges: the text stays on the block's line.
      formatsTo('<p> x </p>', '<p> x </p>');
    });

    it('stops indenting at MAX_INDENT_LEVEL: nesting 3,000 deep gives a result linear in the page, not its square', () => {
      assert.equal(MAX_INDENT_LEVEL, 64);
      const depth = 3000;
      const input = '<div>'.repeat(depth) + 'x' + '</div>'.repeat(depth);
      const output = format(input);
      const lines = output.split('\n');
      // Each start tag and each end tag on its own line; the text stays in the innermost div's line.
      assert.equal(lines.length, 2 * depth - 1);
      const widths = lines.map((line) => line.length - line.trimStart().length);
      // Level by level up to the cap (2 spaces each), then the cap's indentation.
      for (let level = 0; level < depth; level++) {
        assert.equal(widths[level], 2 * Math.min(level, MAX_INDENT_LEVEL), `start tag at level ${level}`);
      }
      assert.equal(lines[depth - 1], ' '.repeat(2 * MAX_INDENT_LEVEL) + '<div>x</div>');
      assert.equal(widths[lines.length - 1], 0);
      // Unbounded, the indentation alone would be about depth² = 9,000,000 spaces.
      assert.ok(output.length < input.length + 2 * depth * (2 * MAX_INDENT_LEVEL + 1), `${output.length} characters`);
      samePage(input, output);
      onlyWhiteSpace(input);
      assert.equal(format(output), output, 'formatting again changes it');
      // With tabs, one tab a level up to the cap.
      const tabbed = format(input, { insertSpaces: false }).split('\n');
      assert.equal(tabbed[depth - 1], '\t'.repeat(MAX_INDENT_LEVEL) + '<div>x</div>');
    });

    it('puts a script or comment between blocks on its own line (they make no box)', () => {
      formatsTo('<div><p>a</p><!-- c --><script>x()</script><p>b</p></div>', '<div>\n  <p>a</p>\n  <!-- c -->\n  <script>x()</script>\n  <p>b</p>\n</div>');
    });
  });

  describe('never changes', () => {
    const untouched = [
      ['the inside of pre', '<div>\n<pre>\n   a  \n  <b> b </b>\n</pre>\n</div>', '<div>\n  <pre>\n   a  \n  <b> b </b>\n</pre>\n</div>'],
      ['the inside of textarea', '<div>\n<textarea>\n  a\n</textarea>\n</div>', '<div>\n  <textarea>\n  a\n</textarea>\n</div>'],
      ['the inside of listing and xmp', '<listing>\n  <b>a</b>\n</listing><xmp>\n  a\n</xmp>', '<listing>\n  <b>a</b>\n</listing>\n<xmp>\n  a\n</xmp>'],
      ['script and style contents', '<head>\n<style>\n    p { x: y }\n</style>\n<script>\n    if (a)\n        b();\n</script>\n</head>', '<head>\n  <style>\n    p { x: y }\n</style>\n  <script>\n    if (a)\n        b();\n</script>\n</head>'],
      ['white space between inline content', '<p>a <b>b</b>\n     <i>c</i>  d</p>', '<p>a <b>b</b>\n     <i>c</i>  d</p>'],
      ['comments, conditional comments included', '<div>\n<!--[if IE]>\n   <p>old</p>\n<![endif]-->\n</div>', '<div>\n  <!--[if IE]>\n   <p>old</p>\n<![endif]-->\n</div>'],
      ['attribute values and character references', '<div title="  a\n  b  ">&amp;&#32;&nbsp;</div>', '<div title="  a\n  b  ">&amp;&#32;&nbsp;</div>'],
      ['template contents and foreign content', '<div>\n<template>\n      <p>x</p>\n</template>\n<svg>\n   <text> a </text>\n</svg>\n</div>', '<div>\n  <template>\n      <p>x</p>\n</template>\n  <svg>\n   <text> a </text>\n</svg>\n</div>'],
      ['an element whose style sets white-space', '<div style="white-space: pre">\n  <p>a</p>\n</div>', '<div style="white-space: pre">\n  <p>a</p>\n</div>'],
    ];
    for (const [what, input, expected] of untouched) {
      it(what, () => formatsTo(input, expected));
    }

    it('omitted tags stay omitted', () => {
      const output = format('<ul><li>a<li>b</ul><p>x<p>y');
      assert.equal(output.match(/<\/li>|<\/p>/g), null);
      samePage('<ul><li>a<li>b</ul><p>x<p>y', output);
    });

    it('inserts no white space next to inline boxes (a menu of inline elements stays tight)', () => {
      formatsTo('<div><a href=1>one</a><a href=2>two</a></div>', '<div><a href=1>one</a><a href=2>two</a></div>');
    });
  });

  describe('whitespace: "strict"', () => {
    it('only re-indents runs that hold a line break, and inserts nothing', () => {
      formatsTo('<ul><li>a</li><li>b</li>\n      <li>c</li>\n</ul>', '<ul><li>a</li><li>b</li>\n  <li>c</li>\n</ul>', { whitespace: 'strict' });
    });
  });

  describe('start tags wrap their attributes', () => {
    const long = '<div id="x" class="a very long class list that goes on" data-one="1" data-two="2" title="t">y</div>';
    it('one attribute per line when the tag does not fit the print width', () => {
      formatsTo(long, '<div\n  id="x"\n  class="a very long class list that goes on"\n  data-one="1"\n  data-two="2"\n  title="t">y</div>', { printWidth: 80 });
      formatsTo(long, long, { printWidth: 120 });
    });

    it('unwraps a wrapped tag that fits, keeping `/>` and values as written', () => {
      formatsTo('<img\n   src=a.png\n      alt=""   />', '<img src=a.png alt="" />');
      formatsTo('<input  type=text\tname="q"/>', '<input type=text name="q"/>');
    });

    it('wraps every tag with two or more attributes with "force", none with "preserve"', () => {
      formatsTo('<a href=x title=y>z</a>', '<a\n  href=x\n  title=y>z</a>', { wrapAttributes: 'force' });
      formatsTo('<a   href=x   title=y>z</a>', '<a   href=x   title=y>z</a>', { wrapAttributes: 'preserve' });
    });

    it('leaves a tag with a parse error inside as written', () => {
      formatsTo('<a   href=x href=y   title=z>q</a>', '<a   href=x href=y   title=z>q</a>');
      formatsTo('<a   href="x"title=z>q</a>', '<a   href="x"title=z>q</a>');
    });
  });

  describe('the guarantee (checked inside formatHtml)', () => {
    it('leaves as written a region where white space would change the tree (formatting elements reconstructed)', () => {
      // After </li> the open <code> is reconstructed for the next character
      // token, white space included: the white space that follows decides
      // whether a clone of <code> is made, so that region stays as written.
      const input = '<ul>\n<li><p>Start <code>/x/.</p></li>\n<li><p>Add</p></li>\n</ul>\n';
      const result = formatHtml(input);
      assert.ok(result.keptAsWritten.length > 0);
      assert.ok(result.checks >= 2);
      const output = applyEdits(input, result.edits);
      assert.equal(output, '<ul>\n<li><p>Start <code>/x/.</p></li>\n  <li>\n    <p>Add</p>\n  </li>\n</ul>\n');
      samePage(input, output);
    });

    it('formats pages with parse errors around them, keeping the same errors', () => {
      const inputs = [
        '<table><tr><td>x</td></tr>\n<p><br>\n</p>\n<tr><td>y</td></tr></table>',
        '<div><b>bold<p>para</b> rest</p></div>',
        '<p><div>a</div></p>\n<span><div>b</div></span>',
        '<html><body></body><div>late</div></html>\n<p>after</p>',
        '<frameset><frame src=a><frame src=b></frameset>',
        '<select><option>a<option>b<optgroup label=x><option>c</select>',
        '<div id=a id=b>\n<p>x</div>',
        '\u0000<div>\r<p>a\r\n</div>\f<p>b</p>',
      ];
      for (const input of inputs) {
        const output = format(input);
        samePage(input, output);
        onlyWhiteSpace(input);
        assert.equal(format(output), output, JSON.stringify(input));
        const before = parse(input).errors;
        const after = parse(output).errors;
        assert.deepEqual(
          after.map((e) => e.code),
          before.map((e) => e.code),
        );
      }
    });

    it('the comparison tells a changed page (it can fail)', () => {
      const a = parse('<div>\n<p>a b</p>\n</div>').document;
      assert.equal(compareTrees(a, parse('<div><p>a b</p></div>').document), null);
      assert.notEqual(compareTrees(a, parse('<div>\n<p>a  b</p>\n</div>').document), null);
      assert.notEqual(compareTrees(a, parse('<div>\n<p>a b </p>x\n</div>').document), null);
      assert.notEqual(compareTrees(parse('<span> a</span>').document, parse('<span>a</span>').document), null);
      assert.notEqual(compareTrees(parse('<pre>\n\na</pre>').document, parse('<pre>\na</pre>').document), null);
    });
  });

  describe('range formatting', () => {
    const input = '<div>\n<p>a</p>\n<p>b</p>\n<p>c</p>\n</div>';
    it('changes only lines inside the range', () => {
      const start = input.indexOf('<p>b');
      const result = formatHtml(input, { range: { start, end: start + 3 } });
      assert.deepEqual(result.edits, [{ start, end: start, newText: '  ' }]);
    });

    it('a range that covers nothing formattable gives no edits', () => {
      // The first line, `<div>`, is as it will be.
      assert.deepEqual(formatHtml(input, { range: { start: 2, end: 3 } }).edits, []);
    });

    it('does not touch the line before the range when a line break would be inserted there', () => {
      const text = '<div><p>a</p><p>b</p></div>';
      // The whole text is one line: the range covers it, so it formats.
      assert.ok(formatHtml(text, { range: { start: 5, end: 6 } }).edits.length > 0);
      const two = '<div><p>a</p>\n<p>b</p><p>c</p></div>';
      const second = two.indexOf('<p>b');
      for (const edit of formatHtml(two, { range: { start: second, end: second } }).edits) {
        assert.ok(edit.start >= second, 'edit before the range line');
      }
    });
  });

  describe('Boundaries (display.ts): the boundary walks, each child read once', () => {
    /** Every container of `root`, template contents included. */
    function containers(root: ParentNode): ParentNode[] {
      const all: ParentNode[] = [];
      const stack: ParentNode[] = [root];
      while (stack.length > 0) {
        const node = stack.pop()!;
        all.push(node);
        for (const child of node.children) if (child.kind === 'element') stack.push(child);
        if (node.kind === 'element' && node.content !== null) stack.push(node.content);
      }
      return all;
    }

    it('answers as boundaryBefore and boundaryAfter do, in any order of questions (seeded random children)', () => {
      const random = seededRandom(27);
      const pieces = [' ', '\n  ', 'x', ' y ', '<!--c-->', '<?pi x?>', '<div></div>', '<p>a</p>', '<span>s</span>', '<meta>', '<script></script>', '<span hidden></span>', '<input type=hidden>', '<table align=left></table>', '<div style="display:inline"></div>', '<svg></svg>', '<li>i</li>'];
      const outers = ['div', 'span', 'table', 'ul', 'select', 'button', 'td'];
      for (let run = 0; run < 300; run++) {
        let inner = '';
        // Every third run long, with runs of children passed over longer than a short walk (SHORT_WALK, 8).
        const n = 1 + Math.floor(random() * (run % 3 === 0 ? 80 : 12));
        for (let k = 0; k < n; k++) inner += run % 3 === 0 && random() < 0.6 ? pick(random, ['<!--c-->', ' <!--c--> ', '<meta>', ' ']) : pick(random, pieces);
        const outer = pick(random, outers);
        const { document } = parse(`<${outer}>${inner}</${outer}>`);
        const boundaries = new Boundaries();
        for (const container of containers(document)) {
          const children = container.children;
          const kind = containerKind(container);
          boundaries.reset(children, kind);
          // Questions in a random order, each index asked twice, so that walks meet the stops other walks left.
          const questions: number[] = [];
          for (let i = -1; i <= children.length; i++) questions.push(i, i);
          for (let k = questions.length - 1; k > 0; k--) {
            const j = Math.floor(random() * (k + 1));
            [questions[k], questions[j]] = [questions[j], questions[k]];
          }
          for (const i of questions) {
            const where = `${outer}>${inner} in ${container.kind === 'element' ? container.name : container.kind}, index ${i}`;
            if (i >= 0) assert.equal(boundaries.before(i), boundaryBefore(kind, children, i), `before ${where}`);
            if (i >= 0) assert.equal(boundaries.blockBefore(i), boundaryBefore(ContainerKind.Inline, children, i), `blockBefore ${where}`);
            if (i < children.length) assert.equal(boundaries.after(i), boundaryAfter(kind, children, i), `after ${where}`);
            if (i < children.length) assert.equal(boundaries.blockAfter(i), boundaryAfter(ContainerKind.Inline, children, i), `blockAfter ${where}`);
          }
        }
      }
    });

    it('formats a long run of comments between white space in a table, whose every white space run asks for its boundaries', () => {
      // Each run's walk passes every comment on its way to the edge: walked again for each run, 40,000 took 10 s (0.2 s now).
      const n = 40_000;
      const text = '<table>' + '<!--c--> '.repeat(n) + '</table>';
      const result = formatHtml(text);
      assert.equal(result.edits.length, n + 1);
      assert.equal(result.checks, 1);
    });
  });

  describe('corpus sample (every 10th page; every page in npm run test:long): same page, idempotent', () => {
    const every = sampleSize('TAGTREE_FORMAT_CORPUS_EVERY', 10, 1);
    const files = listHtmlFiles(corpus()).filter((_, i) => i % every === 0);
    for (const file of files) {
      it(file.slice(corpus().length + 1), () => {
        const text = readFileSync(file, 'utf8');
        const once = format(text);
        samePage(text, once);
        assert.equal(format(once), once, 'not idempotent');
      });
    }
  });
});
