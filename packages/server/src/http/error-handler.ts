import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ClientErrorStatusCode } from 'hono/utils/http-status';
import { errorBody, HttpError } from './http-error.ts';
import { isStorageFullError } from './is-storage-full-error.ts';

/** Where unexpected errors are reported; injectable so tests stay quiet and can assert on it. */
export type ErrorLogger = (message: string, error: unknown) => void;

function isClientErrorStatus(status: number): status is ClientErrorStatusCode {
  return status >= 400 && status < 500;
}

function isRequestAborted(error: Error): boolean {
  return 'code' in error && error.code === 'ECONNRESET' && error.message === 'aborted';
}

/**
 * Turns any thrown error into JSON: client errors keep their 4xx, a database with no room to write is a 507
 * `storage_full`, anything else is logged and becomes a 500.
 */
export function createErrorHandler(logError: ErrorLogger): (error: Error, context: Context) => Response {
  return (error, context) => {
    if (HttpError.isInstance(error)) {
      return context.json(errorBody(error.code, error.message), error.status);
    }
    // Hono's own middleware (body limit, malformed requests) throws these with a status already chosen.
    if (error instanceof HTTPException && isClientErrorStatus(error.status)) {
      return context.json(
        errorBody('bad_request', error.message || 'The request was not understood.'),
        error.status,
      );
    }
    // The client went away (or cut its body off) while the body was being read: its fault, not ours, and
    // nobody may be left to read the answer.
    if (isRequestAborted(error)) {
      return context.json(
        errorBody('incomplete_body', 'The request ended before its body was complete.'),
        400,
      );
    }
    // The disk (or the database's quota) is full: nothing was written and nothing is broken. Said plainly, with
    // a code a client can switch over, instead of a 500 that reads as a bug; still logged for the operator.
    if (isStorageFullError(error)) {
      logError(`storage full on ${context.req.method} ${context.req.path}`, error);
      return context.json(
        errorBody(
          'storage_full',
          "The server's storage is full, so nothing was saved. Try again once space is freed.",
        ),
        507,
      );
    }
    logError(`unexpected error on ${context.req.method} ${context.req.path}`, error);
    return context.json(errorBody('internal_error', 'The server hit an unexpected error.'), 500);
  };
}
