/**
 * The rules on one element and the document-level rules of the conformance checks, and their reporting: the base of
 * the walk (checker.ts), which calls them on each element it checks.
 */
import { getAttribute, type AttributeShape, type ChildShape, type ElementShape, type TreeRootShape } from '../attributes/tree-shape';
import { valueSubrange } from '../attributes/check-attributes';
import { frameworkElementHint } from '../attributes/framework-attributes';
import { splitOnAsciiWhitespaceWithPositions } from '../microsyntaxes/infra';
import { CONFORMANCE_CODES, ConformanceCode } from './conformance-codes';
import { checkAttributesNeedingHref, checkConditionalRequired, checkHttpEquiv, checkTimeText, type Reporter } from './conditional-rules';
import { checkTableModel, TableRows } from './table-model';
import { checkDtNames } from './dl-names';
import { checkAttributeAdvice, checkEmptyHeading, isConformingImgBorder } from './element-advice';
import { checkAria } from './aria-rules';
import { ariaScopeOf, explicitRole, type AriaScope } from './aria-model';
import { requiredOwned } from './aria-owned';
import { AriaOwnership } from './aria-owns';
import type { ConformanceDiagnostic, ConformanceFindings } from './findings';
import { ARIA_ABSTRACT_ROLE_SET, ARIA_ATTRIBUTE_SET, ARIA_ROLE_SET } from './element-table';
import { attributeRange, hasStartTag, isInterElementWhitespace, optionValue, related, SPEC, startTagStartOf, trimmedTextRange, type Range, type TextLike } from './node-reading';
import {
  ATTRIBUTE_ARIA,
  ATTRIBUTE_OBSOLETE,
  RULE_AREA,
  RULE_BASE,
  RULE_BDO,
  RULE_DL,
  RULE_IMG,
  RULE_LINK,
  RULE_MAIN,
  RULE_META,
  RULE_SELECT,
  RULE_TABLE,
  RULE_TIME,
  type EntryFacts,
  type Frame,
} from './walk-frames';

/** The meta attributes that need content (`checkMeta`), in the order the message names the first found. */
const META_NAMED = ['name', 'http-equiv', 'itemprop'];

/** https://html.spec.whatwg.org/multipage/obsolete.html#non-conforming-features */
const NON_CONFORMING_FEATURES = `${SPEC}obsolete.html#non-conforming-features`;


/**
 * Per element and attribute name, the message of an obsolete attribute. OPTIMIZATION: made once (a legacy page reports
 * tens of thousands: the 7 MB page 24,477), not built and then looked up in `messages` each time; kept for every check
 * (the names are the element table's obsolete attributes: a bounded set).
 */
const OBSOLETE_MESSAGES = new Map<string, Map<string, string>>();

export class ElementRules {
  /** Visible main elements, in tree order. */
  private readonly mains: ElementShape[] = [];
  /** While set, nothing is reported (a re-check walking down to the part it re-checks). */
  silent = false;
  /** Set when a main element was checked (a re-check of part of a document cannot judge mains). */
  sawMain = false;
  /** The document's tables' rows kept between checks: the previous findings' in a re-check, new in a full check. */
  readonly tableRows: TableRows;
  /** aria-owns (aria-owns.ts): what the ARIA rules hand over, judged after a full check's walk. */
  readonly ownership: AriaOwnership;

  constructor(
    private readonly out: ConformanceDiagnostic[],
    /** For a re-check: the previous findings, moved, and the reparsed region. */
    protected readonly recheck: { readonly previous: ConformanceFindings; readonly region: Range } | null,
  ) {
    this.tableRows = recheck !== null ? recheck.previous.tableRows : new TableRows();
    this.ownership = new AriaOwnership(recheck !== null ? recheck.previous.owns : null);
  }

  /**
   * One string per distinct message: a legacy page repeats a few messages
   * tens of thousands of times ("The align attribute on <td> is obsolete…"),
   * each built anew, and the findings are kept for as long as the document
   * is open (the 7 MB page: 24,477 obsolete attributes).
   */
  private readonly messages = new Map<string, string>();

