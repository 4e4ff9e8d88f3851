/**
 * The server side of `tagtree/parseTree` (server/src/features/parse-tree-request.ts),
 * registered on a stand-in connection that records the handler.
 */
import { strict as assert } from 'node:assert';
import { registerParseTreeRequest, type ParseTreeConnection, type ParseTreeParams, type ParseTreeResult } from '../../server/out/features/parse-tree-request';

interface Token {
  isCancellationRequested: boolean;
}

type Handler = (params: unknown, token: Token) => ParseTreeResult | null | { code: number; message: string };

function register(
  getParse: (uri: string) => { version: number; document: unknown } | undefined,
  toTestTree: (node: unknown) => string,
): { handler: Handler; method: string; logged: string[] } {
  let handler: Handler | undefined;
  let method = '';
  const logged: string[] = [];
  const connection = {
    onRequest(type: { method: string }, h: Handler) {
      method = type.method;
      handler = h;
      return { dispose() {} };
    },
    console: {
      error: (message: string) => logged.push(message),
    },
  } as unknown as ParseTreeConnection;
  registerParseTreeRequest(connection, getParse, toTestTree);
  assert.ok(handler);
  return { handler, method, logged };
}

const live: Token = { isCancellationRequested: false };
const params = (uri: string): ParseTreeParams => ({ textDocument: { uri } });

describe('tagtree/parseTree (server side)', () => {
  const documents = new Map<string, { version: number; document: unknown }>([
    ['file:///a.html', { version: 7, document: { name: 'doc-a' } }],
    ['file:///no-tree.html', { version: 1, document: null }],
  ]);
  const getParse = (uri: string) => documents.get(uri);
  const toTestTree = (node: unknown) => `| <${(node as { name: string }).name}>\n`;

  it('registers on tagtree/parseTree', () => {
    assert.equal(register(getParse, toTestTree).method, 'tagtree/parseTree');
  });

  it('answers with the uri, the version the tree was built from, and the dump', () => {
    const { handler } = register(getParse, toTestTree);
    assert.deepEqual(handler(params('file:///a.html'), live), { uri: 'file:///a.html', version: 7, tree: '| <doc-a>\n' });
  });

  it('answers null for a document the server does not hold, or holds without a tree', () => {
    const { handler } = register(getParse, toTestTree);
    assert.equal(handler(params('file:///closed.html'), live), null);
    assert.equal(handler(params('file:///no-tree.html'), live), null);
  });

  it('logs an exception in the dump and answers null', () => {
    const { handler, logged } = register(getParse, () => {
      throw new Error('boom');
    });
    assert.equal(handler(params('file:///a.html'), live), null);
    assert.equal(logged.length, 1);
    assert.match(logged[0], /tagtree\/parseTree failed for file:\/\/\/a\.html: Error: boom/);
  });

  it('answers RequestCancelled to a cancelled request, without dumping', () => {
    let dumped = 0;
    const { handler } = register(getParse, (n) => {
      dumped++;
      return toTestTree(n);
    });
    const answer = handler(params('file:///a.html'), { isCancellationRequested: true });
    assert.equal((answer as { code: number }).code, -32800);
    assert.equal(dumped, 0);
  });

  it('answers InvalidParams when there is no text document uri', () => {
    const { handler } = register(getParse, toTestTree);
    for (const bad of [null, {}, { textDocument: {} }, { textDocument: { uri: 5 } }]) {
      assert.equal((handler(bad, live) as { code: number }).code, -32602, JSON.stringify(bad));
    }
  });
});
