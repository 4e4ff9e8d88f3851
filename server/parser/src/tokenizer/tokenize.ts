/**
 * The public, standalone tokenizer API: `tokenize(input, options)`.
 */
import type { ParseError } from '../errors';
import { State } from './state';
import { runTheTokenizer } from './run';
import { Tokenizer, type EofToken, type TokenSink } from './tokenizer';
import type { CharactersToken, Token } from './tokens';

/** The states a standalone tokenization may start in (html5lib-tests' `initialStates`). */
export type InitialState = 'data' | 'plaintext' | 'rcdata' | 'rawtext' | 'script-data' | 'cdata-section';

export interface TokenizeOptions {
  /** The state to start in; `data` by default. */
  initialState?: InitialState;
  /** The tag name of the "last start tag to have been emitted", for appropriate end tags. */
  lastStartTag?: string;
}

export interface TokenizeResult {
  tokens: Token[];
  errors: ParseError[];
}

const INITIAL_STATES: Record<InitialState, State> = {
  data: State.Data,
  plaintext: State.PLAINTEXT,
  rcdata: State.RCDATA,
  rawtext: State.RAWTEXT,
  'script-data': State.ScriptData,
  'cdata-section': State.CDATASection,
};

/** Collects tokens, merging adjacent character runs into one token. */
class TokenCollector implements TokenSink {
  readonly tokens: Token[] = [];
  private lastText: CharactersToken | null = null;

  processToken(token: Token | EofToken): void {
    if (token.type === 'eof') return;
    if (token.type === 'characters') {
      const last = this.lastText;
      if (last !== null) {
        last.data += token.data;
        last.end = token.end;
        return;
      }
      this.lastText = { type: 'characters', data: token.data, start: token.start, end: token.end };
      this.tokens.push(this.lastText);
      return;
    }
    this.lastText = null;
    // The tokenizer's end tag tokens carry the fields of a start tag (see tokens.ts); the caller gets the end tag's own.
    if (token.type === 'endTag') this.tokens.push({ type: 'endTag', name: token.name, start: token.start, end: token.end });
    // The tokenizer fills one start tag object for every start tag and reuses its attribute objects, and a tag without
    // attributes shares its one empty array (see emitTag and TokenSink): the caller gets a token of its own.
    else if (token.type === 'startTag') {
      const attributes = token.attributes.map((a) => ({ name: a.name, value: a.value, nameStart: a.nameStart, nameEnd: a.nameEnd, valueStart: a.valueStart, valueEnd: a.valueEnd }));
      this.tokens.push({ type: 'startTag', name: token.name, attributes, selfClosing: token.selfClosing, start: token.start, end: token.end });
    } else this.tokens.push(token);
  }
}

/**
 * Tokenizes `input` on its own, with no tree builder: the tokenizer never
 * changes state by itself, and CDATA sections are bogus comments unless the
 * tokenization starts in the CDATA section state. Never throws on any string.
 */
export function tokenize(input: string, options: TokenizeOptions = {}): TokenizeResult {
  const errors: ParseError[] = [];
  const collector = new TokenCollector();
  const tokenizer = new Tokenizer(input, collector, errors);
  const initial = options.initialState ?? 'data';
  const state = INITIAL_STATES[initial];
  if (state === undefined) throw new TypeError(`Unknown initial state: ${String(initial)}`);
  tokenizer.switchTo(state);
  if (options.lastStartTag !== undefined) tokenizer.lastStartTagName = options.lastStartTag;
  runTheTokenizer(tokenizer);
  return { tokens: collector.tokens, errors };
}
