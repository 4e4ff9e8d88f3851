/**
 * OPTIMIZATION: a cache of the names the tokenizer emits (tag and attribute
 * names), so that a name met again is the same string object rather than a
 * new copy.
 *
 * A parsed page repeats a few names thousands of times (`span`, `class`,
 * `href`...). Each fresh copy lives as long as the tree, and the garbage
 * collector copies it as the tree grows; a shared one is copied once. The
 * strings are equal either way: only their identity changes, which nothing
 * observes (but speed: see `internalized`).
 *
 * The cache is a fixed table indexed by a hash of the characters, and a miss
 * replaces its slot, so its size is bounded whatever the input. Only strings
 * of at most `INTERN_MAX_LENGTH` code units are cached: V8 copies a slice that
 * short, so a cached string never keeps a whole input text alive.
 */

/** Strings longer than this are not cached (below V8's 13-character minimum for a slice that shares its parent). */
export const INTERN_MAX_LENGTH = 12;

const SLOTS = 4096;
const slots: string[] = new Array<string>(SLOTS).fill('');

/**
 * The cached string equal to `input.slice(start, end)`, or that slice, newly
 * cached. `end - start` must be at most `INTERN_MAX_LENGTH`.
 */
export function internSlice(input: string, start: number, end: number): string {
  const length = end - start;
  let h = length;
  for (let i = start; i < end; i++) h = Math.imul(h, 0x01000193) ^ input.charCodeAt(i);
  const slot = (h ^ (h >>> 13)) & (SLOTS - 1);
  const cached = slots[slot];
  if (cached.length === length) {
    let i = 0;
    while (i < length && cached.charCodeAt(i) === input.charCodeAt(start + i)) i++;
    if (i === length) return cached;
  }
  const fresh = internalized(input.slice(start, end));
  slots[slot] = fresh;
  return fresh;
}

/**
 * `s`, as the engine's own copy of it when it keeps one per distinct string (V8's internalized strings: the ones it
 * makes of property names). OPTIMIZATION: the names of the tree are compared with string literals and looked up in
 * sets and maps all through the tree construction and the checks (`element.name === 'table'`, the attribute tables):
 * two such strings compare by identity, where a copy is compared character by character. Done once per string
 * cached, not per name read; the characters are the same either way.
 */
function internalized(s: string): string {
  const named: Record<string, 0> = { [s]: 0 };
  for (const name in named) return name;
  return s;
}
