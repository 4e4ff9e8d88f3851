/**
 * Document links: every URL attribute of the tree, resolved against the
 * document's base URL, which is its first `<base href>` resolved against the
 * document's own URL. Offsets in; plain ranges and target URLs out.
 * https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url
 *
 * The walk visits every node, so the server runs it in slices
 * (`documentLinkSteps`) and keeps the answer with the parse.
 */
import type { DomAttribute, DomChild, DomParent } from '../dom';
import { NODES_PER_STEP } from './symbols';
import { walkSteps } from './tree';

export interface LinkData {
  /** The URL as written, without its surrounding spaces. */
  start: number;
  end: number;
  /** The URL it resolves to. */
  target: string;
}

/**
 * The attributes whose value is a URL, by element: "valid (non-empty) URL
 * potentially surrounded by spaces" in the spec's attributes index.
 * https://html.spec.whatwg.org/multipage/indices.html#attributes-3
 */
const URL_ATTRIBUTES: ReadonlyMap<string, readonly string[]> = new Map([
  ['a', ['href']],
  ['area', ['href']],
  ['link', ['href']],
  ['base', ['href']],
  ['img', ['src']],
  ['script', ['src']],
  ['iframe', ['src']],
  ['embed', ['src']],
  ['audio', ['src']],
  ['video', ['src', 'poster']],
  ['source', ['src']],
  ['track', ['src']],
  ['input', ['src', 'formaction']],
  ['button', ['formaction']],
  ['form', ['action']],
  ['blockquote', ['cite']],
  ['q', ['cite']],
  ['ins', ['cite']],
  ['del', ['cite']],
  ['object', ['data']],
]);

/** Schemes a link to which opens nothing an editor can show. */
const NOT_OPENED = /^(?:javascript|data|about):/i;

function isAsciiWhitespace(c: number): boolean {
  return c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;
}

/** https://url.spec.whatwg.org/#concept-url-parser, or null on failure. */
function parseUrl(url: string, base: string | undefined): string | null {
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

/** The value of a URL attribute without its leading and trailing ASCII whitespace, and where it is. */
function trimmed(attribute: DomAttribute): { value: string; start: number; end: number } | null {
  if (attribute.valueStart === null || attribute.valueEnd === null) return null;
  let a = 0;
  let b = attribute.value.length;
  while (a < b && isAsciiWhitespace(attribute.value.charCodeAt(a))) a++;
  while (b > a && isAsciiWhitespace(attribute.value.charCodeAt(b - 1))) b--;
  if (a === b) return null;
  // The value's source may hold character references: only a value written as is maps offsets one to one.
  const sourceLength = attribute.valueEnd - attribute.valueStart;
  if (sourceLength !== attribute.value.length) return { value: attribute.value.slice(a, b), start: attribute.valueStart, end: attribute.valueEnd };
  return { value: attribute.value.slice(a, b), start: attribute.valueStart + a, end: attribute.valueStart + b };
}

/** The links of the tree under `root`, for a document at `documentUrl`; yields between slices of the walk. */
export function* documentLinkSteps(root: DomParent, documentUrl: string): Generator<void, LinkData[]> {
  const raw: DomAttribute[] = [];
  let base: DomAttribute | null = null;
  yield* walkSteps(
    root,
    (node: DomChild) => {
      if (node.kind !== 'element' || node.namespace !== 'html' || node.cloneOf !== null) return;
      const names = URL_ATTRIBUTES.get(node.name);
      if (names === undefined) return;
      for (const attribute of node.attributes) {
        if (!names.includes(attribute.name)) continue;
        raw.push(attribute);
        // https://html.spec.whatwg.org/multipage/semantics.html#frozen-base-url: the first base element with an href.
        if (node.name === 'base' && base === null) base = attribute;
      }
    },
    NODES_PER_STEP,
  );
  const documentBase = parseUrl(documentUrl, undefined) ?? undefined;
  const baseValue = base === null ? null : trimmed(base);
  const baseUrl = (baseValue !== null ? parseUrl(baseValue.value, documentBase) : null) ?? documentBase;
  const out: LinkData[] = [];
  for (const attribute of raw) {
    const value = trimmed(attribute);
    if (value === null || NOT_OPENED.test(value.value)) continue;
    // The base's own href is resolved against the document's URL.
    const target = parseUrl(value.value, attribute === base ? documentBase : baseUrl);
    if (target === null) continue;
    out.push({ start: value.start, end: value.end, target });
  }
  return out;
}