  protected report(code: ConformanceCode, range: Range, message: string, href?: string, related?: ConformanceDiagnostic['related']): void {
    if (this.silent) return;
    const info = CONFORMANCE_CODES[code];
    let shared = this.messages.get(message);
    if (shared === undefined) this.messages.set(message, (shared = message));
    const d: ConformanceDiagnostic = { code, severity: info.severity, start: range.start, end: range.end, message: shared, href: href ?? info.href };
    if (related !== undefined && related.length > 0) d.related = related;
    this.out.push(d);
  }

  protected parentRelated(parent: ElementShape, message?: string): ConformanceDiagnostic['related'] {
    const tag = parent.startTag;
    if (tag === null) return undefined;
    return [{ start: tag.start, end: tag.end, message: message ?? `The parent <${parent.name}>` }];
  }

  // -------------------------------------------------------------------------
  // Rules on one element
  // -------------------------------------------------------------------------

  /** `attributeBits`: any of its attributes' `ATTRIBUTE_*` bits (walk-frames.ts `attributeBitsOf`); all set when unknown. */
  protected elementRules(frame: Frame, element: ElementShape, facts: EntryFacts | undefined, custom: boolean, attributeBits: number): void {
    const entry = facts?.entry;
    const obsoleteAttributes = facts !== undefined ? facts.obsoleteAttributes : null;
    if (entry === undefined) {
      if (!custom) {
        this.report(
          ConformanceCode.UnknownElement,
          element.startTag!,
          `<${element.name}> is not an HTML element: check the spelling; an autonomous custom element's name must contain a hyphen${frameworkElementHint(element.name)}`,
        );
      }
    } else if (entry.obsolete !== undefined) {
      this.report(ConformanceCode.ObsoleteElement, element.startTag!, `<${element.name}> is obsolete: ${entry.obsolete}`, entry.href);
    } else if (entry.ancestor !== undefined && !(entry.ancestor === 'map' && frame.inMap)) {
      this.report(ConformanceCode.MissingAncestor, element.startTag!, `<${element.name}> must be inside a <${entry.ancestor}>`, entry.href);
    }

    const attributes = element.attributes;
    /** Whether it has a role or an aria-* attribute (then the ARIA rules run). */
    let aria = false;
    // OPTIMIZATION: read only when an attribute is obsolete, role or aria-* (`attributeBits`).
    if ((attributeBits & (ATTRIBUTE_OBSOLETE | ATTRIBUTE_ARIA)) !== 0) for (let i = 0; i < attributes.length; i++) {
      const attribute = attributes[i];
      const name = attribute.name;
      if (obsoleteAttributes !== null && obsoleteAttributes.has(name) && !isConformingImgBorder(element, name)) {
        this.report(ConformanceCode.ObsoleteAttribute, attribute, this.obsoleteAttributeMessage(element.name, name), NON_CONFORMING_FEATURES);
      } else if (name === 'role') {
        aria = true;
        this.checkRole(element, attribute);
      } else if (name.startsWith('aria-')) {
        aria = true;
        if (!ARIA_ATTRIBUTE_SET.has(name)) {
          this.report(
            ConformanceCode.UnknownAriaAttribute,
            attributeRange(attribute),
            `${name} is not a WAI-ARIA state or property: check the spelling`,
            'https://w3c.github.io/aria/#state_prop_def',
          );
        }
      }
    }

    if (entry === undefined || entry.obsolete !== undefined) return;
    switch (facts!.rule) {
      case RULE_IMG:
        this.checkImg(frame, element);
        break;
      case RULE_AREA:
        if (getAttribute(element, 'href') !== null && getAttribute(element, 'alt') === null) {
          this.missingAttribute(element, 'alt', 'an area with an href must have alt text', `${SPEC}image-maps.html#attr-area-alt`);
        }
        break;
      case RULE_LINK:
        // https://html.spec.whatwg.org/multipage/semantics.html#the-link-element
        if (getAttribute(element, 'rel') === null && getAttribute(element, 'itemprop') === null) {
          this.missingAttribute(element, 'rel', 'a link element must have either a rel attribute or an itemprop attribute', `${SPEC}semantics.html#attr-link-rel`);
        }
        if (getAttribute(element, 'href') === null && getAttribute(element, 'imagesrcset') === null) {
          this.missingAttribute(element, 'href', 'a link element must have an href or imagesrcset attribute', `${SPEC}semantics.html#attr-link-href`);
        }
        break;
      case RULE_META:
        this.checkMeta(element);
        checkHttpEquiv(element, this.reporter);
        break;
      case RULE_BASE:
        // https://html.spec.whatwg.org/multipage/semantics.html#the-base-element: "must have either an href attribute, a target attribute, or both".
        if (getAttribute(element, 'href') === null && getAttribute(element, 'target') === null) {
          this.missingAttribute(element, 'href', 'a base element must have an href attribute, a target attribute, or both', entry.href);
        }
        break;
      case RULE_BDO:
        // https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-bdo-element: "must specify the dir attribute".
        if (getAttribute(element, 'dir') === null) this.missingAttribute(element, 'dir', 'a bdo element must have a dir attribute', entry.href);
        break;
      case RULE_MAIN:
        this.checkMain(frame, element);
        break;
      case RULE_SELECT:
        this.checkSelect(element);
        break;
      case RULE_TABLE:
        checkTableModel(element, this.reporter, this.tableRows);
        break;
      case RULE_DL:
        checkDtNames(element, this.reporter);
        break;
      case RULE_TIME:
        checkTimeText(element, this.reporter);
        break;
    }
    // OPTIMIZATION: only the elements these rules are about (most elements are none of them: `EntryFacts.ruled`).
    if (facts!.ruled) {
      if (element.name === 'input' || element.name === 'object') this.conditionalRequired(element);
      checkAttributesNeedingHref(element, this.reporter);
      checkAttributeAdvice(element, this.reporter);
      if (facts!.heading !== 0) checkEmptyHeading(element, this.reporter);
    }
    // ARIA in HTML and WAI-ARIA (aria-rules.ts): roles, aria-* attributes, redundant roles.
    if (aria) checkAria(element, frame.element, ariaScopeOf(frame, this.onPath), this.reporter, frame.inTemplate ? null : this.ownership);
  }

