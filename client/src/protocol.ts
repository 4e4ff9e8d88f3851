/**
 * The names the client shares with the server and with the manifest
 * (package.json `contributes`). This module imports nothing, so tests load it
 * without VS Code.
 *
 * The server declares the same request in
 * `server/src/features/parse-tree-request.ts`; a test checks that they agree.
 */

/** The language client's id. vscode-languageclient reads `<id>.trace.server` through it. */
export const CLIENT_ID = 'tagtree';

/** The language ids the client always serves; `tagtree.languageIds` adds more. */
export const BUILTIN_LANGUAGE_IDS: readonly string[] = ['html'];

/** The URI schemes of the documents the server is given. */
export const DOCUMENT_SCHEMES: readonly string[] = ['file', 'untitled'];

/** The scheme of the read-only parse tree documents. */
export const TREE_SCHEME = 'tagtree-tree';

/** The language id of the parse tree documents (coloured by syntaxes/tagtree-tree.tmLanguage.json). */
export const TREE_LANGUAGE_ID = 'tagtree-tree';

/**
 * `tagtree/extensionCustomData` `{ paths }`: the custom data files installed extensions contribute changed (the
 * server's `EXTENSION_CUSTOM_DATA`, server/src/server-settings.ts; a test checks that they agree).
 */
export const EXTENSION_CUSTOM_DATA = 'tagtree/extensionCustomData';

/** `tagtree/parseTree`: the DOM of an open document in the html5lib tree format. */
export const PARSE_TREE_METHOD = 'tagtree/parseTree';

export interface ParseTreeParams {
  textDocument: { uri: string };
}

/** Null when the server does not hold the document or serves no tree for it. */
export interface ParseTreeResult {
  uri: string;
  /** The document version the tree was built from. */
  version: number;
  /** The html5lib tree-construction test format, one node per line. */
  tree: string;
}
