/**
 * The shapes of the ARIA data (aria-table.generated.ts): ARIA in HTML's rows per element
 * (https://w3c.github.io/html-aria/#docconformance) and WAI-ARIA's roles, states and properties
 * (https://w3c.github.io/aria/#role_definitions). Read by aria-model.ts and aria-rules.ts.
 */

/** One row's facts in ARIA in HTML's table; a conditional row sets only what it changes. */
export interface AriaRowFacts {
  /** The implicit role; null: "No corresponding role". */
  readonly implicit?: string | null;
  /** The roles authors may set: "Any role", "No role", or a list. */
  readonly allowed?: 'any' | 'none' | readonly string[];
  /** "Naming Prohibited": no aria-label or aria-labelledby, unless a role that allows naming is set. */
  readonly namingProhibited?: boolean;
  /** The aria-* attributes: false, "No aria-* attributes"; otherwise restrictions (undefined: global and the role's). */
  readonly props?: false | AriaPropsFacts;
}

export interface AriaPropsFacts {
  /** Only these (with this value, when given). */
  readonly only?: readonly { readonly name: string; readonly value?: string }[];
  /** The roles whose attributes the element takes (instead of its role's). */
  readonly roles?: readonly string[];
  /** Attributes authors MUST NOT (error) or SHOULD NOT (warning) use on it (with this value, when given). */
  readonly without?: readonly { readonly name: string; readonly severity: 'error' | 'warning'; readonly value?: string }[];
}

export type AriaCondition =
  | { readonly kind: 'no-attribute'; readonly name: string }
  | { readonly kind: 'attribute-value'; readonly name: string; readonly value: string }
  | { readonly kind: 'parent'; readonly name: string }
  | { readonly kind: 'child'; readonly name: string }
  | { readonly kind: 'scoped' }
  | { readonly kind: 'named' }
  | { readonly kind: 'unnamed-without-alt' }
  | { readonly kind: 'unnamed-empty-alt' }
  | { readonly kind: 'option-in-list' }
  | { readonly kind: 'select-listbox' }
  | { readonly kind: 'input-type'; readonly types: readonly string[]; readonly list?: boolean; readonly attribute?: string }
  | { readonly kind: 'in-table'; readonly roles: readonly string[] }
  | { readonly kind: 'parent-list' }
  | { readonly kind: 'details-summary' };

export interface AriaElementFacts extends AriaRowFacts {
  readonly cases?: readonly (AriaRowFacts & { readonly when: AriaCondition })[];
}

export interface AriaRoleFacts {
  /** Its supported states and properties beyond the global ones (inherited ones included). */
  readonly props: readonly string[];
  readonly required: readonly string[];
  readonly prohibited: readonly string[];
  /** Its required context roles. */
  readonly context: readonly string[];
  readonly nameProhibited: boolean;
  readonly deprecated: boolean;
}

export interface AriaPropertyFacts {
  readonly type: 'true/false' | 'tristate' | 'true/false/undefined' | 'idref' | 'idrefs' | 'integer' | 'number' | 'string' | 'token' | 'tokens';
  readonly tokens?: readonly string[];
}

