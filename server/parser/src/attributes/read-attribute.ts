/**
 * Reading one attribute value with its microsyntax: what the value means
 * (for a hover), whether it is valid, and when it is not, what is wrong and
 * what a browser does with it instead (for a diagnostic).
 *
 * Only the value is read here. What needs the tree (does the ID exist? is
 * the id unique?) is the checker's (check-attributes.ts).
 */
import { getAnEncodingFromLabel } from '../encoding/get-an-encoding';
import { findTheLabelInAMetaContent } from '../encoding/extract-encoding-from-meta';
import { checkBooleanAttributeValue } from '../microsyntaxes/boolean-attributes';
import { parseADateString, parseAMonthString, parseAYearlessDateString, type DateValue } from '../microsyntaxes/dates';
import { parseALocalDateAndTimeString, parseATimeString, type TimeValue } from '../microsyntaxes/times';
import { parseAGlobalDateAndTimeString, parseATimeZoneOffsetString, type TimeZoneOffset } from '../microsyntaxes/time-zones';
import { parseADateOrTimeString } from '../microsyntaxes/vaguer-moments';
import { parseADurationString } from '../microsyntaxes/durations';
import { parseDimensionValue } from '../microsyntaxes/dimensions';
import { asciiLowercase, isAsciiCaseInsensitiveMatch, isAsciiDigit, isAsciiWhitespace, splitOnAsciiWhitespaceWithPositions } from '../microsyntaxes/infra';
import { canonicalKeyword, checkEnumeratedAttributeValue, determineTheStateOfAnAttribute } from '../microsyntaxes/keywords';
import {
  checkValidListOfFloatingPointNumbers,
  parseAListOfFloatingPointNumbers,
  parseFloatingPointNumberValue,
  parseInteger,
  parseNonNegativeInteger,
} from '../microsyntaxes/numbers';
import type { CheckedParseResult, MicrosyntaxError, ParseResult } from '../microsyntaxes/parse-result';
import { hashNameReferenceName } from '../microsyntaxes/references';
import { parseAWeekString } from '../microsyntaxes/weeks';
import { checkAutofillDetailTokens } from '../microsyntaxes/autofill';
import { checkLinkTypes } from '../microsyntaxes/link-types';
import { checkValidMediaQueryList, checkValidSourceSizeList } from '../microsyntaxes/media-queries';
import { checkValidAcceptList, checkValidLanguageTag, checkValidMimeType, checkValidNavigableTargetNameOrKeyword } from '../microsyntaxes/names-and-types';
import { checkSerializedPermissionsPolicy } from '../microsyntaxes/permissions-policy';
import { readSrcset } from '../microsyntaxes/srcset';
import { checkValidNonEmptyUrls, checkValidUrlPotentiallySurroundedBySpaces, isPlainRelativeUrl } from '../microsyntaxes/urls';
import type { AttributeDefinition, DateTimeKind, EnumeratedSyntax, NumberLimits } from './attribute-table';
import { getAttribute, type ElementShape } from './tree-shape';

/** What is wrong with a value. */
export interface ValueProblem {
  /** UTF-16 offset into the value where the problem is (0 when it is the whole value). */
  readonly position: number;
  /** Length of the offending part from `position`; 0 for the whole value. */
  readonly length: number;
  /** What the value is not, as a noun phrase: "a valid non-negative integer". */
  readonly expected: string;
  /** Why, in a few words (from the microsyntax); may be empty. */
  readonly reason: string;
  /** What a browser does with the value instead, as a clause; null when nothing reads it. */
  readonly browser: string | null;
  /** Set when the problem is a `<meta>` encoding declaration of an encoding other than UTF-8. */
  readonly nonUtf8?: boolean;
  /** Set for a boolean attribute whose value reads as "false" but which is true. */
  readonly falseBoolean?: boolean;
  /** What is wrong, as a predicate ("must be greater than zero"), replacing "is not {expected} ({reason})". */
  readonly statement?: string;
}

export interface AttributeReading {
  /** What the value means, in a sentence fragment: "the non-negative integer 3". */
  readonly meaning: string;
  /** Null when the value is valid. */
  readonly problem: ValueProblem | null;
}

/** The reading of an attribute whose syntax is checked elsewhere (references) or not at all. */
const NOTHING_TO_READ: AttributeReading = { meaning: '', problem: null };

/**
 * Reads `value` (an attribute's value, character references decoded) with its definition's microsyntax. `element`,
 * when given, is the element the attribute is on: the few syntaxes whose requirements depend on the element or its
 * other attributes (autocomplete, rel, srcset with sizes) read it; without it they check only what the value says.
 */
