/**
 * The HTML Standard's common microsyntaxes.
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html
 *
 * Every parser returns `{ ok: true, value, ... }` or `{ ok: false, position, reason }`
 * (position is a UTF-16 offset into the parsed string). Parsers that are more
 * lenient than the matching "valid X" definition also report `valid` and, when
 * false, `invalid: { position, reason }`. Every `isValidX` has a `checkValidX`
 * twin that says where and why a string is not valid.
 */
export type {
  CheckedParseResult,
  CheckedParseSuccess,
  MicrosyntaxError,
  ParseFailure,
  ParseResult,
  ParseSuccess,
} from './parse-result';

export {
  asciiLowercase,
  isAsciiCaseInsensitiveMatch,
  isAsciiDigit,
  isAsciiHexDigit,
  isAsciiWhitespace,
  splitOnAsciiWhitespace,
  splitOnAsciiWhitespaceWithPositions,
  splitOnCommas,
  splitOnCommasWithPositions,
  stripLeadingAndTrailingAsciiWhitespace,
} from './infra';
export type { PositionedToken } from './infra';

export { booleanAttributeValue, checkBooleanAttributeValue, isValidBooleanAttributeValue } from './boolean-attributes';

export {
  canonicalKeyword,
  checkEnumeratedAttributeValue,
  determineTheStateOfAnAttribute,
  isConformingEnumeratedAttributeValue,
} from './keywords';
export type { EnumeratedAttribute, EnumeratedAttributeKeyword } from './keywords';

export {
  bestRepresentationOfTheNumberAsAFloatingPointNumber,
  checkValidFloatingPointNumber,
  checkValidInteger,
  checkValidListOfFloatingPointNumbers,
  checkValidNonNegativeInteger,
  isValidFloatingPointNumber,
  isValidInteger,
  isValidListOfFloatingPointNumbers,
  isValidNonNegativeInteger,
  parseAListOfFloatingPointNumbers,
  parseFloatingPointNumberValue,
  parseInteger,
  parseNonNegativeInteger,
} from './numbers';

export { parseAListOfDimensions, parseDimensionValue, parseNonzeroDimensionValue } from './dimensions';
export type { DimensionValue, ListDimension } from './dimensions';

export { daysSinceUnixEpoch, isLeapYear, numberOfDaysInMonthOfYear } from './dates-and-times';
export type { PositionVariable } from './dates-and-times';
export {
  checkValidDateString,
  checkValidMonthString,
  checkValidYearlessDateString,
  isValidDateString,
  isValidMonthString,
  isValidYearlessDateString,
  parseADateComponent,
  parseADateString,
  parseAMonthComponent,
  parseAMonthString,
  parseAYearlessDateComponent,
  parseAYearlessDateString,
} from './dates';
export type { DateValue, MonthValue, YearlessDateValue } from './dates';
export {
  checkValidLocalDateAndTimeString,
  checkValidNormalizedLocalDateAndTimeString,
  checkValidTimeString,
  isValidLocalDateAndTimeString,
  isValidNormalizedLocalDateAndTimeString,
  isValidTimeString,
  parseALocalDateAndTimeString,
  parseATimeComponent,
  parseATimeString,
} from './times';
export type { LocalDateAndTimeValue, TimeValue } from './times';
export {
  checkValidGlobalDateAndTimeString,
  checkValidTimeZoneOffsetString,
  isValidGlobalDateAndTimeString,
  isValidTimeZoneOffsetString,
  parseAGlobalDateAndTimeString,
  parseATimeZoneOffsetComponent,
  parseATimeZoneOffsetString,
} from './time-zones';
export type { GlobalDateAndTimeValue, TimeZoneOffset } from './time-zones';
export { checkValidDateStringWithOptionalTime, isValidDateStringWithOptionalTime, parseADateOrTimeString } from './vaguer-moments';
export type { DateOrTimeValue } from './vaguer-moments';

export { checkValidWeekString, isValidWeekString, parseAWeekString, weekNumberOfTheLastDay } from './weeks';
export type { WeekValue } from './weeks';

export { checkValidDurationString, isValidDurationString, parseADurationString } from './durations';
export type { DurationValue } from './durations';

export {
  checkValidLowercaseSimpleColor,
  checkValidSimpleColor,
  isValidLowercaseSimpleColor,
  isValidSimpleColor,
  namedColor,
  parseALegacyColorValue,
  parseSimpleColorValue,
  serializeSimpleColorValue,
} from './colors';
export type { SimpleColor } from './colors';

export {
  checkSetOfCommaSeparatedTokens,
  checkSetOfSpaceSeparatedTokens,
  isOrderedSetOfUniqueSpaceSeparatedTokens,
  isUnorderedSetOfUniqueSpaceSeparatedTokens,
  tokensOfASetOfCommaSeparatedTokens,
  tokensOfASetOfSpaceSeparatedTokens,
} from './tokens';
export type { SetOfSpaceSeparatedTokensRequirements, TokenComparison } from './tokens';

export {
  checkValidHashNameReference,
  hashNameReferenceName,
  isValidHashNameReference,
  parseAHashNameReference,
} from './references';
export type { GetAttribute } from './references';
