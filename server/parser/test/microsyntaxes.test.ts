/**
 * Unit tests for the common microsyntaxes: boolean attributes, keywords and
 * enumerated attributes, colors, tokens and references (numbers:
 * microsyntaxes-numbers.test.ts; dates and times: microsyntaxes-dates-and-times.test.ts).
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html
 *
 * Every expected value below was worked out by hand from the spec's steps and
 * definitions (the examples quoted from the spec say so), not recorded from a run.
 */
import { strict as assert } from 'node:assert';
import {
  EnumeratedAttribute,
  booleanAttributeValue,
  canonicalKeyword,
  checkBooleanAttributeValue,
  checkEnumeratedAttributeValue,
  checkSetOfCommaSeparatedTokens,
  checkSetOfSpaceSeparatedTokens,
  checkValidHashNameReference,
  determineTheStateOfAnAttribute,
  hashNameReferenceName,
  isConformingEnumeratedAttributeValue,
  isOrderedSetOfUniqueSpaceSeparatedTokens,
  isUnorderedSetOfUniqueSpaceSeparatedTokens,
  isValidBooleanAttributeValue,
  isValidHashNameReference,
  isValidLowercaseSimpleColor,
  isValidSimpleColor,
  parseADateOrTimeString,
  parseADateString,
  parseAGlobalDateAndTimeString,
  parseAHashNameReference,
  parseALegacyColorValue,
  parseALocalDateAndTimeString,
  parseAMonthString,
  parseATimeString,
  parseAWeekString,
  parseDimensionValue,
  parseNonzeroDimensionValue,
  parseSimpleColorValue,
  serializeSimpleColorValue,
  splitOnAsciiWhitespace,
  splitOnCommas,
  tokensOfASetOfCommaSeparatedTokens,
  tokensOfASetOfSpaceSeparatedTokens,
} from '../out/microsyntaxes/index';
import { checkAttributes, parse } from '../out/index';
import { assertChecked, assertFails, assertParses, utc } from './support/microsyntax-assertions';

// ---------------------------------------------------------------------------
// Boolean attributes
// ---------------------------------------------------------------------------

describe('microsyntaxes: boolean attributes', () => {
  it('presence is true, absence is false (even for the value "false")', () => {
    assert.equal(booleanAttributeValue(null), false);
    assert.equal(booleanAttributeValue(''), true);
    assert.equal(booleanAttributeValue('checked'), true);
    assert.equal(booleanAttributeValue('false'), true);
  });

  it('the spec example: checked, checked=checked and checked="" are equivalent and valid', () => {
    assert.ok(isValidBooleanAttributeValue('', 'checked'));
    assert.ok(isValidBooleanAttributeValue('checked', 'checked'));
    assert.ok(isValidBooleanAttributeValue('', 'disabled'));
    assert.ok(isValidBooleanAttributeValue('disabled', 'disabled'));
  });

  it('matches the canonical name ASCII case-insensitively', () => {
    assert.ok(isValidBooleanAttributeValue('CHECKED', 'checked'));
    assert.ok(isValidBooleanAttributeValue('Disabled', 'disabled'));
  });

  it('rejects "true", "false", other names and surrounding whitespace', () => {
    assert.equal(isValidBooleanAttributeValue('true', 'checked'), false);
    assert.equal(isValidBooleanAttributeValue('false', 'checked'), false);
    assert.equal(isValidBooleanAttributeValue('disabled', 'checked'), false);
    assert.equal(checkBooleanAttributeValue(' checked', 'checked')?.position, 0);
    assert.equal(checkBooleanAttributeValue('checked ', 'checked')?.position, 7);
  });
});

// ---------------------------------------------------------------------------
// Keywords and enumerated attributes
// ---------------------------------------------------------------------------

