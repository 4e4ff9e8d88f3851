/**
 * Rules on the document's order: the base element before the elements that use URLs.
 *
 * https://html.spec.whatwg.org/multipage/semantics.html#the-base-element: "A base element, if it has an href
 * attribute, must come before any other elements in the tree that have attributes defined as taking URLs, except the
 * html element (its manifest attribute isn't affected by base elements)."
 *
 * The rule is judged across the document (what comes before the first base with href, in tree order), so it is a
 * document-level rule: a full check and every re-check make it again. The checker's own walk (checker.ts) finds the
 * first base with href (a full check) or meets every base in the region (a re-check), so a document without one
 * (most) costs no walk of its own: a re-check walks the tree only when the document had such a base before the edit
 * or the walk met one.
 */
import type { ChildShape, ElementShape, TreeRootShape } from '../attributes/tree-shape';
import { attributeDefinition } from '../attributes/attribute-table';
import { getAttribute } from '../attributes/tree-shape';
import { ConformanceCode } from './conformance-codes';
import { hasStartTag } from './node-reading';
import type { SourceText } from '../source-text';
import type { Reporter } from './conditional-rules';
import { getAnEncodingFromLabel } from '../encoding/get-an-encoding';
import { extractACharacterEncodingFromAMetaElement } from '../encoding/extract-encoding-from-meta';
import type { EncodingName } from '../encoding/labels.generated';

type Range = { readonly start: number; readonly end: number };

/** The attribute syntaxes (attribute-table.ts) whose values are URLs or hold URLs. */
const URL_KINDS: ReadonlySet<string> = new Set(['url', 'urls', 'hyperlink', 'srcset']);

/** Whether `element` is an HTML base element with an href attribute. */
export function isBaseWithHref(element: ElementShape): boolean {
  return element.name === 'base' && element.namespace === 'html' && getAttribute(element, 'href') !== null;
}

/** The first attribute of an HTML element (not html) "defined as taking URLs" (the attribute table's URL syntaxes), or null. */
function urlAttribute(element: ElementShape): ElementShape['attributes'][number] | null {
  if (element.namespace !== 'html' || element.name === 'html' || element.attributes.length === 0) return null;
  let inputType: string | undefined;
  if (element.name === 'input') inputType = (getAttribute(element, 'type')?.value ?? 'text').toLowerCase();
  for (const attribute of element.attributes) {
    const definition = attributeDefinition(element.name, attribute.name, inputType);
    if (definition !== null && URL_KINDS.has(definition.syntax.kind)) return attribute;
  }
  return null;
}

/**
 * The base rule on a document, into `report`. Returns whether the document has a base element with href (kept with
 * the findings for the next re-check). `first`: the first base with href in tree order (not in template contents), when
 * the caller's walk found it already (null: none); undefined to find it here.
 *
 * Walks the tree in tree order (iteratively: a document can be 100,000 levels deep), not into template contents (they
 * are not in the tree), up to the first base with href, remembering the first element before it with a URL attribute.
 */
export function checkBaseBeforeUrls(root: TreeRootShape, report: Reporter, first?: ElementShape | null): boolean {
  if (root.kind !== 'document') return false;
  // OPTIMIZATION: the base found first by its name alone (most documents have none: then no attribute is looked up).
  const base = first === undefined ? walkUntil(root, isBaseWithHref) : first;
  if (base === null) return false;
  let firstUrl: { element: ElementShape; attribute: Range } | null = null;
  walkUntil(root, (element) => {
    if (element === base) return true;
    if (element.startTag === null || element.cloneOf !== null) return false;
    const attribute = urlAttribute(element);
    if (attribute === null) return false;
    firstUrl = { element, attribute };
    return true;
  });
  const found = firstUrl as { element: ElementShape; attribute: Range } | null;
  if (found !== null && base.startTag !== null) {
    report(
      ConformanceCode.BaseAfterUrl,
      base.startTag,
      `This <base href> comes after <${found.element.name}>, which uses a URL: a base element with href must come before every other element with a URL attribute (but html), so that they all resolve against it`,
      undefined,
      [{ start: found.attribute.start, end: found.attribute.end, message: `The <${found.element.name}> that uses a URL before the base` }],
    );
  }
  return true;
}

/** The first element in tree order (not in template contents) that `stop` accepts, or null; iterative. */
function walkUntil(root: TreeRootShape, stop: (element: ElementShape) => boolean): ElementShape | null {
  // OPTIMIZATION: two parallel stacks, no object per level.
  const lists: (readonly ChildShape[])[] = [root.children];
  const indexes: number[] = [0];
  let depth = 0;
  while (depth >= 0) {
    const children = lists[depth];
    const i = indexes[depth];
    if (i >= children.length) {
      depth--;
      continue;
    }
    indexes[depth] = i + 1;
    const node = children[i];
    if (node.kind !== 'element') continue;
    const element = node as ElementShape;
    if (stop(element)) return element;
    if (element.children.length > 0) {
      depth++;
      lists[depth] = element.children;
      indexes[depth] = 0;
    }
  }
  return null;
}

/**
 * The base rule in a re-check: made again when the document had a base with href before the edit, or the re-check's
 * walk met a base element (`sawBase`: it walks every element that meets the region, so it meets any base the edit
 * added); otherwise there is none and nothing to report. Returns whether the document has a base with href.
 */
