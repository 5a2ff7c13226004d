import { createThread, fetchThreads } from '@drawbridge/react';

/**
 * The dashboard assistant's conversation: the user's newest `dashboard` thread, so the panel continues it
 * after a reload, in another tab or on another day; undefined before the first message.
 */
export async function findDashboardThread(signal?: AbortSignal): Promise<string | undefined> {
  const [newest] = await fetchThreads({ kind: 'dashboard', ...(signal ? { signal } : {}) });
  return newest?.id;
}

/** Creates the dashboard assistant's thread: a `dashboard` thread, which the chat list never shows. */
export async function createDashboardThread(): Promise<string> {
  return (await createThread({ kind: 'dashboard' })).id;
}
