/**
 * The tokenizer: the input stream preprocessor plus the state machine.
 * https://html.spec.whatwg.org/multipage/parsing.html#tokenization
 *
 * Positions: the tokenizer reads the *original* text. CR and CRLF are
 * normalized to LF as they are consumed, so every offset it reports (tokens,
 * attributes, errors) is a UTF-16 offset into the text the caller gave,
 * exactly what an editor's ranges refer to.
 *
 * The state functions live in `states/*.ts`, one file per family, and the
 * dispatcher in `run.ts`; this class holds the shared machinery (consuming,
 * emitting, errors) that they use.
 */
import type { ParseError } from '../errors';
import { CP, isControl, isNoncharacter, isPreprocessingSuspect, scanRun } from './code-points';
import { ErrorCode } from './error-codes';
import { INTERN_MAX_LENGTH, internSlice } from './intern';
import { State } from './state';
import type { Attribute, CharactersToken, EndTagToken, StartTagToken, Token } from './tokens';
/** Thrown by a tokenizer whose input is partial when it reaches the end of it (see `inputIsPartial`). */
export class InputExhausted extends Error {
  constructor() {
    super('the tokenizer reached the end of a partial input');
  }
}

/** The end-of-file token the tree builder receives. */
export interface EofToken {
  type: 'eof';
  start: number;
  end: number;
}

/**
 * Receives tokens as they are emitted. The tree builder implements this and
 * talks back through the Tokenizer's public methods (`switchTo`, ...) while it
 * handles a token, before the tokenizer consumes another character.
 */
export interface TokenSink {
  /**
   * A start tag, end tag or characters token is the tokenizer's own object,
   * valid only during this call: the tokenizer fills the same object for the
   * next token of its kind (see `emitTag`, `emitCharacters`), and a tag
   * token's attribute objects are reused by the next tag's attributes. A
   * sink that keeps such tokens keeps copies (a tag token's attributes
   * array is the tokenizer's too).
   */
  processToken(token: Token | EofToken): void;
  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#markup-declaration-open-state
   * "If there is an adjusted current node and it is not an element in the HTML namespace".
   * When absent, CDATA sections are never allowed (standalone tokenization).
   */
  isCdataAllowed?(): boolean;
}

/** Up to this many attributes on a tag, duplicates are found by a scan (see `indexOfAttribute`). */
const ATTRIBUTE_SCAN_LIMIT = 16;

/**
 * OPTIMIZATION: the attributes of every tag token that has none (most end
 * tags, many start tags): one shared array, never written to, instead of a
 * new one per tag.
 */
const NO_ATTRIBUTES: Attribute[] = [];

export class Tokenizer {
  readonly input: string;
  readonly length: number;
  /** Offset of the next code unit to consume. */
  pos = 0;
  /** Offset of the current input character (the last one consumed). */
  cur = 0;
  /** The preprocessor has checked every code unit before this offset. */
  private preprocessedUpTo = 0;
  state: State = State.Data;
  /** https://html.spec.whatwg.org/multipage/parsing.html#return-state */
  returnState: State = State.Data;
  done = false;

  /** https://html.spec.whatwg.org/multipage/parsing.html#temporary-buffer */
  temporaryBuffer = '';
  /** https://html.spec.whatwg.org/multipage/parsing.html#character-reference-code */
  characterReferenceCode = 0;
  /** Offset of the `&` that opened the current character reference. */
  referenceStart = 0;

  /** Offset of the `<` (or first character) of the token being built. */
  tokenStart = 0;
  tagIsEnd = false;
  tagName = '';
  tagSelfClosing = false;
  /**
   * OPTIMIZATION: the attribute objects of the tag being built, reused from
   * tag to tag: its attributes are the first `attributeCount` (the one being
   * built comes after them). The tag token gets an array of them, of its
   * exact size, when it is emitted; like the token, they are the
   * tokenizer's own, valid until the next tag (see TokenSink).
   */
  private readonly attributePool: Attribute[] = [];
  /**
   * OPTIMIZATION: the attributes array of the tag tokens that have some,
   * filled anew for each such tag (the first `attributeCount` of the pool),
   * as the token objects are (see TokenSink).
   */
  private readonly tokenAttributes: Attribute[] = [];
  /** How many attributes the tag being built has (duplicates dropped). */
  private attributeCount = 0;
  /** Counts the tags made, so that the name index below knows which tag it covers. */
  private tagSerial = 0;
  /** The attribute being built, or null. */
  attribute: Attribute | null = null;
  /** The attribute being built duplicates an earlier one and will be dropped. */
  attributeIsDuplicate = false;
  private duplicateError: ParseError | null = null;
  /** See `indexOfAttribute`: the name index of the attributes of tag `attributeIndexFor` (a `tagSerial`), covering its first `attributeIndexSize`. */
  private attributeIndex: Map<string, number> | null = null;
  private attributeIndexFor = -1;
  private attributeIndexSize = 0;
  commentData = '';
  doctypeName: string | null = null;
  doctypePublicId: string | null = null;
  doctypeSystemId: string | null = null;
  doctypeForceQuirks = false;
  processingInstructionTarget = '';
  processingInstructionData = '';