  /**
   * For a re-check walking down through `element` (a child of `frame`'s element) without judging it: a copy of the
   * ARIA scope it is in when WAI-ARIA 1.2's required owned elements may apply to it, for its finding to be made again
   * after the walk (aria-rules.ts `recheckOwned`); else null.
   */
  ownedScopeOnPath(frame: Frame, element: ElementShape): AriaScope | null {
    if (element.namespace !== 'html' || element.attributes.length === 0 || element.cloneOf !== null || !hasStartTag(element)) return null;
    const explicit = explicitRole(element);
    if (explicit === null || requiredOwned(explicit) === undefined) return null;
    const s = ariaScopeOf(frame, this.onPath);
    return { ariaAncestors: s.ariaAncestors, ariaTable: s.ariaTable, ariaParentList: s.ariaParentList, ariaBusy: s.ariaBusy };
  }

  /** The frame at `depth` on the walk's current path (the walk's). */
  protected frameOnPath(depth: number): Frame {
    throw new Error(`no frame at depth ${depth}`);
  }

  private readonly onPath = (depth: number): Frame => this.frameOnPath(depth);

  private obsoleteAttributeMessage(element: string, attribute: string): string {
    let byAttribute = OBSOLETE_MESSAGES.get(element);
    if (byAttribute === undefined) OBSOLETE_MESSAGES.set(element, (byAttribute = new Map()));
    let message = byAttribute.get(attribute);
    if (message === undefined) {
      message = `The ${attribute} attribute on <${element}> is obsolete: use CSS or the element's current attributes instead`;
      byAttribute.set(attribute, message);
    }
    return message;
  }

  /** `report` for the rules of other files. */
  readonly reporter: Reporter = (code, range, message, href, related) => this.report(code, range, message, href, related);

