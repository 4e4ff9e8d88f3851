/**
 * Completion inside the value of an enumerated attribute: its conforming
 * keywords, each with the state it selects, replacing the whole value.
 * Offsets in; plain items out (convert.ts makes them LSP completion items).
 */
import { conformingKeywords } from '@tagtree/parser';
import type { DocumentParse } from '../document-parse';
import { attributeAt } from './attributes';

export interface CompletionData {
  /** What is completed: an enumerated attribute's keyword (the default), a tag name, an end tag, an attribute name. */
  kind?: 'value' | 'element' | 'end-tag' | 'attribute';
  label: string;
  /** The text that replaces the range (default: the label). */
  newText?: string;
  /** What the client filters on (default: the label). */
  filterText?: string;
  /** The order (default: as listed). */
  sortText?: string;
  /** The state the keyword selects, and whether it is a default. */
  detail: string;
  /** Markdown, with a link to the definition. */
  documentation: string;
  /** The range the item replaces (a keyword: the whole value). */
  start: number;
  end: number;
}

/** Keyword completions for the cursor at `offset`; empty when it is not inside an enumerated attribute's value. */
export function attributeValueCompletions(parse: DocumentParse, offset: number): CompletionData[] {
  const document = parse.document;
  if (document === null) return [];
  const hit = attributeAt(document, offset, true);
  if (hit === undefined || hit.definition === null || hit.definition.syntax.kind !== 'enumerated') return [];
  const { attribute, element, definition } = hit;
  const syntax = definition.syntax;
  if (syntax.kind !== 'enumerated') return [];
  const { valueStart, valueEnd } = attribute;
  // Inside the value (quotes excluded); an attribute without a value has nowhere to complete.
  if (valueStart === null || valueEnd === null || offset < valueStart || offset > valueEnd) return [];
  const { missingValueDefault, invalidValueDefault } = syntax.attribute;
  return conformingKeywords(syntax).map((keyword) => {
    const state = syntax.attribute.keywords.find((k) => k.keyword === keyword)!.state;
    const defaults: string[] = [];
    if (state === missingValueDefault) defaults.push('missing value default');
    if (state === invalidValueDefault) defaults.push('invalid value default');
    return {
      label: keyword,
      detail: `${state} state${defaults.length > 0 ? ` (the ${defaults.join(' and ')})` : ''}`,
      documentation: `\`${attribute.name}\` on \`<${element.name}>\` — [specification](${definition.href})`,
      start: valueStart,
      end: valueEnd,
    };
  });
}
