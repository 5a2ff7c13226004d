import { decodeEventStream, type RunEvent } from '@drawbridge/protocol';
import { ApiError } from '../api/api-error.ts';
import type { DashboardView } from './dashboard-view.ts';

/**
 * Runs the dashboard agent for one user message. Like the chat's `streamAgentRun`, but it names the
 * `dashboard` skill and sends the view as AG-UI `state`, so the agent knows what the user is looking at.
 */
export async function* streamDashboardRun({
  threadId,
  text,
  view,
  signal,
}: {
  threadId: string;
  text: string;
  view: DashboardView;
  signal: AbortSignal;
}): AsyncGenerator<RunEvent> {
  const response = await fetch('/api/agent', {
    method: 'POST',
    signal,
    headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
    body: JSON.stringify({
      threadId,
      runId: crypto.randomUUID(),
      messages: [{ id: crypto.randomUUID(), role: 'user', content: text }],
      tools: [],
      context: [],
      state: { dashboard: { page: view.page, range: view.range } },
      forwardedProps: { drawbridge: { clientTools: true, skill: 'dashboard' } },
    }),
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
  if (!response.body) {
    throw new ApiError({
      code: 'empty_stream',
      message: 'The server sent no run stream.',
      status: response.status,
    });
  }
  yield* decodeEventStream(response.body, 'ndjson');
}

/** Creates the dashboard assistant's thread (`POST /api/threads`), titled so it is recognisable in the chat list. */
export async function createDashboardThread(): Promise<string> {
  const response = await fetch('/api/threads', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ title: 'Dashboard assistant' }),
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
  const body = (await response.json()) as { thread?: { id?: unknown } };
  if (typeof body.thread?.id !== 'string') {
    throw new ApiError({
      code: 'unexpected_response',
      message: 'The server did not return a thread id.',
      status: 200,
    });
  }
  return body.thread.id;
}
