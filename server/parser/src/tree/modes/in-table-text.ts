/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intabletext
 */
import type { TagId } from '../tag-id';
import { switchAndReprocess } from '../using-the-rules';
import { DONE, NO_PENDING_CHARACTERS, type Step, type TreeBuilder, type TreeToken } from '../tree-builder';
import type { CharactersToken } from '../../tokenizer/tokens';
import { TreeErrorCode } from '../tree-error-codes';
import { hasNonWhitespace } from './in-body';
import { anythingElseInTable } from './in-table';

export function inTableTextMode(tb: TreeBuilder, token: TreeToken, id: TagId): Step {
  if (token.type === 'characters') {
    // "A character token that is U+0000 NULL: Parse error. Ignore the token."
    // (A NULL from the data state is always a chunk of its own.)
    if (token.data.charCodeAt(0) === 0) {
      tb.tokenError(TreeErrorCode.NullCharacterIgnored, token);
      return DONE;
    }
    // "Any other character token: Append the character token to the pending table character tokens list."
    // (A copy: the tokenizer fills the same characters token object again for the next run.)
    const chunk: CharactersToken = { type: 'characters', data: token.data, start: token.start, end: token.end };
    // OPTIMIZATION: the first token makes a list of one (see NO_PENDING_CHARACTERS).
    if (tb.pendingTableCharacterTokens.length === 0) tb.pendingTableCharacterTokens = [chunk];
    else tb.pendingTableCharacterTokens.push(chunk);
    return DONE;
  }
  // "Anything else"
  const pending = tb.pendingTableCharacterTokens;
  tb.pendingTableCharacterTokens = NO_PENDING_CHARACTERS;
  let nonWhitespace = false;
  for (let i = 0; i < pending.length && !nonWhitespace; i++) nonWhitespace = hasNonWhitespace(pending[i].data);
  if (nonWhitespace) {
    // "If any of the tokens in the pending table character tokens list are
    // character tokens that are not ASCII whitespace, then this is a parse
    // error: reprocess the character tokens in the pending table character
    // tokens list using the rules given in the "anything else" entry in the
    // "in table" insertion mode."
    // (The error is the one that "anything else" raises for each character,
    // as html5lib-tests count it: one per character, not one more for the list.)
    const tokenStart = tb.tokenStart;
    for (const chunk of pending) {
      tb.tokenStart = chunk.start;
      anythingElseInTable(tb, chunk, id);
    }
    tb.tokenStart = tokenStart;
  } else {
    // "Otherwise, insert the characters given by the pending table character tokens list."
    for (const chunk of pending) tb.insertCharacters(chunk.data, chunk.start, chunk.end);
  }
  // "Switch the insertion mode to the original insertion mode and reprocess the token."
  return switchAndReprocess(tb, tb.originalInsertionMode);
}
