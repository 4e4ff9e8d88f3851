/**
 * Standard HTML attributes whose values have a microsyntax, and which one.
 * https://html.spec.whatwg.org/multipage/indices.html#attributes-3
 *
 * The one data file the attribute checks, hovers, go-to-definition and
 * completions read. Written by hand from the spec's attributes index and the
 * definitions it links to (each entry's `href`); attributes whose values are
 * free text or CSS are deliberately absent: an absent attribute is never
 * checked. Obsolete presentational attributes are absent too.
 *
 * Entries are keyed by element and attribute name. `elements: null` marks a
 * global attribute (it applies to every HTML element); an element-specific
 * entry takes precedence over a global one of the same name.
 */
import type { EnumeratedAttribute } from '../microsyntaxes/keywords';

const SPEC = 'https://html.spec.whatwg.org/multipage/';
const ARIA = 'https://w3c.github.io/aria/#';

/** An enumerated attribute: its keywords and the states they map to, with human names for the states. */
export interface EnumeratedSyntax {
  readonly kind: 'enumerated';
  readonly attribute: EnumeratedAttribute<string>;
  /**
   * Keywords match case-sensitively. Only `<ol type>` ("1", "a", "A", "i",
   * "I"), which the spec defines by a table of case-sensitive values rather
   * than as an enumerated attribute: https://html.spec.whatwg.org/multipage/grouping-content.html#attr-ol-type
   */
  readonly caseSensitive?: boolean;
  /** What "no state" means for this attribute, for a value that maps to no state. */
  readonly noState?: string;
}

/**
 * What a number-valued attribute allows, and what the browser does with a
 * value outside it (for messages): `fallback` is what it uses when the rules
 * read no number, or a number below `min`; above `max` it uses `max` when
 * `clampToMax`, otherwise `fallback`.
 */
export interface NumberLimits {
  readonly min?: number;
  readonly max?: number;
  readonly clampToMax?: boolean;
  readonly fallback?: string;
}

export type AttributeSyntax =
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#boolean-attribute */
  | { readonly kind: 'boolean' }
  | EnumeratedSyntax
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-integer, read with the rules for parsing integers. */
  | ({ readonly kind: 'integer' } & NumberLimits)
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-non-negative-integer, read with the rules for parsing non-negative integers. */
  | ({ readonly kind: 'non-negative-integer' } & NumberLimits)
  /**
   * A valid non-negative integer that the browser reads with the rules for
   * parsing dimension values: https://html.spec.whatwg.org/multipage/embedded-content-other.html#dimension-attributes
   */
  | { readonly kind: 'dimension' }
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-floating-point-number */
  | ({ readonly kind: 'floating-point-number'; readonly positive?: boolean; readonly nonNegative?: boolean } & NumberLimits)
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-list-of-floating-point-numbers */
  | { readonly kind: 'list-of-floating-point-numbers' }
  /** The input element's step: "any", or a valid floating-point number greater than zero. https://html.spec.whatwg.org/multipage/input.html#attr-input-step */
  | { readonly kind: 'step' }
  /** A date or time string; `fallback` is what the browser uses instead of one it cannot parse. */
  | { readonly kind: DateTimeKind; readonly fallback?: string }
  /** https://html.spec.whatwg.org/multipage/dom.html#the-id-attribute */
  | { readonly kind: 'id' }
  /** The ID of an element in the same tree; `targets` limits the kind of element (HTML local names). */
  | { readonly kind: 'id-reference'; readonly targets?: readonly string[]; readonly targetMismatch?: string }
  /** A set of space-separated tokens, each the ID of an element in the same tree. */
  | { readonly kind: 'id-references'; readonly targets?: readonly string[] }
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-hash-name-reference to an element of type `target`. */
  | { readonly kind: 'hash-name-reference'; readonly target: string }
  /** An unordered set of unique space-separated tokens from a list of allowed values. */
  | {
      readonly kind: 'tokens';
      readonly allowed: readonly string[];
      readonly caseInsensitive: boolean;
      /** Pairs of tokens that must not both be specified: [token, other, why]. */
      readonly exclusive?: readonly (readonly [string, string, string])[];
    }
  /** `<meta charset>`: "utf-8", ASCII case-insensitively. https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-charset */
  | { readonly kind: 'charset' }
  /** `<meta http-equiv=content-type content>`: "text/html; charset=utf-8". https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-http-equiv-content-type */
  | { readonly kind: 'meta-content' }
  /**
   * A hyperlink's href: a valid URL potentially surrounded by spaces, whose fragment can name an element of the
   * document (for go-to-definition). https://html.spec.whatwg.org/multipage/links.html#attr-hyperlink-href
   */
  | { readonly kind: 'hyperlink' }
  /**
   * https://html.spec.whatwg.org/multipage/urls-and-fetching.html#valid-url-potentially-surrounded-by-spaces, or with
   * `nonEmpty` https://html.spec.whatwg.org/multipage/urls-and-fetching.html#valid-non-empty-url-potentially-surrounded-by-spaces
   */
  | { readonly kind: 'url'; readonly nonEmpty: boolean }
  /** A set of space-separated tokens, each a valid non-empty URL (`ping`). */
  | { readonly kind: 'urls' }
  /** https://html.spec.whatwg.org/multipage/document-sequences.html#valid-navigable-target-name-or-keyword */
  | { readonly kind: 'navigable-target-name-or-keyword' }
  /** A valid BCP 47 language tag (well-formed), or with `emptyAllowed` the empty string too. */
  | { readonly kind: 'language-tag'; readonly emptyAllowed: boolean }
  /** https://mimesniff.spec.whatwg.org/#valid-mime-type */
  | { readonly kind: 'mime-type' }
  /** The script element's type: https://html.spec.whatwg.org/multipage/scripting.html#attr-script-type */
  | { readonly kind: 'script-type' }
  /** https://html.spec.whatwg.org/multipage/input.html#attr-input-accept */
  | { readonly kind: 'accept' }
  /** https://html.spec.whatwg.org/multipage/images.html#srcset-attributes */
  | { readonly kind: 'srcset' }
  /** https://html.spec.whatwg.org/multipage/images.html#sizes-attributes */
  | { readonly kind: 'sizes' }
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-media-query-list */
  | { readonly kind: 'media-query-list' }
  /** https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#attr-fe-autocomplete */
  | { readonly kind: 'autofill' }
  /** https://html.spec.whatwg.org/multipage/links.html#linkTypes: rel keywords, per element. */
  | { readonly kind: 'link-types' }
  /** https://html.spec.whatwg.org/multipage/iframe-embed-object.html#attr-iframe-allow */
  | { readonly kind: 'permissions-policy' };

