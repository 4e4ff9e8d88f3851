/**
 * Every class of message the Nu Html Checker (vnu) gives on the corpus, for
 * the per-class comparison (conformance-vnu-corpus.ts): the pattern of its
 * message, whether vnu gives it as an error or a warning, TagTree's codes
 * that report the same problem (conformance, attribute, parse and encoding
 * codes), and, where TagTree reports nothing in that class, why: a vnu
 * deviation with the spec's rule, or a TagTree gap.
 *
 * A message matched by no class is counted under "other" with its text, so
 * that a new class shows in the table rather than disappearing.
 */

import { ARIA_VNU_ERROR_CLASSES, ARIA_VNU_WARNING_CLASSES } from './conformance-vnu-aria';

export interface VnuClassDef {
  readonly name: string;
  readonly pattern: RegExp;
  /** TagTree's codes that report the same problem. */
  readonly codes: readonly string[];
  /**
   * Set when the class is left out of the targets: a vnu deviation (the spec's rule quoted), or advice the spec
   * does not give. The strict list: a class with a reason that TagTree matches after all fails the corpus run.
   */
  readonly deviation?: string;
  /** Set when TagTree does not check the class yet: what is missing. */
  readonly gap?: string;
}

const PARSE = ['unexpected-start-tag', 'unexpected-end-tag', 'stray-end-tag', 'misnested-end-tag', 'unclosed-element', 'eof-with-unclosed-element', 'misnested-formatting-element'];

/**
 * vnu's "Element "a" is missing required attribute "href"" on an a with target, download, rel… and no href, which the
 * spec forbids ("must be omitted if the href attribute is not present"): where TagTree reports attribute-needs-href
 * at that element, the message is counted here rather than as vnu's deviation below.
 */
export const NEEDS_HREF_CLASS: VnuClassDef = { name: 'attribute needs href', pattern: /^Element “(a|area)” is missing required attribute “href”/, codes: ['attribute-needs-href'] };

