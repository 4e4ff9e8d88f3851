/**
 * Keywords and enumerated attributes.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#keywords-and-enumerated-attributes
 *
 * Written from the snapshot in seed 002, plus the living standard's later
 * "empty value default" (an optional third special state; an attribute that
 * does not define one behaves exactly as in the snapshot).
 */
import { isAsciiCaseInsensitiveMatch, isAsciiWhitespace } from './infra';
import { MicrosyntaxError, nonConformance } from './parse-result';

/** One keyword/state mapping of an enumerated attribute. */
export interface EnumeratedAttributeKeyword<State> {
  readonly keyword: string;
  readonly state: State;
  /** Whether authors may use this keyword. Defaults to true. */
  readonly conforming?: boolean;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#enumerated-attribute
 * The definition an attribute's specification gives. States must not be null: null means "no state".
 */
export interface EnumeratedAttribute<State> {
  readonly keywords: readonly EnumeratedAttributeKeyword<State>[];
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#missing-value-default */
  readonly missingValueDefault?: State;
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#invalid-value-default */
  readonly invalidValueDefault?: State;
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#empty-value-default */
  readonly emptyValueDefault?: State;
  /** Canonical keywords "explicitly given in the specification for the attribute", for states the rules leave open. */
  readonly canonicalKeywords?: ReadonlyMap<State, string>;
}

function findKeyword<State>(attribute: EnumeratedAttribute<State>, value: string): EnumeratedAttributeKeyword<State> | undefined {
  return attribute.keywords.find((k) => isAsciiCaseInsensitiveMatch(value, k.keyword));
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#enumerated-attribute
 * "To determine the state of an attribute". `value` is null when the attribute is not specified. Returns null for
 * "no state".
 */
export function determineTheStateOfAnAttribute<State>(attribute: EnumeratedAttribute<State>, value: string | null): State | null {
  // Step 1. If the attribute is not specified:
  if (value === null) {
    // Step 1.1. If the attribute has a missing value default state defined, then return that missing value default
    // state.
    if (attribute.missingValueDefault !== undefined) return attribute.missingValueDefault;
    // Step 1.2. Otherwise, return no state.
    return null;
  }
  // Step 2. If the attribute's value is an ASCII case-insensitive match for one of the keywords defined for the
  // attribute, then return the state represented by that keyword.
  const keyword = findKeyword(attribute, value);
  if (keyword) return keyword.state;
  // Step 3. If the attribute has an empty value default state defined and the attribute's value is the empty string,
  // then return that empty value default state.
  if (attribute.emptyValueDefault !== undefined && value === '') return attribute.emptyValueDefault;
  // Step 4. If the attribute has an invalid value default state defined, then return that invalid value default
  // state.
  if (attribute.invalidValueDefault !== undefined) return attribute.invalidValueDefault;
  // Step 5. Return no state.
  return null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#enumerated-attribute
 * "For authoring conformance purposes, if an enumerated attribute is specified, the attribute's value must be an
 * ASCII case-insensitive match for one of the conforming keywords for that attribute, with no leading or trailing
 * whitespace" (or, in the living standard, the empty string when the attribute has an empty value default).
 */
export function checkEnumeratedAttributeValue<State>(attribute: EnumeratedAttribute<State>, value: string): MicrosyntaxError | null {
  const keyword = findKeyword(attribute, value);
  if (keyword) {
    if (keyword.conforming === false) return nonConformance(0, `"${value}" is an obsolete (non-conforming) keyword`);
    return null;
  }
  if (value === '' && attribute.emptyValueDefault !== undefined) return null;
  if (value.length > 0 && (isAsciiWhitespace(value.charCodeAt(0)) || isAsciiWhitespace(value.charCodeAt(value.length - 1)))) {
    const position = isAsciiWhitespace(value.charCodeAt(0)) ? 0 : value.length - 1;
    return nonConformance(position, 'leading or trailing whitespace is not allowed in a keyword');
  }
  const expected = attribute.keywords
    .filter((k) => k.conforming !== false)
    .map((k) => `"${k.keyword}"`)
    .join(', ');
  return nonConformance(0, `"${value}" is not a keyword of this attribute; expected one of ${expected}`);
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#enumerated-attribute */
export function isConformingEnumeratedAttributeValue<State>(attribute: EnumeratedAttribute<State>, value: string): boolean {
  return checkEnumeratedAttributeValue(attribute, value) === null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#canonical-keyword
 * Returns null for a state with no keyword, or one whose canonical keyword the attribute's definition does not give.
 */
export function canonicalKeyword<State>(attribute: EnumeratedAttribute<State>, state: State): string | null {
  const keywords = attribute.keywords.filter((k) => k.state === state);
  if (keywords.length === 0) return null;
  // If there is only one keyword mapping to the given state, then it is that keyword.
  if (keywords.length === 1) return keywords[0].keyword;
  const conforming = keywords.filter((k) => k.conforming !== false);
  // If there is only one conforming keyword mapping to the given state, then it is that conforming keyword.
  if (conforming.length === 1) return conforming[0].keyword;
  // If there are two conforming keywords mapping to the given state, and one is the empty string, then the canonical
  // keyword will be the conforming keyword that is not the empty string.
  if (conforming.length === 2 && (conforming[0].keyword === '' || conforming[1].keyword === '')) {
    return conforming[0].keyword === '' ? conforming[1].keyword : conforming[0].keyword;
  }
  // Otherwise, the canonical keyword for the state will be explicitly given in the specification for the attribute.
  return attribute.canonicalKeywords?.get(state) ?? null;
}

