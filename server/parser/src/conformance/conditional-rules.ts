/**
 * Rules on one element that depend on its other attributes or its text
 * (errors: each is a "must" of the element's definition, quoted below):
 * the `time` element's text, the `a`/`area` attributes that need `href`,
 * `input type=image` alt, `object` data, and the `meta http-equiv` states.
 */
import { getAttribute, type AttributeShape, type ElementShape } from '../attributes/tree-shape';
import { isValidDateString, isValidMonthString, isValidYearlessDateString } from '../microsyntaxes/dates';
import { isValidLocalDateAndTimeString, isValidTimeString } from '../microsyntaxes/times';
import { isValidGlobalDateAndTimeString, isValidTimeZoneOffsetString } from '../microsyntaxes/time-zones';
import { isValidDurationString } from '../microsyntaxes/durations';
import { isValidWeekString } from '../microsyntaxes/weeks';
import { ConformanceCode } from './conformance-codes';

const SPEC = 'https://html.spec.whatwg.org/multipage/';

type Range = { start: number; end: number };

/** How a rule reports: the checker's `report`. */
export type Reporter = (code: ConformanceCode, range: Range, message: string, href?: string, related?: { start: number; end: number; message: string }[]) => void;

function attributeRange(attribute: AttributeShape): Range {
  return { start: attribute.start, end: attribute.end };
}

/** https://html.spec.whatwg.org/multipage/text-level-semantics.html#datetime-value */
export function isValidDatetimeValue(value: string): boolean {
  return (
    isValidMonthString(value) ||
    isValidDateString(value) ||
    isValidYearlessDateString(value) ||
    isValidTimeString(value) ||
    isValidLocalDateAndTimeString(value) ||
    isValidTimeZoneOffsetString(value) ||
    isValidGlobalDateAndTimeString(value) ||
    isValidWeekString(value) ||
    // https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-year-string: "four or more ASCII digits, representing a number greater than zero"
    (/^[0-9]{4,}$/.test(value) && /[1-9]/.test(value)) ||
    isValidDurationString(value)
  );
}

/**
 * https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-time-element: "If the element does not have a
 * datetime attribute, then the element must not have any element descendants, and the datetime value is the
 * element's child text content", which "must be a valid month string, a valid date string, …, or a valid duration
 * string".
 */
export function checkTimeText(element: ElementShape, report: Reporter): void {
  if (getAttribute(element, 'datetime') !== null) return;
  let text = '';
  for (const child of element.children) {
    if (child.kind === 'element') {
      report(ConformanceCode.InvalidTimeText, element.startTag!, '<time> without a datetime attribute must not have element descendants: give it a datetime attribute', `${SPEC}text-level-semantics.html#the-time-element`);
      return;
    }
    if (child.kind === 'text') text += (child as unknown as { data: string }).data;
  }
  if (isValidDatetimeValue(text)) return;
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  report(
    ConformanceCode.InvalidTimeText,
    element.startTag!,
    `<time> without a datetime attribute must contain a valid date, time, time-zone offset, week, year or duration, not ${JSON.stringify(shown)}: add datetime="…" with the machine-readable value`,
  );
}

/** The attributes of a and area that "must be omitted if the href attribute is not present". */
const NEEDS_HREF: Readonly<Record<string, readonly string[]>> = {
  // https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-a-element
  a: ['target', 'download', 'ping', 'rel', 'hreflang', 'type', 'referrerpolicy'],
  // https://html.spec.whatwg.org/multipage/image-maps.html#the-area-element
  area: ['target', 'download', 'ping', 'rel', 'referrerpolicy'],
};

/** "The target, download, ping, rel, hreflang, type, and referrerpolicy attributes must be omitted if the href attribute is not present." */
export function checkAttributesNeedingHref(element: ElementShape, report: Reporter): void {
  const names = NEEDS_HREF[element.name];
  if (names === undefined || getAttribute(element, 'href') !== null) return;
  for (const attribute of element.attributes) {
    if (!names.includes(attribute.name)) continue;
    report(
      ConformanceCode.AttributeNeedsHref,
      attributeRange(attribute),
      `The ${attribute.name} attribute on <${element.name}> must be omitted when there is no href: add the href, or remove ${attribute.name}`,
      `${SPEC}links.html#attr-hyperlink-${attribute.name}`,
    );
  }
}

