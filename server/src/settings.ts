/**
 * The server's settings (section `tagtree`), read through
 * `workspace/configuration`, `initializationOptions` or
 * `workspace/didChangeConfiguration`.
 *
 * Invariant: `readSettings` accepts any JSON value (null, {}, wrong types) and
 * returns complete settings; a bad value falls back to its default, never throws.
 */
import { compileAttributePattern, FRAMEWORK_PRESET_NAMES, isAttributeDiagnosticCode } from '@tagtree/parser';
import { configuredSetting, type RuleSet } from './lint/config';
import { isDirectiveCode } from './lint/directives';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A per-code severity; `off` drops the diagnostic. */
export type SeveritySetting = Severity | 'off';

export interface Settings {
  diagnostics: {
    /** Publish and answer diagnostics at all. */
    enable: boolean;
    /** The severity of every parse error whose code has no entry in `severity`. */
    defaultSeverity: SeveritySetting;
    /**
     * The severity of every attribute diagnostic (invalid values, duplicate
     * ids, references to nothing…) whose code has no entry in `severity`;
     * an advice-level code (`template-for-marker-not-found`) is a warning at
     * most (see `gradedSeverity`).
     */
    attributeSeverity: SeveritySetting;
    /** Severity per error code, such as `{ "missing-doctype": "warning" }`. */
    severity: Readonly<Record<string, SeveritySetting>>;
    /** At most this many diagnostics per document (0: no limit); the rest are summed up in one. */
    maxProblems: number;
    /**
     * Check document conformance (content models, obsolete features, required
     * attributes, title, main, ARIA names), and show each element's categories
     * and content model on hover. Off by default while the checks are new.
     */
    conformance: boolean;
  };
  /** The parser's scripting flag (`<noscript>` is raw text when true, as in browsers). */
  scripting: boolean;
  outline: {
    /** Show elements the parser created without a start tag (implied html, head, body, tbody, clones). */
    showImplied: boolean;
    /**
     * At most this many symbols (0: no limit). The outline is built breadth
     * first, so the upper levels stay complete; an editor given 200,000
     * symbols freezes.
     */
    maxSymbols: number;
  };
  /** Language ids served besides `html` and `mhtml`. */
  languageIds: readonly string[];
  /** Framework presets whose attributes are not flagged (as tagtree.json's "frameworks"). */
  frameworks: readonly string[];
  /** Attribute name patterns accepted on every element (as tagtree.json's "allowAttributes"). */
  allowAttributes: readonly string[];
  /**
   * VS Code custom data files, absolute or relative to the workspace folder (as tagtree.json's "customData"): those
   * of `tagtree.customData`, then VS Code's own `html.customData`, then those installed extensions contribute
   * (`contributes.html.customData`, which the VS Code client sends: `withEditorCustomData`).
   */
  customData: readonly string[];
  /**
   * What the workspace's `tagtree.json` says for one document (its preset,
   * rules and matching overrides), under the editor's per-code severities;
   * absent without a tagtree.json. Not a client setting: see `withWorkspaceRules`.
   */
  workspaceRules?: RuleSet;
}

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  diagnostics: Object.freeze({
    enable: true,
    defaultSeverity: 'error' as SeveritySetting,
    attributeSeverity: 'error' as SeveritySetting,
    severity: Object.freeze({}),
    maxProblems: 1000,
    conformance: true,
  }),
  scripting: true,
  outline: Object.freeze({ showImplied: true, maxSymbols: 2_000 }),
  languageIds: Object.freeze([]) as readonly string[],
  frameworks: Object.freeze([]) as readonly string[],
  allowAttributes: Object.freeze([]) as readonly string[],
  customData: Object.freeze([]) as readonly string[],
});

/** Language ids every configuration serves. Emacs' `mhtml-mode` sends `mhtml`. */
export const BUILTIN_LANGUAGE_IDS: readonly string[] = ['html', 'mhtml'];

const SEVERITIES: ReadonlySet<string> = new Set(['error', 'warning', 'information', 'hint', 'off']);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function bool(v: unknown, fallback: boolean): boolean {
  return typeof v === 'boolean' ? v : fallback;
}

function count(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : fallback;
}

function severity(v: unknown): SeveritySetting | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.toLowerCase();
  if (s === 'info') return 'information';
  return SEVERITIES.has(s) ? (s as SeveritySetting) : undefined;
}

/**
 * Turns whatever the client sent into complete settings. Accepts the section
 * itself (`{ diagnostics: … }`) or an object holding it (`{ tagtree: { … } }`),
 * and dotted keys as flat clients send them (`{ "diagnostics.enable": false }`).
 */
