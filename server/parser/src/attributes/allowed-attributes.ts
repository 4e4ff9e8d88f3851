/**
 * Which attributes an element may have: each HTML element's own content
 * attributes (the "Content attributes" of its definition), the global
 * attributes, the event handler content attributes, custom data attributes
 * and ARIA; any XML-compatible attribute on an autonomous custom element.
 * https://html.spec.whatwg.org/multipage/indices.html#attributes-3
 *
 * "Authors must not use elements, attributes, or attribute values that are
 * not permitted by this specification or other applicable specifications":
 * https://html.spec.whatwg.org/multipage/dom.html#elements
 *
 * Left to other checks, so that nothing is reported twice: the element's
 * obsolete attributes (the conformance check's `obsolete-attribute`),
 * unknown `aria-*` names (`unknown-aria-attribute`), and every attribute of
 * unknown and obsolete elements (reported as elements). SVG and MathML
 * elements are not checked.
 */
import { isValidCustomElementName } from './custom-element-name';
import { isAsciiCaseInsensitiveMatch } from '../microsyntaxes/infra';
import {
  ANY_NAMESPACELESS_ATTRIBUTE_ELEMENTS,
  ELEMENT_ATTRIBUTES,
  GLOBAL_CONTENT_ATTRIBUTES,
  GLOBAL_EVENT_HANDLER_ATTRIBUTES,
  INPUT_ATTRIBUTE_TYPES,
  ELEMENT_HREFS,
  KNOWN_ELEMENTS,
  OBSOLETE_ELEMENT_ATTRIBUTES,
  PARENT_DEPENDENT_ATTRIBUTES,
} from './allowed-attributes.generated';
import { presetsMatching } from './framework-attributes';
import { getAttribute, type AttributeShape, type ElementShape } from './tree-shape';

const SPEC = 'https://html.spec.whatwg.org/multipage/';
const NONE: readonly AttributeNotAllowed[] = Object.freeze([]);

/** What an element's attribute breaks, when it is not allowed. */
export type AttributeNotAllowedKind =
  /** Not an attribute of this element (nor global, data-*, ARIA). */
  | 'not-allowed'
  /** An input attribute that does not apply in the element's type state. */
  | 'input-type'
  /** An attribute the element may have only under other parents (li's value, source's src and srcset…). */
  | 'parent'
  /** A second of meta's name, http-equiv, charset and itemprop, or content on a meta that takes none. */
  | 'meta-exclusive'
  /** An `xmlns:*` attribute, or `xmlns` with a value other than the XHTML namespace. */
  | 'xmlns'
  /** `xml:lang` without a `lang` of the same value. */
  | 'xml-lang';

export interface AttributeNotAllowed {
  readonly kind: AttributeNotAllowedKind;
  readonly attribute: AttributeShape;
  readonly message: string;
  readonly href: string;
}

const GLOBAL: ReadonlySet<string> = new Set([...GLOBAL_CONTENT_ATTRIBUTES, ...GLOBAL_EVENT_HANDLER_ATTRIBUTES, ...EXTRA_GLOBALS()]);

/**
 * Global attributes from other applicable specifications, which extend every
 * HTML element:
 * - the event handlers that Pointer Events (https://w3c.github.io/pointerevents/#extensions-to-the-globaleventhandlers-mixin),
 *   Touch Events (https://w3c.github.io/touch-events/#extensions-to-the-globaleventhandlers-mixin) and the
 *   Selection API (https://w3c.github.io/selection-api/#extensions-to-globaleventhandlers-interface) add to
 *   GlobalEventHandlers: "event handler content attributes" of every HTML element, as HTML's own;
 * - the RDFa attributes that HTML+RDFa 1.1 adds to every element (https://www.w3.org/TR/html-rdfa/#extensions-to-the-html5-syntax):
 *   about, content, datatype, inlist, prefix, property, rel, resource, rev, typeof and vocab (Open Graph's
 *   `<meta property>`); the Nu checker accepts them too.
 */
