/**
 * Long work in slices: between slices the event loop turns, so the
 * connection reads what arrived (changes, `$/cancelRequest`) and the work can
 * stop when it is no longer wanted.
 */
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';

/**
 * Lets the connection read and dispatch what arrived meanwhile. It reads in
 * the poll phase and dispatches each message in a later `setImmediate`, so
 * two turns are needed before a message that came during a slice is handled.
 */
export function betweenTurns(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** Thrown by a check when the parse a computation reads was replaced (its tree is consumed by a reparse). */
export class Superseded extends Error {
  constructor() {
    super('the parse was replaced by a newer one');
  }
}

/** Throws the LSP's RequestCancelled error when the client cancelled. */
export function throwIfCancelled(token: CancellationToken | undefined): void {
  if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
}

/**
 * Runs a generator to its end, yielding to the event loop after each
 * `sliceMs` of work and calling `check` after each yield (it throws to stop).
 * With `sliceMs` Infinity it runs in one go.
 */
export async function runInSlices<T>(steps: Generator<void, T>, check: () => void, sliceMs: number): Promise<T> {
  let sliceStart = Date.now();
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
    if (Date.now() - sliceStart >= sliceMs) {
      await betweenTurns();
      check();
      sliceStart = Date.now();
    }
  }
}
