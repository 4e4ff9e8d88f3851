import { extractACharacterEncodingFromAMetaElement } from './extract-encoding-from-meta';
import { getAnEncodingFromLabel } from './get-an-encoding';
import { asciiLowercase, isAsciiWhitespace, isomorphicDecode } from './infra';
import type { EncodingName } from './labels.generated';

/**
 * The prescan's default end condition: "User agents are encouraged to only
 * prescan the first 1024 bytes."
 * https://html.spec.whatwg.org/multipage/parsing.html#prescan-end-condition
 */
export const PRESCAN_BYTE_LIMIT = 1024;

/** Which syntax declared the encoding. */
export type EncodingDeclarationKind =
  /** `<meta charset=…>`. */
  | 'meta-charset'
  /** `<meta http-equiv="Content-Type" content="…; charset=…">`. */
  | 'meta-content'
  /** `<?xml … encoding="…"?>` at the very start of the bytes. */
  | 'xml-declaration'
  /** The bytes of `<?x` in UTF-16 at the very start: the encoding is UTF-16LE/BE. */
  | 'utf-16-xml-declaration';

/**
 * Where an encoding declaration sits in the byte stream. Offsets are byte
 * offsets into the bytes given to the prescan; `end` is exclusive.
 */
export interface EncodingDeclaration {
  kind: EncodingDeclarationKind;
  /** The declaration's first byte (its `<`). */
  start: number;
  /**
   * Just past the declaration: past the `>` that closes the `meta` tag or the
   * XML declaration; past the six bytes matched for a UTF-16 XML declaration.
   */
  end: number;
  /**
   * The bytes of the label as written (without quotes). For a UTF-16 XML
   * declaration, whose label the spec does not read, this is empty at `end`.
   */
  labelStart: number;
  labelEnd: number;
  /**
   * The encoding the label names, before the prescan's substitutions
   * (UTF-16BE/LE becomes UTF-8; x-user-defined becomes windows-1252 in `meta`).
   */
  declared: EncodingName;
}

/** A successful prescan: the encoding to use and the declaration that gave it. */
export interface PrescanResult {
  encoding: EncodingName;
  declaration: EncodingDeclaration;
}

export interface PrescanOptions {
  /**
   * The end condition, as a number of bytes: the prescan reads no byte at or
   * past this offset. Defaults to {@link PRESCAN_BYTE_LIMIT}. `Infinity` scans
   * all the bytes given; 0 scans none.
   */
  endCondition?: number;
}

/**
 * The spec's "abort the prescan": the position ran past the bytes available
 * (the end of the input or the end condition).
 */
const ABORT = -1;

/** One attribute found by "get an attribute". Offsets are byte offsets. */
interface SniffedAttribute {
  name: string;
  value: string;
  /** First byte of the value (after an opening quote); equals `valueEnd` for an empty value. */
  valueStart: number;
  valueEnd: number;
}

/** 0x09 (HT), 0x0A (LF), 0x0C (FF), 0x0D (CR) or 0x20 (SP). */
const isSpace = isAsciiWhitespace;

