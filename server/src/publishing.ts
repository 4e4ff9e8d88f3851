/**
 * Diagnostics to the client: pushed (`textDocument/publishDiagnostics`,
 * coalesced and in stages) or pulled (`textDocument/diagnostic`, LSP 3.17,
 * when the client says it pulls), with the idle exact checks of large
 * documents (exact-checks.ts) behind both.
 *
 * Invariants:
 * - A push is computed from the document's current parse and published with
 *   the version it was computed for; work a change makes stale is dropped,
 *   and the publish that change scheduled does it for the newer text.
 * - Publishing never reparses a tree a multi-turn computation reads (`reading`): it waits for it.
 * - A pull answers `Unchanged` when nothing the diagnostics depend on changed,
 *   or when they came out the same (VS Code rebuilds its Outline on every change of them).
 */
import {
  DocumentDiagnosticReportKind,
  type ClientCapabilities,
  type Connection,
  type Diagnostic,
  type DocumentDiagnosticParams,
  type DocumentDiagnosticReport,
} from 'vscode-languageserver';
import { Positions, toDiagnostics } from './convert';
import type { DocumentStore, OpenDocument } from './document-store';
import { ExactChecks } from './exact-checks';
import { computeDiagnostics } from './features/diagnostics';
import { allFindingsExact } from './features/findings-families';
import { errorText, uriOf } from './guards';
import type { ServerContext } from './server-context';
import type { ServerSettings } from './server-settings';
import type { Settings } from './settings';
import { betweenTurns } from './slices';

export class Publisher {
  /** Whether the client pulls diagnostics (it said so at initialize); otherwise they are pushed. */
  pull = false;
  /** URIs whose pushed diagnostics are not empty, so they can be cleared. */
  private readonly published = new Set<string>();
  /**
   * Pulled diagnostics, per document: the last full report answered, its result id and items (as JSON),
   * and the state (revision, settings, exactness of the derived findings) it was last found current for.
   */
  private readonly reports = new Map<string, { resultId: string; items: string; state: string }>();
  private readonly pending = new Set<string>();
  private scheduled = false;
  /** Counts `schedule` calls: a change that arrives while a publish waits. */
  private changes = 0;
  private changesSeen = 0;
  /** How many multi-turn computations read each document's current parse. */
  private readonly readers = new Map<OpenDocument, number>();
  /** Documents whose publish waits for their readers. */
  private readonly waitingForReaders = new Set<string>();
  /** Documents the server was sent but does not serve, each said once in the log (by uri and language id). */
  private readonly unservedLogged = new Set<string>();
  private readonly exactChecks: ExactChecks;

  constructor(
    private readonly connection: Connection,
    private readonly store: DocumentStore,
    private readonly settings: ServerSettings,
    private readonly capabilities: () => ClientCapabilities,
    private readonly log: (message: string) => void,
  ) {
    this.exactChecks = new ExactChecks(store, (uri) => settings.settingsFor(uri), log, (uri) => this.findingsChanged(uri));
  }

  /** A document opened or changed: its diagnostics are pushed (a pulling client asks). */
  schedule(uri: string): void {
    if (this.pull) return;
    this.pending.add(uri);
    this.changes++;
    if (this.scheduled) return;
    this.scheduled = true;
    if (this.settings.loaded) setImmediate(this.publishPending);
    else void this.settings.ready().then(() => setImmediate(this.publishPending));
  }

  /** The settings changed: every document's diagnostics again. */
  settingsChanged(): void {
    if (this.pull) this.refresh();
    else for (const doc of this.store.all()) this.schedule(doc.uri);
  }

  /** A document's findings changed without an edit (its idle exact checks). */
  private findingsChanged(uri: string): void {
    if (!this.pull) this.schedule(uri);
    else this.refresh();
  }

  private refresh(): void {
    if (!this.capabilities().workspace?.diagnostics?.refreshSupport) return;
    this.connection.languages.diagnostics.refresh().catch((e: unknown) => this.log(`diagnostic refresh failed: ${errorText(e)}`));
  }

