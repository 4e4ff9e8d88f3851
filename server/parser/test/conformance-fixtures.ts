/**
 * Reads the conformance fixtures (test-fixtures/conformance/*.txt) and the
 * generated ones: one minimal document per case, with the findings its spec
 * text gives (a code and the exact source each points at).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './support/shared-data';

export interface ExpectedFinding {
  readonly code: string;
  /** The source the finding points at. */
  readonly source: string;
  /** Which occurrence of `source` in the document (1-based). */
  readonly occurrence: number;
}

export interface ConformanceFixture {
  /** `file:line`. */
  readonly id: string;
  readonly document: string;
  readonly expected: readonly ExpectedFinding[];
  readonly spec: string;
}

export const FIXTURE_DIR = join(REPO_ROOT, 'test-fixtures', 'conformance');
/** What the fixtures put before a case that is not a whole document: valid, with a title and a language. */
export const PREFIX = '<!DOCTYPE html><html lang="en"><title>t</title>\n';

function parseFile(name: string): ConformanceFixture[] {
  const text = readFileSync(join(FIXTURE_DIR, name), 'utf8');
  const lines = text.split('\n');
  const out: ConformanceFixture[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i] !== '#data') {
      i++;
      continue;
    }
    const line = i + 1;
    const section = (header: string): string[] => {
      if (lines[i] !== header) throw new Error(`${name}:${i + 1}: expected ${header}`);
      i++;
      const body: string[] = [];
      while (i < lines.length && !lines[i].startsWith('#')) body.push(lines[i++]);
      return body;
    };
    const data = section('#data').join('\n');
    const expected = section('#expected')
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const space = l.indexOf(' ');
        let source = l.slice(space + 1);
        let occurrence = 1;
        const at = /@(\d+)$/.exec(source);
        if (at !== null) {
          occurrence = Number(at[1]);
          source = source.slice(0, at.index);
        }
        return { code: l.slice(0, space), source, occurrence };
      });
    const spec = section('#spec').join(' ').trim();
    if (spec === '') throw new Error(`${name}:${line}: a case cites the spec`);
    const document = data.startsWith('<!DOCTYPE') ? data : PREFIX + data;
    out.push({ id: `${name}:${line}`, document, expected, spec });
  }
  return out;
}

/**
 * https://html.spec.whatwg.org/multipage/obsolete.html#non-conforming-features:
 * the obsolete elements, as the spec lists them. Each gives a case.
 */
const OBSOLETE_ELEMENTS = [
  'applet', 'acronym', 'bgsound', 'dir', 'isindex', 'keygen', 'listing', 'menuitem', 'nextid', 'noembed',
  'param', 'plaintext', 'strike', 'xmp', 'basefont', 'big', 'blink', 'center', 'font', 'marquee', 'multicol',
  'nobr', 'spacer', 'tt',
];

/**
 * The same section's presentational and other obsolete attributes, as
 * "attribute on elements" pairs, each with a minimal valid host. Each gives a case.
 */
