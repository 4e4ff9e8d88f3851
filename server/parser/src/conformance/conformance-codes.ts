/**
 * The codes of the conformance checks (check-conformance.ts): the one table.
 *
 * The spec gives document conformance requirements no codes; these
 * kebab-case codes are ours and stable (users' severity settings key on
 * them). `href` is the concept each code is about; each finding links to
 * the rule it breaks (usually the element's definition).
 */

const SPEC = 'https://html.spec.whatwg.org/multipage/';

export enum ConformanceCode {
  /** A child element the parent's content model does not allow there (`<div>` in `<ul>`, `<li>` in `<div>`). */
  ElementNotAllowed = 'element-not-allowed',
  /** Text (other than inter-element whitespace) where the parent's content model allows none (text in `<ul>`). */
  TextNotAllowed = 'text-not-allowed',
  /** An element whose content model requires a child it lacks (`<dl>` with a `dt` and no `dd`, an empty `<title>`). */
  MissingRequiredChild = 'missing-required-child',
  /** An element inside an ancestor whose content model forbids it (`<button>` in `<a href>`, `<form>` in `<form>`). */
  ForbiddenDescendant = 'forbidden-descendant',
  /** An element that needs an ancestor it lacks (`<area>` outside `<map>`). */
  MissingAncestor = 'missing-ancestor',
  /** An element in the HTML namespace that is neither an HTML element nor a valid custom element name (`<secton>`). */
  UnknownElement = 'unknown-element',
  /** An obsolete element (`<center>`, `<font>`). */
  ObsoleteElement = 'obsolete-element',
  /** An obsolete attribute (`align`, `bgcolor`, `<table cellpadding>`). */
  ObsoleteAttribute = 'obsolete-attribute',
  /** An `<img>` without `alt`. */
  MissingAlt = 'missing-alt',
  /** An attribute that must be present (`img src`, `link rel`, `meta content`, `bdo dir`…). */
  MissingRequiredAttribute = 'missing-required-attribute',
  /** A document whose `head` has no `title`. */
  MissingTitle = 'missing-title',
  /** A second `title` in `head`. */
  DuplicateTitle = 'duplicate-title',
  /** A second visible `main`. */
  DuplicateMain = 'duplicate-main',
  /** A `main` with an ancestor other than `html`, `body`, `div`, `form` or an autonomous custom element. */
  MisplacedMain = 'misplaced-main',
  /** A `label` with more than one labelable descendant. */
  LabelMultipleControls = 'label-multiple-controls',
  /** A `role` token that is not a WAI-ARIA role an author may use. */
  InvalidRole = 'invalid-role',
  /** An `aria-*` attribute that WAI-ARIA does not define. */
  UnknownAriaAttribute = 'unknown-aria-attribute',
  /** A `role` that ARIA in HTML does not allow on the element (`<button role=heading>`, any role on `<meta>`). */
  AriaRoleNotAllowed = 'aria-role-not-allowed',
  /** An `aria-*` value of the wrong type (`aria-hidden="maybe"`, `aria-level="x"`, `aria-live="loud"`). */
  InvalidAriaValue = 'invalid-aria-value',
  /** An `aria-*` attribute the element's role does not support or prohibits, or that ARIA in HTML forbids on the element (`aria-checked` on `<div>`, `aria-label` on `<span>`, `aria-checked` on a checkbox). */
  AriaAttributeNotAllowed = 'aria-attribute-not-allowed',
  /** An element whose role needs a context role it is not inside (`role=tab` outside a `tablist`). */
  AriaMissingRequiredContext = 'aria-missing-required-context',
  /** An element whose role needs a state or property it lacks (`role=checkbox` without `aria-checked`). */
  AriaMissingRequiredAttribute = 'aria-missing-required-attribute',
  /** An element whose role needs owned elements it has none of (`role=list` without a `listitem`). */
  AriaMissingRequiredOwned = 'aria-missing-required-owned',
  /** A required `select` (drop-down) whose first option is not a placeholder label option. */
  SelectMissingPlaceholder = 'select-missing-placeholder',
  /** A `time` without `datetime` whose text is not a valid date, time, duration… (`<time>yesterday</time>`). */
  InvalidTimeText = 'invalid-time-text',
  /** An `a` or `area` attribute that must be omitted when there is no `href` (`<a target=_blank>`). */
  AttributeNeedsHref = 'attribute-needs-href',
  /** A `meta http-equiv` whose `content` does not fit its state, or a non-conforming state (`X-UA-Compatible` other than `IE=edge`, `set-cookie`). */
  InvalidHttpEquiv = 'invalid-http-equiv',
  /** A heading whose computed level is more than one greater than the previous heading's (`<h1>` then `<h3>`). */
  HeadingLevelSkipped = 'heading-level-skipped',
  /** A `base` with `href` after another element (not `html`) with a URL attribute (`<link href>` then `<base href>`). */
  BaseAfterUrl = 'base-after-url',
  /** A `meta charset` (or `http-equiv=content-type`) whose start tag ends past the first 1024 bytes (the text counted in the encoding it declares: UTF-8 or a single-byte one). */
  LateCharsetDeclaration = 'late-charset-declaration',
  /** A table model error: a column or row with no cell anchored in it (made by a colspan or rowspan), or overlapping cells. */
  TableModelError = 'table-model-error',
  /** Warning: an obsolete but conforming feature (`<a name>`, `<img border=0>`, `<script language>`, `<style type>`). */
  ObsoleteButConforming = 'obsolete-but-conforming',
  /** Warning: a `type` on a `script` that names a JavaScript MIME type (`<script type="text/javascript">`). */
  RedundantScriptType = 'redundant-script-type',
  /** Warning: an `html` element without `lang`. */
  MissingHtmlLang = 'missing-html-lang',
  /** Warning: a heading with no text or embedded content (no palpable content). */
  EmptyHeading = 'empty-heading',
  /** Warning: a `role` that is the element's implicit ARIA role (`<nav role=navigation>`). */
  RedundantRole = 'redundant-role',
  /** Warning: ARIA that ARIA in HTML or WAI-ARIA advises against: deprecated roles and attributes, `role=generic`, an `aria-*` attribute beside its native equivalent (`aria-disabled="true"` with `disabled`). */
  AriaDiscouraged = 'aria-discouraged',
  /** Warning: a viewport `meta` that stops the user zooming (`user-scalable=no`, `maximum-scale=1`). */
  ViewportDisablesZoom = 'viewport-disables-zoom',
  /** Warning: a dl with two dt elements of the same name. */
  DuplicateDtName = 'duplicate-dt-name',
}