  /** The document closed: its diagnostics are cleared and nothing more is computed for it. */
  closed(uri: string): void {
    this.reports.delete(uri);
    this.pending.delete(uri);
    this.waitingForReaders.delete(uri);
    this.exactChecks.closed(uri);
    if (this.published.delete(uri)) void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /** See `ServerContext.reading`. */
  readonly reading: ServerContext['reading'] = (doc) => {
    this.readers.set(doc, (this.readers.get(doc) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const n = (this.readers.get(doc) ?? 1) - 1;
      if (n > 0) {
        this.readers.set(doc, n);
        return;
      }
      this.readers.delete(doc);
      if (this.waitingForReaders.delete(doc.uri)) this.schedule(doc.uri);
    };
  };

  private logUnserved(doc: OpenDocument): void {
    const key = `${doc.languageId}\n${doc.uri}`;
    if (this.unservedLogged.has(key)) return;
    this.unservedLogged.add(key);
    this.log(
      `Not serving ${doc.uri}: its language id is "${doc.languageId}", which is not html, mhtml or one of tagtree.languageIds ` +
        `(${JSON.stringify(this.settings.current.languageIds)}, settings from ${this.settings.source}). ` +
        `To check it as HTML, add "${doc.languageId}" to the setting tagtree.languageIds` +
        (this.settings.source === 'defaults' ? ', and pass the settings as initializationOptions if your client does not answer workspace/configuration.' : '.'),
    );
  }

  private readonly publishPending = () => {
    // Coalescing: the connection handles one queued message per turn of the
    // event loop. While turns keep bringing changes (an editor's burst sent
    // during a long parse), wait one more turn; once a turn brings none,
    // parse once and publish. Without a backlog this costs one turn (µs).
    if (this.changes !== this.changesSeen) {
      this.changesSeen = this.changes;
      setImmediate(this.publishPending);
      return;
    }
    this.scheduled = false;
    const uris = [...this.pending];
    this.pending.clear();
    for (const uri of uris) {
      this.publishStaged(uri).catch((e: unknown) => this.log(`publishing diagnostics for ${uri} failed: ${errorText(e)}`));
    }
  };

  /**
   * Publishes a document's diagnostics in stages (parse, diagnostics,
   * conversion), letting the connection read what arrived between them. A
   * change seen between stages makes the work stale: it is dropped, and the
   * publish that change scheduled does it for the newer text (from the parse
   * already made, so nothing is parsed twice).
   */
  private async publishStaged(uri: string): Promise<void> {
    const doc = this.store.get(uri);
    if (doc === undefined || !this.settings.serves(doc)) {
      if (this.published.delete(uri)) void this.connection.sendDiagnostics({ uri, version: doc?.version, diagnostics: [] });
      if (doc !== undefined) this.logUnserved(doc);
      return;
    }
    const revision = doc.revision;
    const generation = this.settings.generation;
    const stale = () => this.store.get(uri) !== doc || doc.revision !== revision || this.settings.generation !== generation;
    const options = { scripting: this.settings.current.scripting };
    if (this.readers.has(doc) && !this.store.isParsed(doc, options)) {
      // An outline or folding computation reads the current tree: reparsing now would consume it.
      this.waitingForReaders.add(uri);
      return;
    }
    const parse = this.store.parseOf(doc, options);
    await betweenTurns();
    if (stale()) return;
    const settings = this.settings.settingsFor(uri);
    const data = computeDiagnostics(parse, settings);
    await betweenTurns();
    if (stale()) return;
    this.exactChecks.needed(uri, parse, settings);
    const diagnostics = toDiagnostics(new Positions(parse.text), uri, data);
    if (diagnostics.length === 0) this.published.delete(uri);
    else this.published.add(uri);
    void this.connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
  }

  /** The diagnostics of a document's current parse under `settings`, now (a pull). */
  private diagnosticsNow(doc: OpenDocument, settings: Settings): Diagnostic[] {
    const parse = this.store.parseOf(doc, { scripting: this.settings.current.scripting });
    const data = computeDiagnostics(parse, settings);
    this.exactChecks.needed(doc.uri, parse, settings);
    return toDiagnostics(new Positions(parse.text), doc.uri, data);
  }

  /** `textDocument/diagnostic`: a full report, or `Unchanged` when the client's is still right. */
  async pulled(params: DocumentDiagnosticParams): Promise<DocumentDiagnosticReport> {
    await this.settings.ready();
    const uri = uriOf(params);
    const doc = uri === undefined ? undefined : this.store.get(uri);
    if (doc !== undefined && !this.settings.serves(doc) && this.settings.loaded) this.logUnserved(doc);
    if (uri === undefined || doc === undefined || !this.settings.serves(doc)) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
    const settings = this.settings.settingsFor(uri);
    const stateOf = () => {
      const exact = doc.parse !== null && doc.parseRevision === doc.revision && allFindingsExact(doc.parse, settings);
      return `${doc.revision}/${this.settings.generation}${exact ? '' : '/carried'}`;
    };
    const last = this.reports.get(uri);
    const known = last !== undefined && params.previousResultId === last.resultId;
    if (known && last.state === stateOf()) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: last.resultId };
    const items = this.diagnosticsNow(doc, settings);
    const json = JSON.stringify(items);
    const state = stateOf();
    // The same diagnostics at the same positions (an edit that changes none): the client keeps what it shows.
    // VS Code rebuilds its Outline view on every change of a document's diagnostics, whatever they are.
    if (known && last.items === json) {
      last.state = state;
      return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: last.resultId };
    }
    this.reports.set(uri, { resultId: state, items: json, state });
    return { kind: DocumentDiagnosticReportKind.Full, resultId: state, items };
  }
}
