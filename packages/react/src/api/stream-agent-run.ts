import {
  type A2uiUserAction,
  buildRunAgentInput,
  type FormAnswers,
  runAgentRequestInit,
  type SequencedRunEvent,
} from '@drawbridge/protocol';
import { apiUrl } from './api-url.ts';
import { readRunEvents } from './run-api.ts';

export interface AgentRunRequest {
  /** Where the server is mounted (`ServerLocation`); default the page's origin root. */
  baseUrl?: string;
  threadId: string;
  runId: string;
  userMessageId: string;
  text: string;
  signal: AbortSignal;
  /** AG-UI `state`: what the client is showing (the dashboard's page and range), untrusted context for tools. */
  state?: Record<string, unknown>;
  /** Which agent answers (`forwardedProps.drawbridge.skill`); the server's default agent when absent. */
  skill?: string;
  /** The message is the answers to a typed form (`forwardedProps.drawbridge.formAnswers`), stored with it. */
  formAnswers?: FormAnswers;
  /** The message is a user action on an A2UI surface (`forwardedProps.a2uiAction.userAction`). */
  a2uiAction?: A2uiUserAction;
  /**
   * The run continues the thread's last reply, stopped before it was finished (`forwardedProps.drawbridge.continue`):
   * `text` is then the last user message, and nothing new is stored for it.
   */
  continue?: boolean;
  /** Ids of uploaded files the message carries (`forwardedProps.drawbridge.attachments`). */
  attachmentIds?: readonly string[];
}

/**
 * Starts a run with the user's new message and yields its events as they arrive, each with its `seq`.
 * Aborting `signal` drops the connection; the run goes on (Stop is `cancelRun`). A thread with a running
 * run answers `409 run_in_progress` naming it, which rejects as `ApiError` with that `runId`.
 */
export async function* streamAgentRun(request: AgentRunRequest): AsyncGenerator<SequencedRunEvent> {
  const input = buildRunAgentInput({
    threadId: request.threadId,
    runId: request.runId,
    userMessageId: request.userMessageId,
    text: request.text,
    ...(request.state === undefined ? {} : { state: request.state }),
    drawbridge: {
      clientTools: true,
      ...(request.skill === undefined ? {} : { skill: request.skill }),
      ...(request.formAnswers === undefined ? {} : { formAnswers: request.formAnswers }),
      ...(request.continue === true ? { continue: true } : {}),
      ...(request.attachmentIds === undefined || request.attachmentIds.length === 0
        ? {}
        : { attachments: [...request.attachmentIds] }),
    },
    ...(request.a2uiAction === undefined ? {} : { a2uiAction: request.a2uiAction }),
  });
  const response = await fetch(
    apiUrl(request.baseUrl, '/api/agent'),
    runAgentRequestInit({ input, signal: request.signal }),
  );
  yield* readRunEvents(response);
}
