/** The formatter: white-space-only edits, checked against the parse (format.ts). */
export { formatHtml, applyEdits, MAX_CHECKS, MAX_INDENT_LEVEL } from './format';
export type { FormatOptions, FormatEdit, FormatResult } from './format';
export { compareTrees } from './compare';
export type { TreeDifference } from './compare';
export { isBlockLevel, isOpaque, isTransparent, containerKind, boundaryBefore, boundaryAfter, BLOCK_LEVEL, NO_LINE_BOXES } from './display';
