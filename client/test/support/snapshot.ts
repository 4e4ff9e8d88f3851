/**
 * Snapshot files beside the fixtures. `UPDATE_SNAPSHOTS=1` rewrites them;
 * otherwise a missing or different snapshot fails the test. Review every
 * rewritten snapshot by hand before committing it.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function matchSnapshot(path: string, actual: string): void {
  if (process.env.UPDATE_SNAPSHOTS === '1') {
    writeFileSync(path, actual);
    return;
  }
  assert.ok(existsSync(path), `no snapshot at ${path}; run with UPDATE_SNAPSHOTS=1 and review it`);
  assert.equal(actual, readFileSync(path, 'utf8'), `${path} differs; if the change is intended, run with UPDATE_SNAPSHOTS=1 and review the diff`);
}
