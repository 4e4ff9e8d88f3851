/**
 * The framework corpus (test-fixtures/frameworks): htmx, Alpine.js, Vue,
 * petite-vue, Angular and Svelte templates, and a page using a UI kit's VS Code
 * custom data. With the matching preset (or the custom data), `tagtree check`
 * reports no framework attribute (attribute-not-allowed) and no element the
 * custom data declares or the preset's templates use (unknown-element: Vue's
 * `<component>`, Svelte's `<svelte:window>`); without it, every such finding
 * names what would accept it: the preset, or custom data. The same allow list
 * serves the editor settings (`tagtree.frameworks`, `tagtree.allowAttributes`,
 * `tagtree.customData`), tested here through `readSettings` and `allowListOf`.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AttributeAllowList, compileAttributePattern, frameworkElementHint, presetsMatching, presetsWithElement, readCustomData } from '@tagtree/parser';
import { allowListOf, setCustomDataRoot } from '../out/framework-config';
import { readSettings } from '../out/settings';
import { validateConfig, ruleSetFor } from '../out/lint/config';
import type { CompletionList } from 'vscode-languageserver-protocol';
import { LspClient } from './support/lsp-client';

const ROOT = resolve(__dirname, '..', '..');
const CLI = join(ROOT, 'server', 'out', 'cli.js');
const CORPUS = join(ROOT, 'test-fixtures', 'frameworks');

/** The findings of the framework codes, as `line:col code message`. */
function frameworkFindings(dir: string, file: string): string[] {
  const r = spawnSync(process.execPath, [CLI, 'check', '--no-progress', '--format', 'json', file], { cwd: dir, encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  const findings = JSON.parse(r.stdout) as { line: number; column: number; code: string; message: string }[];
  return findings.filter((f) => f.code === 'attribute-not-allowed' || f.code === 'unknown-element').map((f) => `${f.line}:${f.column} ${f.code} ${f.message}`);
}

const CASES: readonly { file: string; config: object; accepts: RegExp }[] = [
  { file: 'htmx.html', config: { frameworks: ['htmx'] }, accepts: /"htmx" \(htmx\)/ },
  { file: 'alpine.html', config: { frameworks: ['alpine'] }, accepts: /"alpine" \(Alpine\.js\)/ },
  { file: 'vue.html', config: { frameworks: ['vue'] }, accepts: /"vue" \(Vue templates\)/ },
  { file: 'petite-vue.html', config: { frameworks: ['petite-vue'] }, accepts: /"petite-vue" \(petite-vue\)/ },
  { file: 'angular.html', config: { frameworks: ['angular'] }, accepts: /"angular" \(Angular templates\)/ },
  { file: 'svelte.html', config: { frameworks: ['svelte'] }, accepts: /"svelte" \(Svelte templates\)/ },
  { file: 'web-components.html', config: { customData: ['components.html-data.json'] }, accepts: /"customData"/ },
];

describe('frameworks: the framework corpus with and without presets', function () {
  this.timeout(60_000);
  const dirs: string[] = [];
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const copy = (config: object | null): string => {
    const dir = mkdtempSync(join(tmpdir(), 'tagtree-frameworks-'));
    dirs.push(dir);
    cpSync(CORPUS, dir, { recursive: true });
    if (config !== null) writeFileSync(join(dir, 'tagtree.json'), JSON.stringify(config));
    return dir;
  };

  for (const c of CASES) {
    it(`${c.file}: no finding with ${JSON.stringify(c.config)}; without it, each names what accepts it`, () => {
      assert.deepEqual(frameworkFindings(copy(c.config), c.file), []);
      const without = frameworkFindings(copy(null), c.file);
      assert.ok(without.length >= 4, `${c.file}: ${without.length} findings without the configuration`);
      // Attributes and elements alike name the preset (or custom data).
      for (const f of without) assert.match(f, c.accepts, f);
    });
  }

  it('a preset accepts only its own syntax: Vue\'s does not accept htmx attributes', () => {
    const found = frameworkFindings(copy({ frameworks: ['vue'] }), 'htmx.html');
    assert.ok(found.length > 0 && found.every((f) => /hx-|sse-/.test(f)), found.join('\n'));
  });

  it('allowAttributes patterns, and overrides per file', () => {
    assert.deepEqual(frameworkFindings(copy({ allowAttributes: ['hx-*', 'sse-*'] }), 'htmx.html'), []);
    assert.deepEqual(frameworkFindings(copy({ overrides: [{ files: ['htmx.html'], frameworks: ['htmx'] }] }), 'htmx.html'), []);
    assert.ok(frameworkFindings(copy({ overrides: [{ files: ['other.html'], frameworks: ['htmx'] }] }), 'htmx.html').length > 0);
  });

  it('a configuration with an unknown preset or a bad pattern is an error (exit status 2)', () => {
    for (const [config, message] of [
      [{ frameworks: ['react'] }, /unknown preset "react"/],
      [{ allowAttributes: ['/(/'] }, /bad pattern/],
    ] as const) {
      const r = spawnSync(process.execPath, [CLI, 'check', '--no-progress', 'htmx.html'], { cwd: copy(config), encoding: 'utf8' });
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, message);
    }
  });
});

describe('frameworks: the allow list', () => {
  it('presets match their syntax, lowercased as the parser leaves attribute names', () => {
    const names = (a: string) => presetsMatching(a).map((p) => p.name);
    assert.deepEqual(names('hx-get'), ['htmx']);
    assert.deepEqual(names('x-data'), ['alpine']);
    assert.deepEqual(names('@click'), ['alpine', 'vue', 'petite-vue']);
    assert.deepEqual(names('*ngif'), ['angular']);
    assert.deepEqual(names('[(ngmodel)]'), ['angular']);
    assert.deepEqual(names('bind:value'), ['svelte']);
    assert.deepEqual(names('alt'), []);
    assert.deepEqual(names('tns'), []);
  });

  it('presets name the elements of their templates that are neither HTML nor custom element names', () => {
    const names = (e: string) => presetsWithElement(e).map((p) => p.name);
    assert.deepEqual(names('component'), ['vue']);
    assert.deepEqual(names('Teleport'), ['vue']);
    assert.deepEqual(names('svelte:window'), ['svelte']);
    assert.deepEqual(names('keep-alive'), []);
    assert.deepEqual(names('div'), []);
    assert.match(frameworkElementHint('suspense'), /the preset "vue" \(Vue templates\) accepts it/);
    assert.match(frameworkElementHint('uikitcard'), /declare it in its custom data \("customData"\)/);
  });

  it('patterns: * wildcards, \\* a literal star, /regex/ case-insensitive', () => {
    assert.equal(compileAttributePattern('my-*')('my-thing'), true);
    assert.equal(compileAttributePattern('my-*')('your-thing'), false);
    assert.equal(compileAttributePattern('\\*x')('*x'), true);
    assert.equal(compileAttributePattern('\\*x')('ax'), false);
    assert.equal(compileAttributePattern('/^on[a-z]+$/')('onfoo'), true);
    assert.throws(() => compileAttributePattern('/(/'));
  });

  it('custom data: tags, their attributes, global attributes; elements it declares', () => {
    const data = readCustomData(
      { version: 1.1, tags: [{ name: 'ui-dialog', attributes: [{ name: 'heading' }] }, { name: 'uikitcard', attributes: [] }], globalAttributes: [{ name: 'ui-tooltip', description: 'A tooltip.' }] },
      'x.json',
    );
    const list = new AttributeAllowList({ customData: [data] });
    assert.equal(list.acceptsAttribute('ui-dialog', 'heading'), true);
    assert.equal(list.acceptsAttribute('div', 'heading'), false);
    assert.equal(list.acceptsAttribute('span', 'ui-tooltip'), true);
    assert.equal(list.acceptsElement('uikitcard'), true);
    assert.equal(list.acceptsElement('uicard'), false);
    assert.equal(list.customAttribute('p', 'ui-tooltip')?.description, 'A tooltip.');
    assert.throws(() => readCustomData({ tags: [{ attributes: [] }] }, 'bad.json'), /bad\.json: tags\[0\] must have a non-empty string "name"/);
    assert.throws(() => readCustomData([], 'bad.json'), /must be a JSON object/);
  });

  it('the editor settings read the same keys as tagtree.json, and the allow list joins both', () => {
    const settings = readSettings({ tagtree: { frameworks: ['vue', 'nope'], allowAttributes: ['my-*', '/(/'], customData: ['components.html-data.json'] } });
    assert.deepEqual(settings.frameworks, ['vue']);
    assert.deepEqual(settings.allowAttributes, ['my-*']);
    setCustomDataRoot(CORPUS);
    try {
      const rules = ruleSetFor(validateConfig({ frameworks: ['htmx'] }, 'tagtree.json', CORPUS), 'a.html');
      const list = allowListOf(settings, rules);
      assert.equal(list.acceptsAttribute('div', '@click'), true);
      assert.equal(list.acceptsAttribute('div', 'hx-get'), true);
      assert.equal(list.acceptsAttribute('div', 'my-thing'), true);
      assert.equal(list.acceptsAttribute('span', 'ui-tooltip'), true);
      assert.equal(list.acceptsElement('component'), true);
      assert.equal(list.acceptsAttribute('div', 'tns'), false);
    } finally {
      setCustomDataRoot(null);
    }
  });
});

describe('frameworks: the editor settings at the protocol', function () {
  this.timeout(60_000);

  it('reads VS Code\'s html.customData (paths relative to the workspace folder) and the custom data extensions contribute', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagtree-html-custom-data-'));
    try {
      cpSync(join(CORPUS, 'components.html-data.json'), join(dir, 'kit.html-data.json'));
      const extension = join(dir, 'extension.html-data.json');
      writeFileSync(extension, JSON.stringify({ version: 1.1, globalAttributes: [{ name: 'ext-hint', description: 'From an extension.' }] }));
      const text = '<!DOCTYPE html><html lang="en"><title>t</title><div ui-grid ext-hint tns=1><ui-dialog heading="x"></ui-dialog></div>';
      const flagged = (d: { code?: unknown; range: { start: { character: number }; end: { character: number } } }[]) =>
        d.filter((x) => x.code === 'attribute-not-allowed').map((x) => text.slice(x.range.start.character, x.range.end.character));
      // The html section answers a relative path, as VS Code's settings.json holds it; an extension's file comes in initializationOptions.
      const client = await LspClient.start({ rootUri: pathToFileURL(dir).href, html: { customData: ['kit.html-data.json'] }, initializationOptions: { extensionCustomData: [extension] } });
      try {
        const d = await client.open(pathToFileURL(join(dir, 'a.html')).href, text);
        assert.deepEqual(flagged(d.diagnostics), ['tns=1']);
        // html.customData removed: ui-grid is flagged again; the extension's ext-hint is still accepted.
        client.html = { customData: [] };
        const without = client.waitForDiagnostics(pathToFileURL(join(dir, 'a.html')).href, (p) => flagged(p.diagnostics).length === 2);
        await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
        assert.deepEqual(flagged((await without).diagnostics), ['ui-grid', 'tns=1']);
        // The extension uninstalled (the client's tagtree/extensionCustomData): ext-hint is flagged too.
        const none = client.waitForDiagnostics(pathToFileURL(join(dir, 'a.html')).href, (p) => flagged(p.diagnostics).length === 3);
        await client.connection.sendNotification('tagtree/extensionCustomData', { paths: [] });
        assert.deepEqual(flagged((await none).diagnostics), ['ui-grid', 'ext-hint', 'tns=1']);
      } finally {
        await client.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tagtree.frameworks and tagtree.customData: no diagnostic on what they accept; completion and hover of the custom data', async () => {
    const data = join(CORPUS, 'components.html-data.json');
    const text = '<!DOCTYPE html><html lang="en"><title>t</title><div ui-grid @click="go()" tns=1><ui-dialog heading="x" size="large"></ui-dialog></div>';
    const client = await LspClient.start({ settings: { frameworks: ['vue'], customData: [data] } });
    try {
      const d = await client.open('file:///a/kit.html', text);
      // Only tns: ui-grid is the custom data's, @click the Vue preset's.
      assert.deepEqual(
        d.diagnostics.filter((x) => x.code === 'attribute-not-allowed').map((x) => text.slice(x.range.start.character, x.range.end.character)),
        ['tns=1'],
      );
      const at = (s: string, delta = 1) => ({ line: 0, character: text.indexOf(s) + delta });
      const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: 'file:///a/kit.html' }, position: at('heading') });
      assert.match(hover!.contents.value, /The dialog's title\./);
      const tag = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: 'file:///a/kit.html' }, position: at('ui-dialog') });
      assert.match(tag!.contents.value, /A modal dialog of the UI kit\.[\s\S]*\[UI kit docs\]\(https:\/\/example\.com\/ui\/dialog\)/);
      const values = await client.request<CompletionList | null>('textDocument/completion', { textDocument: { uri: 'file:///a/kit.html' }, position: at('large') });
      assert.deepEqual(values!.items.map((i) => i.label), ['small', 'medium', 'large']);
      const names = await client.request<CompletionList | null>('textDocument/completion', { textDocument: { uri: 'file:///a/kit.html' }, position: at(' size', 1) });
      const labels = names!.items.map((i) => i.label);
      assert.ok(labels.includes('ui-tooltip') && labels.includes('heading') === false, labels.join(' '));
    } finally {
      await client.stop();
    }
  });
});
