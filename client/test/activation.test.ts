/**
 * The shipped client bundle, activated in Node with a stand-in for the
 * `vscode` module (support/fake-vscode.ts): the real vscode-languageclient
 * inside the bundle starts the real bundled server over Node IPC, from the
 * unzipped .vsix, as VS Code would.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeVscode, Uri, type Diagnostic } from './support/fake-vscode';
import { REPO_ROOT } from './support/paths';
import { withTimeout } from './support/timeout';
import { packageExtension } from './support/vsix';

interface Extension {
  activate(context: unknown): Promise<void>;
  deactivate(): Promise<void> | undefined;
}

/** The ids of this process's child processes (Linux: /proc). */
function childProcesses(): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

/** A process's command line, its arguments separated by spaces ('' once it has ended). */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((x) => x !== '').join(' ');
  } catch {
    return '';
  }
}

async function eventually(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const codes = (d: Diagnostic[]) => d.map((x) => (typeof x.code === 'object' ? x.code.value : x.code));

describe('the shipped client, activated in a stand-in for VS Code', function () {
  this.timeout(60_000);
  const samplePath = join(REPO_ROOT, 'test-fixtures', 'sample.html');
  const sampleUri = Uri.file(samplePath);
  let fake: FakeVscode;
  let uninstall: () => void;
  let extension: Extension;
  let subscriptions: { dispose(): unknown }[];
  let childrenBefore: number[];
  let extensionDir: string;
  let customDataDir: string;
  const execute = (command: string) => (fake.module.commands as { executeCommand(id: string): Promise<unknown> }).executeCommand(command);

  before(async () => {
    ({ extensionDir } = packageExtension());
    childrenBefore = childProcesses();
    fake = new FakeVscode();
    uninstall = fake.install();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    extension = require(join(extensionDir, 'client', 'out', 'extension.js')) as Extension;
    subscriptions = [];
    // An installed extension that contributes custom data to VS Code's HTML support, and VS Code's html.customData.
    customDataDir = mkdtempSync(join(tmpdir(), 'tagtree-client-custom-data-'));
    mkdirSync(join(customDataDir, 'kit-extension', 'data'), { recursive: true });
    writeFileSync(join(customDataDir, 'kit-extension', 'data', 'kit.html-data.json'), JSON.stringify({ version: 1.1, globalAttributes: [{ name: 'kit-tip' }] }));
    writeFileSync(join(customDataDir, 'settings.html-data.json'), JSON.stringify({ version: 1.1, globalAttributes: [{ name: 'kit-grid' }] }));
    fake.installedExtensions.push(
      { id: 'someone.ui-kit', extensionUri: Uri.file(join(customDataDir, 'kit-extension')), packageJSON: { contributes: { html: { customData: ['./data/kit.html-data.json'] } } } },
      { id: 'someone.other', extensionUri: Uri.file(join(customDataDir, 'other')), packageJSON: { contributes: { languages: [] } } },
    );
    fake.settings.set('html.customData', [join(customDataDir, 'settings.html-data.json')]);
    // VS Code activates the extension on the first HTML file, which is open already.
    const sample = fake.openDocument(sampleUri, 'html', readFileSync(samplePath, 'utf8'));
    fake.setActive(sample);
    await extension.activate({
      subscriptions,
      extensionPath: extensionDir,
      asAbsolutePath: (relative: string) => join(extensionDir, relative),
    });
  });

  after(async () => {
    rmSync(customDataDir, { recursive: true, force: true });
    await extension?.deactivate();
    for (const d of subscriptions ?? []) d.dispose();
    uninstall?.();
  });

  it('registers its commands and says which languages it serves', () => {
    assert.deepEqual([...fake.commands.keys()].sort(), ['tagtree.restartServer', 'tagtree.showParseTree']);
    assert.deepEqual(fake.contexts.get('tagtree.servedLanguages'), ['html']);
  });

  it('starts the bundled server over Node IPC, which publishes the diagnostics of the open HTML file', async () => {
    const diagnostics = await withTimeout(fake.waitForDiagnostics(sampleUri.toString()), 10_000, 'diagnostics for sample.html');
    const missing = diagnostics.find((d) => typeof d.code === 'object' && d.code.value === 'missing-semicolon-after-character-reference');
    assert.ok(missing, codes(diagnostics).join(', '));
    assert.deepEqual([missing.range.start.line, missing.range.start.character, missing.range.end.line, missing.range.end.character], [6, 8, 6, 12]);
    assert.equal(missing.source, 'tagtree');
    assert.equal(
      (missing.code as { target: Uri }).target.toString(),
      'https://html.spec.whatwg.org/multipage/parsing.html#parse-error-missing-semicolon-after-character-reference',
    );
    const started = childProcesses().filter((p) => !childrenBefore.includes(p));
    assert.deepEqual(started.map(commandLine), [`${process.execPath} ${join(extensionDir, 'server', 'out', 'server.js')} --node-ipc --clientProcessId=${process.pid}`], 'one server process');
    assert.ok(fake.channels.some((c) => c.name === 'TagTree'), 'the TagTree output channel');
  });

  it('serves untitled HTML documents as well as files', async () => {
    const uri = Uri.parse('untitled:Untitled-1');
    fake.openDocument(uri, 'html', '<!DOCTYPE html><p a=1 a=2>');
    const diagnostics = await withTimeout(fake.waitForDiagnostics(uri.toString()), 10_000, 'diagnostics for an untitled document');
    assert.ok(codes(diagnostics).includes('duplicate-attribute'));
  });

  it('gives the server VS Code\'s html.customData and the custom data installed extensions contribute', async () => {
    const uri = Uri.file(join(customDataDir, 'kit.html'));
    const flagged = (d: Diagnostic[]) => d.filter((x) => codes([x])[0] === 'attribute-not-allowed').map((x) => x.range.start.character);
    const text = '<!DOCTYPE html><html lang="en"><title>t</title><div kit-tip kit-grid tns=1>x</div>';
    fake.openDocument(uri, 'html', text);
    // Only tns: kit-tip is the extension's, kit-grid html.customData's.
    const first = await withTimeout(fake.waitForDiagnostics(uri.toString(), (d) => flagged(d).length > 0), 10_000, 'diagnostics with custom data');
    assert.deepEqual(flagged(first), [text.indexOf('tns=1')]);
    // The extension is uninstalled: the client tells the server, and kit-tip is flagged.
    fake.installedExtensions.splice(0, 1);
    fake.onDidChangeExtensions.fire();
    const after = await withTimeout(fake.waitForDiagnostics(uri.toString(), (d) => flagged(d).length === 2), 10_000, 'diagnostics after the extension is removed');
    assert.deepEqual(flagged(after), [text.indexOf('kit-tip'), text.indexOf('tns=1')]);
  });

  it('shows the parse tree of the active file beside it, from the server', async () => {
    await execute('tagtree.showParseTree');
    const shown = fake.shown.at(-1);
    assert.ok(shown, 'a document was shown');
    assert.match(shown.uri, /^tagtree-tree:\/sample\.html%20\(parse%20tree\)\?/);
    assert.deepEqual(shown.options, { viewColumn: -2, preserveFocus: true, preview: true });
    const tree = fake.textDocuments.find((d) => d.uri.scheme === 'tagtree-tree');
    assert.ok(tree);
    assert.equal(tree.languageId, 'tagtree-tree');
    assert.equal(tree.uri.query, sampleUri.toString());
    assert.match(tree.getText(), /^\| <!DOCTYPE html>\n\| <html>\n\|   lang="en"\n/, tree.getText());
  });

  it('refreshes the tree while the source is edited, once typing pauses', async () => {
    const sample = fake.textDocuments.find((d) => d.uri.toString() === sampleUri.toString())!;
    const tree = fake.textDocuments.find((d) => d.uri.scheme === 'tagtree-tree')!;
    const refreshes = fake.refreshed.length;
    // Type "<hr>" at the end, one character at a time.
    for (const ch of '<hr>') fake.edit(sample, sample.getText().length, sample.getText().length, ch);
    await eventually('the tree to be fetched again', () => fake.refreshed.length > refreshes);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(fake.refreshed.length, refreshes + 1, 'one fetch for the burst of edits');
    assert.match(tree.getText(), /\n\|     <hr>\n$/, tree.getText());
  });

  it('follows the active editor: another HTML file gets its tree in the same column', async () => {
    const other = fake.openDocument(Uri.file('/other.html'), 'html', '<p>other');
    fake.setActive(other);
    await eventually('the other tree to be shown', () => fake.shown.at(-1)?.uri.includes('other.html') === true);
    const shown = fake.shown.at(-1)!;
    assert.match(shown.uri, /^tagtree-tree:\/other\.html%20\(parse%20tree\)\?/);
    assert.deepEqual(shown.options, { viewColumn: 2, preserveFocus: true, preview: true });
  });

  it('fetches a tree that is off screen only when it is shown again', async () => {
    const sample = fake.textDocuments.find((d) => d.uri.toString() === sampleUri.toString())!;
    const tree = fake.textDocuments.find((d) => d.uri.scheme === 'tagtree-tree' && d.uri.query === sampleUri.toString())!;
    assert.ok(!fake.visibleTextEditors.some((e) => e.document === tree), 'the sample\'s tree is off screen');
    const refreshes = fake.refreshed.length;
    fake.edit(sample, sample.getText().length, sample.getText().length, '<br>');
    await new Promise((r) => setTimeout(r, 600));
    assert.equal(fake.refreshed.length, refreshes, 'no fetch while off screen');
    fake.showEditor(tree, 2);
    await eventually('the tree to be fetched on screen', () => fake.refreshed.length > refreshes);
    await eventually('the new tree', () => /\n\|     <br>\n$/.test(tree.getText()));
  });

  it('traces the JSON-RPC traffic in the TagTree channel when tagtree.trace.server is on, and stops when it is off', async () => {
    const channel = fake.channels.find((c) => c.name === 'TagTree')!;
    const traced = () => channel.lines.filter((l) => /Sending (request|notification)/.test(l)).length;
    assert.equal(traced(), 0);
    fake.changeSetting('tagtree.trace.server', 'messages');
    fake.openDocument(Uri.file('/traced.html'), 'html', '<p>');
    await eventually('a traced message', () => traced() > 0);
    fake.changeSetting('tagtree.trace.server', 'off');
    const count = traced();
    fake.openDocument(Uri.file('/not-traced.html'), 'html', '<p>');
    await withTimeout(fake.waitForDiagnostics(Uri.file('/not-traced.html').toString()), 10_000, 'diagnostics');
    assert.equal(traced(), count);
  });

  it('restarts the server on TagTree: Restart Server', async () => {
    const before = childProcesses().filter((p) => !childrenBefore.includes(p));
    await execute('tagtree.restartServer');
    await eventually('a new server process', () => {
      const now = childProcesses().filter((p) => !childrenBefore.includes(p));
      return now.length === 1 && now[0] !== before[0];
    });
    const uri = Uri.file('/after-restart.html');
    fake.openDocument(uri, 'html', '<p>&amp');
    const diagnostics = await withTimeout(fake.waitForDiagnostics(uri.toString()), 10_000, 'diagnostics after the restart');
    assert.ok(codes(diagnostics).includes('missing-semicolon-after-character-reference'));
  });

  it('serves the languages in tagtree.languageIds, restarting when the setting changes', async () => {
    fake.changeSetting('tagtree.languageIds', ['php']);
    await eventually('the served-languages context key', () => JSON.stringify(fake.contexts.get('tagtree.servedLanguages')) === '["html","php"]');
    const uri = Uri.file('/page.php');
    fake.openDocument(uri, 'php', '<p a=1 a=2>');
    const diagnostics = await withTimeout(fake.waitForDiagnostics(uri.toString()), 10_000, 'diagnostics for a php document');
    assert.ok(codes(diagnostics).includes('duplicate-attribute'));
  });

  it('stops the server on deactivate', async () => {
    await extension.deactivate();
    await eventually('the server process to exit', () => childProcesses().filter((p) => !childrenBefore.includes(p)).length === 0);
  });
});
