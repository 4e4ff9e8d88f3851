/**
 * Authoring help at the protocol: completion of tag names (what the content
 * model allows first), end tags and attribute names; rename of a tag pair as
 * the parser paired it, refused with a reason where there is no pair or the
 * name is invalid; document links resolved against `<base href>`; and the
 * log line for a document in a language the server does not serve.
 * (The rendering of completions at many places is in the fixture snapshots.)
 */
import { strict as assert } from 'node:assert';
import type { CompletionItem, CompletionList, DocumentLink, Position, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LspClient } from './support/lsp-client';

/** The position of `needle` in `text` (plus `delta` code units): the test texts are one line per `\n`. */
function at(text: string, needle: string, delta = 0): Position {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, `no ${needle}`);
  const before = text.slice(0, offset + delta);
  const line = before.split('\n').length - 1;
  return { line, character: before.length - (before.lastIndexOf('\n') + 1) };
}

/** The text after a workspace edit of one document. */
function applied(text: string, edit: WorkspaceEdit, uri: string): string {
  const edits: TextEdit[] = edit.changes?.[uri] ?? (edit.documentChanges ?? []).flatMap((c) => ('edits' in c ? (c.edits as TextEdit[]) : []));
  const lines = text.split('\n');
  const offset = (p: Position) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) {
    out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  }
  return out;
}

function sorted(list: CompletionList | null): CompletionItem[] {
  assert.ok(list !== null, 'no completion');
  return [...list.items].sort((a, b) => ((a.sortText ?? '') < (b.sortText ?? '') ? -1 : 1));
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as Error).message;
  }
  return assert.fail('the request was not refused');
}

