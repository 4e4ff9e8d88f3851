/**
 * The conformance fixtures against the Nu Html Checker (vnu), run once on all
 * of them (a few seconds). For every fixture, vnu's errors in the classes
 * TagTree covers must be exactly the fixture's expected findings, at the same
 * element, except for the places listed in VNU_DEVIATIONS, where vnu is wrong
 * (or TagTree deliberately differs), each with the spec rule. A listed
 * fixture that agrees with vnu fails the run.
 */
import { strict as assert } from 'node:assert';
import type { ConformanceDiagnostic } from '../out/index';
import { loadFixtures, locate } from './conformance-fixtures';
import { compareDocument, extentsOf, newComparison, runVnuOnTexts, vnuClass, type VnuMessage } from './conformance-vnu';

/** Fixture id -> why vnu's report differs from the spec (or from TagTree's deliberate choice). */
const VNU_DEVIATIONS: Readonly<Record<string, string>> = {
  'content-models.txt:596': 'TagTree never flags autonomous custom elements (issue 15); vnu does not allow my-item in ul.',
  'content-models.txt:462': 'media.html#the-audio-element: "transparent, but with no media element descendants" — vnu allows a video in an audio.',
  'content-models.txt:475': 'sections.html#the-hgroup-element: "followed by one h1, h2, h3, h4, h5, or h6 element" — vnu accepts an hgroup without a heading.',
  'content-models.txt:622': 'image-maps.html#the-area-element: "only if there is a map element ancestor" — vnu accepts an area outside a map.',
  'content-models.txt:641': 'scripting.html#the-template-element: vnu does not check template contents; the spec\'s content models apply to them as to any tree.',
  'attributes-and-document.txt:116': 'semantics.html#the-style-element: "Contexts: Where metadata content is expected. In a noscript element that is a child of a head element." — vnu accepts style in the body.',
  'attributes-and-document.txt:136': 'text-level-semantics.html#the-bdo-element: "Authors must specify the dir attribute on this element" — vnu does not require it.',
  'obsolete attribute rev on a': 'obsolete.html#non-conforming-features: "rev on a and link elements: Use the rel attribute instead, with an opposite term" — vnu accepts rev.',
  'obsolete attribute nohref on area': 'image-maps.html#the-area-element: an area without href is a valid dead area (no attribute is required); vnu wants href here.',
  'attributes-and-document.txt:194': 'form-elements.html#the-select-element: "then the select element must have a placeholder label option" — vnu no longer reports it.',
  'document-rules.txt:53':
    'semantics.html#charset: "The element containing the character encoding declaration must be serialized completely within the first 1024 bytes", and a meta in the Encoding declaration state (http-equiv=content-type) is one — vnu checks only the charset attribute.',
  'attribute-values.txt:152': 'links.html#attr-hyperlink-hreflang: "If present, its value must be a valid BCP 47 language tag" — vnu accepts an empty hreflang.',
  'attribute-values.txt:206': 'input.html#attr-input-accept: "The tokens must not be ASCII case-insensitive matches for any of the other tokens" — vnu does not check for repeated tokens.',
  'attribute-values.txt:329': 'links.html#linkTypes: stylesheet, "Effect on a and area: not allowed" — vnu does not check where a link type is allowed.',
  'attribute-values.txt:336': 'links.html#linkTypes: tag, "Effect on form: not allowed" — vnu does not check where a link type is allowed.',
  'attribute-values.txt:343': 'links.html#linkTypes: nofollow, "Effect on link: not allowed" — vnu does not check where a link type is allowed.',
  'attribute-values.txt:350': 'links.html#attr-hyperlink-rel: "an unordered set of unique space-separated tokens" — vnu does not check for repeated link types.',
  'attribute-values.txt:357': 'links.html#rel-icon: "the rel attribute\'s entire value must be an ASCII case-insensitive match for the string "shortcut icon"" — vnu accepts "icon shortcut".',
  'attribute-values.txt:432': 'iframe-embed-object.html#attr-iframe-allow: a serialized permissions policy, whose allowlist values are origins, *, \'self\', \'src\' or \'none\' — vnu does not check the allow attribute.',
  'conditional-and-advice.txt:94': 'text-level-semantics.html#the-a-element: "If the a element has no href attribute, then the element represents a placeholder link" — vnu wants href on an a with the obsolete but conforming name attribute.',
  'allowed-attributes.txt:91':
    'input.html#checkbox-state-(type=checkbox): "The following content attributes must not be specified and do not apply to the element: … maxlength, minlength, …" — vnu accepts maxlength on a checkbox.',
  'allowed-attributes.txt:161':
    'obsolete.html#warnings-for-obsolete-but-conforming-features: "Authors should not specify a charset attribute on a script element" and "Authors should not specify the name attribute on a elements": obsolete but conforming, advice, not errors; vnu\'s obsolete warnings are counted as errors by this comparison.',
  'aria.txt:38':
    'https://w3c.github.io/html-aria/#el-a: an a with href allows "button, checkbox, menuitem, menuitemcheckbox, menuitemradio, option, radio, switch, tab or treeitem", so role="heading" is the error; vnu reports the href as not allowed instead.',
  'aria.txt:70': 'https://w3c.github.io/html-aria/#el-img-empty-alt: an unnamed img with alt="" takes "No aria-* attributes except aria-hidden="true"" — vnu accepts aria-describedby on it.',
  'aria.txt:111':
    'https://w3c.github.io/html-aria/#el-header: a header that is a descendant of main is role=generic with "Roles: group, none or presentation" (banner only when "not a descendant of an article, aside, main, nav or section element") — vnu accepts role=banner there.',
  'aria.txt:118':
    'https://w3c.github.io/html-aria/#el-footer: a footer inside "an element with role=… main …" is role=generic, so contentinfo is not allowed — vnu calls it redundant (it does not read the ancestors\' roles).',
  'aria.txt:138':
    'https://w3c.github.io/html-aria/#el-summary: "No corresponding role" — vnu also calls role=button redundant on a summary (TagTree reports the error both give).',
  'aria.txt:145':
    'https://w3c.github.io/html-aria/#el-td: "If the ancestor table element is exposed as a role=table, then cell is allowed, but NOT RECOMMENDED" (a warning) — vnu also reports an error.',
  'aria.txt:397': 'https://w3c.github.io/aria/#generic: generic is a WAI-ARIA 1.2 role (its implicit role on div and span: NOT RECOMMENDED, a warning) — vnu does not know it ("Bad value").',
  'aria.txt:405': 'https://w3c.github.io/aria/#generic: generic is a WAI-ARIA 1.2 role ("it is NOT RECOMMENDED for authors to specify … the generic role": a warning) — vnu does not know it ("Bad value").',
  'aria.txt:412': 'https://w3c.github.io/html-aria/#docconformance-attr: "Authors MUST NOT use aria-hidden="true" on an element that can receive keyboard focus" — vnu does not check it.',
  'aria.txt:227':
    'https://w3c.github.io/html-aria/#case-sensitivity: "modern browsers treat the role or aria-* attribute values as ASCII case-insensitive"; "Authors SHOULD use ASCII lowercase" (a warning) — vnu reports aria-multiline="TRUE" as a bad value.',
  'aria.txt:421':
    'https://w3c.github.io/html-aria/#case-sensitivity: "Authors SHOULD use ASCII lowercase for all role token values and any state or property attributes (aria-*) whose values are defined as tokens" (a warning) — vnu reports role="BUTTON" and aria-live="Polite" as bad values.',
  'aria.txt:429':
    'https://w3c.github.io/html-aria/#el-autonomous-custom-element: "Role exposed from author defined ElementInternals" — vnu treats a custom element as generic (no aria-label; no tablist for a tab inside it); its role may come from script, and custom elements are never flagged.',
  'aria.txt:435':
    'https://www.w3.org/TR/wai-aria-1.2/#mustContain: "at least one instance of one required owned element is expected" (a warning) — vnu does not check that a role owns one (it checks only which children a menu or a tree\'s group may have).',
  'aria.txt:456':
    'https://www.w3.org/TR/wai-aria-1.2/#row: "Required Owned Elements: cell, columnheader, gridcell, rowheader" (#mustContain: "is expected", a warning) — vnu does not check that a role owns one.',
  'aria.txt:475':
    'https://www.w3.org/TR/wai-aria-1.2/#mustContain: "at least one instance of one required owned element is expected" (a warning), what it owns through aria-owns counted — vnu does not check that a role owns one.',
  'aria.txt:489':
    'https://w3c.github.io/aria/#aria-owns: "an element can have only one explicit owner" (the listitem is the other list\'s); WAI-ARIA 1.2 #mustContain (a warning) — vnu does not check that a role owns one.',
  'aria.txt:377': 'https://w3c.github.io/html-aria/#el-body: "authors MUST NOT specify aria-hidden=true on the body element" — vnu does not check it.',
};

