/**
 * `--format text` (the default): one line per finding,
 * `file:line:col: severity code: message`, the shape compilers print and
 * editors and CI logs link. A finding with others grouped under it says how
 * many (`--no-group` lists them).
 */
import { messageWithConsequences, type Finding } from '../check-file';

export function formatText(findings: readonly Finding[]): string {
  let out = '';
  for (const f of findings) out += `${f.file}:${f.line}:${f.column}: ${f.severity} ${f.code}: ${messageWithConsequences(f)}\n`;
  return out;
}
