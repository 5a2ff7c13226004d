import type { RunAgentInput } from '@ag-ui/core';
import { z } from 'zod';
import type { A2uiUserAction } from '../a2ui/a2ui-user-action.ts';
import { ndjsonContentType } from '../codecs/ndjson-encoder.ts';
import { attachmentLimits } from './attachment.ts';
import { formAnswersSchema } from './form-answers.ts';
import { identifierPattern } from './identifier-pattern.ts';
import { modelIdSchema } from './model-id.ts';

/**
 * Our key in AG-UI's free-form `forwardedProps`: `forwardedProps.drawbridge`. The server validates the run
 * request's key with it; unknown fields pass, as everywhere in AG-UI.
 */
export const drawbridgeForwardedPropsSchema = z.looseObject({
  /** A browser is attached that answers parked tool calls (typed render tools) during the run. */
  clientTools: z.boolean().optional(),
  /** Which agent answers; the server's default one when absent. */
  skill: z.string().max(64).optional(),
  /** The user message is the answers to this typed form, stored with it. */
  formAnswers: formAnswersSchema.optional(),
  /**
   * The run goes on with the thread's last reply, which was stopped before it was finished: no user message is
   * stored, the model is asked to continue from what was kept, and what it writes is appended to that reply.
   */
  continue: z.boolean().optional(),
  /** This run's model, one of `GET /api/health`'s `models`; absent, the model the thread was set to. */
  model: modelIdSchema.optional(),
  /** Ids of files uploaded to `POST /api/attachments`, sent with the user message, in order. */
  attachments: z.array(z.string().regex(identifierPattern)).max(attachmentLimits.maxPerMessage).optional(),
});

export type DrawbridgeForwardedProps = z.infer<typeof drawbridgeForwardedPropsSchema>;

/**
 * The body of `POST /api/agent`: AG-UI's `RunAgentInput`, with our key in `forwardedProps`, and an A2UI user
 * action where the middleware's convention puts it (`forwardedProps.a2uiAction.userAction`).
 */
export type DrawbridgeRunAgentInput = RunAgentInput & {
  forwardedProps?: { drawbridge?: DrawbridgeForwardedProps; a2uiAction?: { userAction: A2uiUserAction } };
};

/**
 * The body of `POST /api/agent` for a turn that sends one new user message: the web client, the eval and the
 * tests build it here, so none spells the AG-UI shape by hand.
 */
export function buildRunAgentInput({
  threadId,
  runId,
  userMessageId,
  text,
  state = {},
  drawbridge,
  a2uiAction,
}: {
  threadId: string;
  runId: string;
  userMessageId: string;
  text: string;
  /** AG-UI `state`: what the client shows (the dashboard's page and range), untrusted context for tools. */
  state?: Record<string, unknown>;
  drawbridge?: DrawbridgeForwardedProps;
  /** The message is this user action on an A2UI surface, sent as the middleware's convention has it. */
  a2uiAction?: A2uiUserAction;
}): DrawbridgeRunAgentInput {
  const forwardedProps = {
    ...(drawbridge === undefined ? {} : { drawbridge }),
    ...(a2uiAction === undefined ? {} : { a2uiAction: { userAction: a2uiAction } }),
  };
  return {
    threadId,
    runId,
    messages: [{ id: userMessageId, role: 'user', content: text }],
    tools: [],
    context: [],
    state,
    ...(Object.keys(forwardedProps).length === 0 ? {} : { forwardedProps }),
  };
}

/** The `fetch` options of `POST /api/agent` with `input`: JSON in, NDJSON out unless `accept` asks for SSE. */
export function runAgentRequestInit({
  input,
  accept = ndjsonContentType,
  signal,
}: {
  input: DrawbridgeRunAgentInput;
  accept?: string;
  signal?: AbortSignal;
}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: accept },
    body: JSON.stringify(input),
    ...(signal === undefined ? {} : { signal }),
  };
}
