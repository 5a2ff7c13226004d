import { ApiError } from '../api/api-error.ts';

/** One sentence for a run or a thread load that failed: the server's own message, or what the connection did. */
export function describeRunFailure(error: unknown): string {
  if (ApiError.isInstance(error)) {
    return error.message;
  }
  if (error instanceof Error) {
    return `The connection to the server failed: ${error.message}`;
  }
  return 'The connection to the server failed.';
}