/** The date and time microsyntaxes an attribute can use. */
export type DateTimeKind =
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-date-string */
  | 'date'
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-month-string */
  | 'month'
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-week-string */
  | 'week'
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-time-string */
  | 'time'
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-local-date-and-time-string */
  | 'local-date-and-time'
  /** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-date-string-with-optional-time */
  | 'date-with-optional-time'
  /** The `<time datetime>` value: https://html.spec.whatwg.org/multipage/text-level-semantics.html#datetime-value */
  | 'datetime-value';

export interface AttributeDefinition {
  /** The attribute's name (lowercase). */
  readonly name: string;
  /** The HTML elements it is defined on; null for a global attribute. */
  readonly elements: readonly string[] | null;
  /** For `input`: the type states (keywords) in which this definition applies; absent for all. */
  readonly inputTypes?: readonly string[];
  readonly syntax: AttributeSyntax;
  /** The spec's definition of the attribute. */
  readonly href: string;
}

// ---------------------------------------------------------------------------
// Enumerated attributes
// ---------------------------------------------------------------------------

/** Keywords that map one-to-one to states of the same name. */
function keywords(...names: string[]): { keyword: string; state: string }[] {
  return names.map((keyword) => ({ keyword, state: keyword }));
}

function enumerated(
  attribute: EnumeratedAttribute<string>,
  extra: { caseSensitive?: boolean; noState?: string } = {},
): EnumeratedSyntax {
  return { kind: 'enumerated', attribute, ...extra };
}

/** https://html.spec.whatwg.org/multipage/urls-and-fetching.html#cors-settings-attribute */
const CORS_SETTINGS = enumerated({
  keywords: [
    { keyword: 'anonymous', state: 'Anonymous' },
    { keyword: '', state: 'Anonymous' },
    { keyword: 'use-credentials', state: 'Use Credentials' },
  ],
  missingValueDefault: 'No CORS',
  invalidValueDefault: 'Anonymous',
});

/** https://html.spec.whatwg.org/multipage/urls-and-fetching.html#referrer-policy-attribute */
const REFERRER_POLICY = enumerated({
  keywords: [
    { keyword: '', state: 'the empty string' },
    ...keywords(
      'no-referrer',
      'no-referrer-when-downgrade',
      'same-origin',
      'origin',
      'strict-origin',
      'origin-when-cross-origin',
      'strict-origin-when-cross-origin',
      'unsafe-url',
    ),
  ],
  missingValueDefault: 'the empty string',
  invalidValueDefault: 'the empty string',
});

/** https://html.spec.whatwg.org/multipage/urls-and-fetching.html#lazy-loading-attribute */
const LAZY_LOADING = enumerated({
  keywords: [
    { keyword: 'lazy', state: 'Lazy' },
    { keyword: 'eager', state: 'Eager' },
  ],
  missingValueDefault: 'Eager',
  invalidValueDefault: 'Eager',
});

/** https://html.spec.whatwg.org/multipage/urls-and-fetching.html#fetch-priority-attribute */
const FETCH_PRIORITY = enumerated({
  keywords: [
    { keyword: 'high', state: 'High' },
    { keyword: 'low', state: 'Low' },
    { keyword: 'auto', state: 'Auto' },
  ],
  missingValueDefault: 'Auto',
  invalidValueDefault: 'Auto',
});

/** https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#attr-fs-method */
const METHOD_KEYWORDS = [
  { keyword: 'get', state: 'GET' },
  { keyword: 'post', state: 'POST' },
  { keyword: 'dialog', state: 'dialog' },
];

/** https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#attr-fs-enctype */
const ENCTYPE_KEYWORDS = [
  { keyword: 'application/x-www-form-urlencoded', state: 'application/x-www-form-urlencoded' },
  { keyword: 'multipart/form-data', state: 'multipart/form-data' },
  { keyword: 'text/plain', state: 'text/plain' },
];

/** https://html.spec.whatwg.org/multipage/input.html#attr-input-type */
export const INPUT_TYPE = enumerated({
  keywords: [
    { keyword: 'hidden', state: 'Hidden' },
    { keyword: 'text', state: 'Text' },
    { keyword: 'search', state: 'Search' },
    { keyword: 'tel', state: 'Telephone' },
    { keyword: 'url', state: 'URL' },
    { keyword: 'email', state: 'Email' },
    { keyword: 'password', state: 'Password' },
    { keyword: 'date', state: 'Date' },
    { keyword: 'month', state: 'Month' },
    { keyword: 'week', state: 'Week' },
    { keyword: 'time', state: 'Time' },
    { keyword: 'datetime-local', state: 'Local Date and Time' },
    { keyword: 'number', state: 'Number' },
    { keyword: 'range', state: 'Range' },
    { keyword: 'color', state: 'Color' },
    { keyword: 'checkbox', state: 'Checkbox' },
    { keyword: 'radio', state: 'Radio Button' },
    { keyword: 'file', state: 'File Upload' },
    { keyword: 'submit', state: 'Submit Button' },
    { keyword: 'image', state: 'Image Button' },
    { keyword: 'reset', state: 'Reset Button' },
    { keyword: 'button', state: 'Button' },
  ],
  missingValueDefault: 'Text',
  invalidValueDefault: 'Text',
});

/** The input type keyword of each state: `inputTypes` in the table use these keywords. */
export function inputTypeKeyword(state: string): string {
  for (const k of INPUT_TYPE.attribute.keywords) if (k.state === state) return k.keyword;
  return 'text';
}

// ---------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------

/**
 * The attributes whose value is a URL, from the spec's attributes index ("Valid URL potentially surrounded by
 * spaces", "Valid non-empty URL potentially surrounded by spaces"): https://html.spec.whatwg.org/multipage/indices.html#attributes-3
 */