export function readAttributeValue(definition: AttributeDefinition, value: string, element?: ElementShape): AttributeReading {
  const syntax = definition.syntax;
  switch (syntax.kind) {
    case 'hyperlink':
      return readSyntax(value, 'a valid URL', 'the browser resolves it as best it can', checkValidUrlPotentiallySurroundedBySpaces(value, false));
    case 'url':
      return readSyntax(
        value,
        syntax.nonEmpty ? 'a valid non-empty URL' : 'a valid URL',
        syntax.nonEmpty && value.trim() === '' ? 'the empty URL resolves to the document itself' : 'the browser resolves it as best it can',
        checkValidUrlPotentiallySurroundedBySpaces(value, syntax.nonEmpty),
      );
    case 'urls':
      return readSyntax(value, 'a list of valid non-empty URLs', null, checkValidNonEmptyUrls(splitOnAsciiWhitespaceWithPositions(value)));
    case 'navigable-target-name-or-keyword':
      return readSyntax(value, 'a valid navigable target name or keyword', null, checkValidNavigableTargetNameOrKeyword(value));
    case 'language-tag':
      return readSyntax(value, 'a valid BCP 47 language tag', null, checkValidLanguageTag(value, syntax.emptyAllowed));
    case 'mime-type':
      return readSyntax(value, 'a valid MIME type string', null, checkValidMimeType(value));
    case 'script-type':
      return readScriptType(value);
    case 'accept':
      return readSyntax(value, 'a valid accept list', 'the browser ignores the tokens it cannot read', checkValidAcceptList(value));
    case 'srcset':
      return readSrcsetValue(definition.name, value, element);
    case 'sizes':
      return readSyntax(value, 'a valid source size list', 'the browser uses 100vw for what it cannot read', checkValidSourceSizeList(value));
    case 'media-query-list':
      return readSyntax(value, 'a valid media query list', 'the browser reads an invalid query as "not all"', checkValidMediaQueryList(value));
    case 'autofill':
      return readAutofill(value, element);
    case 'link-types':
      return readSyntax(value, 'a set of link types allowed on this element', null, checkLinkTypes(value, element?.name ?? 'a'));
    case 'permissions-policy':
      return readSyntax(value, 'a serialized permissions policy', 'the browser ignores the directives it cannot read', checkSerializedPermissionsPolicy(value));
    case 'boolean':
      return readBoolean(definition.name, value);
    case 'enumerated':
      return readEnumerated(definition.name, syntax, value);
    case 'integer':
      return readInteger(value, syntax, false);
    case 'non-negative-integer':
      return readInteger(value, syntax, true);
    case 'dimension':
      return readDimension(value);
    case 'floating-point-number':
      return readFloat(definition, value, syntax);
    case 'list-of-floating-point-numbers':
      return readListOfFloats(value);
    case 'step':
      return readStep(value);
    case 'date':
    case 'month':
    case 'week':
    case 'time':
    case 'local-date-and-time':
    case 'date-with-optional-time':
    case 'datetime-value':
      return readDateTime(definition, syntax.kind, value, syntax.fallback);
    case 'id':
      return readId(value);
    case 'hash-name-reference':
      return readHashNameReference(value);
    case 'tokens':
      return readTokens(value, syntax.allowed, syntax.caseInsensitive, syntax.exclusive);
    case 'charset':
      return readCharset(value);
    case 'meta-content':
      return readMetaContent(value);
    case 'id-reference':
    case 'id-references':
      return NOTHING_TO_READ;
  }
}

/**
 * What is wrong with `value` read with its definition's microsyntax (`readAttributeValue`'s problem), or null: for
 * the checks, which show no meaning. OPTIMIZATION: an id (on most elements that have attributes) is checked without
 * making its meaning.
 */