/** vnu's errors (type "error"). */
export const VNU_ERROR_CLASSES: readonly VnuClassDef[] = [
  ...ARIA_VNU_ERROR_CLASSES,
  // DEVIATION (vnu): the spec requires no attribute on a ("If the a element has no href attribute, then the element
  // represents a placeholder link"); vnu asks for href on an a with the obsolete name attribute.
  {
    name: 'vnu: a without href',
    pattern: /^Element “a” is missing required attribute “href”/,
    codes: [],
    deviation: 'https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-a-element: "If the a element has no href attribute, then the element represents a placeholder link"; the obsolete name attribute is reported as obsolete, once',
  },
  { name: 'obsolete element', pattern: /^The “[^”]*” element is obsolete\./, codes: ['obsolete-element'] },
  { name: 'unknown element', pattern: /completely-unknown element/, codes: ['unknown-element', 'obsolete-element'] },
  { name: 'text not allowed', pattern: /^Text not allowed in element/, codes: ['text-not-allowed'] },
  { name: 'missing ancestor', pattern: /must have an ancestor/, codes: ['missing-ancestor'] },
  {
    name: 'element not allowed',
    pattern: /not allowed as child of element|is missing a required child element\.$/,
    codes: ['element-not-allowed', 'forbidden-descendant', 'unknown-element', 'missing-ancestor', 'misplaced-main', 'obsolete-element', 'duplicate-title', 'invalid-time-text'],
  },
  { name: 'forbidden descendant', pattern: /must not appear as a descendant of/, codes: ['forbidden-descendant', 'misplaced-main', 'element-not-allowed'] },
  { name: 'metadata in body', pattern: /is missing one or more of the following attributes: “itemprop”/, codes: ['element-not-allowed', 'missing-required-attribute'] },
  { name: 'img alt', pattern: /must have an “alt” attribute/, codes: ['missing-alt'] },
  {
    name: 'required attribute',
    pattern: /is missing required attribute|is missing one or more of the following attributes|must have either an “href”|must have an “href”|must have either “rel”|A “link” element must have|must have a “dir” attribute/,
    codes: ['missing-required-attribute', 'missing-alt'],
  },
  { name: 'title', pattern: /missing a required instance of child element “title”/, codes: ['missing-title'] },
  { name: 'required child', pattern: /missing a required instance of child element|must not be empty/, codes: ['missing-required-child', 'element-not-allowed'] },
  { name: 'main', pattern: /more than one visible “main”/, codes: ['duplicate-main'] },
  { name: 'label', pattern: /may contain at most one/, codes: ['label-multiple-controls'] },
  { name: 'select placeholder', pattern: /first child “option” element of a “select” element with a “required” attribute/, codes: ['select-missing-placeholder'] },
  { name: 'heading levels', pattern: /^The heading “h\d” \(with computed level \d+\) follows the heading/, codes: ['heading-level-skipped'] },
  { name: 'xmlns', pattern: /for the attribute “xmlns” \(only “http:\/\/www\.w3\.org\/1999\/xhtml” permitted here\)|^Attribute “xmlns:[^”]*” not allowed/, codes: ['xmlns-attribute', 'attribute-not-allowed', 'invalid-attribute-value'] },
  { name: 'attribute not allowed', pattern: /^Attribute “[^”]*” not allowed (on element|here)/, codes: ['attribute-not-allowed', 'obsolete-attribute'] },
  { name: 'xml:lang without lang', pattern: /When the attribute “xml:lang” in no namespace is specified/, codes: ['xml-lang-without-lang', 'attribute-not-allowed'] },
  { name: 'meta content value', pattern: /^Bad value “[^”]*” for attribute “content” on element “meta”|“http-equiv” attribute whose value is “X-UA-Compatible”/, codes: ['invalid-http-equiv', 'invalid-attribute-value', 'non-utf8-encoding-declaration'] },
  { name: 'time text', pattern: /^The text content of element “time” was not in the required format/, codes: ['invalid-time-text'] },
  { name: 'charset and content-type', pattern: /must not include both a “meta” element with an “http-equiv” attribute whose value is “content-type”/, codes: ['multiple-encoding-declarations', 'duplicate-encoding-declaration'] },
  { name: 'encoding declaration', pattern: /^Internal encoding declaration|legacy encoding declaration|encoding declaration/, codes: ['encoding-declaration-mismatch', 'non-utf8-encoding-declaration', 'unknown-encoding-label', 'late-encoding-declaration', 'multiple-encoding-declarations', 'invalid-http-equiv', 'invalid-attribute-value'] },
  { name: 'duplicate id', pattern: /^Duplicate ID/, codes: ['duplicate-id'] },
  // Attribute values (the attribute checks' invalid-attribute-value).
  { name: 'attribute value', pattern: /^Bad value “[^”]*” for (the )?attribute/, codes: ['invalid-attribute-value', 'boolean-attribute-false', 'invalid-role', 'id-reference-not-found'] },
  {
    name: 'table model',
    pattern: /^Table columns? (\d+ |in range \d+…\d+ )?established by element “[^”]*” ha(s|ve) no cells beginning in (it|them)|^Table cell is overlapped by later table cell|^Table cell overlaps an earlier table cell|^Table cell spans past the end of its row group|^Row \d+ of a row group established by/,
    codes: ['table-model-error'],
  },
  // Parse errors: the tree construction's and the tokenizer's.
  { name: 'parse: doctype', pattern: /doctype|DOCTYPE/, codes: ['missing-doctype', 'non-conforming-doctype', 'unexpected-doctype'] },
  { name: 'parse: unclosed element', pattern: /^Unclosed element|^End tag “[^”]*” seen, but there were open elements|^End of file seen and there were open elements|^End tag for +“[^”]*” seen, but there were unclosed elements|^End tag “[^”]*” violates nesting rules/, codes: PARSE },
  { name: 'parse: stray end tag', pattern: /^Stray end tag|^No “[^”]*” element in scope but a “[^”]*” end tag seen|^End tag “[^”]*”\.$/, codes: [...PARSE, 'stray-p-end-tag', 'end-tag-br'] },
  // "Start tag “p” seen in “table”": the spec's parse error for content foster parented out of a table (content-in-table).
  { name: 'parse: start tag', pattern: /^Start tag “[^”]*” seen (but an element of the same type was already open|in “)/, codes: [...PARSE, 'content-in-table', 'nested-anchor', 'nested-nobr', 'nested-heading', 'nested-form', 'nested-button', 'nested-table', 'misplaced-head-content', 'misplaced-body-start-tag', 'misplaced-html-start-tag'] },
  { name: 'parse: XML processing instruction', pattern: /XML processing instruction/, codes: ['disallowed-processing-instruction-target', 'unexpected-question-mark-instead-of-tag-name'] },
  { name: 'parse: character references and text', pattern: /^Bad character|^Named character reference|^Saw “[^”]*” (but|without)|^Text after|^Character reference|^“&” did not start/, codes: ['missing-semicolon-after-character-reference', 'unknown-named-character-reference', 'invalid-first-character-of-tag-name', 'unexpected-character-in-attribute-name', 'unexpected-character-in-unquoted-attribute-value', 'missing-whitespace-between-attributes', 'unexpected-solidus-in-tag', 'eof-in-tag'] },
  { name: 'css', pattern: /^CSS:/, codes: [], gap: 'CSS in style attributes and elements is not checked (https://html.spec.whatwg.org/multipage/dom.html#the-style-attribute: "must be … the contents of a CSS declaration block")' },
  { name: 'vnu: fatal', pattern: /^Cannot recover after last error/, codes: [], deviation: 'vnu gives up on the rest of the document; not a finding' },
];

