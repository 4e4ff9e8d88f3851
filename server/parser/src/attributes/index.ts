/**
 * Attribute values: the table of standard attributes and their
 * microsyntaxes, reading a value with it, and the attribute diagnostics of a
 * parsed document.
 */
export { ATTRIBUTE_TABLE, INPUT_TYPE, attributeDefinition, attributesOf, inputTypeKeyword } from './attribute-table';
export type { AttributeDefinition, AttributeSyntax, DateTimeKind, EnumeratedSyntax, NumberLimits } from './attribute-table';
export { AttributeDiagnosticCode, ATTRIBUTE_DIAGNOSTICS, isAttributeDiagnosticCode } from './attribute-diagnostic-codes';
export type { AttributeDiagnosticInfo } from './attribute-diagnostic-codes';
export { readAttributeValue, conformingKeywords } from './read-attribute';
export type { AttributeReading, ValueProblem } from './read-attribute';
export {
  AttributeIndex,
  TreeIndex,
  checkAttributes,
  checkAttributesInSteps,
  definitionOf,
  indexAttributes,
  inputTypeOf,
  valueRange,
  valueSubrange,
} from './check-attributes';
export type { AttributeDiagnostic, NamedElement } from './check-attributes';
export { getAttribute } from './tree-shape';
export type { AttributeShape, ChildShape, DocumentShape, ElementShape, FragmentShape, LeafShape, ParentShape, TreeRootShape } from './tree-shape';
export { attributesNotAllowed, checksAttributesOf, isCustomDataAttributeName, isXmlCompatibleName } from './allowed-attributes';
export type { AttributeNotAllowed, AttributeNotAllowedKind } from './allowed-attributes';
export { ELEMENT_ATTRIBUTES, GLOBAL_CONTENT_ATTRIBUTES, GLOBAL_EVENT_HANDLER_ATTRIBUTES, INPUT_ATTRIBUTE_TYPES } from './allowed-attributes.generated';
export {
  AttributeAllowList,
  CustomDataError,
  FRAMEWORK_PRESETS,
  FRAMEWORK_PRESET_NAMES,
  compileAttributePattern,
  customDataDescriptionText,
  frameworkPreset,
  presetsMatching,
  presetsWithElement,
  frameworkElementHint,
  readCustomData,
} from './framework-attributes';
export type { CustomData, CustomDataAttribute, CustomDataDescription, CustomDataTag, CustomDataValue, FrameworkOptions, FrameworkPreset } from './framework-attributes';
