import {
  decodeSequencedEventStream,
  ndjsonContentType,
  runResponseSchema,
  type SequencedRunEvent,
} from '@drawbridge/protocol';
import { ApiError } from './api-error.ts';
import { apiUrl, type ServerLocation } from './api-url.ts';
import { requestJson } from './request-json.ts';

/** Reads a run's NDJSON body, or the server's refusal as `ApiError`. */
export async function* readRunEvents(response: Response): AsyncGenerator<SequencedRunEvent> {
  if (!response.ok) {
    throw await ApiError.fromResponse(response);
  }
  if (!response.body) {
    throw new ApiError({
      code: 'empty_stream',
      message: 'The server sent no run stream.',
      status: response.status,
    });
  }
  yield* decodeSequencedEventStream(response.body);
}

/**
 * `GET /api/runs/:runId/events?after=`: the run's events after `after`, then the run live until it ends.
 * Aborting `signal` drops the connection; the run goes on.
 */
export async function* followRun({
  baseUrl,
  runId,
  after,
  signal,
}: ServerLocation & {
  runId: string;
  after: number;
  signal: AbortSignal;
}): AsyncGenerator<SequencedRunEvent> {
  const response = await fetch(
    apiUrl(baseUrl, `/api/runs/${encodeURIComponent(runId)}/events?after=${after}`),
    {
      signal,
      headers: { Accept: ndjsonContentType },
    },
  );
  yield* readRunEvents(response);
}

/** `POST /api/runs/:runId/cancel`: idempotent; the run's followers get its final event. */
export async function cancelRun({ baseUrl, runId }: ServerLocation & { runId: string }): Promise<void> {
  await requestJson({
    baseUrl,
    path: `/api/runs/${encodeURIComponent(runId)}/cancel`,
    schema: runResponseSchema,
    init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
  });
}
