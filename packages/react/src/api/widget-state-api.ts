import { type StoredWidgetState, storedWidgetStateSchema } from '@drawbridge/protocol';
import type { ServerLocation } from './api-url.ts';
import { requestJson } from './request-json.ts';

/** Stores a widget's whole state for every revision of it (`PUT /api/threads/:id/widgets/:lineageId/state`). */
export function putWidgetState({
  threadId,
  lineageId,
  state,
  baseUrl,
}: ServerLocation & {
  threadId: string;
  lineageId: string;
  state: Record<string, unknown>;
}): Promise<StoredWidgetState> {
  return requestJson({
    baseUrl,
    path: `/api/threads/${encodeURIComponent(threadId)}/widgets/${encodeURIComponent(lineageId)}/state`,
    schema: storedWidgetStateSchema,
    init: { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ state }) },
  });
}
