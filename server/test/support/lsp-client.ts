/**
 * A test client for the real server process: it spawns `server/out/main.js
 * --stdio` and speaks JSON-RPC to it with vscode-languageserver-protocol, as
 * an editor does. It records what the server pushes (diagnostics, log
 * messages) and answers what the server asks (`workspace/configuration`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import {
  createProtocolConnection,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';

export const ROOT = resolve(__dirname, '..', '..', '..');
export const SERVER_MAIN = join(ROOT, 'server', 'out', 'main.js');

export interface StartOptions {
  capabilities?: ClientCapabilities;
  initializationOptions?: unknown;
  /** What the client answers to `workspace/configuration` for section `tagtree`. */
  settings?: unknown;
  /** What the client answers for section `html` (VS Code's `html.customData` is `{ customData: […] }`); null by default. */
  html?: unknown;
  /** Whether the client advertises `workspace/configuration` (true by default). */
  configuration?: boolean;
  args?: string[];
  /** Extra environment variables for the server process. */
  env?: Record<string, string>;
  /** stdio (the default) or Node IPC, as the VS Code client uses. */
  transport?: 'stdio' | 'ipc';
  /** The program to run instead of `node server/out/main.js` (an installed `tagtree-lsp`); `args` follow it. */
  command?: string;
  /** The workspace folder's URI (`rootUri`). */
  rootUri?: string;
  /**
   * Answer the settings as they are. Otherwise the client adds
   * `diagnostics.conformance: false` when they do not say: the conformance
   * checks are on by default, and the tests of the other features compare
   * exact lists of diagnostics on documents (often without a title) that are
   * not about conformance. conformance-lsp.test.ts tests them, and the
   * default, through settings that say or with this option.
   */
  conformance?: boolean;
}

/** `settings` with `diagnostics.conformance` false unless they set it (settings that are not an object: as they are). */
export function withoutConformance(settings: unknown): unknown {
  if (settings === null || settings === undefined) return { diagnostics: { conformance: false } };
  if (typeof settings !== 'object' || Array.isArray(settings)) return settings;
  const s = settings as { diagnostics?: unknown };
  if (s.diagnostics === undefined) return { ...s, diagnostics: { conformance: false } };
  if (s.diagnostics === null || typeof s.diagnostics !== 'object' || Array.isArray(s.diagnostics)) return settings;
  const d = s.diagnostics as { conformance?: unknown };
  return d.conformance === undefined ? { ...s, diagnostics: { ...d, conformance: false } } : settings;
}

/** Capabilities of a push-diagnostics editor (no pull support). */
export const PUSH_CAPABILITIES: ClientCapabilities = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    foldingRange: { lineFoldingOnly: true },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
  },
  workspace: { configuration: true, workspaceEdit: { documentChanges: true } },
};

interface Waiter {
  uri: string;
  predicate: (p: PublishDiagnosticsParams) => boolean;
  resolve: (p: PublishDiagnosticsParams) => void;
}

export class LspClient {
  readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  readonly published: PublishDiagnosticsParams[] = [];
  readonly logs: string[] = [];
  /** The log messages with their type (1 error, 2 warning, 3 info, 4 log). */
  readonly logEntries: { type: number; message: string }[] = [];
  readonly stderr: string[] = [];
  /** What the server registered with `client/registerCapability`. */
  readonly registrations: { method: string; registerOptions?: unknown }[] = [];
  /** How many `workspace/diagnostic/refresh` and `workspace/configuration` requests the server made. */
  refreshes = 0;
  configurationRequests = 0;
  settings: unknown;
  /** The answer for section `html`; change it, then notify `workspace/didChangeConfiguration`. */
  html: unknown = null;
  initializeResult!: InitializeResult;
  private waiters: Waiter[] = [];
  private exited: Promise<number | null>;

  private constructor(
    readonly process: ChildProcess,
    readonly connection: ProtocolConnection,
    settings: unknown,
  ) {
    this.settings = settings;
    this.exited = new Promise((resolve) => process.on('exit', (code) => resolve(code)));
    process.stderr?.setEncoding('utf8');
    process.stderr?.on('data', (chunk: string) => this.stderr.push(chunk));
  }

