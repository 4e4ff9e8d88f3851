/**
 * A parse result as one string holding everything a parse reports: the tree
 * (kinds, names, namespaces, data, attributes, document mode), every node's
 * ranges (node, start tag, end tag, attributes, what a clone copies) and
 * every error with its ranges. Two results with equal fingerprints are the
 * same parse. Iterative.
 */
import type { Node } from '../../out/tree/index';
import type { ParseError } from '../../out/index';

function range(r: { start: number; end: number } | null): string {
  return r === null ? '-' : `${r.start}-${r.end}`;
}

export function treeFingerprint(root: Node): string {
  const lines: string[] = [];
  const work: [Node, number][] = [[root, 0]];
  while (work.length > 0) {
    const [node, depth] = work.pop()!;
    const pad = ' '.repeat(depth);
    const at = `${node.start}-${node.end}`;
    switch (node.kind) {
      case 'document':
        lines.push(`${pad}#document ${node.mode} ${at}`);
        break;
      case 'fragment':
        lines.push(`${pad}#fragment ${at}`);
        break;
      case 'doctype':
        lines.push(`${pad}<!DOCTYPE ${JSON.stringify([node.name, node.publicId, node.systemId])}> ${at}`);
        break;
      case 'comment':
        lines.push(`${pad}<!--${JSON.stringify(node.data)}--> ${at}`);
        break;
      case 'text':
        lines.push(`${pad}${JSON.stringify(node.data)} ${at}`);
        break;
      case 'element': {
        const attributes = node.attributes
          .map((a) => `${a.namespace ?? ''}:${a.prefix ?? ''}:${a.name}=${JSON.stringify(a.value)}@${a.start}-${a.end}/${a.valueStart}-${a.valueEnd}`)
          .join(' ');
        const clone = node.cloneOf === null ? '' : ` clone-of ${node.cloneOf.name}@${range(node.cloneOf.startTag)}`;
        lines.push(`${pad}<${node.namespace}:${node.name} ${attributes}> ${at} start ${range(node.startTag)} end ${range(node.endTag)}${clone}`);
        break;
      }
    }
    if (node.kind === 'element' || node.kind === 'document' || node.kind === 'fragment') {
      const children = node.children;
      for (let i = children.length - 1; i >= 0; i--) {
        if (children[i].parent !== node) lines.push(`${pad} !! child ${i} has another parent`);
        work.push([children[i], depth + 1]);
      }
      if (node.kind === 'element' && node.content !== null) work.push([node.content, depth + 1]);
    }
  }
  return lines.join('\n');
}

export function errorsFingerprint(errors: readonly ParseError[]): string {
  return errors.map((e) => `${e.code} ${e.start}-${e.end}${e.related === undefined ? '' : ` related ${e.related.start}-${e.related.end}`}`).join('\n');
}
