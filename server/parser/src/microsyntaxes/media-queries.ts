/**
 * Media query lists and source size lists, read with the csstools CSS
 * parsers (`@csstools/css-tokenizer`, `@csstools/css-parser-algorithms`,
 * `@csstools/media-query-list-parser`).
 *
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-media-query-list:
 * "A string is a valid media query list if it matches the <media-query-list>
 * production of Media Queries."
 */
import { isCommentNode, isFunctionNode, isTokenNode, isWhitespaceNode, parseCommaSeparatedListOfComponentValues, type ComponentValue } from '@csstools/css-parser-algorithms';
import { isTokenDimension, isTokenIdent, isTokenNumber, isTokenPercentage, tokenize, type CSSToken } from '@csstools/css-tokenizer';
import { isGeneralEnclosed, isMediaQueryInvalid, isMediaQueryWithType, parse as parseMediaQueryList, parseFromTokens } from '@csstools/media-query-list-parser';
import { nonConformance, type MicrosyntaxError } from './parse-result';

/** The source offset of a token (csstools tokens are `[type, text, start, end, value]`). */
function tokenStart(token: CSSToken): number {
  return token[2];
}

/**
 * https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-media-query-list. Each comma-separated
 * query must match <media-query>; "Authors must not use <general-enclosed> in their stylesheets. It exists only for
 * future-compatibility" (https://drafts.csswg.org/mediaqueries-4/#typedef-general-enclosed).
 */
export function checkValidMediaQueryList(value: string): MicrosyntaxError | null {
  let parseError: string | null = null;
  const queries = parseMediaQueryList(value, {
    preserveInvalidMediaQueries: true,
    onParseError: (e) => {
      parseError ??= e.message;
    },
  });
  if (parseError !== null) return nonConformance(0, parseError);
  if (queries.length === 1 && queries[0].toString().trim() === '') return null;
  let position = 0;
  for (const query of queries) {
    const text = query.toString();
    const at = Math.max(0, value.indexOf(text.trim(), position));
    if (text.trim() === '') return nonConformance(at, 'an empty media query between commas');
    if (isMediaQueryInvalid(query)) return nonConformance(at, `"${text.trim()}" is not a media query`);
    let enclosed = false;
    query.walk((entry) => {
      if (isGeneralEnclosed(entry.node)) enclosed = true;
    });
    if (enclosed) return nonConformance(at, `"${text.trim()}" has a parenthesized part that is not a media feature or condition`);
    position = at + text.trim().length;
  }
  return null;
}

/** https://drafts.csswg.org/css-values/#lengths: the absolute, font-relative and viewport-percentage units. */
const LENGTH_UNITS = new Set(
  (
    'px cm mm q in pt pc em rem ex rex cap rcap ch rch ic ric lh rlh vw vh vi vb vmin vmax svw svh svi svb svmin svmax ' +
    'lvw lvh lvi lvb lvmin lvmax dvw dvh dvi dvb dvmin dvmax cqw cqh cqi cqb cqmin cqmax'
  ).split(' '),
);
/** https://drafts.csswg.org/css-values/#math: functions whose result may be a length. */
const MATH_FUNCTIONS = new Set(['calc', 'min', 'max', 'clamp', 'round', 'mod', 'rem', 'abs', 'sign', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'pow', 'sqrt', 'hypot', 'log', 'exp', 'var', 'env']);

function significant(values: ComponentValue[]): ComponentValue[] {
  return values.filter((v) => !isWhitespaceNode(v) && !isCommentNode(v));
}

function startOf(value: ComponentValue): number {
  return tokenStart(value.tokens()[0]);
}

/** A <source-size-value>: "<length> | auto"; "The <source-size-value> must not be negative, and must not use CSS functions other than the math functions". */
function checkSourceSizeValue(v: ComponentValue, last: boolean): MicrosyntaxError | null {
  const at = startOf(v);
  if (isFunctionNode(v)) {
    if (MATH_FUNCTIONS.has(v.getName().toLowerCase())) return null;
    return nonConformance(at, `${v.getName()}() is not a length: only CSS math functions (calc(), min(), max(), clamp()…) are allowed`);
  }
  if (isTokenNode(v)) {
    const token = v.value;
    if (isTokenDimension(token)) {
      if (!LENGTH_UNITS.has(token[4].unit.toLowerCase())) return nonConformance(at, `"${token[1]}" is not a CSS length`);
      if (token[4].value < 0) return nonConformance(at, `"${token[1]}": a source size must not be negative`);
      return null;
    }
    if (isTokenNumber(token)) return token[4].value === 0 ? null : nonConformance(at, `"${token[1]}" has no unit: a length needs one ("${token[1]}px")`);
    if (isTokenPercentage(token)) return nonConformance(at, `"${token[1]}": percentages are not allowed in sizes (use vw)`);
    // https://html.spec.whatwg.org/multipage/images.html#sizes-attributes: "auto" is allowed as the first entry (with loading=lazy); not checked further.
    if (isTokenIdent(token) && token[4].value.toLowerCase() === 'auto') return null;
    void last;
  }
  return nonConformance(at, `"${v.toString()}" is not a CSS length`);
}

/**
 * https://html.spec.whatwg.org/multipage/images.html#sizes-attributes: "If present, the value must be a valid source
 * size list": `<source-size-list> = [ <source-size># , ]? <source-size-value>`, `<source-size> = <media-condition>
 * <source-size-value> | auto`.
 */
export function checkValidSourceSizeList(value: string): MicrosyntaxError | null {
  const tokens = tokenize({ css: value });
  const list = parseCommaSeparatedListOfComponentValues(tokens);
  if (list.length === 0 || (list.length === 1 && significant(list[0]).length === 0)) return nonConformance(0, 'it is empty: give at least one size ("100vw")');
  for (let i = 0; i < list.length; i++) {
    const parts = significant(list[i]);
    const last = i === list.length - 1;
    if (parts.length === 0) return nonConformance(value.length, 'an empty entry between commas');
    const size = parts[parts.length - 1];
    const error = checkSourceSizeValue(size, last);
    if (error !== null) return error;
    if (parts.length === 1) {
      // A bare size is allowed only last ("auto" may also stand alone first).
      if (!last && !(isTokenNode(size) && isTokenIdent(size.value) && size.value[4].value.toLowerCase() === 'auto')) {
        return nonConformance(startOf(size), 'a size without a media condition must be the last entry (later ones are never used)');
      }
      continue;
    }
    // The rest is a <media-condition>.
    const conditionTokens = parts.slice(0, -1).flatMap((p) => p.tokens());
    const at = tokenStart(conditionTokens[0]);
    const queries = parseFromTokens([...conditionTokens, ['EOF-token', '', -1, -1, undefined] as unknown as CSSToken], { preserveInvalidMediaQueries: true });
    const query = queries[0];
    if (queries.length !== 1 || isMediaQueryInvalid(query) || isMediaQueryWithType(query)) {
      return nonConformance(at, `"${parts.slice(0, -1).map((p) => p.toString()).join(' ')}" is not a media condition (write it in parentheses: "(max-width: 600px)")`);
    }
    let enclosed = false;
    query.walk((entry) => {
      if (isGeneralEnclosed(entry.node)) enclosed = true;
    });
    if (enclosed) return nonConformance(at, 'the media condition has a parenthesized part that is not a media feature');
  }
  return null;
}