describe('microsyntaxes: keywords and enumerated attributes', () => {
  type Cors = 'no-cors' | 'anonymous' | 'use-credentials';
  const crossorigin: EnumeratedAttribute<Cors> = {
    keywords: [
      { keyword: 'anonymous', state: 'anonymous' },
      { keyword: '', state: 'anonymous' },
      { keyword: 'use-credentials', state: 'use-credentials' },
    ],
    missingValueDefault: 'no-cors',
    invalidValueDefault: 'anonymous',
  };

  it('a missing attribute takes the missing value default', () => {
    assert.equal(determineTheStateOfAnAttribute(crossorigin, null), 'no-cors');
  });

  it('keywords match ASCII case-insensitively; the empty string can be a keyword', () => {
    assert.equal(determineTheStateOfAnAttribute(crossorigin, 'anonymous'), 'anonymous');
    assert.equal(determineTheStateOfAnAttribute(crossorigin, 'ANONYMOUS'), 'anonymous');
    assert.equal(determineTheStateOfAnAttribute(crossorigin, 'Use-Credentials'), 'use-credentials');
    assert.equal(determineTheStateOfAnAttribute(crossorigin, ''), 'anonymous');
  });

  it('anything else takes the invalid value default, including surrounding whitespace', () => {
    assert.equal(determineTheStateOfAnAttribute(crossorigin, 'foo'), 'anonymous');
    assert.equal(determineTheStateOfAnAttribute(crossorigin, ' use-credentials'), 'anonymous');
  });

  it('the missing value default applies only when missing, not to the empty string', () => {
    const attr: EnumeratedAttribute<string> = {
      keywords: [{ keyword: 'on', state: 'On' }],
      missingValueDefault: 'Missing',
      invalidValueDefault: 'Invalid',
    };
    assert.equal(determineTheStateOfAnAttribute(attr, ''), 'Invalid');
    assert.equal(determineTheStateOfAnAttribute(attr, null), 'Missing');
  });

  it('no default gives no state', () => {
    const attr: EnumeratedAttribute<string> = { keywords: [{ keyword: 'on', state: 'On' }] };
    assert.equal(determineTheStateOfAnAttribute(attr, null), null);
    assert.equal(determineTheStateOfAnAttribute(attr, 'off'), null);
  });

  it('an empty value default (living standard) applies to the empty string only', () => {
    const attr: EnumeratedAttribute<string> = {
      keywords: [
        { keyword: 'true', state: 'True' },
        { keyword: 'false', state: 'False' },
      ],
      emptyValueDefault: 'True',
      invalidValueDefault: 'Inherit',
    };
    assert.equal(determineTheStateOfAnAttribute(attr, ''), 'True');
    assert.equal(determineTheStateOfAnAttribute(attr, 'x'), 'Inherit');
    assert.ok(isConformingEnumeratedAttributeValue(attr, ''));
  });

  it('authoring conformance: a conforming keyword with no surrounding whitespace', () => {
    assert.ok(isConformingEnumeratedAttributeValue(crossorigin, 'USE-CREDENTIALS'));
    assert.ok(isConformingEnumeratedAttributeValue(crossorigin, ''));
    assert.equal(isConformingEnumeratedAttributeValue(crossorigin, 'foo'), false);
    assert.equal(checkEnumeratedAttributeValue(crossorigin, 'anonymous ')?.position, 9);
    const withObsolete: EnumeratedAttribute<string> = {
      keywords: [
        { keyword: 'yes', state: 'Yes' },
        { keyword: 'true', state: 'Yes', conforming: false },
      ],
    };
    assert.equal(determineTheStateOfAnAttribute(withObsolete, 'true'), 'Yes');
    assert.equal(isConformingEnumeratedAttributeValue(withObsolete, 'true'), false);
  });

  it('canonical keywords', () => {
    assert.equal(canonicalKeyword(crossorigin, 'use-credentials'), 'use-credentials');
    // Two conforming keywords, one of them the empty string.
    assert.equal(canonicalKeyword(crossorigin, 'anonymous'), 'anonymous');
    // No keyword maps to the missing value default's state.
    assert.equal(canonicalKeyword(crossorigin, 'no-cors'), null);
    const attr: EnumeratedAttribute<string> = {
      keywords: [
        { keyword: 'yes', state: 'Yes' },
        { keyword: 'true', state: 'Yes', conforming: false },
        { keyword: 'a', state: 'AB' },
        { keyword: 'b', state: 'AB' },
      ],
      canonicalKeywords: new Map([['AB', 'b']]),
    };
    assert.equal(canonicalKeyword(attr, 'Yes'), 'yes');
    assert.equal(canonicalKeyword(attr, 'AB'), 'b');
  });
});

