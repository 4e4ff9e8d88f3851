/**
 * Checks of the trees the parser builds, shared by the tree test suites.
 */
import { strict as assert } from 'node:assert';

/** `assert.ok`, building the message only on failure. */
function check(condition: boolean, message: () => string): void {
  if (!condition) assert.fail(message());
}

/** `assert.equal`, building the message only on failure. */
function same<T>(actual: T, expected: T, message: () => string): void {
  if (actual !== expected) assert.fail(`${message()}: ${JSON.stringify(actual)} !== ${JSON.stringify(expected)}`);
}
import type { ChildNode, Element, Node } from '../../out/tree/index';

/** A name as the tokenizer reads it: ASCII lowercase, NULL as U+FFFD. */
function lower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase()).replace(/\0/g, '\ufffd');
}

/** The name the source uses for an element's start tag (`image` for an img element made from `<image>`). */
function sourceNames(element: Element): string[] {
  const name = lower(element.name);
  return element.namespace === 'html' && name === 'img' ? ['img', 'image'] : [name];
}

/** What follows a tag name in the source: whitespace, `/` or `>`. */
function endsName(c: string | undefined): boolean {
  return c === undefined || c === '>' || c === '/' || c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
}

/** Checks one tree; returns the number of ranges checked. Iterative. */
export function checkLocations(input: string, root: Node): number {
  let checked = 0;
  const work: Node[] = [root];
  while (work.length > 0) {
    const node = work.pop()!;
    check(node.start >= 0 && node.start <= node.end && node.end <= input.length, () => `node range ${node.start}..${node.end}`);
    switch (node.kind) {
      case 'element': {
        if (node.cloneOf !== null) {
          same(node.startTag, null, () => `clone <${node.name}> at ${node.start} has a start tag`);
          same(node.endTag, null, () => `clone <${node.name}> at ${node.start} has an end tag`);
          same(node.cloneOf.cloneOf, null, () => `clone <${node.name}> at ${node.start} names another clone`);
          same(node.cloneOf.name, node.name, () => `clone <${node.name}> at ${node.start} copies another name`);
        }
        if (node.startTag !== null) {
          const source = input.slice(node.startTag.start, node.startTag.end);
          const names = sourceNames(node);
          check(
            names.some((n) => lower(source.slice(1, 1 + n.length)) === n && endsName(source[1 + n.length])) && source[0] === '<',
            () => `start tag of <${node.name}> at ${node.start}: ${JSON.stringify(source.slice(0, 80))}`,
          );
          check(source.endsWith('>'), () => `start tag of <${node.name}> at ${node.start} ends with >: ${JSON.stringify(source.slice(-40))}`);
          check(node.start <= node.startTag.start && node.startTag.end <= node.end, () => `<${node.name}> at ${node.start} contains its start tag`);
          checked++;
        }
        if (node.endTag !== null) {
          const source = input.slice(node.endTag.start, node.endTag.end);
          const name = lower(node.name);
          check(
            source.startsWith('</') && lower(source.slice(2, 2 + name.length)) === name && endsName(source[2 + name.length]) && source.endsWith('>'),
            () => `end tag of <${node.name}> at ${node.start}: ${JSON.stringify(source.slice(0, 80))}`,
          );
          check(node.start <= node.endTag.start && node.endTag.end <= node.end, () => `<${node.name}> at ${node.start} contains its end tag`);
          checked++;
        }
        for (const a of node.attributes) {
          const source = input.slice(a.start, a.end);
          const qualified = a.prefix === null ? a.name : `${a.prefix}:${a.name}`;
          same(lower(source.slice(0, qualified.length)), lower(qualified), () => `attribute ${qualified} of <${node.name}> at ${node.start}: ${JSON.stringify(source)}`);
          const rest = source.slice(qualified.length);
          if (a.valueStart === null) {
            same(rest, '', () => `attribute ${qualified} of <${node.name}> at ${node.start} without a value: ${JSON.stringify(source)}`);
          } else {
            check(/^[\t\n\f\r ]*=[\t\n\f\r ]*/.test(rest), () => `attribute ${qualified} of <${node.name}> at ${node.start}: ${JSON.stringify(source)}`);
            const value = input.slice(a.valueStart, a.valueEnd!);
            if (!/[&\0\r]/.test(value)) same(value, a.value, () => `value of ${qualified} of <${node.name}> at ${node.start}`);
            const quote = input[a.valueEnd!];
            const quoted = input[a.valueStart - 1] === quote && (quote === '"' || quote === "'");
            same(a.end, quoted ? a.valueEnd! + 1 : a.valueEnd!, () => `attribute ${qualified} of <${node.name}> at ${node.start} ends after its value`);
          }
          checked++;
        }
        break;
      }
      case 'comment': {
        const source = input.slice(node.start, node.end);
        if (node.end > node.start) check(/^<[!?/]/.test(source), () => `comment: ${JSON.stringify(source.slice(0, 40))}`);
        checked++;
        break;
      }
      case 'processingInstruction': {
        // `<?target`, then the data (as the tokenizer read it) and `>` or `?>`.
        const source = input.slice(node.start, node.end);
        check(source.startsWith(`<?${node.target}`) && source.endsWith('>'), () => `processing instruction: ${JSON.stringify(source.slice(0, 40))}`);
        checked++;
        break;
      }
      case 'doctype': {
        const source = input.slice(node.start, node.end);
        check(/^<!doctype/i.test(source), () => `doctype: ${JSON.stringify(source.slice(0, 40))}`);
        checked++;
        break;
      }
      default:
        break;
    }
    const children: ChildNode[] = node.kind === 'document' || node.kind === 'fragment' || node.kind === 'element' ? node.children : [];
    for (const child of children) {
      check(node.start <= child.start && child.end <= node.end, () => `${node.kind} ${node.start}..${node.end} contains child ${child.kind} ${child.start}..${child.end}`);
      same(child.parent, node, () => `parent pointer of ${child.kind} at ${child.start}`);
      work.push(child);
    }
    if (node.kind === 'element' && node.content !== null) {
      const content = node.content;
      check(node.start <= content.start && content.end <= node.end, () => `template at ${node.start} contains its contents`);
      same(content.host, node, () => 'template contents host');
      work.push(content);
    }
  }
  return checked;
}