/**
 * https://html.spec.whatwg.org/multipage/semantics.html#pragma-directives: what each state's content must be, and the
 * states that are non-conforming.
 */
export function checkHttpEquiv(element: ElementShape, report: Reporter): void {
  const httpEquiv = getAttribute(element, 'http-equiv');
  if (httpEquiv === null) return;
  const content = getAttribute(element, 'content');
  const state = httpEquiv.value.trim().toLowerCase();
  const at = content !== null ? attributeRange(content) : attributeRange(httpEquiv);
  const value = content?.value ?? '';
  switch (state) {
    case 'x-ua-compatible':
      // "the content attribute must have a value that is an ASCII case-insensitive match for the string "IE=edge"."
      if (content !== null && value.toLowerCase() !== 'ie=edge') {
        report(ConformanceCode.InvalidHttpEquiv, at, `<meta http-equiv="X-UA-Compatible"> must have content="IE=edge", not ${JSON.stringify(value)}`, `${SPEC}semantics.html#attr-meta-http-equiv-x-ua-compatible`);
      }
      break;
    case 'content-type':
      // "The element's content attribute must have a value that is an ASCII case-insensitive match for a string that
      // consists of: "text/html;", optionally followed by any number of ASCII whitespace, followed by "charset=utf-8"."
      // (A charset other than utf-8 is the attribute checks' non-utf8-encoding-declaration.)
      if (content !== null && !/^text\/html;[\t\n\f\r ]*charset=/i.test(value)) {
        report(ConformanceCode.InvalidHttpEquiv, at, `<meta http-equiv="Content-Type"> must have content="text/html; charset=utf-8", not ${JSON.stringify(value)}`, `${SPEC}semantics.html#attr-meta-http-equiv-content-type`);
      }
      break;
    case 'refresh':
      // "must contain either just a valid non-negative integer, or a valid non-negative integer followed by a U+003B
      // SEMICOLON character (;), followed by one or more ASCII whitespace, followed by a substring that is an ASCII
      // case-insensitive match for the string "URL", followed by a U+003D EQUALS SIGN character (=), followed by a
      // valid URL string that does not start with a literal U+0027 APOSTROPHE (') or U+0022 QUOTATION MARK (")."
      if (content !== null && !/^[0-9]+(;[\t\n\f\r ]+[Uu][Rr][Ll]=(?!['"]).*)?$/s.test(value)) {
        report(ConformanceCode.InvalidHttpEquiv, at, `<meta http-equiv="refresh"> content must be a number of seconds, optionally followed by "; URL=" and a URL, not ${JSON.stringify(value)}`, `${SPEC}semantics.html#attr-meta-http-equiv-refresh`);
      }
      break;
    case 'default-style':
      // "the content attribute's value must be the name of a CSS style sheet set": a set's name is not empty.
      if (content !== null && value.trim() === '') {
        report(ConformanceCode.InvalidHttpEquiv, at, '<meta http-equiv="default-style"> content must name a style sheet set', `${SPEC}semantics.html#attr-meta-http-equiv-default-style`);
      }
      break;
    // set-cookie ("This pragma is non-conforming") and content-language are not keywords of http-equiv: the attribute
    // checks report them as invalid values.
  }
}

/** Required attributes that depend on another attribute's value or on the element alone (input type=image alt, object data). */
export function checkConditionalRequired(element: ElementShape, missing: (name: string, rule: string, href: string) => void): void {
  if (element.name === 'input') {
    const type = getAttribute(element, 'type');
    // https://html.spec.whatwg.org/multipage/input.html#image-button-state-(type=image): "The alt attribute … must be present".
    if (type !== null && type.value.trim().toLowerCase() === 'image' && getAttribute(element, 'alt') === null) {
      missing('alt', 'an input of type image must have alt text (the button\'s label)', `${SPEC}input.html#attr-input-alt`);
    }
  } else if (element.name === 'object') {
    // https://html.spec.whatwg.org/multipage/iframe-embed-object.html#attr-object-data: "The data attribute … must be present".
    if (getAttribute(element, 'data') === null) missing('data', 'an object element must have a data attribute', `${SPEC}iframe-embed-object.html#attr-object-data`);
  }
}
