/**
 * A stand-in for the `vscode` module, enough to run the shipped client bundle
 * (client/out/extension.js) in Node: VS Code itself cannot be downloaded in CI.
 *
 * What TagTree's client and vscode-languageclient's core use is implemented
 * (documents, configuration, commands, events, content providers, output
 * channels, diagnostic collections, Uri/Range/Position/Diagnostic). The many
 * `languages.register…Provider` calls, made for each server capability, only
 * record the provider. Any other member is a recorded no-op, so the test can
 * list what the bundle touched that the stand-in does not model.
 */
import Module from 'node:module';
import { posix } from 'node:path';
import { lineStarts, offsetAt, positionAt } from '../../../server/parser/out-test/support/text-model';

type Listener<T> = (e: T) => unknown;

export class EventEmitter<T> {
  private listeners: { listener: Listener<T>; thisArgs: unknown }[] = [];
  /** VS Code's Event: `event(listener, thisArgs?, disposables?)`. */
  readonly event = (listener: Listener<T>, thisArgs?: unknown, disposables?: Disposable[]) => {
    const entry = { listener, thisArgs };
    this.listeners.push(entry);
    const d = new Disposable(() => {
      this.listeners = this.listeners.filter((l) => l !== entry);
    });
    disposables?.push(d);
    return d;
  };
  fire(e: T): void {
    for (const l of [...this.listeners]) l.listener.call(l.thisArgs, e);
  }
  dispose(): void {
    this.listeners = [];
  }
}

export class Disposable {
  constructor(private readonly callOnDispose: () => unknown = () => undefined) {}
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((i) => i.dispose()));
  }
  dispose(): void {
    this.callOnDispose();
  }
}

