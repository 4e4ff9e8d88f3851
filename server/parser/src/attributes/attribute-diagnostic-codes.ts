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
  /** Warning: an `aria-*` ID reference (`aria-controls`, `aria-labelledby`…) to no element of the tree. */
  AriaReferenceNotFound = 'aria-reference-not-found',
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
  /**
   * An attribute the spec does not allow on its element: not one of the element's content attributes, nor a
   * global, data-* or ARIA attribute (`alt` on `a`, `src` on `span`); an input attribute outside the type states
   * it applies in; a second of meta's name, http-equiv, charset and itemprop.
   */
  AttributeNotAllowed = 'attribute-not-allowed',
  /** A namespace declaration (`xmlns:og`) on an HTML element, or `xmlns` with a value other than the XHTML namespace. */
  XmlnsAttribute = 'xmlns-attribute',
  /** `xml:lang` without a `lang` attribute of the same value. */
  XmlLangWithoutLang = 'xml-lang-without-lang',
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
  // WAI-ARIA defines these values as ID references (https://w3c.github.io/aria/#valuetype_idref_list: "A list of one
  // or more ID references") and gives authors no "MUST" that each names an element (a missing one is left out of
  // the accessible name and relations); the HTML spec's own ID references (for, form, list…) do say "must".
  [AttributeDiagnosticCode.AriaReferenceNotFound]: {
    summary: 'An aria-* ID reference (aria-controls, aria-labelledby, aria-describedby…) to no element.',
    href: 'https://w3c.github.io/aria/#valuetype_idref_list',
    severity: 'warning',
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
  [AttributeDiagnosticCode.AttributeNotAllowed]: {
    summary: 'An attribute the spec does not allow on its element (framework attributes: see "frameworks", "allowAttributes" and "customData").',
    // "Authors must not use elements, attributes, or attribute values that are not permitted by this specification or
    // other applicable specifications."
    href: `${SPEC}dom.html#elements`,
    severity: 'error',
  },
  [AttributeDiagnosticCode.XmlnsAttribute]: {
    summary: 'An xmlns:prefix namespace declaration, or xmlns with a value other than "http://www.w3.org/1999/xhtml", on an HTML element.',
    // "the xmlns attribute may be specified on HTML elements ... only if it has the exact value"
    href: `${SPEC}dom.html#global-attributes`,
    severity: 'error',
  },
  [AttributeDiagnosticCode.XmlLangWithoutLang]: {
    summary: 'xml:lang without a lang attribute of the same value.',
    // "such attributes must only be specified if a lang attribute in no namespace is also specified, and both attributes
    // must have the same value"
    href: `${SPEC}dom.html#attr-xml-lang`,
    severity: 'error',
  },
};

/** Whether `code` is one of the attribute checks' codes. */
export function isAttributeDiagnosticCode(code: string): code is AttributeDiagnosticCode {
  return Object.prototype.hasOwnProperty.call(ATTRIBUTE_DIAGNOSTICS, code);
}