export function readSettings(raw: unknown): Settings {
  let section: unknown = raw;
  if (isObject(section) && isObject(section.tagtree)) section = section.tagtree;
  if (!isObject(section)) return DEFAULT_SETTINGS;
  const s = expandDottedKeys(section);
  const diagnostics = isObject(s.diagnostics) ? s.diagnostics : {};
  const outline = isObject(s.outline) ? s.outline : {};
  const perCode: Record<string, SeveritySetting> = {};
  if (isObject(diagnostics.severity)) {
    for (const [code, value] of Object.entries(diagnostics.severity)) {
      const sev = severity(value);
      if (sev !== undefined) perCode[code] = sev;
    }
  }
  const languageIds = strings(s.languageIds);
  return {
    diagnostics: {
      enable: bool(diagnostics.enable, DEFAULT_SETTINGS.diagnostics.enable),
      defaultSeverity: severity(diagnostics.defaultSeverity) ?? DEFAULT_SETTINGS.diagnostics.defaultSeverity,
      attributeSeverity: severity(diagnostics.attributeSeverity) ?? DEFAULT_SETTINGS.diagnostics.attributeSeverity,
      severity: perCode,
      maxProblems: count(diagnostics.maxProblems, DEFAULT_SETTINGS.diagnostics.maxProblems),
      conformance: bool(diagnostics.conformance, DEFAULT_SETTINGS.diagnostics.conformance),
    },
    scripting: bool(s.scripting, DEFAULT_SETTINGS.scripting),
    outline: {
      showImplied: bool(outline.showImplied, DEFAULT_SETTINGS.outline.showImplied),
      maxSymbols: count(outline.maxSymbols, DEFAULT_SETTINGS.outline.maxSymbols),
    },
    languageIds,
    // A preset name the server does not know, or a pattern that does not compile, is left out (never a throw).
    frameworks: strings(s.frameworks).filter((n) => FRAMEWORK_PRESET_NAMES.includes(n)),
    allowAttributes: strings(s.allowAttributes).filter(compiles),
    customData: strings(s.customData),
  };
}

/**
 * The custom data VS Code's HTML support reads besides TagTree's own setting: the `html` section's `customData`
 * (https://code.visualstudio.com/docs/languages/html#_html-custom-data: "a list of relative file paths pointing to
 * JSON files following the custom data format", relative to the workspace folder) and the files installed extensions
 * contribute (`contributes.html.customData`, absolute once the client resolved them), added to `settings.customData`.
 */
export function withEditorCustomData(settings: Settings, html: unknown, fromExtensions: readonly string[]): Settings {
  const fromHtml = isObject(html) ? strings(html.customData) : [];
  if (fromHtml.length === 0 && fromExtensions.length === 0) return settings;
  const customData = [...new Set([...settings.customData, ...fromHtml, ...fromExtensions])];
  return { ...settings, customData };
}

/** The non-empty strings of an array; nothing for anything else. */
export function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];
}

function compiles(pattern: string): boolean {
  try {
    compileAttributePattern(pattern);
    return true;
  } catch {
    return false;
  }
}

/** `{ "a.b": 1 }` → `{ a: { b: 1 } }`, keeping nested objects as they are. */
function expandDottedKeys(o: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const key of Object.keys(o)) {
    if (!key.includes('.') || key.includes('__proto__') || key.includes('constructor')) continue;
    out ??= { ...o };
    const parts = key.split('.');
    let target = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const next = target[parts[i]];
      if (isObject(next)) target = target[parts[i]] = { ...next };
      else target = target[parts[i]] = {};
    }
    target[parts[parts.length - 1]] = o[key];
  }
  return out ?? o;
}

/**
 * The severity of `code` under `settings`, or `off`: the editor's per-code
 * severity, else the workspace's tagtree.json (its rules, overrides and
 * preset), else the editor's default for the kind of code.
 */
export function severityOf(settings: Settings, code: string): SeveritySetting {
  if (Object.prototype.hasOwnProperty.call(settings.diagnostics.severity, code)) return settings.diagnostics.severity[code];
  if (settings.workspaceRules !== undefined) {
    const configured = configuredSetting(settings.workspaceRules, code);
    if (configured !== undefined) return configured;
  }
  if (isDirectiveCode(code)) return settings.diagnostics.defaultSeverity === 'off' ? 'off' : 'warning';
  return isAttributeDiagnosticCode(code) ? settings.diagnostics.attributeSeverity : settings.diagnostics.defaultSeverity;
}

/**
 * The severity of a finding whose code's own grade is `grade`: the setting
 * of its code, except that an advice-level code (`warning`) stays a warning
 * when only a default (`defaultSeverity`, `attributeSeverity`), not a
 * setting that names the code, says `error`. "Conformance errors are errors
 * and advice-level findings are warnings", under the same settings as every
 * other diagnostic.
 */
export function gradedSeverity(settings: Settings, code: string, grade: 'error' | 'warning'): SeveritySetting {
  const setting = severityOf(settings, code);
  if (grade !== 'warning' || setting !== 'error') return setting;
  const named =
    Object.prototype.hasOwnProperty.call(settings.diagnostics.severity, code) ||
    (settings.workspaceRules !== undefined && configuredSetting(settings.workspaceRules, code) !== undefined);
  return named ? setting : 'warning';
}

/**
 * The settings for one document under the workspace's tagtree.json: the
 * editor's settings on top of it. Whether the conformance checks run is the
 * workspace's to say (`"conformance"` in tagtree.json or a matching
 * override), else the editor setting's (on by default).
 */
export function withWorkspaceRules(settings: Settings, rules: RuleSet | undefined): Settings {
  if (rules === undefined) return settings;
  const conformance = rules.conformance ?? settings.diagnostics.conformance;
  return { ...settings, diagnostics: { ...settings.diagnostics, conformance }, workspaceRules: rules };
}

export function servesLanguage(settings: Settings, languageId: string): boolean {
  return BUILTIN_LANGUAGE_IDS.includes(languageId) || settings.languageIds.includes(languageId);
}
