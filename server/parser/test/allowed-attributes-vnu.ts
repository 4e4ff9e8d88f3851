/**
 * The allowed-attribute table against the Nu Html Checker, element by
 * attribute: a documented long run, not part of `npm test`.
 *
 *   npm run build && nice node server/parser/out-test/allowed-attributes-vnu.js
 *
 * For every conforming HTML element of the table (but html, head, body and
 * the elements whose variant vnu picks by their attributes: input, meta,
 * link, which the fixtures cover) and every attribute name that some element
 * has, plus a few that none has, one line of a document puts the attribute
 * on the element in a context where the element is allowed. vnu runs once on
 * all of them; an attribute is "not allowed" for vnu when it says "Attribute
 * “A” not allowed on element “E”" on that line, and for TagTree when
 * `attributesNotAllowed` lists it. Every difference must be in DEVIATIONS
 * below, with the spec's words; the run prints the agreement and fails
 * (exit status 1) on an unlisted difference or a listed one that agrees.
 */
import { ELEMENT_ATTRIBUTES, attributesNotAllowed, parse, type ElementShape } from '../out/index';
import { runVnuOnTexts } from './conformance-vnu';
import { lineStarts, positionAt } from './support/text-model';

/** `element attribute` -> why TagTree differs from vnu there (the spec's words). */
const DEVIATIONS: Readonly<Record<string, string>> = {
  'object usemap': 'obsolete.html#non-conforming-features: usemap on object is obsolete (vnu: a warning); TagTree reports it as not allowed (the element table lists no obsolete usemap on object).',
  'area referrerpolicy': 'image-maps.html#the-area-element: "Content attributes: … href, target, download, ping, rel, referrerpolicy"; vnu leaves referrerpolicy out of an area without href (that it needs href is the conformance check\'s rule).',
  'embed xml:space': 'iframe-embed-object.html#the-embed-element: "Any other attribute that has no namespace", whose name must be XML-compatible (no colon); vnu accepts xml:space.',
  'embed href': 'iframe-embed-object.html#the-embed-element: "Any other attribute that has no namespace" — vnu flags href on embed.',
  'img controls': 'embedded-content.html#the-img-element: controls is none of img\'s content attributes — vnu accepts it.',
  'menu type': 'grouping-content.html#the-menu-element: "Content attributes: Global attributes" (the old menu type and label are gone) — vnu accepts them.',
  'menu label': 'grouping-content.html#the-menu-element: "Content attributes: Global attributes" — vnu accepts label.',
  'option name': 'form-elements.html#the-option-element: "Content attributes: Global attributes, disabled, label, selected, value" — vnu accepts name.',
  'table height': 'tables.html#the-table-element: "Content attributes: Global attributes" (height is in no list, obsolete or not) — vnu accepts it.',
  'tbody height': 'tables.html#the-tbody-element: "Content attributes: Global attributes" — vnu accepts height.',
  'thead height': 'tables.html#the-thead-element: "Content attributes: Global attributes" — vnu accepts height.',
  'tfoot height': 'tables.html#the-tfoot-element: "Content attributes: Global attributes" — vnu accepts height.',
  'tr height': 'tables.html#the-tr-element: "Content attributes: Global attributes" — vnu accepts height.',
  'template src': 'scripting.html#the-template-element: src is none of template\'s content attributes — vnu accepts it.',
  'template span': 'scripting.html#the-template-element: span is none of template\'s content attributes — vnu accepts it.',
  'br rel': 'HTML+RDFa 1.1 (https://www.w3.org/TR/html-rdfa/#extensions-to-the-html5-syntax) adds its attributes to every element — vnu leaves br and wbr out.',
  'br content': 'As br rel.',
  'wbr rel': 'As br rel.',
  'wbr content': 'As br rel.',
  // TagTree gaps: attributes that depend on the parent, which the per-element check does not see yet.
  'li value': 'TagTree gap: grouping-content.html#the-li-element: "If the element is a child of an ol element: value" — an li in a ul may not have value; the check does not look at the parent yet.',
  'source height': 'TagTree gap: embedded-content.html#the-source-element: in a media element only src and type apply ("the source element\'s parent is a picture element" for srcset, sizes, width, height); the check does not look at the parent yet.',
  'source width': 'TagTree gap: as source height.',
  'source sizes': 'TagTree gap: as source height.',
  'source srcset': 'TagTree gap: as source height.',
};