export function attributeValueProblem(definition: AttributeDefinition, value: string, element?: ElementShape): ValueProblem | null {
  const syntax = definition.syntax;
  switch (syntax.kind) {
    case 'id':
      if (value !== '') {
        let i = 0;
        while (i < value.length && !isAsciiWhitespace(value.charCodeAt(i))) i++;
        if (i === value.length) return null;
      }
      break;
    case 'hyperlink':
    case 'url':
      // OPTIMIZATION: a relative URL of plain code units (most hrefs) is valid: no reading is made for it.
      if (isPlainRelativeUrl(value)) return null;
      break;
    case 'integer':
    case 'non-negative-integer': {
      // OPTIMIZATION: a few digits within the limits (colspan="2") is valid: no reading is made for it.
      const n = plainDigits(value);
      if (n >= 0 && (syntax.min === undefined || n >= syntax.min) && (syntax.max === undefined || n <= syntax.max)) return null;
      break;
    }
    case 'enumerated': {
      // OPTIMIZATION: a conforming keyword as written is valid: no reading is made for it.
      const keywords = syntax.attribute.keywords;
      for (let i = 0; i < keywords.length; i++) {
        const k = keywords[i];
        if (syntax.caseSensitive ? k.keyword === value : isAsciiCaseInsensitiveMatch(k.keyword, value)) {
          if (k.conforming !== false) return null;
          break;
        }
      }
      break;
    }
  }
  return readAttributeValue(definition, value, element).problem;
}

/** The number `value` is when it is one to nine ASCII digits (a valid non-negative integer, and a valid integer), else -1. */
function plainDigits(value: string): number {
  if (value.length === 0 || value.length > 9) return -1;
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return -1;
    n = n * 10 + (c - 0x30);
  }
  return n;
}

// ---------------------------------------------------------------------------