const OBSOLETE_ATTRIBUTES: readonly [string, string, string][] = [
  // [attribute, element, a document fragment with the element, where $ is the attribute]
  ['charset', 'a', '<a href="/" $>a</a>'],
  ['coords', 'a', '<a href="/" $>a</a>'],
  ['shape', 'a', '<a href="/" $>a</a>'],
  ['rev', 'a', '<a href="/" $>a</a>'],
  ['nohref', 'area', '<map name="m"><area alt="a" $></map>'],
  ['alink', 'body', '<body $><p>a</p></body>'],
  ['bgcolor', 'body', '<body $><p>a</p></body>'],
  ['background', 'body', '<body $><p>a</p></body>'],
  ['link', 'body', '<body $><p>a</p></body>'],
  ['text', 'body', '<body $><p>a</p></body>'],
  ['vlink', 'body', '<body $><p>a</p></body>'],
  ['marginheight', 'body', '<body $><p>a</p></body>'],
  ['marginwidth', 'body', '<body $><p>a</p></body>'],
  ['topmargin', 'body', '<body $><p>a</p></body>'],
  ['leftmargin', 'body', '<body $><p>a</p></body>'],
  ['clear', 'br', 'a<br $>b'],
  ['align', 'caption', '<table><caption $>c</caption><tr><td>a</td></tr></table>'],
  ['align', 'col', '<table><colgroup><col $></colgroup><tr><td>a</td></tr></table>'],
  ['width', 'col', '<table><colgroup><col $></colgroup><tr><td>a</td></tr></table>'],
  ['valign', 'col', '<table><colgroup><col $></colgroup><tr><td>a</td></tr></table>'],
  ['align', 'div', '<div $>a</div>'],
  ['compact', 'dl', '<dl $><dt>a</dt><dd>b</dd></dl>'],
  ['align', 'h1', '<h1 $>a</h1>'],
  ['align', 'h2', '<h2 $>a</h2>'],
  ['align', 'hr', '<hr $>'],
  ['noshade', 'hr', '<hr $>'],
  ['size', 'hr', '<hr $>'],
  ['width', 'hr', '<hr $>'],
  ['color', 'hr', '<hr $>'],
  ['frameborder', 'iframe', '<iframe src="a.html" $></iframe>'],
  ['scrolling', 'iframe', '<iframe src="a.html" $></iframe>'],
  ['marginwidth', 'iframe', '<iframe src="a.html" $></iframe>'],
  ['longdesc', 'iframe', '<iframe src="a.html" $></iframe>'],
  ['align', 'iframe', '<iframe src="a.html" $></iframe>'],
  ['hspace', 'img', '<img src="a.png" alt="a" $>'],
  ['vspace', 'img', '<img src="a.png" alt="a" $>'],
  ['longdesc', 'img', '<img src="a.png" alt="a" $>'],
  ['name', 'img', '<img src="a.png" alt="a" $>'],
  ['align', 'input', '<input name="a" $>'],
  ['align', 'legend', '<fieldset><legend $>a</legend></fieldset>'],
  ['type', 'li', '<ul><li $>a</li></ul>'],
  ['compact', 'ol', '<ol $><li>a</li></ol>'],
  ['compact', 'ul', '<ul $><li>a</li></ul>'],
  ['type', 'ul', '<ul $><li>a</li></ul>'],
  ['align', 'p', '<p $>a</p>'],
  ['width', 'pre', '<pre $>a</pre>'],
  ['align', 'table', '<table $><tr><td>a</td></tr></table>'],
  ['bgcolor', 'table', '<table $><tr><td>a</td></tr></table>'],
  ['cellpadding', 'table', '<table $><tr><td>a</td></tr></table>'],
  ['cellspacing', 'table', '<table $><tr><td>a</td></tr></table>'],
  ['frame', 'table', '<table $><tr><td>a</td></tr></table>'],
  ['rules', 'table', '<table $><tr><td>a</td></tr></table>'],
  ['summary', 'table', '<table $><tr><td>a</td></tr></table>'],
  ['width', 'table', '<table $><tr><td>a</td></tr></table>'],
  ['align', 'tbody', '<table><tbody $><tr><td>a</td></tr></tbody></table>'],
  ['valign', 'tbody', '<table><tbody $><tr><td>a</td></tr></tbody></table>'],
  ['align', 'thead', '<table><thead $><tr><td>a</td></tr></thead></table>'],
  ['align', 'tfoot', '<table><tfoot $><tr><td>a</td></tr></tfoot></table>'],
  ['align', 'td', '<table><tr><td $>a</td></tr></table>'],
  ['bgcolor', 'td', '<table><tr><td $>a</td></tr></table>'],
  ['height', 'td', '<table><tr><td $>a</td></tr></table>'],
  ['nowrap', 'td', '<table><tr><td $>a</td></tr></table>'],
  ['valign', 'td', '<table><tr><td $>a</td></tr></table>'],
  ['width', 'td', '<table><tr><td $>a</td></tr></table>'],
  ['axis', 'td', '<table><tr><td $>a</td></tr></table>'],
  ['abbr', 'td', '<table><tr><td $>a</td></tr></table>'],
  ['scope', 'td', '<table><tr><td $>a</td></tr></table>'],
  ['align', 'th', '<table><tr><th $>a</th></tr></table>'],
  ['bgcolor', 'th', '<table><tr><th $>a</th></tr></table>'],
  ['width', 'th', '<table><tr><th $>a</th></tr></table>'],
  ['nowrap', 'th', '<table><tr><th $>a</th></tr></table>'],
  ['align', 'tr', '<table><tr $><td>a</td></tr></table>'],
  ['bgcolor', 'tr', '<table><tr $><td>a</td></tr></table>'],
  ['valign', 'tr', '<table><tr $><td>a</td></tr></table>'],
  ['version', 'html', '<!DOCTYPE html><html lang="en" $><title>t</title></html>'],
  ['profile', 'head', '<!DOCTYPE html><html lang="en"><head $><title>t</title></head></html>'],
  ['scheme', 'meta', '<!DOCTYPE html><html lang="en"><head><title>t</title><meta name="a" content="b" $></head></html>'],
  ['accept', 'form', '<form action="/" $><p>a</p></form>'],
  ['event', 'script', '<script $></script>'],
  ['for', 'script', '<script $></script>'],
  ['archive', 'object', '<object data="a.swf" $></object>'],
  ['classid', 'object', '<object data="a.swf" $></object>'],
  ['codebase', 'object', '<object data="a.swf" $></object>'],
  ['declare', 'object', '<object data="a.swf" $></object>'],
  ['standby', 'object', '<object data="a.swf" $></object>'],
  ['align', 'embed', '<embed src="a.swf" $>'],
  ['hspace', 'embed', '<embed src="a.swf" $>'],
  ['name', 'embed', '<embed src="a.swf" $>'],
];

