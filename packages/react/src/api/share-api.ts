import {
  type CreateShareResponse,
  createShareResponseSchema,
  type Share,
  shareListResponseSchema,
} from '@drawbridge/protocol';
import { ApiError } from './api-error.ts';
import { apiUrl, type ServerLocation } from './api-url.ts';
import { requestJson } from './request-json.ts';

/**
 * Makes a read-only link to one of the user's chats, or with `widgetId` to one finished widget revision in it
 * (`POST /api/threads/:threadId/shares`). The link's token is only in this answer's `path`: keep or copy it now.
 */
export function createShare({
  threadId,
  widgetId,
  baseUrl,
}: ServerLocation & { threadId: string; widgetId?: string }): Promise<CreateShareResponse> {
  return requestJson({
    baseUrl,
    path: `/api/threads/${encodeURIComponent(threadId)}/shares`,
    schema: createShareResponseSchema,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(widgetId === undefined ? {} : { widgetId }),
    },
  });
}

/** The user's links, newest first; with `threadId`, only that chat's (`GET /api/shares`). */
export async function fetchShares({
  threadId,
  baseUrl,
}: ServerLocation & { threadId?: string } = {}): Promise<Share[]> {
  const query = threadId === undefined ? '' : `?threadId=${encodeURIComponent(threadId)}`;
  return (await requestJson({ baseUrl, path: `/api/shares${query}`, schema: shareListResponseSchema }))
    .shares;
}

/** Revokes one of the user's links: its page is a 404 from now on (`DELETE /api/shares/:shareId`). */
export async function revokeShare({ shareId, baseUrl }: ServerLocation & { shareId: string }): Promise<void> {
  const response = await fetch(apiUrl(baseUrl, `/api/shares/${encodeURIComponent(shareId)}`), {
    method: 'DELETE',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
}

/** The whole URL of a link's page from the `path` `createShare` answered, for the clipboard. */
export function sharedPageUrl({ path, baseUrl }: ServerLocation & { path: string }): string {
  return new URL(apiUrl(baseUrl, path), window.location.href).href;
}
