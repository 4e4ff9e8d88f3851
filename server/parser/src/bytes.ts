/**
 * Bytes in: parsing a document given as bytes, as a browser does. The encoding
 * sniffing algorithm picks an encoding, the platform's `TextDecoder` decodes,
 * the parser runs, and a `meta` that declares another encoding while the
 * confidence is tentative makes the parser change the encoding and parse again.
 * Alongside the parse errors come encoding diagnostics: problems with the
 * document's encoding declarations that a conformance checker reports.
 * https://html.spec.whatwg.org/multipage/parsing.html#the-input-byte-stream
 */
import {
  decodeBytes,
  canDecode,
  DEFAULT_FALLBACK_ENCODING,
  ENCODING_SPEC_NAMES,
  findTheLabelInAMetaContent,
  getAnEncodingFromLabel,
  PRESCAN_BYTE_LIMIT,
  prescanAByteStream,
  sniffEncoding,
  type Confidence,
  type EncodingName,
  type SniffOptions,
  type SniffResult,
} from './encoding/index';
import type { Document, Element, ParentNode } from './dom';
import type { ParseError } from './errors';
import { platformTextDecoder } from './encoding/text-decoder';
import { LineIndex } from './line-index';
import { parse } from './tree/parse';

export interface ParseBytesOptions extends SniffOptions {
  /** The scripting flag of the parser (on by default, as in a browser). */
  scripting?: boolean;
}

/** The codes of {@link EncodingDiagnostic}s. */
export enum EncodingDiagnosticCode {
  /** A declaration that is not completely within the first 1024 bytes. */
  LateEncodingDeclaration = 'late-encoding-declaration',
  /** A declaration of an encoding other than the one the document is decoded with (the BOM's, say). */
  EncodingDeclarationMismatch = 'encoding-declaration-mismatch',
  /** A second (third…) encoding declaration. */
  MultipleEncodingDeclarations = 'multiple-encoding-declarations',
  /** A declaration of an encoding other than UTF-8. */
  NonUtf8EncodingDeclaration = 'non-utf8-encoding-declaration',
  /** A declaration whose label names no encoding; browsers ignore it. */
  UnknownEncodingLabel = 'unknown-encoding-label',
  /** The encoding chosen is one this platform's `TextDecoder` cannot decode. */
  UnsupportedEncoding = 'unsupported-encoding',
  /** A document with non-ASCII bytes and no BOM, transport layer encoding or declaration. */
  MissingEncodingDeclaration = 'missing-encoding-declaration',
}

/**
 * A problem with the document's encoding, found beside the parse errors.
 * Offsets are UTF-16 offsets into the decoded text (`ParseBytesResult.text`),
 * like a parse error's.
 */
export interface EncodingDiagnostic {
  code: EncodingDiagnosticCode;
  message: string;
  severity: 'error' | 'warning';
  start: number;
  end: number;
  /** Another range that helps: the whole `meta` tag, or the first declaration. */
  related?: { start: number; end: number };
}

/**
 * A `meta` element's encoding declaration as the tree builder reads it in the
 * "in head" rules: a `charset` attribute, or `http-equiv="Content-Type"` with
 * a `content` attribute that contains a charset label.
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead
 */
export interface MetaEncodingDeclaration {
  kind: 'meta-charset' | 'meta-content';
  /** The `meta` start tag in the text. */
  tagStart: number;
  tagEnd: number;
  /** The label in the text (the whole attribute value when character references make the two differ). */
  labelStart: number;
  labelEnd: number;
  /** The label as the parser read it. */
  label: string;
  /** The encoding the label names, or `null` when it names none (browsers then ignore the declaration). */
  encoding: EncodingName | null;
}

/** Why and where the parser changed the encoding. */
export interface EncodingChange {
  /** The encoding of the first pass. */
  from: EncodingName;
  /** The encoding the document was parsed again with. */
  to: EncodingName;
  /** The declaration, in the first pass's text, that asked for the change. */
  declaration: MetaEncodingDeclaration;
}

export interface ParseBytesResult {
  /** The decoded text; every offset in the result points into it. */
  text: string;
  document: Document;
  /** Tokenizer and tree construction errors, as `parse` reports them for `text`. */
  errors: ParseError[];
  /** The encoding the text was decoded with. */
  encoding: EncodingName;
  /** The confidence after parsing: a `meta` that agrees (or makes the parser change) makes it certain. */
  confidence: Confidence;
  /** The encoding sniffing algorithm's answer, before parsing. */
  sniff: SniffResult;
  /** Set when a `meta` made the parser change the encoding (the text is then decoded with the new one). */
  changedEncoding: EncodingChange | null;
  /** The `meta` encoding declarations of the final parse, in source order. */
  declarations: MetaEncodingDeclaration[];
  encodingDiagnostics: EncodingDiagnostic[];
}

