/**
 * The guards around every handler, and the small helpers they share.
 *
 * Invariant: a guarded handler that throws is logged and answered with its
 * fallback (a request) or ignored (a notification); the server keeps serving.
 * Only a cancellation or a `ResponseError` the handler means goes to the client.
 */
import { LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import type { ServerContext } from './server-context';

export function errorText(e: unknown): string {
  if (e instanceof Error) return e.stack ?? `${e.name}: ${e.message}`;
  return String(e);
}

/** `params.textDocument.uri`, when the params have one. */
export function uriOf(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const td = (params as { textDocument?: { uri?: unknown } }).textDocument;
  return typeof td === 'object' && td !== null && typeof td.uri === 'string' ? td.uri : undefined;
}

/**
 * The guards, for handlers named in `faults` made to throw before doing
 * anything (how the tests check that a failing handler is logged and answered).
 */
export function makeGuards(faults: ReadonlySet<string>, log: (message: string) => void) {
  const guardNotification = <P>(name: string, handler: (params: P) => void) => {
    return (params: P) => {
      try {
        if (faults.has(name)) throw new Error(`injected fault in ${name}`);
        handler(params);
      } catch (e) {
        log(`${name} failed: ${errorText(e)}`);
      }
    };
  };

  const guard: ServerContext['guard'] = (name, fallback, handler) => {
    return async (params, token) => {
      if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
      try {
        if (faults.has(name)) throw new Error(`injected fault in ${name}`);
        return await handler(params, token);
      } catch (e) {
        if (e instanceof ResponseError) throw e;
        log(`${name} failed: ${errorText(e)}`);
        return fallback;
      }
    };
  };

  return { guard, guardNotification };
}
