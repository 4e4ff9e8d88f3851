/**
 * The attribute checks' fast path for URLs (`isPlainRelativeUrl`, urls.ts): a value it accepts must be one that
 * https://html.spec.whatwg.org/multipage/urls-and-fetching.html#valid-url-potentially-surrounded-by-spaces (and its
 * non-empty form) accepts, as `checkValidUrlPotentiallySurroundedBySpaces` reads it: the fast path may only skip work.
 *
 * The expected verdicts below follow https://url.spec.whatwg.org/#valid-url-string by hand: a scheme is "an ASCII
 * alpha, followed by zero or more of ASCII alphanumeric, U+002B (+), U+002D (-), and U+002E (.)" before ":"
 * (https://url.spec.whatwg.org/#url-scheme-string); a URL string has at most one "#" before its fragment.
 */
import { strict as assert } from 'node:assert';
import { checkValidUrlPotentiallySurroundedBySpaces, isPlainRelativeUrl } from '../out/microsyntaxes/urls';

describe('isPlainRelativeUrl (the attribute checks\' fast path for URLs)', () => {
  const plain = ['a', 'library/os.html', 'os.html#os.path', '/x/y?z=1&w=2', '?q', '#top', '1:b', 'a.b/c:d', 'ab#c:d', './x', '../x', "a!$&'()*+,;=@_~-"];
  for (const value of plain) {
    it(`takes ${JSON.stringify(value)} as a plain relative URL, which the full check finds valid`, () => {
      assert.equal(isPlainRelativeUrl(value), true);
      assert.equal(checkValidUrlPotentiallySurroundedBySpaces(value, false), null);
      assert.equal(checkValidUrlPotentiallySurroundedBySpaces(value, true), null);
    });
  }

  // Left to the full check: a scheme (even a valid one), a "//" start, white space, "%", a second "#", non-ASCII, empty.
  const leftOut = ['https://example.com/', 'mailto:a@b', 'a+b.c-d:x', 'javascript:void(0)', '//cdn.example/x', ' a', 'a ', 'a b', '%20', 'a#b#c', 'caf\u00e9', '', 'a\\b', 'a"b', 'a<b', '[::1]'];
  for (const value of leftOut) {
    it(`leaves ${JSON.stringify(value)} to the full check`, () => {
      assert.equal(isPlainRelativeUrl(value), false);
    });
  }

  it('accepts no value that the full check reports, over 20,000 seeded strings of URL-ish characters', () => {
    // A seeded generator (mulberry32), so that a failure is reproducible.
    let seed = 0x2f1c3a;
    const random = (): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const alphabet = ['a', 'Z', '0', '9', ':', '/', '#', '?', '.', '+', '-', '%', ' ', '\t', '\\', '[', ']', '@', '\u00e9', '"', '~'];
    let accepted = 0;
    let rejected = 0;
    for (let n = 0; n < 20000; n++) {
      let value = '';
      const length = Math.floor(random() * 8);
      for (let i = 0; i < length; i++) value += alphabet[Math.floor(random() * alphabet.length)];
      if (!isPlainRelativeUrl(value)) {
        rejected++;
        continue;
      }
      accepted++;
      assert.equal(checkValidUrlPotentiallySurroundedBySpaces(value, false), null, JSON.stringify(value));
      assert.equal(checkValidUrlPotentiallySurroundedBySpaces(value, true), null, JSON.stringify(value));
    }
    // Both verdicts were exercised.
    assert.ok(accepted > 1000 && rejected > 1000, `accepted ${accepted}, rejected ${rejected}`);
  });
});