/** An attribute of a `meta` start tag, with where its value is in the text. */
interface MetaAttribute {
  name: string;
  value: string;
  /** Just past the attribute (its closing quote included). */
  end: number;
  /** The value's source without quotes; both null when the attribute has no value. */
  valueStart: number | null;
  valueEnd: number | null;
}

/** A `meta` start tag the tree builder processed with the "in head" rules. */
interface MetaTag {
  start: number;
  end: number;
  attributes: readonly MetaAttribute[];
}

interface TextParse {
  document: Document;
  errors: ParseError[];
  /** The `meta` start tags the "in head" rules processed, in source order. */
  metas: MetaTag[];
}

/** Parses decoded text: the one place where parseBytes meets the parser. */
function parseText(text: string, options: ParseBytesOptions): TextParse {
  const { document, errors } = parse(text, { scripting: options.scripting ?? true });
  return { document, errors, metas: metaTagsOf(document) };
}

/**
 * The `meta` start tags that the tree builder processed with the "in head"
 * rules, in source order. Those are exactly the HTML `meta` elements of the
 * document with a start tag (template contents included): every insertion
 * mode that keeps a `meta` start tag inserts it by those rules, directly or
 * through "in body", and the modes that do not (in frameset, after frameset)
 * drop it. A `meta` start tag in SVG or MathML content breaks out of it and is
 * processed as HTML. Foster parenting can move an element, so the tags are
 * sorted by offset. Iterative: no recursion on the depth of the tree.
 */
function metaTagsOf(document: Document): MetaTag[] {
  const metas: MetaTag[] = [];
  const parents: ParentNode[] = [document];
  while (parents.length > 0) {
    const node = parents.pop()!;
    if (node.kind === 'element' && node.content !== null) parents.push(node.content);
    for (const child of node.children) {
      if (child.kind !== 'element') continue;
      if (child.name === 'meta' && child.namespace === 'html') addMeta(metas, child);
      parents.push(child);
    }
  }
  return metas.sort((a, b) => a.start - b.start);
}

function addMeta(metas: MetaTag[], element: Element): void {
  if (element.startTag === null || element.cloneOf !== null) return;
  metas.push({ start: element.startTag.start, end: element.startTag.end, attributes: element.attributes });
}

function attribute(tag: MetaTag, name: string): MetaAttribute | undefined {
  // The tokenizer already dropped duplicate attributes; the first one wins.
  return tag.attributes.find((a) => a.name === name);
}

/** The value's range in the text, or an empty range at the attribute's end for a valueless attribute. */
function valueRange(a: MetaAttribute): { start: number; end: number } {
  return a.valueStart === null || a.valueEnd === null ? { start: a.end, end: a.end } : { start: a.valueStart, end: a.valueEnd };
}

/**
 * The encoding declaration of one `meta` start tag, read as the "in head"
 * rules read it, or `null` when the tag declares nothing. When both forms are
 * present, a `charset` that names an encoding wins; otherwise a pragma that
 * names one; otherwise whichever names none is returned (for diagnostics).
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead
 */
