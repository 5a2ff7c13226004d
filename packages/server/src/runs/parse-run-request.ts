import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import {
  type A2uiUserAction,
  type AgentRouteErrorCode,
  a2uiActionForwardedPropsSchema,
  describeA2uiUserAction,
  drawbridgeForwardedPropsSchema,
  type FormAnswers,
  identifierPattern,
  toolResultSchema,
} from '@drawbridge/protocol';
import type { ClientErrorStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';

/** What the run endpoint needs from an AG-UI `RunAgentInput`. */
export interface RunRequest {
  threadId: string;
  /** The client's id for the run: unique among its user's runs, and a second name for it at `/api/runs/:runId`. */
  runId: string;
  /**
   * The text of the last `user` message: the turn this run answers. For a user action on an A2UI surface, the
   * sentence `@ag-ui/a2ui-middleware` gives its agent for it, whatever the client wrote.
   */
  userText: string;
  /** `forwardedProps.a2uiAction.userAction`: the turn is this action on an A2UI surface. */
  a2uiAction?: A2uiUserAction;
  /** `forwardedProps.drawbridge.clientTools === true`: a browser is attached that can answer tool calls. */
  clientAttached: boolean;
  /** `forwardedProps.drawbridge.skill`: which agent answers; absent means the default one. */
  skill?: string;
  /** `forwardedProps.drawbridge.formAnswers`: the user message is the answers to this typed form. */
  formAnswers?: FormAnswers;
  /**
   * `forwardedProps.drawbridge.continue === true`: the run continues the thread's last reply (kept after Stop);
   * no user message is stored.
   */
  continuesReply?: boolean;
  /** `forwardedProps.drawbridge.model`: this run's model, instead of the one its thread was set to. */
  model?: string;
  /** `forwardedProps.drawbridge.attachments`: ids of the user's uploaded files the message carries, in order. */
  attachmentIds: string[];
  /** AG-UI `state`: what the client says it shows, handed to tools as untrusted context. */
  clientState: unknown;
  /** Names in `RunAgentInput.tools`: the frontend tools a stock AG-UI client executes itself. */
  declaredToolNames: string[];
  /**
   * Every `role: 'tool'` message the client sent (old ones included: AG-UI clients resend the transcript),
   * then every `resume[]` entry: an interrupt is a call, so its answer is that call's result.
   */
  toolResults: { toolCallId: string; content: string }[];
  /**
   * Tool messages come after the last user message, or `resume[]` answers interrupts: the client answered
   * its calls and asks the agent to continue, so there is no new user message to store.
   */
  continuesAfterToolResults: boolean;
}

/** The codes a run input can be refused with before any run starts. */
export type RunInputErrorCode = Extract<
  AgentRouteErrorCode,
  'invalid_run_input' | 'missing_user_message' | 'empty_user_message'
>;

/** A rejected request, ready to become a 4xx JSON response. */
export interface RunRequestRejection {
  status: ClientErrorStatusCode;
  code: RunInputErrorCode;
  message: string;
}

export type RunRequestParse =
  | { success: true; request: RunRequest }
  | { success: false; rejection: RunRequestRejection };

/**
 * Thread and run ids share the store routes' alphabet, so an id never needs escaping in a URL or a log line:
 * a client reaches its run at `/api/runs/<its runId>`.
 */
const urlSafeIdSchema = z
  .string()
  .regex(identifierPattern, 'must be 1-128 characters of A-Z, a-z, 0-9, "_" or "-"');

const forwardedPropsSchema = z.looseObject({ drawbridge: drawbridgeForwardedPropsSchema.optional() });

function describeIssues(error: z.ZodError): string {
  const described = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return `${described.join('; ')}${more}`;
}

function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (part): part is { type: 'text'; text: string } =>
        part?.type === 'text' && typeof part.text === 'string',
    )
    .map((part) => part.text)
    .join('\n');
}

/** What the model reads for a cancelled interrupt: nothing was shown, and it should not assume otherwise. */
const cancelledInterruptContent = 'Error: The client cancelled this call; nothing was shown.';

type ResumeEntry = NonNullable<z.infer<typeof RunAgentInputSchema>['resume']>[number];

/**
 * An interrupt's id is the id of the call it is for, and its answer is the result a browser would have posted
 * for the parked call; the model reads it as it reads any tool outcome.
 */
