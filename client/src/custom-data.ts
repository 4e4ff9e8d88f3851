/**
 * The custom data files that installed extensions contribute to VS Code's
 * HTML support (`contributes.html.customData` in their package.json: paths
 * relative to the extension, https://code.visualstudio.com/api/extension-guides/custom-data-extension),
 * which TagTree's server reads as VS Code's own HTML server does. The server
 * gets them in `initializationOptions.extensionCustomData` and, when
 * extensions are installed or removed, in `tagtree/extensionCustomData`.
 */
import * as vscode from 'vscode';

/** The absolute paths of the custom data files the installed extensions contribute, in a stable order. */
export function extensionCustomDataPaths(): string[] {
  const out = new Set<string>();
  for (const extension of vscode.extensions.all) {
    const paths = (extension.packageJSON as { contributes?: { html?: { customData?: unknown } } } | undefined)?.contributes?.html?.customData;
    if (!Array.isArray(paths)) continue;
    // The server reads files: only an extension installed on this file system can be read.
    if (extension.extensionUri.scheme !== 'file') continue;
    for (const p of paths) if (typeof p === 'string' && p !== '') out.add(vscode.Uri.joinPath(extension.extensionUri, p).fsPath);
  }
  return [...out].sort();
}