function urlAttributes(): AttributeDefinition[] {
  const url = (name: string, elements: string[] | null, nonEmpty: boolean, anchor: string, inputTypes?: string[]): AttributeDefinition => ({
    name,
    elements,
    ...(inputTypes !== undefined ? { inputTypes } : {}),
    syntax: { kind: 'url', nonEmpty },
    href: `${SPEC}${anchor}`,
  });
  return [
    url('href', ['base'], false, 'semantics.html#attr-base-href'),
    url('href', ['link'], true, 'semantics.html#attr-link-href'),
    url('cite', ['blockquote', 'q', 'ins', 'del'], false, 'grouping-content.html#attr-blockquote-cite'),
    url('src', ['img'], true, 'embedded-content.html#attr-img-src'),
    url('src', ['iframe'], true, 'iframe-embed-object.html#attr-iframe-src'),
    url('src', ['embed'], true, 'iframe-embed-object.html#attr-embed-src'),
    url('data', ['object'], true, 'iframe-embed-object.html#attr-object-data'),
    url('src', ['video', 'audio'], true, 'media.html#attr-media-src'),
    url('src', ['source'], true, 'embedded-content.html#attr-source-src'),
    url('src', ['track'], true, 'media.html#attr-track-src'),
    url('poster', ['video'], true, 'media.html#attr-video-poster'),
    url('src', ['script'], true, 'scripting.html#attr-script-src'),
    url('src', ['input'], true, 'input.html#attr-input-src', ['image']),
    url('action', ['form'], true, 'form-control-infrastructure.html#attr-fs-action'),
    url('formaction', ['button'], true, 'form-control-infrastructure.html#attr-fs-formaction'),
    url('formaction', ['input'], true, 'form-control-infrastructure.html#attr-fs-formaction', ['submit', 'image']),
    url('itemid', null, false, 'microdata.html#attr-itemid'),
  ];
}

const BOOLEAN = { kind: 'boolean' } as const;

function nni(limits: NumberLimits = {}): AttributeSyntax {
  return { kind: 'non-negative-integer', ...limits };
}

const DIMENSION: AttributeSyntax = { kind: 'dimension' };

/** Input types whose min, max and value are dates and times, and the microsyntax of each. */
const INPUT_DATE_TYPES: readonly { type: string; min: DateTimeKind; value: DateTimeKind; anchor: string }[] = [
  { type: 'date', min: 'date', value: 'date', anchor: 'date-state-(type=date)' },
  { type: 'month', min: 'month', value: 'month', anchor: 'month-state-(type=month)' },
  { type: 'week', min: 'week', value: 'week', anchor: 'week-state-(type=week)' },
  { type: 'time', min: 'time', value: 'time', anchor: 'time-state-(type=time)' },
  { type: 'datetime-local', min: 'local-date-and-time', value: 'local-date-and-time', anchor: 'local-date-and-time-state-(type=datetime-local)' },
];

function inputValueEntries(): AttributeDefinition[] {
  const out: AttributeDefinition[] = [];
  for (const t of INPUT_DATE_TYPES) {
    out.push(
      { name: 'min', elements: ['input'], inputTypes: [t.type], syntax: { kind: t.min, fallback: 'no minimum' }, href: `${SPEC}input.html#attr-input-min` },
      { name: 'max', elements: ['input'], inputTypes: [t.type], syntax: { kind: t.min, fallback: 'no maximum' }, href: `${SPEC}input.html#attr-input-max` },
      // "The value attribute, if specified and not empty, must have a value that is a valid … string."
      { name: 'value', elements: ['input'], inputTypes: [t.type], syntax: { kind: t.value, fallback: 'the empty string (value sanitization)' }, href: `${SPEC}input.html#${t.anchor}` },
    );
  }
  out.push(
    { name: 'min', elements: ['input'], inputTypes: ['number', 'range'], syntax: { kind: 'floating-point-number', fallback: 'no minimum' }, href: `${SPEC}input.html#attr-input-min` },
    { name: 'max', elements: ['input'], inputTypes: ['number', 'range'], syntax: { kind: 'floating-point-number', fallback: 'no maximum' }, href: `${SPEC}input.html#attr-input-max` },
    {
      name: 'value',
      elements: ['input'],
      inputTypes: ['number'],
      syntax: { kind: 'floating-point-number', fallback: 'the empty string (value sanitization)' },
      href: `${SPEC}input.html#number-state-(type=number)`,
    },
    {
      name: 'value',
      elements: ['input'],
      inputTypes: ['range'],
      syntax: { kind: 'floating-point-number', fallback: 'the default value, halfway between the minimum and the maximum (value sanitization)' },
      href: `${SPEC}input.html#range-state-(type=range)`,
    },
    {
      name: 'step',
      elements: ['input'],
      inputTypes: ['date', 'month', 'week', 'time', 'datetime-local', 'number', 'range'],
      syntax: { kind: 'step' },
      href: `${SPEC}input.html#attr-input-step`,
    },
  );
  return out;
}

/** ARIA attributes whose value is an ID reference list (or a single ID reference). https://w3c.github.io/aria/#valuetype_idref_list */
const ARIA_ID_REFERENCES: readonly { name: string; single: boolean }[] = [
  { name: 'aria-activedescendant', single: true },
  { name: 'aria-controls', single: false },
  { name: 'aria-describedby', single: false },
  { name: 'aria-details', single: false },
  { name: 'aria-errormessage', single: false },
  { name: 'aria-flowto', single: false },
  { name: 'aria-labelledby', single: false },
  { name: 'aria-owns', single: false },
];

/** Elements with a `form` attribute: https://html.spec.whatwg.org/multipage/forms.html#form-associated-element */
const FORM_ASSOCIATED = ['button', 'fieldset', 'input', 'object', 'output', 'select', 'textarea'];