describe('tagtree-lsp: authoring help', function () {
  this.timeout(60_000);
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({
      capabilities: {
        textDocument: { rename: { prepareSupport: true }, completion: { completionItem: { documentationFormat: ['markdown'] } } },
        workspace: { configuration: true, workspaceEdit: { documentChanges: true } },
      },
    });
  });
  after(async () => {
    await client?.stop();
  });

  it('declares completion triggers, rename with prepare, and document links', async () => {
    const caps = client.initializeResult.capabilities;
    assert.deepEqual(caps.completionProvider?.triggerCharacters, ['"', "'", '<', '/']);
    assert.deepEqual(caps.renameProvider, { prepareProvider: true });
    assert.deepEqual(caps.documentLinkProvider, { resolveProvider: false });
  });

  it('completes tag names after "<" with what the content model allows first', async () => {
    const uri = 'file:///a/complete.html';
    // The spec: ul "Zero or more li and script-supporting elements"; dl: "Zero or more groups each consisting of one or more dt elements followed by one or more dd elements" (or div).
    const text = '<!DOCTYPE html><title>t</title>\n<ul>\n<li>a</li>\n<\n</ul>\n<dl><dt>x</dt><d\n</dl>\n';
    await client.open(uri, text);
    const ul = sorted(await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: at(text, '<\n</ul>', 1) }));
    assert.deepEqual(ul.slice(0, 3).map((i) => [i.label, i.detail]), [
      ['li', 'allowed in <ul>'],
      ['script', 'allowed in <ul>'],
      ['template', 'allowed in <ul>'],
    ]);
    assert.equal(ul[3].detail, 'not allowed in <ul> by its content model');
    assert.ok(ul.some((i) => i.label === 'div') && !ul.some((i) => i.label === 'center'), 'obsolete elements are not offered');
    const edit = ul[0].textEdit as TextEdit;
    assert.deepEqual(edit.range, { start: at(text, '<\n</ul>', 1), end: at(text, '<\n</ul>', 1) });
    // After a dt, a dd or another dt; the partial name "d" is the range replaced.
    const dl = sorted(await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: at(text, '<d\n</dl>', 2) }));
    assert.deepEqual(dl.filter((i) => i.detail === 'allowed in <dl>').map((i) => i.label), ['dd', 'dt', 'script', 'template']);
    assert.deepEqual((dl[0].textEdit as TextEdit).range, { start: at(text, '<d\n</dl>', 1), end: at(text, '<d\n</dl>', 2) });
    await client.close(uri);
  });

  it('completes the end tags of the open elements after "</", innermost first', async () => {
    const uri = 'file:///a/end.html';
    const text = '<div><section><p>x</';
    await client.open(uri, text);
    const items = sorted(await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: at(text, 'x</', 3) }));
    assert.deepEqual(items.map((i) => [i.label, (i.textEdit as TextEdit).newText, i.filterText]), [
      ['</p>', 'p>', 'p'],
      ['</section>', 'section>', 'section'],
      ['</div>', 'div>', 'div'],
    ]);
    await client.close(uri);
  });

  it("completes attribute names: the element's own first, with links to their definitions, none already there", async () => {
    const uri = 'file:///a/attributes.html';
    const text = '<a href="#" x>link</a> <a title="a b">t</a>';
    await client.open(uri, text);
    const items = sorted(await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: at(text, 'x>', 1) }));
    assert.equal(items[0].label, 'download');
    assert.equal(items[0].detail, 'attribute of <a>');
    assert.ok(!items.some((i) => i.label === 'href'), 'href is already there');
    // The attribute being typed (x) is replaced.
    assert.deepEqual((items[0].textEdit as TextEdit).range, { start: at(text, 'x>'), end: at(text, 'x>', 1) });
    const doc = (name: string) => (items.find((i) => i.label === name)!.documentation as { value: string }).value;
    // The attribute's own definition where the attribute table has it, else the element's, which lists its attributes.
    assert.match(doc('referrerpolicy'), /\(https:\/\/html\.spec\.whatwg\.org\/multipage\/urls-and-fetching\.html#referrer-policy-attribute\)/);
    assert.match(doc('target'), /\(https:\/\/html\.spec\.whatwg\.org\/multipage\/links\.html#attr-hyperlink-target\)/);
    assert.match(doc('download'), /\(https:\/\/html\.spec\.whatwg\.org\/multipage\/text-level-semantics\.html#the-a-element\)/);
    assert.match(doc('hidden'), /interaction\.html#attr-hidden\)/);
    assert.match(doc('accesskey'), /dom\.html#global-attributes\)/);
    assert.match(doc('onclick'), /webappapis\.html#handler-onclick\)/);
    assert.match(doc('aria-label'), /w3c\.github\.io\/aria\/#aria-label\)/);
    // Inside a value there is nothing to complete (title is free text).
    const inValue = await client.request<CompletionList | null>('textDocument/completion', { textDocument: { uri }, position: at(text, 'a b"', 2) });
    assert.equal(inValue, null);
    await client.close(uri);
  });

  it('renames a tag pair as the parser paired it, from either tag', async () => {
    const uri = 'file:///a/rename.html';
    const text = '<section><div>a<DIV>b</div>c</Div></section>';
    await client.open(uri, text);
    // The outer div is closed by the last </Div>; the inner DIV by the first </div>.
    const prepared = await client.request<{ range: unknown; placeholder: string }>('textDocument/prepareRename', { textDocument: { uri }, position: at(text, '<DIV>', 2) });
    assert.deepEqual(prepared, { range: { start: at(text, '<DIV>', 1), end: at(text, '<DIV>', 4) }, placeholder: 'DIV' });
    const inner = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: at(text, '</div>', 3), newName: 'span' });
    assert.equal(applied(text, inner, uri), '<section><div>a<span>b</span>c</Div></section>');
    const outer = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: at(text, '<div>', 1), newName: 'my-box' });
    assert.equal(applied(text, outer, uri), '<section><my-box>a<DIV>b</div>c</my-box></section>');
    assert.equal((outer.documentChanges?.[0] as { textDocument: { version: number } }).textDocument.version, 1);
    await client.close(uri);
  });

  it('refuses a rename where the parser made no pair, or to an invalid name, saying why', async () => {
    const uri = 'file:///a/refuse.html';
    const text = '<ul><li>a<li>b</ul><br><p>x</span></p>';
    await client.open(uri, text);
    const prepare = (position: Position) => client.request('textDocument/prepareRename', { textDocument: { uri }, position });
    assert.equal(await refusal(prepare(at(text, '<li>', 1))), '<li> has no end tag: the parser closed it without one, so there is no tag pair to rename');
    assert.equal(await refusal(prepare(at(text, '<br>', 1))), '<br> is a void element: it has no end tag to rename with it');
    assert.equal(await refusal(prepare(at(text, '</span>', 3))), '</span> closes no element (the parser ignored it), so there is no tag pair to rename');
    assert.equal(await refusal(prepare(at(text, '>x<', 1))), 'Rename works on a tag name: put the cursor on the name in a start or end tag');
    for (const bad of ['', '1p', 'p q', 'p>', 'Foo-bar']) {
      const message = await refusal(client.request('textDocument/rename', { textDocument: { uri }, position: at(text, '<ul>', 1), newName: bad }));
      assert.match(message, /is not a valid tag name/, bad);
    }
    await client.close(uri);
  });

  it('links URL attributes, resolved against the first <base href>', async () => {
    const uri = 'file:///site/docs/page.html';
    const text = '<head><base href="../assets/"><link rel=stylesheet href=" s.css "></head>\n<a href="#top">top</a> <a href="javascript:void 0">js</a> <img src="a&amp;b.png"> <base href="/ignored/">\n<form action="https://example.com/f"></form>';
    await client.open(uri, text);
    const links = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    assert.deepEqual(
      links.map((l) => [l.range.start.line, l.range.start.character, l.range.end.character, l.target]),
      [
        // The base's own href is resolved against the document's URL.
        [0, 18, 28, 'file:///site/assets/'],
        // Spaces around a URL are not part of it.
        [0, 58, 63, 'file:///site/assets/s.css'],
        [1, 9, 13, 'file:///site/assets/#top'],
        // A value with a character reference: the whole value.
        [1, 68, 79, 'file:///site/assets/a&b.png'],
        // Only the first base counts; its href is still a link.
        [1, 94, 103, 'file:///ignored/'],
        [2, 14, 35, 'https://example.com/f'],
      ],
    );
    await client.close(uri);
  });

  it('says once in the log that it does not serve a document in another language, and how to', async () => {
    const uri = 'file:///a/page.php';
    await client.openOnly(uri, '<?php echo 1; ?><p>x', 'php');
    await client.change(uri, 2, [{ text: '<?php echo 2; ?><p>y' }]);
    const deadline = Date.now() + 10_000;
    while (!client.logs.some((l) => l.includes(uri)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // A request in between: the log line for the change would have come by now.
    await client.request('textDocument/documentSymbol', { textDocument: { uri } });
    const lines = client.logs.filter((l) => l.includes(uri));
    assert.deepEqual(lines, [`Not serving ${uri}: its language id is "php", which is not html, mhtml or one of tagtree.languageIds ([], settings from workspace/configuration). To check it as HTML, add "php" to the setting tagtree.languageIds.`]);
    await client.close(uri);
  });

  it('survives malformed completion, rename and link requests, and says what is wrong with a new name that is not a string', async () => {
    const uri = 'file:///a/robust.html';
    const text = '<div><p>x</p></div>\n<a href="u">y</a>';
    await client.open(uri, text);
    for (const position of [{ line: 1e9, character: 1e9 }, { line: -1, character: -1 }, { line: 0, character: 0.5 }, null, 'x']) {
      await client.request('textDocument/completion', { textDocument: { uri }, position });
      // A position that is not on a tag name is refused with the reason, whatever it is.
      await client.request('textDocument/prepareRename', { textDocument: { uri }, position }).catch((e: Error) => assert.match(e.message, /Rename works on a tag name/));
    }
    for (const params of [{}, { textDocument: null }, { textDocument: { uri: 7 } }, { textDocument: { uri: 'file:///a/unknown.html' }, position: { line: 0, character: 1 } }]) {
      assert.equal(await client.request('textDocument/completion', params), null);
      assert.equal(await client.request('textDocument/prepareRename', params), null);
      assert.equal(await client.request('textDocument/rename', params), null);
      assert.deepEqual(await client.request('textDocument/documentLink', params), []);
    }
    assert.equal(
      await refusal(client.request('textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 2 }, newName: 5 })),
      'The new name must be a string',
    );
    assert.ok(client.alive);
    await client.close(uri);
  });
});
