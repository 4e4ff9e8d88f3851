/**
 * The language server's core: `startServer(connection)` wires a connection
 * (stdio, Node IPC, or an in-memory stream in a test) to the document store,
 * the settings and the feature functions.
 *
 * (The file is not called server.ts: the extension's bundle of main.ts is
 * server/out/server.js, which would overwrite its compiled output.)
 *
 * Invariants:
 * - Every handler is guarded: an exception is logged and the request answered
 *   with an empty result; the server keeps serving.
 * - A result is computed from the parse of the document's current text; a
 *   computation that spans several turns (publishing, outline, folding)
 *   checks between them that its parse is still the current one and drops or
 *   restarts its work otherwise, so a stale result is never published. A push
 *   is published with the version it was computed for.
 * - Requests for documents the server does not hold, or in languages it does
 *   not serve, get empty results.
 */
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type Connection,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { Positions, toDiagnostics } from './convert';
import { toTestTree, type DocumentParse } from './document-parse';
import { DocumentStore, type OpenDocument } from './document-store';
import { carryAttributeChecks, hasExactAttributeChecks, makeExactAttributeChecksInSteps } from './features/attributes';
import { carryConformanceFindings, makeExactConformanceFindings } from './features/conformance';
import { computeDiagnostics } from './features/diagnostics';
import { registerParseTreeRequest } from './features/parse-tree-request';
import { DEFAULT_SETTINGS, readSettings, servesLanguage, withWorkspaceRules, type Settings } from './settings';
import { WorkspaceConfigs } from './workspace-config';
import { betweenTurns, runInSlices, Superseded } from './slices';
import type { ServerContext } from './server-context';
import { registerStructureFeatures } from './structure-handlers';

export const SERVER_NAME = 'tagtree-lsp';
// eslint-disable-next-line @typescript-eslint/no-var-requires
const SERVER_VERSION: string = (require('../package.json') as { version: string }).version;

/** How long diagnostics wait for the client's first `workspace/configuration` answer. */
const SETTINGS_TIMEOUT_MS = 1000;

function errorText(e: unknown): string {
  if (e instanceof Error) return e.stack ?? `${e.name}: ${e.message}`;
  return String(e);
}

function uriOf(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const td = (params as { textDocument?: { uri?: unknown } }).textDocument;
  return typeof td === 'object' && td !== null && typeof td.uri === 'string' ? td.uri : undefined;
}

export interface ServerOptions {
  /**
   * Handler names (`textDocument/hover`…) that throw before doing anything:
   * how the tests check that a failing handler is logged and answered while
   * the server keeps serving. main.ts reads them from `TAGTREE_LSP_FAULTS`.
   */
  faults?: ReadonlySet<string>;
}