  /**
   * `checkConditionalRequired`. OPTIMIZATION: a method of its own, so that `elementRules` makes no closure over the
   * element (V8 would allocate its context on every call, for every element).
   */
  private conditionalRequired(element: ElementShape): void {
    checkConditionalRequired(element, (name, rule, href) => this.missingAttribute(element, name, rule, href));
  }

  private missingAttribute(element: ElementShape, name: string, rule: string, href: string): void {
    this.report(ConformanceCode.MissingRequiredAttribute, element.startTag!, `<${element.name}> is missing the ${name} attribute: ${rule}`, href);
  }

  /** https://html.spec.whatwg.org/multipage/embedded-content.html#the-img-element */
  private checkImg(frame: Frame, element: ElementShape): void {
    // "The src attribute must be present."
    if (getAttribute(element, 'src') === null) {
      this.missingAttribute(element, 'src', 'an img element must have a src attribute', `${SPEC}embedded-content.html#attr-img-src`);
    }
    if (getAttribute(element, 'alt') !== null) return;
    // https://html.spec.whatwg.org/multipage/images.html#unknown-images: alt may be omitted in a figure with a
    // figcaption, or with the generator-unable-to-provide-required-alt attribute.
    if (getAttribute(element, 'generator-unable-to-provide-required-alt') !== null) return;
    if (frame.figure !== null && frame.figure.children.some((c) => c.kind === 'element' && (c as ElementShape).name === 'figcaption')) return;
    this.report(
      ConformanceCode.MissingAlt,
      element.startTag!,
      '<img> is missing the alt attribute: give the image a text alternative, or alt="" when it is decorative',
      `${SPEC}images.html#alt`,
    );
  }

  /** https://html.spec.whatwg.org/multipage/semantics.html#the-meta-element */
  private checkMeta(element: ElementShape): void {
    let named: string | undefined;
    for (const n of META_NAMED) {
      if (getAttribute(element, n) !== null) {
        named = n;
        break;
      }
    }
    // "If either name, http-equiv, or itemprop is specified, then the content attribute must also be specified."
    if (named !== undefined) {
      if (getAttribute(element, 'content') === null) {
        this.missingAttribute(element, 'content', `a meta element with ${named} must have a content attribute`, `${SPEC}semantics.html#attr-meta-content`);
      }
      return;
    }
    // "Exactly one of the name, http-equiv, charset, and itemprop attributes must be specified."
    // DEVIATION: a meta with RDFa's property attribute (Open Graph) is not reported, as the Nu checker does not report it.
    if (getAttribute(element, 'charset') === null && getAttribute(element, 'property') === null) {
      this.missingAttribute(element, 'name', 'a meta element must have exactly one of name, http-equiv, charset and itemprop', `${SPEC}semantics.html#the-meta-element`);
    }
  }

  /** The headings met, in tree order: their start tags' starts and levels (a full check). */
  readonly headingStarts: number[] = [];
  readonly headingLevels: number[] = [];
  /** Set when an element with headingoffset or headingreset was met. */
  sawHeadingOffsets = false;
  /** A re-check: set when a heading it judged is not in the previous outline with the same level. */
  outlineChanged = false;
  /** A re-check: the headings it judged whose start tag starts in the region. */
  headingsInRegion = 0;

  /**
   * https://html.spec.whatwg.org/multipage/sections.html#headings-and-outlines: "Each heading following another
   * heading lead in the outline must have a heading level that is less than, equal to, or 1 greater than lead's
   * heading level." A re-check reads the level of the heading before from the previous outline.
   */
  protected heading(element: ElementShape, level: number): void {
    const start = startTagStartOf(element);
    let previous: number;
    if (this.recheck === null) {
      const n = this.headingLevels.length;
      previous = n === 0 ? 0 : this.headingLevels[n - 1];
      this.headingStarts.push(start);
      this.headingLevels.push(level);
    } else {
      const outline = this.recheck.previous.outline;
      const i = outline.indexOf(start);
      if (i < 0 || outline.levels[i] !== level) {
        this.outlineChanged = true;
        return;
      }
      if (start >= this.recheck.region.start && start <= this.recheck.region.end) this.headingsInRegion++;
      previous = i === 0 ? 0 : outline.levels[i - 1];
    }
    if (previous === 0 || level <= previous + 1) return;
    const skipped = level - previous - 1;
    this.report(
      ConformanceCode.HeadingLevelSkipped,
      element.startTag!,
      `<${element.name}> (level ${level}) follows a heading of level ${previous}, skipping ${skipped} level${skipped === 1 ? '' : 's'}: a heading may be at most one level deeper than the one before it`,
    );
  }

