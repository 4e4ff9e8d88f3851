/**
 * Sets of element kinds the tree construction rules name, declared from each
 * other. A set is indexed by tag key (see tag-id.ts), so membership of an
 * element on the stack of open elements is one array read.
 */
import { ForeignKey, TAG_KEY_COUNT, TagId } from './tag-id';

/** A set of tag keys. */
export type TagSet = Uint8Array;

/** A set of HTML elements (and SVG/MathML keys given as `ForeignKey`s). */
export function tagSet(keys: readonly number[]): TagSet {
  const set = new Uint8Array(TAG_KEY_COUNT);
  for (const key of keys) set[key] = 1;
  return set;
}

/** The keys in a set, ascending. */
export function keysOf(set: TagSet): number[] {
  const keys: number[] = [];
  for (let k = 0; k < set.length; k++) if (set[k] === 1) keys.push(k);
  return keys;
}

/** The union of sets and extra keys. */
export function union(sets: readonly TagSet[], keys: readonly number[] = []): TagSet {
  const set = tagSet(keys);
  for (const other of sets) for (let k = 0; k < TAG_KEY_COUNT; k++) if (other[k] === 1) set[k] = 1;
  return set;
}

/** A set less some keys. */
export function without(base: TagSet, keys: readonly number[]): TagSet {
  const set = union([base]);
  for (const key of keys) set[key] = 0;
  return set;
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-scope
 * "The stack of open elements is said to have a particular element in scope
 * when it has that element in the specific scope consisting of the following
 * element types: applet, caption, html, table, td, th, marquee, object,
 * select, template, MathML mi, MathML mo, MathML mn, MathML ms, MathML mtext,
 * MathML annotation-xml, SVG foreignObject, SVG desc, SVG title." (select is
 * in the list since the relaxed <select> parser, whatwg/html#10557.)
 */
export const DEFAULT_SCOPE = tagSet([
  TagId.Applet, TagId.Caption, TagId.Html, TagId.Table, TagId.Td, TagId.Th, TagId.Marquee, TagId.Object,
  TagId.Select, TagId.Template, ForeignKey.MathMi, ForeignKey.MathMo, ForeignKey.MathMn, ForeignKey.MathMs, ForeignKey.MathMtext,
  ForeignKey.MathAnnotationXml, ForeignKey.SvgForeignObject, ForeignKey.SvgDesc, ForeignKey.SvgTitle,
]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-list-item-scope
 * "... all the element types listed above for the has an element in scope
 * algorithm, plus ol in the HTML namespace and ul in the HTML namespace."
 */
export const LIST_ITEM_SCOPE = union([DEFAULT_SCOPE], [TagId.Ol, TagId.Ul]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-button-scope
 * "... plus button in the HTML namespace."
 */
export const BUTTON_SCOPE = union([DEFAULT_SCOPE], [TagId.Button]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-table-scope
 * "html, table, template, all in the HTML namespace."
 */
export const TABLE_SCOPE = tagSet([TagId.Html, TagId.Table, TagId.Template]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#special
 */
export const SPECIAL = tagSet([
  TagId.Address, TagId.Applet, TagId.Area, TagId.Article, TagId.Aside, TagId.Base, TagId.Basefont, TagId.Bgsound,
  TagId.Blockquote, TagId.Body, TagId.Br, TagId.Button, TagId.Caption, TagId.Center, TagId.Col, TagId.Colgroup,
  TagId.Dd, TagId.Details, TagId.Dir, TagId.Div, TagId.Dl, TagId.Dt, TagId.Embed, TagId.Fieldset, TagId.Figcaption,
  TagId.Figure, TagId.Footer, TagId.Form, TagId.Frame, TagId.Frameset, TagId.H1, TagId.H2, TagId.H3, TagId.H4,
  TagId.H5, TagId.H6, TagId.Head, TagId.Header, TagId.Hgroup, TagId.Hr, TagId.Html, TagId.Iframe, TagId.Img,
  TagId.Input, TagId.Keygen, TagId.Li, TagId.Link, TagId.Listing, TagId.Main, TagId.Marquee, TagId.Menu,
  TagId.Meta, TagId.Nav, TagId.Noembed, TagId.Noframes, TagId.Noscript, TagId.Object, TagId.Ol, TagId.P,
  TagId.Param, TagId.Plaintext, TagId.Pre, TagId.Script, TagId.Search, TagId.Section, TagId.Select, TagId.Source,
  TagId.Style, TagId.Summary, TagId.Table, TagId.Tbody, TagId.Td, TagId.Template, TagId.Textarea, TagId.Tfoot,
  TagId.Th, TagId.Thead, TagId.Title, TagId.Tr, TagId.Track, TagId.Ul, TagId.Wbr, TagId.Xmp,
  ForeignKey.MathMi, ForeignKey.MathMo, ForeignKey.MathMn, ForeignKey.MathMs, ForeignKey.MathMtext,
  ForeignKey.MathAnnotationXml, ForeignKey.SvgForeignObject, ForeignKey.SvgDesc, ForeignKey.SvgTitle,
]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#formatting
 * "a, b, big, code, em, font, i, nobr, s, small, strike, strong, tt, and u"
 */
export const FORMATTING = tagSet([
  TagId.A, TagId.B, TagId.Big, TagId.Code, TagId.Em, TagId.Font, TagId.I, TagId.Nobr, TagId.S, TagId.Small,
  TagId.Strike, TagId.Strong, TagId.Tt, TagId.U,
]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#generate-implied-end-tags
 * "dd, dt, li, optgroup, option, p, rb, rp, rt, rtc"
 */
export const IMPLIED_END_TAGS = tagSet([
  TagId.Dd, TagId.Dt, TagId.Li, TagId.Optgroup, TagId.Option, TagId.P, TagId.Rb, TagId.Rp, TagId.Rt, TagId.Rtc,
]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#generate-all-implied-end-tags-thoroughly
 * "caption, colgroup, dd, dt, li, optgroup, option, p, rb, rp, rt, rtc, tbody,
 * td, tfoot, th, thead, tr"
 */
export const IMPLIED_END_TAGS_THOROUGHLY = union([IMPLIED_END_TAGS], [
  TagId.Caption, TagId.Colgroup, TagId.Tbody, TagId.Td, TagId.Tfoot, TagId.Th, TagId.Thead, TagId.Tr,
]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody
 * The elements that may stay open at the end of the body without a parse
 * error (the EOF, `</body>` and `</html>` entries): "dd, dt, li, optgroup,
 * option, p, rb, rp, rt, rtc, tbody, td, tfoot, th, thead, tr, body, html".
 */
export const MAY_REMAIN_OPEN_AT_END_OF_BODY = union([IMPLIED_END_TAGS], [
  TagId.Tbody, TagId.Td, TagId.Tfoot, TagId.Th, TagId.Thead, TagId.Tr, TagId.Body, TagId.Html,
]);

/** https://html.spec.whatwg.org/multipage/parsing.html#clear-the-stack-back-to-a-table-context */
export const TABLE_CONTEXT = tagSet([TagId.Table, TagId.Template, TagId.Html]);

/** https://html.spec.whatwg.org/multipage/parsing.html#clear-the-stack-back-to-a-table-body-context */
export const TABLE_BODY_CONTEXT = tagSet([TagId.Tbody, TagId.Tfoot, TagId.Thead, TagId.Template, TagId.Html]);

/** https://html.spec.whatwg.org/multipage/parsing.html#clear-the-stack-back-to-a-table-row-context */
export const TABLE_ROW_CONTEXT = tagSet([TagId.Tr, TagId.Template, TagId.Html]);

/** "h1, h2, h3, h4, h5, h6" */
export const HEADINGS = tagSet([TagId.H1, TagId.H2, TagId.H3, TagId.H4, TagId.H5, TagId.H6]);

/** "td, th" */
export const CELLS = tagSet([TagId.Td, TagId.Th]);

/** "tbody, tfoot, thead" */
export const TABLE_SECTIONS = tagSet([TagId.Tbody, TagId.Tfoot, TagId.Thead]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#appropriate-place-for-inserting-a-node
 * "If foster parenting is enabled and target is a table, tbody, tfoot, thead,
 * or tr element".
 */
export const FOSTER_PARENTING_TARGETS = union([TABLE_SECTIONS], [TagId.Table, TagId.Tr]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#mathml-text-integration-point
 */
export const MATHML_TEXT_INTEGRATION_POINTS = tagSet([
  ForeignKey.MathMi, ForeignKey.MathMo, ForeignKey.MathMn, ForeignKey.MathMs, ForeignKey.MathMtext,
]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#html-integration-point
 * The SVG ones; a MathML annotation-xml element is one depending on its
 * `encoding` attribute.
 */
export const SVG_HTML_INTEGRATION_POINTS = tagSet([ForeignKey.SvgForeignObject, ForeignKey.SvgDesc, ForeignKey.SvgTitle]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign
 * The start tags that break out of foreign content: "b, big, blockquote,
 * body, br, center, code, dd, div, dl, dt, em, embed, h1, h2, h3, h4, h5, h6,
 * head, hr, i, img, li, listing, menu, meta, nobr, ol, p, pre, ruby, s,
 * small, span, strong, strike, sub, sup, table, tt, u, ul, var" (and font
 * with a color, face or size attribute).
 */
export const BREAKOUT_START_TAGS = tagSet([
  TagId.B, TagId.Big, TagId.Blockquote, TagId.Body, TagId.Br, TagId.Center, TagId.Code, TagId.Dd, TagId.Div,
  TagId.Dl, TagId.Dt, TagId.Em, TagId.Embed, TagId.H1, TagId.H2, TagId.H3, TagId.H4, TagId.H5, TagId.H6,
  TagId.Head, TagId.Hr, TagId.I, TagId.Img, TagId.Li, TagId.Listing, TagId.Menu, TagId.Meta, TagId.Nobr,
  TagId.Ol, TagId.P, TagId.Pre, TagId.Ruby, TagId.S, TagId.Small, TagId.Span, TagId.Strong, TagId.Strike,
  TagId.Sub, TagId.Sup, TagId.Table, TagId.Tt, TagId.U, TagId.Ul, TagId.Var,
]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#reset-the-insertion-mode-appropriately
 * The elements the reset algorithm stops at; any other element is skipped.
 */
export const RESET_INSERTION_MODE_STOPS = tagSet([
  TagId.Td, TagId.Th, TagId.Tr, TagId.Tbody, TagId.Thead, TagId.Tfoot, TagId.Caption, TagId.Colgroup,
  TagId.Table, TagId.Template, TagId.Head, TagId.Body, TagId.Frameset, TagId.Html,
]);
