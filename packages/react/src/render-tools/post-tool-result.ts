import type { ToolResult } from '@drawbridge/protocol';
import { ApiError } from '../api/api-error.ts';
import { apiUrl } from '../api/api-url.ts';

export type PostToolResultOutcome = { ok: true } | { ok: false; message: string };

/**
 * Answers one parked tool call (`POST /api/threads/:id/tool-results`). Every call gets an answer, also an
 * unknown or invalid one, so the run never waits for a timeout. An answer that outruns its call is held
 * by the server until the call is parked. Failures come back as values.
 */
export async function postToolResult({
  baseUrl,
  threadId,
  toolCallId,
  result,
  fetchImplementation = fetch,
}: {
  /** Where the server is mounted (`ServerLocation`); default the page's origin root. */
  baseUrl?: string | undefined;
  threadId: string;
  toolCallId: string;
  result: ToolResult;
  fetchImplementation?: typeof fetch;
}): Promise<PostToolResultOutcome> {
  try {
    const response = await fetchImplementation(
      apiUrl(baseUrl, `/api/threads/${encodeURIComponent(threadId)}/tool-results`),
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ toolCallId, result }),
      },
    );
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