  /** https://html.spec.whatwg.org/multipage/parsing.html#appropriate-end-tag-token */
  lastStartTagName: string | null = null;

  /**
   * The input is only the start of the text (an incremental reparse reads a
   * window of it): reaching its end throws `InputExhausted` instead of
   * consuming EOF.
   */
  inputIsPartial = false;

  /** Character data waiting to be emitted as one run. */
  private text = '';
  private textStart = -1;
  private textEnd = -1;

  /**
   * OPTIMIZATION: the tag tokens, one object per kind, filled anew for each
   * tag (no token object per tag for the collector: the sinks keep none).
   * An end tag token has the fields of a start tag token, in the same order,
   * so that the tree builder's reads of `type`, `start` and `end` meet few
   * token shapes (see tokens.ts).
   */
  /** OPTIMIZATION: the characters token, one object filled anew for each run, as the tag tokens are. */
  private readonly charactersToken: CharactersToken = { type: 'characters', data: '', start: 0, end: 0 };
  private readonly startTagToken: StartTagToken = { type: 'startTag', name: '', attributes: NO_ATTRIBUTES, selfClosing: false, start: 0, end: 0 };
  private readonly endTagToken: { type: 'endTag' } & Omit<StartTagToken, 'type'> = { type: 'endTag', name: '', attributes: NO_ATTRIBUTES, selfClosing: false, start: 0, end: 0 };

  constructor(
    input: string,
    private readonly sink: TokenSink,
    readonly errors: ParseError[] | null,
  ) {
    this.input = input;
    this.length = input.length;
  }

  /** Switches state; the tree builder calls this after a start tag (RCDATA, RAWTEXT, ...). */
  switchTo(state: State): void {
    this.state = state;
  }

