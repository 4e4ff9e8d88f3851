/**
 * Colors: simple colors and legacy color values.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#colours
 *
 * The simple color definitions and algorithms come from the snapshot of the
 * section this module was written from (seed 002). The living standard has
 * since dropped them from this section, so their anchors may no longer resolve.
 */
import {
  LATIN_CAPITAL_LETTER_A,
  LATIN_CAPITAL_LETTER_F,
  NUMBER_SIGN,
  describeCharacterAt,
  hexDigitValue,
  isAsciiCaseInsensitiveMatch,
  isAsciiHexDigit,
  asciiLowercase,
  stripLeadingAndTrailingAsciiWhitespace,
} from './infra';
import { MicrosyntaxError, ParseResult, failure, nonConformance, success } from './parse-result';

/**
 * A simple color: "three 8-bit numbers in the range 0..255, representing the red, green, and blue components of the
 * color respectively, in the 'srgb' color space". The rules for parsing a legacy color value return a CSS color with
 * these components (and full opacity).
 */
export interface SimpleColor {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
}

// ---------------------------------------------------------------------------
// Simple colors
// ---------------------------------------------------------------------------

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-simple-colour
 * "exactly seven characters long, and the first character is a U+0023 NUMBER SIGN character (#), and the remaining
 * six characters are all ASCII hex digits".
 */