function encodingDeclarationOf(tag: MetaTag): MetaEncodingDeclaration | null {
  let charsetDeclaration: MetaEncodingDeclaration | null = null;
  const charset = attribute(tag, 'charset');
  if (charset !== undefined) {
    // If the element has a charset attribute, and getting an encoding from its
    // value results in an encoding, and the confidence is currently tentative,
    // then change the encoding to the resulting encoding.
    const range = valueRange(charset);
    charsetDeclaration = {
      kind: 'meta-charset',
      tagStart: tag.start,
      tagEnd: tag.end,
      labelStart: range.start,
      labelEnd: range.end,
      label: charset.value,
      encoding: getAnEncodingFromLabel(charset.value),
    };
    if (charsetDeclaration.encoding !== null) return charsetDeclaration;
  }
  // Otherwise, if the element has an http-equiv attribute whose value is an
  // ASCII case-insensitive match for the string "Content-Type", and the element
  // has a content attribute, and applying the algorithm for extracting a
  // character encoding from a meta element to that attribute's value returns an
  // encoding, and the confidence is currently tentative, then change the
  // encoding to the extracted encoding.
  const httpEquiv = attribute(tag, 'http-equiv');
  const content = attribute(tag, 'content');
  if (httpEquiv !== undefined && content !== undefined && httpEquiv.value.toLowerCase() === 'content-type') {
    const found = findTheLabelInAMetaContent(content.value);
    if (found !== null) {
      const label = content.value.slice(found.labelStart, found.labelEnd);
      const range = valueRange(content);
      // The label's offsets are into the value; they are offsets into the text
      // only when the value is its source slice (no character references).
      const verbatim = range.end - range.start === content.value.length;
      const pragma: MetaEncodingDeclaration = {
        kind: 'meta-content',
        tagStart: tag.start,
        tagEnd: tag.end,
        labelStart: verbatim ? range.start + found.labelStart : range.start,
        labelEnd: verbatim ? range.start + found.labelEnd : range.end,
        label,
        encoding: getAnEncodingFromLabel(label),
      };
      if (pragma.encoding !== null || charsetDeclaration === null) return pragma;
    }
  }
  return charsetDeclaration;
}

function isUtf16(encoding: EncodingName): boolean {
  return encoding === 'utf-16be' || encoding === 'utf-16le';
}

/**
 * The encoding a declaration makes the parser change to, after the
 * substitutions of "change the encoding" (steps 2 and 3).
 */
function substituted(encoding: EncodingName): EncodingName {
  if (isUtf16(encoding)) return 'utf-8';
  if (encoding === 'x-user-defined') return 'windows-1252';
  return encoding;
}

/**
 * Change the encoding, for the first declaration the tree builder meets while
 * the confidence is tentative. Returns the encoding to parse again with, or
 * `null` when the confidence just becomes certain.
 * https://html.spec.whatwg.org/multipage/parsing.html#change-the-encoding
 */
function changeTheEncoding(current: EncodingName, requested: EncodingName): EncodingName | null {
  // Step 1. If the encoding that is already being used to interpret the input
  // stream is UTF-16BE/LE, then set the confidence to certain and return. The new
  // encoding is ignored; if it was anything but the same encoding, then it would
  // be clearly incorrect.
  if (isUtf16(current)) return null;
  // Step 2. If newEncoding is UTF-16BE/LE, then change newEncoding to UTF-8.
  // Step 3. If newEncoding is x-user-defined, then change newEncoding to windows-1252.
  const newEncoding = substituted(requested);
  // Step 4. If newEncoding is identical or equivalent to the encoding that is
  // already being used to interpret the input stream, then set the confidence to
  // certain and return.
  if (newEncoding === current) return null;
  // Step 5. If all the bytes up to the last byte converted by the current decoder
  // have the same Unicode interpretations in both the current encoding and the
  // new encoding, and if the user agent supports changing the converter on the
  // fly, then the user agent may change to the new converter for the encoding on
  // the fly. […]
  // NOOP(spec): optional; parsing again (step 6) gives the same result.
  // Step 6. Otherwise, restart the navigate algorithm […] this time skip the
  // encoding sniffing algorithm and instead just set the encoding to the new
  // encoding and the confidence to certain.
  return newEncoding;
}

interface Decoded {
  text: string;
  encoding: EncodingName;
  unsupported: EncodingName | null;
}

/**
 * Decodes with `encoding`, or with the fallback when this platform's
 * TextDecoder lacks it.
 *
 * DEVIATION: the spec has no encoding a user agent cannot decode. Node 20's
 * TextDecoder lacks iso-8859-16 and x-user-defined, and hand-written decoders
 * are out of scope, so such a document is decoded as the fallback encoding and
 * an `unsupported-encoding` diagnostic says so.
 */
function decodeWith(bytes: Uint8Array, encoding: EncodingName, options: ParseBytesOptions): Decoded {
  if (canDecode(encoding)) return { text: decodeBytes(bytes, encoding), encoding, unsupported: null };
  let fallback = (options.fallback === undefined ? null : getAnEncodingFromLabel(options.fallback)) ?? DEFAULT_FALLBACK_ENCODING;
  if (!canDecode(fallback)) fallback = DEFAULT_FALLBACK_ENCODING;
  return { text: decodeBytes(bytes, fallback), encoding: fallback, unsupported: encoding };
}

/** One decoding and parse of the bytes. */
interface Pass {
  decoded: Decoded;
  parsed: TextParse;
  declarations: MetaEncodingDeclaration[];
}