  /**
   * Continues tokenizing at `pos` in the data state, as if everything before
   * it had been tokenized up to a token boundary (incremental reparsing).
   */
  resumeAt(pos: number, lastStartTagName: string | null): void {
    this.pos = pos;
    this.cur = pos;
    this.preprocessedUpTo = pos;
    this.state = State.Data;
    this.lastStartTagName = lastStartTagName;
    this.done = false;
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#preprocessing-the-input-stream
   * Returns the next input character with CR and CRLF read as LF, or EOF.
   * Preprocessing errors are raised the first time a code unit is consumed.
   */
  consume(): number {
    const pos = this.pos;
    this.cur = pos;
    if (pos >= this.length) {
      if (this.inputIsPartial) throw new InputExhausted();
      return CP.EOF;
    }
    let c = this.input.charCodeAt(pos);
    this.pos = pos + 1;
    if (c === CP.CR) {
      // "Before the tokenization stage, the input stream must be preprocessed by
      // normalizing newlines": CRLF and lone CR both become LF.
      if (this.input.charCodeAt(pos + 1) === CP.LF) this.pos = pos + 2;
      c = CP.LF;
    } else if (pos >= this.preprocessedUpTo && isPreprocessingSuspect(c)) {
      this.preprocess(c, pos);
    }
    return c;
  }

  /** Reports surrogates, noncharacters and controls in the input stream. */
  private preprocess(c: number, pos: number): void {
    this.preprocessedUpTo = pos + 1;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = this.input.charCodeAt(pos + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        this.preprocessedUpTo = pos + 2;
        const cp = (c - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000;
        if (isNoncharacter(cp)) this.error(ErrorCode.NoncharacterInInputStream, pos, pos + 2);
        return;
      }
      this.error(ErrorCode.SurrogateInInputStream, pos, pos + 1);
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      this.error(ErrorCode.SurrogateInInputStream, pos, pos + 1);
    } else if (isNoncharacter(c)) {
      this.error(ErrorCode.NoncharacterInInputStream, pos, pos + 1);
    } else if (isControl(c)) {
      this.error(ErrorCode.ControlCharacterInInputStream, pos, pos + 1);
    }
  }

  /** "Reconsume in the X state": the current input character is read again. */
  reconsumeIn(state: State): void {
    this.state = state;
    this.pos = this.cur;
  }

  /** The source text of the current input character (LF for CR/CRLF). */
  currentCharString(c: number): string {
    return c === CP.LF ? '\n' : String.fromCharCode(c);
  }

  /** "Check whether the next few characters are X" (no CR can be among them). */
  nextCharactersAre(s: string, from: number, caseInsensitive: boolean): boolean {
    if (from + s.length > this.length) return false;
    for (let i = 0; i < s.length; i++) {
      let c = this.input.charCodeAt(from + i);
      if (caseInsensitive && c >= CP.UPPER_A && c <= CP.UPPER_Z) c |= 0x20;
      if (c !== s.charCodeAt(i)) return false;
    }
    return true;
  }

  error(code: ErrorCode, start: number = this.cur, end: number = start < this.length ? start + 1 : start): void {
    if (this.errors !== null) this.errors.push({ code, start, end });
  }

  // --- Emitting character tokens ---------------------------------------------------------

  /**
   * Appends character data whose source is `start`..`end`. Data that does not
   * continue the pending run in the source (after `]]>` or `</>`) starts a new
   * run, so that each run's data stays its source slice.
   */
  emitText(data: string, start: number, end: number): void {
    if (this.textStart < 0) this.textStart = start;
    else if (start !== this.textEnd) {
      this.flushText();
      this.textStart = start;
    }
    this.text += data;
    this.textEnd = end;
  }

  /**
   * OPTIMIZATION: returns the current input character together with the run of
   * characters after it that are not in `table`, and moves past the run. The
   * caller handles the run exactly as it would handle each character one by one.
   */
  takeRun(table: Uint8Array): string {
    const start = this.cur;
    // The preprocessor turned a CR (or CRLF) into LF.
    if (this.input.charCodeAt(start) === CP.CR) return '\n';
    const end = scanRun(this.input, this.pos, table);
    this.pos = end;
    return this.input.slice(start, end);
  }

  /**
   * OPTIMIZATION: `takeRun` for names (tag and attribute names): a short run
   * is taken from the cache of short strings (see intern.ts).
   */
  takeNameRun(table: Uint8Array): string {
    const start = this.cur;
    if (this.input.charCodeAt(start) === CP.CR) return '\n';
    const end = scanRun(this.input, this.pos, table);
    this.pos = end;
    return end - start <= INTERN_MAX_LENGTH ? internSlice(this.input, start, end) : this.input.slice(start, end);
  }

  /** Emits the current input character and the run after it (see takeRun). */
  emitRun(table: Uint8Array): void {
    const start = this.cur;
    const data = this.takeRun(table);
    this.emitText(data, start, this.pos);
  }

  /** Emits the current input character (whose source is `cur`..`pos`). */
  emitCurrent(c: number): void {
    this.emitText(c === CP.LF ? '\n' : String.fromCharCode(c), this.cur, this.pos);
  }

  /**
   * Emits a chunk of its own: a NULL from the data state or a character
   * reference's expansion (see CharactersToken).
   */
  emitSeparateChunk(data: string, start: number, end: number): void {
    this.flushText();
    this.emitCharacters(data, start, end);
  }

  flushText(): void {
    const start = this.textStart;
    if (start < 0) return;
    const data = this.text;
    this.text = '';
    this.textStart = -1;
    this.emitCharacters(data, start, this.textEnd);
  }

  /** Emits a characters token (see charactersToken). */
  private emitCharacters(data: string, start: number, end: number): void {
    const token = this.charactersToken;
    token.data = data;
    token.start = start;
    token.end = end;
    this.sink.processToken(token);
  }

  /** "Emit an end-of-file token." */
  emitEof(): void {
    this.flushText();
    this.done = true;
    // OPTIMIZATION: the end-of-file token has the fields of a characters token (see tokens.ts).
    this.sink.processToken({ type: 'eof', data: '', start: this.length, end: this.length } as EofToken);
  }

  // --- Building and emitting tags ----------------------------------------------------------

  /** "Create a new start tag token" / "Create a new end tag token". */
  createTag(isEnd: boolean, start: number): void {
    this.tagIsEnd = isEnd;
    this.tagName = '';
    this.tagSelfClosing = false;
    this.attributeCount = 0;
    this.tagSerial++;
    this.attribute = null;
    this.attributeIsDuplicate = false;
    this.tokenStart = start;
  }

  /** "Start a new attribute in the current tag token." */
  startAttribute(name: string, nameStart: number): void {
    this.finishAttribute();
    const pool = this.attributePool;
    let attribute = pool[this.attributeCount];
    if (attribute === undefined) {
      attribute = { name, value: '', nameStart, nameEnd: nameStart, valueStart: null, valueEnd: null };
      pool.push(attribute);
    } else {
      attribute.name = name;
      attribute.value = '';
      attribute.nameStart = nameStart;
      attribute.nameEnd = nameStart;
      attribute.valueStart = null;
      attribute.valueEnd = null;
    }
    this.attribute = attribute;
    this.attributeIsDuplicate = false;
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#attribute-name-state
   * "When the user agent leaves the attribute name state (and before emitting
   * the tag token, if appropriate), the complete attribute's name must be
   * compared to the other attributes on the same token; if there is already an
   * attribute on the token with the exact same name, then this is a
   * duplicate-attribute parse error and the new attribute must be removed from
   * the token."
   */
  leaveAttributeName(): void {
    const attribute = this.attribute!;
    attribute.nameEnd = this.cur;
    const attributes = this.attributePool;
    const i = this.indexOfAttribute(attribute.name);
    if (i < 0) return;
    this.attributeIsDuplicate = true;
    if (this.errors !== null) {
      // The error is raised where the name ends; its range grows to the
      // whole dropped attribute, and `related` points at the one kept.
      const kept = attributes[i];
      const error: ParseError = {
        code: ErrorCode.DuplicateAttribute,
        start: this.cur,
        end: this.cur,
        related: { start: kept.nameStart, end: attributeEnd(kept, this.input) },
      };
      this.errors.push(error);
      this.duplicateError = error;
    }
  }

  /**
   * The index of the current tag's attribute named `name`, or -1.
   * OPTIMIZATION: a scan while the tag has few attributes; past
   * `ATTRIBUTE_SCAN_LIMIT`, a map from name to index built once per tag and
   * kept up to date, so that n attributes on one tag cost O(n), not O(n²).
   */
  private indexOfAttribute(name: string): number {
    const attributes = this.attributePool;
    const n = this.attributeCount;
    if (n <= ATTRIBUTE_SCAN_LIMIT) {
      for (let i = 0; i < n; i++) if (attributes[i].name === name) return i;
      return -1;
    }
    let index = this.attributeIndex;
    if (index === null || this.attributeIndexFor !== this.tagSerial) {
      index = new Map<string, number>();
      for (let i = 0; i < n; i++) if (!index.has(attributes[i].name)) index.set(attributes[i].name, i);
      this.attributeIndex = index;
      this.attributeIndexFor = this.tagSerial;
    } else {
      // Names appended since the map was last read.
      for (let i = this.attributeIndexSize; i < n; i++) if (!index.has(attributes[i].name)) index.set(attributes[i].name, i);
    }
    this.attributeIndexSize = n;
    return index.get(name) ?? -1;
  }

  /** Puts the finished attribute on the tag (unless it was a duplicate). */
  private finishAttribute(): void {
    const attribute = this.attribute;
    if (attribute === null) return;
    this.attribute = null;
    if (this.attributeIsDuplicate) {
      if (this.duplicateError !== null) {
        this.duplicateError.end = attributeEnd(attribute, this.input);
        this.duplicateError = null;
      }
      return;
    }
    // (It is `attributePool[attributeCount]`: counting it keeps it.)
    this.attributeCount++;
  }

  /** "Emit the current tag token"; `end` is the offset after its `>`. */
  emitTag(end: number): void {
    this.finishAttribute();
    this.flushText();
    const count = this.attributeCount;
    let attributes = NO_ATTRIBUTES;
    if (count > 0) {
      attributes = this.tokenAttributes;
      const pool = this.attributePool;
      for (let i = 0; i < count; i++) attributes[i] = pool[i];
      attributes.length = count;
    }
    if (this.tagIsEnd) {
      // https://html.spec.whatwg.org/multipage/parsing.html#parse-error-end-tag-with-attributes
      if (count > 0) this.error(ErrorCode.EndTagWithAttributes, this.cur);
      // https://html.spec.whatwg.org/multipage/parsing.html#parse-error-end-tag-with-trailing-solidus
      if (this.tagSelfClosing) this.error(ErrorCode.EndTagWithTrailingSolidus, this.cur);
    } else {
      this.lastStartTagName = this.tagName;
    }
    // OPTIMIZATION: the token is the tokenizer's one start tag or one end tag object, filled anew (see startTagToken).
    const token = this.tagIsEnd ? this.endTagToken : this.startTagToken;
    token.name = this.tagName;
    token.attributes = attributes;
    token.selfClosing = this.tagSelfClosing;
    token.start = this.tokenStart;
    token.end = end;
    this.sink.processToken(token as StartTagToken | EndTagToken);
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#appropriate-end-tag-token
   * "An appropriate end tag token is an end tag token whose tag name matches
   * the tag name of the last start tag to have been emitted from this
   * tokenizer, if any."
   */
  isAppropriateEndTag(): boolean {
    return this.lastStartTagName !== null && this.tagName === this.lastStartTagName;
  }

  // --- Comments and DOCTYPEs ---------------------------------------------------------------

  createComment(data: string, start: number): void {
    this.commentData = data;
    this.tokenStart = start;
  }

  /** "Emit the comment token"; `end` is the offset after its last character. */
  emitComment(end: number): void {
    this.flushText();
    this.sink.processToken({ type: 'comment', data: this.commentData, start: this.tokenStart, end });
  }

  /**
   * https://html.spec.whatwg.org/multipage/parsing.html#convert-the-temporary-buffer-to-a-comment
   * A comment token whose data is "?" followed by the temporary buffer (here
   * the target read so far, see states/processing-instructions.ts).
   */
  convertTheTemporaryBufferToAComment(): void {
    this.createComment('?' + this.processingInstructionTargetSoFar(), this.tokenStart);
  }

  /** The temporary buffer of the processing instruction target state: the source after `<?` up to the current character. */
  processingInstructionTargetSoFar(): string {
    const from = this.tokenStart + 2;
    return from < this.cur ? this.input.slice(from, this.cur) : '';
  }

  /** "Create a processing instruction token" with `target` and empty data (its start is the `<` of `<?`). */
  createProcessingInstruction(target: string): void {
    this.processingInstructionTarget = target;
    this.processingInstructionData = '';
  }

  /** "Emit the current processing instruction token"; `end` is the offset after its `>`. */
  emitProcessingInstruction(end: number): void {
    this.flushText();
    this.sink.processToken({
      type: 'processingInstruction',
      target: this.processingInstructionTarget,
      data: this.processingInstructionData,
      start: this.tokenStart,
      end,
    });
  }

  /** "Create a new DOCTYPE token" (its start is the `<` of `<!DOCTYPE`). */
  createDoctype(name: string | null): void {
    this.doctypeName = name;
    this.doctypePublicId = null;
    this.doctypeSystemId = null;
    this.doctypeForceQuirks = false;
  }

  emitDoctype(end: number): void {
    this.flushText();
    this.sink.processToken({
      type: 'doctype',
      name: this.doctypeName,
      publicId: this.doctypePublicId,
      systemId: this.doctypeSystemId,
      forceQuirks: this.doctypeForceQuirks,
      start: this.tokenStart,
      end,
    });
  }

  isCdataAllowed(): boolean {
    return this.sink.isCdataAllowed !== undefined && this.sink.isCdataAllowed();
  }

  /** True when the current character reference is part of an attribute value. */
  charRefInAttribute(): boolean {
    const r = this.returnState;
    return r === State.AttributeValueDoubleQuoted || r === State.AttributeValueSingleQuoted || r === State.AttributeValueUnquoted;
  }
}

/**
 * Offset just past an attribute's source: after its closing quote when the
 * value was quoted. (An unquoted value never ends right before a quote: the
 * unquoted state takes quotes into the value.)
 */
export function attributeEnd(attribute: Attribute, input: string): number {
  if (attribute.valueEnd === null) return attribute.nameEnd;
  const q = input.charCodeAt(attribute.valueEnd);
  return q === CP.QUOTATION || q === CP.APOSTROPHE ? attribute.valueEnd + 1 : attribute.valueEnd;
}
