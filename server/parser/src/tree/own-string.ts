/**
 * Strings that keep no other string alive.
 *
 * In V8 a slice of 13 code units or more shares the memory of the string it
 * was cut from (and a concatenation keeps its parts), so one text node's data
 * sliced from a parser's input keeps the whole input alive. For a full parse
 * that costs nothing: the input is the document's text, which lives anyway.
 * An incremental reparse reads a window of the new text, a string of its own
 * (up to the whole rest of the document): the nodes it makes keep their
 * strings, not the window. Without this, each reparse's window stayed alive
 * as long as any node it made (5 windows of 7 to 14 MB after 2,000
 * keystrokes into a 7 MB page in the language server).
 */

/** Below this length V8 copies a slice and flattens a concatenation. */
const SHARED_MIN_LENGTH = 13;

/**
 * `s` as a string of its own: a short one as it is, a longer one copied.
 * OPTIMIZATION: the concatenation is flattened (copied) by the slice, which
 * then shares only that copy: one code unit more than `s`.
 */
export function ownString(s: string): string {
  return s.length < SHARED_MIN_LENGTH ? s : (' ' + s).slice(1);
}
