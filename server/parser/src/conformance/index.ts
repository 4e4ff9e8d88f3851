/**
 * Document conformance: the element table (categories, content models,
 * obsolete features, ARIA names) and the checks of a parsed document.
 */
export { checkConformance, checkConformanceFindings, checkDocument, checkDocumentInSteps, moveConformanceFindings, recheckConformance } from './check-conformance';
export { ConformanceFindings } from './findings';
export type { FindingsEdit } from './findings';
export type { ConformanceDiagnostic, DocumentChecks } from './check-conformance';
export { ConformanceCode, CONFORMANCE_CODES, isConformanceCode } from './conformance-codes';
export type { ConformanceCodeInfo, ConformanceSeverity } from './conformance-codes';
export { elementEntry, describeElement, isValidCustomElementName, recheckRegion } from './element-table';
export { ELEMENT_ENTRIES, ARIA_ROLES, ARIA_ATTRIBUTES, GLOBAL_ATTRIBUTES, EVENT_HANDLER_ATTRIBUTES } from './element-table.generated';
export { describeContentModel } from './content-model';
export { elementsAllowedHere } from './allowed-here';
export type { PlaceChild } from './allowed-here';
export type { Category, Condition, ContentItem, ContentModel, ContentPattern, ElementEntry, Selector } from './element-entry';
