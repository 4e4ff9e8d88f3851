/**
 * Lookup over the spec's named character references table.
 * https://html.spec.whatwg.org/multipage/named-characters.html#named-character-references
 */
import { NAMED_CHARACTER_REFERENCE_ENTRIES } from './named-character-references.generated';

/** Names with their semicolon (`amp;`) and legacy names without one (`amp`), to their expansion. */
export const NAMED_CHARACTER_REFERENCES: ReadonlyMap<string, string> = buildTable();

/** Longest legacy name that matches without a semicolon (`frac34`, `middot`...). */
export const LONGEST_LEGACY_NAME = 6;

function buildTable(): Map<string, string> {
  const table = new Map<string, string>();
  for (const entry of NAMED_CHARACTER_REFERENCE_ENTRIES) {
    const semicolon = entry.indexOf(';');
    const equals = entry.indexOf('=');
    if (semicolon >= 0 && (equals < 0 || semicolon < equals)) {
      table.set(entry.slice(0, semicolon + 1), entry.slice(semicolon + 1));
    } else {
      table.set(entry.slice(0, equals), entry.slice(equals + 1));
    }
  }
  return table;
}
