/**
 * Advice on one element: the spec's "should"s, reported as warnings (each
 * code's sentence is quoted in conformance-codes.ts): obsolete but
 * conforming features, a redundant script type, no lang on html, empty
 * headings, a viewport that stops zooming (redundant roles: aria-rules.ts).
 */
import { getAttribute, type ElementShape } from '../attributes/tree-shape';
import { isAsciiCaseInsensitiveMatch, isAsciiWhitespace } from '../microsyntaxes/infra';
import { ConformanceCode } from './conformance-codes';
import type { Reporter } from './conditional-rules';

const SPEC = 'https://html.spec.whatwg.org/multipage/';
const OBSOLETE_BUT_CONFORMING = `${SPEC}obsolete.html#obsolete-but-conforming-features`;

/**
 * https://mimesniff.spec.whatwg.org/#javascript-mime-type: the essences of the JavaScript MIME types.
 */
const JAVASCRIPT_MIME_TYPES = new Set([
  'application/ecmascript', 'application/javascript', 'application/x-ecmascript', 'application/x-javascript', 'text/ecmascript', 'text/javascript',
  'text/javascript1.0', 'text/javascript1.1', 'text/javascript1.2', 'text/javascript1.3', 'text/javascript1.4', 'text/javascript1.5', 'text/jscript',
  'text/livescript', 'text/x-ecmascript', 'text/x-javascript',
]);

