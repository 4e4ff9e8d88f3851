/**
 * Tag ids and namespaced tag keys.
 *
 * The tree builder never compares tag-name strings in its hot paths: a start
 * or end tag's name maps once to a `TagId`, and an element on the stack of open
 * elements carries a *key*, its `TagId` plus its namespace in the high bits,
 * so "an HTML p element" and "an SVG title element" are single numbers.
 */
import { TagId, TAG_ID_COUNT, TAG_NAMES } from './tag-id.generated';

export { TagId, TAG_ID_COUNT, TAG_NAMES };

/** https://infra.spec.whatwg.org/#namespaces, as the bits of a tag key. */
export const enum NsBits {
  /** https://infra.spec.whatwg.org/#html-namespace */
  HTML = 0,
  /** https://infra.spec.whatwg.org/#svg-namespace */
  SVG = 0x100,
  /** https://infra.spec.whatwg.org/#mathml-namespace */
  MathML = 0x200,
}

/** Keys of the SVG and MathML elements the rules name. HTML keys are plain `TagId`s. */
export const enum ForeignKey {
  SvgForeignObject = TagId.ForeignObject | NsBits.SVG,
  SvgDesc = TagId.Desc | NsBits.SVG,
  SvgTitle = TagId.Title | NsBits.SVG,
  SvgSvg = TagId.Svg | NsBits.SVG,
  MathMi = TagId.Mi | NsBits.MathML,
  MathMo = TagId.Mo | NsBits.MathML,
  MathMn = TagId.Mn | NsBits.MathML,
  MathMs = TagId.Ms | NsBits.MathML,
  MathMtext = TagId.Mtext | NsBits.MathML,
  MathAnnotationXml = TagId.AnnotationXml | NsBits.MathML,
  MathMath = TagId.Math | NsBits.MathML,
}

/** The number of distinct keys (three namespaces of 256 ids). */
export const TAG_KEY_COUNT = 0x300;

const ID_OF_NAME: ReadonlyMap<string, TagId> = new Map(TAG_NAMES.map((name, id) => [name, id as TagId]));

/**
 * OPTIMIZATION: the last name looked up and its id. A start tag's name is
 * looked up by the dispatcher and again when its element is pushed, and an
 * element's end tag often follows its start tag: the same (interned) string
 * compares equal at once, without hashing it into the map.
 */
let lastName = '';
let lastId: TagId = TagId.Unknown;

/** The id of a lowercase tag name, or `TagId.Unknown`. */
export function tagIdOf(name: string): TagId {
  if (name === lastName) return lastId;
  const id = ID_OF_NAME.get(name) ?? TagId.Unknown;
  lastName = name;
  lastId = id;
  return id;
}

/** The namespace bits of a key. */
export function nsBitsOf(key: number): NsBits {
  return key & 0x300;
}

/** The `TagId` of a key. */
export function tagIdOfKey(key: number): TagId {
  return key & 0xff;
}
