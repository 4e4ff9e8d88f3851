/**
 * "TagTree: Show Parse Tree": a read-only virtual document beside the source,
 * holding the DOM of the source in the html5lib tree format.
 *
 * The tree comes from the server (`tagtree/parseTree`), which answers from the
 * parse it already holds, so the client never parses. A tree refreshes while
 * its source is edited (debounced; a tree off screen when it is shown again),
 * when its source becomes the active editor again, and when TagTree's
 * settings change. A visible tree follows the active
 * editor: switching to another served document shows that document's tree in
 * the same column.
 *
 * A tree document's URI is `tagtree-tree:/<source name> (parse tree)?<source URI>`.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { PARSE_TREE_METHOD, TREE_LANGUAGE_ID, TREE_SCHEME, type ParseTreeParams, type ParseTreeResult } from './protocol';

/** How long typing pauses before a tree is fetched again. */
const REFRESH_DELAY_MS = 300;

export interface TreeServer {
  serves(document: vscode.TextDocument): boolean;
  running(): Promise<LanguageClient | undefined>;
}

export function treeUriOf(source: vscode.Uri): vscode.Uri {
  const name = path.posix.basename(source.path) || source.toString();
  return vscode.Uri.from({ scheme: TREE_SCHEME, path: `/${name} (parse tree)`, query: source.toString() });
}

/** A tree document's text when there is no tree to show: a comment in the tree format. */
function note(text: string): string {
  return `<!-- ${text.replace(/--/g, '- -')} -->\n`;
}

export class ParseTreeView implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Trees whose source changed while they were open but not on screen. */
  private readonly stale = new Set<string>();
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly server: TreeServer) {
    this.disposables = [
      this.changed,
      vscode.workspace.registerTextDocumentContentProvider(TREE_SCHEME, this),
      vscode.workspace.onDidChangeTextDocument((e) => this.sourceChanged(e.document)),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor !== undefined) void this.activeEditorChanged(editor.document);
      }),
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        for (const e of editors) if (this.stale.has(e.document.uri.toString())) this.refresh(e.document.uri, 0);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.stale.delete(d.uri.toString())),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('tagtree')) this.refreshAll();
      }),
    ];
  }

  /** The command: the tree of the active editor's document, beside it. */
  async showActive(): Promise<void> {
    const document = vscode.window.activeTextEditor?.document;
    if (document?.uri.scheme === TREE_SCHEME) {
      this.refresh(document.uri, 0);
      return;
    }
    if (document === undefined || !this.server.serves(document)) {
      const what = document === undefined ? 'No file is active' : `TagTree does not serve ${document.languageId} documents`;
      void vscode.window.showInformationMessage(`${what}. Open an HTML file to see its parse tree (add other languages with tagtree.languageIds).`);
      return;
    }
    await this.show(document, vscode.ViewColumn.Beside);
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const source = uri.query;
    const client = await this.server.running();
    if (client === undefined) {
      return note('The TagTree language server is not running. Run "TagTree: Restart Server"; the TagTree output channel has its log.');
    }
    try {
      const params: ParseTreeParams = { textDocument: { uri: source } };
      const result = await client.sendRequest<ParseTreeResult | null>(PARSE_TREE_METHOD, params, token);
      if (result === null || result === undefined) {
        return note(`TagTree has no parse tree for ${source}: the server does not hold this document, or does not serve its language.`);
      }
      return result.tree.endsWith('\n') || result.tree === '' ? result.tree : `${result.tree}\n`;
    } catch (e) {
      return note(`TagTree could not get the parse tree of ${source}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const d of this.disposables) d.dispose();
  }

  private async show(source: vscode.TextDocument, viewColumn: vscode.ViewColumn): Promise<void> {
    const uri = treeUriOf(source.uri);
    const wasOpen = this.isOpen(uri);
    let tree = await vscode.workspace.openTextDocument(uri);
    if (tree.languageId !== TREE_LANGUAGE_ID) tree = await vscode.languages.setTextDocumentLanguage(tree, TREE_LANGUAGE_ID);
    await vscode.window.showTextDocument(tree, { viewColumn, preserveFocus: true, preview: true });
    // An open tree document keeps its last text; bring it up to date.
    if (wasOpen) this.refresh(uri, 0);
  }

  private isOpen(uri: vscode.Uri): boolean {
    const key = uri.toString();
    return vscode.workspace.textDocuments.some((d) => d.uri.toString() === key);
  }

  private isVisible(uri: vscode.Uri): boolean {
    const key = uri.toString();
    return vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === key);
  }

  /** A tree on screen is fetched again once typing pauses; one off screen, when it comes back. */
  private sourceChanged(document: vscode.TextDocument): void {
    if (document.uri.scheme === TREE_SCHEME) return;
    const uri = treeUriOf(document.uri);
    if (this.isVisible(uri)) this.refresh(uri, REFRESH_DELAY_MS);
    else if (this.isOpen(uri)) this.stale.add(uri.toString());
  }

  private async activeEditorChanged(document: vscode.TextDocument): Promise<void> {
    if (document.uri.scheme === TREE_SCHEME || !this.server.serves(document)) return;
    const uri = treeUriOf(document.uri);
    const visibleTrees = vscode.window.visibleTextEditors.filter((e) => e.document.uri.scheme === TREE_SCHEME);
    if (visibleTrees.some((e) => e.document.uri.toString() === uri.toString())) {
      this.refresh(uri, 0);
    } else if (visibleTrees.length > 0 && visibleTrees[0].viewColumn !== undefined) {
      await this.show(document, visibleTrees[0].viewColumn);
    } else if (this.isOpen(uri)) {
      this.refresh(uri, 0);
    }
  }

  private refreshAll(): void {
    for (const d of vscode.workspace.textDocuments) if (d.uri.scheme === TREE_SCHEME) this.refresh(d.uri, REFRESH_DELAY_MS);
  }

  /** Asks VS Code to fetch the tree again after `delay` ms; a newer call replaces a pending one. */
  private refresh(uri: vscode.Uri, delay: number): void {
    const key = uri.toString();
    const pending = this.timers.get(key);
    if (pending !== undefined) clearTimeout(pending);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.stale.delete(key);
        this.changed.fire(uri);
      }, delay),
    );
  }
}
