import type { RewindThreadBody, RewindThreadResponse } from '@drawbridge/protocol';
import { ApiError, rewindThread } from '@drawbridge/react';

/** A stopped reply ends on the server a moment after the browser stopped reading it; that long, at most. */
const attempts = 8;
const pauseMs = 250;

/**
 * Rewinds the stored thread, waiting out a reply that is still ending on the server (`409 run_in_progress`
 * right after Stop): the server refuses to rewind under a running reply, and this one is already stopping.
 */
export async function rewindWhenIdle({
  threadId,
  body,
  rewind = rewindThread,
  pause = (milliseconds) => new Promise((resolve) => window.setTimeout(resolve, milliseconds)),
}: {
  threadId: string;
  body: RewindThreadBody;
  rewind?: typeof rewindThread;
  pause?: (milliseconds: number) => Promise<unknown>;
}): Promise<RewindThreadResponse> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await rewind(threadId, body);
    } catch (error) {
      const stillEnding = ApiError.isInstance(error) && error.code === 'run_in_progress';
      if (!stillEnding || attempt === attempts) throw error;
      await pause(pauseMs);
    }
  }
}