export const ATTRIBUTE_TABLE: readonly AttributeDefinition[] = [
  // --- Global attributes -------------------------------------------------------------------
  { name: 'id', elements: null, syntax: { kind: 'id' }, href: `${SPEC}dom.html#the-id-attribute` },
  { name: 'autofocus', elements: null, syntax: BOOLEAN, href: `${SPEC}interaction.html#attr-fe-autofocus` },
  { name: 'inert', elements: null, syntax: BOOLEAN, href: `${SPEC}interaction.html#attr-inert` },
  { name: 'itemscope', elements: null, syntax: BOOLEAN, href: `${SPEC}microdata.html#attr-itemscope` },
  { name: 'itemref', elements: null, syntax: { kind: 'id-references' }, href: `${SPEC}microdata.html#attr-itemref` },
  { name: 'tabindex', elements: null, syntax: { kind: 'integer', fallback: "the element's default focusability, as if the attribute were absent" }, href: `${SPEC}interaction.html#attr-tabindex` },
  {
    name: 'dir',
    elements: null,
    syntax: enumerated({ keywords: keywords('ltr', 'rtl', 'auto') }, { noState: 'the element takes its directionality as if dir were absent' }),
    href: `${SPEC}dom.html#attr-dir`,
  },
  {
    name: 'translate',
    elements: null,
    syntax: enumerated({
      keywords: [
        { keyword: 'yes', state: 'translate-enabled' },
        { keyword: '', state: 'translate-enabled' },
        { keyword: 'no', state: 'no-translate' },
      ],
      missingValueDefault: 'inherit',
      invalidValueDefault: 'inherit',
    }),
    href: `${SPEC}dom.html#attr-translate`,
  },
  {
    name: 'contenteditable',
    elements: null,
    syntax: enumerated({
      keywords: [
        { keyword: 'true', state: 'true' },
        { keyword: '', state: 'true' },
        { keyword: 'false', state: 'false' },
        { keyword: 'plaintext-only', state: 'plaintext-only' },
      ],
      missingValueDefault: 'inherit',
      invalidValueDefault: 'inherit',
    }),
    href: `${SPEC}interaction.html#attr-contenteditable`,
  },
  {
    name: 'draggable',
    elements: null,
    syntax: enumerated({
      keywords: [
        { keyword: 'true', state: 'True' },
        { keyword: 'false', state: 'False' },
      ],
      missingValueDefault: 'Auto',
      invalidValueDefault: 'Auto',
    }),
    href: `${SPEC}dnd.html#attr-draggable`,
  },
  {
    name: 'spellcheck',
    elements: null,
    syntax: enumerated({
      keywords: [
        { keyword: 'true', state: 'true' },
        { keyword: '', state: 'true' },
        { keyword: 'false', state: 'false' },
      ],
      missingValueDefault: 'default',
      invalidValueDefault: 'default',
    }),
    href: `${SPEC}interaction.html#attr-spellcheck`,
  },
  {
    name: 'autocapitalize',
    elements: null,
    syntax: enumerated({
      keywords: [
        { keyword: 'off', state: 'none' },
        { keyword: 'none', state: 'none' },
        { keyword: 'on', state: 'sentences' },
        { keyword: 'sentences', state: 'sentences' },
        { keyword: 'words', state: 'words' },
        { keyword: 'characters', state: 'characters' },
      ],
      missingValueDefault: 'default',
      invalidValueDefault: 'sentences',
    }),
    href: `${SPEC}interaction.html#attr-autocapitalize`,
  },
  {
    name: 'enterkeyhint',
    elements: null,
    syntax: enumerated({ keywords: keywords('enter', 'done', 'go', 'next', 'previous', 'search', 'send') }, { noState: 'the browser picks the key label itself' }),
    href: `${SPEC}interaction.html#attr-enterkeyhint`,
  },
  {
    name: 'inputmode',
    elements: null,
    syntax: enumerated({ keywords: keywords('none', 'text', 'tel', 'url', 'email', 'numeric', 'decimal', 'search') }, { noState: 'the browser picks the virtual keyboard itself' }),
    href: `${SPEC}interaction.html#attr-inputmode`,
  },
  {
    name: 'hidden',
    elements: null,
    syntax: enumerated({
      keywords: [
        { keyword: 'hidden', state: 'Hidden' },
        // "its invalid value default and empty value default are both the Hidden state"
        { keyword: '', state: 'Hidden' },
        { keyword: 'until-found', state: 'Hidden Until Found' },
      ],
      missingValueDefault: 'Not Hidden',
      invalidValueDefault: 'Hidden',
    }),
    href: `${SPEC}interaction.html#attr-hidden`,
  },
  {
    name: 'popover',
    elements: null,
    syntax: enumerated({
      keywords: [
        { keyword: 'auto', state: 'Auto' },
        { keyword: '', state: 'Auto' },
        { keyword: 'manual', state: 'Manual' },
        { keyword: 'hint', state: 'Hint' },
      ],
      missingValueDefault: 'No Popover',
      invalidValueDefault: 'Manual',
    }),
    href: `${SPEC}popover.html#attr-popover`,
  },
  ...ARIA_ID_REFERENCES.map(
    (a): AttributeDefinition => ({ name: a.name, elements: null, syntax: a.single ? { kind: 'id-reference' } : { kind: 'id-references' }, href: `${ARIA}${a.name}` }),
  ),

  // --- Links and embedded content ----------------------------------------------------------
  { name: 'href', elements: ['a', 'area'], syntax: { kind: 'hyperlink' }, href: `${SPEC}links.html#attr-hyperlink-href` },
  ...urlAttributes(),
  { name: 'ping', elements: ['a', 'area'], syntax: { kind: 'urls' }, href: `${SPEC}links.html#ping` },
  { name: 'target', elements: ['a', 'area'], syntax: { kind: 'navigable-target-name-or-keyword' }, href: `${SPEC}links.html#attr-hyperlink-target` },
  { name: 'target', elements: ['base'], syntax: { kind: 'navigable-target-name-or-keyword' }, href: `${SPEC}semantics.html#attr-base-target` },
  { name: 'target', elements: ['form'], syntax: { kind: 'navigable-target-name-or-keyword' }, href: `${SPEC}form-control-infrastructure.html#attr-fs-target` },
  { name: 'formtarget', elements: ['button', 'input'], syntax: { kind: 'navigable-target-name-or-keyword' }, href: `${SPEC}form-control-infrastructure.html#attr-fs-formtarget` },
  { name: 'lang', elements: null, syntax: { kind: 'language-tag', emptyAllowed: true }, href: `${SPEC}dom.html#attr-lang` },
  { name: 'hreflang', elements: ['a', 'area', 'link'], syntax: { kind: 'language-tag', emptyAllowed: false }, href: `${SPEC}links.html#attr-hyperlink-hreflang` },
  { name: 'srclang', elements: ['track'], syntax: { kind: 'language-tag', emptyAllowed: false }, href: `${SPEC}media.html#attr-track-srclang` },
  { name: 'type', elements: ['a', 'area', 'link'], syntax: { kind: 'mime-type' }, href: `${SPEC}links.html#attr-hyperlink-type` },
  { name: 'type', elements: ['embed'], syntax: { kind: 'mime-type' }, href: `${SPEC}iframe-embed-object.html#attr-embed-type` },
  { name: 'type', elements: ['object'], syntax: { kind: 'mime-type' }, href: `${SPEC}iframe-embed-object.html#attr-object-type` },
  { name: 'type', elements: ['source'], syntax: { kind: 'mime-type' }, href: `${SPEC}embedded-content.html#attr-source-type` },
  { name: 'type', elements: ['script'], syntax: { kind: 'script-type' }, href: `${SPEC}scripting.html#attr-script-type` },
  { name: 'accept', elements: ['input'], inputTypes: ['file'], syntax: { kind: 'accept' }, href: `${SPEC}input.html#attr-input-accept` },
  { name: 'srcset', elements: ['img', 'source'], syntax: { kind: 'srcset' }, href: `${SPEC}images.html#srcset-attributes` },
  { name: 'imagesrcset', elements: ['link'], syntax: { kind: 'srcset' }, href: `${SPEC}semantics.html#attr-link-imagesrcset` },
  { name: 'sizes', elements: ['img', 'source'], syntax: { kind: 'sizes' }, href: `${SPEC}images.html#sizes-attributes` },
  { name: 'imagesizes', elements: ['link'], syntax: { kind: 'sizes' }, href: `${SPEC}semantics.html#attr-link-imagesizes` },
  { name: 'media', elements: ['link', 'meta', 'source', 'style'], syntax: { kind: 'media-query-list' }, href: `${SPEC}common-microsyntaxes.html#valid-media-query-list` },
  { name: 'autocomplete', elements: ['input', 'select', 'textarea'], syntax: { kind: 'autofill' }, href: `${SPEC}form-control-infrastructure.html#attr-fe-autocomplete` },
  { name: 'rel', elements: ['a', 'area', 'link', 'form'], syntax: { kind: 'link-types' }, href: `${SPEC}links.html#linkTypes` },
  { name: 'allow', elements: ['iframe'], syntax: { kind: 'permissions-policy' }, href: `${SPEC}iframe-embed-object.html#attr-iframe-allow` },
  { name: 'referrerpolicy', elements: ['a', 'area', 'img', 'iframe', 'link', 'script'], syntax: REFERRER_POLICY, href: `${SPEC}urls-and-fetching.html#referrer-policy-attribute` },
  { name: 'crossorigin', elements: ['img', 'audio', 'video', 'script', 'link'], syntax: CORS_SETTINGS, href: `${SPEC}urls-and-fetching.html#cors-settings-attribute` },
  { name: 'fetchpriority', elements: ['img', 'link', 'script'], syntax: FETCH_PRIORITY, href: `${SPEC}urls-and-fetching.html#fetch-priority-attribute` },
  { name: 'loading', elements: ['img', 'iframe'], syntax: LAZY_LOADING, href: `${SPEC}urls-and-fetching.html#lazy-loading-attribute` },
  {
    name: 'decoding',
    elements: ['img'],
    syntax: enumerated({
      keywords: [
        { keyword: 'sync', state: 'Sync' },
        { keyword: 'async', state: 'Async' },
        { keyword: 'auto', state: 'Auto' },
      ],
      missingValueDefault: 'Auto',
      invalidValueDefault: 'Auto',
    }),
    href: `${SPEC}embedded-content.html#attr-img-decoding`,
  },
  { name: 'usemap', elements: ['img'], syntax: { kind: 'hash-name-reference', target: 'map' }, href: `${SPEC}image-maps.html#attr-hyperlink-usemap` },
  { name: 'ismap', elements: ['img'], syntax: BOOLEAN, href: `${SPEC}embedded-content.html#attr-img-ismap` },
  { name: 'width', elements: ['img', 'iframe', 'embed', 'object', 'video'], syntax: DIMENSION, href: `${SPEC}embedded-content-other.html#attr-dim-width` },
  { name: 'height', elements: ['img', 'iframe', 'embed', 'object', 'video'], syntax: DIMENSION, href: `${SPEC}embedded-content-other.html#attr-dim-height` },
  { name: 'width', elements: ['input'], inputTypes: ['image'], syntax: DIMENSION, href: `${SPEC}embedded-content-other.html#attr-dim-width` },
  { name: 'height', elements: ['input'], inputTypes: ['image'], syntax: DIMENSION, href: `${SPEC}embedded-content-other.html#attr-dim-height` },
  { name: 'width', elements: ['canvas'], syntax: nni({ fallback: 'the default width, 300' }), href: `${SPEC}canvas.html#attr-canvas-width` },
  { name: 'height', elements: ['canvas'], syntax: nni({ fallback: 'the default height, 150' }), href: `${SPEC}canvas.html#attr-canvas-height` },
  { name: 'allowfullscreen', elements: ['iframe'], syntax: BOOLEAN, href: `${SPEC}iframe-embed-object.html#attr-iframe-allowfullscreen` },
  {
    name: 'sandbox',
    elements: ['iframe'],
    syntax: {
      kind: 'tokens',
      caseInsensitive: true,
      allowed: [
        'allow-downloads',
        'allow-forms',
        'allow-modals',
        'allow-orientation-lock',
        'allow-pointer-lock',
        'allow-popups',
        'allow-popups-to-escape-sandbox',
        'allow-presentation',
        'allow-same-origin',
        'allow-scripts',
        'allow-top-navigation',
        'allow-top-navigation-by-user-activation',
        'allow-top-navigation-to-custom-protocols',
      ],
      // "The allow-top-navigation and allow-top-navigation-by-user-activation keywords must not both be specified, as
      // doing so is redundant" and "the allow-top-navigation-to-custom-protocols keyword must not be specified if either
      // allow-top-navigation or allow-popups are specified, as doing so is redundant."
      exclusive: [
        ['allow-top-navigation-by-user-activation', 'allow-top-navigation', 'only allow-top-navigation has an effect'],
        ['allow-top-navigation-to-custom-protocols', 'allow-top-navigation', 'allow-top-navigation already allows it'],
        ['allow-top-navigation-to-custom-protocols', 'allow-popups', 'allow-popups already allows it'],
      ],
    },
    href: `${SPEC}iframe-embed-object.html#attr-iframe-sandbox`,
  },
  {
    name: 'shape',
    elements: ['area'],
    syntax: enumerated({
      keywords: [
        { keyword: 'circle', state: 'circle' },
        { keyword: 'circ', state: 'circle', conforming: false },
        { keyword: 'default', state: 'default' },
        { keyword: 'poly', state: 'polygon' },
        { keyword: 'polygon', state: 'polygon', conforming: false },
        { keyword: 'rect', state: 'rectangle' },
        { keyword: 'rectangle', state: 'rectangle', conforming: false },
      ],
      missingValueDefault: 'rectangle',
      invalidValueDefault: 'rectangle',
    }),
    href: `${SPEC}image-maps.html#attr-area-shape`,
  },
  { name: 'coords', elements: ['area'], syntax: { kind: 'list-of-floating-point-numbers' }, href: `${SPEC}image-maps.html#attr-area-coords` },

  // --- Media ---------------------------------------------------------------------------------
  { name: 'autoplay', elements: ['audio', 'video'], syntax: BOOLEAN, href: `${SPEC}media.html#attr-media-autoplay` },
  { name: 'controls', elements: ['audio', 'video'], syntax: BOOLEAN, href: `${SPEC}media.html#attr-media-controls` },
  { name: 'loop', elements: ['audio', 'video'], syntax: BOOLEAN, href: `${SPEC}media.html#attr-media-loop` },
  { name: 'muted', elements: ['audio', 'video'], syntax: BOOLEAN, href: `${SPEC}media.html#attr-media-muted` },
  { name: 'playsinline', elements: ['video'], syntax: BOOLEAN, href: `${SPEC}media.html#attr-video-playsinline` },
  {
    name: 'preload',
    elements: ['audio', 'video'],
    syntax: enumerated({
      keywords: [
        { keyword: 'none', state: 'None' },
        { keyword: 'metadata', state: 'Metadata' },
        { keyword: 'auto', state: 'Automatic' },
        { keyword: '', state: 'Automatic' },
      ],
      invalidValueDefault: 'Metadata',
    }, { noState: 'the browser chooses how much to preload' }),
    href: `${SPEC}media.html#attr-media-preload`,
  },
  {
    name: 'kind',
    elements: ['track'],
    syntax: enumerated({
      keywords: [
        { keyword: 'subtitles', state: 'Subtitles' },
        { keyword: 'captions', state: 'Captions' },
        { keyword: 'descriptions', state: 'Descriptions' },
        { keyword: 'chapters', state: 'Chapters metadata' },
        { keyword: 'metadata', state: 'Metadata' },
      ],
      missingValueDefault: 'Subtitles',
      invalidValueDefault: 'Metadata',
    }),
    href: `${SPEC}media.html#attr-track-kind`,
  },
  { name: 'default', elements: ['track'], syntax: BOOLEAN, href: `${SPEC}media.html#attr-track-default` },

  // --- Document metadata and scripting -------------------------------------------------------
  { name: 'charset', elements: ['meta'], syntax: { kind: 'charset' }, href: `${SPEC}semantics.html#attr-meta-charset` },
  { name: 'content', elements: ['meta'], syntax: { kind: 'meta-content' }, href: `${SPEC}semantics.html#attr-meta-http-equiv-content-type` },
  {
    name: 'http-equiv',
    elements: ['meta'],
    syntax: enumerated({
      keywords: [
        { keyword: 'content-language', state: 'Content language', conforming: false },
        { keyword: 'content-type', state: 'Encoding declaration' },
        { keyword: 'default-style', state: 'Default style' },
        { keyword: 'refresh', state: 'Refresh' },
        { keyword: 'set-cookie', state: 'Cookie setter', conforming: false },
        { keyword: 'x-ua-compatible', state: 'X-UA-Compatible' },
        { keyword: 'content-security-policy', state: 'Content security policy' },
      ],
    }, { noState: 'the meta element does nothing' }),
    href: `${SPEC}semantics.html#attr-meta-http-equiv`,
  },
  { name: 'disabled', elements: ['link'], syntax: BOOLEAN, href: `${SPEC}semantics.html#attr-link-disabled` },
  { name: 'async', elements: ['script'], syntax: BOOLEAN, href: `${SPEC}scripting.html#attr-script-async` },
  { name: 'defer', elements: ['script'], syntax: BOOLEAN, href: `${SPEC}scripting.html#attr-script-defer` },
  { name: 'nomodule', elements: ['script'], syntax: BOOLEAN, href: `${SPEC}scripting.html#attr-script-nomodule` },
  {
    name: 'shadowrootmode',
    elements: ['template'],
    syntax: enumerated({ keywords: keywords('open', 'closed') }, { noState: 'no declarative shadow root is attached' }),
    href: `${SPEC}scripting.html#attr-template-shadowrootmode`,
  },
  { name: 'shadowrootdelegatesfocus', elements: ['template'], syntax: BOOLEAN, href: `${SPEC}scripting.html#attr-template-shadowrootdelegatesfocus` },
  { name: 'shadowrootclonable', elements: ['template'], syntax: BOOLEAN, href: `${SPEC}scripting.html#attr-template-shadowrootclonable` },
  { name: 'shadowrootserializable', elements: ['template'], syntax: BOOLEAN, href: `${SPEC}scripting.html#attr-template-shadowrootserializable` },

  // --- Grouping, text-level and edits ---------------------------------------------------------
  { name: 'start', elements: ['ol'], syntax: { kind: 'integer', fallback: 'the default start: 1, or the number of items when reversed' }, href: `${SPEC}grouping-content.html#attr-ol-start` },
  { name: 'reversed', elements: ['ol'], syntax: BOOLEAN, href: `${SPEC}grouping-content.html#attr-ol-reversed` },
  {
    name: 'type',
    elements: ['ol'],
    syntax: enumerated(
      {
        keywords: [
          { keyword: '1', state: 'decimal' },
          { keyword: 'a', state: 'lower-alpha' },
          { keyword: 'A', state: 'upper-alpha' },
          { keyword: 'i', state: 'lower-roman' },
          { keyword: 'I', state: 'upper-roman' },
        ],
        missingValueDefault: 'decimal',
        invalidValueDefault: 'decimal',
      },
      { caseSensitive: true },
    ),
    href: `${SPEC}grouping-content.html#attr-ol-type`,
  },
  { name: 'value', elements: ['li'], syntax: { kind: 'integer', fallback: "the item's ordinal value from its position in the list" }, href: `${SPEC}grouping-content.html#attr-li-value` },
  { name: 'datetime', elements: ['time'], syntax: { kind: 'datetime-value' }, href: `${SPEC}text-level-semantics.html#attr-time-datetime` },
  { name: 'datetime', elements: ['ins', 'del'], syntax: { kind: 'date-with-optional-time' }, href: `${SPEC}edits.html#attr-mod-datetime` },
  { name: 'open', elements: ['details'], syntax: BOOLEAN, href: `${SPEC}interactive-elements.html#attr-details-open` },
  { name: 'open', elements: ['dialog'], syntax: BOOLEAN, href: `${SPEC}interactive-elements.html#attr-dialog-open` },

  // --- Tables --------------------------------------------------------------------------------
  {
    name: 'colspan',
    elements: ['td', 'th'],
    syntax: nni({ min: 1, max: 1000, clampToMax: true, fallback: '1' }),
    href: `${SPEC}tables.html#attr-tdth-colspan`,
  },
  {
    name: 'rowspan',
    elements: ['td', 'th'],
    syntax: nni({ max: 65534, clampToMax: true, fallback: '1' }),
    href: `${SPEC}tables.html#attr-tdth-rowspan`,
  },
  { name: 'headers', elements: ['td', 'th'], syntax: { kind: 'id-references', targets: ['th'] }, href: `${SPEC}tables.html#attr-tdth-headers` },
  {
    name: 'scope',
    elements: ['th'],
    syntax: enumerated({
      keywords: [
        { keyword: 'row', state: 'Row' },
        { keyword: 'col', state: 'Column' },
        { keyword: 'rowgroup', state: 'Row Group' },
        { keyword: 'colgroup', state: 'Column Group' },
      ],
      missingValueDefault: 'Auto',
      invalidValueDefault: 'Auto',
    }),
    href: `${SPEC}tables.html#attr-th-scope`,
  },
  { name: 'span', elements: ['col'], syntax: nni({ min: 1, max: 1000, clampToMax: true, fallback: '1' }), href: `${SPEC}tables.html#attr-col-span` },
  { name: 'span', elements: ['colgroup'], syntax: nni({ min: 1, max: 1000, clampToMax: true, fallback: '1' }), href: `${SPEC}tables.html#attr-colgroup-span` },

  // --- Forms -----------------------------------------------------------------------------------
  {
    name: 'method',
    elements: ['form'],
    syntax: enumerated({ keywords: METHOD_KEYWORDS, missingValueDefault: 'GET', invalidValueDefault: 'GET' }),
    href: `${SPEC}form-control-infrastructure.html#attr-fs-method`,
  },
  {
    name: 'formmethod',
    elements: ['button', 'input'],
    syntax: enumerated({ keywords: METHOD_KEYWORDS, invalidValueDefault: 'GET' }, { noState: "the form's method applies" }),
    href: `${SPEC}form-control-infrastructure.html#attr-fs-formmethod`,
  },
  {
    name: 'enctype',
    elements: ['form'],
    syntax: enumerated({ keywords: ENCTYPE_KEYWORDS, missingValueDefault: 'application/x-www-form-urlencoded', invalidValueDefault: 'application/x-www-form-urlencoded' }),
    href: `${SPEC}form-control-infrastructure.html#attr-fs-enctype`,
  },
  {
    name: 'formenctype',
    elements: ['button', 'input'],
    syntax: enumerated({ keywords: ENCTYPE_KEYWORDS, invalidValueDefault: 'application/x-www-form-urlencoded' }, { noState: "the form's enctype applies" }),
    href: `${SPEC}form-control-infrastructure.html#attr-fs-formenctype`,
  },
  {
    name: 'autocomplete',
    elements: ['form'],
    syntax: enumerated({ keywords: keywords('on', 'off'), missingValueDefault: 'on', invalidValueDefault: 'on' }),
    href: `${SPEC}forms.html#attr-form-autocomplete`,
  },
  { name: 'novalidate', elements: ['form'], syntax: BOOLEAN, href: `${SPEC}form-control-infrastructure.html#attr-fs-novalidate` },
  { name: 'formnovalidate', elements: ['button', 'input'], syntax: BOOLEAN, href: `${SPEC}form-control-infrastructure.html#attr-fs-formnovalidate` },
  {
    name: 'form',
    elements: FORM_ASSOCIATED,
    syntax: { kind: 'id-reference', targets: ['form'], targetMismatch: 'the element gets no form owner' },
    href: `${SPEC}form-control-infrastructure.html#attr-fae-form`,
  },
  { name: 'for', elements: ['label'], syntax: { kind: 'id-reference' }, href: `${SPEC}forms.html#attr-label-for` },
  { name: 'for', elements: ['output'], syntax: { kind: 'id-references' }, href: `${SPEC}form-elements.html#attr-output-for` },
  { name: 'disabled', elements: ['button', 'fieldset', 'input', 'select', 'textarea'], syntax: BOOLEAN, href: `${SPEC}form-control-infrastructure.html#attr-fe-disabled` },
  { name: 'disabled', elements: ['optgroup'], syntax: BOOLEAN, href: `${SPEC}form-elements.html#attr-optgroup-disabled` },
  { name: 'disabled', elements: ['option'], syntax: BOOLEAN, href: `${SPEC}form-elements.html#attr-option-disabled` },
  { name: 'selected', elements: ['option'], syntax: BOOLEAN, href: `${SPEC}form-elements.html#attr-option-selected` },
  {
    name: 'type',
    elements: ['button'],
    syntax: enumerated({
      keywords: [
        { keyword: 'submit', state: 'Submit Button' },
        { keyword: 'reset', state: 'Reset Button' },
        { keyword: 'button', state: 'Button' },
      ],
      // "The attribute's missing value default and invalid value default are both the Auto state": a submit button
      // unless the element has command and commandfor (or its parent is a select).
      missingValueDefault: 'Auto',
      invalidValueDefault: 'Auto',
    }),
    href: `${SPEC}form-elements.html#attr-button-type`,
  },
  { name: 'popovertarget', elements: ['button', 'input'], syntax: { kind: 'id-reference' }, href: `${SPEC}popover.html#attr-popovertarget` },
  {
    name: 'popovertargetaction',
    elements: ['button', 'input'],
    syntax: enumerated({
      keywords: [
        { keyword: 'toggle', state: 'Toggle' },
        { keyword: 'show', state: 'Show' },
        { keyword: 'hide', state: 'Hide' },
      ],
      missingValueDefault: 'Toggle',
      invalidValueDefault: 'Toggle',
    }),
    href: `${SPEC}popover.html#attr-popovertargetaction`,
  },
  { name: 'commandfor', elements: ['button'], syntax: { kind: 'id-reference' }, href: `${SPEC}form-elements.html#attr-button-commandfor` },
  { name: 'type', elements: ['input'], syntax: INPUT_TYPE, href: `${SPEC}input.html#attr-input-type` },
  { name: 'checked', elements: ['input'], syntax: BOOLEAN, href: `${SPEC}input.html#attr-input-checked` },
  { name: 'multiple', elements: ['input'], syntax: BOOLEAN, href: `${SPEC}input.html#attr-input-multiple` },
  { name: 'readonly', elements: ['input'], syntax: BOOLEAN, href: `${SPEC}input.html#attr-input-readonly` },
  { name: 'required', elements: ['input'], syntax: BOOLEAN, href: `${SPEC}input.html#attr-input-required` },
  { name: 'list', elements: ['input'], syntax: { kind: 'id-reference', targets: ['datalist'], targetMismatch: 'the control has no suggestions' }, href: `${SPEC}input.html#attr-input-list` },
  { name: 'maxlength', elements: ['input'], syntax: nni({ fallback: 'no maximum length' }), href: `${SPEC}input.html#attr-input-maxlength` },
  { name: 'minlength', elements: ['input'], syntax: nni({ fallback: 'no minimum length' }), href: `${SPEC}input.html#attr-input-minlength` },
  { name: 'size', elements: ['input'], syntax: nni({ min: 1, fallback: 'the default size, 20 characters' }), href: `${SPEC}input.html#attr-input-size` },
  ...inputValueEntries(),
  { name: 'size', elements: ['select'], syntax: nni({ min: 1, fallback: 'the default: 4 rows with multiple, 1 otherwise' }), href: `${SPEC}form-elements.html#attr-select-size` },
  { name: 'multiple', elements: ['select'], syntax: BOOLEAN, href: `${SPEC}form-elements.html#attr-select-multiple` },
  { name: 'required', elements: ['select'], syntax: BOOLEAN, href: `${SPEC}form-elements.html#attr-select-required` },
  { name: 'cols', elements: ['textarea'], syntax: nni({ min: 1, fallback: 'the default, 20' }), href: `${SPEC}form-elements.html#attr-textarea-cols` },
  { name: 'rows', elements: ['textarea'], syntax: nni({ min: 1, fallback: 'the default, 2' }), href: `${SPEC}form-elements.html#attr-textarea-rows` },
  { name: 'maxlength', elements: ['textarea'], syntax: nni({ fallback: 'no maximum length' }), href: `${SPEC}form-elements.html#attr-textarea-maxlength` },
  { name: 'minlength', elements: ['textarea'], syntax: nni({ fallback: 'no minimum length' }), href: `${SPEC}form-elements.html#attr-textarea-minlength` },
  { name: 'readonly', elements: ['textarea'], syntax: BOOLEAN, href: `${SPEC}form-elements.html#attr-textarea-readonly` },
  { name: 'required', elements: ['textarea'], syntax: BOOLEAN, href: `${SPEC}form-elements.html#attr-textarea-required` },
  {
    name: 'wrap',
    elements: ['textarea'],
    syntax: enumerated({ keywords: [{ keyword: 'soft', state: 'Soft' }, { keyword: 'hard', state: 'Hard' }], missingValueDefault: 'Soft', invalidValueDefault: 'Soft' }),
    href: `${SPEC}form-elements.html#attr-textarea-wrap`,
  },
  { name: 'value', elements: ['progress'], syntax: { kind: 'floating-point-number', nonNegative: true, fallback: '0' }, href: `${SPEC}form-elements.html#attr-progress-value` },
  { name: 'max', elements: ['progress'], syntax: { kind: 'floating-point-number', positive: true, fallback: 'the default maximum, 1' }, href: `${SPEC}form-elements.html#attr-progress-max` },
  { name: 'value', elements: ['meter'], syntax: { kind: 'floating-point-number', fallback: '0' }, href: `${SPEC}form-elements.html#attr-meter-value` },
  { name: 'min', elements: ['meter'], syntax: { kind: 'floating-point-number', fallback: 'the default minimum, 0' }, href: `${SPEC}form-elements.html#attr-meter-min` },
  { name: 'max', elements: ['meter'], syntax: { kind: 'floating-point-number', fallback: 'the default maximum, 1 (or the minimum, if greater)' }, href: `${SPEC}form-elements.html#attr-meter-max` },
  { name: 'low', elements: ['meter'], syntax: { kind: 'floating-point-number', fallback: 'the minimum' }, href: `${SPEC}form-elements.html#attr-meter-low` },
  { name: 'high', elements: ['meter'], syntax: { kind: 'floating-point-number', fallback: 'the maximum' }, href: `${SPEC}form-elements.html#attr-meter-high` },
  { name: 'optimum', elements: ['meter'], syntax: { kind: 'floating-point-number', fallback: 'the midpoint between the minimum and the maximum' }, href: `${SPEC}form-elements.html#attr-meter-optimum` },
];

