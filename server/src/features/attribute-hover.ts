/**
 * Hover on an attribute whose value has a microsyntax: what the value means
 * as the spec's parsing rules read it (`datetime="2024-02-29T10:00Z"` is a
 * global date and time), what is wrong with it, and for a reference, the
 * element it refers to. Offsets in; markdown out, with positions rendered by
 * the caller's `where`.
 */
import { microsyntaxes, readAttributeValue, type AttributeSyntax } from '@tagtree/parser';
import type { DocumentParse } from '../document-parse';
import type { DomElement } from '../dom';
import { attributeAt, attributeIndex, attributeChecks } from './attributes';
import type { HoverData, Where } from './hover';
import { resolveReferences } from './definition';

/** The microsyntax of a table entry, for the hover's first line. */
function syntaxName(syntax: AttributeSyntax): string {
  switch (syntax.kind) {
    case 'boolean':
      return 'boolean attribute';
    case 'enumerated':
      return 'enumerated attribute';
    case 'integer':
      return 'valid integer';
    case 'non-negative-integer':
      return 'valid non-negative integer';
    case 'dimension':
      return 'valid non-negative integer (a dimension)';
    case 'floating-point-number':
      return 'valid floating-point number';
    case 'list-of-floating-point-numbers':
      return 'valid list of floating-point numbers';
    case 'step':
      return '"any" or a valid floating-point number greater than zero';
    case 'date':
      return 'valid date string';
    case 'month':
      return 'valid month string';
    case 'week':
      return 'valid week string';
    case 'time':
      return 'valid time string';
    case 'local-date-and-time':
      return 'valid local date and time string';
    case 'date-with-optional-time':
      return 'valid date string with optional time';
    case 'datetime-value':
      return 'date, time, time-zone offset, week, year or duration';
    case 'id':
      return 'unique ID';
    case 'id-reference':
      return 'ID reference';
    case 'id-references':
      return 'ID references';
    case 'hash-name-reference':
      return `valid hash-name reference to a ${syntax.target} element`;
    case 'tokens':
      return 'unordered set of unique space-separated tokens';
    case 'charset':
    case 'meta-content':
      return 'encoding declaration';
    case 'hyperlink':
      return 'URL';
    case 'url':
      return syntax.nonEmpty ? 'valid non-empty URL potentially surrounded by spaces' : 'valid URL potentially surrounded by spaces';
    case 'urls':
      return 'space-separated valid non-empty URLs';
    case 'navigable-target-name-or-keyword':
      return 'valid navigable target name or keyword';
    case 'language-tag':
      return syntax.emptyAllowed ? 'BCP 47 language tag, or empty' : 'BCP 47 language tag';
    case 'mime-type':
      return 'valid MIME type string';
    case 'script-type':
      return 'script type';
    case 'accept':
      return 'comma-separated file types';
    case 'srcset':
      return 'image candidate strings';
    case 'sizes':
      return 'valid source size list';
    case 'media-query-list':
      return 'valid media query list';
    case 'autofill':
      return 'autofill detail tokens';
    case 'link-types':
      return 'link types';
    case 'permissions-policy':
      return 'serialized permissions policy';
  }
}

function label(element: DomElement): string {
  return `\`<${element.name}>\``;
}

/** Hover for the attribute at `offset`, or undefined when it is not an attribute the table knows. */
export function attributeHoverAt(parse: DocumentParse, offset: number, where: Where): HoverData | undefined {
  const document = parse.document;
  if (document === null) return undefined;
  const hit = attributeAt(document, offset);
  if (hit === undefined || hit.definition === null) return undefined;
  const { element, attribute, definition } = hit;
  // A URL is only worth a hover when it is a fragment of this document.
  if (definition.syntax.kind === 'hyperlink' && attribute.value.charCodeAt(0) !== 0x23) return undefined;
  const lines: string[] = [`\`${attribute.name}\` on ${label(element)} — ${syntaxName(definition.syntax)}`, ''];
  const syntax = definition.syntax;
  const reading = readAttributeValue(definition, attribute.value);
  if (reading.meaning !== '') lines.push(`Value: ${reading.meaning}.`);

  if (syntax.kind === 'id-reference' || syntax.kind === 'id-references' || syntax.kind === 'hash-name-reference' || syntax.kind === 'hyperlink') {
    const index = attributeIndex(parse);
    if (index !== null) {
      const names =
        syntax.kind === 'id-references'
          ? microsyntaxes.splitOnAsciiWhitespaceWithPositions(attribute.value).map((t) => t.value)
          : syntax.kind === 'hash-name-reference'
            ? [microsyntaxes.hashNameReferenceName(attribute.value)].flatMap((r) => (r.ok ? [r.value] : []))
            : [attribute.value];
      const targets = resolveReferences(index, element, attribute, definition, null);
      if (syntax.kind === 'hyperlink') {
        if (targets.length > 0) lines.push(`Links to ${label(targets[0].element)} at ${where(targets[0].start)} in this document.`);
      } else {
        if (reading.meaning !== '') lines.push('');
        for (const name of names) {
          const target = targets.find((t) => t.name === name);
          lines.push(target === undefined ? `- \`${name}\`: no element` : `- \`${name}\`: ${label(target.element)} at ${where(target.start)}`);
        }
      }
    }
  }
  // The problems the checks found on this attribute (the same text as the diagnostics).
  for (const d of attributeChecks(parse)) {
    if (d.start >= attribute.start && d.end <= attribute.end) lines.push('', `⚠ ${d.message} (\`${d.code}\`)`);
  }
  lines.push('', `[Specification](${definition.href})`);
  return { start: attribute.start, end: attribute.end, markdown: lines.join('\n') };
}
