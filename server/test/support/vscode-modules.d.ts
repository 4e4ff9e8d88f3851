/**
 * The protocol client packages name their entry points only in `exports`,
 * which TypeScript's `moduleResolution: "node"` does not read; these point
 * each entry point at the typings of the file Node loads. Compile-time only.
 */
declare module 'vscode-languageserver-protocol/node' {
  export * from 'vscode-languageserver-protocol/lib/node/main';
}
declare module 'vscode-languageserver-protocol' {
  export * from 'vscode-languageserver-protocol/lib/common/api';
}
declare module 'vscode-jsonrpc/node' {
  export * from 'vscode-jsonrpc/lib/node/main';
}
declare module 'vscode-jsonrpc' {
  export * from 'vscode-jsonrpc/lib/common/api';
}
