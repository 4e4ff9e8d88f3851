/**
 * TagTree's VS Code client. It is thin on purpose: it starts the bundled
 * language server (`server/out/server.js`) over Node IPC and adds what only an
 * editor can: the parse tree view, the restart command and the output channel.
 * Every HTML feature lives in the server, so every editor gets the same.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ParseTreeView } from './parse-tree-view';
import { ServerController } from './server-controller';

let controller: ServerController | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('TagTree', { log: true });
  const server = new ServerController(context.asAbsolutePath(path.join('server', 'out', 'server.js')), output);
  controller = server;
  const treeView = new ParseTreeView(server);
  context.subscriptions.push(
    output,
    server,
    treeView,
    vscode.commands.registerCommand('tagtree.showParseTree', () => treeView.showActive()),
    vscode.commands.registerCommand('tagtree.restartServer', () => server.restart('requested by the user')),
    vscode.workspace.onDidChangeConfiguration((e) => {
      // The document selector is fixed when a client starts.
      if (e.affectsConfiguration('tagtree.languageIds')) void server.restart('tagtree.languageIds changed');
    }),
  );
  await server.start();
}

/** Stops the server; VS Code waits for the returned promise. */
export function deactivate(): Promise<void> | undefined {
  const server = controller;
  controller = undefined;
  return server?.stop();
}