/** Every HTML element used once where the spec allows it: each must give no finding. */
const VALID_USES: readonly [string, string][] = [
  ['a', '<a href="/">a</a>'], ['abbr', '<abbr title="x">X</abbr>'], ['address', '<address>a</address>'],
  ['article', '<article><h2>a</h2></article>'], ['aside', '<aside>a</aside>'], ['audio', '<audio src="a.ogg"></audio>'],
  ['b', '<b>a</b>'], ['bdi', '<bdi>a</bdi>'], ['blockquote', '<blockquote>a</blockquote>'], ['br', 'a<br>b'],
  ['button', '<button type="button">a</button>'], ['canvas', '<canvas>a</canvas>'], ['cite', '<cite>a</cite>'],
  ['code', '<code>a</code>'], ['data', '<data value="1">a</data>'], ['datalist', '<datalist id="d"><option value="a"></option></datalist>'],
  ['del', '<del>a</del>'], ['dfn', '<dfn>a</dfn>'], ['dialog', '<dialog>a</dialog>'], ['div', '<div>a</div>'],
  ['em', '<em>a</em>'], ['embed', '<embed src="a.swf">'], ['footer', '<footer>a</footer>'], ['form', '<form action="/">a</form>'],
  ['h1', '<h1>a</h1>'], ['h3', '<h3>a</h3>'], ['h6', '<h6>a</h6>'], ['header', '<header>a</header>'], ['hr', '<hr>'],
  ['i', '<i>a</i>'], ['iframe', '<iframe src="a.html"></iframe>'], ['img', '<img src="a.png" alt="a">'],
  ['input', '<input name="a">'], ['ins', '<ins>a</ins>'], ['kbd', '<kbd>a</kbd>'], ['mark', '<mark>a</mark>'],
  ['meter', '<meter value="0.5">a</meter>'], ['nav', '<nav>a</nav>'], ['object', '<object data="a.svg"></object>'],
  ['output', '<output>a</output>'], ['pre', '<pre>a</pre>'], ['progress', '<progress>a</progress>'], ['q', '<q>a</q>'],
  ['s', '<s>a</s>'], ['samp', '<samp>a</samp>'], ['search', '<search>a</search>'], ['section', '<section><h2>a</h2></section>'],
  ['small', '<small>a</small>'], ['span', '<span>a</span>'], ['strong', '<strong>a</strong>'], ['sub', '<sub>a</sub>'],
  ['sup', '<sup>a</sup>'], ['textarea', '<textarea name="a">a</textarea>'], ['time', '<time datetime="2020-01-01">a</time>'],
  ['u', '<u>a</u>'], ['var', '<var>a</var>'], ['wbr', 'a<wbr>b'], ['video', '<video src="a.webm"></video>'],
  ['slot', '<slot></slot>'], ['script', '<script>var a;</script>'], ['noscript', '<noscript>a</noscript>'],
  ['template', '<template><p>a</p></template>'], ['map', '<map name="m"></map>'], ['main', '<main>a</main>'],
  ['select', '<select name="a"><option>a</option></select>'], ['label', '<label>a</label>'], ['p', '<p>a</p>'],
  ['ruby', '<ruby>a<rt>b</rt></ruby>'], ['figure', '<figure>a</figure>'], ['blockquote in li', '<ul><li><blockquote>a</blockquote></li></ul>'],
  ['track', '<video src="a.webm"><track src="a.vtt"></video>'], ['source', '<audio><source src="a.ogg" type="audio/ogg"></audio>'],
  ['optgroup', '<select name="a"><optgroup label="g"><option>a</option></optgroup></select>'],
  ['tr', '<table><tr><th>a</th><td>b</td></tr></table>'], ['col', '<table><colgroup><col><col></colgroup><tr><td>a</td><td>b</td></tr></table>'],
  ['thead', '<table><thead><tr><th>a</th></tr></thead></table>'], ['tfoot', '<table><tfoot><tr><td>a</td></tr></tfoot></table>'],
];

