/**
 * The sync refusals of an incremental reparse (src/incremental/sync-refusals.ts):
 * one test per reason, each an edit after which the reparse passes an old
 * checkpoint for that reason (told by `onExplain`) and still gives what a
 * full parse gives. Two reasons guard states no edit of the html5lib inputs
 * or of these documents reaches (`near-window-end` is only ever met by a run
 * that then runs out of window and starts again; `foster-table-differs` by
 * a table whose parent differs while the stacks pair): their functions are
 * asked directly.
 */
import { strict as assert } from 'node:assert';
import { parse, reparse, type ReparseExplanation, type TextEdit } from '../out/index';
import { SYNC_REFUSALS, type SyncCandidate } from '../out/incremental/sync-refusals';
import { TagId } from '../out/tree/tag-id';
import { errorsFingerprint, treeFingerprint } from './support/tree-fingerprint';

/** Reparses `text` after `edit` (checkpoints every `interval` characters), checks it against a full parse, and returns what the reparse explained. */
function explain(text: string, edit: TextEdit, interval = 4): ReparseExplanation {
  let explanation: ReparseExplanation | null = null;
  const result = reparse(parse(text, { checkpointInterval: interval }), edit, { rethrow: true, onExplain: (e) => (explanation = e) });
  const edited = text.slice(0, edit.start) + edit.insertText + text.slice(edit.start + edit.deleteCount);
  const full = parse(edited);
  assert.equal(treeFingerprint(result.document), treeFingerprint(full.document));
  assert.equal(errorsFingerprint(result.errors), errorsFingerprint(full.errors));
  assert.ok(explanation !== null, 'the reparse was incremental');
  return explanation;
}

function reasonsOf(explanation: ReparseExplanation): string[] {
  return explanation.refusals.map((refusal) => refusal.reason);
}

/** The first table element under `node`. */
function findTable(node: { kind: string; name?: string; children?: readonly unknown[] }): unknown {
  if (node.kind === 'element' && node.name === 'table') return node;
  for (const child of (node.children ?? []) as (typeof node)[]) {
    const found = findTable(child);
    if (found !== null) return found;
  }
  return null;
}

/** The edit that types `typed` right after the first `after` in `text`. */
function typeAfter(text: string, after: string, typed: string): TextEdit {
  return { start: text.indexOf(after) + after.length, deleteCount: 0, insertText: typed };
}

