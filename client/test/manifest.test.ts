/**
 * The manifest (package.json `contributes`, `activationEvents`) and the code
 * agree, both ways:
 * - every command the client registers is declared, and every declared command is registered;
 * - every `tagtree.*` setting the client reads is declared, and every declared
 *   setting is read by the client or by the server (server/src/settings.ts,
 *   checked by feeding the server's reader a changed value), with the server's defaults;
 * - every context key a `when` clause uses is set by the client;
 * - the languages, grammars and the request the client uses exist.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as protocol from '../out/tsc/protocol';
import * as serverRequest from '../../server/out/features/parse-tree-request';
import * as serverSettings from '../../server/out/settings';
import { EXTENSION_CUSTOM_DATA } from '../../server/out/server-settings';
import { readManifest, REPO_ROOT, type ConfigurationProperty } from './support/paths';

const manifest = readManifest();
const CLIENT_SOURCES = join(REPO_ROOT, 'client', 'src');

/** The client's source text, file by file. */
function clientSources(): { file: string; text: string }[] {
  return readdirSync(CLIENT_SOURCES)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: f, text: readFileSync(join(CLIENT_SOURCES, f), 'utf8') }));
}

const sources = clientSources();
const allSource = sources.map((s) => s.text).join('\n');

/** Every string literal in the client that names something `tagtree.*`. */
const tagtreeLiterals = new Set([...allSource.matchAll(/'(tagtree\.[A-Za-z.]+)'/g)].map((m) => m[1]));
const registeredCommands = new Set([...allSource.matchAll(/registerCommand\(\s*'([^']+)'/g)].map((m) => m[1]));
const contextKeysSet = new Set(
  [...allSource.matchAll(/const (\w+) = '(tagtree\.[A-Za-z.]+)'/g)]
    .filter((m) => new RegExp(`'setContext',\\s*${m[1]}\\b`).test(allSource))
    .map((m) => m[2]),
);

const declaredCommands = manifest.contributes.commands.map((c) => c.command);
const properties = manifest.contributes.configuration.properties;
const declaredSettings = Object.keys(properties);

/** `a.b.c` in the server's DEFAULT_SETTINGS for each leaf (an empty object is a leaf: the per-code map). */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) for (const [path, leaf] of leaves(v, prefix === '' ? k : `${prefix}.${k}`)) out.set(path, leaf);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** A value for the setting other than its default. */
function changedValue(p: ConfigurationProperty): unknown {
  if (p.type === 'boolean') return !p.default;
  if (p.enum !== undefined) return p.enum.find((v) => v !== p.default);
  if (p.type === 'integer' || p.type === 'number') return (p.default as number) + 7;
  if (p.type === 'array') {
    // An array of enumerated strings (tagtree.frameworks) takes one of its own values; other arrays a language id.
    const items = p.items as { enum?: unknown[] } | undefined;
    return items?.enum !== undefined ? [items.enum[0]] : ['php'];
  }
  if (p.type === 'object') return { 'missing-doctype': 'warning' };
  throw new Error(`no changed value for type ${String(p.type)}`);
}

function whenClauses(): string[] {
  return Object.values(manifest.contributes.menus ?? {}).flatMap((items) => items.flatMap((i) => (i.when === undefined ? [] : [i.when])));
}

describe('package.json and the code agree', () => {
  it('every command the client registers is declared, and every declared command is registered', () => {
    assert.deepEqual([...registeredCommands].sort(), [...declaredCommands].sort());
    assert.deepEqual(declaredCommands.sort(), ['tagtree.restartServer', 'tagtree.showParseTree']);
  });

  it('every command has a title and the TagTree category, and activates the extension', () => {
    for (const c of manifest.contributes.commands) {
      assert.ok(c.title.length > 0, c.command);
      assert.equal(c.category, 'TagTree', c.command);
      assert.ok(manifest.activationEvents.includes(`onCommand:${c.command}`), `onCommand:${c.command}`);
    }
    assert.ok(manifest.activationEvents.includes('onLanguage:html'));
    // The server is started with a folder that has HTML files, not when the first one is opened: a large page's
    // first diagnostics do not wait for the server to start.
    assert.ok(manifest.activationEvents.includes('workspaceContains:**/*.html'));
    const commandEvents = manifest.activationEvents.filter((e) => e.startsWith('onCommand:')).map((e) => e.slice('onCommand:'.length));
    assert.deepEqual(commandEvents.sort(), [...declaredCommands].sort());
  });

  it('menus name declared commands, and their context keys are set by the client', () => {
    for (const items of Object.values(manifest.contributes.menus ?? {})) for (const i of items) assert.ok(declaredCommands.includes(i.command), i.command);
    const used = new Set(whenClauses().flatMap((w) => [...w.matchAll(/\b(tagtree\.[A-Za-z.]+)/g)].map((m) => m[1])));
    assert.ok(used.size > 0);
    for (const key of used) assert.ok(contextKeysSet.has(key), `the client sets the context key ${key}`);
  });

  it('every tagtree.* name in the client is a declared command, setting or context key', () => {
    for (const name of tagtreeLiterals) {
      assert.ok(declaredCommands.includes(name) || declaredSettings.includes(name) || contextKeysSet.has(name), `${name} is declared`);
    }
  });

  it('every setting has a type, a default and a description', () => {
    for (const [key, p] of Object.entries(properties)) {
      assert.ok(p.type !== undefined, `${key}: type`);
      assert.ok('default' in p, `${key}: default`);
      assert.ok((p.description ?? p.markdownDescription ?? '').length > 20, `${key}: description`);
      if (p.enum !== undefined) assert.ok(p.enum.includes(p.default), `${key}: the default is one of the enum`);
    }
  });

  it('the declared settings are exactly the ones the client reads and the server reads, with the server\'s defaults', () => {
    const serverLeaves = leaves(serverSettings.DEFAULT_SETTINGS);
    const readByServer = new Set([...serverLeaves.keys()].map((k) => `tagtree.${k}`));
    const readByClient = new Set([...tagtreeLiterals].filter((n) => declaredSettings.includes(n)));
    // vscode-languageclient reads <client id>.trace.server itself.
    assert.equal(protocol.CLIENT_ID, 'tagtree');
    readByClient.add(`${protocol.CLIENT_ID}.trace.server`);
    assert.deepEqual(declaredSettings.slice().sort(), [...new Set([...readByServer, ...readByClient])].sort());
    for (const [leaf, value] of serverLeaves) {
      assert.deepEqual(properties[`tagtree.${leaf}`].default, value, `tagtree.${leaf}: the manifest's default is the server's`);
    }
  });

  it('the server reads every setting declared for it, under its declared name', () => {
    const defaults = serverSettings.readSettings({});
    assert.deepEqual(defaults, serverSettings.DEFAULT_SETTINGS);
    for (const key of declaredSettings) {
      const name = key.slice('tagtree.'.length);
      if (name === 'trace.server') continue;
      // VS Code sends the section as nested objects; readSettings also takes dotted keys.
      const read = serverSettings.readSettings({ [name]: changedValue(properties[key]) });
      assert.notDeepEqual(read, defaults, `changing ${key} changes the server's settings`);
    }
  });

  it('the languages and grammars the client and the manifest use exist', () => {
    const { languages, grammars } = manifest.contributes;
    assert.ok(languages.some((l) => l.id === protocol.TREE_LANGUAGE_ID));
    assert.ok(grammars.some((g) => g.language === protocol.TREE_LANGUAGE_ID));
    for (const l of languages) {
      if (l.configuration === undefined) continue;
      const config = JSON.parse(readFileSync(join(REPO_ROOT, l.configuration), 'utf8')) as { comments?: unknown; brackets?: unknown };
      assert.ok(config.comments && config.brackets, `${l.configuration} has comments and brackets`);
    }
    for (const g of grammars) assert.ok(existsSync(join(REPO_ROOT, g.path)), g.path);
  });

  it('the client and the server name the parse tree request the same', () => {
    assert.equal(protocol.PARSE_TREE_METHOD, 'tagtree/parseTree');
    assert.equal(serverRequest.PARSE_TREE_METHOD, protocol.PARSE_TREE_METHOD);
    assert.equal(serverRequest.ParseTreeRequest.method, protocol.PARSE_TREE_METHOD);
  });

  it('the client and the server name the notification of the custom data extensions contribute the same', () => {
    assert.equal(protocol.EXTENSION_CUSTOM_DATA, 'tagtree/extensionCustomData');
    assert.equal(EXTENSION_CUSTOM_DATA, protocol.EXTENSION_CUSTOM_DATA);
  });

  it('makes TagTree the folding provider VS Code uses for HTML, by the extension\'s own id', () => {
    // With two providers VS Code folds the union of their ranges (the built-in extension folds tags as written).
    const defaults = (manifest.contributes as unknown as { configurationDefaults: Record<string, Record<string, unknown>> }).configurationDefaults;
    assert.deepEqual(defaults, { '[html]': { 'editor.defaultFoldingRangeProvider': `${manifest.publisher}.${manifest.name}` } });
  });

  it('the manifest has what the Marketplace shows', () => {
    assert.equal(manifest.main, './client/out/extension.js');
    assert.ok(existsSync(join(REPO_ROOT, manifest.icon)), manifest.icon);
    assert.ok(manifest.publisher.length > 0);
    assert.match(manifest.repository.url, /^https:\/\/github\.com\//);
    // "Formatters": TagTree is a formatter VS Code can make the default for html (docs/formatting.md).
    assert.deepEqual(manifest.categories, ['Linters', 'Formatters', 'Programming Languages']);
    // It runs nothing from the workspace and reads only the documents it is given:
    // safe in Restricted Mode, where VS Code would otherwise disable it silently.
    assert.deepEqual((manifest as unknown as { capabilities: unknown }).capabilities, { untrustedWorkspaces: { supported: true } });
    assert.ok(manifest.keywords.length > 0);
    // engines.vscode matches the @types/vscode the client is compiled against.
    const types = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', '@types', 'vscode', 'package.json'), 'utf8')) as { version: string };
    const [major, minor] = types.version.split('.');
    assert.equal(manifest.engines.vscode, `^${major}.${minor}.0`);
    assert.equal(manifest.devDependencies['@types/vscode'], `^${major}.${minor}.0`);
  });
});
