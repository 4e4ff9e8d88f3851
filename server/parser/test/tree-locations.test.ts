/**
 * The location property: for every node the tree builder makes, from every
 * html5lib tree-construction input and every page of the b-pages corpus (and
 * their CRLF variants), the source at each recorded range is that markup:
 * - a start tag's range holds `<name ...>`, an end tag's `</name ...>`;
 * - an attribute's range holds that attribute (`name`, `name=value`, quoted or not);
 * - a comment's range holds a comment (`<!--`, `<?`, `<!` or `</`), a doctype's `<!doctype`;
 * - an element's range contains its tags; a parent's range contains its children's;
 * - a clone has no tag ranges and names the element it copies, which has source.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseFragment, type ChildNode, type Node, type Element } from '../out/tree/index';
import { corpus } from './support/shared-data';
import { loadTreeTests } from './support/tree-dat';

function lower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
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
    assert.ok(node.start >= 0 && node.start <= node.end && node.end <= input.length, `node range ${node.start}..${node.end}`);
    switch (node.kind) {
      case 'element': {
        const where = `<${node.name}> at ${node.start}`;
        if (node.cloneOf !== null) {
          assert.equal(node.startTag, null, `clone ${where} has a start tag`);
          assert.equal(node.endTag, null, `clone ${where} has an end tag`);
          assert.equal(node.cloneOf.cloneOf, null, `clone ${where} names another clone`);
          assert.equal(node.cloneOf.name, node.name, `clone ${where} copies another name`);
        }
        if (node.startTag !== null) {
          const source = input.slice(node.startTag.start, node.startTag.end);
          const names = sourceNames(node);
          assert.ok(
            names.some((n) => lower(source.slice(1, 1 + n.length)) === n && endsName(source[1 + n.length])) && source[0] === '<',
            `start tag of ${where}: ${JSON.stringify(source.slice(0, 80))}`,
          );
          assert.ok(source.endsWith('>'), `start tag of ${where} ends with >: ${JSON.stringify(source.slice(-40))}`);
          assert.ok(node.start <= node.startTag.start && node.startTag.end <= node.end, `${where} contains its start tag`);
          checked++;
        }
        if (node.endTag !== null) {
          const source = input.slice(node.endTag.start, node.endTag.end);
          const name = lower(node.name);
          assert.ok(
            source.startsWith('</') && lower(source.slice(2, 2 + name.length)) === name && endsName(source[2 + name.length]) && source.endsWith('>'),
            `end tag of ${where}: ${JSON.stringify(source.slice(0, 80))}`,
          );
          assert.ok(node.start <= node.endTag.start && node.endTag.end <= node.end, `${where} contains its end tag`);
          checked++;
        }
        for (const a of node.attributes) {
          const source = input.slice(a.start, a.end);
          const qualified = a.prefix === null ? a.name : `${a.prefix}:${a.name}`;
          assert.equal(lower(source.slice(0, qualified.length)), lower(qualified), `attribute ${qualified} of ${where}: ${JSON.stringify(source)}`);
          const rest = source.slice(qualified.length);
          if (a.valueStart === null) {
            assert.equal(rest, '', `attribute ${qualified} of ${where} without a value: ${JSON.stringify(source)}`);
          } else {
            assert.ok(/^[\t\n\f\r ]*=[\t\n\f\r ]*/.test(rest), `attribute ${qualified} of ${where}: ${JSON.stringify(source)}`);
            const value = input.slice(a.valueStart, a.valueEnd!);
            if (!/[&\0\r]/.test(value)) assert.equal(value, a.value, `value of ${qualified} of ${where}`);
            const quote = input[a.valueEnd!];
            const quoted = input[a.valueStart - 1] === quote && (quote === '"' || quote === "'");
            assert.equal(a.end, quoted ? a.valueEnd! + 1 : a.valueEnd!, `attribute ${qualified} of ${where} ends after its value`);
          }
          checked++;
        }
        break;
      }
      case 'comment': {
        const source = input.slice(node.start, node.end);
        if (node.end > node.start) assert.ok(/^<[!?/]/.test(source), `comment: ${JSON.stringify(source.slice(0, 40))}`);
        checked++;
        break;
      }
      case 'doctype': {
        const source = input.slice(node.start, node.end);
        assert.ok(/^<!doctype/i.test(source), `doctype: ${JSON.stringify(source.slice(0, 40))}`);
        checked++;
        break;
      }
      default:
        break;
    }
    const children: ChildNode[] = node.kind === 'document' || node.kind === 'fragment' || node.kind === 'element' ? node.children : [];
    for (const child of children) {
      assert.ok(node.start <= child.start && child.end <= node.end, `${node.kind} ${node.start}..${node.end} contains child ${child.kind} ${child.start}..${child.end}`);
      assert.equal(child.parent, node, `parent pointer of ${child.kind} at ${child.start}`);
      work.push(child);
    }
    if (node.kind === 'element' && node.content !== null) {
      const content = node.content;
      assert.ok(node.start <= content.start && content.end <= node.end, `template at ${node.start} contains its contents`);
      assert.equal(content.host, node, 'template contents host');
      work.push(content);
    }
  }
  return checked;
}

function crlf(input: string): string {
  return input.replace(/\r\n|\r|\n/g, '\r\n');
}

function listFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? listFiles(path) : [path];
    });
}

describe('tree locations', () => {
  it('html5lib tree-construction inputs, as they are and with CRLF line ends', () => {
    const tests = loadTreeTests();
    assert.ok(tests.length > 1700);
    let checked = 0;
    for (const test of tests) {
      for (const input of [test.data, crlf(test.data)]) {
        for (const scripting of test.scripting === null ? [true, false] : [test.scripting]) {
          try {
            if (test.fragment !== null) {
              checked += checkLocations(input, parseFragment(input, test.fragment.name, { scripting, contextNamespace: test.fragment.namespace }).fragment);
            } else {
              checked += checkLocations(input, parse(input, { scripting }).document);
            }
          } catch (e) {
            throw new Error(`${test.file}#${test.index} ${JSON.stringify(input)}: ${(e as Error).message}`);
          }
        }
      }
    }
    assert.ok(checked > 10000, `checked ${checked} ranges`);
  });

  it('every page of corpus/b-pages, as it is and with CRLF line ends', () => {
    const files = listFiles(corpus('b-pages')).filter((f) => f.endsWith('.html'));
    assert.ok(files.length >= 190, `expected the b-pages corpus, found ${files.length} files`);
    let checked = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const input of [text, crlf(text)]) {
        try {
          checked += checkLocations(input, parse(input).document);
        } catch (e) {
          throw new Error(`${file}${input === text ? '' : ' (CRLF)'}: ${(e as Error).message}`);
        }
      }
    }
    assert.ok(checked > 100000, `checked ${checked} ranges`);
  });
});
