/**
 * What every request handler shares: made by `startServer` (language-server.ts)
 * and handed to the handlers that register themselves (structure-handlers.ts).
 */
import type { CancellationToken, ClientCapabilities, Connection } from 'vscode-languageserver';
import type { Positions } from './convert';
import type { DocumentParse } from './document-parse';
import type { DocumentStore, OpenDocument } from './document-store';
import type { Settings } from './settings';
import type { FormatConfig } from './lint/format-config';

/** The state every handler shares. */
export interface ServerContext {
  readonly connection: Connection;
  readonly store: DocumentStore;
  settings(): Settings;
  /** The settings for one document: the editor's on top of the workspace's tagtree.json. */
  settingsFor(uri: string): Settings;
  /** The `format` section of the workspace's tagtree.json for one document (format-handlers.ts). */
  formatConfigFor(uri: string): FormatConfig | undefined;
  /** The document and its current parse, or undefined when it is unknown or not HTML. */
  parsed(uri: unknown): { doc: OpenDocument; parse: DocumentParse; positions: Positions } | undefined;
  /**
   * Marks the document's current parse as read by a computation that spans
   * several turns, until the returned function is called: meanwhile,
   * publishing does not reparse the document (which would consume the tree
   * being read) but waits for the reading to end.
   */
  reading(doc: OpenDocument): () => void;
  /** Wraps a request handler: logs an exception and answers `fallback` instead. */
  guard<P, R>(name: string, fallback: R, handler: (params: P, token: CancellationToken) => R | Promise<R>): (params: P, token: CancellationToken) => Promise<R>;
  /** A failure, in the client's log as an error. */
  log(message: string): void;
  /** Something the user may want to know, not a failure (the client's log, as information). */
  info(message: string): void;
  clientCapabilities(): ClientCapabilities;
}
