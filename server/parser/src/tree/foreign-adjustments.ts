/**
 * The case and namespace adjustments for foreign elements and attributes.
 * https://html.spec.whatwg.org/multipage/parsing.html#creating-and-inserting-nodes
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign
 */
import type { AttributeNamespace } from '../dom';

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#adjust-mathml-attributes
 * "If the token has an attribute named definitionurl, change its name to
 * definitionURL (note the case difference)."
 */
export const MATHML_ATTRIBUTE_ADJUSTMENTS: ReadonlyMap<string, string> = new Map([['definitionurl', 'definitionURL']]);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#adjust-svg-attributes
 * "for each attribute on the token whose attribute name is one of the ones in
 * the first column of the following table, change the attribute's name to the
 * name given in the corresponding cell in the second column."
 */
export const SVG_ATTRIBUTE_ADJUSTMENTS: ReadonlyMap<string, string> = new Map(
  [
    'attributeName', 'attributeType', 'baseFrequency', 'baseProfile', 'calcMode', 'clipPathUnits',
    'diffuseConstant', 'edgeMode', 'filterUnits', 'glyphRef', 'gradientTransform', 'gradientUnits',
    'kernelMatrix', 'kernelUnitLength', 'keyPoints', 'keySplines', 'keyTimes', 'lengthAdjust',
    'limitingConeAngle', 'markerHeight', 'markerUnits', 'markerWidth', 'maskContentUnits', 'maskUnits',
    'numOctaves', 'pathLength', 'patternContentUnits', 'patternTransform', 'patternUnits', 'pointsAtX',
    'pointsAtY', 'pointsAtZ', 'preserveAlpha', 'preserveAspectRatio', 'primitiveUnits', 'refX', 'refY',
    'repeatCount', 'repeatDur', 'requiredExtensions', 'requiredFeatures', 'specularConstant',
    'specularExponent', 'spreadMethod', 'startOffset', 'stdDeviation', 'stitchTiles', 'surfaceScale',
    'systemLanguage', 'tableValues', 'targetX', 'targetY', 'textLength', 'viewBox', 'viewTarget',
    'xChannelSelector', 'yChannelSelector', 'zoomAndPan',
  ].map((name) => [name.toLowerCase(), name]),
);

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign
 * "If the adjusted current node is an element in the SVG namespace, and the
 * token's tag name is one of the ones in the first column of the following
 * table, change the tag name to the name given in the corresponding cell in
 * the second column."
 */
export const SVG_TAG_NAME_ADJUSTMENTS: ReadonlyMap<string, string> = new Map(
  [
    'altGlyph', 'altGlyphDef', 'altGlyphItem', 'animateColor', 'animateMotion', 'animateTransform', 'clipPath',
    'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting',
    'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR',
    'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight',
    'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence', 'foreignObject', 'glyphRef', 'linearGradient',
    'radialGradient', 'textPath',
  ].map((name) => [name.toLowerCase(), name]),
);

/** One row of the foreign attributes table. */
export interface ForeignAttributeAdjustment {
  prefix: string | null;
  localName: string;
  namespace: AttributeNamespace;
}

/**
 * https://html.spec.whatwg.org/multipage/parsing.html#adjust-foreign-attributes
 * "If any of the attributes on the token match the strings given in the first
 * column of the following table, let the attribute be a namespaced attribute,
 * with the prefix being the string given in the corresponding cell in the
 * second column, the local name being the string given in the corresponding
 * cell in the third column, and the namespace being the namespace given in the
 * corresponding cell in the fourth column."
 */
export const FOREIGN_ATTRIBUTE_ADJUSTMENTS: ReadonlyMap<string, ForeignAttributeAdjustment> = new Map([
  ['xlink:actuate', { prefix: 'xlink', localName: 'actuate', namespace: 'xlink' }],
  ['xlink:arcrole', { prefix: 'xlink', localName: 'arcrole', namespace: 'xlink' }],
  ['xlink:href', { prefix: 'xlink', localName: 'href', namespace: 'xlink' }],
  ['xlink:role', { prefix: 'xlink', localName: 'role', namespace: 'xlink' }],
  ['xlink:show', { prefix: 'xlink', localName: 'show', namespace: 'xlink' }],
  ['xlink:title', { prefix: 'xlink', localName: 'title', namespace: 'xlink' }],
  ['xlink:type', { prefix: 'xlink', localName: 'type', namespace: 'xlink' }],
  ['xml:lang', { prefix: 'xml', localName: 'lang', namespace: 'xml' }],
  ['xml:space', { prefix: 'xml', localName: 'space', namespace: 'xml' }],
  ['xmlns', { prefix: null, localName: 'xmlns', namespace: 'xmlns' }],
  ['xmlns:xlink', { prefix: 'xmlns', localName: 'xlink', namespace: 'xmlns' }],
] satisfies [string, ForeignAttributeAdjustment][]);