function runPass(bytes: Uint8Array, encoding: EncodingName, options: ParseBytesOptions): Pass {
  const decoded = decodeWith(bytes, encoding, options);
  const parsed = parseText(decoded.text, options);
  return { decoded, parsed, declarations: declarationsOf(parsed.metas) };
}

/**
 * OPTIMIZATION: change the encoding in one parse instead of two, as step 5 of
 * "change the encoding" allows ("If all the bytes up to the last byte converted
 * by the current decoder have the same Unicode interpretations in both the
 * current encoding and the new encoding, […] the user agent may change to the
 * new converter for the encoding on the fly"). A prescan of all the bytes
 * predicts the declaration the parser will meet; the bytes are parsed once in
 * the predicted encoding, and the result is kept only when the first
 * declaration of that parse asks for that encoding and every byte before the
 * end of its tag is ASCII other than 0x0E, 0x0F and 0x1B, which all the
 * remaining encodings decode alike, one character per byte. The first pass
 * would then have read the same characters up to the same tag, so switching
 * decoders there, or parsing again, gives exactly this parse. Otherwise
 * `null`, and parseBytes takes the two passes.
 * https://html.spec.whatwg.org/multipage/parsing.html#change-the-encoding
 */
function changeTheEncodingOnTheFly(
  bytes: Uint8Array,
  current: EncodingName,
  options: ParseBytesOptions,
): { pass: Pass; change: EncodingChange } | null {
  if (isUtf16(current) || current === 'replacement' || !canDecode(current)) return null;
  const predicted = prescanAByteStream(bytes, { endCondition: Infinity });
  if (predicted === null) return null;
  const kind = predicted.declaration.kind;
  if (kind !== 'meta-charset' && kind !== 'meta-content') return null;
  const target = changeTheEncoding(current, predicted.declaration.declared);
  if (target === null || !canDecode(target)) return null;
  // Checked before parsing too, so that a prediction bound to fail costs no parse.
  if (!decodesAlike(bytes, predicted.declaration.end)) return null;
  const pass = runPass(bytes, target, options);
  const first = pass.declarations.find((d) => d.encoding !== null);
  if (first === undefined || first.encoding === null || changeTheEncoding(current, first.encoding) !== target) return null;
  if (!decodesAlike(bytes, first.tagEnd)) return null;
  return { pass, change: { from: current, to: target, declaration: first } };
}

/**
 * Whether the first `end` bytes are ASCII other than 0x0E, 0x0F and 0x1B,
 * which every ASCII-compatible encoding decodes alike, one character per byte.
 */
function decodesAlike(bytes: Uint8Array, end: number): boolean {
  if (end > bytes.length) return false;
  for (let i = 0; i < end; i++) {
    const b = bytes[i];
    if (b >= 0x80 || b === 0x0e || b === 0x0f || b === 0x1b) return false;
  }
  return true;
}

/**
 * Parses a document given as bytes: the encoding sniffing algorithm, decoding
 * with the platform's `TextDecoder`, parsing, and changing the encoding (with a
 * second parse) when a `meta` declares another encoding while the confidence
 * is tentative. Never throws on any bytes.
 *
 * @throws RangeError when `options.override` or `options.fallback` is not an
 *   encoding label (a mistake of the caller, not of the document).
 * https://html.spec.whatwg.org/multipage/parsing.html#the-input-byte-stream
 * https://html.spec.whatwg.org/multipage/parsing.html#change-the-encoding
 */
export function parseBytes(bytes: Uint8Array, options: ParseBytesOptions = {}): ParseBytesResult {
  const sniff = sniffEncoding(bytes, options);
  let confidence: Confidence = sniff.confidence;
  let changedEncoding: EncodingChange | null = null;
  let pass: Pass | null = null;
  if (confidence === 'tentative') {
    const onTheFly = changeTheEncodingOnTheFly(bytes, sniff.encoding, options);
    if (onTheFly !== null) {
      pass = onTheFly.pass;
      changedEncoding = onTheFly.change;
      confidence = 'certain';
    }
  }
  if (pass === null) {
    pass = runPass(bytes, sniff.encoding, options);
    if (confidence === 'tentative') {
      // The tree builder changes the encoding at the first declaration that names
      // an encoding; the confidence is certain from then on.
      const first = pass.declarations.find((d) => d.encoding !== null);
      if (first !== undefined && first.encoding !== null) {
        confidence = 'certain';
        // (When the platform lacked the encoding, the text is in the fallback, but
        // the encoding being used is still the one chosen.)
        const current = pass.decoded.unsupported ?? pass.decoded.encoding;
        const newEncoding = changeTheEncoding(current, first.encoding);
        if (newEncoding !== null) {
          changedEncoding = { from: current, to: newEncoding, declaration: first };
          pass = runPass(bytes, newEncoding, options);
        }
      }
    }
  }
  const { decoded, parsed, declarations } = pass;
  const encodingDiagnostics = diagnose({
    bytes,
    text: decoded.text,
    encoding: decoded.encoding,
    unsupported: decoded.unsupported,
    sniff,
    changedEncoding,
    declarations,
  });
  return {
    text: decoded.text,
    document: parsed.document,
    errors: parsed.errors,
    encoding: decoded.encoding,
    confidence,
    sniff,
    changedEncoding,
    declarations,
    encodingDiagnostics,
  };
}

