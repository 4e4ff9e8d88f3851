/**
 * The codes of the attribute checks (check-attributes.ts): the one table.
 *
 * These are conformance checks on attribute values, not parse errors, so the
 * spec gives them no codes; these kebab-case codes are ours and stable
 * (users' severity settings key on them). Each diagnostic links to the
 * definition it checks (usually the attribute's own); `href` here is the
 * concept the code is about, for documentation.
 */

const SPEC = 'https://html.spec.whatwg.org/multipage/';

export enum AttributeDiagnosticCode {
  /** A value that does not match its attribute's microsyntax (number, keyword, date, ID, token list…). */
  InvalidAttributeValue = 'invalid-attribute-value',
  /** A boolean attribute whose value says false (`disabled="false"`), which is still true. */
  BooleanAttributeFalse = 'boolean-attribute-false',
  /** An id already used by an earlier element of the same tree. */
  DuplicateId = 'duplicate-id',
  /** An ID reference (`for`, `form`, `list`, `headers`, `aria-labelledby`…) to no element of the tree. */
  IdReferenceNotFound = 'id-reference-not-found',
  /** An ID reference to an element of the wrong kind (`form` naming a `div`). */
  IdReferenceWrongElement = 'id-reference-wrong-element',
  /** A `usemap` hash-name reference to no `map` element. */
  MapReferenceNotFound = 'map-reference-not-found',
  /**
   * A `<meta>` encoding declaration of an encoding other than UTF-8. The same
   * code as the byte-level check of `tagtree check` (bytes.ts), so one
   * severity setting covers both.
   */
  NonUtf8EncodingDeclaration = 'non-utf8-encoding-declaration',
  /**
   * A `<template for>` the parser kept as an ordinary, inert template: no
   * `<?marker>` or `<?start>` of that name was where it looked (whatwg/html 2ff023fb).
   */
  TemplateForMarkerNotFound = 'template-for-marker-not-found',
}

export interface AttributeDiagnosticInfo {
  /** One line: what the code reports. */
  readonly summary: string;
  /** The spec's definition of what the code checks. */
  readonly href: string;
  /**
   * `error`: the document breaks a "must" of the spec (a value that is not
   * what its attribute requires, a second element with an id, a reference to
   * nothing); `warning`: advice, the document is not wrong for it.
   */
  readonly severity: 'error' | 'warning';
}

export const ATTRIBUTE_DIAGNOSTICS: Readonly<Record<AttributeDiagnosticCode, AttributeDiagnosticInfo>> = {
  [AttributeDiagnosticCode.InvalidAttributeValue]: {
    summary: "An attribute's value does not match its microsyntax; the message says what a browser reads instead.",
    href: `${SPEC}common-microsyntaxes.html#common-microsyntaxes`,
    severity: 'error',
  },
  [AttributeDiagnosticCode.BooleanAttributeFalse]: {
    summary: 'A boolean attribute set to "false" (or "no", "off", "0"): it is still true, because it is present.',
    href: `${SPEC}common-microsyntaxes.html#boolean-attribute`,
    severity: 'error',
  },
  [AttributeDiagnosticCode.DuplicateId]: {
    summary: 'An id used by an earlier element of the same document (or template).',
    href: `${SPEC}dom.html#the-id-attribute`,
    severity: 'error',
  },
  [AttributeDiagnosticCode.IdReferenceNotFound]: {
    summary: 'An ID reference (for, form, list, headers, popovertarget, aria-labelledby…) to no element.',
    href: `${SPEC}infrastructure.html#concept-id`,
    severity: 'error',
  },
  [AttributeDiagnosticCode.IdReferenceWrongElement]: {
    summary: 'An ID reference to an element of the wrong kind, which browsers ignore (form naming a div).',
    href: `${SPEC}form-control-infrastructure.html#attr-fae-form`,
    severity: 'error',
  },
  [AttributeDiagnosticCode.MapReferenceNotFound]: {
    summary: 'A usemap reference to no map element.',
    href: `${SPEC}image-maps.html#attr-hyperlink-usemap`,
    severity: 'error',
  },
  [AttributeDiagnosticCode.NonUtf8EncodingDeclaration]: {
    summary: 'A <meta> encoding declaration of an encoding other than UTF-8.',
    href: `${SPEC}semantics.html#charset`,
    severity: 'error',
  },
  [AttributeDiagnosticCode.TemplateForMarkerNotFound]: {
    summary: 'A <template for> whose marker the parser did not find: it stays an inert template and its content is not shown.',
    href: `${SPEC}scripting.html#attr-template-for`,
    // Not a conformance error: the document says what it means, the parser found no marker for it.
    severity: 'warning',
  },
};

/** Whether `code` is one of the attribute checks' codes. */
export function isAttributeDiagnosticCode(code: string): code is AttributeDiagnosticCode {
  return Object.prototype.hasOwnProperty.call(ATTRIBUTE_DIAGNOSTICS, code);
}