function resumeAsToolResult(
  entry: ResumeEntry,
  index: number,
): { success: true; result: { toolCallId: string; content: string } } | { success: false; message: string } {
  if (entry.status === 'cancelled') {
    return { success: true, result: { toolCallId: entry.interruptId, content: cancelledInterruptContent } };
  }
  const payload = toolResultSchema.safeParse(entry.payload);
  if (!payload.success) {
    return { success: false, message: `resume.${index}.payload: ${describeIssues(payload.error)}` };
  }
  const { status, message } = payload.data;
  return {
    success: true,
    result: { toolCallId: entry.interruptId, content: status === 'rendered' ? message : `Error: ${message}` },
  };
}

function reject(status: ClientErrorStatusCode, code: RunInputErrorCode, message: string): RunRequestParse {
  return { success: false, rejection: { status, code, message } };
}

/** Validates a parsed JSON body as a `RunAgentInput` and extracts the turn; failures are values. */
export function parseRunRequest(body: unknown): RunRequestParse {
  const parsed = RunAgentInputSchema.safeParse(body);
  if (!parsed.success) return reject(422, 'invalid_run_input', describeIssues(parsed.error));
  const input = parsed.data;

  const threadId = urlSafeIdSchema.safeParse(input.threadId);
  if (!threadId.success)
    return reject(422, 'invalid_run_input', `threadId: ${describeIssues(threadId.error)}`);
  const runId = urlSafeIdSchema.safeParse(input.runId);
  if (!runId.success) return reject(422, 'invalid_run_input', `runId: ${describeIssues(runId.error)}`);

  // forwardedProps is free-form in AG-UI; only our own `drawbridge` key and the A2UI action are validated.
  const forwardedProps: unknown = input.forwardedProps;
  const record = typeof forwardedProps === 'object' && forwardedProps !== null ? forwardedProps : {};
  const forwarded = forwardedPropsSchema.safeParse('drawbridge' in record ? record : {});
  if (!forwarded.success) {
    return reject(422, 'invalid_run_input', `forwardedProps: ${describeIssues(forwarded.error)}`);
  }
  const action = a2uiActionForwardedPropsSchema.safeParse('a2uiAction' in record ? record : {});
  if (!action.success) {
    return reject(422, 'invalid_run_input', `forwardedProps: ${describeIssues(action.error)}`);
  }
  const a2uiAction = action.data.a2uiAction?.userAction;

  const lastUserIndex = input.messages.findLastIndex((message) => message.role === 'user');
  const lastUserMessage = input.messages[lastUserIndex];
  // A stock client (CopilotKit) sends an action with the transcript as it was: the action is the new turn.
  if (lastUserMessage === undefined && a2uiAction === undefined) {
    return reject(400, 'missing_user_message', 'messages must contain at least one user message.');
  }
  const userText =
    a2uiAction === undefined ? messageText(lastUserMessage?.content) : describeA2uiUserAction(a2uiAction);
  const drawbridge = forwarded.data.drawbridge;
  const attachmentIds = [...new Set(drawbridge?.attachments ?? [])];
  // A file sent alone is a message: "what is in this?" goes without saying.
  if (userText.trim() === '' && attachmentIds.length === 0) {
    return reject(400, 'empty_user_message', 'The last user message has no text.');
  }
  const toolResults = input.messages.flatMap((message) =>
    message.role === 'tool'
      ? [{ toolCallId: message.toolCallId, content: messageText(message.content) }]
      : [],
  );
  const resume = input.resume ?? [];
  for (const [index, entry] of resume.entries()) {
    const answered = resumeAsToolResult(entry, index);
    if (!answered.success) return reject(422, 'invalid_run_input', answered.message);
    toolResults.push(answered.result);
  }
  return {
    success: true,
    request: {
      threadId: threadId.data,
      runId: runId.data,
      userText,
      ...(a2uiAction === undefined ? {} : { a2uiAction }),
      clientAttached: drawbridge?.clientTools === true,
      ...(drawbridge?.skill === undefined ? {} : { skill: drawbridge.skill }),
      ...(drawbridge?.formAnswers === undefined ? {} : { formAnswers: drawbridge.formAnswers }),
      ...(drawbridge?.model === undefined ? {} : { model: drawbridge.model }),
      ...(drawbridge?.continue === true ? { continuesReply: true } : {}),
      attachmentIds,
      clientState: input.state,
      declaredToolNames: input.tools.map((tool) => tool.name),
      toolResults,
      // An A2UI action is a new turn, even when tool results follow the last user message.
      continuesAfterToolResults:
        a2uiAction === undefined &&
        (resume.length > 0 ||
          input.messages.slice(lastUserIndex + 1).some((message) => message.role === 'tool')),
    },
  };
}