const URI_PATTERN = /^([a-zA-Z][\w+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/;

export class Uri {
  private constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly path: string,
    readonly query: string,
    readonly fragment: string,
  ) {}
  static parse(value: string): Uri {
    const m = URI_PATTERN.exec(value);
    if (m === null) throw new Error(`bad uri ${value}`);
    const d = (s: string | undefined) => decodeURIComponent(s ?? '');
    return new Uri(m[1], d(m[2]), d(m[3]), d(m[4]), d(m[5]));
  }
  static file(path: string): Uri {
    return new Uri('file', '', path, '', '');
  }
  /** The path's segments joined on and normalized, as vscode.Uri.joinPath. */
  static joinPath(base: Uri, ...segments: string[]): Uri {
    return base.with({ path: posix.join(base.path, ...segments) });
  }
  static from(c: { scheme: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(c.scheme, c.authority ?? '', c.path ?? '', c.query ?? '', c.fragment ?? '');
  }
  get fsPath(): string {
    return this.path;
  }
  with(c: Partial<{ scheme: string; authority: string; path: string; query: string; fragment: string }>): Uri {
    return new Uri(c.scheme ?? this.scheme, c.authority ?? this.authority, c.path ?? this.path, c.query ?? this.query, c.fragment ?? this.fragment);
  }
  toString(): string {
    const e = (s: string) => encodeURIComponent(s);
    const authority = this.authority !== '' || this.scheme === 'file' ? `//${e(this.authority)}` : '';
    const path = this.path.split('/').map(e).join('/');
    return `${this.scheme}:${authority}${path}${this.query === '' ? '' : `?${e(this.query)}`}${this.fragment === '' ? '' : `#${e(this.fragment)}`}`;
  }
  toJSON(): unknown {
    return { scheme: this.scheme, path: this.path, query: this.query };
  }
}

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

export class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(a: number | Position, b: number | Position, c?: number, d?: number) {
    this.start = typeof a === 'number' ? new Position(a, b as number) : a;
    this.end = typeof a === 'number' ? new Position(c!, d!) : (b as Position);
  }
}

export class Location {
  constructor(
    readonly uri: Uri,
    readonly range: Range,
  ) {}
}

export class Diagnostic {
  code?: string | number | { value: string | number; target: Uri };
  source?: string;
  relatedInformation?: unknown[];
  tags?: unknown[];
  constructor(
    readonly range: Range,
    readonly message: string,
    readonly severity: number = 0,
  ) {}
}

export class DiagnosticRelatedInformation {
  constructor(
    readonly location: Location,
    readonly message: string,
  ) {}
}

export class MarkdownString {
  constructor(public value = '') {}
}

export class CancellationTokenSource {
  private cancelled = false;
  private readonly emitter = new EventEmitter<void>();
  readonly token = {
    get isCancellationRequested(): boolean {
      return false;
    },
    onCancellationRequested: this.emitter.event,
  };
  constructor() {
    const self = this;
    Object.defineProperty(this.token, 'isCancellationRequested', { get: () => self.cancelled });
  }
  cancel(): void {
    this.cancelled = true;
    this.emitter.fire();
  }
  dispose(): void {
    this.emitter.dispose();
  }
}

export class CancellationError extends Error {}

export class CodeActionKind {
  static readonly Empty = new CodeActionKind('');
  static readonly QuickFix = new CodeActionKind('quickfix');
  static readonly Refactor = new CodeActionKind('refactor');
  static readonly RefactorExtract = new CodeActionKind('refactor.extract');
  static readonly RefactorInline = new CodeActionKind('refactor.inline');
  static readonly RefactorRewrite = new CodeActionKind('refactor.rewrite');
  static readonly Source = new CodeActionKind('source');
  static readonly SourceOrganizeImports = new CodeActionKind('source.organizeImports');
  static readonly SourceFixAll = new CodeActionKind('source.fixAll');
  constructor(readonly value: string) {}
  append(part: string): CodeActionKind {
    return new CodeActionKind(this.value === '' ? part : `${this.value}.${part}`);
  }
  contains(other: CodeActionKind): boolean {
    return this.value === '' || other.value === this.value || other.value.startsWith(`${this.value}.`);
  }
  intersects(other: CodeActionKind): boolean {
    return this.contains(other) || other.contains(this);
  }
}

export const LogLevel = { Off: 0, Trace: 1, Debug: 2, Info: 3, Warning: 4, Error: 5 } as const;
export const DiagnosticSeverity = { Error: 0, Warning: 1, Information: 2, Hint: 3 } as const;
export const ViewColumn = { Active: -1, Beside: -2, One: 1, Two: 2, Three: 3 } as const;

export interface FakeTextDocument {
  uri: Uri;
  fileName: string;
  languageId: string;
  version: number;
  isClosed: boolean;
  isDirty: boolean;
  isUntitled: boolean;
  lineCount: number;
  eol: number;
  notebook: undefined;
  getText(): string;
  positionAt(offset: number): Position;
  offsetAt(position: Position): number;
  /** Test-only: replaces the text (an edit goes through FakeVscode.edit). */
  setText(text: string): void;
}

export function textDocument(uri: Uri, languageId: string, version: number, initialText: string): FakeTextDocument {
  let text = initialText;
  let starts: number[] = [];
  const index = () => {
    starts = lineStarts(text);
  };
  index();
  const doc: FakeTextDocument = {
    uri,
    fileName: uri.path,
    languageId,
    version,
    isClosed: false,
    isDirty: false,
    isUntitled: uri.scheme === 'untitled',
    get lineCount() {
      return starts.length;
    },
    eol: 1,
    notebook: undefined,
    getText: () => text,
    positionAt(offset: number) {
      const p = positionAt(starts, offset);
      return new Position(p.line, p.character);
    },
    offsetAt(p: Position) {
      return offsetAt(text, starts, p);
    },
    setText(next: string) {
      text = next;
      index();
    },
  };
  return doc;
}

export interface LogChannel {
  name: string;
  lines: string[];
  logLevel: number;
  onDidChangeLogLevel: EventEmitter<number>['event'];
  [method: string]: unknown;
}

/** Everything the test inspects or drives. */
export class FakeVscode {
  readonly settings = new Map<string, unknown>();
  readonly commands = new Map<string, (...args: unknown[]) => unknown>();
  readonly contexts = new Map<string, unknown>();
  readonly channels: LogChannel[] = [];
  readonly messages: string[] = [];
  readonly diagnostics = new Map<string, Diagnostic[]>();
  readonly contentProviders = new Map<string, { provideTextDocumentContent(uri: Uri, token: unknown): Promise<string> | string; onDidChange?: (l: Listener<Uri>) => Disposable }>();
  readonly shown: { uri: string; options: unknown }[] = [];
  /** Virtual documents VS Code fetched again after their provider said they changed. */
  readonly refreshed: string[] = [];
  readonly untouched = new Set<string>();
  readonly providers: string[] = [];
  textDocuments: FakeTextDocument[] = [];
  /** The editors on screen, in the order they were shown. */
  visibleTextEditors: { document: FakeTextDocument; viewColumn: number }[] = [];
  activeTextEditor: { document: FakeTextDocument; viewColumn: number } | undefined;
  readonly onDidOpen = new EventEmitter<FakeTextDocument>();
  readonly onDidClose = new EventEmitter<FakeTextDocument>();
  readonly onDidChangeText = new EventEmitter<{ document: FakeTextDocument; contentChanges: unknown[]; reason: undefined }>();
  readonly onDidChangeConfiguration = new EventEmitter<{ affectsConfiguration(section: string): boolean }>();
  readonly onDidChangeActiveEditor = new EventEmitter<unknown>();
  readonly onDidChangeVisibleEditors = new EventEmitter<unknown>();
  /** The installed extensions (`vscode.extensions.all`); `onDidChangeExtensions` fires when a test changes them. */
  installedExtensions: { id: string; extensionUri: Uri; packageJSON: unknown }[] = [];
  readonly onDidChangeExtensions = new EventEmitter<void>();
  private diagnosticsChanged = new EventEmitter<string>();

  /** The module object the bundle gets from require('vscode'). */
  readonly module: Record<string, unknown>;

  constructor() {
    this.module = this.createModule();
  }

  /** Opens a document in an editor in column 1, as a user opening a file does. */
  openDocument(uri: Uri, languageId: string, text: string): FakeTextDocument {
    const doc = textDocument(uri, languageId, 1, text);
    // VS Code updates the visible editors (tabs) before it fires the open event.
    this.showEditor(doc, 1);
    this.textDocuments.push(doc);
    this.onDidOpen.fire(doc);
    return doc;
  }

  /** Replaces `[start, end)` of the document with `text`, as typing does, and fires the change event. */
  edit(doc: FakeTextDocument, start: number, end: number, text: string): void {
    const range = new Range(doc.positionAt(start), doc.positionAt(end));
    const old = doc.getText();
    doc.setText(old.slice(0, start) + text + old.slice(end));
    doc.version++;
    doc.isDirty = true;
    this.onDidChangeText.fire({ document: doc, contentChanges: [{ range, rangeOffset: start, rangeLength: end - start, text }], reason: undefined });
  }

  setActive(doc: FakeTextDocument): void {
    this.activeTextEditor = this.visibleTextEditors.find((e) => e.document === doc) ?? { document: doc, viewColumn: 1 };
    this.onDidChangeActiveEditor.fire(this.activeTextEditor);
  }

  /** Shows `doc` in `column`, replacing the editor there. */
  showEditor(doc: FakeTextDocument, column: number): { document: FakeTextDocument; viewColumn: number } {
    const editor = { document: doc, viewColumn: column };
    this.visibleTextEditors = [...this.visibleTextEditors.filter((e) => e.viewColumn !== column), editor];
    this.onDidChangeVisibleEditors.fire(this.visibleTextEditors);
    return editor;
  }

  changeSetting(key: string, value: unknown): void {
    this.settings.set(key, value);
    this.onDidChangeConfiguration.fire({ affectsConfiguration: (s: string) => key === s || key.startsWith(`${s}.`) });
  }

  /**
   * A setting by its full key, or the section under a prefix as nested objects
   * (`tagtree` -> `{ languageIds: […], trace: { server: … } }`), as VS Code answers.
   */
  setting(key: string, fallback?: unknown): unknown {
    if (this.settings.has(key)) return this.settings.get(key);
    let section: Record<string, unknown> | undefined;
    for (const [k, v] of this.settings) {
      if (!k.startsWith(`${key}.`)) continue;
      section ??= {};
      const parts = k.slice(key.length + 1).split('.');
      let target = section;
      for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
      target[parts[parts.length - 1]] = v;
    }
    return section ?? fallback;
  }

  /** Resolves with the diagnostics of `uri` once `predicate` holds for them. */
  waitForDiagnostics(uri: string, predicate: (d: Diagnostic[]) => boolean = () => true): Promise<Diagnostic[]> {
    return new Promise((resolve) => {
      const check = () => {
        const d = this.diagnostics.get(uri);
        if (d !== undefined && predicate(d)) {
          sub.dispose();
          resolve(d);
        }
      };
      const sub = this.diagnosticsChanged.event(check);
      check();
    });
  }

  /** Makes require('vscode') return this stand-in until the returned function is called. */
  install(): () => void {
    const loader = Module as unknown as { _load: (request: string, parent: unknown, isMain: boolean) => unknown };
    const original = loader._load;
    const fake = this.module;
    loader._load = function (request: string, parent: unknown, isMain: boolean) {
      if (request === 'vscode') return fake;
      return original.call(this, request, parent, isMain);
    };
    return () => {
      loader._load = original;
    };
  }

  /** A namespace whose unknown members are recorded no-ops. */
  private namespace(name: string, members: Record<string, unknown>): Record<string, unknown> {
    return new Proxy(members, {
      get: (target, prop) => {
        // Not thenable: `await namespace` must not wait forever.
        if (typeof prop !== 'string' || prop in target || prop === 'then') return Reflect.get(target, prop);
        this.untouched.add(`${name}.${prop}`);
        if (prop.startsWith('register')) {
          return (..._args: unknown[]) => {
            this.providers.push(prop);
            return new Disposable();
          };
        }
        if (prop.startsWith('on')) return () => new Disposable();
        return () => new Disposable();
      },
    });
  }

  private createModule(): Record<string, unknown> {
    const fake = this;
    const config = (section?: string) => ({
      get: (key: string, fallback?: unknown) => fake.setting(section === undefined || section === '' ? key : key === '' ? section : `${section}.${key}`, fallback),
      has: (key: string) => fake.setting(section === undefined ? key : `${section}.${key}`) !== undefined,
      inspect: () => undefined,
      update: async () => undefined,
    });
    const logChannel = (name: string): LogChannel => {
      const lines: string[] = [];
      const levelEmitter = new EventEmitter<number>();
      const push = (level: string) => (message: unknown) => lines.push(`[${level}] ${message instanceof Error ? message.message : String(message)}`);
      const channel: LogChannel = {
        name,
        lines,
        logLevel: LogLevel.Info,
        onDidChangeLogLevel: levelEmitter.event,
        trace: push('trace'),
        debug: push('debug'),
        info: push('info'),
        warn: push('warning'),
        error: push('error'),
        append: (v: string) => lines.push(v),
        appendLine: (v: string) => lines.push(v),
        replace: () => undefined,
        clear: () => undefined,
        show: () => undefined,
        hide: () => undefined,
        dispose: () => undefined,
      };
      fake.channels.push(channel);
      return channel;
    };
    const matchSelector = (selector: unknown, doc: FakeTextDocument): number => {
      const filters = Array.isArray(selector) ? selector : [selector];
      return filters.some((f) => {
        if (typeof f === 'string') return f === doc.languageId;
        const filter = f as { language?: string; scheme?: string; pattern?: unknown; notebookType?: string };
        if (filter.notebookType !== undefined) return false;
        return (filter.language === undefined || filter.language === doc.languageId) && (filter.scheme === undefined || filter.scheme === doc.uri.scheme);
      })
        ? 10
        : 0;
    };

    const workspace = this.namespace('workspace', {
      getConfiguration: config,
      get textDocuments() {
        return fake.textDocuments;
      },
      workspaceFolders: undefined,
      notebookDocuments: [],
      onDidOpenTextDocument: fake.onDidOpen.event,
      onDidCloseTextDocument: fake.onDidClose.event,
      onDidChangeTextDocument: fake.onDidChangeText.event,
      onDidChangeConfiguration: fake.onDidChangeConfiguration.event,
      getWorkspaceFolder: () => undefined,
      registerTextDocumentContentProvider(scheme: string, provider: FakeVscode['contentProviders'] extends Map<string, infer P> ? P : never) {
        fake.contentProviders.set(scheme, provider);
        return new Disposable(() => fake.contentProviders.delete(scheme));
      },
      async openTextDocument(uri: Uri) {
        const existing = fake.textDocuments.find((d) => d.uri.toString() === uri.toString());
        if (existing !== undefined) return existing;
        const provider = fake.contentProviders.get(uri.scheme);
        if (provider === undefined) throw new Error(`no document ${uri.toString()}`);
        const text = await provider.provideTextDocumentContent(uri, new CancellationTokenSource().token);
        const doc = textDocument(uri, 'plaintext', 1, text);
        fake.textDocuments.push(doc);
        // VS Code asks the provider again when it fires onDidChange for this uri.
        provider.onDidChange?.(async (changed) => {
          if (changed.toString() !== uri.toString()) return;
          doc.setText(await provider.provideTextDocumentContent(uri, new CancellationTokenSource().token));
          doc.version++;
          fake.refreshed.push(uri.toString());
        });
        return doc;
      },
    });
    const window = this.namespace('window', {
      createOutputChannel: (name: string) => logChannel(name),
      get activeTextEditor() {
        return fake.activeTextEditor;
      },
      get visibleTextEditors() {
        return fake.visibleTextEditors;
      },
      onDidChangeActiveTextEditor: fake.onDidChangeActiveEditor.event,
      onDidChangeVisibleTextEditors: fake.onDidChangeVisibleEditors.event,
      showInformationMessage: async (m: string) => void fake.messages.push(`info: ${m}`),
      showWarningMessage: async (m: string) => void fake.messages.push(`warning: ${m}`),
      showErrorMessage: async (m: string) => void fake.messages.push(`error: ${m}`),
      async showTextDocument(doc: FakeTextDocument, options: { viewColumn?: number }) {
        fake.shown.push({ uri: doc.uri.toString(), options });
        const column = options.viewColumn === ViewColumn.Beside ? Math.max(0, ...fake.visibleTextEditors.map((e) => e.viewColumn)) + 1 : (options.viewColumn ?? 1);
        return fake.showEditor(doc, column);
      },
      tabGroups: { all: [], onDidChangeTabs: () => new Disposable(), onDidChangeTabGroups: () => new Disposable() },
    });
    const languages = this.namespace('languages', {
      match: matchSelector,
      createDiagnosticCollection: (name: string) => {
        const set = (uri: Uri, diagnostics: Diagnostic[] | undefined) => {
          fake.diagnostics.set(uri.toString(), diagnostics ?? []);
          fake.diagnosticsChanged.fire(uri.toString());
        };
        return {
          name,
          set(uriOrEntries: Uri | [Uri, Diagnostic[]][], diagnostics?: Diagnostic[]) {
            if (Array.isArray(uriOrEntries)) for (const [u, d] of uriOrEntries) set(u, d);
            else set(uriOrEntries, diagnostics);
          },
          delete: (uri: Uri) => fake.diagnostics.delete(uri.toString()),
          clear: () => fake.diagnostics.clear(),
          get: (uri: Uri) => fake.diagnostics.get(uri.toString()),
          has: (uri: Uri) => fake.diagnostics.has(uri.toString()),
          forEach: () => undefined,
          dispose: () => undefined,
        };
      },
      async setTextDocumentLanguage(doc: FakeTextDocument, languageId: string) {
        doc.languageId = languageId;
        return doc;
      },
    });
    const commands = this.namespace('commands', {
      registerCommand(id: string, handler: (...args: unknown[]) => unknown) {
        if (fake.commands.has(id)) throw new Error(`command ${id} already exists`);
        fake.commands.set(id, handler);
        return new Disposable(() => fake.commands.delete(id));
      },
      async executeCommand(id: string, ...args: unknown[]) {
        if (id === 'setContext') {
          fake.contexts.set(args[0] as string, args[1]);
          return undefined;
        }
        const handler = fake.commands.get(id);
        if (handler === undefined) throw new Error(`command ${id} not found`);
        return handler(...args);
      },
    });
    const env = this.namespace('env', { language: 'en', appName: 'Fake VS Code', machineId: 'test', sessionId: 'test', uiKind: 1 });
    const members: Record<string, unknown> = {
      // The bundle's CommonJS interop then reads every member through this object.
      __esModule: true,
      version: '1.91.0',
      workspace,
      window,
      languages,
      commands,
      env,
      extensions: this.namespace('extensions', {
        get all() {
          return fake.installedExtensions;
        },
        onDidChange: fake.onDidChangeExtensions.event,
      }),
      EventEmitter,
      Disposable,
      Uri,
      Position,
      Range,
      Location,
      Diagnostic,
      DiagnosticRelatedInformation,
      MarkdownString,
      CancellationTokenSource,
      CancellationError,
      CodeActionKind,
      LogLevel,
      DiagnosticSeverity,
      ViewColumn,
      DiagnosticTag: { Unnecessary: 1, Deprecated: 2 },
      ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
      TextDocumentSaveReason: { Manual: 1, AfterDelay: 2, FocusOut: 3 },
      FileType: { Unknown: 0, File: 1, Directory: 2, SymbolicLink: 64 },
    };
    // Classes and enums the converters name but this test never reaches.
    return new Proxy(members, {
      get: (target, prop) => {
        if (typeof prop !== 'string' || prop in target || prop === 'then') return Reflect.get(target, prop);
        fake.untouched.add(prop);
        return class Unmodelled {
          constructor(...args: unknown[]) {
            Object.assign(this, { args });
          }
        };
      },
    });
  }
}
