/**
 * The attributes of a processing instruction, read from its data
 * (whatwg/dom#1454, "Define processing instruction attributes";
 * https://dom.spec.whatwg.org/#interface-processinginstruction). The data is
 * read as XML reads the attributes of a start tag
 * (https://www.w3.org/TR/xml/#NT-Attribute): whitespace-separated
 * `Name="value"` or `Name='value'`, names case-sensitive, values with the
 * five predefined entity references and character references expanded and
 * whitespace characters read as spaces. Data that does not read that way
 * (an unquoted value, a missing space, a name given twice, `<` or an unknown
 * `&name;` in a value) has no attributes at all.
 *
 * Checked against Chromium 156's `ProcessingInstruction.getAttribute`:
 * `a=b` and `a="b"c="d"` have none; `a = "b"` and `x:y="1"` have one;
 * `a="b" a="c"` has none; `a="&#65;&amp;"` is "A&".
 */

/** https://www.w3.org/TR/xml/#NT-S */
function isXmlWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** https://www.w3.org/TR/xml/#NT-NameStartChar (a code point) */
function isNameStartChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    c === 0x3a ||
    c === 0x5f ||
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    (c >= 0x200c && c <= 0x200d) ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0xeffff)
  );
}

/** https://www.w3.org/TR/xml/#NT-NameChar (a code point) */
function isNameChar(c: number): boolean {
  return (
    isNameStartChar(c) ||
    c === 0x2d ||
    c === 0x2e ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0xb7 ||
    (c >= 0x300 && c <= 0x36f) ||
    (c >= 0x203f && c <= 0x2040)
  );
}

/** https://www.w3.org/TR/xml/#NT-Char (a code point) */
function isXmlChar(c: number): boolean {
  return c === 0x09 || c === 0x0a || c === 0x0d || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

/** https://www.w3.org/TR/xml/#sec-predefined-ent */
const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The attributes of a processing instruction whose data is `data`, in order,
 * or null when the data does not read as attributes (then it has none).
 */
export function processingInstructionAttributes(data: string): Map<string, string> | null {
  const attributes = new Map<string, string>();
  const n = data.length;
  let i = 0;
  for (;;) {
    const before = i;
    while (i < n && isXmlWhitespace(data.charCodeAt(i))) i++;
    if (i === n) return attributes;
    // Attributes are separated by whitespace.
    if (attributes.size > 0 && i === before) return null;
    // Name
    const nameStart = i;
    for (;;) {
      const c = data.codePointAt(i);
      if (c === undefined) break;
      if (!(i === nameStart ? isNameStartChar(c) : isNameChar(c))) break;
      i += c > 0xffff ? 2 : 1;
    }
    if (i === nameStart) return null;
    const name = data.slice(nameStart, i);
    // Eq ::= S? '=' S?
    while (i < n && isXmlWhitespace(data.charCodeAt(i))) i++;
    if (data.charCodeAt(i) !== 0x3d) return null;
    i++;
    while (i < n && isXmlWhitespace(data.charCodeAt(i))) i++;
    // AttValue ::= '"' ([^<&"] | Reference)* '"' | "'" ([^<&'] | Reference)* "'"
    const quote = data.charCodeAt(i);
    if (quote !== 0x22 && quote !== 0x27) return null;
    i++;
    let value = '';
    for (;;) {
      if (i >= n) return null;
      const c = data.codePointAt(i)!;
      if (c === quote) {
        i++;
        break;
      }
      if (c === 0x3c) return null;
      if (c === 0x26) {
        const semicolon = data.indexOf(';', i + 1);
        if (semicolon < 0) return null;
        const reference = data.slice(i + 1, semicolon);
        let expansion: string | undefined;
        if (/^#[0-9]+$/.test(reference) || /^#x[0-9a-fA-F]+$/.test(reference)) {
          const cp = reference.charCodeAt(1) === 0x78 ? parseInt(reference.slice(2), 16) : parseInt(reference.slice(1), 10);
          if (!isXmlChar(cp)) return null;
          expansion = String.fromCodePoint(cp);
        } else {
          expansion = PREDEFINED_ENTITIES[reference];
          if (expansion === undefined || !Object.prototype.hasOwnProperty.call(PREDEFINED_ENTITIES, reference)) return null;
        }
        value += expansion;
        i = semicolon + 1;
        continue;
      }
      if (!isXmlChar(c)) return null;
      // https://www.w3.org/TR/xml/#AVNormalize: a whitespace character is a space (CRLF one space).
      if (isXmlWhitespace(c)) {
        value += ' ';
        i += c === 0x0d && data.charCodeAt(i + 1) === 0x0a ? 2 : 1;
        continue;
      }
      value += String.fromCodePoint(c);
      i += c > 0xffff ? 2 : 1;
    }
    if (attributes.has(name)) return null;
    attributes.set(name, value);
  }
}

/** The value of the attribute `name` of a processing instruction whose data is `data`, or null. */
export function getAProcessingInstructionAttribute(data: string, name: string): string | null {
  return processingInstructionAttributes(data)?.get(name) ?? null;
}
