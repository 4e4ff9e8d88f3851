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
import { parse, parseFragment } from '../out/tree/index';
import { checkLocations } from './support/tree-checks';
import { corpus } from './support/shared-data';
import { loadTreeTests } from './support/tree-dat';

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