describe('incremental reparse: sync refusals', () => {
  it('every reason in SYNC_REFUSALS has a test here', () => {
    const tested = [
      'template-for-after', 'near-window-end', 'not-a-checkpoint-boundary', 'outer-foster-table', 'state-differs', 'open-elements-differ',
      'template-for-open', 'formatting-elements-differ', 'head-or-form-differs', 'live-nodes-differ', 'foster-table-differs',
      'foster-text-differs', 'stale-foster-text', 'select-open', 'noahs-ark-compared', 'option-mirrored-after', 'log-names-unpaired-node',
    ];
    assert.deepEqual(SYNC_REFUSALS.map((refusal) => refusal.reason), tested);
  });

  it('explains a reparse: the refusals cost the characters from the first candidate to the end of the region', () => {
    const text = '<p>' + '<b>x</b>'.repeat(40);
    const explanation = explain(text, typeAfter(text, '<p>', '<table>'));
    assert.equal(explanation.synced, false);
    assert.equal(explanation.regionEnd, text.length + '<table>'.length);
    const cost = explanation.refusals.reduce((sum, refusal) => sum + refusal.bytes, 0);
    assert.equal(cost, explanation.regionEnd - explanation.firstCandidate);
    assert.ok(explanation.refusals.every((refusal) => refusal.bytes >= 0));
  });

  it('explains a reparse that synced: what it reused', () => {
    const text = '<p>' + '<b>x</b>'.repeat(40);
    const explanation = explain(text, typeAfter(text, '<b>', 'y'));
    assert.equal(explanation.synced, true);
    assert.deepEqual(explanation.refusals, []);
    assert.ok(explanation.reusedCheckpoints > 0);
    assert.equal(explanation.reusedLength, text.length + 1 - explanation.regionEnd);
  });

  it('no-token-ends-there: a token runs across the old checkpoint', () => {
    assert.ok(reasonsOf(explain('<body>\u0000', { start: 0, deleteCount: 0, insertText: '<!--' })).includes('no-token-ends-there'));
  });

  it('template-for-after: a <template for> at or after the checkpoint searched the whole tree', () => {
    assert.ok(reasonsOf(explain('<tr><td><b>x<template for=a>', { start: 0, deleteCount: 1, insertText: '<template for=a>' })).includes('template-for-after'));
  });

  it('near-window-end: no sync near the end of a partial window; the run starts again on a longer one', () => {
    const candidate = { context: { lastSync: 10 }, token: { end: 11 } } as unknown as SyncCandidate;
    assert.equal(SYNC_REFUSALS.find((refusal) => refusal.reason === 'near-window-end')!.refuses(candidate), true);
    // A region longer than the first window: the run that reached its end started again.
    const text = '<p>' + '<b>x</b>'.repeat(10_000);
    const explanation = explain(text, typeAfter(text, '<p>', '<table>'), 4096);
    assert.ok(explanation.windowRestarts > 0);
    assert.ok(!reasonsOf(explanation).includes('near-window-end'));
  });

  it('not-a-checkpoint-boundary: the new parse is not where a checkpoint can be taken', () => {
    assert.ok(reasonsOf(explain('<html>', { start: 1, deleteCount: 1, insertText: '<li>' })).includes('not-a-checkpoint-boundary'));
  });

  it('outer-foster-table: the tokens after the checkpoint foster parent before an outer table', () => {
    const text = '<table><template></template><div></div>';
    assert.ok(reasonsOf(explain(text, { start: 9, deleteCount: 0, insertText: '"' })).includes('outer-foster-table'));
  });

  it('state-differs: another insertion mode', () => {
    assert.ok(reasonsOf(explain('<html>', { start: 1, deleteCount: 1, insertText: '' })).includes('state-differs'));
  });

  it('open-elements-differ: an open element that is not the old one or its counterpart', () => {
    assert.ok(reasonsOf(explain('<body>', { start: 5, deleteCount: 0, insertText: '' })).includes('open-elements-differ'));
  });

  it('template-for-open: a patching <template for> is open', () => {
    const text = '<div><?marker name="a"></div><template for="a">' + '<i>x</i>'.repeat(8) + '</template>' + '<i>y</i>'.repeat(4);
    assert.ok(reasonsOf(explain(text, typeAfter(text, '<i>', 'z'))).includes('template-for-open'));
  });

  it('formatting-elements-differ: an active formatting element that is not paired', () => {
    assert.ok(reasonsOf(explain('<p><b><b><b><b><p>x', { start: 11, deleteCount: 1, insertText: '<frameset>' })).includes('formatting-elements-differ'));
  });

  it('head-or-form-differs: the form element pointer differs', () => {
    assert.ok(reasonsOf(explain('<div>Test</div>', { start: 6, deleteCount: 0, insertText: '<form>' }, 8)).includes('head-or-form-differs'));
  });

  it('live-nodes-differ: a live node ends in a Text node in one parse only', () => {
    assert.ok(reasonsOf(explain('<svg></path>', { start: 5, deleteCount: 0, insertText: ' ' })).includes('live-nodes-differ'));
  });

  it('foster-table-differs: foster parenting would insert before another table', () => {
    const refusal = SYNC_REFUSALS.find((r) => r.reason === 'foster-table-differs')!;
    const table = findTable(parse('<table>').document);
    assert.ok(table !== null);
    // The new parse's stack holds a table; the old parse had none to foster parent before.
    const treeBuilder = { openElements: { lastIndexOfKey: (key: number) => (key === TagId.Table ? 0 : -1), elements: [table] } };
    const pairing = { match: (oldNode: unknown, newNode: unknown) => oldNode === newNode };
    const candidate = { treeBuilder, syncPoint: { fosterTable: null }, pairing } as unknown as SyncCandidate;
    assert.equal(refusal.refuses(candidate), true);
    assert.equal(refusal.refuses({ ...candidate, syncPoint: { fosterTable: table } } as unknown as SyncCandidate), false);
  });

  it('foster-text-differs: fostered text meets a Text node before the table in one parse only', () => {
    assert.ok(reasonsOf(explain('x<table><table>x', { start: 2, deleteCount: 1, insertText: '<tr>' }, 8)).includes('foster-text-differs'));
  });

  it('stale-foster-text: a later checkpoint\'s foster text is a Text node the region may have lengthened in the middle of its parent', () => {
    const text = '</templa<template>te><table></form><template><title></title></template></template>';
    assert.ok(reasonsOf(explain(text, { start: 29, deleteCount: 0, insertText: ' size=3' })).includes('stale-foster-text'));
  });

  it('select-open: the edit changed a paired element\'s attributes while a select is open', () => {
    const text = '<select><button><selectedcontent></button><div id=a>' + 'x'.repeat(21) + '</div>' + 'y'.repeat(19) + '</select>' + 'z'.repeat(16);
    assert.ok(reasonsOf(explain(text, typeAfter(text, 'id=a', 'b'))).includes('select-open'));
  });

  it('noahs-ark-compared: the Noah\'s Ark clause compared the attributes of elements of that name after the checkpoint', () => {
    assert.ok(reasonsOf(explain('<p><b><b><b><b><p>x', { start: 5, deleteCount: 0, insertText: '' }, 8)).includes('noahs-ark-compared'));
  });

  it('option-mirrored-after: an option popped after the checkpoint mirrored into a selectedcontent', () => {
    const text = '<select><button><selectedcontent></button><option>X';
    assert.ok(reasonsOf(explain(text, { start: 35, deleteCount: 0, insertText: '' })).includes('option-mirrored-after'));
  });

  it('log-names-unpaired-node: the logs after the checkpoint name a node that does not live on', () => {
    const text = '<a href="blah">aba<table><a href="foo">br<tr><td></td></tr>x</table>aoe';
    assert.ok(reasonsOf(explain(text, { start: 8, deleteCount: 0, insertText: '<svg>' }, 8)).includes('log-names-unpaired-node'));
  });
});