// ---------------------------------------------------------------------------
// Colors
// ---------------------------------------------------------------------------

describe('microsyntaxes: colors', () => {
  it('simple colors', () => {
    assertParses(parseSimpleColorValue('#ff8000'), { red: 255, green: 128, blue: 0 });
    assertParses(parseSimpleColorValue('#FF8000'), { red: 255, green: 128, blue: 0 });
    assertFails(parseSimpleColorValue('#ff800'), 0);
    assertFails(parseSimpleColorValue('ff8000a'), 0);
    assertFails(parseSimpleColorValue('#ff80g0'), 5);
    assert.ok(isValidSimpleColor('#FF8000'));
    assert.ok(isValidLowercaseSimpleColor('#ff8000'));
    assert.equal(isValidLowercaseSimpleColor('#FF8000'), false);
    assert.equal(isValidSimpleColor('red'), false);
  });

  it('serializes simple colors with lowercase, zero-padded hex digits', () => {
    assert.equal(serializeSimpleColorValue({ red: 255, green: 128, blue: 0 }), '#ff8000');
    assert.equal(serializeSimpleColorValue({ red: 0, green: 10, blue: 1 }), '#000a01');
  });

  it('legacy colors: failures', () => {
    assertFails(parseALegacyColorValue(''));
    assertFails(parseALegacyColorValue('transparent'));
    assertFails(parseALegacyColorValue(' TransParent '));
  });

  it('legacy colors: named colors, ASCII case-insensitively, after stripping whitespace', () => {
    assertParses(parseALegacyColorValue('red'), { red: 255, green: 0, blue: 0 });
    assertParses(parseALegacyColorValue(' RED\n'), { red: 255, green: 0, blue: 0 });
    assertParses(parseALegacyColorValue('rebeccapurple'), { red: 0x66, green: 0x33, blue: 0x99 });
    assertParses(parseALegacyColorValue('LightGoldenrodYellow'), { red: 0xfa, green: 0xfa, blue: 0xd2 });
  });

  it('legacy colors: "#rgb" multiplies each digit by 17', () => {
    assertParses(parseALegacyColorValue('#fff'), { red: 255, green: 255, blue: 255 });
    assertParses(parseALegacyColorValue('#F0a'), { red: 255, green: 0, blue: 170 });
  });

  it('legacy colors: everything else is read as hex digits', () => {
    // Three characters without "#": components of length 1.
    assertParses(parseALegacyColorValue('fff'), { red: 15, green: 15, blue: 15 });
    assertParses(parseALegacyColorValue('#ff0000'), { red: 255, green: 0, blue: 0 });
    // "c00c0000000" -> padded to 12 -> "c00c", "0000", "0000" -> first two digits.
    assertParses(parseALegacyColorValue('chucknorris'), { red: 0xc0, green: 0, blue: 0 });
    // "1234567890" -> "123456789000" -> "1234", "5678", "9000" -> "12", "56", "90".
    assertParses(parseALegacyColorValue('#1234567890'), { red: 0x12, green: 0x56, blue: 0x90 });
    // Step 13: leading zeros common to all three components are dropped first.
    assertParses(parseALegacyColorValue('000100020003'), { red: 1, green: 2, blue: 3 });
    // Step 12: components longer than 8 keep their last 8 characters.
    assertParses(parseALegacyColorValue('110000000022000000003300000000'), { red: 0, green: 0, blue: 0 });
    // Whitespace only: stripped to the empty string, then padded to "000".
    assertParses(parseALegacyColorValue(' '), { red: 0, green: 0, blue: 0 });
  });

  it('legacy colors: code points above U+FFFF become "00"', () => {
    // "#😀" is four code units but two code points, so step 5 does not apply; step 6 gives "#00".
    assertParses(parseALegacyColorValue('#\u{1F600}'), { red: 0, green: 0, blue: 0 });
    // "a😀bcd" -> "a00bcd" -> "a0", "0b", "cd".
    assertParses(parseALegacyColorValue('a\u{1F600}bcd'), { red: 0xa0, green: 0x0b, blue: 0xcd });
  });
});