function EXTRA_GLOBALS(): string[] {
  return [
    'onpointerover', 'onpointerenter', 'onpointerdown', 'onpointermove', 'onpointerrawupdate', 'onpointerup', 'onpointercancel',
    'onpointerout', 'onpointerleave', 'ongotpointercapture', 'onlostpointercapture',
    'ontouchstart', 'ontouchend', 'ontouchmove', 'ontouchcancel',
    'onselectstart', 'onselectionchange',
    'about', 'content', 'datatype', 'inlist', 'prefix', 'property', 'rel', 'resource', 'rev', 'typeof', 'vocab',
  ];
}

/** Per element, its own attributes as a set. */
const OWN = new Map<string, ReadonlySet<string>>(Object.entries(ELEMENT_ATTRIBUTES).map(([name, list]) => [name, new Set(list)]));
const ANY_NAMESPACELESS: ReadonlySet<string> = new Set(ANY_NAMESPACELESS_ATTRIBUTE_ELEMENTS);
/** OPTIMIZATION: per element, its own and the global attributes in one set (one look-up per attribute on the common path). */
const OWN_OR_GLOBAL = new Map<string, ReadonlySet<string>>([...OWN].map(([name, own]) => [name, new Set([...own, ...GLOBAL])]));
/** The obsolete attributes per element (reported by the conformance check), as sets. */
const OBSOLETE = new Map<string, ReadonlySet<string>>(Object.entries(OBSOLETE_ELEMENT_ATTRIBUTES).map(([name, list]) => [name, new Set(list)]));
const KNOWN: ReadonlySet<string> = new Set(KNOWN_ELEMENTS);

function obsoleteAttributesOf(name: string): ReadonlySet<string> | null {
  return OBSOLETE.get(name) ?? null;
}

/** https://html.spec.whatwg.org/multipage/dom.html#the-lang-and-xml:lang-attributes */
const XML_LANG_HREF = `${SPEC}dom.html#attr-xml-lang`;
/** https://html.spec.whatwg.org/multipage/dom.html#global-attributes: "the xmlns attribute … only if it has the exact value" */
const XMLNS_HREF = `${SPEC}dom.html#global-attributes`;
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
/** https://html.spec.whatwg.org/multipage/indices.html#attributes-3 */
const INDEX_HREF = `${SPEC}indices.html#attributes-3`;
/** https://html.spec.whatwg.org/multipage/input.html#input-type-attr-summary */
const INPUT_SUMMARY_HREF = `${SPEC}input.html#input-type-attr-summary`;
/** https://html.spec.whatwg.org/multipage/custom-elements.html#autonomous-custom-element */
const CUSTOM_ELEMENT_HREF = `${SPEC}custom-elements.html#autonomous-custom-element`;
/** meta: "Exactly one of the name, http-equiv, charset, and itemprop attributes must be specified." */
const META_EXCLUSIVE = ['name', 'http-equiv', 'charset', 'itemprop'];

/**
 * https://html.spec.whatwg.org/multipage/infrastructure.html#xml-compatible: "matches the Name production in XML
 * and contains no U+003A COLON characters".
 */
export function isXmlCompatibleName(name: string): boolean {
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f) continue;
    if (i > 0 && (c === 0x2d || c === 0x2e || (c >= 0x30 && c <= 0x39) || c === 0xb7)) continue;
    if (c < 0xc0) return false;
    // NameStartChar: [#xC0-#xD6] | [#xD8-#xF6] | [#xF8-#x2FF] | [#x370-#x37D] | [#x37F-#x1FFF] | [#x200C-#x200D] |
    // [#x2070-#x218F] | [#x2C00-#x2FEF] | [#x3001-#xD7FF] | [#xF900-#xFDCF] | [#xFDF0-#xFFFD] | [#x10000-#xEFFFF]
    // (surrogates: a pair is one supplementary character); NameChar adds [#x0300-#x036F] | [#x203F-#x2040].
    const start =
      (c <= 0xd6) || (c >= 0xd8 && c <= 0xf6) || (c >= 0xf8 && c <= 0x2ff) || (c >= 0x370 && c <= 0x37d) || (c >= 0x37f && c <= 0x1fff) ||
      c === 0x200c || c === 0x200d || (c >= 0x2070 && c <= 0x218f) || (c >= 0x2c00 && c <= 0x2fef) || (c >= 0x3001 && c <= 0xd7ff) ||
      (c >= 0xf900 && c <= 0xfdcf) || (c >= 0xfdf0 && c <= 0xfffd) || (c >= 0xd800 && c <= 0xdfff);
    if (start) continue;
    if (i > 0 && ((c >= 0x300 && c <= 0x36f) || c === 0x203f || c === 0x2040)) continue;
    return false;
  }
  return true;
}