/** Attributes no element has, to check that they are flagged everywhere. */
const EXTRA = ['foo', 'align', 'xml:space', 'onfocusin', 'tns'];
/** Where each element is allowed: the markup around it ($ is the element). */
const CONTEXTS: Readonly<Record<string, string>> = {
  base: '<head>$</head>', style: '<head>$</head>', title: '<head>$</head>',
  li: '<ul>$</ul>', dt: '<dl>$<dd>d</dd></dl>', dd: '<dl><dt>t</dt>$</dl>',
  option: '<select>$</select>', optgroup: '<select>$</select>', legend: '<fieldset>$</fieldset>',
  figcaption: '<figure>$</figure>', summary: '<details>$</details>', rt: '<ruby>b$</ruby>', rp: '<ruby>b$<rt>r</rt></ruby>',
  source: '<video>$</video>', track: '<video>$</video>', area: '<map name="m">$</map>',
  caption: '<table>$<tr><td>c</td></tr></table>', colgroup: '<table>$<tr><td>c</td></tr></table>', col: '<table><colgroup>$</colgroup><tr><td>c</td></tr></table>',
  tbody: '<table>$</table>', thead: '<table>$</table>', tfoot: '<table>$</table>', tr: '<table><tbody>$</tbody></table>',
  td: '<table><tr>$</tr></table>', th: '<table><tr>$</tr></table>', selectedcontent: '<select><button>$</button><option>o</option></select>',
  main: '$', param: '<object data="a">$</object>',
};
/** html, head and body are one per document; base, style and title are head content (a line each cannot put them there); vnu picks input's, meta's and link's variant by their attributes (the fixtures cover them). */
const SKIP = new Set(['html', 'head', 'body', 'base', 'style', 'title', 'input', 'meta', 'link']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Content that keeps each element's content model quiet (its own required children). */
const INSIDE: Readonly<Record<string, string>> = {
  ul: '<li>i</li>', ol: '<li>i</li>', menu: '<li>i</li>', dl: '<dt>t</dt><dd>d</dd>', table: '<tr><td>c</td></tr>', tbody: '<tr><td>c</td></tr>',
  thead: '<tr><td>c</td></tr>', tfoot: '<tr><td>c</td></tr>', tr: '<td>c</td>', select: '<option>o</option>', datalist: '', colgroup: '',
  picture: '<img src="a.png" alt="">', ruby: 'b<rt>r</rt>', hgroup: '<h1>h</h1>', video: '', audio: '', iframe: '', canvas: '', textarea: '', script: '', style: '', template: '', title: 't', optgroup: '<option>o</option>', details: '<summary>s</summary>',
};

function main(): void {
  const attributes = new Set<string>(EXTRA);
  for (const list of Object.values(ELEMENT_ATTRIBUTES)) for (const a of list) attributes.add(a);
  const documents = new Map<string, string>();
  const lines = new Map<string, { element: string; attribute: string }[]>();
  for (const element of Object.keys(ELEMENT_ATTRIBUTES)) {
    if (SKIP.has(element)) continue;
    const context = CONTEXTS[element] ?? '<div>$</div>';
    const rows: string[] = [];
    const which: { element: string; attribute: string }[] = [];
    for (const attribute of attributes) {
      const inside = INSIDE[element] ?? 'x';
      const tag = `<${element} ${attribute}="1">${VOID.has(element) ? '' : `${inside}</${element}>`}`;
      rows.push(context.replace('$', tag));
      which.push({ element, attribute });
    }
    const head = CONTEXTS[element]?.startsWith('<head>') ? '' : '<head><title>t</title></head>';
    documents.set(element, `<!DOCTYPE html><html lang="en">${head}\n${rows.join('\n')}\n</html>`);
    lines.set(element, which);
  }
  const vnu = runVnuOnTexts(documents);
  let agree = 0;
  let total = 0;
  const differences: string[] = [];
  const agreeing: string[] = [];
  for (const [element, which] of lines) {
    const text = documents.get(element)!;
    const flaggedByVnu = new Set<number>();
    for (const m of vnu.get(element) ?? []) {
      const match = /^Attribute “([^”]*)” not allowed on element “([^”]*)”/.exec(m.message);
      if (match !== null && match[2] === element && m.lastLine !== undefined) flaggedByVnu.add(m.lastLine - 2);
    }
    // Our findings per line: the element on each line, checked alone.
    const ours = new Set<number>();
    const { document } = parse(text);
    const stack: ElementShape[] = [...(document.children.filter((c) => c.kind === 'element') as ElementShape[])];
    const starts = lineStarts(text); // the page is made here with LF line ends only
    // The lines counted from the second: the first holds the doctype and head.
    const lineOf = (offset: number) => positionAt(starts, offset).line - 1;
    while (stack.length > 0) {
      const e = stack.pop()!;
      for (const c of e.children) if (c.kind === 'element') stack.push(c as ElementShape);
      if (e.name !== element || e.namespace !== 'html' || e.startTag === null) continue;
      if (attributesNotAllowed(e, undefined).length > 0) ours.add(lineOf(e.startTag.start));
    }
    which.forEach(({ attribute }, line) => {
      total++;
      const a = flaggedByVnu.has(line);
      const b = ours.has(line);
      const key = `${element} ${attribute}`;
      if (a === b) {
        agree++;
        if (key in DEVIATIONS) agreeing.push(key);
      } else if (!(key in DEVIATIONS)) differences.push(`${key}: vnu ${a ? 'flags' : 'allows'} it, TagTree ${b ? 'flags' : 'allows'} it`);
    });
  }
  console.log(`${total} element-attribute pairs on ${lines.size} elements: TagTree and vnu agree on ${agree} (${((100 * agree) / total).toFixed(2)}%), ${Object.keys(DEVIATIONS).length} listed deviations`);
  for (const d of differences) console.log(`  unlisted: ${d}`);
  for (const k of agreeing) console.log(`  listed but agreeing: ${k}`);
  if (differences.length > 0 || agreeing.length > 0) process.exitCode = 1;
}

main();