/** https://mimesniff.spec.whatwg.org/#javascript-mime-type-essence-match: the value's essence (before parameters), lowercased. */
export function isJavaScriptMimeTypeEssenceMatch(value: string): boolean {
  const semicolon = value.indexOf(';');
  return JAVASCRIPT_MIME_TYPES.has((semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase());
}

/** Whether an `img border` is the obsolete but conforming one (value "0"), not the non-conforming one. */
export function isConformingImgBorder(element: ElementShape, name: string): boolean {
  return element.name === 'img' && name === 'border' && getAttribute(element, 'border')?.value === '0';
}

/**
 * The range of `element`'s attribute `name`, which it has: the attribute itself (OPTIMIZATION: no object made; a report
 * reads its start and end at once).
 */
function range(element: ElementShape, name: string): { readonly start: number; readonly end: number } {
  return getAttribute(element, name)!;
}

/** https://html.spec.whatwg.org/multipage/obsolete.html#obsolete-but-conforming-features and the other per-attribute advice. */
export function checkAttributeAdvice(element: ElementShape, report: Reporter): void {
  // OPTIMIZATION: `range` is a function of its own, not a closure over the element (its context would be allocated on
  // every call).
  switch (element.name) {
    case 'a':
      // "Authors should not specify the name attribute on a elements."
      if (getAttribute(element, 'name') !== null) report(ConformanceCode.ObsoleteButConforming, range(element, 'name'), 'The name attribute on <a> is obsolete: put an id on the element (or the nearest container) instead', OBSOLETE_BUT_CONFORMING);
      break;
    case 'img':
      // "Authors should not specify a border attribute on an img element. If the attribute is present, its value must be the string "0"."
      if (isConformingImgBorder(element, 'border')) report(ConformanceCode.ObsoleteButConforming, range(element, 'border'), 'The border attribute on <img> is obsolete: use CSS instead', OBSOLETE_BUT_CONFORMING);
      break;
    case 'script': {
      // "Authors should not specify a language attribute on a script element."
      if (getAttribute(element, 'language') !== null) report(ConformanceCode.ObsoleteButConforming, range(element, 'language'), 'The language attribute on <script> is obsolete: leave it out', OBSOLETE_BUT_CONFORMING);
      // "Authors should not specify a charset attribute on a script element. If the attribute is present, its value
      // must be an ASCII case-insensitive match for "utf-8"." (any other value: a must, an error)
      const charset = getAttribute(element, 'charset');
      if (charset !== null) {
        if (isAsciiCaseInsensitiveMatch(charset.value, 'utf-8')) report(ConformanceCode.ObsoleteButConforming, range(element, 'charset'), 'The charset attribute on <script> is obsolete: leave it out (a script is read as UTF-8, as the document must be)', OBSOLETE_BUT_CONFORMING);
        else report(ConformanceCode.ObsoleteAttribute, range(element, 'charset'), `charset=${JSON.stringify(charset.value)} on <script> is obsolete, and when present its value must be "utf-8": leave it out`, OBSOLETE_BUT_CONFORMING);
      }
      // https://html.spec.whatwg.org/multipage/scripting.html#attr-script-type: "Authors should omit the type attribute instead of redundantly setting it."
      const type = getAttribute(element, 'type');
      if (type !== null && isJavaScriptMimeTypeEssenceMatch(type.value)) {
        report(ConformanceCode.RedundantScriptType, range(element, 'type'), `type="${type.value}" on <script> is unnecessary: a script without type is JavaScript; leave it out`);
      }
      break;
    }
    case 'style':
      // "Authors should not specify a type attribute on a style element. If the attribute is present, its value must be an ASCII case-insensitive match for "text/css"."
      if (getAttribute(element, 'type') !== null) report(ConformanceCode.ObsoleteButConforming, range(element, 'type'), 'The type attribute on <style> is obsolete: leave it out', OBSOLETE_BUT_CONFORMING);
      break;
    case 'html':
      // https://html.spec.whatwg.org/multipage/semantics.html#the-html-element: "Authors are encouraged to specify a lang attribute on the root html element, giving the document's language."
      if (getAttribute(element, 'lang') === null) report(ConformanceCode.MissingHtmlLang, element.startTag!, '<html> has no lang attribute: give the document\'s language (lang="en"), for screen readers, translation and hyphenation');
      break;
    case 'meta':
      checkViewport(element, report);
      break;
  }
}

/** Viewport properties that stop the user zooming: user-scalable=no (or 0), or a maximum-scale below 2 (200%). */
function checkViewport(element: ElementShape, report: Reporter): void {
  if (getAttribute(element, 'name')?.value.trim().toLowerCase() !== 'viewport') return;
  const content = getAttribute(element, 'content');
  if (content === null) return;
  for (const part of content.value.split(/[,;]/)) {
    const [key, value] = part.split('=').map((s) => s.trim().toLowerCase());
    if (value === undefined) continue;
    const blocks = (key === 'user-scalable' && (value === 'no' || value === '0')) || (key === 'maximum-scale' && Number.parseFloat(value) < 2);
    if (blocks) {
      report(ConformanceCode.ViewportDisablesZoom, { start: content.start, end: content.end }, `The viewport's ${key}=${value} stops users zooming the page: leave zoom to the user (WCAG 1.4.4 asks that text can be zoomed to 200%)`);
      return;
    }
  }
}

/** https://html.spec.whatwg.org/multipage/dom.html#embedded-content-category: content that counts for a heading without text. */
const EMBEDDED = new Set(['img', 'picture', 'svg', 'math', 'video', 'audio', 'canvas', 'iframe', 'embed', 'object']);

/**
 * https://html.spec.whatwg.org/multipage/dom.html#palpable-content: "elements whose content model allows any flow
 * content or phrasing content should have at least one node in its contents that is palpable content and that does
 * not have the hidden attribute specified": a heading with no text but white space and no embedded content.
 */
export function checkEmptyHeading(element: ElementShape, report: Reporter): void {
  if (hasPalpableText(element.children, 0)) return;
  report(ConformanceCode.EmptyHeading, element.startTag!, `<${element.name}> is empty: a heading should have text (or an image with alt text)`);
}

/**
 * Whether `children` or the nodes below them hold text other than white space, embedded or foreign content, outside
 * elements with the hidden attribute (`checkEmptyHeading`). OPTIMIZATION: read by recursion a few levels deep (a
 * heading's content is shallow: nothing is allocated), deeper with a stack.
 */
function hasPalpableText(children: ElementShape['children'], depth: number): boolean {
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    if (node.kind === 'text') {
      if (!allWhitespace((node as unknown as { data: string }).data)) return true;
    } else if (node.kind === 'element') {
      const e = node as ElementShape;
      if (getAttribute(e, 'hidden') !== null) continue;
      if (EMBEDDED.has(e.name) || e.namespace !== 'html') return true;
      if (depth < 8 ? hasPalpableText(e.children, depth + 1) : !emptyBelow(e.children)) return true;
    }
  }
  return false;
}

/** Whether `children` and the nodes below them hold no palpable content, read with a stack (`hasPalpableText`). */
function emptyBelow(children: ElementShape['children']): boolean {
  const stack: ElementShape['children'][number][] = [...children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'text') {
      if (!allWhitespace((node as unknown as { data: string }).data)) return false;
    } else if (node.kind === 'element') {
      const e = node as ElementShape;
      if (getAttribute(e, 'hidden') !== null) continue;
      if (EMBEDDED.has(e.name) || e.namespace !== 'html') return false;
      for (const c of e.children) stack.push(c);
    }
  }
  return true;
}

function allWhitespace(data: string): boolean {
  for (let i = 0; i < data.length; i++) if (!isAsciiWhitespace(data.charCodeAt(i))) return false;
  return true;
}