// ---------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------

describe('microsyntaxes: space-separated tokens', () => {
  it('splits on ASCII whitespace, with leading and trailing whitespace allowed', () => {
    assert.deepEqual(splitOnAsciiWhitespace('  a\tb\n\nc\f\r '), ['a', 'b', 'c']);
    assert.deepEqual(splitOnAsciiWhitespace(''), []);
    assert.deepEqual(splitOnAsciiWhitespace(' \u00a0 '), ['\u00a0']);
    assert.deepEqual(tokensOfASetOfSpaceSeparatedTokens(' a  bc'), [
      { value: 'a', start: 1 },
      { value: 'bc', start: 4 },
    ]);
  });

  it('unique sets: comparison is per set', () => {
    assert.ok(isUnorderedSetOfUniqueSpaceSeparatedTokens('a b c'));
    assert.equal(isUnorderedSetOfUniqueSpaceSeparatedTokens('a b a'), false);
    assert.ok(isUnorderedSetOfUniqueSpaceSeparatedTokens('a A'));
    assert.equal(isUnorderedSetOfUniqueSpaceSeparatedTokens('a A', 'ascii-case-insensitive'), false);
    assert.equal(isOrderedSetOfUniqueSpaceSeparatedTokens('x y x'), false);
    assert.equal(checkSetOfSpaceSeparatedTokens('a b a', { unique: true })?.position, 4);
  });

  it('allowed values', () => {
    assert.equal(checkSetOfSpaceSeparatedTokens('foo bar', { allowedValues: ['foo'] })?.position, 4);
    assert.equal(checkSetOfSpaceSeparatedTokens('FOO', { allowedValues: ['foo'], comparison: 'ascii-case-insensitive' }), null);
    assert.equal(checkSetOfSpaceSeparatedTokens('anything goes'), null);
  });
});

describe('microsyntaxes: comma-separated tokens', () => {
  it('the spec example: " a ,b,,d d " is "a", "b", the empty string and "d d"', () => {
    assert.deepEqual(splitOnCommas(' a ,b,,d d '), ['a', 'b', '', 'd d']);
    assert.deepEqual(
      tokensOfASetOfCommaSeparatedTokens(' a ,b,,d d ').map((t) => t.value),
      ['a', 'b', '', 'd d'],
    );
    assert.deepEqual(tokensOfASetOfCommaSeparatedTokens(' a ,b,,d d ').map((t) => t.start), [1, 4, 6, 7]);
  });

  it('Infra drops a token after a final comma; the set definition does not', () => {
    assert.deepEqual(splitOnCommas('a,'), ['a']);
    assert.deepEqual(splitOnCommas(''), []);
    assert.deepEqual(
      tokensOfASetOfCommaSeparatedTokens('a,').map((t) => t.value),
      ['a', ''],
    );
    assert.deepEqual(tokensOfASetOfCommaSeparatedTokens('  '), []);
  });

  it('restrictions', () => {
    const nonEmpty = (t: string): string | null => (t === '' ? 'empty token' : null);
    assert.equal(checkSetOfCommaSeparatedTokens('a,,b', nonEmpty)?.position, 2);
    assert.equal(checkSetOfCommaSeparatedTokens('a, b', nonEmpty), null);
    assert.equal(checkSetOfCommaSeparatedTokens(',,'), null);
  });
});

// ---------------------------------------------------------------------------
// References
// ---------------------------------------------------------------------------

