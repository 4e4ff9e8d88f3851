/**
 * The autocomplete attribute of form controls:
 * https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill-detail-tokens
 */
import { asciiLowercase, splitOnAsciiWhitespaceWithPositions } from './infra';
import { nonConformance, type MicrosyntaxError } from './parse-result';

/**
 * https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill-field: the field names that are
 * not contact information, each with its control group.
 */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  name: 'Text', 'honorific-prefix': 'Text', 'given-name': 'Text', 'additional-name': 'Text', 'family-name': 'Text',
  'honorific-suffix': 'Text', nickname: 'Text', username: 'Username', 'new-password': 'Password',
  'current-password': 'Password', 'one-time-code': 'Password', 'organization-title': 'Text', organization: 'Text',
  'street-address': 'Multiline', 'address-line1': 'Text', 'address-line2': 'Text', 'address-line3': 'Text',
  'address-level4': 'Text', 'address-level3': 'Text', 'address-level2': 'Text', 'address-level1': 'Text',
  country: 'Text', 'country-name': 'Text', 'postal-code': 'Text', 'cc-name': 'Text', 'cc-given-name': 'Text',
  'cc-additional-name': 'Text', 'cc-family-name': 'Text', 'cc-number': 'Text', 'cc-exp': 'Month',
  'cc-exp-month': 'Numeric', 'cc-exp-year': 'Numeric', 'cc-csc': 'Text', 'cc-type': 'Text',
  'transaction-currency': 'Text', 'transaction-amount': 'Numeric', language: 'Text', bday: 'Date',
  'bday-day': 'Numeric', 'bday-month': 'Numeric', 'bday-year': 'Numeric', sex: 'Text', url: 'Url', photo: 'Url',
};

/** https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill-field: the contact information field names. */
const CONTACT_FIELD_NAMES: Readonly<Record<string, string>> = {
  tel: 'Tel', 'tel-country-code': 'Text', 'tel-national': 'Text', 'tel-area-code': 'Text', 'tel-local': 'Text',
  'tel-local-prefix': 'Text', 'tel-local-suffix': 'Text', 'tel-extension': 'Text', email: 'Username', impp: 'Url',
};

const CONTACT_KINDS = new Set(['home', 'work', 'mobile', 'fax', 'pager']);

/** Whether `token` is an autofill field name (contact or not). */
export function isAutofillFieldName(token: string): boolean {
  const t = asciiLowercase(token);
  return Object.prototype.hasOwnProperty.call(FIELD_NAMES, t) || Object.prototype.hasOwnProperty.call(CONTACT_FIELD_NAMES, t);
}

/**
 * Checks an autocomplete value on a form control. `multilineAllowed`: false for an input element other than a
 * hidden one ("street-address" is in the Multiline control group, which only textarea and select elements and hidden
 * inputs may use); `hiddenInput`: the element is an input in the Hidden state, which "must not have an autocomplete
 * attribute whose value is on or off" (it wears the autofill anchor mantle).
 */
export function checkAutofillDetailTokens(value: string, multilineAllowed: boolean, hiddenInput: boolean): MicrosyntaxError | null {
  const tokens = splitOnAsciiWhitespaceWithPositions(value);
  if (tokens.length === 0) return nonConformance(0, 'it is empty: give "on", "off" or autofill detail tokens');
  const lower = tokens.map((t) => asciiLowercase(t.value));
  // "The attribute's value must be either the string "on" or "off", or a set of autofill detail tokens" (autofill
  // expectation mantle); "on" and "off" only alone.
  if (lower.length === 1 && (lower[0] === 'on' || lower[0] === 'off')) {
    if (hiddenInput) return nonConformance(0, 'a hidden input must not have autocomplete "on" or "off": give autofill detail tokens or remove the attribute');
    return null;
  }
  let i = 0;
  // "Optionally, a token whose first eight characters are an ASCII case-insensitive match for the string "section-"".
  if (i < lower.length && lower[i].startsWith('section-')) i++;
  // "Optionally, a token that is an ASCII case-insensitive match for one of the strings "shipping" or "billing"".
  if (i < lower.length && (lower[i] === 'shipping' || lower[i] === 'billing')) i++;
  // "Either of the following two options: a token that is an ASCII case-insensitive match for one of the autofill
  // field names excluding the contact fields; or the following, in the order given: optionally, a token that is an
  // ASCII case-insensitive match for one of the strings "home", "work", "mobile", "fax", or "pager", followed by a
  // token that is an ASCII case-insensitive match for one of the contact field names".
  if (i >= lower.length) return nonConformance(value.length, 'an autofill field name is missing ("email", "street-address"…)');
  let group: string | undefined = FIELD_NAMES[lower[i]];
  if (!Object.prototype.hasOwnProperty.call(FIELD_NAMES, lower[i])) {
    if (CONTACT_KINDS.has(lower[i])) i++;
    if (i >= lower.length) return nonConformance(value.length, `a contact field name must follow "${tokens[i - 1].value}" ("tel", "email"…)`);
    group = Object.prototype.hasOwnProperty.call(CONTACT_FIELD_NAMES, lower[i]) ? CONTACT_FIELD_NAMES[lower[i]] : undefined;
    if (group === undefined) {
      const t = tokens[i];
      const why = isAutofillFieldName(lower[i]) || lower[i] === 'on' || lower[i] === 'off' || CONTACT_KINDS.has(lower[i]) || lower[i].startsWith('section-') || lower[i] === 'shipping' || lower[i] === 'billing' || lower[i] === 'webauthn'
        ? 'is not allowed in this position'
        : 'is not an autofill field name';
      return nonConformance(t.start, `"${t.value}" ${why}`);
    }
  }
  const field = tokens[i];
  i++;
  // "Optionally, a token that is an ASCII case-insensitive match for the string "webauthn"".
  if (i < lower.length && lower[i] === 'webauthn') i++;
  if (i < lower.length) return nonConformance(tokens[i].start, `"${tokens[i].value}" is not allowed after the field name`);
  if (group === 'Multiline' && !multilineAllowed) return nonConformance(field.start, `"${field.value}" is for multiline controls (textarea, select): on an input use address-line1, address-line2…`);
  return null;
}
