/**
 * The server's trace of slow keystrokes, through the LSP trace channel
 * (`$/setTrace`, `$/logTrace`; VS Code sets it from `tagtree.trace.server`):
 * a parse slower than the threshold is traced with its summary at
 * "messages", and with why the reparse went on (the sync refusals,
 * incremental/sync-refusals.ts) at "verbose". TAGTREE_SLOW_PARSE_MS=-1
 * traces every parse, so that the test does not depend on the machine's speed.
 */
import { strict as assert } from 'node:assert';
import { LspClient } from './support/lsp-client';

interface LogTrace {
  message: string;
  verbose?: string;
}

/** A page whose every checkpoint after an element typed at its start has another state: the reparse runs to its end. */
const PAGE = `<!DOCTYPE html><body>${'<p>x</p>\n'.repeat(3000)}`;
/** Where the body's content starts: a `<div>` typed there holds the rest of the page. */
const AFTER_BODY = '<!DOCTYPE html><body>'.length;

describe('tagtree-lsp: the trace of slow keystrokes', function () {
  this.timeout(60_000);
  let client: LspClient;
  const traces: LogTrace[] = [];

  before(async () => {
    client = await LspClient.start({ env: { TAGTREE_SLOW_PARSE_MS: '-1' } });
    client.connection.onNotification('$/logTrace', (p: LogTrace) => {
      traces.push(p);
    });
  });
  after(async () => {
    await client?.stop();
  });

  /** Opens `uri`, types `<div>` before the rest of the page at trace level `level`, and returns what was traced for that keystroke. */
  async function typeDivAtTrace(uri: string, level: 'messages' | 'verbose'): Promise<LogTrace[]> {
    await client.connection.sendNotification('$/setTrace', { value: level });
    await client.open(uri, PAGE);
    const typed = client.waitForDiagnostics(uri, (p) => p.version === 2);
    const from = traces.length;
    await client.change(uri, 2, [{ range: { start: { line: 0, character: AFTER_BODY }, end: { line: 0, character: AFTER_BODY } }, text: '<div>' }]);
    await typed;
    // The trace of the reparse precedes the diagnostics it published.
    return traces.slice(from).filter((t) => t.message.startsWith(`slow parse: ${uri} `));
  }

  it('at "verbose", traces a keystroke that refuses to sync with the refusal reason', async () => {
    const traced = await typeDivAtTrace('file:///trace/verbose.html', 'verbose');
    assert.equal(traced.length, 1, JSON.stringify(traced));
    assert.match(traced[0].message, /^slow parse: file:\/\/\/trace\/verbose\.html took \d+ ms$/);
    // The div is open at every old checkpoint after it: each one refuses (open-elements-differ or state-differs), to the end.
    assert.match(traced[0].verbose ?? '', /^reparsed [\d,]+ characters from 0 \([\d,]+ to reach the checkpoint after the edit; went on [\d,]+: (state-differs|open-elements-differ) ×\d+ [\d,]+.*\), .*to the end of the text; reused 0 characters/);
  });

  it('at "messages", traces the summary without the reasons', async () => {
    const traced = await typeDivAtTrace('file:///trace/messages.html', 'messages');
    assert.equal(traced.length, 1, JSON.stringify(traced));
    assert.match(traced[0].message, /^slow parse: file:\/\/\/trace\/messages\.html took \d+ ms$/);
    assert.equal(traced[0].verbose, undefined);
  });

  it('at "off", traces nothing', async () => {
    const traced = await typeDivAtTrace('file:///trace/off.html', 'off' as 'messages');
    assert.deepEqual(traced, []);
  });
});