function problem(expected: string, error: MicrosyntaxError | null, browser: string | null, extra: Partial<ValueProblem> = {}): ValueProblem {
  return { position: error?.position ?? 0, length: error?.length ?? 0, expected, reason: error?.reason ?? '', browser, ...extra };
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#boolean-attribute */
function readBoolean(name: string, value: string): AttributeReading {
  const meaning = 'true: a boolean attribute is true whenever it is present, whatever its value';
  const error = checkBooleanAttributeValue(value, name);
  if (error === null) return { meaning, problem: null };
  const v = asciiLowercase(value.trim());
  const falseBoolean = v === 'false' || v === 'no' || v === 'off' || v === '0';
  return {
    meaning,
    problem: problem(`empty or "${name}"`, error, falseBoolean ? `the attribute is still on: remove it to turn ${name} off` : 'the attribute is on because it is present', {
      falseBoolean,
      reason: falseBoolean ? '' : error.reason,
    }),
  };
}

/** The conforming keywords of an enumerated attribute, quoted, for a message. */
export function conformingKeywords(syntax: EnumeratedSyntax): string[] {
  const out: string[] = [];
  for (const k of syntax.attribute.keywords) if (k.conforming !== false && k.keyword !== '') out.push(k.keyword);
  return out;
}

function quoteList(items: readonly string[], max: number): string {
  const shown = items.slice(0, max).map((k) => `"${k}"`);
  return items.length > max ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#enumerated-attribute */
function readEnumerated(name: string, syntax: EnumeratedSyntax, value: string): AttributeReading {
  const attribute = syntax.attribute;
  let state: string | null;
  let matched = false;
  if (syntax.caseSensitive) {
    const keyword = attribute.keywords.find((k) => k.keyword === value);
    matched = keyword !== undefined;
    state = keyword !== undefined ? keyword.state : (attribute.invalidValueDefault ?? null);
  } else {
    state = determineTheStateOfAnAttribute(attribute, value);
    matched = attribute.keywords.some((k) => isAsciiCaseInsensitiveMatch(k.keyword, value));
  }
  const meaning = state === null ? `no state: ${syntax.noState ?? 'the attribute has no effect'}` : matched ? `the ${state} state` : `the ${state} state (the invalid value default)`;
  if (matched) {
    const keyword = attribute.keywords.find((k) => (syntax.caseSensitive ? k.keyword === value : isAsciiCaseInsensitiveMatch(k.keyword, value)))!;
    if (keyword.conforming === false) {
      const canonical = canonicalKeyword(attribute, keyword.state);
      return {
        meaning,
        problem: problem('a conforming keyword', null, `the browser still reads it as the ${keyword.state} state`, {
          reason: `"${value}" is obsolete${canonical !== null && canonical !== keyword.keyword ? `; write "${canonical}"` : ''}`,
        }),
      };
    }
    return { meaning, problem: null };
  }
  const expected = `a keyword of the ${name} attribute (${quoteList(conformingKeywords(syntax), 10)})`;
  let reason = '';
  if (!syntax.caseSensitive) {
    const error = checkEnumeratedAttributeValue(attribute, value);
    // The generic reason repeats the keyword list; keep only the specific ones (surrounding whitespace).
    if (error !== null && error.reason.includes('whitespace')) reason = error.reason;
  } else if (attribute.keywords.some((k) => isAsciiCaseInsensitiveMatch(k.keyword, value))) {
    reason = 'these keywords are case-sensitive';
  }
  let browser: string;
  if (attribute.invalidValueDefault !== undefined) browser = `the browser uses the ${attribute.invalidValueDefault} state, the invalid value default`;
  else browser = `the browser ignores it: ${syntax.noState ?? 'the attribute has no effect'}`;
  return { meaning, problem: problem(expected, null, browser, { reason }) };
}

/** The value a browser uses for a number the rules read, given the attribute's limits, as a clause. */
function browserNumber(n: number, limits: NumberLimits, readAs: string): string {
  if (limits.min !== undefined && n < limits.min) return limits.fallback !== undefined ? `the browser uses ${limits.fallback}` : 'the browser ignores it';
  if (limits.max !== undefined && n > limits.max) {
    if (limits.clampToMax) return `the browser uses ${limits.max}`;
    return limits.fallback !== undefined ? `the browser uses ${limits.fallback}` : 'the browser ignores it';
  }
  return `the browser reads it as ${readAs}`;
}

function unreadable(limits: NumberLimits): string {
  return limits.fallback !== undefined ? `the browser ignores it and uses ${limits.fallback}` : 'the browser ignores it';
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-integers
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-negative-integers
 */
function readInteger(value: string, limits: NumberLimits, nonNegative: boolean): AttributeReading {
  const expected = nonNegative ? 'a valid non-negative integer' : 'a valid integer';
  const result = nonNegative ? parseNonNegativeInteger(value) : parseInteger(value);
  if (!result.ok) return { meaning: 'no number: the parsing rules fail', problem: problem(expected, result, unreadable(limits)) };
  const n = result.value;
  const meaning = `the ${nonNegative ? 'non-negative ' : ''}integer ${n}`;
  if (!result.valid) return { meaning, problem: problem(expected, result.invalid, browserNumber(n, limits, String(n))) };
  if (limits.min !== undefined && n < limits.min) {
    const statement = limits.min === 1 ? 'must be greater than zero' : `must be at least ${limits.min}`;
    return { meaning, problem: problem(expected, null, browserNumber(n, limits, String(n)), { statement }) };
  }
  if (limits.max !== undefined && n > limits.max) {
    return { meaning, problem: problem(expected, null, browserNumber(n, limits, String(n)), { statement: `must be at most ${limits.max}` }) };
  }
  return { meaning, problem: null };
}

/**
 * A dimension attribute: a valid non-negative integer, which browsers read
 * with the rules for parsing dimension values.
 * https://html.spec.whatwg.org/multipage/embedded-content-other.html#dimension-attributes
 */
function readDimension(value: string): AttributeReading {
  const dimension = parseDimensionValue(value);
  const read = dimension.ok ? (dimension.value.kind === 'percentage' ? `${dimension.value.value}%` : `${dimension.value.value} CSS pixels`) : null;
  const meaning = read === null ? 'no dimension: the parsing rules fail' : `a ${dimension.ok && dimension.value.kind === 'percentage' ? 'percentage' : 'length'} of ${read}`;
  const integer = parseNonNegativeInteger(value);
  if (integer.ok && integer.valid) return { meaning, problem: null };
  const error = integer.ok ? integer.invalid : integer;
  return { meaning, problem: problem('a valid non-negative integer', error, read === null ? 'the browser ignores it' : `the browser still reads it as ${read}`) };
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-floating-point-number-values */
function readFloat(
  definition: AttributeDefinition,
  value: string,
  syntax: NumberLimits & { positive?: boolean; nonNegative?: boolean },
): AttributeReading {
  // An input's value "if specified and not empty" must be a valid floating-point number, and the value sanitization
  // algorithm keeps only valid ones (the Range state's value has no such exception).
  const sanitized = definition.name === 'value' && definition.elements !== null && definition.elements.includes('input');
  if (sanitized && value === '' && !definition.inputTypes?.includes('range')) return { meaning: 'the empty string', problem: null };
  const expected = syntax.positive ? 'a valid floating-point number greater than zero' : syntax.nonNegative ? 'a valid non-negative floating-point number' : 'a valid floating-point number';
  const result = parseFloatingPointNumberValue(value);
  if (!result.ok) return { meaning: 'no number: the parsing rules fail', problem: problem(expected, result, unreadable(syntax)) };
  const n = result.value;
  const meaning = `the number ${n}`;
  if (!result.valid) {
    return { meaning, problem: problem(expected, result.invalid, sanitized ? unreadable(syntax) : `the browser reads it as ${n}`) };
  }
  if (syntax.positive && n <= 0) return { meaning, problem: problem(expected, null, unreadable(syntax), { statement: 'must be greater than zero' }) };
  if (syntax.nonNegative && n < 0) return { meaning, problem: problem(expected, null, unreadable(syntax), { statement: 'must not be negative' }) };
  return { meaning, problem: null };
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-list-of-floating-point-numbers */
function readListOfFloats(value: string): AttributeReading {
  const numbers = parseAListOfFloatingPointNumbers(value).value;
  const meaning = numbers.length === 0 ? 'no numbers' : `the numbers ${numbers.join(', ')}`;
  const error = checkValidListOfFloatingPointNumbers(value);
  if (error === null) return { meaning, problem: null };
  return { meaning, problem: problem('a valid list of floating-point numbers', error, numbers.length === 0 ? 'the browser reads no numbers' : `the browser reads ${numbers.join(', ')}`) };
}

/** https://html.spec.whatwg.org/multipage/input.html#attr-input-step */
function readStep(value: string): AttributeReading {
  if (isAsciiCaseInsensitiveMatch(value, 'any')) return { meaning: 'any: no allowed value step', problem: null };
  const expected = '"any" or a valid floating-point number greater than zero';
  const result = parseFloatingPointNumberValue(value);
  if (!result.ok) return { meaning: 'no number: the default step applies', problem: problem(expected, result, 'the browser ignores it and uses the default step') };
  const n = result.value;
  if (n <= 0) {
    return { meaning: 'no step: the default step applies', problem: problem(expected, null, 'the browser ignores it and uses the default step', { statement: 'must be greater than zero' }) };
  }
  const meaning = `a step of ${n}`;
  if (!result.valid) return { meaning, problem: problem(expected, result.invalid, `the browser reads it as ${n}`) };
  return { meaning, problem: null };
}

// ---------------------------------------------------------------------------
// Dates and times
// ---------------------------------------------------------------------------

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function formatDate(d: DateValue): string {
  return `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
}

function formatTime(t: TimeValue): string {
  const whole = Math.floor(t.second);
  let s = `${pad(t.hour, 2)}:${pad(t.minute, 2)}:${pad(whole, 2)}`;
  const fraction = t.second - whole;
  if (fraction > 0) s += String(Math.round(fraction * 1000) / 1000).slice(1);
  return s;
}

function formatOffset(tz: TimeZoneOffset): string {
  const negative = tz.hours < 0 || tz.minutes < 0 || Object.is(tz.hours, -0);
  return `${negative ? '-' : '+'}${pad(Math.abs(tz.hours), 2)}:${pad(Math.abs(tz.minutes), 2)}`;
}

/** A moment in time (milliseconds since the epoch) as a UTC date and time. */
function formatUtc(epochMilliseconds: number): string {
  const days = Math.floor(epochMilliseconds / 86400000);
  const ms = epochMilliseconds - days * 86400000;
  // Civil date from days since 1970-01-01 (proleptic Gregorian).
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const second = (ms % 60000) / 1000;
  const minute = Math.floor(ms / 60000) % 60;
  const hour = Math.floor(ms / 3600000);
  return `${formatDate({ year, month, day })} ${formatTime({ hour, minute, second })} UTC`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function weekday(d: DateValue): string {
  const y = d.month <= 2 ? d.year - 1 : d.year;
  const m = d.month <= 2 ? d.month + 12 : d.month;
  // Zeller-style congruence for the proleptic Gregorian calendar (0 = Saturday).
  const h = (d.day + Math.floor((13 * (m + 1)) / 5) + y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400)) % 7;
  return WEEKDAYS[(h + 6) % 7];
}

const DATE_TIME_NAMES: Record<DateTimeKind, string> = {
  date: 'a valid date string',
  month: 'a valid month string',
  week: 'a valid week string',
  time: 'a valid time string',
  'local-date-and-time': 'a valid local date and time string',
  'date-with-optional-time': 'a valid date string with optional time',
  'datetime-value': 'a valid date, time, time-zone offset, week, year or duration',
};

/** One way of reading a date or time: its meaning, or where and why it fails. */
type Attempt = { meaning: string; error: MicrosyntaxError | null } | { meaning: null; error: MicrosyntaxError };

function attempt<T>(result: ParseResult<T> | CheckedParseResult<T>, describe: (value: T) => string): Attempt {
  if (!result.ok) return { meaning: null, error: result };
  const invalid = 'valid' in result ? result.invalid : null;
  return { meaning: describe(result.value), error: invalid };
}

function readDate(value: string): Attempt {
  return attempt(parseADateString(value), (d) => `the date ${formatDate(d)} (a ${weekday(d)})`);
}
function readMonth(value: string): Attempt {
  return attempt(parseAMonthString(value), (m) => `the month ${pad(m.year, 4)}-${pad(m.month, 2)}`);
}
function readWeek(value: string): Attempt {
  return attempt(parseAWeekString(value), (w) => `week ${w.week} of week-year ${w.year}`);
}
function readTime(value: string): Attempt {
  return attempt(parseATimeString(value), (t) => `the time ${formatTime(t)}`);
}
function readLocal(value: string): Attempt {
  return attempt(parseALocalDateAndTimeString(value), (v) => `the local date and time ${formatDate(v.date)} ${formatTime(v.time)}, with no time zone`);
}
function readGlobal(value: string): Attempt {
  return attempt(
    parseAGlobalDateAndTimeString(value),
    (v) => `the global date and time ${formatUtc(v.epochMilliseconds)} (written as ${formatDate(v.date)} ${formatTime(v.time)} at offset ${formatOffset(v.timezone)})`,
  );
}
function readYearless(value: string): Attempt {
  return attempt(parseAYearlessDateString(value), (v) => `the yearless date ${pad(v.month, 2)}-${pad(v.day, 2)} (month-day)`);
}
function readOffset(value: string): Attempt {
  return attempt(parseATimeZoneOffsetString(value), (tz) => `the time-zone offset ${formatOffset(tz)}`);
}
function readDuration(value: string): Attempt {
  return attempt(parseADurationString(value), (d) => `a duration of ${d.seconds} seconds`);
}

/** "Four or more ASCII digits, representing year, where year > 0": the year form of a datetime value. */
function readYear(value: string): Attempt {
  let i = 0;
  while (i < value.length && isAsciiDigit(value.charCodeAt(i))) i++;
  if (i === value.length && i >= 4 && Number(value) > 0) return { meaning: `the year ${Number(value)}`, error: null };
  return { meaning: null, error: { position: i < 4 ? 0 : i, reason: i < value.length ? 'not a year' : 'a year has at least four digits' } };
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-date-or-time-string */
function readDateOrTime(value: string): Attempt {
  return attempt(parseADateOrTimeString(value), (v) => {
    if (v.kind === 'date') return `the date ${formatDate(v.date)} (a ${weekday(v.date)})`;
    if (v.kind === 'time') return `the time ${formatTime(v.time)}`;
    return `the global date and time ${formatUtc(v.epochMilliseconds)} (written as ${formatDate(v.date)} ${formatTime(v.time)} at offset ${formatOffset(v.timezone)})`;
  });
}

/** https://html.spec.whatwg.org/multipage/text-level-semantics.html#datetime-value: the first form that reads the whole value validly. */
function readDatetimeValue(value: string): Attempt {
  const readers = [readMonth, readDate, readYearless, readTime, readLocal, readOffset, readGlobal, readWeek, readYear, readDuration];
  let best: Attempt | null = null;
  for (const read of readers) {
    const a = read(value);
    if (a.meaning !== null && a.error === null) return a;
    // Report the reading that got furthest: it is the form the author most likely meant.
    if (best === null || (a.error !== null && best.error !== null && a.error.position > best.error.position)) best = a;
  }
  return best!;
}

function readDateTime(definition: AttributeDefinition, kind: DateTimeKind, value: string, fallback: string | undefined): AttributeReading {
  // The input element's value "if specified and not empty" must be valid.
  if (value === '' && definition.name === 'value') return { meaning: 'the empty string', problem: null };
  let a: Attempt;
  switch (kind) {
    case 'date':
      a = readDate(value);
      break;
    case 'month':
      a = readMonth(value);
      break;
    case 'week':
      a = readWeek(value);
      break;
    case 'time':
      a = readTime(value);
      break;
    case 'local-date-and-time':
      a = readLocal(value);
      break;
    case 'date-with-optional-time':
      a = readDateOrTime(value);
      if (a.meaning !== null && a.error === null && a.meaning.startsWith('the time ')) {
        a = { meaning: a.meaning, error: { position: 0, reason: 'a time alone is not a date; add the date, and a time-zone offset' } };
      }
      break;
    case 'datetime-value':
      a = readDatetimeValue(value);
      break;
  }
  const meaning = a.meaning ?? 'no date or time: the parsing rules fail';
  if (a.error === null) return { meaning, problem: null };
  // Only the input element reads these values; elsewhere (time, ins, del) they are machine-readable data.
  let browser: string | null = null;
  if (fallback !== undefined) browser = a.meaning !== null ? 'the browser still reads it' : `the browser ignores it and uses ${fallback}`;
  return { meaning, problem: problem(DATE_TIME_NAMES[kind], a.error, browser) };
}

// ---------------------------------------------------------------------------
// IDs, references, tokens, encodings
// ---------------------------------------------------------------------------

/** https://html.spec.whatwg.org/multipage/dom.html#the-id-attribute */
function readId(value: string): AttributeReading {
  if (value === '') return { meaning: 'no ID', problem: problem('a valid ID', { position: 0, reason: 'an ID must contain at least one character' }, null) };
  for (let i = 0; i < value.length; i++) {
    if (isAsciiWhitespace(value.charCodeAt(i))) {
      return {
        meaning: `the ID "${value}"`,
        problem: problem('a valid ID', { position: i, reason: 'an ID must not contain ASCII whitespace' }, 'references and URL fragments must repeat the whitespace exactly to match it'),
      };
    }
  }
  return { meaning: `the ID "${value}"`, problem: null };
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-hash-name-reference */
function readHashNameReference(value: string): AttributeReading {
  const name = hashNameReferenceName(value);
  if (!name.ok) return { meaning: 'no name: the parsing rules return null', problem: problem('a valid hash-name reference ("#" and a map name)', name, 'the browser finds no image map') };
  if (value.charCodeAt(0) !== 0x23) {
    return {
      meaning: `the name "${name.value}"`,
      problem: problem('a valid hash-name reference ("#" and a map name)', { position: 0, reason: 'it must start with "#"' }, `the browser looks up "${name.value}", after the first "#"`),
    };
  }
  return { meaning: `the name "${name.value}"`, problem: null };
}

/** https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#unordered-set-of-unique-space-separated-tokens */
function readTokens(value: string, allowed: readonly string[], caseInsensitive: boolean, exclusive?: readonly (readonly [string, string, string])[]): AttributeReading {
  const tokens = splitOnAsciiWhitespaceWithPositions(value);
  const meaning = tokens.length === 0 ? 'no tokens' : `the tokens ${tokens.map((t) => t.value).join(', ')}`;
  const key = (s: string) => (caseInsensitive ? asciiLowercase(s) : s);
  const allowedKeys = new Set(allowed.map(key));
  const seen = new Set<string>();
  for (const t of tokens) {
    const k = key(t.value);
    if (!allowedKeys.has(k)) {
      return {
        meaning,
        problem: {
          position: t.start,
          length: t.value.length,
          expected: 'a set of allowed tokens',
          reason: '',
          statement: `has the token "${t.value}", which is not one of ${quoteList(allowed, 6)}`,
          browser: 'the browser ignores that token',
        },
      };
    }
    if (seen.has(k)) {
      return { meaning, problem: { position: t.start, length: t.value.length, expected: 'a set of unique tokens', reason: '', statement: `repeats the token "${t.value}"`, browser: null } };
    }
    seen.add(k);
  }
  for (const [token, other, why] of exclusive ?? []) {
    if (!seen.has(key(token)) || !seen.has(key(other))) continue;
    const t = tokens.find((x) => key(x.value) === key(token))!;
    return { meaning, problem: { position: t.start, length: t.value.length, expected: '', reason: '', statement: `must not have both "${token}" and "${other}"`, browser: why } };
  }
  return { meaning, problem: null };
}

/** The reading of a value whose syntax says only whether it is valid; `expected` names the syntax. */
function readSyntax(value: string, expected: string, browser: string | null, error: MicrosyntaxError | null): AttributeReading {
  const meaning = '';
  // OPTIMIZATION: nothing allocated for a valid value.
  if (error === null) return NOTHING_TO_READ;
  void value;
  return { meaning, problem: problem(expected, error, browser) };
}

/**
 * https://html.spec.whatwg.org/multipage/scripting.html#attr-script-type: omitted, the empty string, a JavaScript
 * MIME type essence match (classic script), "module", "importmap", "speculationrules" (ASCII case-insensitive), or
 * "any other value": a data block, whose type "must be a valid MIME type string that is not a JavaScript MIME type
 * essence match".
 */
function readScriptType(value: string): AttributeReading {
  const v = asciiLowercase(value.trim());
  if (v === '' || v === 'module' || v === 'importmap' || v === 'speculationrules') return NOTHING_TO_READ;
  return readSyntax(value, 'a valid MIME type string, "module", "importmap" or "speculationrules"', 'the script is a data block: the browser does not run it', checkValidMimeType(value));
}

/** https://html.spec.whatwg.org/multipage/images.html#srcset-attributes, with the img and source elements' sizes requirements. */
function readSrcsetValue(name: string, value: string, element: ElementShape | undefined): AttributeReading {
  const { candidates, error } = readSrcset(value);
  if (error !== null) return { meaning: '', problem: problem('a valid srcset', error, 'the browser skips the candidates it cannot read') };
  if (element === undefined || (element.name !== 'img' && element.name !== 'source') || name !== 'srcset') return NOTHING_TO_READ;
  const sizes = getAttribute(element, 'sizes');
  const width = candidates.find((c) => c.descriptor === 'w');
  // https://html.spec.whatwg.org/multipage/embedded-content.html#the-img-element: "If the srcset attribute is present
  // and has any image candidate strings using a width descriptor, the sizes attribute must also be present." (A
  // source's sizes "may" be present, and must only where the img after it does not allow auto-sizes: not judged.)
  if (width !== undefined && sizes === null && element.name === 'img') {
    return { meaning: '', problem: { position: 0, length: 0, expected: '', reason: '', statement: 'uses width descriptors, so the img must also have a sizes attribute', browser: 'the browser assumes sizes="100vw"' } };
  }
  // https://html.spec.whatwg.org/multipage/images.html#srcset-attributes: "If an element has a sizes attribute
  // present, all image candidate strings for that element must have the width descriptor specified." (img and source)
  const other = candidates.find((c) => c.descriptor !== 'w');
  if (sizes !== null && other !== undefined) {
    return { meaning: '', problem: { position: other.start, length: 0, expected: '', reason: '', statement: `must give every image candidate a width descriptor ("480w") when the ${element.name} has a sizes attribute`, browser: null } };
  }
  return NOTHING_TO_READ;
}

/** https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#attr-fe-autocomplete */
function readAutofill(value: string, element: ElementShape | undefined): AttributeReading {
  let hidden = false;
  let multiline = true;
  if (element !== undefined && element.name === 'input') {
    const type = getAttribute(element, 'type');
    hidden = type !== null && asciiLowercase(type.value.trim()) === 'hidden';
    multiline = hidden;
  }
  return readSyntax(value, 'valid autofill detail tokens', 'the browser ignores the attribute (autofill uses its own guesses)', checkAutofillDetailTokens(value, multiline, hidden));
}

/** https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-charset: "utf-8", ASCII case-insensitively. */
function readCharset(value: string): AttributeReading {
  const encoding = getAnEncodingFromLabel(value);
  const meaning = encoding === null ? `no encoding: "${value}" is not an encoding label` : `the encoding ${encoding}`;
  if (isAsciiCaseInsensitiveMatch(value, 'utf-8')) return { meaning, problem: null };
  return { meaning, problem: encodingProblem(encoding, 0, value.length) };
}

function encodingProblem(encoding: string | null, position: number, length: number): ValueProblem {
  if (encoding === null) {
    return { position, length, expected: '"utf-8"', reason: 'it is not an encoding label', browser: 'the browser ignores the declaration' };
  }
  if (encoding === 'utf-8') {
    return { position, length, expected: '"utf-8"', reason: 'write the label "utf-8"', browser: 'the browser reads it as UTF-8' };
  }
  return { position, length, expected: 'UTF-8', reason: encoding, browser: null, nonUtf8: true };
}

/** https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-http-equiv-content-type (read by the checker only when http-equiv is content-type). */
function readMetaContent(value: string): AttributeReading {
  const label = findTheLabelInAMetaContent(value);
  if (label === null) {
    return {
      meaning: 'no encoding',
      problem: { position: 0, length: 0, expected: '"text/html; charset=utf-8"', reason: 'it names no charset', browser: 'the browser ignores the declaration' },
    };
  }
  const text = value.slice(label.labelStart, label.labelEnd);
  const encoding = getAnEncodingFromLabel(text);
  const meaning = encoding === null ? `no encoding: "${text}" is not an encoding label` : `the encoding ${encoding}`;
  if (isAsciiCaseInsensitiveMatch(text, 'utf-8')) return { meaning, problem: null };
  return { meaning, problem: encodingProblem(encoding, label.labelStart, label.labelEnd - label.labelStart) };
}
