/**
 * The settings the server runs under: the client's (`initializationOptions`,
 * then `workspace/configuration` or `workspace/didChangeConfiguration`) and
 * the workspace's tagtree.json files, with what waits for them.
 *
 * Invariants:
 * - Diagnostics wait for the client's first `workspace/configuration` answer,
 *   at most `SETTINGS_TIMEOUT_MS`; every other request uses the settings at hand.
 * - Settings fetched again without a change change nothing (no republish, no refresh).
 * - `generation` is bumped on every change, so results computed under older settings are not reused.
 * - A client that does not answer `workspace/configuration` (Neovim 0.7) runs under its
 *   `initializationOptions`; the log says which source the settings came from.
 */
import { MessageType, ShowMessageNotification, type ClientCapabilities, type Connection } from 'vscode-languageserver';
import type { OpenDocument } from './document-store';
import { errorText } from './guards';
import { DEFAULT_SETTINGS, readSettings, servesLanguage, strings, withEditorCustomData, withWorkspaceRules, type Settings } from './settings';
import { onCustomDataError } from './framework-config';
import type { FormatConfig } from './lint/format-config';
import { WorkspaceConfigs } from './workspace-config';

/**
 * `tagtree/extensionCustomData` `{ paths }`: the VS Code client's notification that the custom data files installed
 * extensions contribute (`contributes.html.customData`, absolute paths) changed; its first list comes in
 * `initializationOptions.extensionCustomData`. The client declares the same name (client/src/protocol.ts).
 */
export const EXTENSION_CUSTOM_DATA = 'tagtree/extensionCustomData';

/** Where the client's settings came from. */
export type SettingsSource = 'defaults' | 'initializationOptions' | 'workspace/configuration' | 'workspace/didChangeConfiguration';

/** How long diagnostics wait for the client's first `workspace/configuration` answer. */
export const SETTINGS_TIMEOUT_MS = 1000;

export class ServerSettings {
  /** The client's settings (section `tagtree`), without the workspace's tagtree.json. */
  current: Settings = DEFAULT_SETTINGS;
  /** Bumped on every settings change, so pulled results computed under old settings are not reused. */
  generation = 0;
  /** Whether the first settings are known (or waited for long enough). */
  loaded = false;
  /** Where `current` came from, for the log and the messages that name a setting. */
  source: SettingsSource = 'defaults';
  private waiters: (() => void)[] = [];
  /** `initializationOptions`: what `workspace/configuration` falls back to when it answers nothing. */
  private fromInit: unknown = null;
  /** The workspace's tagtree.json files, re-read when one changes (workspace/didChangeWatchedFiles). */
  private readonly workspaceConfigs: WorkspaceConfigs;
  /** The `tagtree` section as last read, before the editor's other custom data is added. */
  private base: Settings = DEFAULT_SETTINGS;
  /** The `html` section as last read (its `customData`: VS Code's html.customData). */
  private html: unknown = null;
  /** The custom data files installed extensions contribute (`EXTENSION_CUSTOM_DATA`), absolute paths. */
  private fromExtensions: readonly string[] = [];