  /** https://html.spec.whatwg.org/multipage/grouping-content.html#the-main-element */
  private checkMain(frame: Frame, element: ElementShape): void {
    this.sawMain = true;
    if (!frame.mainAllowed) {
      const parent = frame.element;
      this.report(
        ConformanceCode.MisplacedMain,
        element.startTag!,
        `<main> must not be inside <${parent?.name ?? 'this element'}>: a main element's ancestors must be only html, body, div, form and autonomous custom elements`,
        `${SPEC}grouping-content.html#hierarchically-correct-main-element`,
        parent !== null ? this.parentRelated(parent) : undefined,
      );
    }
    // "A document must not have more than one main element that does not have the hidden attribute specified."
    if (getAttribute(element, 'hidden') !== null) return;
    this.mains.push(element);
    if (this.mains.length === 2) {
      const first = this.mains[0];
      this.report(
        ConformanceCode.DuplicateMain,
        element.startTag!,
        'A second visible <main>: a document must not have more than one main element without the hidden attribute',
        undefined,
        first.startTag !== null ? [related(first.startTag, 'The first visible <main>')] : undefined,
      );
    }
  }

  /** https://html.spec.whatwg.org/multipage/form-elements.html#placeholder-label-option */
  private checkSelect(element: ElementShape): void {
    if (getAttribute(element, 'required') === null || getAttribute(element, 'multiple') !== null) return;
    const size = getAttribute(element, 'size');
    // "has a display size of 1": a size attribute, read as a non-negative integer, of 1 or less (or absent).
    if (size !== null) {
      const m = /^[\t\n\f\r ]*\+?(\d+)/.exec(size.value);
      if (m !== null && Number(m[1]) > 1) return;
    }
    // The first option in the list of options: option children, and option children of optgroup children.
    let first: ElementShape | null = null;
    let inGroup = false;
    for (const child of element.children) {
      if (child.kind !== 'element') continue;
      const c = child as ElementShape;
      if (c.namespace !== 'html') continue;
      if (c.name === 'option') first = c;
      else if (c.name === 'optgroup') {
        for (const g of c.children) {
          if (g.kind === 'element' && (g as ElementShape).name === 'option') {
            first = g as ElementShape;
            inGroup = true;
            break;
          }
        }
      }
      if (first !== null) break;
    }
    if (first === null) return;
    if (!inGroup && optionValue(first) === '') return;
    this.report(
      ConformanceCode.SelectMissingPlaceholder,
      element.startTag!,
      '<select required> needs a placeholder: its first option must have an empty value (value="") and be a child of the select, or give the select a multiple attribute or a size greater than 1',
      `${SPEC}form-elements.html#placeholder-label-option`,
      first.startTag !== null ? [related(first.startTag, 'The first option')] : undefined,
    );
  }

  /** https://w3c.github.io/aria/#host_general_role: each token of role must be a non-abstract role. */
  private checkRole(element: ElementShape, attribute: AttributeShape): void {
    const tokens = splitOnAsciiWhitespaceWithPositions(attribute.value);
    if (tokens.length === 0) {
      this.report(ConformanceCode.InvalidRole, attributeRange(attribute), `role on <${element.name}> is empty: give a WAI-ARIA role or remove the attribute`, 'https://w3c.github.io/aria/#role_definitions');
      return;
    }
    for (const token of tokens) {
      const role = token.value.toLowerCase();
      if (ARIA_ROLE_SET.has(role)) continue;
      const range = valueSubrange(attribute, token.start, token.value.length);
      const why = ARIA_ABSTRACT_ROLE_SET.has(role) ? 'is an abstract role, which authors must not use' : 'is not a WAI-ARIA role';
      this.report(ConformanceCode.InvalidRole, range, `role "${token.value}" on <${element.name}> ${why}`, 'https://w3c.github.io/aria/#role_definitions');
    }
  }