/**
 * https://html.spec.whatwg.org/multipage/dom.html#custom-data-attribute: "an attribute in no namespace whose name
 * starts with the string "data-", has at least one character after the hyphen, is XML-compatible, and contains no
 * ASCII upper alphas".
 */
export function isCustomDataAttributeName(name: string): boolean {
  return name.length > 5 && name.startsWith('data-') && isXmlCompatibleName(name) && !/[A-Z]/.test(name);
}

/** An attribute every HTML element may have: global, event handler, data-*, ARIA (aria-* names are checked apart). */
function isGlobal(name: string): boolean {
  return GLOBAL.has(name) || name === 'role' || name.startsWith('aria-') || isCustomDataAttributeName(name);
}

/** Whether the element's attributes are checked here: known conforming HTML elements and autonomous custom elements. */
export function checksAttributesOf(element: ElementShape): boolean {
  return element.namespace === 'html' && (OWN.has(element.name) || (!KNOWN.has(element.name) && isValidCustomElementName(element.name)));
}

/**
 * The attribute names allowed on every HTML element named `name`, whatever its other attributes and its parent (its
 * own and the global ones), when that is all `attributesNotAllowed` asks of them there: null for input, meta, the
 * elements with attributes allowed only under some parents, and elements that are not conforming HTML elements.
 */
export function attributesAlwaysAllowedOn(name: string): ReadonlySet<string> | null {
  if (name === 'input' || name === 'meta' || PARENT_DEPENDENT_ATTRIBUTES[name] !== undefined) return null;
  return OWN_OR_GLOBAL.get(name) ?? null;
}

/**
 * The attributes of `element` that the spec does not allow there, in source
 * order. `inputType`: the input element's type keyword (`inputTypeOf`).
 */
export function attributesNotAllowed(element: ElementShape, inputType: string | undefined): readonly AttributeNotAllowed[] {
  if (element.namespace !== 'html') return NONE;
  const name = element.name;
  const own = OWN.get(name);
  const attributes = element.attributes;
  if (own === undefined) {
    if (attributes.length === 0 || KNOWN.has(name) || !isValidCustomElementName(name)) return NONE;
    const out: AttributeNotAllowed[] = [];
    customElement(element, out);
    return out;
  }
  // OPTIMIZATION: most elements have only attributes that are theirs, global or obsolete (the conformance check's):
  // nothing is allocated for them.
  let i = 0;
  const byParent = PARENT_DEPENDENT_ATTRIBUTES[name];
  const obsolete = obsoleteAttributesOf(name);
  if (name !== 'input' && name !== 'meta' && byParent === undefined) {
    const allowed = OWN_OR_GLOBAL.get(name)!;
    for (; i < attributes.length; i++) {
      const a = attributes[i].name;
      if (!allowed.has(a) && !isGlobal(a) && !(obsolete !== null && obsolete.has(a))) break;
    }
    if (i === attributes.length) return NONE;
  }
  const out: AttributeNotAllowed[] = [];
  const href = ELEMENT_HREFS[name] ?? INDEX_HREF;
  let metaKind: string | null = null;
  for (i = 0; i < attributes.length; i++) {
    const attribute = attributes[i];
    const a = attribute.name;
    if (own.has(a)) {
      if (name === 'input' && inputType !== undefined) {
        const types = INPUT_ATTRIBUTE_TYPES[a];
        if (types !== undefined && !types.includes(inputType)) {
          out.push({
            kind: 'input-type',
            attribute,
            message: `The ${a} attribute is not allowed on <input type=${inputType}>: it is only allowed when the input type is ${list(types)}`,
            href: INPUT_SUMMARY_HREF,
          });
        }
      } else if (name === 'meta' && (META_EXCLUSIVE.includes(a) || a === 'content')) {
        metaKind = meta(element, attribute, metaKind, out);
      } else if (byParent !== undefined) {
        const notHere = parentDependent(element, attribute);
        if (notHere !== null) out.push(notHere);
      }
      continue;
    }
    if (name === 'meta' && a === 'itemprop') {
      metaKind = meta(element, attribute, metaKind, out);
      continue;
    }
    if (isGlobal(a) || (obsolete !== null && obsolete.has(a))) continue;
    if (xmlAttribute(element, attribute, out)) continue;
    if (ANY_NAMESPACELESS.has(name) && isXmlCompatibleName(a)) continue;
    out.push({ kind: 'not-allowed', attribute, message: notAllowedMessage(element, a), href });
  }
  return out;
}