/** Every fixture: the hand-written files, then the generated cases. */
export function loadFixtures(): ConformanceFixture[] {
  const out: ConformanceFixture[] = [];
  for (const name of readdirSync(FIXTURE_DIR).filter((n) => n.endsWith('.txt')).sort()) out.push(...parseFile(name));
  const SPEC = 'https://html.spec.whatwg.org/multipage/obsolete.html#non-conforming-features';
  for (const name of OBSOLETE_ELEMENTS) {
    // plaintext takes the rest of the document as text; the others hold a word.
    const body = name === 'plaintext' ? '<plaintext>a' : name === 'isindex' ? '<isindex>' : name === 'param' ? '<object data="a.swf"><param name="a" value="b"></object>' : `<${name}>a</${name}>`;
    const tag = name === 'param' ? '<param name="a" value="b">' : `<${name}>`;
    out.push({ id: `obsolete element ${name}`, document: PREFIX + body, expected: [{ code: 'obsolete-element', source: tag, occurrence: 1 }], spec: `${SPEC}: ${name} is listed` });
  }
  for (const [attribute, element, fragment] of OBSOLETE_ATTRIBUTES) {
    const written = attribute === 'noshade' || attribute === 'nowrap' || attribute === 'compact' || attribute === 'declare' || attribute === 'nohref' ? attribute : `${attribute}="1"`;
    const body = fragment.replace('$', written);
    out.push({
      id: `obsolete attribute ${attribute} on ${element}`,
      document: body.startsWith('<!DOCTYPE') ? body : PREFIX + body,
      expected: [{ code: 'obsolete-attribute', source: written, occurrence: body.startsWith('<!DOCTYPE') ? 1 : 1 }],
      spec: `${SPEC}: "${attribute} on ${element}" is listed`,
    });
  }
  for (const [name, body] of VALID_USES) {
    out.push({ id: `valid ${name}`, document: PREFIX + body, expected: [], spec: `the ${name} element's definition: its context and content model allow this use` });
  }
  return out;
}

/** The offset of the `occurrence`th `source` in `document`, or -1. */
export function locate(document: string, source: string, occurrence: number): number {
  let at = -1;
  for (let n = 0; n < occurrence; n++) {
    at = document.indexOf(source, at + 1);
    if (at === -1) return -1;
  }
  return at;
}
