/**
 * The shape of the element table's entries (element-table.generated.ts):
 * an HTML element's categories with their conditions, its content model and
 * its obsolete attributes. https://html.spec.whatwg.org/multipage/dom.html#element-definitions
 */

/** https://html.spec.whatwg.org/multipage/dom.html#kinds-of-content (palpable content is advice, not checked). */
export type Category = 'metadata' | 'flow' | 'sectioning' | 'heading' | 'phrasing' | 'embedded' | 'interactive' | 'script-supporting';

/** When an element is in a category, or has a conditional content model. */
export type Condition =
  /** The element has the attribute. */
  | { readonly kind: 'attribute'; readonly name: string }
  /** The attribute is absent or its value is not an ASCII case-insensitive match for `value` (`input` not of type hidden). */
  | { readonly kind: 'not-attribute-value'; readonly name: string; readonly value: string }
  /** Every keyword of `rel` is body-ok: https://html.spec.whatwg.org/multipage/links.html#body-ok */
  | { readonly kind: 'rel-body-ok' }
  /** The element's parent is an HTML element of this name (`dl > div`). */
  | { readonly kind: 'parent'; readonly name: string }
  | { readonly kind: 'any-of'; readonly of: readonly Condition[] };

/** What a content model item matches. */
export type Selector =
  /** The HTML element of this local name. */
  | { readonly kind: 'element'; readonly name: string }
  /** An element of the category (text is flow and phrasing content). */
  | { readonly kind: 'category'; readonly category: Category }
  /** Text that is not inter-element whitespace. */
  | { readonly kind: 'text' }
  | { readonly kind: 'any' }
  /** An element with this attribute (`[tabindex]`). */
  | { readonly kind: 'attribute'; readonly name: string }
  /** https://html.spec.whatwg.org/multipage/dom.html#transparent: whatever the parent's content model allows here. */
  | { readonly kind: 'context' };

/** One child: it matches one of `match` and none of `except`; its descendants match none of `noDescendants`. */
export interface ContentItem {
  readonly match: readonly Selector[];
  readonly except?: readonly Selector[];
  readonly noDescendants?: readonly Selector[];
}

/** The children of an element, as a regular language over its child elements and text runs. */
export type ContentPattern =
  | { readonly kind: 'item'; readonly item: ContentItem }
  | { readonly kind: 'seq'; readonly of: readonly ContentPattern[] }
  | { readonly kind: 'choice'; readonly of: readonly ContentPattern[] }
  | { readonly kind: 'zeroOrMore' | 'oneOrMore' | 'optional'; readonly of: ContentPattern };

/** https://html.spec.whatwg.org/multipage/dom.html#content-models */
export type ContentModel =
  /** https://html.spec.whatwg.org/multipage/dom.html#concept-content-nothing */
  | { readonly kind: 'nothing' }
  /** Not checked (raw text elements, obsolete elements, models not yet covered). */
  | { readonly kind: 'any' }
  | { readonly kind: 'pattern'; readonly pattern: ContentPattern };

export interface ElementEntry {
  /** The local name. */
  readonly name: string;
  /** The element's definition in the spec. */
  readonly href: string;
  /** The categories it belongs to: always (`true`) or under a condition. */
  readonly categories: { readonly [C in Category]?: true | Condition };
  readonly model: ContentModel;
  /** Another model when a condition holds (the first that holds wins). */
  readonly conditional?: readonly { readonly when: Condition; readonly model: ContentModel }[];
  /** An element that must be an ancestor (`area` in a `map`). */
  readonly ancestor?: string;
  /** For an obsolete element, what to use instead. https://html.spec.whatwg.org/multipage/obsolete.html#non-conforming-features */
  readonly obsolete?: string;
  /** Attributes that must not be specified on this element. https://html.spec.whatwg.org/multipage/obsolete.html#non-conforming-features */
  readonly obsoleteAttributes?: readonly string[];
  /** Its own content attributes, globals apart (for completion; not checked). */
  readonly attributes?: readonly string[];
  /** Why the generator replaced the data package's model, quoting the spec. */
  readonly modelSource?: string;
}