// ---------------------------------------------------------------------------
// Lookup
// ---------------------------------------------------------------------------

/**
 * Per attribute name: its entries per element (more than one for `input`, per type), and its global entry.
 * OPTIMIZATION: two look-ups by the names as they are (no key string built per attribute).
 */
interface IndexEntry {
  readonly byElement: Map<string, AttributeDefinition[]>;
  global: AttributeDefinition | null;
}

const INDEX: ReadonlyMap<string, IndexEntry> = (() => {
  const index = new Map<string, IndexEntry>();
  for (const entry of ATTRIBUTE_TABLE) {
    let e = index.get(entry.name);
    if (e === undefined) index.set(entry.name, (e = { byElement: new Map(), global: null }));
    if (entry.elements === null) e.global ??= entry;
    else {
      for (const element of entry.elements) {
        const list = e.byElement.get(element);
        if (list === undefined) e.byElement.set(element, [entry]);
        else list.push(entry);
      }
    }
  }
  return index;
})();

/**
 * The definition of attribute `name` on an HTML element `element`, or null.
 * `inputType` is the input element's type keyword (`text` for a missing or
 * invalid type); an input entry with `inputTypes` applies only in those types.
 */
export function attributeDefinition(element: string, name: string, inputType?: string): AttributeDefinition | null {
  const e = INDEX.get(name);
  if (e === undefined) return null;
  const specific = e.byElement.get(element);
  if (specific !== undefined) {
    for (const entry of specific) {
      if (entry.inputTypes === undefined || (inputType !== undefined && entry.inputTypes.includes(inputType))) return entry;
    }
    // Defined on the element, but not in this input type: the attribute does not apply, so it has no syntax to check.
    return null;
  }
  return e.global;
}

/** Every attribute name the table defines on `element` (for completion of names, and for tests). */
export function attributesOf(element: string): string[] {
  const names = new Set<string>();
  for (const entry of ATTRIBUTE_TABLE) {
    if (entry.elements === null || entry.elements.includes(element)) names.add(entry.name);
  }
  return [...names];
}
