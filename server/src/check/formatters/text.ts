/**
 * `--format text` (the default): one line per finding,
 * `file:line:col: severity code: message`, the shape compilers print and
 * editors and CI logs link.
 */
import type { Finding } from '../check-file';

export function formatText(findings: readonly Finding[]): string {
  let out = '';
  for (const f of findings) out += `${f.file}:${f.line}:${f.column}: ${f.severity} ${f.code}: ${f.message}\n`;
  return out;
}
