/**
 * https://html.spec.whatwg.org/multipage/parsing.html#insertion-mode
 *
 * The "in select" and "in select in table" modes are gone from the standard
 * since the relaxed `<select>` parser (whatwg/html#10557): select, option and
 * optgroup are handled in "in body".
 */
export const enum InsertionMode {
  /** https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode */
  Initial,
  /** https://html.spec.whatwg.org/multipage/parsing.html#the-before-html-insertion-mode */
  BeforeHtml,
  /** https://html.spec.whatwg.org/multipage/parsing.html#the-before-head-insertion-mode */
  BeforeHead,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead */
  InHead,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inheadnoscript */
  InHeadNoscript,
  /** https://html.spec.whatwg.org/multipage/parsing.html#the-after-head-insertion-mode */
  AfterHead,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody */
  InBody,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incdata */
  Text,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intable */
  InTable,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intabletext */
  InTableText,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incaption */
  InCaption,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incolgroup */
  InColumnGroup,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intbody */
  InTableBody,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intr */
  InRow,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intd */
  InCell,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intemplate */
  InTemplate,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-afterbody */
  AfterBody,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inframeset */
  InFrameset,
  /** https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-afterframeset */
  AfterFrameset,
  /** https://html.spec.whatwg.org/multipage/parsing.html#the-after-after-body-insertion-mode */
  AfterAfterBody,
  /** https://html.spec.whatwg.org/multipage/parsing.html#the-after-after-frameset-insertion-mode */
  AfterAfterFrameset,
}

/** Names for debugging and snapshots, indexed by mode. */
export const INSERTION_MODE_NAMES: readonly string[] = [
  'initial', 'before html', 'before head', 'in head', 'in head noscript', 'after head', 'in body', 'text',
  'in table', 'in table text', 'in caption', 'in column group', 'in table body', 'in row', 'in cell',
  'in template', 'after body', 'in frameset', 'after frameset', 'after after body', 'after after frameset',
];
