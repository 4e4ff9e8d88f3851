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

/** One node's line of the fingerprint (without its children). */
function nodeLine(node: Node): string {
  const at = `${node.start}-${node.end}`;
  switch (node.kind) {
    case 'document':
      return `#document ${node.mode} ${at}`;
    case 'fragment':
      return `#fragment ${at}`;
    case 'doctype':
      return `<!DOCTYPE ${JSON.stringify([node.name, node.publicId, node.systemId])}> ${at}`;
    case 'comment':
      return `<!--${JSON.stringify(node.data)}--> ${at}`;
    case 'processingInstruction':
      return `<?${JSON.stringify([node.target, node.data])}?> ${at}`;
    case 'text':
      return `${JSON.stringify(node.data)} ${at}`;
    case 'element': {
      const attributes = node.attributes
        .map((a) => `${a.namespace ?? ''}:${a.prefix ?? ''}:${a.name}=${JSON.stringify(a.value)}@${a.start}-${a.end}/${a.valueStart}-${a.valueEnd}`)
        .join(' ');
      const clone = node.cloneOf === null ? '' : ` clone-of ${node.cloneOf.name}@${range(node.cloneOf.startTag)}`;
      return `<${node.namespace}:${node.name} ${attributes}> ${at} start ${range(node.startTag)} end ${range(node.endTag)}${clone}`;
    }
  }
}

/** Whether two nodes' own lines (not their children) are equal, without building strings when they obviously are. */
function sameNode(x: Node, y: Node): boolean {
  if (x.kind !== y.kind || x.start !== y.start || x.end !== y.end) return false;
  switch (x.kind) {
    case 'text':
    case 'comment':
      return x.data === (y as typeof x).data;
    case 'element': {
      const e = y as typeof x;
      if (x.name !== e.name || x.namespace !== e.namespace || x.attributes.length !== e.attributes.length) return false;
      if (x.startTagEnd !== e.startTagEnd || x.endTagEnd !== e.endTagEnd) return false;
      return nodeLine(x) === nodeLine(y);
    }
    default:
      return nodeLine(x) === nodeLine(y);
  }
}

/**
 * Compares two trees as their fingerprints would, without building them:
 * null when equal, else a description of the first difference (in document
 * order) with the path to it. Iterative.
 */
export function treeDifference(a: Node, b: Node): string | null {
  const work: [Node, Node, string][] = [[a, b, '']];
  while (work.length > 0) {
    const [x, y, path] = work.pop()!;
    if (!sameNode(x, y)) return `at ${path || '#document'}:\n  reparse: ${nodeLine(x)}\n  parse:   ${nodeLine(y)}`;
    if (x.kind === 'element' || x.kind === 'document' || x.kind === 'fragment') {
      const yc = (y as typeof x).children;
      const xc = x.children;
      const here = `${path}/${x.kind === 'element' ? x.name : x.kind}`;
      if (xc.length !== yc.length) {
        const names = (cs: readonly Node[]) => cs.map((c) => (c.kind === 'element' ? c.name : c.kind)).join(',').slice(0, 400);
        return `at ${here}: ${xc.length} children, a full parse gives ${yc.length}\n  reparse: ${names(xc)}\n  parse:   ${names(yc)}`;
      }
      for (let i = xc.length - 1; i >= 0; i--) {
        if (xc[i].parent !== x) return `at ${here}[${i}]: the child has another parent`;
        work.push([xc[i], yc[i], `${here}[${i}]`]);
      }
      if (x.kind === 'element') {
        const yContent = (y as typeof x).content;
        if ((x.content === null) !== (yContent === null)) return `at ${here}: template contents differ`;
        if (x.content !== null) work.push([x.content, yContent!, `${here}#content`]);
      }
    }
  }
  return null;
}

/** Compares two error lists as their fingerprints would: null when equal, else the first difference. */
export function errorsDifference(a: readonly ParseError[], b: readonly ParseError[]): string | null {
  const line = (e: ParseError | undefined) => (e === undefined ? '(none)' : `${e.code} ${e.start}-${e.end}${e.related === undefined ? '' : ` related ${e.related.start}-${e.related.end}`}`);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = line(a[i]);
    const y = line(b[i]);
    if (x !== y) return `error ${i}:\n  reparse: ${x}\n  parse:   ${y}`;
  }
  return null;
}

/** The first line where two dumps differ, with a little context, each side labelled. */
export function firstDifference(a: string, b: string, left = 'ours', right = 'theirs'): string {
  const al = a.split('\n');
  const bl = b.split('\n');
  let i = 0;
  while (i < al.length && al[i] === bl[i]) i++;
  const width = Math.max(left.length, right.length) + 2;
  const pad = ' '.repeat(width + 2);
  return `line ${i + 1}:\n  ${(left + ':').padEnd(width)}${al.slice(i, i + 3).join('\n' + pad)}\n  ${(right + ':').padEnd(width)}${bl.slice(i, i + 3).join('\n' + pad)}`;
}
