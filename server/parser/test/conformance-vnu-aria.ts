/**
 * vnu's ARIA messages (ARIA in HTML and WAI-ARIA), as classes for both comparisons with vnu: the fixtures'
 * (conformance-vnu.ts) and the corpus's (conformance-vnu-classes.ts). Each names TagTree's codes for the same
 * problem (server/parser/src/conformance/aria-rules.ts). Listed before the general classes: the first class a
 * message matches is its class.
 */

export interface AriaVnuClass {
  readonly name: string;
  readonly pattern: RegExp;
  readonly codes: readonly string[];
}

/** vnu's ARIA errors. */
export const ARIA_VNU_ERROR_CLASSES: readonly AriaVnuClass[] = [
  { name: 'aria: value', pattern: /^Bad value “[^”]*” for attribute “aria-[^”]*”/, codes: ['invalid-aria-value'] },
  {
    name: 'aria: role not allowed',
    pattern: /^Bad value “[^”]*” for attribute “role” on element|^Attribute “role” not allowed on element|^Discarding unrecognized token|must not have any “role” value other than|^The “role” attribute must not be used on|must not have any “role” attribute|^An “img” element with a “role” attribute must (not have an “alt” attribute whose value is the empty string|also have an accessible name)/,
    codes: ['invalid-role', 'aria-role-not-allowed', 'missing-alt'],
  },
  {
    name: 'aria: attribute not allowed',
    pattern: /^Attribute “aria-[^”]*” not allowed on element|^The “aria-[^”]*” attribute must not be (specified on any “[^”]*” element unless|used on)|^(The “aria-[^”]*” attribute|Attribute “aria-[^”]*”) must not be specified on elements that have|is missing one or more of the following attributes: (“aria-[^”]*”, )*“role”\.$/,
    codes: ['unknown-aria-attribute', 'aria-attribute-not-allowed', 'attribute-not-allowed'],
  },
  { name: 'aria: required context', pattern: /must be contained in, or owned by, an element with|must not be a child of an element with “role/, codes: ['aria-missing-required-context'] },
  { name: 'aria: required state', pattern: /is missing required attribute “aria-|must have an “aria-[^”]*” attribute/, codes: ['aria-missing-required-attribute', 'aria-role-not-allowed'] },
];

/** vnu's ARIA warnings (advice: TagTree's warnings). */
export const ARIA_VNU_WARNING_CLASSES: readonly AriaVnuClass[] = [
  {
    name: 'aria: discouraged',
    pattern: /^Attribute “aria-[^”]*” is unnecessary for elements that have attribute|attribute should not be used|^The “aria-[^”]*” attribute is deprecated|^Bad value “[^”]*” for attribute “role” on element/,
    codes: ['aria-discouraged'],
  },
  // (vnu calls role=region on an unnamed section unnecessary; ARIA in HTML: "role=region is also allowed, but NOT RECOMMENDED": aria-discouraged.)
  { name: 'redundant role', pattern: /^The “[^”]*” role is unnecessary for element|does not need a “role” attribute/, codes: ['redundant-role', 'aria-discouraged'] },
];
