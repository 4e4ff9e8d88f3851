/**
 * How a formatter's output is judged, the same way for TagTree, Prettier and
 * js-beautify (bench/format-corpus.js, the CI sample in
 * server/test/format-render.test.ts): each page is parsed before and after
 * with TagTree's parser and compared.
 *
 * - content: the trees with every white space character of every text left
 *   out (elements, attributes and their values, comments, the text itself);
 * - rendering white space: the trees with white space left out only where it
 *   does not render by the default display values (the formatter's own
 *   comparison, compareTrees; docs/formatting.md);
 * - parse errors: the list of parse error codes, in order;
 * - own line: the share of block-level start tags that begin a line, among
 *   those where white space may go before them (the place before the tag is
 *   a boundary: a block-level box or a block's start, or white space is
 *   already there, which ends a line before a block), and of those the share indented by their
 *   depth (TagTree's indentation rule).
 */
'use strict';
const parser = require('../server/parser/out/index.js');

/** Content without any white space: a list of strings. */
function contentKey(document) {
  const out = [];
  const stack = [[document, 0]];
  while (stack.length > 0) {
    const [node, state] = stack.pop();
    if (state === 1) {
      out.push('</' + node.name);
      continue;
    }
    switch (node.kind) {
      case 'document':
      case 'fragment':
        for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], 0]);
        break;
      case 'element': {
        out.push('<' + node.namespace + ':' + node.name + node.attributes.map((a) => ` ${a.name}=${JSON.stringify(a.value)}`).join(''));
        stack.push([node, 1]);
        if (node.content !== null) stack.push([node.content, 0]);
        for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], 0]);
        break;
      }
      case 'text': {
        const t = node.data.replace(/[ \t\n\r\f]+/g, '');
        if (t.length > 0) out.push('"' + t);
        break;
      }
      case 'comment':
        out.push('<!--' + node.data);
        break;
      case 'doctype':
        out.push('<!DOCTYPE ' + node.name + ' ' + node.publicId + ' ' + node.systemId);
        break;
      case 'processingInstruction':
        out.push('<?' + node.target + ' ' + node.data);
        break;
    }
  }
  return out;
}

function sameList(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Judges `after` against `before`: { content, rendering, errors } each true when changed, and where the first rendering change is. */
function judge(before, after, beforeParse) {
  const a = beforeParse ?? parser.parse(before);
  const b = parser.parse(after);
  const content = !sameList(contentKey(a.document), contentKey(b.document));
  const difference = parser.compareTrees(a.document, b.document);
  const errors = !sameList(
    a.errors.map((e) => e.code),
    b.errors.map((e) => e.code),
  );
  return { content, rendering: difference !== null, errors, difference, afterParse: b };
}

function isLineBreak(c) {
  return c === 0x0a || c === 0x0d;
}

/**
 * Block-level start tags of `text` (parsed as `parse`): how many may have
 * white space before them, how many begin a line, how many at their depth
 * (`unit` of indentation per level; the levels as TagTree counts them).
 */
function ownLineShare(text, parse, unit = '  ', indentInnerHtml = false) {
  let allowed = 0;
  let ownLine = 0;
  let atDepth = 0;
  const stack = [[parse.document, 0]];
  while (stack.length > 0) {
    const [parent, childLevel] = stack.pop();
    const children = parent.children;
    const kind = parser.containerKind(parent);
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child.kind !== 'element') continue;
      if (!parser.isOpaque(child)) {
        const counts = child.startTagEnd !== null && (child.name !== 'html' || indentInnerHtml);
        stack.push([child, counts ? childLevel + 1 : childLevel]);
      }
      if (parent.kind === 'document' || child.startTagEnd === null || !parser.isBlockLevel(child)) continue;
      const at = child.startTagStart;
      // Back over spaces and tabs to the line start.
      let k = at;
      while (k > 0 && (text.charCodeAt(k - 1) === 0x20 || text.charCodeAt(k - 1) === 0x09)) k--;
      const startsLine = k === 0 || isLineBreak(text.charCodeAt(k - 1));
      let j = k;
      while (j > 0 && /[ \t\n\r]/.test(text[j - 1])) j--;
      // White space before a block-level box ends a line, so it does not render: any there allows a line break.
      const may = parser.boundaryBefore(kind, children, i) || j < at;
      if (!may) continue;
      allowed++;
      if (startsLine) {
        ownLine++;
        if (text.slice(k, at) === unit.repeat(childLevel)) atDepth++;
      }
    }
  }
  return { allowed, ownLine, atDepth };
}

/** js-beautify with the options VS Code's built-in HTML formatter passes (vscode-html-languageservice htmlFormatter.ts with the html.format.* defaults, editor tab size 4). */
const VSCODE_BEAUTIFY_OPTIONS = {
  indent_size: 4,
  indent_char: ' ',
  indent_empty_lines: false,
  indent_scripts: 'normal',
  wrap_line_length: 120,
  unformatted: ['wbr'],
  content_unformatted: ['pre', 'code', 'textarea'],
  indent_inner_html: false,
  preserve_newlines: true,
  max_preserve_newlines: 32786,
  indent_handlebars: false,
  end_with_newline: false,
  extra_liners: ['head', 'body', '/html'],
  wrap_attributes: 'auto',
  eol: '\n',
  // VS Code's `html.format.templating` is false by default, which it passes as ['none'].
  templating: ['none'],
};

module.exports = { judge, contentKey, ownLineShare, VSCODE_BEAUTIFY_OPTIONS };