  /** `changed` is told every change of the settings that the diagnostics depend on. */
  constructor(
    private readonly connection: Connection,
    private readonly capabilities: () => ClientCapabilities,
    private readonly log: (message: string) => void,
    private readonly changed: () => void,
  ) {
    this.workspaceConfigs = new WorkspaceConfigs((message) => {
      log(`tagtree.json: ${message}`);
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `TagTree: ${message}` });
    });
    // A custom data file that cannot be used (tagtree.customData, a tagtree.json's "customData"): said once, then left out.
    onCustomDataError((message) => {
      log(`custom data: ${message}`);
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `TagTree: ${message}` });
    });
  }

  /** At `initialize`: the settings the client sent with it, until `workspace/configuration` answers. */
  initialize(initializationOptions: unknown): void {
    this.fromInit = this.takeEditorCustomData(initializationOptions ?? null);
    try {
      this.base = readSettings(this.fromInit);
      this.current = withEditorCustomData(this.base, this.html, this.fromExtensions);
      if (this.fromInit !== null) this.source = 'initializationOptions';
    } catch (e) {
      this.log(`initializationOptions ignored: ${errorText(e)}`);
    }
    if (!this.capabilities().workspace?.configuration) {
      this.log(
        this.source === 'initializationOptions'
          ? 'Settings: from initializationOptions (the client does not answer workspace/configuration).'
          : 'Settings: the defaults (the client neither answers workspace/configuration nor sent initializationOptions; pass the settings as initializationOptions, for example init_options in Neovim).',
      );
      this.markLoaded();
    }
  }

  /**
   * From `initializationOptions`: the custom data files extensions contribute (`extensionCustomData`, the VS Code
   * client's) and the `html` section (`{ tagtree: …, html: { customData } }`, for clients that send their settings
   * this way); returns the rest, the settings (null when nothing is left).
   */
  private takeEditorCustomData(options: unknown): unknown {
    if (typeof options !== 'object' || options === null || Array.isArray(options)) return options;
    const { extensionCustomData, ...rest } = options as Record<string, unknown>;
    if (extensionCustomData !== undefined) this.fromExtensions = strings(extensionCustomData);
    if ('html' in rest) this.html = rest.html;
    return Object.keys(rest).length === 0 ? null : rest;
  }

  /** `tagtree/extensionCustomData`: the custom data files installed extensions contribute changed (an extension was installed or removed). */
  extensionCustomDataChanged(paths: unknown): void {
    this.fromExtensions = strings(paths);
    this.apply(this.base);
  }

  /** The settings for one document: the editor's on top of the workspace's tagtree.json. */
  settingsFor(uri: string): Settings {
    const config = this.workspaceConfigs.forDocument(uri);
    const s = withWorkspaceRules(this.current, config.rules);
    return config.ignored ? { ...s, diagnostics: { ...s.diagnostics, enable: false } } : s;
  }

  /** The `format` section of the workspace's tagtree.json for one document, if any. */
  formatConfigFor(uri: string): FormatConfig | undefined {
    return this.workspaceConfigs.forDocument(uri).format;
  }

  serves(doc: OpenDocument): boolean {
    return servesLanguage(this.current, doc.languageId);
  }

  /** Resolves once the first settings are known. */
  ready(): Promise<void> {
    if (this.loaded) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private markLoaded(): void {
    if (this.loaded) return;
    this.loaded = true;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** `changed`: something else the diagnostics depend on changed (a tagtree.json), whatever the settings. */
  private apply(tagtree: Settings, changed = false): void {
    this.base = tagtree;
    const next = withEditorCustomData(tagtree, this.html, this.fromExtensions);
    const same = JSON.stringify(next) === JSON.stringify(this.current);
    this.markLoaded();
    // Settings fetched again without a change (VS Code's client notifies once on start, after the server asked)
    // republish nothing: a refresh makes the client pull every document again.
    if (same && !changed) return;
    this.current = next;
    this.generation++;
    this.changed();
  }

  /** Asks the client for the `tagtree` and `html` sections (when it answers `workspace/configuration`) and applies them. */
  async fetch(): Promise<void> {
    if (!this.capabilities().workspace?.configuration) {
      this.markLoaded();
      return;
    }
    const timer = setTimeout(() => this.markLoaded(), SETTINGS_TIMEOUT_MS);
    try {
      // `html`: VS Code's html.customData, which TagTree reads as VS Code's HTML support does.
      const [section, html] = (await this.connection.workspace.getConfiguration([{ section: 'tagtree' }, { section: 'html' }])) as unknown[];
      if (html !== undefined && html !== null) this.html = html;
      const source: SettingsSource = section !== undefined && section !== null ? 'workspace/configuration' : this.fromInit !== null ? 'initializationOptions' : 'defaults';
      if (source !== this.source) this.log(`Settings: from ${source === 'defaults' ? 'the defaults (workspace/configuration answered nothing)' : source}.`);
      this.source = source;
      this.apply(readSettings(section ?? this.fromInit));
    } catch (e) {
      this.log(`workspace/configuration failed, keeping the current settings: ${errorText(e)}`);
      this.markLoaded();
    } finally {
      clearTimeout(timer);
    }
  }

  /** `workspace/didChangeConfiguration`: fetched again, or read from the notification when the client answers no requests. */
  configurationChanged(sent: unknown): void {
    if (this.capabilities().workspace?.configuration) void this.fetch();
    else if (sent !== undefined && sent !== null) {
      if (this.source !== 'workspace/didChangeConfiguration') this.log('Settings: from workspace/didChangeConfiguration.');
      this.source = 'workspace/didChangeConfiguration';
      if (typeof sent === 'object' && 'html' in sent) this.html = (sent as { html: unknown }).html;
      this.apply(readSettings(sent));
    }
  }

  /** A tagtree.json or package.json changed: as a settings change (pulled results are recomputed, pushed ones republished). */
  workspaceFilesChanged(): void {
    this.workspaceConfigs.invalidate();
    this.apply(this.base, true);
  }
}
