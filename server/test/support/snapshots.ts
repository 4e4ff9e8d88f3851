/**
 * Snapshot files for the protocol tests. A snapshot is the reviewed,
 * expected rendering of a feature's output on a fixture. `UPDATE_SNAPSHOTS=1`
 * rewrites them; every rewritten snapshot must be read and checked against
 * the spec before it is committed.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';

export function matchSnapshot(path: string, actual: string): void {
  if (UPDATE) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== actual) writeFileSync(path, actual);
    return;
  }
  if (!existsSync(path)) assert.fail(`missing snapshot ${path}: run with UPDATE_SNAPSHOTS=1, then review it`);
  const expected = readFileSync(path, 'utf8');
  if (expected !== actual) {
    // assert.equal shows a line diff of the two.
    assert.equal(actual, expected, `snapshot ${path} differs (UPDATE_SNAPSHOTS=1 rewrites it; review the diff)`);
  }
}

/** A fixture's text with its `$0` cursor markers removed, and the cursors' offsets. */
export function readFixture(path: string): { text: string; cursors: number[] } {
  const raw = readFileSync(path, 'utf8');
  const cursors: number[] = [];
  let text = '';
  let from = 0;
  for (;;) {
    const at = raw.indexOf('$0', from);
    if (at < 0) break;
    text += raw.slice(from, at);
    cursors.push(text.length);
    from = at + 2;
  }
  text += raw.slice(from);
  return { text, cursors };
}
