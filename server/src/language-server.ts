/**
 * The language server's wiring: `startServer(connection)` connects a
 * connection (stdio, Node IPC, or an in-memory stream in a test) to the
 * document store, the settings (server-settings.ts), the publishing of
 * diagnostics (publishing.ts) and the feature handlers (structure-handlers.ts).
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
  TextDocumentSyncKind,
  type ClientCapabilities,
  type Connection,
  type DocumentDiagnosticReport,
  DocumentDiagnosticReportKind,
  type InitializeParams,
  type InitializeResult,
  type ServerCapabilities,
} from 'vscode-languageserver';
import { Positions } from './convert';
import { toTestTree } from './document-parse';
import { DocumentStore } from './document-store';
import { hasExactAttributeChecks } from './features/attributes';
import { carryAllFindings } from './features/findings-families';
import { registerParseTreeRequest } from './features/parse-tree-request';
import { errorText, makeGuards, uriOf } from './guards';
import { Publisher } from './publishing';
import type { ServerContext } from './server-context';
import { EXTENSION_CUSTOM_DATA, ServerSettings } from './server-settings';
import { setCustomDataRoot } from './framework-config';
import { fileURLToPath } from 'node:url';
import { registerStructureFeatures } from './structure-handlers';
import { registerFormatting } from './format-handlers';

export const SERVER_NAME = 'tagtree-lsp';
// eslint-disable-next-line @typescript-eslint/no-var-requires
const SERVER_VERSION: string = (require('../package.json') as { version: string }).version;

export interface ServerOptions {
  /**
   * Handler names (`textDocument/hover`…) that throw before doing anything:
   * how the tests check that a failing handler is logged and answered while
   * the server keeps serving. main.ts reads them from `TAGTREE_LSP_FAULTS`.
   */
  faults?: ReadonlySet<string>;
  /**
   * Parses slower than this many milliseconds are traced (by default the
   * store's `SLOW_PARSE_MS`); main.ts reads it from `TAGTREE_SLOW_PARSE_MS`
   * (-1: every parse), so that a test can trace a keystroke however fast.
   */
  slowParseMs?: number;
}

/** What the server offers a client with `capabilities`. */
function serverCapabilities(capabilities: ClientCapabilities): ServerCapabilities {
  return {
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
    documentFormattingProvider: true,
    documentRangeFormattingProvider: true,
  };
}

/** The parts of the server the wiring below connects. */
interface Server {
  readonly connection: Connection;
  readonly store: DocumentStore;
  readonly settings: ServerSettings;
  readonly publisher: Publisher;
  readonly context: ServerContext;
  readonly guardNotification: ReturnType<typeof makeGuards>['guardNotification'];
  capabilities: ClientCapabilities;
}

export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const store = new DocumentStore();
  // The findings derived from a parse are carried to the next one as it is made (derived-findings.ts).
  store.onReparsed = carryAllFindings;
  // A parse over 20 ms is traced (`tagtree.trace.server`); at "verbose", with what the reparse reused and why it went on.
  if (options.slowParseMs !== undefined) store.slowParseMs = options.slowParseMs;
  store.onSlowParse = (uri, ms, why) => {
    try {
      connection.tracer.log(`slow parse: ${uri} took ${ms} ms`, why);
    } catch {
      // The connection is gone.
    }
  };
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
  const { guard, guardNotification } = makeGuards(options.faults ?? new Set<string>(), log);
  const capabilities = () => server.capabilities;
  const settings = new ServerSettings(connection, capabilities, log, () => publisher.settingsChanged());
  const publisher = new Publisher(connection, store, settings, capabilities, log);
  const context: ServerContext = {
    connection,
    store,
    settings: () => settings.current,
    settingsFor: (uri) => settings.settingsFor(uri),
    formatConfigFor: (uri) => settings.formatConfigFor(uri),
    parsed: (uri) => {
      if (typeof uri !== 'string') return undefined;
      const doc = store.get(uri);
      if (doc === undefined || !settings.serves(doc)) return undefined;
      const parse = store.parseOf(doc, { scripting: settings.current.scripting });
      return { doc, parse, positions: new Positions(parse.text) };
    },
    reading: publisher.reading,
    guard,
    log,
    info,
    clientCapabilities: capabilities,
  };
  const server: Server = { connection, store, settings, publisher, context, guardNotification, capabilities: {} };

  registerLifecycle(server);
  registerDocumentSync(server);
  connection.languages.diagnostics.on(
    guard('textDocument/diagnostic', { kind: DocumentDiagnosticReportKind.Full, items: [] } as DocumentDiagnosticReport, (params) => publisher.pulled(params)),
  );
  registerStructureFeatures(context);
  registerFormatting(context);
  registerServerRequests(server);
  connection.listen();
}