function declarationsOf(metas: readonly MetaTag[]): MetaEncodingDeclaration[] {
  const out: MetaEncodingDeclaration[] = [];
  for (const meta of metas) {
    const declaration = encodingDeclarationOf(meta);
    if (declaration !== null) out.push(declaration);
  }
  return out;
}

/** How the Encoding Standard spells an encoding's name (`UTF-8`, `windows-1252`). */
function spell(encoding: EncodingName): string {
  return ENCODING_SPEC_NAMES[encoding];
}

/** What a declaration says, for messages: `UTF-8`, or `"latin1" (windows-1252)` when the label is another name. */
function declaredAs(d: MetaEncodingDeclaration, encoding: EncodingName): string {
  return d.label.trim().toLowerCase() === encoding ? spell(encoding) : `${JSON.stringify(d.label)} (${spell(encoding)})`;
}

interface DiagnoseInput {
  bytes: Uint8Array;
  text: string;
  encoding: EncodingName;
  unsupported: EncodingName | null;
  sniff: SniffResult;
  changedEncoding: EncodingChange | null;
  declarations: readonly MetaEncodingDeclaration[];
}

/**
 * The length of the text that the first 1024 bytes decode to: the longest
 * prefix of `text` that the decoded first 1024 bytes agree with (a character
 * cut by the limit decodes differently, so it is not counted).
 */
function textWithinPrescanLimit(bytes: Uint8Array, text: string, encoding: EncodingName): number {
  if (bytes.length <= PRESCAN_BYTE_LIMIT) return text.length;
  const head = decodeBytes(bytes.subarray(0, PRESCAN_BYTE_LIMIT), encoding);
  const n = Math.min(head.length, text.length);
  let i = 0;
  while (i < n && head.charCodeAt(i) === text.charCodeAt(i)) i++;
  return i;
}

/** Why the text is in the encoding it is in, for messages. */
function encodingReason(input: DiagnoseInput): string {
  const name = spell(input.encoding);
  if (input.changedEncoding !== null) return `The document is decoded as ${name}, as its first encoding declaration says`;
  switch (input.sniff.source) {
    case 'bom':
      return `The byte order mark says ${name}`;
    case 'override':
      return `The encoding was overridden to ${name}`;
    case 'transport':
      return `The transport layer (Content-Type) says ${name}`;
    case 'xml-declaration':
      return `The XML declaration makes the document ${name}`;
    case 'prescan':
      return `The document is decoded as ${name}, as its first encoding declaration says`;
    case 'fallback':
      return `The document is decoded as ${name}`;
  }
}

