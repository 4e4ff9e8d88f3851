/**
 * A worker thread of `tagtree check`: it receives batches of files, checks
 * each (reading it itself, so reads run in parallel too) and posts the
 * reports back. Loaded by `pool.ts` from the compiled `worker.js`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkFile, type FileCheckOptions, type FileReport } from './check-file';

/** main -> worker: check these files. */
export interface WorkRequest {
  items: { index: number; path: string; display: string }[];
}

/** worker -> main: one report per file, in the order asked. */
export interface WorkResponse {
  results: { index: number; report: FileReport }[];
}

/**
 * Fault injection for tests: with `TAGTREE_CHECK_FAULTS=crash:NAME`, a worker
 * dies when it is given a file whose path contains NAME, as it would run out
 * of memory on a huge file.
 */
const CRASH_ON = /^crash:(.+)$/.exec(process.env.TAGTREE_CHECK_FAULTS ?? '')?.[1] ?? null;

if (parentPort !== null) {
  const port = parentPort;
  const options = workerData as FileCheckOptions;
  port.on('message', (request: WorkRequest) => {
    if (CRASH_ON !== null && request.items.some((item) => item.path.includes(CRASH_ON))) process.exit(70);
    const results = request.items.map((item) => ({ index: item.index, report: checkFile(item.path, item.display, options) }));
    port.postMessage({ results } satisfies WorkResponse);
  });
}