export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const faults = options.faults ?? new Set<string>();
  const store = new DocumentStore();
  // What was computed for a parse is carried to the next one as it is made (features/attributes.ts, conformance.ts).
  store.onReparsed = (parse) => {
    carryAttributeChecks(parse);
    carryConformanceFindings(parse);
  };
  let settings: Settings = DEFAULT_SETTINGS;
  /** Bumped on every settings change, so pulled results computed under old settings are not reused. */
  let settingsGeneration = 0;
  let capabilities: ClientCapabilities = {};
  let pullDiagnostics = false;
  let settingsLoaded = false;
  let settingsWaiters: (() => void)[] = [];
  /** URIs whose pushed diagnostics are not empty, so they can be cleared. */
  const published = new Set<string>();
  /**
   * Pulled diagnostics, per document: the last full report answered, its result id and items (as JSON),
   * and the state (revision, settings, exactness of the attribute checks) it was last found current for.
   */
  const reports = new Map<string, { resultId: string; items: string; state: string }>();

  const log = (message: string) => {
    try {
      connection.console.error(message);
    } catch {
      // The connection is gone; nothing left to tell.
    }
  };

  const info = (message: string) => {
    try {
      connection.console.info(message);
    } catch {
      // The connection is gone.
    }
  };

  const guardNotification = <P>(name: string, handler: (params: P) => void) => {
    return (params: P) => {
      try {
        if (faults.has(name)) throw new Error(`injected fault in ${name}`);
        handler(params);
      } catch (e) {
        log(`${name} failed: ${errorText(e)}`);
      }
    };
  };

  const guard: ServerContext['guard'] = (name, fallback, handler) => {
    return async (params, token) => {
      if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
      try {
        if (faults.has(name)) throw new Error(`injected fault in ${name}`);
        return await handler(params, token);
      } catch (e) {
        if (e instanceof ResponseError) throw e;
        log(`${name} failed: ${errorText(e)}`);
        return fallback;
      }
    };
  };

  const served = (doc: OpenDocument) => servesLanguage(settings, doc.languageId);

  /** Documents the server was sent but does not serve, each said once in the log (by uri and language id). */
  const unservedLogged = new Set<string>();
  const logUnserved = (doc: OpenDocument) => {
    const key = `${doc.languageId}\n${doc.uri}`;
    if (unservedLogged.has(key)) return;
    unservedLogged.add(key);
    log(
      `Not serving ${doc.uri}: its language id is "${doc.languageId}", which is not html, mhtml or one of tagtree.languageIds. ` +
        `To check it as HTML, add "${doc.languageId}" to the setting tagtree.languageIds.`,
    );
  };

  const parsed: ServerContext['parsed'] = (uri) => {
    if (typeof uri !== 'string') return undefined;
    const doc = store.get(uri);
    if (doc === undefined || !served(doc)) return undefined;
    const parse = store.parseOf(doc, { scripting: settings.scripting });
    return { doc, parse, positions: new Positions(parse.text) };
  };

  /** How many multi-turn computations read each document's current parse. */
  const readers = new Map<OpenDocument, number>();
  /** Documents whose publish waits for their readers. */
  const waitingForReaders = new Set<string>();
  const reading: ServerContext['reading'] = (doc) => {
    readers.set(doc, (readers.get(doc) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const n = (readers.get(doc) ?? 1) - 1;
      if (n > 0) {
        readers.set(doc, n);
        return;
      }
      readers.delete(doc);
      if (waitingForReaders.delete(doc.uri)) schedulePublish(doc.uri);
    };
  };

  // The workspace's tagtree.json files, re-read when one changes (workspace/didChangeWatchedFiles).
  const workspaceConfigs = new WorkspaceConfigs((message) => {
    log(`tagtree.json: ${message}`);
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `TagTree: ${message}` });
  });
  const settingsFor = (uri: string): Settings => {
    const config = workspaceConfigs.forDocument(uri);
    const s = withWorkspaceRules(settings, config.rules);
    return config.ignored ? { ...s, diagnostics: { ...s.diagnostics, enable: false } } : s;
  };

  const context: ServerContext = {
    connection,
    store,
    settings: () => settings,
    settingsFor,
    parsed,
    reading,
    guard,
    log,
    info,
    clientCapabilities: () => capabilities,
  };

  // --- Settings ----------------------------------------------------------------------------

  const settingsReady = (): Promise<void> => {
    if (settingsLoaded) return Promise.resolve();
    return new Promise((resolve) => settingsWaiters.push(resolve));
  };

  const markSettingsLoaded = () => {
    if (settingsLoaded) return;
    settingsLoaded = true;
    const waiters = settingsWaiters;
    settingsWaiters = [];
    for (const w of waiters) w();
  };

  /** `changed`: something else the diagnostics depend on changed (a tagtree.json), whatever the settings. */
  const applySettings = (next: Settings, changed = false) => {
    const same = JSON.stringify(next) === JSON.stringify(settings);
    markSettingsLoaded();
    // Settings fetched again without a change (VS Code's client notifies once on start, after the server asked)
    // republish nothing: a refresh makes the client pull every document again.
    if (same && !changed) return;
    settings = next;
    settingsGeneration++;
    if (pullDiagnostics) {
      if (capabilities.workspace?.diagnostics?.refreshSupport) {
        connection.languages.diagnostics.refresh().catch((e: unknown) => log(`diagnostic refresh failed: ${errorText(e)}`));
      }
    } else {
      for (const doc of store.all()) schedulePublish(doc.uri);
    }
  };

  const fetchSettings = async (): Promise<void> => {
    if (!capabilities.workspace?.configuration) {
      markSettingsLoaded();
      return;
    }
    const timer = setTimeout(markSettingsLoaded, SETTINGS_TIMEOUT_MS);
    try {
      const [section] = (await connection.workspace.getConfiguration([{ section: 'tagtree' }])) as unknown[];
      applySettings(readSettings(section ?? settingsFromInit));
    } catch (e) {
      log(`workspace/configuration failed, keeping the current settings: ${errorText(e)}`);
      markSettingsLoaded();
    } finally {
      clearTimeout(timer);
    }
  };
  let settingsFromInit: unknown = null;

  // --- Diagnostics -------------------------------------------------------------------------

  const diagnosticsFor = (uri: string): { version: number; diagnostics: Diagnostic[] } | undefined => {
    const p = parsed(uri);
    if (p === undefined) return undefined;
    const data = computeDiagnostics(p.parse, settingsFor(uri));
    if (!hasExactAttributeChecks(p.parse)) scheduleExactChecks(uri, p.parse);
    return { version: p.doc.version, diagnostics: toDiagnostics(p.positions, uri, data) };
  };

  // A large document's attribute diagnostics right after an edit are the
  // previous ones moved through the edit (features/attributes.ts); the exact
  // ones are made once the document has not changed for a moment, then shown.
  // They walk the whole tree (tens of milliseconds for a 7 MB page), so they
  // are made in slices: a change or a request that arrives meanwhile is
  // handled at once, and a change makes the walk stop (the reparse consumes
  // the tree it reads; the next idle moment starts it again on the new parse).
  const EXACT_CHECKS_AFTER_MS = 300;
  /** For a document just opened, the exact checks come right after its parse errors are shown. */
  const EXACT_CHECKS_AFTER_OPEN_MS = 0;
  /** The longest the exact checks hold the event loop before letting the connection read. */
  const EXACT_CHECKS_SLICE_MS = 1;
  const exactTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The parse whose exact checks are being made, per document. */
  const exactRunning = new Map<string, DocumentParse>();
  function scheduleExactChecks(uri: string, parse: DocumentParse): void {
    if (exactRunning.get(uri) === parse) return;
    clearTimeout(exactTimers.get(uri));
    const timer = setTimeout(() => {
      exactTimers.delete(uri);
      const doc = store.get(uri);
      if (doc === undefined || doc.parse !== parse || hasExactAttributeChecks(parse)) return;
      const current = () => {
        if (store.get(uri) !== doc || doc.parse !== parse || doc.parseRevision !== doc.revision) throw new Superseded();
      };
      exactRunning.set(uri, parse);
      const done = () => {
        if (exactRunning.get(uri) === parse) exactRunning.delete(uri);
      };
      runInSlices(makeExactAttributeChecksInSteps(parse), current, EXACT_CHECKS_SLICE_MS).then(
        (changed) => {
          done();
          // Most edits leave them as they were carried: then the client is not made to take the same diagnostics again.
          // The conformance findings of a large document are made exact now too (carried until now, or none just
          // after opening); the client is told only when they differ from those shown.
          if (store.get(uri) !== doc || doc.parse !== parse) return;
          const conformanceChanged = settingsFor(uri).diagnostics.conformance && makeExactConformanceFindings(parse);
          if (!changed && !conformanceChanged) return;
          if (!pullDiagnostics) schedulePublish(uri);
          else if (capabilities.workspace?.diagnostics?.refreshSupport) {
            connection.languages.diagnostics.refresh().catch((e: unknown) => log(`diagnostic refresh failed: ${errorText(e)}`));
          }
        },
        (e: unknown) => {
          done();
          if (!(e instanceof Superseded)) log(`attribute checks for ${uri} failed: ${errorText(e)}`);
        },
      );
    }, parse.previous === null ? EXACT_CHECKS_AFTER_OPEN_MS : EXACT_CHECKS_AFTER_MS);
    timer.unref?.();
    exactTimers.set(uri, timer);
  }

  const pendingPublish = new Set<string>();
  let publishScheduled = false;
  /** Counts schedulePublish calls: a change that arrives while a publish waits. */
  let changes = 0;
  let changesSeen = 0;

  const publishPending = () => {
    // Coalescing: the connection handles one queued message per turn of the
    // event loop. While turns keep bringing changes (an editor's burst sent
    // during a long parse), wait one more turn; once a turn brings none,
    // parse once and publish. Without a backlog this costs one turn (µs).
    if (changes !== changesSeen) {
      changesSeen = changes;
      setImmediate(publishPending);
      return;
    }
    publishScheduled = false;
    const uris = [...pendingPublish];
    pendingPublish.clear();
    for (const uri of uris) {
      publishStaged(uri).catch((e: unknown) => log(`publishing diagnostics for ${uri} failed: ${errorText(e)}`));
    }
  };

  /**
   * Publishes a document's diagnostics in stages (parse, diagnostics,
   * conversion), letting the connection read what arrived between them. A
   * change seen between stages makes the work stale: it is dropped, and the
   * publish that change scheduled does it for the newer text (from the parse
   * already made, so nothing is parsed twice).
   */
  async function publishStaged(uri: string): Promise<void> {
    const doc = store.get(uri);
    if (doc === undefined || !served(doc)) {
      if (published.delete(uri)) void connection.sendDiagnostics({ uri, version: doc?.version, diagnostics: [] });
      if (doc !== undefined) logUnserved(doc);
      return;
    }
    const revision = doc.revision;
    const generation = settingsGeneration;
    const stale = () => store.get(uri) !== doc || doc.revision !== revision || settingsGeneration !== generation;
    const options = { scripting: settings.scripting };
    if (readers.has(doc) && !store.isParsed(doc, options)) {
      // An outline or folding computation reads the current tree: reparsing now would consume it.
      waitingForReaders.add(uri);
      return;
    }
    const parse = store.parseOf(doc, options);
    await betweenTurns();
    if (stale()) return;
    const data = computeDiagnostics(parse, settingsFor(uri));
    await betweenTurns();
    if (stale()) return;
    if (!hasExactAttributeChecks(parse)) scheduleExactChecks(uri, parse);
    const diagnostics = toDiagnostics(new Positions(parse.text), uri, data);
    if (diagnostics.length === 0) published.delete(uri);
    else published.add(uri);
    void connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
  }

  function schedulePublish(uri: string): void {
    if (pullDiagnostics) return;
    pendingPublish.add(uri);
    changes++;
    if (publishScheduled) return;
    publishScheduled = true;
    if (settingsLoaded) setImmediate(publishPending);
    else void settingsReady().then(() => setImmediate(publishPending));
  }

  // --- Lifecycle ---------------------------------------------------------------------------

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    capabilities = params?.capabilities ?? {};
    pullDiagnostics = capabilities.textDocument?.diagnostic !== undefined && capabilities.textDocument?.diagnostic !== null;
    settingsFromInit = params?.initializationOptions ?? null;
    try {
      settings = readSettings(settingsFromInit);
    } catch (e) {
      log(`initializationOptions ignored: ${errorText(e)}`);
    }
    if (!capabilities.workspace?.configuration) markSettingsLoaded();
    return {
      capabilities: {
        positionEncoding: 'utf-16',
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        diagnosticProvider: { identifier: 'tagtree', interFileDependencies: false, workspaceDiagnostics: false },
        documentSymbolProvider: { label: 'TagTree' },
        foldingRangeProvider: true,
        selectionRangeProvider: true,
        documentHighlightProvider: true,
        linkedEditingRangeProvider: true,
        hoverProvider: true,
        definitionProvider: true,
        completionProvider: { triggerCharacters: ['"', "'", '<', '/'] },
        renameProvider: capabilities.textDocument?.rename?.prepareSupport === true ? { prepareProvider: true } : true,
        documentLinkProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      },
      serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
    };
  });

  connection.onInitialized(
    guardNotification('initialized', () => {
      void fetchSettings();
      if (capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true) {
        connection.client
          .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/tagtree.json' }, { globPattern: '**/package.json' }] })
          .catch((e: unknown) => log(`cannot watch tagtree.json files: ${errorText(e)}`));
      }
    }),
  );

  connection.onDidChangeWatchedFiles(
    guardNotification('workspace/didChangeWatchedFiles', (params: { changes?: { uri?: unknown }[] } | null) => {
      const changes = Array.isArray(params?.changes) ? params.changes : [];
      if (!changes.some((c) => typeof c?.uri === 'string' && /\/(tagtree|package)\.json$/.test(c.uri))) return;
      workspaceConfigs.invalidate();
      // As a settings change: pulled results are recomputed, pushed ones republished.
      applySettings(settings, true);
    }),
  );

  connection.onDidChangeConfiguration(
    guardNotification('workspace/didChangeConfiguration', (params: { settings?: unknown } | null) => {
      if (capabilities.workspace?.configuration) void fetchSettings();
      else applySettings(readSettings(params?.settings ?? null));
    }),
  );

  // --- Document sync -----------------------------------------------------------------------

  connection.onDidOpenTextDocument(
    guardNotification('textDocument/didOpen', (params) => {
      const td = params?.textDocument;
      if (typeof td?.uri !== 'string') throw new Error('didOpen without a textDocument.uri');
      const text = typeof td.text === 'string' ? td.text : '';
      const version = typeof td.version === 'number' ? td.version : 0;
      const languageId = typeof td.languageId === 'string' ? td.languageId : 'html';
      store.open(td.uri, languageId, version, text);
      schedulePublish(td.uri);
    }),
  );

  connection.onDidChangeTextDocument(
    guardNotification('textDocument/didChange', (params) => {
      const uri = uriOf(params);
      if (uri === undefined) throw new Error('didChange without a textDocument.uri');
      const version = typeof params.textDocument.version === 'number' ? params.textDocument.version : 0;
      const changes = Array.isArray(params.contentChanges) ? params.contentChanges : [];
      const doc = store.change(uri, version, changes, (reason) => log(`didChange for ${uri}: skipped ${reason}`));
      if (doc === undefined) {
        log(`didChange for a document that is not open: ${uri}`);
        return;
      }
      schedulePublish(uri);
    }),
  );

  connection.onDidCloseTextDocument(
    guardNotification('textDocument/didClose', (params) => {
      const uri = uriOf(params);
      if (uri === undefined) return;
      store.close(uri);
      reports.delete(uri);
      pendingPublish.delete(uri);
      waitingForReaders.delete(uri);
      clearTimeout(exactTimers.get(uri));
      exactTimers.delete(uri);
      exactRunning.delete(uri);
      if (published.delete(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
    }),
  );

  // --- Pulled diagnostics (LSP 3.17) -------------------------------------------------------

  connection.languages.diagnostics.on(
    guard('textDocument/diagnostic', { kind: DocumentDiagnosticReportKind.Full, items: [] } as DocumentDiagnosticReport, async (params) => {
      await settingsReady();
      const uri = uriOf(params);
      const doc = uri === undefined ? undefined : store.get(uri);
      if (doc !== undefined && !served(doc) && settingsLoaded) logUnserved(doc);
      if (uri === undefined || doc === undefined || !served(doc)) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const stateOf = () => {
        const exact = doc.parse !== null && doc.parseRevision === doc.revision && hasExactAttributeChecks(doc.parse);
        return `${doc.revision}/${settingsGeneration}${exact ? '' : '/carried'}`;
      };
      const last = reports.get(uri);
      const known = last !== undefined && params.previousResultId === last.resultId;
      if (known && last.state === stateOf()) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: last.resultId };
      const items = diagnosticsFor(uri)?.diagnostics ?? [];
      const json = JSON.stringify(items);
      const state = stateOf();
      // The same diagnostics at the same positions (an edit that changes none): the client keeps what it shows.
      // VS Code rebuilds its Outline view on every change of a document's diagnostics, whatever they are.
      if (known && last.items === json) {
        last.state = state;
        return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: last.resultId };
      }
      reports.set(uri, { resultId: state, items: json, state });
      return { kind: DocumentDiagnosticReportKind.Full, resultId: state, items };
    }),
  );

  // --- Tree features -----------------------------------------------------------------------

  registerStructureFeatures(context);

  // `tagtree/parseTree`: the DOM the server holds, in the html5lib format (the VS Code client's tree view).
  registerParseTreeRequest(
    connection,
    (uri) => {
      const p = parsed(uri);
      return p === undefined ? undefined : { version: p.doc.version, document: p.parse.document };
    },
    toTestTree,
  );

  // A debugging aid, and the tests' view of the server's text: the document as the server holds it.
  connection.onRequest(
    'tagtree/documentText',
    guard('tagtree/documentText', null, (params: { textDocument?: { uri?: unknown } } | null) => {
      const uri = uriOf(params);
      const doc = uri === undefined ? undefined : store.get(uri);
      if (doc === undefined) return null;
      // `parse`: how the parse the server holds was made ('full' or 'incremental'), or null when it has none;
      // `exactAttributeChecks`: whether its attribute checks are made, or carried through an edit until the editor is idle.
      return {
        version: doc.version,
        text: doc.text.toString(),
        parse: doc.parse?.how ?? null,
        exactAttributeChecks: doc.parse !== null && hasExactAttributeChecks(doc.parse),
      };
    }),
  );

  // What the store has parsed (full parses, reparses, the parser's fallbacks, coalesced changes): for the log, the tests and `npm run bench`.
  connection.onRequest(
    'tagtree/stats',
    // With the process's memory (bytes, as Node's process.memoryUsage() gives them), for the benchmark.
    guard('tagtree/stats', null, () => ({ ...store.stats, memory: process.memoryUsage() })),
  );

  connection.listen();
}