function isAsciiAlpha(b: number): boolean {
  return (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
}

/** The attribute name or value the spec builds byte by byte: A-Z lowercased, other bytes as code points. */
function lowercasedText(bytes: Uint8Array, start: number, end: number): string {
  return asciiLowercase(isomorphicDecode(bytes, start, end));
}

/**
 * The state of one run of the prescan over `bytes` (already cut at the end
 * condition, so running past `bytes.length` is the spec's "runs out of bytes or
 * reaches its end condition").
 */
class Prescanner {
  position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  /**
   * Steps 1 to 4 of the prescan. Returns `null` when the spec aborts the prescan
   * (the caller then gets an XML encoding).
   * https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
   */
  run(): PrescanResult | null {
    const bytes = this.bytes;
    const length = bytes.length;
    // NOTE: some revisions of the spec open with "Let fallback encoding be null";
    // no later step reads it, so it is left out.
    // Step 1. Let position be a pointer to a byte in the input byte stream,
    // initially pointing at the first byte.
    this.position = 0;
    // Step 2. Prescan for UTF-16 XML declarations: If position points to:
    if (length >= 6) {
      // A sequence of bytes starting with: 0x3C, 0x0, 0x3F, 0x0, 0x78, 0x0
      // (case-sensitive UTF-16 little-endian '<?x')
      if (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00 && bytes[4] === 0x78 && bytes[5] === 0x00) {
        // Return UTF-16LE.
        return utf16XmlDeclaration('utf-16le');
      }
      // A sequence of bytes starting with: 0x0, 0x3C, 0x0, 0x3F, 0x0, 0x78
      // (case-sensitive UTF-16 big-endian '<?x')
      if (bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f && bytes[4] === 0x00 && bytes[5] === 0x78) {
        // Return UTF-16BE.
        return utf16XmlDeclaration('utf-16be');
      }
    }
    // Step 3. Loop: If position points to:
    loop: for (;;) {
      const p = this.position;
      if (p >= length) return null;
      if (bytes[p] === 0x3c) {
        const b1 = p + 1 < length ? bytes[p + 1] : -1;
        if (b1 === 0x21 && p + 3 < length && bytes[p + 2] === 0x2d && bytes[p + 3] === 0x2d) {
          // A sequence of bytes starting with: 0x3C 0x21 0x2D 0x2D (`<!--`)
          //   Advance the position pointer so that it points at the first 0x3E byte
          //   which is preceded by two 0x2D bytes (i.e. at the end of an ASCII '-->'
          //   sequence) and comes after the 0x3C byte that was found. (The two 0x2D
          //   bytes can be the same as those in the '<!--' sequence.)
          let q = p + 4;
          while (q < length && !(bytes[q] === 0x3e && bytes[q - 1] === 0x2d && bytes[q - 2] === 0x2d)) q++;
          if (q >= length) return null;
          this.position = q;
        } else if (
          p + 5 < length &&
          (b1 === 0x4d || b1 === 0x6d) &&
          (bytes[p + 2] === 0x45 || bytes[p + 2] === 0x65) &&
          (bytes[p + 3] === 0x54 || bytes[p + 3] === 0x74) &&
          (bytes[p + 4] === 0x41 || bytes[p + 4] === 0x61) &&
          (isSpace(bytes[p + 5]) || bytes[p + 5] === 0x2f)
        ) {
          // A sequence of bytes starting with: 0x3C, 0x4D or 0x6D, 0x45 or 0x65,
          // 0x54 or 0x74, 0x41 or 0x61, and one of 0x09, 0x0A, 0x0C, 0x0D, 0x20,
          // 0x2F (case-insensitive ASCII '<meta' followed by a space or slash)
          const result = this.meta(p);
          if (result === ABORT) return null;
          if (result !== null) return result;
        } else if (isAsciiAlpha(b1) || (b1 === 0x2f && p + 2 < length && isAsciiAlpha(bytes[p + 2]))) {
          // A sequence of bytes starting with a 0x3C byte (<), optionally a 0x2F
          // byte (/), and finally a byte in the range 0x41-0x5A or 0x61-0x7A (A-Z or a-z)
          // Step 1. Advance the position pointer so that it points at the next 0x09
          // (HT), 0x0A (LF), 0x0C (FF), 0x0D (CR), 0x20 (SP), or 0x3E (>) byte.
          let q = p + 1;
          while (q < length && !isSpace(bytes[q]) && bytes[q] !== 0x3e) q++;
          if (q >= length) return null;
          this.position = q;
          // Step 2. Repeatedly get an attribute until no further attributes can be
          // found, then jump to the step below labeled next byte.
          for (;;) {
            const attribute = this.getAnAttribute();
            if (attribute === ABORT) return null;
            if (attribute === null) break;
          }
        } else if (b1 === 0x21 || b1 === 0x2f || b1 === 0x3f) {
          // A sequence of bytes starting with: 0x3C 0x21 (`<!`)
          // A sequence of bytes starting with: 0x3C 0x2F (`</`)
          // A sequence of bytes starting with: 0x3C 0x3F (`<?`)
          //   Advance the position pointer so that it points at the first 0x3E byte
          //   (>) that comes after the 0x3C byte that was found.
          const q = bytes.indexOf(0x3e, p + 1);
          if (q < 0) return null;
          this.position = q;
        }
        // A lone 0x3C matches "Any other byte".
      }
      // Any other byte: Do nothing with that byte.

      // Step 4. Next byte: Move position so it points at the next byte in the input
      // byte stream, and return to the step above labeled loop.
      this.position++;
      continue loop;
    }
  }

  /**
   * The `<meta` branch of the prescan's loop, with `start` at its `<`. Returns
   * the result, `null` to go on to the next byte, or ABORT.
   */
  private meta(start: number): PrescanResult | null | typeof ABORT {
    // Step 1. Advance the position pointer so that it points at the next 0x09,
    // 0x0A, 0x0C, 0x0D, 0x20, or 0x2F byte (the one in sequence of characters
    // matched above).
    this.position = start + 5;
    // Step 2. Let attribute list be an empty list of strings.
    const attributeList = new Set<string>();
    // Step 3. Let got pragma be false.
    let gotPragma = false;
    // Step 4. Let need pragma be null.
    let needPragma: boolean | null = null;
    // Step 5. Let charset be the null value (which, for the purposes of this
    // algorithm, is distinct from an unrecognized encoding or the empty string).
    // `undefined` is null here and `null` is failure.
    let charset: EncodingName | null | undefined = undefined;
    let kind: EncodingDeclarationKind = 'meta-charset';
    let labelStart = 0;
    let labelEnd = 0;
    attributes: for (;;) {
      // Step 6. Attributes: Get an attribute and its value. If no attribute was
      // sniffed, then jump to the processing step below.
      const attribute = this.getAnAttribute();
      if (attribute === ABORT) return ABORT;
      if (attribute === null) break attributes;
      // Step 7. If the attribute's name is already in attribute list, then return
      // to the step labeled attributes.
      if (attributeList.has(attribute.name)) continue attributes;
      // Step 8. Add the attribute's name to attribute list.
      attributeList.add(attribute.name);
      // Step 9. Run the appropriate step from the following list, if one applies:
      switch (attribute.name) {
        case 'http-equiv':
          // If the attribute's value is "content-type", then set got pragma to true.
          if (attribute.value === 'content-type') gotPragma = true;
          break;
        case 'content': {
          // Apply the algorithm for extracting a character encoding from a meta
          // element, giving the attribute's value as the string to parse. If a
          // character encoding is returned, and if charset is still set to null,
          // let charset be the encoding returned, and set need pragma to true.
          const extracted = extractACharacterEncodingFromAMetaElement(attribute.value);
          if (extracted !== null && charset === undefined) {
            charset = extracted.encoding;
            needPragma = true;
            // Each character of the value came from one byte, in order.
            kind = 'meta-content';
            labelStart = attribute.valueStart + extracted.labelStart;
            labelEnd = attribute.valueStart + extracted.labelEnd;
          }
          break;
        }
        case 'charset':
          // Let charset be the result of getting an encoding from the attribute's
          // value, and set need pragma to false.
          charset = getAnEncodingFromLabel(attribute.value);
          needPragma = false;
          kind = 'meta-charset';
          labelStart = attribute.valueStart;
          labelEnd = attribute.valueEnd;
          break;
      }
      // Step 10. Return to the step labeled attributes.
    }
    // Step 11. Processing: If need pragma is null, then jump to the step below
    // labeled next byte.
    if (needPragma === null) return null;
    // Step 12. If need pragma is true but got pragma is false, then jump to the
    // step below labeled next byte.
    if (needPragma && !gotPragma) return null;
    // Step 13. If charset is failure, then jump to the step below labeled next byte.
    if (charset === null || charset === undefined) return null;
    const declared = charset;
    // Step 14. If charset is UTF-16BE/LE, then set charset to UTF-8.
    if (charset === 'utf-16be' || charset === 'utf-16le') charset = 'utf-8';
    // Step 15. If charset is x-user-defined, then set charset to windows-1252.
    if (charset === 'x-user-defined') charset = 'windows-1252';
    // Step 16. Return charset.
    // (No attribute was sniffed, so position points at the tag's 0x3E.)
    return {
      encoding: charset,
      declaration: { kind, start, end: this.position + 1, labelStart, labelEnd, declared },
    };
  }

  /**
   * Get an attribute: the next attribute, `null` when there is none (position
   * then points at a 0x3E byte), or ABORT.
   * https://html.spec.whatwg.org/multipage/parsing.html#concept-get-attributes-when-sniffing
   */
  private getAnAttribute(): SniffedAttribute | null | typeof ABORT {
    const bytes = this.bytes;
    const length = bytes.length;
    let position = this.position;
    // Step 1. If the byte at position is one of 0x09 (HT), 0x0A (LF), 0x0C (FF),
    // 0x0D (CR), 0x20 (SP), or 0x2F (/), then advance position to the next byte
    // and redo this step.
    while (position < length && (isSpace(bytes[position]) || bytes[position] === 0x2f)) position++;
    if (position >= length) return ABORT;
    // Step 2. If the byte at position is 0x3E (>), then abort the get an attribute
    // algorithm. There isn't one.
    if (bytes[position] === 0x3e) {
      this.position = position;
      return null;
    }
    // Step 3. Otherwise, the byte at position is the start of the attribute name.
    // Let attribute name and attribute value be the empty string.
    // OPTIMIZATION: the name and the value are each one run of bytes; they are
    // sliced and lowercased once instead of appended to code point by code point.
    const nameStart = position;
    let name: string;
    // Step 4. Process the byte at position as follows:
    attributeName: for (;; position++) {
      if (position >= length) return ABORT;
      const b = bytes[position];
      if (b === 0x3d && position > nameStart) {
        // If it is 0x3D (=), and the attribute name is longer than the empty string
        //   Advance position to the next byte and jump to the step below labeled value.
        name = lowercasedText(bytes, nameStart, position);
        position++;
        break attributeName;
      }
      if (isSpace(b)) {
        // If it is 0x09 (HT), 0x0A (LF), 0x0C (FF), 0x0D (CR), or 0x20 (SP)
        //   Jump to the step below labeled spaces.
        name = lowercasedText(bytes, nameStart, position);
        // Step 6. Spaces: If the byte at position is one of 0x09 (HT), 0x0A (LF),
        // 0x0C (FF), 0x0D (CR), or 0x20 (SP), then advance position to the next
        // byte, then, repeat this step.
        while (position < length && isSpace(bytes[position])) position++;
        if (position >= length) return ABORT;
        // Step 7. If the byte at position is not 0x3D (=), abort the get an
        // attribute algorithm. The attribute's name is the value of attribute name,
        // its value is the empty string.
        if (bytes[position] !== 0x3d) return this.attribute(position, name, '', position, position);
        // Step 8. Advance position past the 0x3D (=) byte.
        position++;
        break attributeName;
      }
      if (b === 0x2f || b === 0x3e) {
        // If it is 0x2F (/) or 0x3E (>)
        //   Abort the get an attribute algorithm. The attribute's name is the value
        //   of attribute name, its value is the empty string.
        return this.attribute(position, lowercasedText(bytes, nameStart, position), '', position, position);
      }
      // If it is in the range 0x41 (A) to 0x5A (Z)
      //   Append the code point b+0x20 to attribute name (where b is the value of
      //   the byte at position). (This converts the input to lowercase.)
      // Anything else
      //   Append the code point with the same value as the byte at position to
      //   attribute name.
      // Step 5. Advance position to the next byte and return to the previous step.
    }
    // Step 9. Value: If the byte at position is one of 0x09 (HT), 0x0A (LF), 0x0C
    // (FF), 0x0D (CR), or 0x20 (SP), then advance position to the next byte, then,
    // repeat this step.
    while (position < length && isSpace(bytes[position])) position++;
    if (position >= length) return ABORT;
    // Step 10. Process the byte at position as follows:
    const b = bytes[position];
    if (b === 0x22 || b === 0x27) {
      // If it is 0x22 (") or 0x27 (')
      //   1. Let b be the value of the byte at position.
      //   2. Quote loop: Advance position to the next byte.
      //   3. If the value of the byte at position is the value of b, then advance
      //      position to the next byte and abort the "get an attribute" algorithm.
      //      The attribute's name is the value of attribute name, and its value is
      //      the value of attribute value.
      //   4. Otherwise, if the value of the byte at position is in the range 0x41
      //      (A) to 0x5A (Z), then append a code point to attribute value whose value
      //      is 0x20 more than the value of the byte at position.
      //   5. Otherwise, append a code point to attribute value whose value is the
      //      same as the value of the byte at position.
      //   6. Return to the step above labeled quote loop.
      const valueStart = position + 1;
      const close = bytes.indexOf(b, valueStart);
      if (close < 0) return ABORT;
      return this.attribute(close + 1, name, lowercasedText(bytes, valueStart, close), valueStart, close);
    }
    if (b === 0x3e) {
      // If it is 0x3E (>)
      //   Abort the get an attribute algorithm. The attribute's name is the value of
      //   attribute name, its value is the empty string.
      return this.attribute(position, name, '', position, position);
    }
    // If it is in the range 0x41 (A) to 0x5A (Z)
    //   Append a code point b+0x20 to attribute value (where b is the value of the
    //   byte at position). Advance position to the next byte.
    // Anything else
    //   Append a code point with the same value as the byte at position to
    //   attribute value. Advance position to the next byte.
    const valueStart = position;
    position++;
    // Step 11. Process the byte at position as follows:
    for (;; position++) {
      if (position >= length) return ABORT;
      const c = bytes[position];
      if (isSpace(c) || c === 0x3e) {
        // If it is 0x09 (HT), 0x0A (LF), 0x0C (FF), 0x0D (CR), 0x20 (SP), or 0x3E (>)
        //   Abort the get an attribute algorithm. The attribute's name is the value
        //   of attribute name and its value is the value of attribute value.
        return this.attribute(position, name, lowercasedText(bytes, valueStart, position), valueStart, position);
      }
      // If it is in the range 0x41 (A) to 0x5A (Z)
      //   Append a code point b+0x20 to attribute value (where b is the value of
      //   the byte at position).
      // Anything else
      //   Append a code point with the same value as the byte at position to
      //   attribute value.
      // Step 12. Advance position to the next byte and return to the previous step.
    }
  }

  /** Ends "get an attribute" with position at `position`. */
  private attribute(position: number, name: string, value: string, valueStart: number, valueEnd: number): SniffedAttribute {
    this.position = position;
    return { name, value, valueStart, valueEnd };
  }
}

function utf16XmlDeclaration(encoding: 'utf-16le' | 'utf-16be'): PrescanResult {
  // The spec does not read the label of this declaration: the range is empty.
  return {
    encoding,
    declaration: { kind: 'utf-16-xml-declaration', start: 0, end: 6, labelStart: 6, labelEnd: 6, declared: encoding },
  };
}

/** Offset of the first `encoding` (0x65 0x6E 0x63 0x6F 0x64 0x69 0x6E 0x67) in bytes[from, to), or -1. */
function findEncodingKeyword(bytes: Uint8Array, from: number, to: number): number {
  for (let i = from; i + 8 <= to; i++) {
    if (
      bytes[i] === 0x65 &&
      bytes[i + 1] === 0x6e &&
      bytes[i + 2] === 0x63 &&
      bytes[i + 3] === 0x6f &&
      bytes[i + 4] === 0x64 &&
      bytes[i + 5] === 0x69 &&
      bytes[i + 6] === 0x6e &&
      bytes[i + 7] === 0x67
    ) {
      return i;
    }
  }
  return -1;
}

/**
 * Get an XML encoding, run when the prescan is aborted without returning an
 * encoding, over the same bytes. Returns `null` for failure.
 * https://html.spec.whatwg.org/multipage/parsing.html#concept-get-xml-encoding-when-sniffing
 */
export function getAnXmlEncoding(bytes: Uint8Array): PrescanResult | null {
  const length = bytes.length;
  // Step 1. Let encodingPosition be a pointer to the start of the stream.
  let encodingPosition = 0;
  // Step 2. If encodingPosition does not point to the start of a byte sequence
  // 0x3C, 0x3F, 0x78, 0x6D, 0x6C (`<?xml`), then return failure.
  if (!(length >= 5 && bytes[0] === 0x3c && bytes[1] === 0x3f && bytes[2] === 0x78 && bytes[3] === 0x6d && bytes[4] === 0x6c)) {
    return null;
  }
  // Step 3. Let xmlDeclarationEnd be a pointer to the next byte in the input byte
  // stream which is 0x3E (>). If there is no such byte, then return failure.
  const xmlDeclarationEnd = bytes.indexOf(0x3e, encodingPosition);
  if (xmlDeclarationEnd < 0) return null;
  // Step 4. Set encodingPosition to the position of the first occurrence of the
  // subsequence of bytes 0x65, 0x6E, 0x63, 0x6F, 0x64, 0x69, 0x6E, 0x67
  // (`encoding`) at or after the current encodingPosition and before
  // xmlDeclarationEnd. If there is no such sequence, then return failure.
  encodingPosition = findEncodingKeyword(bytes, encodingPosition, xmlDeclarationEnd);
  if (encodingPosition < 0) return null;
  // Step 5. Advance encodingPosition past the 0x67 (g) byte.
  encodingPosition += 8;
  // Step 6. While the byte at encodingPosition is less than or equal to 0x20
  // (i.e., it is either an ASCII space or control character), advance
  // encodingPosition to the next byte.
  // (The 0x3E at xmlDeclarationEnd stops these loops before the end.)
  while (bytes[encodingPosition] <= 0x20) encodingPosition++;
  // Step 7. If the byte at encodingPosition is not 0x3D (=), then return failure.
  if (bytes[encodingPosition] !== 0x3d) return null;
  // Step 8. Advance encodingPosition to the next byte.
  encodingPosition++;
  // Step 9. While the byte at encodingPosition is less than or equal to 0x20
  // (i.e., it is either an ASCII space or control character), advance
  // encodingPosition to the next byte.
  while (bytes[encodingPosition] <= 0x20) encodingPosition++;
  // Step 10. Let quoteMark be the byte at encodingPosition.
  const quoteMark = bytes[encodingPosition];
  // Step 11. If quoteMark is not either 0x22 (") or 0x27 ('), then return failure.
  if (quoteMark !== 0x22 && quoteMark !== 0x27) return null;
  // Step 12. Advance encodingPosition to the next byte.
  encodingPosition++;
  // Step 13. Let encodingEndPosition be the position of the next occurrence of
  // quoteMark at or after encodingPosition. If quoteMark does not occur again,
  // then return failure.
  const encodingEndPosition = bytes.indexOf(quoteMark, encodingPosition);
  if (encodingEndPosition < 0) return null;
  // Step 14. Let potentialEncoding be the sequence of the bytes between
  // encodingPosition (inclusive) and encodingEndPosition (exclusive).
  // Step 15. If potentialEncoding contains one or more bytes whose byte value is
  // 0x20 or below, then return failure.
  for (let i = encodingPosition; i < encodingEndPosition; i++) {
    if (bytes[i] <= 0x20) return null;
  }
  // Step 16. Let encoding be the result of getting an encoding given
  // potentialEncoding isomorphic decoded.
  let encoding = getAnEncodingFromLabel(isomorphicDecode(bytes, encodingPosition, encodingEndPosition));
  if (encoding === null) return null;
  const declared = encoding;
  // Step 17. If the encoding is UTF-16BE/LE, then change it to UTF-8.
  if (encoding === 'utf-16be' || encoding === 'utf-16le') encoding = 'utf-8';
  // Step 18. Return encoding.
  return {
    encoding,
    declaration: {
      kind: 'xml-declaration',
      start: 0,
      end: xmlDeclarationEnd + 1,
      labelStart: encodingPosition,
      labelEnd: encodingEndPosition,
      declared,
    },
  };
}

/**
 * Prescan a byte stream to determine its encoding, with the end condition
 * `options.endCondition` (1024 bytes by default). Returns the encoding with the
 * declaration that gave it, or `null` for failure. When the prescan runs out of
 * bytes or reaches its end condition it returns the result of getting an XML
 * encoding from the same bytes.
 * https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
 */
export function prescanAByteStream(bytes: Uint8Array, options: PrescanOptions = {}): PrescanResult | null {
  const endCondition = options.endCondition ?? PRESCAN_BYTE_LIMIT;
  const scanned = endCondition < bytes.length ? bytes.subarray(0, Math.max(0, Math.floor(endCondition))) : bytes;
  // If at any point during these steps […] the user agent either runs out of bytes
  // […] or reaches its end condition, then abort the prescan a byte stream to
  // determine its encoding algorithm and return the result get an XML encoding
  // applied to the same bytes that the prescan a byte stream to determine its
  // encoding algorithm was applied to.
  return new Prescanner(scanned).run() ?? getAnXmlEncoding(scanned);
}
