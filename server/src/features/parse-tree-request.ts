/**
 * `tagtree/parseTree`: the DOM of an open document in the html5lib
 * tree-construction test format, for the VS Code client's parse tree view and
 * any other editor that wants it.
 *
 *   params: { textDocument: { uri } }
 *   result: { uri, version, tree } | null
 *
 * The tree is the one the server already holds for the document (`getParse`),
 * so asking for it never parses a second time. The client declares the same
 * request in `client/src/protocol.ts`; a client test checks that they agree.
 *
 * Invariants:
 * - The handler never throws: an exception is logged and answered with null.
 * - A document the server does not hold, or holds without a tree, gets null.
 * - A request cancelled before the answer gets `RequestCancelled`, not a result.
 */
import { ErrorCodes, LSPErrorCodes, RequestType, ResponseError, type Connection } from 'vscode-languageserver';

export const PARSE_TREE_METHOD = 'tagtree/parseTree';

export interface ParseTreeParams {
  textDocument: { uri: string };
}

export interface ParseTreeResult {
  uri: string;
  /** The document version the tree was built from. */
  version: number;
  /** The html5lib tree format, one node per line (`toTestTree`). */
  tree: string;
}

export const ParseTreeRequest = new RequestType<ParseTreeParams, ParseTreeResult | null, void>(PARSE_TREE_METHOD);

/** The part of a connection the request needs. */
export type ParseTreeConnection = Pick<Connection, 'onRequest' | 'console'>;

function errorText(e: unknown): string {
  return e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : String(e);
}

/**
 * Answers `tagtree/parseTree` on `connection`. `getParse(uri)` returns the
 * current parse of an open document, or undefined when the server does not hold
 * it or does not serve its language; `toTestTree(document)` dumps a DOM.
 */
export function registerParseTreeRequest(
  connection: ParseTreeConnection,
  getParse: (uri: string) => { version: number; document: unknown } | undefined,
  toTestTree: (node: unknown) => string,
): void {
  connection.onRequest(ParseTreeRequest, (params, token): ParseTreeResult | null | ResponseError<void> => {
    const uri: unknown = (params as Partial<ParseTreeParams> | null)?.textDocument?.uri;
    if (typeof uri !== 'string') {
      return new ResponseError(ErrorCodes.InvalidParams, `${PARSE_TREE_METHOD}: params.textDocument.uri must be a string`);
    }
    if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
    try {
      const parse = getParse(uri);
      if (parse === undefined || parse.document === null || parse.document === undefined) return null;
      const tree = toTestTree(parse.document);
      if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
      return { uri, version: parse.version, tree };
    } catch (e) {
      try {
        connection.console.error(`${PARSE_TREE_METHOD} failed for ${uri}: ${errorText(e)}`);
      } catch {
        // The log is best effort; the answer still goes out.
      }
      return null;
    }
  });
}
