/**
 * The vscode-languageserver packages name their entry points only in
 * `exports`, which TypeScript's `moduleResolution: "node"` (tsconfig.base.json)
 * does not read. These declarations point each entry point at the typings of
 * the file Node loads for it. Compile-time only: nothing here is emitted.
 */
declare module 'vscode-languageserver' {
  export * from 'vscode-languageserver/lib/common/api';
}
declare module 'vscode-languageserver/node' {
  export * from 'vscode-languageserver/lib/node/main';
}
declare module 'vscode-languageserver-protocol' {
  export * from 'vscode-languageserver-protocol/lib/common/api';
}
declare module 'vscode-jsonrpc' {
  export * from 'vscode-jsonrpc/lib/common/api';
}
