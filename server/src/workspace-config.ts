/**
 * The workspace's `tagtree.json` for the language server: for each document
 * on disk, the nearest tagtree.json (or package.json with a "tagtree" key) in
 * its folder or above, as `tagtree check` finds it from there
 * (config-files.ts), and what it says for that file (lint/config.ts: preset,
 * rules, overrides, ignore). Read once per folder and kept until a watched
 * configuration file changes (`invalidate`).
 *
 * A configuration that cannot be used is reported once through `onError` and
 * left out: the document gets the editor's settings alone, never a crash.
 */
import { relative, sep, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import ignore from 'ignore';
import { ConfigError, findConfig } from './config-files';
import { ruleSetFor, type LintConfig, type RuleSet } from './lint/config';
import type { FormatConfig } from './lint/format-config';

/** What the configuration says for one document. */
export interface DocumentConfig {
  /** Absent when no configuration applies. */
  rules?: RuleSet;
  /** The configuration's `ignore` patterns match the file: it gets no diagnostics. */
  ignored: boolean;
  /** The configuration's `format` section (the formatter's options). */
  format?: FormatConfig;
}

const NONE: DocumentConfig = Object.freeze({ ignored: false });

interface Loaded {
  config: LintConfig;
  ignores: (path: string) => boolean;
}

export class WorkspaceConfigs {
  /** Per folder: its configuration, or null when none applies (or it is broken). */
  private readonly byFolder = new Map<string, Loaded | null>();
  /** Errors already reported, so that each is said once per change. */
  private readonly reported = new Set<string>();

  constructor(private readonly onError: (message: string) => void) {}

  /** Forgets every configuration read (a tagtree.json or package.json changed). */
  invalidate(): void {
    this.byFolder.clear();
    this.reported.clear();
  }

  /** The configuration for the document at `uri`; none for a document that is no file (an unsaved one). */
  forDocument(uri: string): DocumentConfig {
    let path: string;
    try {
      if (!uri.startsWith('file:')) return NONE;
      path = fileURLToPath(uri);
    } catch {
      return NONE;
    }
    const loaded = this.load(dirname(path));
    if (loaded === null) return NONE;
    const rel = relative(loaded.config.dir, path).split(sep).join('/');
    const inside = rel !== '' && !rel.startsWith('../') && rel !== '..';
    return { rules: ruleSetFor(loaded.config, inside ? rel : null), ignored: inside && loaded.ignores(rel), format: loaded.config.format };
  }

  private load(folder: string): Loaded | null {
    const known = this.byFolder.get(folder);
    if (known !== undefined) return known;
    let loaded: Loaded | null = null;
    try {
      const config = findConfig(folder);
      if (config.source !== null) {
        const matcher = ignore().add(config.ignore);
        loaded = { config, ignores: (p) => config.ignore.length > 0 && matcher.ignores(p) };
      }
    } catch (e) {
      const message = e instanceof ConfigError ? e.message : `cannot read the configuration: ${(e as Error)?.message ?? String(e)}`;
      if (!this.reported.has(message)) {
        this.reported.add(message);
        this.onError(`${message}; its folder is checked with the editor's settings alone until it is fixed`);
      }
    }
    this.byFolder.set(folder, loaded);
    return loaded;
  }
}
