import type { ToolResult } from '@drawbridge/protocol';
import { ApiError } from '../api/api-error.ts';

export type PostToolResultOutcome = { ok: true } | { ok: false; message: string };

/**
 * Waits before each retry of an answer the server did not know yet. The call's events reach the browser
 * as soon as the model streamed it, but the server parks it only after governance ran (an audit write),
 * so with several calls in one step an answer can arrive a few milliseconds before its call is parked.
 */
const unknownCallRetryDelaysMs = [25, 50, 100, 200, 400, 800, 1600];

function isUnknownCall(response: Response): Promise<boolean> {
  if (response.status !== 404) return Promise.resolve(false);
  return response
    .clone()
    .json()
    .then(
      (body: unknown) =>
        typeof body === 'object' &&
        body !== null &&
        (body as { error?: { code?: unknown } }).error?.code === 'unknown_call',
      // A 404 without our JSON error body is not the early-answer case; it is reported as it is.
      () => false,
    );
}

/**
 * Answers one parked tool call (`POST /api/threads/:id/tool-results`). Every call gets an answer, also an
 * unknown or invalid one, so the run never waits for a timeout. An answer the server does not know yet
 * (`unknown_call`) is retried for about three seconds. Failures come back as values.
 */
export async function postToolResult({
  threadId,
  toolCallId,
  result,
  fetchImplementation = fetch,
  retryDelaysMs = unknownCallRetryDelaysMs,
}: {
  threadId: string;
  toolCallId: string;
  result: ToolResult;
  fetchImplementation?: typeof fetch;
  retryDelaysMs?: readonly number[];
}): Promise<PostToolResultOutcome> {
  try {
    const send = () =>
      fetchImplementation(`/api/threads/${encodeURIComponent(threadId)}/tool-results`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ toolCallId, result }),
      });
    let response = await send();
    for (const delayMs of retryDelaysMs) {
      if (!(await isUnknownCall(response))) break;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      response = await send();
    }
    if (!response.ok) {
      return { ok: false, message: (await ApiError.fromResponse(response)).message };
    }
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      message: `The tool result could not be sent: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
