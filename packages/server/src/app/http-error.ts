import type { Context } from 'hono';
import type { ClientErrorStatusCode } from 'hono/utils/http-status';

/** The JSON body of every error response: a stable `code` for programs, a `message` for people. */
export interface ErrorBody {
  error: { code: string; message: string };
}

/** Builds the JSON error body. */
export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

/** A client error the app answers with `status` and `{ error: { code, message } }`; thrown from handlers. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: ClientErrorStatusCode;
  readonly code: string;

  constructor(status: ClientErrorStatusCode, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Answers a client error directly, without throwing. */
export function errorResponse(
  context: Context,
  status: ClientErrorStatusCode,
  code: string,
  message: string,
): Response {
  return context.json(errorBody(code, message), status);
}