  static async start(options: StartOptions = {}): Promise<LspClient> {
    const ipc = options.transport === 'ipc';
    const args = options.args ?? [ipc ? '--node-ipc' : '--stdio'];
    const env = { ...process.env, ...options.env };
    const [program, programArgs] = options.command === undefined ? [process.execPath, [SERVER_MAIN, ...args]] : [options.command, args];
    const child = spawn(program, programArgs, { stdio: ipc ? ['pipe', 'pipe', 'pipe', 'ipc'] : 'pipe', env });
    const connection = ipc
      ? createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child))
      : createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const client = new LspClient(child, connection, options.settings ?? null);
    client.html = options.html ?? null;
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => client.onDiagnostics(p));
    connection.onNotification('window/logMessage', (p: { type: number; message: string }) => {
      client.logs.push(p.message);
      client.logEntries.push(p);
    });
    connection.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) => {
      client.configurationRequests++;
      const answer = options.conformance === true ? client.settings : withoutConformance(client.settings);
      return p.items.map((item) => (item.section === 'html' ? (client.html ?? null) : answer));
    });
    connection.onRequest('client/registerCapability', (p: { registrations?: { method: string; registerOptions?: unknown }[] }) => {
      client.registrations.push(...(p.registrations ?? []));
      return null;
    });
    connection.onRequest('workspace/diagnostic/refresh', () => {
      client.refreshes++;
      return null;
    });
    connection.listen();
    const capabilities: ClientCapabilities = JSON.parse(JSON.stringify(options.capabilities ?? PUSH_CAPABILITIES));
    if (options.configuration === false && capabilities.workspace) delete capabilities.workspace.configuration;
    client.initializeResult = await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: options.rootUri ?? null,
      capabilities,
      initializationOptions: options.initializationOptions,
    });
    await connection.sendNotification('initialized', {});
    return client;
  }

  private onDiagnostics(p: PublishDiagnosticsParams): void {
    this.diagnostics.set(p.uri, p);
    this.published.push(p);
    const still: Waiter[] = [];
    for (const w of this.waiters) {
      if (w.uri === p.uri && w.predicate(p)) w.resolve(p);
      else still.push(w);
    }
    this.waiters = still;
  }

  /** The next diagnostics published for `uri` that satisfy `predicate` (by default: any version). */
  waitForDiagnostics(uri: string, predicate: (p: PublishDiagnosticsParams) => boolean = () => true, timeoutMs = 10_000): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms; stderr: ${this.stderr.join('')}; log: ${this.logs.join('\n')}`)), timeoutMs);
      this.waiters.push({
        uri,
        predicate,
        resolve: (p) => {
          clearTimeout(timer);
          resolve(p);
        },
      });
    });
  }

  /** Opens a document and waits for its first diagnostics. */
  async open(uri: string, text: string, languageId = 'html', version = 1): Promise<PublishDiagnosticsParams> {
    const published = this.waitForDiagnostics(uri, (p) => p.version === version);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
    return published;
  }

  /** Opens a document without waiting for anything. */
  async openOnly(uri: string, text: string, languageId = 'html', version = 1): Promise<void> {
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  async change(uri: string, version: number, contentChanges: TextDocumentContentChangeEvent[]): Promise<void> {
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  /** The document as the server holds it. */
  serverText(uri: string): Promise<{ version: number; text: string; parse: 'full' | 'incremental' | null } | null> {
    return this.request('tagtree/documentText', { textDocument: { uri } });
  }

  /** Writes raw bytes to the server's standard input, bypassing the JSON-RPC writer. */
  writeRaw(data: string | Buffer): void {
    this.process.stdin!.write(data);
  }

  get alive(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  /** shutdown, exit, and the process's exit code. */
  async stop(): Promise<number | null> {
    if (this.alive) {
      try {
        await Promise.race([this.connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
        await this.connection.sendNotification('exit');
      } catch {
        // The process may already be gone.
      }
    }
    const code = await Promise.race([this.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 3000))]);
    if (code === 'timeout') {
      this.process.kill('SIGKILL');
      return null;
    }
    this.connection.dispose();
    return code;
  }
}