/**
 * An attribute that the element's definition allows only under some parents: li's value "If the element is a child
 * of an ol element" (https://html.spec.whatwg.org/multipage/grouping-content.html#the-li-element), source's "src (in
 * audio or video)" and "srcset (in picture)", sizes, width and height
 * (https://html.spec.whatwg.org/multipage/embedded-content.html#the-source-element). Judged only where the element
 * itself may be (a child of ol, ul or menu; of picture, audio or video): elsewhere the conformance check reports the
 * element, and the attribute is not reported again.
 *
 * DEVIATION: at the top of a template's contents (no parent element) the attributes are not judged. Read literally,
 * an li there is "a child of" no ol; but template contents are written to be inserted elsewhere, and
 * whatwg/html#535 (open) asks that `<template><li value=5>` be conforming. The Nu checker accepts it too.
 */
function parentDependent(element: ElementShape, attribute: AttributeShape): AttributeNotAllowed | null {
  const rule = PARENT_DEPENDENT_ATTRIBUTES[element.name];
  const parents = rule?.attributes[attribute.name];
  const parent = element.parent;
  if (parents === undefined || parent === undefined || parent === null || parent.kind !== 'element' || parent.namespace !== 'html') return null;
  if (!rule.contexts.includes(parent.name) || parents.includes(parent.name)) return null;
  const where = parents.map((p) => `<${p}>`);
  return {
    kind: 'parent',
    attribute,
    message: `The ${attribute.name} attribute is not allowed on <${element.name}> here: it is only allowed when the ${element.name} is a child of ${list(where)}, and this one's parent is <${parent.name}>`,
    href: ELEMENT_HREFS[element.name],
  };
}

