/**
 * `--format json`: a JSON array of findings, each
 * `{ file, line, column, endLine, endColumn, severity, code, message, related?,
 * relatedMessage?, consequences? }` (`consequences`: `{ count, code, severity }`
 * of the findings grouped under this one, which are not in the list),
 * with 1-based lines and columns (columns count UTF-16 code units; the end is
 * exclusive).
 */
import type { Finding } from '../check-file';

export function formatJson(findings: readonly Finding[]): string {
  return JSON.stringify(findings, null, 2) + '\n';
}