export function checkValidSimpleColor(input: string): MicrosyntaxError | null {
  const result = parseSimpleColorValue(input);
  return result.ok ? null : nonConformance(result.position, result.reason);
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-simple-colour */
export function isValidSimpleColor(input: string): boolean {
  return parseSimpleColorValue(input).ok;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-lowercase-simple-colour
 * "a valid simple color and doesn't use any characters in the range U+0041 LATIN CAPITAL LETTER A to U+0046 LATIN
 * CAPITAL LETTER F".
 */
export function checkValidLowercaseSimpleColor(input: string): MicrosyntaxError | null {
  const error = checkValidSimpleColor(input);
  if (error) return error;
  for (let i = 1; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c >= LATIN_CAPITAL_LETTER_A && c <= LATIN_CAPITAL_LETTER_F) {
      return nonConformance(i, 'a lowercase simple color uses lowercase hex digits');
    }
  }
  return null;
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-lowercase-simple-colour */
export function isValidLowercaseSimpleColor(input: string): boolean {
  return checkValidLowercaseSimpleColor(input) === null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-simple-colour-values
 * The rules accept exactly the valid simple colors.
 */
export function parseSimpleColorValue(input: string): ParseResult<SimpleColor> {
  // Step 1. Let input be the string being parsed.
  // Step 2. If input is not exactly seven characters long, then return an error.
  if (input.length !== 7) return failure(0, `a simple color is exactly seven characters long ("#" and six hex digits)`);
  // Step 3. If the first character in input is not a U+0023 NUMBER SIGN character (#), then return an error.
  if (input.charCodeAt(0) !== NUMBER_SIGN) return failure(0, `expected "#", found ${describeCharacterAt(input, 0)}`);
  // Step 4. If the last six characters of input are not all ASCII hex digits, then return an error.
  for (let i = 1; i < 7; i++) {
    if (!isAsciiHexDigit(input.charCodeAt(i))) {
      return failure(i, `expected a hex digit, found ${describeCharacterAt(input, i)}`);
    }
  }
  // Step 5. Let result be a simple color.
  // Step 6. Interpret the second and third characters as a hexadecimal number and let the result be the red component
  // of result.
  // Step 7. Interpret the fourth and fifth characters as a hexadecimal number and let the result be the green
  // component of result.
  // Step 8. Interpret the sixth and seventh characters as a hexadecimal number and let the result be the blue
  // component of result.
  // Step 9. Return result.
  return success({ red: hexPair(input, 1), green: hexPair(input, 3), blue: hexPair(input, 5) });
}

function hexPair(input: string, index: number): number {
  return hexDigitValue(input.charCodeAt(index)) * 16 + hexDigitValue(input.charCodeAt(index + 1));
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-serialising-simple-colour-values */
export function serializeSimpleColorValue(color: SimpleColor): string {
  // Step 1. Let result be a string consisting of a single U+0023 NUMBER SIGN character (#).
  // Step 2. Convert the red, green, and blue components in turn to two-digit hexadecimal numbers using ASCII lower hex
  // digits, zero-padding if necessary, and append these numbers to result, in the order red, green, blue.
  // Step 3. Return result, which will be a valid lowercase simple color.
  return '#' + hexByte(color.red) + hexByte(color.green) + hexByte(color.blue);
}

function hexByte(n: number): string {
  return n.toString(16).padStart(2, '0');
}

// ---------------------------------------------------------------------------
// Legacy colors
// ---------------------------------------------------------------------------

/**
 * The CSS named colors and their sRGB values, as "name rrggbb" pairs.
 * https://drafts.csswg.org/css-color/#named-colors
 */
const NAMED_COLORS_TABLE =
  'aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc bisque ffe4c4 ' +
  'black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a burlywood deb887 ' +
  'cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50 cornflowerblue 6495ed cornsilk fff8dc ' +
  'crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b darkgoldenrod b8860b darkgray a9a9a9 ' +
  'darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b darkmagenta 8b008b darkolivegreen 556b2f ' +
  'darkorange ff8c00 darkorchid 9932cc darkred 8b0000 darksalmon e9967a darkseagreen 8fbc8f ' +
  'darkslateblue 483d8b darkslategray 2f4f4f darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 ' +
  'deeppink ff1493 deepskyblue 00bfff dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick b22222 ' +
  'floralwhite fffaf0 forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 ' +
  'goldenrod daa520 gray 808080 green 008000 greenyellow adff2f grey 808080 honeydew f0fff0 hotpink ff69b4 ' +
  'indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa lavenderblush fff0f5 ' +
  'lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080 lightcyan e0ffff ' +
  'lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 ' +
  'lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa lightslategray 778899 lightslategrey 778899 ' +
  'lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00 limegreen 32cd32 linen faf0e6 magenta ff00ff ' +
  'maroon 800000 mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db ' +
  'mediumseagreen 3cb371 mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc ' +
  'mediumvioletred c71585 midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 ' +
  'navajowhite ffdead navy 000080 oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 ' +
  'orangered ff4500 orchid da70d6 palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee ' +
  'palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 peru cd853f pink ffc0cb plum dda0dd ' +
  'powderblue b0e0e6 purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1 ' +
  'saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d ' +
  'silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa ' +
  'springgreen 00ff7f steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347 ' +
  'turquoise 40e0d0 violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32';

let namedColors: Map<string, SimpleColor> | null = null;

/** https://drafts.csswg.org/css-color/#named-color, looked up ASCII case-insensitively. */
export function namedColor(name: string): SimpleColor | null {
  if (namedColors === null) {
    namedColors = new Map();
    const parts = NAMED_COLORS_TABLE.split(' ');
    for (let i = 0; i < parts.length; i += 2) {
      const hex = parts[i + 1];
      namedColors.set(parts[i], { red: hexPair(hex, 0), green: hexPair(hex, 2), blue: hexPair(hex, 4) });
    }
  }
  return namedColors.get(asciiLowercase(name)) ?? null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-legacy-colour-value
 * Returns a color or failure. (The section defines no "valid legacy color", so there is no validity flag.)
 */
export function parseALegacyColorValue(input: string): ParseResult<SimpleColor> {
  // Step 1. If input is the empty string, then return failure.
  if (input.length === 0) return failure(0, 'a color cannot be the empty string');
  // Step 2. Strip leading and trailing ASCII whitespace from input.
  input = stripLeadingAndTrailingAsciiWhitespace(input);
  // Step 3. If input is an ASCII case-insensitive match for "transparent", then return failure.
  if (isAsciiCaseInsensitiveMatch(input, 'transparent')) return failure(0, '"transparent" is not a legacy color');
  // Step 4. If input is an ASCII case-insensitive match for one of the named colors, then return the CSS color
  // corresponding to that keyword. (CSS2 System Colors are not recognized.)
  const named = namedColor(input);
  if (named) return success(named);
  // Step 5. If input's code point length is four, and the first character in input is U+0023 (#), and the last three
  // characters of input are all ASCII hex digits, then:
  // (Four code points that are "#" and three ASCII hex digits are also four code units.)
  if (
    input.length === 4 &&
    input.charCodeAt(0) === NUMBER_SIGN &&
    isAsciiHexDigit(input.charCodeAt(1)) &&
    isAsciiHexDigit(input.charCodeAt(2)) &&
    isAsciiHexDigit(input.charCodeAt(3))
  ) {
    // Step 5.1. Let result be a CSS color.
    // Step 5.2. Interpret the second character of input as a hexadecimal digit; let the red component of result be
    // the resulting number multiplied by 17.
    // Step 5.3. Interpret the third character of input as a hexadecimal digit; let the green component of result be
    // the resulting number multiplied by 17.
    // Step 5.4. Interpret the fourth character of input as a hexadecimal digit; let the blue component of result be
    // the resulting number multiplied by 17.
    // Step 5.5. Return result.
    return success({
      red: hexDigitValue(input.charCodeAt(1)) * 17,
      green: hexDigitValue(input.charCodeAt(2)) * 17,
      blue: hexDigitValue(input.charCodeAt(3)) * 17,
    });
  }
  // Step 6. Replace any code points greater than U+FFFF in input (i.e., any characters that are not in the basic
  // multilingual plane) with "00".
  // (A surrogate pair is one code point above U+FFFF; a lone surrogate is a code point of its own.)
  input = input.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '00');
  // Step 7. If input's code point length is greater than 128, truncate input, leaving only the first 128 characters.
  // (After step 6 every code point is one code unit.)
  if (input.length > 128) input = input.slice(0, 128);
  // Step 8. If the first character in input is U+0023 (#), then remove it.
  if (input.charCodeAt(0) === NUMBER_SIGN) input = input.slice(1);
  // Step 9. Replace any character in input that is not an ASCII hex digit with U+0030 (0).
  // (We keep the digits' values rather than characters: U+0030 is the value 0.)
  const digits: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    digits.push(isAsciiHexDigit(c) ? hexDigitValue(c) : 0);
  }
  // Step 10. While input's code point length is zero or not a multiple of three, append U+0030 (0) to input.
  while (digits.length === 0 || digits.length % 3 !== 0) digits.push(0);
  // Step 11. Split input into three strings of equal code point length, to obtain three components. Let length be the
  // code point length that all of those components have (one third the code point length of input).
  let length = digits.length / 3;
  const starts = [0, length, 2 * length];
  // Step 12. If length is greater than 8, then remove the leading length-8 characters in each component, and let
  // length be 8.
  if (length > 8) {
    for (let i = 0; i < 3; i++) starts[i] += length - 8;
    length = 8;
  }
  // Step 13. While length is greater than two and the first character in each component is U+0030 (0), remove that
  // character and reduce length by one.
  while (length > 2 && digits[starts[0]] === 0 && digits[starts[1]] === 0 && digits[starts[2]] === 0) {
    for (let i = 0; i < 3; i++) starts[i]++;
    length--;
  }
  // Step 14. If length is still greater than two, truncate each component, leaving only the first two characters in
  // each.
  if (length > 2) length = 2;
  // Step 15. Let result be a CSS color.
  // Step 16. Interpret the first component as a hexadecimal number; let the red component of result be the resulting
  // number.
  // Step 17. Interpret the second component as a hexadecimal number; let the green component of result be the
  // resulting number.
  // Step 18. Interpret the third component as a hexadecimal number; let the blue component of result be the resulting
  // number.
  // Step 19. Return result.
  const component = (start: number): number => {
    let value = 0;
    for (let i = start; i < start + length; i++) value = value * 16 + digits[i];
    return value;
  };
  return success({ red: component(starts[0]), green: component(starts[1]), blue: component(starts[2]) });
}