/** "a, b or c" */
function list(items: readonly string[]): string {
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function notAllowedMessage(element: ElementShape, a: string): string {
  let message = `The ${a} attribute is not allowed on <${element.name}>: it is neither one of the element's content attributes (listed in its definition) nor a global, data-* or ARIA attribute`;
  return message + frameworkHint(a);
}

/** What would accept a non-HTML attribute: the presets whose patterns match it, else (for a library-style name) custom data. */
function frameworkHint(a: string): string {
  const presets = presetsMatching(a);
  if (presets.length > 0) return `. It looks like a framework attribute: the preset ${presets.map((p) => `"${p.name}" (${p.label})`).join(' or ')} accepts it ("frameworks" in tagtree.json, or the tagtree.frameworks setting)`;
  if (/[-:]/.test(a)) return '. If a library defines it, declare it in its custom data ("customData") or allow it with "allowAttributes"';
  return '';
}

/**
 * https://html.spec.whatwg.org/multipage/semantics.html#the-meta-element: "Exactly one of the name, http-equiv,
 * charset, and itemprop attributes must be specified." and "If either name, http-equiv, or itemprop is specified,
 * then the content attribute must also be specified. Otherwise, it must be omitted." The first of the four decides
 * what the element is; each later one, and a content on a meta that is an encoding declaration, is not allowed.
 */
function meta(element: ElementShape, attribute: AttributeShape, kind: string | null, out: AttributeNotAllowed[]): string | null {
  const href = `${SPEC}semantics.html#the-meta-element`;
  const first = kind ?? element.attributes.find((a) => META_EXCLUSIVE.includes(a.name))?.name ?? '';
  if (attribute.name === 'content') {
    if (first === 'charset') {
      out.push({ kind: 'meta-exclusive', attribute, message: 'The content attribute is not allowed on a <meta charset>: content goes with name, http-equiv or itemprop, and must be omitted otherwise', href });
    }
    return first;
  }
  if (attribute.name !== first) {
    out.push({
      kind: 'meta-exclusive',
      attribute,
      message: `The ${attribute.name} attribute is not allowed on a <meta> that has ${first}: exactly one of name, http-equiv, charset and itemprop must be specified`,
      href,
    });
  }
  return first;
}

/**
 * The XML attributes judged alike on HTML and custom elements: `xmlns`
 * (`xmlns`, `xmlns:*`) and `xml:lang`. Returns whether `attribute` was one.
 */
function xmlAttribute(element: ElementShape, attribute: AttributeShape, out: AttributeNotAllowed[]): boolean {
  const a = attribute.name;
  if (a === 'xmlns' || a.startsWith('xmlns:')) {
    xmlns(element, attribute, out);
    return true;
  }
  if (a === 'xml:lang') {
    xmlLang(element, attribute, out);
    return true;
  }
  return false;
}

/**
 * https://html.spec.whatwg.org/multipage/dom.html#global-attributes: "In HTML documents, the xmlns attribute may be
 * specified on HTML elements ... only if it has the exact value "http://www.w3.org/1999/xhtml""; a namespace
 * declaration (xmlns:prefix) is no attribute HTML defines, and the HTML parser gives it no meaning.
 */
function xmlns(_element: ElementShape, attribute: AttributeShape, out: AttributeNotAllowed[]): void {
  if (attribute.name === 'xmlns') {
    if (attribute.value === XHTML_NAMESPACE) return;
    out.push({
      kind: 'xmlns',
      attribute,
      message: `xmlns=${JSON.stringify(attribute.value)} is not allowed: in HTML, xmlns may only be "${XHTML_NAMESPACE}" (and changes nothing)`,
      href: XMLNS_HREF,
    });
    return;
  }
  out.push({
    kind: 'xmlns',
    attribute,
    message: `The namespace declaration ${attribute.name} is not allowed in HTML: the HTML parser gives prefixes no meaning (RDFa uses the prefix attribute)`,
    href: XMLNS_HREF,
  });
}

/**
 * https://html.spec.whatwg.org/multipage/dom.html#the-lang-and-xml:lang-attributes: "authors may specify an
 * attribute in no namespace with no prefix and with the literal localname "xml:lang" on HTML elements in HTML
 * documents, but such attributes must only be specified if a lang attribute in no namespace is also specified, and
 * both attributes must have the same value when compared in an ASCII case-insensitive manner."
 */
function xmlLang(element: ElementShape, attribute: AttributeShape, out: AttributeNotAllowed[]): void {
  const lang = getAttribute(element, 'lang');
  if (lang !== null && isAsciiCaseInsensitiveMatch(lang.value, attribute.value)) return;
  out.push({
    kind: 'xml-lang',
    attribute,
    message:
      lang === null
        ? `xml:lang is only allowed with a lang attribute of the same value: add lang=${JSON.stringify(attribute.value)} (xml:lang alone sets no language in HTML)`
        : `xml:lang=${JSON.stringify(attribute.value)} must have the same value as lang=${JSON.stringify(lang.value)}`,
    href: XML_LANG_HREF,
  });
}

/**
 * https://html.spec.whatwg.org/multipage/custom-elements.html#autonomous-custom-element: "Global attributes, except
 * the is attribute" and "Any namespace-less attribute that is relevant to the element's functioning ... may be
 * specified on an autonomous custom element, so long as the attribute name is XML-compatible and contains no ASCII
 * upper alphas."
 */
function customElement(element: ElementShape, out: AttributeNotAllowed[]): void {
  for (const attribute of element.attributes) {
    const a = attribute.name;
    if (a === 'is') {
      out.push({ kind: 'not-allowed', attribute, message: `The is attribute is not allowed on the autonomous custom element <${element.name}>: it is for customized built-in elements only`, href: CUSTOM_ELEMENT_HREF });
      continue;
    }
    if (xmlAttribute(element, attribute, out)) continue;
    if (isXmlCompatibleName(a)) continue;
    const message = `The ${a} attribute is not allowed on the autonomous custom element <${element.name}>: its attributes may be any name without a namespace, but the name must be XML-compatible (letters, digits, "-", "_", "."; no ":", "@", "[", "(" or "#")`;
    out.push({ kind: 'not-allowed', attribute, message: message + frameworkHint(a), href: CUSTOM_ELEMENT_HREF });
  }
}
