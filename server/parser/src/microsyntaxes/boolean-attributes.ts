/**
 * Boolean attributes.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#boolean-attributes
 */
import { isAsciiCaseInsensitiveMatch, isAsciiWhitespace } from './infra';
import { MicrosyntaxError, nonConformance } from './parse-result';

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#boolean-attribute
 * "The presence of a boolean attribute on an element represents the true value, and the absence of the attribute
 * represents the false value." `value` is null when the attribute is absent.
 */
export function booleanAttributeValue(value: string | null): boolean {
  return value !== null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#boolean-attribute
 * "If the attribute is present, its value must either be the empty string or a value that is an ASCII
 * case-insensitive match for the attribute's canonical name, with no leading or trailing whitespace."
 */
export function checkBooleanAttributeValue(value: string, canonicalName: string): MicrosyntaxError | null {
  if (value === '' || isAsciiCaseInsensitiveMatch(value, canonicalName)) return null;
  // "The values "true" and "false" are not allowed on boolean attributes. To represent a false value, the attribute
  // has to be omitted altogether."
  if (isAsciiCaseInsensitiveMatch(value, 'true') || isAsciiCaseInsensitiveMatch(value, 'false')) {
    return nonConformance(0, `"${value}" is not allowed on a boolean attribute; use "" or "${canonicalName}" for true, and omit the attribute for false`);
  }
  if (isAsciiWhitespace(value.charCodeAt(0)) || isAsciiWhitespace(value.charCodeAt(value.length - 1))) {
    const position = isAsciiWhitespace(value.charCodeAt(0)) ? 0 : value.length - 1;
    return nonConformance(position, 'leading or trailing whitespace is not allowed in a boolean attribute value');
  }
  return nonConformance(0, `a boolean attribute's value must be empty or "${canonicalName}"`);
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#boolean-attribute */
export function isValidBooleanAttributeValue(value: string, canonicalName: string): boolean {
  return checkBooleanAttributeValue(value, canonicalName) === null;
}
