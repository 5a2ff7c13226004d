import { decodeEventStream, type FormAnswers, ndjsonContentType, type RunEvent } from '@drawbridge/protocol';
import { ApiError } from './api-error.ts';

export interface AgentRunRequest {
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
}

/**
 * Starts a run with the user's new message and yields its events as they arrive.
 * Aborting `signal` cancels the fetch, which closes the connection, which makes the server abort the model.
 */
export async function* streamAgentRun(request: AgentRunRequest): AsyncGenerator<RunEvent> {
  const response = await fetch('/api/agent', {
    method: 'POST',
    signal: request.signal,
    headers: { 'Content-Type': 'application/json', Accept: ndjsonContentType },
    body: JSON.stringify({
      threadId: request.threadId,
      runId: request.runId,
      messages: [{ id: request.userMessageId, role: 'user', content: request.text }],
      tools: [],
      context: [],
      state: request.state ?? {},
      forwardedProps: {
        drawbridge: {
          clientTools: true,
          ...(request.skill === undefined ? {} : { skill: request.skill }),
          ...(request.formAnswers === undefined ? {} : { formAnswers: request.formAnswers }),
        },
      },
    }),
  });
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
  yield* decodeEventStream(response.body);
}
