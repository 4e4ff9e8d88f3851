/**
 * The html5lib-tests tree dump format ("| <html>" lines), used by the
 * tree-construction test suite, the CLI and the differential tests.
 * See html5lib-tests/tree-construction/README.md.
 */
import type { Attribute, Node } from '../dom';

/** "the local name prefixed by a namespace designator" */
function tagNameString(namespace: string, name: string): string {
  return namespace === 'html' ? name : `${namespace} ${name}`;
}

/** "xlink href", "xml lang", "xmlns xlink", or the plain name. */
function attributeNameString(a: Attribute): string {
  return a.namespace === null ? a.name : `${a.namespace} ${a.name}`;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Dumps `node` in the html5lib format, one line per node, without a final
 * newline. A document or fragment is dumped as its children. Iterative, so
 * any depth works.
 */
export function toTestTree(node: Node): string {
  const lines: string[] = [];
  // Work items: a node at a depth, or a literal line ("content").
  const work: (readonly [Node, number] | readonly [string, number])[] = [];
  if (node.kind === 'document' || node.kind === 'fragment') {
    for (let i = node.children.length - 1; i >= 0; i--) work.push([node.children[i], 0]);
  } else {
    work.push([node, 0]);
  }
  while (work.length > 0) {
    const [item, depth] = work.pop()!;
    const indent = '| ' + '  '.repeat(depth);
    if (typeof item === 'string') {
      lines.push(indent + item);
      continue;
    }
    switch (item.kind) {
      case 'doctype':
        lines.push(
          item.publicId !== '' || item.systemId !== ''
            ? `${indent}<!DOCTYPE ${item.name} "${item.publicId}" "${item.systemId}">`
            : `${indent}<!DOCTYPE ${item.name}>`,
        );
        break;
      case 'comment':
        lines.push(`${indent}<!-- ${item.data} -->`);
        break;
      // The WPT tree format (html/syntax/parsing/resources/README.md): `<?`, the target, a space, the data, `?>`.
      case 'processingInstruction':
        lines.push(`${indent}<?${item.target} ${item.data}?>`);
        break;
      case 'text':
        lines.push(`${indent}"${item.data}"`);
        break;
      case 'element': {
        lines.push(`${indent}<${tagNameString(item.namespace, item.name)}>`);
        const attributeIndent = '| ' + '  '.repeat(depth + 1);
        const attributes = item.attributes
          .map((a) => [attributeNameString(a), a.value] as const)
          .sort((x, y) => compareCodeUnits(x[0], y[0]));
        for (const [name, value] of attributes) lines.push(`${attributeIndent}${name}="${value}"`);
        const children = item.children;
        for (let i = children.length - 1; i >= 0; i--) work.push([children[i], depth + 1]);
        if (item.content !== null) {
          const content = item.content.children;
          for (let i = content.length - 1; i >= 0; i--) work.push([content[i], depth + 2]);
          work.push(['content', depth + 1]);
        }
        break;
      }
      case 'document':
      case 'fragment':
        for (let i = item.children.length - 1; i >= 0; i--) work.push([item.children[i], depth]);
        break;
    }
  }
  return lines.join('\n');
}