export function recheckBaseBeforeUrls(root: TreeRootShape, hadBase: boolean, sawBase: boolean, report: Reporter): boolean {
  if (!hadBase && !sawBase) return false;
  return checkBaseBeforeUrls(root, report);
}

/** https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding: the bytes browsers look at. */
const DECLARATION_BYTE_LIMIT = 1024;

/** Whether the UTF-8 encoding of text[0, end) is longer than `limit` bytes (counting stops past the limit). */
function utf8LongerThan(text: SourceText, end: number, limit: number): boolean {
  if (end <= limit / 3) return false;
  let bytes = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < end && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > limit) return true;
  }
  return false;
}

/**
 * The encodings of the Encoding Standard that encode each code point they can encode in one byte
 * (https://encoding.spec.whatwg.org/#legacy-single-byte-encodings, and x-user-defined).
 */
const SINGLE_BYTE: ReadonlySet<EncodingName> = new Set<EncodingName>([
  'ibm866', 'iso-8859-2', 'iso-8859-3', 'iso-8859-4', 'iso-8859-5', 'iso-8859-6', 'iso-8859-7', 'iso-8859-8', 'iso-8859-8-i', 'iso-8859-10', 'iso-8859-13',
  'iso-8859-14', 'iso-8859-15', 'iso-8859-16', 'koi8-r', 'koi8-u', 'macintosh', 'windows-874', 'windows-1250', 'windows-1251', 'windows-1252', 'windows-1253',
  'windows-1254', 'windows-1255', 'windows-1256', 'windows-1257', 'windows-1258', 'x-mac-cyrillic', 'x-user-defined',
]);

/** The encoding a meta element declares (its charset, or its content's charset=), or null when it names none. */
function declaredEncoding(element: ElementShape): EncodingName | null {
  const charset = getAttribute(element, 'charset');
  if (charset !== null) return getAnEncodingFromLabel(charset.value);
  const content = getAttribute(element, 'content');
  return content === null ? null : (extractACharacterEncodingFromAMetaElement(content.value)?.encoding ?? null);
}

/** Whether `element` is an encoding declaration: a meta with charset, or with http-equiv in the Encoding declaration state. */
function isEncodingDeclaration(element: ElementShape): boolean {
  if (element.namespace !== 'html' || element.name !== 'meta') return false;
  if (getAttribute(element, 'charset') !== null) return true;
  const httpEquiv = getAttribute(element, 'http-equiv');
  return httpEquiv !== null && httpEquiv.value.trim().toLowerCase() === 'content-type';
}

/**
 * The charset declaration within the first 1024 bytes, judged on the text (the editor's; `tagtree check`, which has
 * the bytes, reports the same rule as `late-encoding-declaration` and does not pass the text), where its byte offset
 * can be computed from the text: the declaration names UTF-8 (the bytes of the prefix are its UTF-8 length) or a
 * single-byte encoding (one byte per code unit). ASSUMPTION: the file is saved in the encoding it declares, without a
 * byte order mark (an editor's text has none; a UTF-8 BOM would add 3 bytes, and makes browsers ignore the
 * declaration anyway: https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm, the BOM
 * first). Another encoding (Shift_JIS, EUC-KR, GB18030, Big5, ISO-2022-JP, UTF-16) or an unknown label is not
 * judged here.
 * https://html.spec.whatwg.org/multipage/semantics.html#charset: "The element containing the character encoding
 * declaration must be serialized completely within the first 1024 bytes of the document."
 *
 * Reads the head's meta children (a meta with charset or http-equiv belongs there: its content model is the head's),
 * so a re-check makes it again at no cost worth keeping state for.
 */
export function checkCharsetWithin1024Bytes(root: TreeRootShape, text: SourceText | undefined, report: Reporter): void {
  if (text === undefined || root.kind !== 'document') return;
  const html = root.children.find((c) => c.kind === 'element' && (c as ElementShape).name === 'html') as ElementShape | undefined;
  const head = html?.children.find((c) => c.kind === 'element' && (c as ElementShape).name === 'head') as ElementShape | undefined;
  if (head === undefined) return;
  for (const c of head.children) {
    if (c.kind !== 'element') continue;
    const element = c as ElementShape;
    // (OPTIMIZATION: the start tag's range, a new object on each read, made only for an encoding declaration.)
    if (!hasStartTag(element) || !isEncodingDeclaration(element)) continue;
    const tag = element.startTag!;
    if (tag.end > text.length) continue;
    // The bytes of text[0, tag.end) in the encoding the document declares (the one it is saved in, when it is right):
    // UTF-8's length of the prefix, or one byte per code unit in a single-byte encoding; another (a multibyte legacy
    // encoding, UTF-16, an unknown label) is not counted from the text.
    const encoding = declaredEncoding(element);
    const late = encoding === 'utf-8' ? utf8LongerThan(text, tag.end, DECLARATION_BYTE_LIMIT) : encoding !== null && SINGLE_BYTE.has(encoding) ? tag.end > DECLARATION_BYTE_LIMIT : false;
    if (late) {
      report(
        ConformanceCode.LateCharsetDeclaration,
        tag,
        `The encoding declaration must be within the first 1024 bytes of the document (counted in ${encoding}, the encoding it declares), where browsers look for it before they decode the page`,
      );
    }
  }
}