  // -------------------------------------------------------------------------
  // Document-level rules
  // -------------------------------------------------------------------------

  /**
   * https://html.spec.whatwg.org/multipage/semantics.html#the-html-element: "Authors are encouraged to specify a lang
   * attribute on the root html element, giving the document's language." An html element without a start tag
   * (element-advice.ts judges the others) has no lang unless a later `<html lang>` tag gave it one; the finding goes
   * where the document's content begins: the first start tag, or the start of the first text.
   */
  private impliedHtmlLang(html: ElementShape): void {
    if (getAttribute(html, 'lang') !== null) return;
    const where = firstContent(html);
    if (where === null) return;
    this.report(ConformanceCode.MissingHtmlLang, where, 'The document has no lang attribute on <html> (here its start tag is left out): write <html lang="en"> (the document\'s language), for screen readers, translation and hyphenation');
  }

  /** https://html.spec.whatwg.org/multipage/semantics.html#the-head-element: "of which exactly one is a title element". */
  documentRules(root: TreeRootShape): void {
    const html = root.children.find((c) => c.kind === 'element' && (c as ElementShape).name === 'html' && (c as ElementShape).namespace === 'html') as ElementShape | undefined;
    if (html === undefined) return;
    if (html.startTag === null) this.impliedHtmlLang(html);
    const head = html.children.find((c) => c.kind === 'element' && (c as ElementShape).name === 'head') as ElementShape | undefined;
    if (head === undefined) return;
    const titles = head.children.filter((c) => c.kind === 'element' && (c as ElementShape).name === 'title' && (c as ElementShape).namespace === 'html') as ElementShape[];
    if (titles.length === 0) {
      const where = head.startTag ?? html.startTag ?? firstStartTagAfter(html, head) ?? { start: 0, end: 0 };
      this.report(
        ConformanceCode.MissingTitle,
        where,
        'The document has no <title>: its head must contain exactly one title element (unless it is an iframe srcdoc document)',
      );
      return;
    }
    for (let i = 1; i < titles.length; i++) {
      const tag = titles[i].startTag;
      if (tag === null) continue;
      this.report(ConformanceCode.DuplicateTitle, tag, 'A second <title>: the head must contain exactly one title element', undefined, titles[0].startTag !== null ? [related(titles[0].startTag!, 'The first <title>')] : undefined);
    }
  }
}

/**
 * Where a head whose start tag and html's are both implied ends: the first start tag after it (the body's, else the
 * first element's that implied the body), found by going down first element children; null when there is none.
 */
function firstStartTagAfter(html: ElementShape, head: ElementShape): Range | null {
  const children = html.children;
  let node: ElementShape | undefined;
  for (let i = children.indexOf(head) + 1; i < children.length && node === undefined; i++) if (children[i].kind === 'element') node = children[i] as ElementShape;
  while (node !== undefined) {
    if (node.startTag !== null) return node.startTag;
    node = node.children.find((c) => c.kind === 'element') as ElementShape | undefined;
  }
  return null;
}

/**
 * Where the content of an html element without a start tag begins: the first start tag in tree order, or the first
 * characters (at most 80) of a text before it; null when there is neither.
 */
function firstContent(html: ElementShape): Range | null {
  const stack: ChildShape[] = [html];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'text') {
      const text = node as unknown as TextLike;
      if (isInterElementWhitespace(text.data)) continue;
      return trimmedTextRange(text);
    }
    if (node.kind !== 'element') continue;
    const element = node as ElementShape;
    if (element.startTag !== null && element !== html) return element.startTag;
    for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i]);
  }
  return null;
}