describe('microsyntaxes: hash-name references', () => {
  interface FakeElement {
    id: string | null;
    name: string | null;
  }
  const get = (e: FakeElement, attribute: 'id' | 'name'): string | null => e[attribute];
  const byId: FakeElement = { id: 'm', name: null };
  const byName: FakeElement = { id: null, name: 'm' };
  const other: FakeElement = { id: 'a', name: 'b' };

  it('the name after the first "#"', () => {
    assertParses(hashNameReferenceName('#map'), 'map');
    assertParses(hashNameReferenceName('page.html#map'), 'map');
    assertParses(hashNameReferenceName('##x'), '#x');
    assertFails(hashNameReferenceName('map'), 0);
    assertFails(hashNameReferenceName('map#'), 3);
  });

  it('returns the first element in tree order with a matching id or name', () => {
    assert.equal(parseAHashNameReference('#m', [other, byId, byName], get), byId);
    assert.equal(parseAHashNameReference('#m', [byName, byId], get), byName);
    assert.equal(parseAHashNameReference('#b', [other], get), other);
    assert.equal(parseAHashNameReference('#zz', [other, byId], get), null);
    assert.equal(parseAHashNameReference('m', [byId], get), null);
    assert.equal(parseAHashNameReference('#', [byId], get), null);
  });

  it('a valid reference matches a name attribute; an id match is a conformance error', () => {
    assert.ok(isValidHashNameReference('#m', [byName], get));
    assert.equal(isValidHashNameReference('#m', [byId], get), false);
    assert.equal(checkValidHashNameReference('#m', [byId], get)?.position, 1);
    assert.equal(isValidHashNameReference('m', [byName], get), false);
    assert.equal(isValidHashNameReference('x#m', [byName], get), false);
  });
});

// ---------------------------------------------------------------------------
// The seed's markup examples, and boundary cases the steps imply
// ---------------------------------------------------------------------------

describe('microsyntaxes: the boolean attribute examples as markup, and more boundary cases', () => {
  it('the three checkbox examples are equivalent: checked and disabled present, all valid', () => {
    const examples = [
      '<label><input type=checkbox checked name=cheese disabled> Cheese</label>',
      '<label><input type=checkbox checked=checked name=cheese disabled=disabled> Cheese</label>',
      "<label><input type='checkbox' checked name=cheese disabled=\"\"> Cheese</label>",
    ];
    for (const html of examples) {
      const { document } = parse(html);
      const stack = [...document.children];
      let input: { attributes: { name: string; value: string }[] } | null = null;
      while (stack.length > 0 && input === null) {
        const node = stack.pop()!;
        if (node.kind !== 'element') continue;
        if (node.name === 'input') input = node;
        stack.push(...node.children);
      }
      assert.ok(input, html);
      const value = (name: string) => input!.attributes.find((a) => a.name === name)?.value ?? null;
      assert.equal(booleanAttributeValue(value('checked')), true, html);
      assert.equal(booleanAttributeValue(value('disabled')), true, html);
      assert.equal(booleanAttributeValue(value('required')), false, html);
      assert.ok(isValidBooleanAttributeValue(value('checked')!, 'checked'), html);
      assert.deepEqual(checkAttributes(document), [], html);
    }
  });

  it('dates and times take no leading whitespace and no sign', () => {
    for (const s of [' 2024-01-01', '+2024-01-01', '-2024-01-01', '2024-01-01 ']) assertFails(parseADateString(s));
    assertFails(parseAMonthString(' 2024-01'), 0);
    assertFails(parseAWeekString('+2024-W01'), 0);
    assertFails(parseATimeString(' 10:00'), 0);
    assertFails(parseATimeString('+10:00'), 0);
  });

  it('24:00 is not a time anywhere, not even in a global date and time', () => {
    assertFails(parseAGlobalDateAndTimeString('2024-02-29T24:00Z'), 11);
    assertFails(parseALocalDateAndTimeString('2024-02-29T24:00'), 11);
    assertFails(parseADateOrTimeString('24:00'), 0);
    assertChecked(parseATimeString('00:00'), { hour: 0, minute: 0, second: 0 }, true);
  });

  it('the leap day in a global date and time, across the offset', () => {
    const r = parseAGlobalDateAndTimeString('2024-02-29T23:30-01:00');
    assert.ok(r.ok && r.valid);
    assert.equal(r.value.epochMilliseconds, utc(2024, 3, 1, 0, 30));
    assertFails(parseAGlobalDateAndTimeString('2023-02-29T10:00Z'), 8);
  });

  it('-0 and +0 as dimensions: the sign is not a digit', () => {
    assertFails(parseDimensionValue('-0'), 0);
    assertFails(parseDimensionValue('+0'), 0);
    assertParses(parseDimensionValue(' 0'), { value: 0, kind: 'length' });
    assertFails(parseNonzeroDimensionValue('0%'), 0);
  });
});
