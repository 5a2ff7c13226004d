import { type ApiErrorCode, identifierPattern } from '@drawbridge/protocol';
import type { MiddlewareHandler } from 'hono';
import { errorResponse } from '../http-error.ts';

/** The message of a refused id, e.g. "thread ids are 1-128 characters of A-Z, a-z, 0-9, _ and -". */
export function invalidIdentifierMessage(noun: string): string {
  return `${noun} ids are 1-128 characters of A-Z, a-z, 0-9, _ and -`;
}

/**
 * A route's first guard: answers `400 { error: { code, message } }` when any of the path parameters `names` is
 * not an id, before the handler reads a body or the store.
 */
export function identifierParams<Code extends ApiErrorCode>({
  names,
  code,
  message,
}: {
  names: readonly [string, ...string[]];
  code: Code;
  message: string;
}): MiddlewareHandler {
  return async (context, next) => {
    if (names.some((name) => !identifierPattern.test(context.req.param(name) ?? ''))) {
      return errorResponse(context, 400, code, message);
    }
    await next();
  };
}

/** `:threadId` as an id, or `400 invalid_thread_id`: the guard of every route of one thread. */
export const threadIdParam = identifierParams({
  names: ['threadId'],
  code: 'invalid_thread_id',
  message: invalidIdentifierMessage('thread'),
});
