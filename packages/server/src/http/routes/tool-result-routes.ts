import {
  describeSchemaError,
  type ToolResultResponse,
  type ToolResultRouteErrorCode,
  toolResultBodySchema,
} from '@drawbridge/protocol';
import { Hono } from 'hono';
import { ownedThread } from '../../auth/owned-thread.ts';
import { requestUser } from '../../auth/request-user.ts';
import type { AnswerOutcome, ClientToolBridge } from '../../bridge/client-tool-bridge.ts';
import type { Store } from '../../store/store.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';

const refuse: ErrorResponder<ToolResultRouteErrorCode> = errorResponse;

const refusals = {
  unknown_call: [404, 'This thread has no open tool call with that id.'],
  already_answered: [409, 'That tool call was already answered or has closed.'],
} as const satisfies Record<Exclude<AnswerOutcome['status'], 'accepted'>, readonly [number, string]>;

/**
 * `POST /api/threads/:threadId/tool-results`: the browser's answer to a parked render call. Only an
 * open call of that thread, which must be the caller's, is answered, once; a widget is persisted only when the browser says it drew it.
 */
export function createToolResultRoutes({
  bridge,
  store,
  ids = () => crypto.randomUUID(),
  answerGraceMs,
}: {
  bridge: ClientToolBridge;
  store: Pick<Store, 'appendMessage' | 'getThread'>;
  ids?: () => string;
  /** How long an answer may wait for its call to be parked; the bridge's default when absent. */
  answerGraceMs?: number;
}): Hono {
  const routes = new Hono();
  routes.post('/:threadId/tool-results', async (context) => {
    const threadId = context.req.param('threadId');
    // Another user's thread has no open call of the caller's: the same 404 as a call that does not exist.
    if ((await ownedThread({ store, threadId, userId: requestUser(context).id })) === undefined) {
      const [status, message] = refusals.unknown_call;
      return refuse(context, status, 'unknown_call', message);
    }
    let body: unknown;
    try {
      body = await context.req.json();
    } catch {
      return refuse(context, 400, 'invalid_json', 'The request body is not valid JSON.');
    }
    const parsed = toolResultBodySchema.safeParse(body);
    if (!parsed.success) {
      return refuse(
        context,
        400,
        'invalid_body',
        `Invalid tool result: ${describeSchemaError(parsed.error)}`,
      );
    }
    const outcome = await bridge.answerWhenParked(
      { threadId, toolCallId: parsed.data.toolCallId, result: parsed.data.result },
      answerGraceMs === undefined ? {} : { graceMs: answerGraceMs },
    );
    if (outcome.status !== 'accepted') {
      const [status, message] = refusals[outcome.status];
      return refuse(context, status, outcome.status, message);
    }
    if (parsed.data.result.status === 'rendered') {
      await store.appendMessage({
        id: ids(),
        threadId,
        role: 'assistant',
        content: '',
        toolCallId: outcome.call.toolCallId,
        render: { tool: outcome.call.toolName, args: outcome.call.args },
      });
    }
    return context.json({ accepted: true } satisfies ToolResultResponse);
  });
  return routes;
}
