/**
 * The idle collector (server/src/idle-collector.ts): when it collects, and
 * that its collection gives committed heap back.
 */
import { strict as assert } from 'node:assert';
import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { startIdleCollector, type IdleCollection } from '../out/idle-collector';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until `done()` holds, or `ms` have passed. A loaded machine (CI's two
 * cores, other processes, this process's own collections) can make single
 * ticks look busy, so the idle moment comes later than `idleMs`, never earlier.
 */
async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (!done() && performance.now() < until) await sleep(20);
}

describe('idle collector', () => {
  it('collects once the event loop has been idle, never while it is busy, and again only once the heap has grown', async () => {
    const collections: IdleCollection[] = [];
    // The old space's free committed bytes right after each collection.
    const oldFree: number[] = [];
    const onCollect = (c: IdleCollection): void => {
      collections.push(c);
      const old = getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!;
      oldFree.push(old.space_size - old.space_used_size);
    };
    const stop = startIdleCollector(onCollect, { tickMs: 20, idleMs: 100, busy: 0.2, minHeap: 0, minGrowth: 8 << 20 });
    try {
      // Busy for 400 ms, in turns of 5 ms (as a burst of keystrokes keeps the server).
      const until = performance.now() + 400;
      while (performance.now() < until) {
        const turn = performance.now() + 5;
        while (performance.now() < turn);
        await new Promise((r) => setImmediate(r));
      }
      assert.equal(collections.length, 0, 'no collection while the loop is busy');
      await waitFor(() => collections.length > 0, 5000);
      assert.equal(collections.length, 1, 'one collection once it has been idle');
      await sleep(300);
      assert.equal(collections.length, 1, 'no second collection while the heap has not grown');
      // Objects kept one in seven, spread over the pages they grew: a collection that does not compact keeps those pages.
      let keep: { a: number; b: string }[] = [];
      for (let i = 0; i < 1_500_000; i++) keep.push({ a: i, b: `x${i}` });
      keep = keep.filter((_, i) => i % 7 === 0);
      await waitFor(() => collections.length > 1, 5000);
      assert.equal(collections.length, 2, 'a second collection once the heap has grown');
      const c = collections[1];
      assert.ok(c.committedAfter < c.committedBefore - (16 << 20), `committed heap ${c.committedBefore >> 20} -> ${c.committedAfter >> 20} MB`);
      assert.ok(c.usedAfter <= c.committedAfter);
      // Compacted: the pages the survivors were spread over are given back (a plain full collection leaves tens of MB free in them).
      assert.ok(oldFree[1] < 8 << 20, `${(oldFree[1] / (1 << 20)).toFixed(1)} MB free in the old space after the collection`);
      assert.equal(keep.length, Math.ceil(1_500_000 / 7), 'kept alive up to here');
    } finally {
      stop();
    }
  });
});
