import { type ApiErrorCode, DrawbridgeError, type ErrorResponse } from '@drawbridge/protocol';
import type { Context } from 'hono';
import type { ClientErrorStatusCode } from 'hono/utils/http-status';

/** Builds the JSON error body (`errorResponseSchema` in protocol): a stable `code` for programs, a `message` for people. */
export function errorBody(code: ApiErrorCode, message: string): ErrorResponse {
  return { error: { code, message } };
}

/** A client error the app answers with `status` and `{ error: { code, message } }`; thrown from handlers. */
export class HttpError extends DrawbridgeError<ApiErrorCode> {
  static override readonly errorName = 'HttpError';
  readonly status: ClientErrorStatusCode;

  constructor(status: ClientErrorStatusCode, code: ApiErrorCode, message: string) {
    super({ code, message });
    this.status = status;
  }
}

/**
 * Answers a client error directly, without throwing. A route narrows the codes it may use by typing its own
 * alias, e.g. `const refuse: ErrorResponder<AgentRouteErrorCode> = errorResponse`.
 */
export type ErrorResponder<Code extends ApiErrorCode> = (
  context: Context,
  /** A client error, or 503 while the server shuts down. */
  status: ClientErrorStatusCode | 503,
  code: Code,
  message: string,
) => Response;

/** Answers a client error directly, without throwing. */
export const errorResponse: ErrorResponder<ApiErrorCode> = (context, status, code, message) =>
  context.json(errorBody(code, message), status);
