/**
 * Hash-name references.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#syntax-references
 *
 * The parser package has no DOM here, so the tree is passed in: the elements of
 * the wanted type in scope's tree, in tree order, and a way to read an attribute.
 */
import { NUMBER_SIGN } from './infra';
import { MicrosyntaxError, ParseResult, failure, nonConformance, success } from './parse-result';

/** Reads an attribute of an element; null when the attribute is absent. */
export type GetAttribute<Element> = (element: Element, name: 'id' | 'name') => string | null;

/**
 * Steps 1 and 2 of https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-hash-name-reference:
 * the name s that the reference looks up. Fails where the rules return null before looking at the tree.
 */
export function hashNameReferenceName(input: string): ParseResult<string> {
  const numberSign = input.indexOf('#');
  // Step 1. If the string being parsed does not contain a U+0023 NUMBER SIGN character, or if the first such character
  // in the string is the last character in the string, then return null.
  if (numberSign < 0) return failure(0, 'a hash-name reference starts with "#"');
  if (numberSign === input.length - 1) return failure(numberSign, 'expected a name after "#"');
  // Step 2. Let s be the string from the character immediately after the first U+0023 NUMBER SIGN character in the
  // string being parsed up to the end of that string.
  return success(input.slice(numberSign + 1));
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-hash-name-reference
 * `elementsOfType` are the elements of type type in scope's tree, in tree order.
 */
export function parseAHashNameReference<Element>(
  input: string,
  elementsOfType: Iterable<Element>,
  getAttribute: GetAttribute<Element>,
): Element | null {
  // Steps 1-2.
  const name = hashNameReferenceName(input);
  if (!name.ok) return null;
  const s = name.value;
  // Step 3. Return the first element of type type in scope's tree, in tree order, that has an id or name attribute
  // whose value is s, or null if there is no such element.
  for (const element of elementsOfType) {
    if (getAttribute(element, 'id') === s || getAttribute(element, 'name') === s) return element;
  }
  return null;
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-hash-name-reference
 * "a string consisting of a U+0023 NUMBER SIGN character (#) followed by a string which exactly matches the value of
 * the name attribute of an element with type type in the same tree." (An id match is found by the parsing rules but
 * is not valid.)
 */
export function checkValidHashNameReference<Element>(
  input: string,
  elementsOfType: Iterable<Element>,
  getAttribute: GetAttribute<Element>,
): MicrosyntaxError | null {
  if (input.charCodeAt(0) !== NUMBER_SIGN) return nonConformance(0, 'a hash-name reference starts with "#"');
  const s = input.slice(1);
  let idMatch = false;
  for (const element of elementsOfType) {
    if (getAttribute(element, 'name') === s) return null;
    if (getAttribute(element, 'id') === s) idMatch = true;
  }
  return nonConformance(
    1,
    idMatch
      ? `"${s}" matches an element's id but no element's name; a hash-name reference must use the name attribute`
      : `no element of the right type has the name "${s}"`,
  );
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-hash-name-reference */
export function isValidHashNameReference<Element>(
  input: string,
  elementsOfType: Iterable<Element>,
  getAttribute: GetAttribute<Element>,
): boolean {
  return checkValidHashNameReference(input, elementsOfType, getAttribute) === null;
}
