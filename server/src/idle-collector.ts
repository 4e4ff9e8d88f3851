/**
 * One full, compacting garbage collection when the server goes idle after
 * work that grew its heap.
 *
 * V8 collects when its heap reaches a limit, not when the program rests,
 * and keeps the pages it grew: after 2,000 keystrokes into a 7 MB page the
 * server held 130 to 150 MB live in 230 to 290 MB of committed heap, and
 * stayed so for as long as the editor was idle (V8's own memory reducer did
 * not give it back in 20 s). A full collection alone gave back little (the
 * live objects are spread over the pages the edits grew); one that compacts
 * every page brought the committed heap to about 1.25 times what is live.
 *
 * It runs only once the event loop has been idle for `idleMs` (no message
 * handled, no slice of work run), and only once the committed heap has grown
 * by `minGrowth` since the last one and is at least `minHeap`: on a big page
 * a pause in typing meets it at most once per such growth, and a key that
 * arrives while it runs waits for it (hundreds of ms on a 150 MB heap).
 *
 * Idleness is read from the event loop's own utilization
 * (`performance.eventLoopUtilization`), so nothing in the server needs to
 * report its work. `gc` is V8's, exposed through a flag for a context of its
 * own (never on the global object); `--compact-on-every-full-gc` is set for
 * that one collection only.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleCollectorOptions {
  /** How often the event loop's utilization is read (ms). */
  tickMs: number;
  /** How long the loop must have been idle before a collection (ms). */
  idleMs: number;
  /** A tick whose loop was busy for more than this fraction of it is not idle. */
  busy: number;
  /** No collection while the committed heap is smaller than this (bytes). */
  minHeap: number;
  /** How much the committed heap must have grown since the last collection (bytes). */
  minGrowth: number;
}

/** One collection: the committed heap before and after, what is live after (bytes), and its pause (ms). */
export interface IdleCollection {
  committedBefore: number;
  committedAfter: number;
  usedAfter: number;
  ms: number;
}

export const IDLE_COLLECTOR_DEFAULTS: IdleCollectorOptions = {
  tickMs: 100,
  idleMs: 2000,
  busy: 0.02,
  minHeap: 64 * 1024 * 1024,
  minGrowth: 16 * 1024 * 1024,
};

/** Starts the collector (its timer does not keep the process alive); returns a function that stops it. */
export function startIdleCollector(onCollect: (c: IdleCollection) => void, options: Partial<IdleCollectorOptions> = {}): () => void {
  const o = { ...IDLE_COLLECTOR_DEFAULTS, ...options };
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let idleSince = performance.now();
  // The committed heap after the last collection; none yet.
  let floor = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const current = performance.eventLoopUtilization();
    const tick = performance.eventLoopUtilization(current, last);
    last = current;
    if (tick.utilization > o.busy) {
      idleSince = now;
      return;
    }
    if (now - idleSince < o.idleMs) return;
    const before = getHeapStatistics().total_heap_size;
    if (before < o.minHeap || before < floor + o.minGrowth) return;
    const started = performance.now();
    setFlagsFromString('--compact-on-every-full-gc');
    try {
      gc();
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc');
    }
    const ms = performance.now() - started;
    const after = getHeapStatistics();
    floor = after.total_heap_size;
    // The collection's own time is not the editor's work.
    last = performance.eventLoopUtilization();
    idleSince = performance.now();
    onCollect({ committedBefore: before, committedAfter: after.total_heap_size, usedAfter: after.used_heap_size, ms });
  }, o.tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
