/**
 * https://html.spec.whatwg.org/multipage/parsing.html#create-an-element-for-the-token
 * with its attributes adjusted for SVG and MathML, and the copies that
 * reconstructing the active formatting elements and the adoption agency make.
 */
import { createAttribute, createElement, type Attribute, type Element, type Namespace } from '../dom';
import type { Span } from '../span';
import { attributeEnd } from '../tokenizer/tokenizer';
import type { Attribute as TokenAttribute, StartTagToken } from '../tokenizer/tokens';
import { FOREIGN_ATTRIBUTE_ADJUSTMENTS, MATHML_ATTRIBUTE_ADJUSTMENTS, SVG_ATTRIBUTE_ADJUSTMENTS } from './foreign-adjustments';
import { ownString } from './own-string';
import { NsBits } from './tag-id';
import { TreeErrorCode } from './tree-error-codes';

/** What creating an element reads of the parser (the tree builder). */
export interface ElementCreation {
  readonly input: string;
  /** See `TreeBuilderOptions.ownStrings`. */
  readonly ownStrings: boolean;
  /** The span new nodes belong to. */
  readonly span: Span;
  error(code: TreeErrorCode, start: number, end: number): void;
}

/** The namespace string of namespace bits. */
function namespaceOf(bits: NsBits): Namespace {
  return bits === NsBits.HTML ? 'html' : bits === NsBits.SVG ? 'svg' : 'math';
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#create-an-element-for-the-token
 * NOOP(spec): custom element definitions, scripts and form association do not apply here.
 */
export function createAnElementForTheToken(parser: ElementCreation, token: StartTagToken, namespace: NsBits, nameOverride: string | null): Element {
  const ns = namespaceOf(namespace);
  const attributes = domAttributes(parser, token.attributes, namespace);
  const name = nameOverride ?? token.name;
  const element = createElement(parser.ownStrings ? ownString(name) : name, ns, attributes, token.end, token.start, null, parser.span);
  if (namespace !== NsBits.HTML) checkXmlnsAttributes(parser, element);
  return element;
}

/**
 * "If element has an xmlns attribute in the XMLNS namespace whose value is
 * not exactly the same as element's namespace, that is a parse error.
 * Similarly, if element has an xmlns:xlink attribute in the XMLNS namespace
 * whose value is not the XLink namespace, that is a parse error."
 */
function checkXmlnsAttributes(parser: ElementCreation, element: Element): void {
  const attributes = element.attributes;
  for (let i = 0; i < attributes.length; i++) {
    const a = attributes[i];
    if (a.namespace !== 'xmlns') continue;
    if (a.name === 'xmlns') {
      const expected = element.namespace === 'svg' ? 'http://www.w3.org/2000/svg' : 'http://www.w3.org/1998/Math/MathML';
      if (a.value !== expected) parser.error(TreeErrorCode.InvalidXmlnsAttribute, a.start, a.end);
    } else if (a.name === 'xlink' && a.value !== 'http://www.w3.org/1999/xlink') {
      parser.error(TreeErrorCode.InvalidXmlnsAttribute, a.start, a.end);
    }
  }
}

/**
 * The DOM attributes for a token's attributes, with the adjustments for
 * SVG and MathML elements: "adjust MathML attributes", "adjust SVG
 * attributes" and "adjust foreign attributes".
 */
export function domAttributes(parser: ElementCreation, tokenAttributes: readonly TokenAttribute[], namespace: NsBits): Attribute[] {
  const n = tokenAttributes.length;
  // OPTIMIZATION: the arrays of most elements (no attribute, one, two) are
  // array literals, which V8 allocates in the old generation once it sees
  // they survive (see NODE_LITERALS in ../dom.ts); an array made by
  // `new Array(n)` is copied by the collections it survives.
  if (n === 0) return [];
  if (n === 1) return [domAttribute(parser, tokenAttributes[0], namespace)];
  if (n === 2) return [domAttribute(parser, tokenAttributes[0], namespace), domAttribute(parser, tokenAttributes[1], namespace)];
  const attributes: Attribute[] = new Array(n);
  for (let i = 0; i < n; i++) attributes[i] = domAttribute(parser, tokenAttributes[i], namespace);
  return attributes;
}

/** The DOM attribute for a token's attribute, adjusted for SVG and MathML (see `domAttributes`). */
function domAttribute(parser: ElementCreation, a: TokenAttribute, namespace: NsBits): Attribute {
  let name = a.name;
  let prefix: string | null = null;
  let ns: Attribute['namespace'] = null;
  if (namespace !== NsBits.HTML) {
    const adjusted = namespace === NsBits.SVG ? SVG_ATTRIBUTE_ADJUSTMENTS.get(name) : MATHML_ATTRIBUTE_ADJUSTMENTS.get(name);
    if (adjusted !== undefined) name = adjusted;
    const foreign = FOREIGN_ATTRIBUTE_ADJUSTMENTS.get(name);
    if (foreign !== undefined) {
      name = foreign.localName;
      prefix = foreign.prefix;
      ns = foreign.namespace;
    }
  }
  if (parser.ownStrings) name = ownString(name);
  return createAttribute(name, parser.ownStrings ? ownString(a.value) : a.value, ns, prefix, a.nameStart, attributeEnd(a, parser.input), a.valueStart, a.valueEnd, parser.span);
}

/**
 * A new element "for the token for which `original` was created": same name,
 * namespace and attributes, no source tags of its own, `at` its place.
 */
export function cloneElement(original: Element, at: number, span: Span): Element {
  const attributes = original.attributes.map((a) => a.copy());
  const clone = createElement(original.name, original.namespace, attributes, null, at, original.cloneOf ?? original, span);
  (span.clones ??= []).push(clone);
  return clone;
}
