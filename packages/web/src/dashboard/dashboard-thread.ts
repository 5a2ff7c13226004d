import { ApiError } from '@drawbridge/react';

/** Where the assistant's thread id is kept, so a reload of the dashboard continues the same conversation. */
export const dashboardThreadStorageKey = 'drawbridge.dashboard-thread';

/** The thread the assistant used earlier in this tab, if storage allows and holds one. */
export function recallDashboardThread(storage?: Pick<Storage, 'getItem'>): string | undefined {
  try {
    return (storage ?? sessionStorage).getItem(dashboardThreadStorageKey) ?? undefined;
  } catch {
    // Storage can be disabled (reading `sessionStorage` itself may throw); the assistant then starts a fresh thread after a reload.
    return undefined;
  }
}

/** Remembers the assistant's thread for this tab, or forgets it (`undefined`) when it is gone. */
export function rememberDashboardThread(
  threadId: string | undefined,
  storage?: Pick<Storage, 'setItem' | 'removeItem'>,
): void {
  try {
    const target = storage ?? sessionStorage;
    if (threadId === undefined) target.removeItem(dashboardThreadStorageKey);
    else target.setItem(dashboardThreadStorageKey, threadId);
  } catch {
    // Without storage only the restore after a reload is lost.
  }
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
