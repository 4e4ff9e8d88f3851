/**
 * `--format sarif`: a SARIF 2.1.0 log, which GitHub code scanning reads
 * (upload it with github/codeql-action/upload-sarif). Paths are relative to
 * the directory `check` ran in (`%SRCROOT%`), which in a workflow is the
 * repository root. Columns count UTF-16 code units, as the log says.
 * https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html
 */
import { pathToFileURL } from 'node:url';
import type { Location, Log, ReportingDescriptor, Result } from 'sarif';
import { messageWithConsequences, type Finding, type Region } from '../check-file';
import { codeInfo } from '../../lint/codes';

export interface SarifTool {
  version: string;
  /** The absolute directory that relative paths are relative to. */
  root: string;
}

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** A relative path (with `/` separators) as a URI reference. */
function uriOf(file: string): string {
  const absolute = /^([a-zA-Z]:)?\//.test(file);
  if (absolute) return pathToFileURL(file).href;
  return file.split('/').map(encodeURIComponent).join('/');
}

function region(r: Region): { startLine: number; startColumn: number; endLine: number; endColumn: number } {
  return { startLine: r.line, startColumn: r.column, endLine: r.endLine, endColumn: r.endColumn };
}

function location(file: string, r: Region): Location {
  const absolute = /^([a-zA-Z]:)?\//.test(file);
  return {
    physicalLocation: {
      artifactLocation: absolute ? { uri: uriOf(file) } : { uri: uriOf(file), uriBaseId: '%SRCROOT%' },
      region: region(r),
    },
  };
}

export function toSarif(findings: readonly Finding[], tool: SarifTool): Log {
  const rules: ReportingDescriptor[] = [];
  const ruleIndex = new Map<string, number>();
  const results: Result[] = [];
  for (const f of findings) {
    let index = ruleIndex.get(f.code);
    if (index === undefined) {
      const info = codeInfo(f.code);
      index = rules.length;
      ruleIndex.set(f.code, index);
      rules.push({
        id: f.code,
        shortDescription: { text: info.description },
        helpUri: info.helpUri,
        defaultConfiguration: { level: info.defaultSeverity },
        properties: { tags: ['html', info.kind] },
      });
    }
    const result: Result = {
      ruleId: f.code,
      ruleIndex: index,
      level: f.severity,
      message: { text: messageWithConsequences(f) },
      locations: [location(f.file, f)],
    };
    if (f.consequences !== undefined) result.properties = { consequences: f.consequences };
    if (f.related !== undefined) {
      result.relatedLocations = [{ id: 1, ...location(f.file, f.related), message: { text: f.relatedMessage ?? 'Related location' } }];
    }
    results.push(result);
  }
  const root = pathToFileURL(tool.root.endsWith('/') ? tool.root : `${tool.root}/`).href;
  return {
    version: '2.1.0',
    $schema: SCHEMA,
    runs: [
      {
        tool: {
          driver: {
            name: 'TagTree',
            version: tool.version,
            semanticVersion: tool.version,
            informationUri: 'https://github.com/tagtree/tagtree',
            rules,
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: root } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

export function formatSarif(findings: readonly Finding[], tool: SarifTool): string {
  return JSON.stringify(toSarif(findings, tool), null, 2) + '\n';
}