describe('conformance: the fixtures against the Nu Html Checker', function () {
  this.timeout(300_000);
  const fixtures = loadFixtures();
  let vnu: Map<string, VnuMessage[]>;

  before(() => {
    vnu = runVnuOnTexts(new Map(fixtures.map((f) => [f.id, f.document])));
  });

  it('vnu reports exactly the expected findings on each fixture (strict list of deviations)', () => {
    const disagreements: string[] = [];
    const agreeingDeviations: string[] = [];
    const comparison = newComparison();
    for (const fixture of fixtures) {
      // The expected findings as diagnostics (a code at the expected source), compared with vnu's report by element.
      const expected: ConformanceDiagnostic[] = fixture.expected.map((e) => {
        const start = locate(fixture.document, e.source, e.occurrence);
        return { code: e.code as ConformanceDiagnostic['code'], severity: 'error', start, end: start + e.source.length, message: '', href: '' };
      });
      const messages = vnu.get(fixture.id) ?? [];
      const one = newComparison();
      compareDocument(fixture.document, messages, expected, extentsOf(fixture.document), one);
      compareDocument(fixture.document, messages, expected, extentsOf(fixture.document), comparison);
      const agrees = one.missed.length === 0 && one.unconfirmed.length === 0;
      if (fixture.id in VNU_DEVIATIONS) {
        if (agrees) agreeingDeviations.push(fixture.id);
        continue;
      }
      if (!agrees) {
        const vnuSays = messages.filter((m) => vnuClass(m) !== null).map((m) => `${m.message} (line ${m.lastLine}, column ${m.lastColumn})`);
        disagreements.push(`${fixture.id}: expected [${fixture.expected.map((e) => `${e.code} ${e.source}`).join(', ')}], vnu: [${vnuSays.join(' | ')}]\n  ${fixture.document.replace(/\n/g, ' ')}`);
      }
    }
    // The per-class figures of docs/conformance.md.
    const lines = [...comparison.vnu].sort((a, b) => b[1] - a[1]).map(([cls, n]) => `      ${cls}: ${comparison.found.get(cls) ?? 0} / ${n}`);
    console.log(`      vnu errors found by TagTree at the same element, per class (${fixtures.length} fixtures):\n${lines.join('\n')}`);
    console.log(`      TagTree errors vnu does not report: ${comparison.unconfirmed.length} of ${comparison.ours}`);
    assert.deepEqual(agreeingDeviations, [], 'listed in VNU_DEVIATIONS but vnu agrees now: remove them');
    assert.equal(disagreements.length, 0, disagreements.join('\n'));
  });
});
