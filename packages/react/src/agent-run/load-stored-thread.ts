import type { ThreadKind } from '@drawbridge/protocol';
import { fetchMessages } from '../api/api-client.ts';
import type { ServerLocation } from '../api/api-url.ts';
import { transcriptFromStored } from '../transcript/transcript-from-stored.ts';
import type { TranscriptMessage } from '../transcript/transcript-state.ts';
import { pageWidgetStates } from '../widget-bridge/widget-state-book.ts';

/** A thread as the server holds it: whose conversation it is, its transcript, and the run still writing to it. */
export interface LoadedThread {
  /** Whose conversation it is: a client draws only threads of its own agent's kind. */
  kind: ThreadKind;
  messages: TranscriptMessage[];
  /** The thread's running run: its server id and when it started (ISO). */
  activeRun: { id: string; startedAt: string } | null;
}

/** `GET /api/threads/:id/messages`, as the transcript the live run showed; the widgets' states go to the page's book. */
export async function loadStoredThread(
  threadId: string,
  location: ServerLocation = {},
): Promise<LoadedThread> {
  const { thread, messages, activeRun, widgetStates } = await fetchMessages(threadId, location);
  // Before the transcript draws its widgets, so each frame starts from what its widget kept.
  pageWidgetStates.adopt(threadId, widgetStates ?? []);
  return {
    kind: thread.kind,
    messages: transcriptFromStored(messages),
    activeRun:
      activeRun !== null && activeRun.status === 'running'
        ? { id: activeRun.id, startedAt: activeRun.startedAt }
        : null,
  };
}