export type ConformanceSeverity = 'error' | 'warning';

export interface ConformanceCodeInfo {
  /** One line: what the code reports. */
  readonly summary: string;
  /** Errors break a conformance requirement; warnings are the spec's advice. */
  readonly severity: ConformanceSeverity;
  readonly href: string;
}

export const CONFORMANCE_CODES: Readonly<Record<ConformanceCode, ConformanceCodeInfo>> = {
  // dom.html#concept-element-content-model: "the element's contents must match the element's content model" (so for the four below).
  [ConformanceCode.ElementNotAllowed]: {
    summary: "An element its parent's content model does not allow there.",
    severity: 'error',
    href: `${SPEC}dom.html#content-models`,
  },
  [ConformanceCode.TextNotAllowed]: {
    summary: "Text where its parent's content model allows none.",
    severity: 'error',
    href: `${SPEC}dom.html#content-models`,
  },
  [ConformanceCode.MissingRequiredChild]: {
    summary: 'An element without a child its content model requires.',
    severity: 'error',
    href: `${SPEC}dom.html#content-models`,
  },
  [ConformanceCode.ForbiddenDescendant]: {
    summary: 'An element inside an ancestor whose content model forbids it (interactive content in a, button; form in form…).',
    severity: 'error',
    href: `${SPEC}dom.html#content-models`,
  },
  // The element's contexts: area "Where phrasing content is expected, but only if there is a map element ancestor".
  [ConformanceCode.MissingAncestor]: {
    summary: 'An element without the ancestor it needs (area outside map).',
    severity: 'error',
    href: `${SPEC}image-maps.html#the-area-element`,
  },
  // "Authors must not use elements, attributes, or attribute values that are not permitted by this specification or other applicable specifications".
  [ConformanceCode.UnknownElement]: {
    summary: 'An element that is neither an HTML element nor an autonomous custom element (whose name has a hyphen).',
    severity: 'error',
    href: `${SPEC}custom-elements.html#valid-custom-element-name`,
  },
  // obsolete.html#non-conforming-features: "entirely obsolete, and must not be used by authors" (so for attributes).
  [ConformanceCode.ObsoleteElement]: {
    summary: 'An obsolete element (center, font, marquee…).',
    severity: 'error',
    href: `${SPEC}obsolete.html#non-conforming-features`,
  },
  [ConformanceCode.ObsoleteAttribute]: {
    summary: 'An obsolete attribute (align, bgcolor, cellpadding…).',
    severity: 'error',
    href: `${SPEC}obsolete.html#non-conforming-features`,
  },
  // images.html#alt: "the alt attribute must be specified and its value must not be empty".
  [ConformanceCode.MissingAlt]: {
    summary: 'An img without alt.',
    severity: 'error',
    href: `${SPEC}images.html#alt`,
  },
  // Each element's "must be present" (img src, link rel or itemprop, meta content, bdo dir…).
  [ConformanceCode.MissingRequiredAttribute]: {
    summary: 'An element without an attribute it must have (img src, link rel and href, meta content, bdo dir…).',
    severity: 'error',
    href: `${SPEC}dom.html#element-definitions`,
  },
  // head's content model: "of which exactly one is a title element" (so for a second one).
  [ConformanceCode.MissingTitle]: {
    summary: 'A document whose head has no title.',
    severity: 'error',
    href: `${SPEC}semantics.html#the-head-element`,
  },
  [ConformanceCode.DuplicateTitle]: {
    summary: 'A head with more than one title.',
    severity: 'error',
    href: `${SPEC}semantics.html#the-head-element`,
  },
  // "A document must not have more than one main element that does not have the hidden attribute specified."
  [ConformanceCode.DuplicateMain]: {
    summary: 'More than one visible main element.',
    severity: 'error',
    href: `${SPEC}grouping-content.html#the-main-element`,
  },
  // main's contexts: "only if it is a hierarchically correct main element".
  [ConformanceCode.MisplacedMain]: {
    summary: 'A main element inside an element other than html, body, div, form or an autonomous custom element.',
    severity: 'error',
    href: `${SPEC}grouping-content.html#hierarchically-correct-main-element`,
  },
  // label's content model: "no descendant labelable elements unless it is the element's labeled control".
  [ConformanceCode.LabelMultipleControls]: {
    summary: 'A label with more than one labelable descendant.',
    severity: 'error',
    href: `${SPEC}forms.html#the-label-element`,
  },
  // WAI-ARIA: "Authors MUST NOT use abstract roles in content"; the role's tokens must be ARIA roles.
  [ConformanceCode.InvalidRole]: {
    summary: 'A role token that is not a non-abstract WAI-ARIA role.',
    severity: 'error',
    href: `${SPEC}infrastructure.html#wai-aria`,
  },
  // Only the states and properties WAI-ARIA defines are allowed (infrastructure.html#wai-aria).
  [ConformanceCode.UnknownAriaAttribute]: {
    summary: 'An aria-* attribute that WAI-ARIA does not define.',
    severity: 'error',
    href: `${SPEC}infrastructure.html#wai-aria`,
  },
  // https://w3c.github.io/html-aria/#docconformance: "Authors MUST NOT use the ARIA role and aria-* attributes in a
  // manner that conflicts with the semantics described in the Document conformance requirements … tables"; "No role
  // … authors MUST NOT overwrite the implicit ARIA semantics, or native semantics of the HTML element".
  [ConformanceCode.AriaRoleNotAllowed]: {
    summary: 'A role ARIA in HTML does not allow on the element.',
    severity: 'error',
    href: 'https://w3c.github.io/html-aria/#docconformance',
  },
  // https://w3c.github.io/aria/#propcharacteristic_value gives each state's and property's value type ("token: One
  // of a limited set of allowed values"); HTML: "Authors must not use elements, attributes, or attribute values that
  // are not permitted by this specification or other applicable specifications".
  [ConformanceCode.InvalidAriaValue]: {
    summary: 'An aria-* value that is not of the attribute\'s value type.',
    severity: 'error',
    href: 'https://w3c.github.io/aria/#propcharacteristic_value',
  },
  // ARIA in HTML: "Global aria-* attributes and any aria-* attributes applicable to the allowed roles" and the MUST
  // NOT above; "Elements which are identified as Naming prohibited are those which authors MUST NOT specify an
  // aria-label or aria-labelledby attribute"; WAI-ARIA #prohibitedattributes: "Authors MUST NOT specify a prohibited
  // state or property"; #docconformance-attr: "Authors MUST NOT use the aria-checked attribute on any element where
  // the checkedness … can be in opposition", "MUST NOT use aria-disabled="false" on any element which also has a
  // disabled attribute", "MUST NOT use the aria-placeholder attribute on any element which also has a placeholder".
  [ConformanceCode.AriaAttributeNotAllowed]: {
    summary: "An aria-* attribute the element or its role does not allow.",
    severity: 'error',
    href: 'https://w3c.github.io/html-aria/#docconformance',
  },
  // WAI-ARIA #scope: "authors MUST ensure that an element with the current role is an accessibility child of an
  // element with a role from this list" (1.2: "contained in, or owned by").
  [ConformanceCode.AriaMissingRequiredContext]: {
    summary: 'A role outside the context roles it requires (tab outside tablist, listitem outside list).',
    severity: 'error',
    href: 'https://w3c.github.io/aria/#scope',
  },
  // WAI-ARIA #requiredState: "Authors MUST provide a non-empty value for required states and properties."
  [ConformanceCode.AriaMissingRequiredAttribute]: {
    summary: 'A role without a state or property it requires (checkbox without aria-checked).',
    severity: 'error',
    href: 'https://w3c.github.io/aria/#requiredState',
  },
  // WAI-ARIA 1.2 #mustContain: "at least one instance of one required owned element is expected" (no MUST; the
  // current text dropped the requirement).
  [ConformanceCode.AriaMissingRequiredOwned]: {
    summary: 'A role without any of the owned elements WAI-ARIA 1.2 expects (list without listitem, tablist without tab).',
    severity: 'warning',
    href: 'https://www.w3.org/TR/wai-aria-1.2/#mustContain',
  },
  // "then the select element must have a placeholder label option".
  [ConformanceCode.SelectMissingPlaceholder]: {
    summary: 'A required drop-down select whose first option is not a placeholder (empty value, directly in the select).',
    severity: 'error',
    href: `${SPEC}form-elements.html#placeholder-label-option`,
  },
  // "the element's child text content must be a valid month string, …, or a valid duration string"
  [ConformanceCode.InvalidTimeText]: {
    summary: 'A time element without datetime whose text is not a valid date, time, time-zone offset, week, year or duration.',
    severity: 'error',
    href: `${SPEC}text-level-semantics.html#the-time-element`,
  },
  // "The target, download, ping, rel, hreflang, type, and referrerpolicy attributes must be omitted if the href attribute is not present."
  [ConformanceCode.AttributeNeedsHref]: {
    summary: 'An a or area attribute (target, download, ping, rel, hreflang, type, referrerpolicy) on an element without href.',
    severity: 'error',
    href: `${SPEC}links.html#attr-hyperlink-target`,
  },
  // Each pragma's state says what content "must" be; Set-Cookie and Content-Language are non-conforming.
  [ConformanceCode.InvalidHttpEquiv]: {
    summary: 'A meta http-equiv whose content does not fit its state (X-UA-Compatible, content-type, refresh, default-style), or a non-conforming state.',
    severity: 'error',
    href: `${SPEC}semantics.html#pragma-directives`,
  },
  // "Each heading following another heading lead in the outline must have a heading level that is less than, equal to, or 1 greater than lead's heading level."
  [ConformanceCode.HeadingLevelSkipped]: {
    summary: "A heading whose computed level is more than one greater than the previous heading's.",
    severity: 'error',
    href: `${SPEC}sections.html#headings-and-outlines`,
  },
  // "A base element, if it has an href attribute, must come before any other elements in the tree that have
  // attributes defined as taking URLs, except the html element (its manifest attribute isn't affected by base elements)."
  [ConformanceCode.BaseAfterUrl]: {
    summary: 'A base element with href after another element (not html) that has a URL attribute: the base must come first.',
    severity: 'error',
    href: `${SPEC}semantics.html#the-base-element`,
  },
  // "The element containing the character encoding declaration must be serialized completely within the first 1024
  // bytes of the document."
  [ConformanceCode.LateCharsetDeclaration]: {
    summary: 'The encoding declaration is not completely within the first 1024 bytes of the text, counted in the encoding it declares when that is UTF-8 or a single-byte encoding (the editor; the CLI reports late-encoding-declaration from the bytes).',
    severity: 'error',
    href: `${SPEC}semantics.html#charset`,
  },
  // "A table model error is an error with the data represented by table elements and their descendants. Documents must not have table model errors."
  [ConformanceCode.TableModelError]: {
    summary: 'A table model error: a column or row (made by a colspan or rowspan) with no cell anchored in it, or overlapping cells.',
    severity: 'error',
    href: `${SPEC}tables.html#table-model-error`,
  },
  // "Authors should not specify the name attribute on a elements." (and the others of the section)
  [ConformanceCode.ObsoleteButConforming]: {
    summary: 'An obsolete but conforming feature: a name, img border, script language, style type.',
    severity: 'warning',
    href: `${SPEC}obsolete.html#obsolete-but-conforming-features`,
  },
  // "Authors should omit the type attribute instead of redundantly setting it."
  [ConformanceCode.RedundantScriptType]: {
    summary: 'A script type that names a JavaScript MIME type (leave it out).',
    severity: 'warning',
    href: `${SPEC}scripting.html#attr-script-type`,
  },
  // "Authors are encouraged to specify a lang attribute on the root html element"
  [ConformanceCode.MissingHtmlLang]: {
    summary: 'An html element without lang.',
    severity: 'warning',
    href: `${SPEC}semantics.html#the-html-element`,
  },
  // "elements whose content model allows any flow content or phrasing content should have at least one node in its contents that is palpable content"
  [ConformanceCode.EmptyHeading]: {
    summary: 'A heading with no palpable content (no text, no embedded content).',
    severity: 'warning',
    href: `${SPEC}dom.html#palpable-content`,
  },
  // ARIA in HTML (#docconformance): "It is NOT RECOMMENDED for authors to set the ARIA role and aria-* attributes to
  // values that match the implicit ARIA semantics defined in either table."
  [ConformanceCode.RedundantRole]: {
    summary: "A role that is the element's implicit ARIA role.",
    severity: 'warning',
    href: 'https://w3c.github.io/html-aria/#docconformance',
  },
  // ARIA in HTML: "It is NOT RECOMMENDED for authors to specify … the generic role, or a role deprecated by ARIA";
  // #docconformance-attr: "authors SHOULD NOT specify both the native HTML attribute and the equivalent aria-*
  // attribute"; the rows' "Authors SHOULD NOT use …"; WAI-ARIA #deprecated.
  [ConformanceCode.AriaDiscouraged]: {
    summary: 'ARIA advised against: a deprecated role or attribute, role=generic, an aria-* attribute beside its native equivalent.',
    severity: 'warning',
    href: 'https://w3c.github.io/html-aria/#docconformance',
  },
  // WCAG 2 success criterion 1.4.4 (resize text); the viewport meta is defined by CSS Viewport.
  [ConformanceCode.ViewportDisablesZoom]: {
    summary: 'A viewport meta with user-scalable=no or a maximum-scale below 2, which stops users zooming.',
    severity: 'warning',
    href: 'https://drafts.csswg.org/css-viewport/#viewport-meta',
  },
  // grouping-content.html#the-dl-element: "Within a single dl element, there should not be more than one dt element for each name."
  [ConformanceCode.DuplicateDtName]: {
    summary: 'A description list that names the same term in more than one dt.',
    severity: 'warning',
    href: `${SPEC}grouping-content.html#the-dl-element`,
  },
};

/** Whether `code` is one of the conformance checks' codes. */
export function isConformanceCode(code: string): code is ConformanceCode {
  return Object.prototype.hasOwnProperty.call(CONFORMANCE_CODES, code);
}
