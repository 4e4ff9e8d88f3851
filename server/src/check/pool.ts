/**
 * Runs `checkFile` over many files: in worker threads (one per core by
 * default, each fed small batches from a shared queue so that big and small
 * files balance out), or in the main thread for a handful of files, where
 * starting workers would cost more than it saves.
 *
 * A worker that dies (out of memory on a huge file, say) is replaced; the
 * files it had are retried one by one, and a file that kills a worker on its
 * own gets an `internal-error` finding. The run always goes on.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { checkFile, fileProblem, fileRules, type FileCheckOptions, type FileReport } from './check-file';
import { FileProblemCode } from '../lint/codes';
import type { FileEntry } from './walker';
import type { WorkRequest, WorkResponse } from './worker';

export interface PoolOptions {
  /** Number of worker threads; `undefined` picks one per core, and none for a few files. */
  jobs?: number;
  /** Called after each file, in completion order. */
  onFileDone?: (done: number, total: number, report: FileReport) => void;
}

/** Below this many files (with `jobs` unset) the main thread checks them itself. */
const MIN_FILES_FOR_WORKERS = 8;
/** Batches per worker kept in flight, so a worker never waits for the main thread. */
const IN_FLIGHT_PER_WORKER = 2;
/** A batch holds files up to this many bytes in all (or one larger file). */
const BATCH_BYTES = 512 * 1024;
const MAX_BATCH = 32;

interface QueueItem {
  index: number;
  path: string;
  display: string;
  size: number;
  /** Set when the item is retried alone after a worker died with it. */
  retried: boolean;
}

/** The number of workers a run uses. */
export function workerCount(files: number, jobs: number | undefined): number {
  if (files === 0) return 0;
  if (jobs === undefined) return files < MIN_FILES_FOR_WORKERS ? 0 : Math.min(availableParallelism(), files);
  return jobs <= 1 ? 0 : Math.min(jobs, files);
}

/** Checks every file; the reports come back in the order of `files`. */
export async function checkFiles(files: readonly FileEntry[], options: FileCheckOptions, pool: PoolOptions = {}): Promise<FileReport[]> {
  const reports: FileReport[] = new Array<FileReport>(files.length);
  const workers = workerCount(files.length, pool.jobs);
  let done = 0;
  const finish = (index: number, report: FileReport): void => {
    reports[index] = report;
    done++;
    pool.onFileDone?.(done, files.length, report);
  };
  if (workers === 0) {
    files.forEach((file, index) => finish(index, checkFile(file.path, file.display, options)));
    return reports;
  }

  // OPTIMIZATION: largest files first, so that no worker is left with a big
  // file at the end while the others idle; small files travel in batches.
  const queue: QueueItem[] = files.map((file, index) => {
    let size = 0;
    try {
      size = statSync(file.path).size;
    } catch {
      // The worker reports it.
    }
    return { index, path: file.path, display: file.display, size, retried: false };
  });
  queue.sort((a, b) => b.size - a.size || a.index - b.index);
  let head = 0;
  const takeBatch = (): QueueItem[] => {
    if (head >= queue.length) return [];
    if (queue[head].retried) return [queue[head++]];
    const batch: QueueItem[] = [queue[head++]];
    let bytes = batch[0].size;
    while (batch.length < MAX_BATCH && head < queue.length && !queue[head].retried && bytes + queue[head].size <= BATCH_BYTES) {
      bytes += queue[head].size;
      batch.push(queue[head++]);
    }
    return batch;
  };

  await new Promise<void>((resolve) => {
    let live = 0;
    const spawn = (): void => {
      const worker = new Worker(join(__dirname, 'worker.js'), { workerData: options });
      live++;
      /** Batches sent and not yet answered, oldest first. */
      const inFlight: QueueItem[][] = [];
      let dead = false;
      const feed = (): void => {
        while (inFlight.length < IN_FLIGHT_PER_WORKER) {
          // A retried file travels alone, with nothing else in flight, so that
          // if the worker dies again the blame is exact.
          const retrying = inFlight.some((b) => b[0].retried) || (head < queue.length && queue[head].retried);
          if (retrying && inFlight.length > 0) break;
          const batch = takeBatch();
          if (batch.length === 0) break;
          inFlight.push(batch);
          worker.postMessage({ items: batch.map(({ index, path, display }) => ({ index, path, display })) } satisfies WorkRequest);
        }
        if (inFlight.length === 0) {
          dead = true;
          void worker.terminate();
          retire();
        }
      };
      const retire = (): void => {
        live--;
        if (done === files.length && live === 0) resolve();
        else if (live === 0 && head < queue.length) spawn();
      };
      worker.on('message', (response: WorkResponse) => {
        inFlight.shift();
        for (const { index, report } of response.results) finish(index, report);
        feed();
      });
      const died = (reason: string): void => {
        if (dead) return;
        dead = true;
        // Retry what this worker had, one file at a time, ahead of the queue.
        const lost = inFlight.flat();
        inFlight.length = 0;
        const retry: QueueItem[] = [];
        for (const item of lost) {
          if (item.retried) {
            const problem = fileProblem(item.display, FileProblemCode.InternalError, `internal error: the worker checking this file died (${reason})`, fileRules(item.path, options));
            finish(item.index, { findings: problem === null ? [] : [problem] });
          } else {
            retry.push({ ...item, retried: true });
          }
        }
        queue.splice(head, 0, ...retry);
        live--;
        if (head < queue.length) spawn();
        else if (live === 0) resolve();
        void worker.terminate();
      };
      worker.on('error', (e) => died(e.message));
      worker.on('exit', (code) => died(`exit code ${code}`));
      feed();
    };
    for (let i = 0; i < workers; i++) spawn();
  });
  return reports;
}