/** initialize, initialized, and the notifications that change the settings. */
function registerLifecycle(server: Server): void {
  const { connection, settings, publisher, guardNotification } = server;
  connection.onInitialize((params: InitializeParams): InitializeResult => {
    server.capabilities = params?.capabilities ?? {};
    const capabilities = server.capabilities;
    publisher.pull = capabilities.textDocument?.diagnostic !== undefined && capabilities.textDocument?.diagnostic !== null;
    settings.initialize(params?.initializationOptions);
    // Relative tagtree.customData paths are read from the workspace's first folder.
    const folder = params?.workspaceFolders?.[0]?.uri ?? params?.rootUri ?? null;
    setCustomDataRoot(folder !== null && folder.startsWith('file:') ? fileURLToPath(folder) : null);
    return { capabilities: serverCapabilities(capabilities), serverInfo: { name: SERVER_NAME, version: SERVER_VERSION } };
  });

  connection.onInitialized(
    guardNotification('initialized', () => {
      void settings.fetch();
      if (server.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true) {
        connection.client
          .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/tagtree.json' }, { globPattern: '**/package.json' }] })
          .catch((e: unknown) => server.context.log(`cannot watch tagtree.json files: ${errorText(e)}`));
      }
    }),
  );

  connection.onDidChangeWatchedFiles(
    guardNotification('workspace/didChangeWatchedFiles', (params: { changes?: { uri?: unknown }[] } | null) => {
      const changes = Array.isArray(params?.changes) ? params.changes : [];
      if (!changes.some((c) => typeof c?.uri === 'string' && /\/(tagtree|package)\.json$/.test(c.uri))) return;
      settings.workspaceFilesChanged();
    }),
  );

  connection.onDidChangeConfiguration(
    guardNotification('workspace/didChangeConfiguration', (params: { settings?: unknown } | null) => settings.configurationChanged(params?.settings)),
  );

  // The VS Code client: the custom data files installed extensions contribute changed (server-settings.ts).
  connection.onNotification(
    EXTENSION_CUSTOM_DATA,
    guardNotification(EXTENSION_CUSTOM_DATA, (params: { paths?: unknown } | null) => settings.extensionCustomDataChanged(params?.paths)),
  );
}

/** didOpen, didChange, didClose: the store holds the text, the publisher is told. */
function registerDocumentSync(server: Server): void {
  const { connection, store, publisher, guardNotification } = server;
  const log = server.context.log;
  connection.onDidOpenTextDocument(
    guardNotification('textDocument/didOpen', (params) => {
      const td = params?.textDocument;
      if (typeof td?.uri !== 'string') throw new Error('didOpen without a textDocument.uri');
      const text = typeof td.text === 'string' ? td.text : '';
      const version = typeof td.version === 'number' ? td.version : 0;
      const languageId = typeof td.languageId === 'string' ? td.languageId : 'html';
      store.open(td.uri, languageId, version, text);
      publisher.schedule(td.uri);
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
      publisher.schedule(uri);
    }),
  );

  connection.onDidCloseTextDocument(
    guardNotification('textDocument/didClose', (params) => {
      const uri = uriOf(params);
      if (uri === undefined) return;
      store.close(uri);
      publisher.closed(uri);
    }),
  );
}

/** The server's own requests: the parse tree, the document text, the stats. */
function registerServerRequests(server: Server): void {
  const { connection, store, context } = server;
  const { guard } = context;
  // `tagtree/parseTree`: the DOM the server holds, in the html5lib format (the VS Code client's tree view).
  registerParseTreeRequest(
    connection,
    (uri) => {
      const p = context.parsed(uri);
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
}