/** Whether the bytes are well-formed UTF-8 (the platform's decoder in fatal mode). */
function isWellFormedUtf8(bytes: Uint8Array): boolean {
  const TextDecoderImpl = platformTextDecoder();
  if (TextDecoderImpl === undefined) return false;
  try {
    new TextDecoderImpl('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * A document that the encoding sniffing algorithm could only decode with the
 * fallback, and that has bytes the encoding matters for. "If an HTML document
 * does not start with a BOM, and its encoding is not explicitly given by
 * Content-Type metadata, and the document is not an iframe srcdoc document,
 * then the encoding must be specified using a meta element." An ASCII-only
 * document reads the same in every encoding it can be decoded with, so it is
 * let be.
 * https://html.spec.whatwg.org/multipage/semantics.html#charset
 */
function missingDeclaration(input: DiagnoseInput): EncodingDiagnostic | null {
  if (input.sniff.source !== 'fallback' || input.changedEncoding !== null) return null;
  const { bytes, encoding, text } = input;
  let firstNonAscii = -1;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] >= 0x80) {
      firstNonAscii = i;
      break;
    }
  }
  if (firstNonAscii < 0) return null;
  // Every byte before it is ASCII, one character each in an ASCII-compatible encoding.
  const asciiCompatible = !isUtf16(encoding) && encoding !== 'replacement' && firstNonAscii < text.length;
  const start = asciiCompatible ? firstNonAscii : 0;
  const code = text.charCodeAt(start);
  const end = asciiCompatible ? start + (code >= 0xd800 && code <= 0xdbff ? 2 : 1) : 0;
  const name = spell(encoding);
  const message =
    encoding !== 'utf-8' && isWellFormedUtf8(bytes)
      ? `The document has no encoding declaration, so its UTF-8 text is decoded as ${name} and comes out garbled; ` +
        'add <meta charset="utf-8"> within the first 1024 bytes'
      : `The document has no encoding declaration, so its non-ASCII bytes are decoded as ${name}, the fallback, ` +
        "while browsers guess from the user's locale; save it as UTF-8 and add <meta charset=\"utf-8\"> within the first 1024 bytes";
  return { code: EncodingDiagnosticCode.MissingEncodingDeclaration, message, severity: 'error', start, end };
}

function diagnose(input: DiagnoseInput): EncodingDiagnostic[] {
  const out: EncodingDiagnostic[] = [];
  const { declarations, encoding } = input;
  if (input.unsupported !== null) {
    const at = declarations.find((d) => d.encoding !== null && substituted(d.encoding) === input.unsupported);
    out.push({
      code: EncodingDiagnosticCode.UnsupportedEncoding,
      message:
        `This platform cannot decode ${spell(input.unsupported)}, the document's encoding: ` +
        `it was decoded as ${spell(encoding)} instead, so its text and errors may be wrong`,
      severity: 'warning',
      start: at === undefined ? 0 : at.labelStart,
      end: at === undefined ? 0 : at.labelEnd,
    });
  }
  if (declarations.length === 0) {
    const missing = missingDeclaration(input);
    if (missing !== null) out.push(missing);
    return out;
  }
  const limit = textWithinPrescanLimit(input.bytes, input.text, encoding);
  let lines: LineIndex | null = null;
  const first = declarations[0];
  for (const d of declarations) {
    const related = { start: d.tagStart, end: d.tagEnd };
    if (d !== first) {
      lines ??= new LineIndex(input.text);
      const at = lines.position(first.tagStart);
      out.push({
        code: EncodingDiagnosticCode.MultipleEncodingDeclarations,
        message: `A document must have at most one encoding declaration; the first is at line ${at.line}, column ${at.col}`,
        severity: 'error',
        start: d.labelStart,
        end: d.labelEnd,
        related: { start: first.tagStart, end: first.tagEnd },
      });
    }
    if (d.encoding === null) {
      out.push({
        code: EncodingDiagnosticCode.UnknownEncodingLabel,
        message: `${JSON.stringify(d.label)} is not an encoding label, so browsers ignore this declaration; use "utf-8"`,
        severity: 'error',
        start: d.labelStart,
        end: d.labelEnd,
        related,
      });
      continue;
    }
    if (d.tagEnd > limit) {
      out.push({
        code: EncodingDiagnosticCode.LateEncodingDeclaration,
        message: 'The encoding declaration must be within the first 1024 bytes of the document, where browsers look for it before they decode the page',
        severity: 'error',
        start: d.tagStart,
        end: d.tagEnd,
      });
    }
    const declared = d.encoding;
    const agrees =
      (isUtf16(encoding) ? isUtf16(declared) : substituted(declared) === encoding) ||
      // Already reported as unsupported-encoding.
      substituted(declared) === input.unsupported;
    if (!agrees) {
      out.push({
        code: EncodingDiagnosticCode.EncodingDeclarationMismatch,
        message: `${encodingReason(input)}, but this declaration says ${declaredAs(d, declared)}`,
        severity: 'error',
        start: d.labelStart,
        end: d.labelEnd,
        related,
      });
    }
    if (declared !== 'utf-8') {
      out.push({
        code: EncodingDiagnosticCode.NonUtf8EncodingDeclaration,
        message: `The document declares ${declaredAs(d, declared)}; documents should be encoded in UTF-8 and declare "utf-8"`,
        severity: 'warning',
        start: d.labelStart,
        end: d.labelEnd,
        related,
      });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
