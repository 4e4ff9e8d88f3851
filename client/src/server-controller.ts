/**
 * Owns the language client: starts the bundled server over Node IPC, stops it,
 * and restarts it (on the command, or when `tagtree.languageIds` changes the
 * document selector). Start, stop and restart run one after another.
 */
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type DocumentSelector,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { extensionCustomDataPaths } from './custom-data';
import { BUILTIN_LANGUAGE_IDS, CLIENT_ID, DOCUMENT_SCHEMES, EXTENSION_CUSTOM_DATA } from './protocol';
import { TraceChannel } from './trace-channel';

/** A context key for `when` clauses: the language ids the server is given. */
const SERVED_LANGUAGES_CONTEXT = 'tagtree.servedLanguages';

/** `html` and the ids in `tagtree.languageIds`, without duplicates or non-strings. */
export function servedLanguageIds(): string[] {
  const extra = vscode.workspace.getConfiguration().get<unknown>('tagtree.languageIds', []);
  const ids = new Set(BUILTIN_LANGUAGE_IDS);
  if (Array.isArray(extra)) for (const id of extra) if (typeof id === 'string' && id !== '') ids.add(id);
  return [...ids];
}

export class ServerController implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private languages: string[] = [];
  /** The last start, stop or restart; the next one waits for it. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly traceChannel: TraceChannel;
  /** Listens for extensions installed or removed while the client runs. */
  private extensionListener: vscode.Disposable | undefined;

  constructor(
    private readonly serverModule: string,
    private readonly output: vscode.LogOutputChannel,
  ) {
    this.traceChannel = new TraceChannel(output);
  }

  /** Whether the server is given documents in this language and scheme. */
  serves(document: vscode.TextDocument): boolean {
    return DOCUMENT_SCHEMES.includes(document.uri.scheme) && this.languages.includes(document.languageId);
  }

  /** The running client once pending starts and stops are done, or undefined. */
  async running(): Promise<LanguageClient | undefined> {
    await this.queue.catch(() => undefined);
    return this.client?.isRunning() ? this.client : undefined;
  }

  start(): Promise<void> {
    return this.enqueue(() => this.doStart());
  }

  stop(): Promise<void> {
    return this.enqueue(() => this.doStop());
  }

  restart(reason: string): Promise<void> {
    return this.enqueue(async () => {
      this.output.info(`Restarting the TagTree server: ${reason}.`);
      await this.doStop();
      await this.doStart();
    });
  }

  dispose(): void {
    void this.stop();
    this.traceChannel.dispose();
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const next = this.queue.catch(() => undefined).then(step);
    this.queue = next;
    return next;
  }

  private async doStart(): Promise<void> {
    this.languages = servedLanguageIds();
    const documentSelector: DocumentSelector = [];
    for (const language of this.languages) {
      for (const scheme of DOCUMENT_SCHEMES) documentSelector.push({ scheme, language });
    }
    const serverOptions: ServerOptions = {
      run: { module: this.serverModule, transport: TransportKind.ipc },
      // Used when VS Code runs the extension under its debugger (Run Extension).
      debug: { module: this.serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector,
      // The server pulls `tagtree` and `html` (VS Code's html.customData) with workspace/configuration; this also
      // tells it of every change to them.
      synchronize: { configurationSection: ['tagtree', 'html'] },
      // The custom data files installed extensions contribute to VS Code's HTML support (custom-data.ts).
      initializationOptions: { extensionCustomData: extensionCustomDataPaths() },
      outputChannel: this.output,
      traceOutputChannel: this.traceChannel,
    };
    const client = new LanguageClient(CLIENT_ID, 'TagTree', serverOptions, clientOptions);
    this.client = client;
    // Not awaited: the context only shows menu items, and its answer comes from the window, which may be busy
    // opening a large file for seconds; the server starts meanwhile, and with it the first diagnostics.
    vscode.commands.executeCommand('setContext', SERVED_LANGUAGES_CONTEXT, this.languages).then(undefined, (e: unknown) =>
      this.output.warn(`setContext ${SERVED_LANGUAGES_CONTEXT}: ${e instanceof Error ? e.message : String(e)}`),
    );
    this.output.info(`Starting the TagTree server for ${this.languages.join(', ')} documents.`);
    try {
      await client.start();
      this.output.info(`TagTree server started for ${this.languages.join(', ')} documents.`);
      this.watchExtensions(client);
    } catch (e) {
      this.output.error(`The TagTree server did not start: ${e instanceof Error ? e.message : String(e)}`);
      const choice = await vscode.window.showErrorMessage('The TagTree language server did not start.', 'Show Log');
      if (choice === 'Show Log') this.output.show();
    }
  }

  /** Sends the server the contributed custom data again when extensions are installed or removed. */
  private watchExtensions(client: LanguageClient): void {
    let sent = JSON.stringify(extensionCustomDataPaths());
    const listener = vscode.extensions.onDidChange(() => {
      const paths = extensionCustomDataPaths();
      if (JSON.stringify(paths) === sent || this.client !== client || !client.isRunning()) return;
      sent = JSON.stringify(paths);
      client.sendNotification(EXTENSION_CUSTOM_DATA, { paths }).catch((e: unknown) => this.output.warn(`${EXTENSION_CUSTOM_DATA}: ${e instanceof Error ? e.message : String(e)}`));
    });
    this.extensionListener?.dispose();
    this.extensionListener = listener;
  }

  private async doStop(): Promise<void> {
    this.extensionListener?.dispose();
    this.extensionListener = undefined;
    const client = this.client;
    this.client = undefined;
    if (client === undefined) return;
    try {
      // dispose() stops the server (waiting up to 2 s for shutdown and exit) and
      // leaves the output channel, which the extension owns, open.
      await client.dispose(2000);
    } catch (e) {
      this.output.warn(`Stopping the TagTree server: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