/** vnu's warnings (type "info", subType "warning"). */
export const VNU_WARNING_CLASSES: readonly VnuClassDef[] = [
  ...ARIA_VNU_WARNING_CLASSES,
  // The spec lists obsolete attributes as non-conforming ("must not be used"): TagTree reports them as errors.
  { name: 'obsolete attribute', pattern: /^The “[^”]*” attribute on the “[^”]*” element is obsolete/, codes: ['obsolete-attribute', 'obsolete-but-conforming'] },
  { name: 'script type', pattern: /^The “type” attribute is unnecessary for JavaScript resources/, codes: ['redundant-script-type'] },
  { name: 'html lang', pattern: /^Consider adding a “lang” attribute to the “html” start tag/, codes: ['missing-html-lang'] },
  {
    name: 'vnu: language detection',
    pattern: /^This document appears to be written in/,
    codes: [],
    deviation: 'a guess from the text\'s language; the spec asks for lang only where a language is known ("Authors are encouraged to specify a lang attribute on the root html element")',
  },
  { name: 'empty heading', pattern: /^Empty heading/, codes: ['empty-heading'] },
  {
    name: 'vnu: no h1',
    pattern: /has heading elements but none of them has a computed heading level of 1/,
    codes: [],
    deviation: 'https://html.spec.whatwg.org/multipage/sections.html#headings-and-outlines gives no rule that a document have a heading of level 1 (its examples start at any level)',
  },
  {
    name: 'vnu: section lacks heading',
    pattern: /^Section lacks heading/,
    codes: [],
    deviation: 'the spec gives no rule that a section have a heading (https://html.spec.whatwg.org/multipage/sections.html#the-section-element: "generally" has one); vnu\'s advice',
  },
  {
    name: 'vnu: article lacks heading',
    pattern: /^Article lacks heading/,
    codes: [],
    deviation: 'the spec gives no rule that an article have a heading; vnu\'s advice',
  },
  { name: 'attribute not needed', pattern: /attribute for the “[^”]*” element is not needed and should be omitted|attribute is unnecessary for/, codes: ['obsolete-but-conforming', 'redundant-script-type'] },
  {
    name: 'vnu: table row widths',
    pattern: /^A table row was \d+ columns wide/,
    codes: [],
    deviation: 'the table model (https://html.spec.whatwg.org/multipage/tables.html#table-model-error) makes no rule that rows be as wide as the first; vnu\'s advice',
  },
  { name: 'duplicate id (first)', pattern: /^The first occurrence of ID/, codes: [], deviation: 'the second half of vnu\'s duplicate-ID error (TagTree gives it as the related location of duplicate-id)' },
  // grouping-content.html#the-dl-element: "there should not be more than one dt element for each name" (on the dl).
  { name: 'duplicate dt name', pattern: /^Duplicate “dt” name “[^”]*” in “dl” element/, codes: ['duplicate-dt-name'] },
  {
    name: 'vnu: duplicate name in map or form',
    pattern: /^Duplicate “[^”]*” name “[^”]*” in “[^”]*” element/,
    codes: [],
    gap: 'duplicate names among a form\'s controls of the same kind are not checked',
  },
  { name: 'viewport zoom', pattern: /^Consider avoiding viewport values/, codes: ['viewport-disables-zoom'] },
  { name: 'charset', pattern: /charset|encoding/i, codes: ['late-encoding-declaration', 'encoding-declaration-mismatch', 'non-utf8-encoding-declaration'] },
];
