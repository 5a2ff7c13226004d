import {
  type AgentThreadKind,
  type CreateThreadBody,
  createThreadResponseSchema,
  type HealthResponse,
  healthResponseSchema,
  type MessageListResponse,
  messageListResponseSchema,
  type RenameThreadBody,
  type RewindThreadBody,
  type RewindThreadResponse,
  renameThreadResponseSchema,
  rewindThreadResponseSchema,
  type SelectBranchBody,
  type SelectBranchResponse,
  selectBranchResponseSchema,
  type ThreadSearchResult,
  type ThreadSummary,
  threadListResponseSchema,
  threadSearchResponseSchema,
  type UpdateThreadBody,
} from '@drawbridge/protocol';
import { ApiError } from './api-error.ts';
import { apiUrl, type ServerLocation } from './api-url.ts';
import { requestJson } from './request-json.ts';

/** Reads which model the server runs (and whether it is the offline demo). */
export function fetchHealth({ baseUrl }: ServerLocation = {}): Promise<HealthResponse> {
  return requestJson({ baseUrl, path: '/api/health', schema: healthResponseSchema });
}

/**
 * Lists the user's threads of one kind, newest first: the chats (the chat list), or the dashboard
 * assistant's conversation; with `archived`, the archived ones instead of those in the list.
 */
export async function fetchThreads({
  kind = 'chat',
  archived = false,
  signal,
  baseUrl,
}: ServerLocation & {
  kind?: AgentThreadKind;
  archived?: boolean;
  signal?: AbortSignal;
} = {}): Promise<ThreadSummary[]> {
  const query = new URLSearchParams({
    ...(kind === 'chat' ? {} : { kind }),
    ...(archived ? { archived: 'true' } : {}),
  }).toString();
  const path = query === '' ? '/api/threads' : `/api/threads?${query}`;
  return (
    await requestJson({
      baseUrl,
      path,
      schema: threadListResponseSchema,
      ...(signal ? { init: { signal } } : {}),
    })
  ).threads;
}

/** Creates an empty thread of `kind` (a chat by default); the server titles it from the first message. */
export async function createThread({
  kind,
  model,
  baseUrl,
}: ServerLocation & { kind?: AgentThreadKind; model?: string } = {}): Promise<ThreadSummary> {
  const body: CreateThreadBody = {
    ...(kind === undefined ? {} : { kind }),
    ...(model === undefined ? {} : { model }),
  };
  const created = await requestJson({
    baseUrl,
    path: '/api/threads',
    schema: createThreadResponseSchema,
    init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  });
  return created.thread;
}

/** Chats whose title or messages contain `query`, newest first, each with the words around its first match. */
export async function searchThreads(
  query: string,
  signal?: AbortSignal,
  { baseUrl }: ServerLocation = {},
): Promise<ThreadSearchResult[]> {
  const path = `/api/threads/search?q=${encodeURIComponent(query)}`;
  return (
    await requestJson({
      baseUrl,
      path,
      schema: threadSearchResponseSchema,
      ...(signal ? { init: { signal } } : {}),
    })
  ).results;
}

/** Gives a thread the name the user chose. */
export async function renameThread(
  threadId: string,
  title: string,
  { baseUrl }: ServerLocation = {},
): Promise<ThreadSummary> {
  const body: RenameThreadBody = { title };
  const renamed = await requestJson({
    baseUrl,
    path: `/api/threads/${encodeURIComponent(threadId)}`,
    schema: renameThreadResponseSchema,
    init: { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  });
  return renamed.thread;
}

/**
 * Changes what the thread keeps about itself: its name, the model it runs (`null`: the server's default; one of
 * `fetchHealth().models` otherwise, or the server refuses with `unknown_model`), whether it is pinned to the top
 * of the chat list, whether it is archived out of it.
 */
export async function updateThread(
  threadId: string,
  body: UpdateThreadBody,
  { baseUrl }: ServerLocation = {},
): Promise<ThreadSummary> {
  const updated = await requestJson({
    baseUrl,
    path: `/api/threads/${encodeURIComponent(threadId)}`,
    schema: renameThreadResponseSchema,
    init: { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  });
  return updated.thread;
}

/**
 * Rewinds a thread to its `turn`-th user message (dropping what followed; with `content`, replacing its
 * text), before that message is sent again for a regenerated reply or an edit.
 */
export function rewindThread(
  threadId: string,
  body: RewindThreadBody,
  { baseUrl }: ServerLocation = {},
): Promise<RewindThreadResponse> {
  return requestJson({
    baseUrl,
    path: `/api/threads/${encodeURIComponent(threadId)}/rewind`,
    schema: rewindThreadResponseSchema,
    init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  });
}

/**
 * Shows another version of a message: version `index` (oldest first) of the `turn`-th user message of the
 * branch on screen, or of its reply; answers with the branch the thread now shows.
 */
export function selectBranch(
  threadId: string,
  body: SelectBranchBody,
  { baseUrl }: ServerLocation = {},
): Promise<SelectBranchResponse> {
  return requestJson({
    baseUrl,
    path: `/api/threads/${encodeURIComponent(threadId)}/branch`,
    schema: selectBranchResponseSchema,
    init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  });
}

/** Loads a thread's stored messages, oldest first, with their widgets, and the run still writing to it. */
export function fetchMessages(
  threadId: string,
  { baseUrl }: ServerLocation = {},
): Promise<MessageListResponse> {
  const path = `/api/threads/${encodeURIComponent(threadId)}/messages`;
  return requestJson({ baseUrl, path, schema: messageListResponseSchema });
}

/** Deletes a thread with its messages. */
export async function deleteThread(threadId: string, { baseUrl }: ServerLocation = {}): Promise<void> {
  const response = await fetch(apiUrl(baseUrl, `/api/threads/${encodeURIComponent(threadId)}`), {
    method: 'DELETE',
  });
  if (!response.ok && response.status !== 404) {
    throw await ApiError.fromResponse(response);
  }
}

/** The URL of a widget's standalone HTML download. */
export function standaloneWidgetUrl(
  threadId: string,
  widgetId: string,
  { baseUrl }: ServerLocation = {},
): string {
  return apiUrl(
    baseUrl,
    `/api/threads/${encodeURIComponent(threadId)}/widgets/${encodeURIComponent(widgetId)}.html`,
  );
}
