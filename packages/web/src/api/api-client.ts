import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import {
  createThreadResponseSchema,
  type HealthResponse,
  healthResponseSchema,
  messageListResponseSchema,
  type StoredMessage,
  type ThreadSummary,
  threadListResponseSchema,
} from './api-schemas.ts';

async function requestJson<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  init?: RequestInit,
): Promise<z.infer<Schema>> {
  const response = await fetch(path, { ...init, headers: { Accept: 'application/json', ...init?.headers } });
  if (!response.ok) {
    throw await ApiError.fromResponse(response);
  }
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) {
    throw new ApiError({
      code: 'unexpected_response',
      message: `The server sent an unexpected answer for ${path}.`,
      status: response.status,
    });
  }
  return parsed.data;
}

/** Reads which model the server runs (and whether it is the offline demo). */
export function fetchHealth(): Promise<HealthResponse> {
  return requestJson('/api/health', healthResponseSchema);
}

/** Lists threads, newest first. */
export async function fetchThreads(): Promise<ThreadSummary[]> {
  return (await requestJson('/api/threads', threadListResponseSchema)).threads;
}

/** Creates an empty thread; the server titles it from the first message. */
export async function createThread(): Promise<ThreadSummary> {
  const body = await requestJson('/api/threads', createThreadResponseSchema, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  return body.thread;
}

/** Loads a thread's stored messages, oldest first, with their widgets. */
export async function fetchMessages(threadId: string): Promise<StoredMessage[]> {
  const path = `/api/threads/${encodeURIComponent(threadId)}/messages`;
  return (await requestJson(path, messageListResponseSchema)).messages;
}

/** Deletes a thread with its messages. */
export async function deleteThread(threadId: string): Promise<void> {
  const response = await fetch(`/api/threads/${encodeURIComponent(threadId)}`, { method: 'DELETE' });
  if (!response.ok && response.status !== 404) {
    throw await ApiError.fromResponse(response);
  }
}

/** The URL of a widget's standalone HTML download. */
export function standaloneWidgetUrl(threadId: string, widgetId: string): string {
  return `/api/threads/${encodeURIComponent(threadId)}/widgets/${encodeURIComponent(widgetId)}.html`;
}
