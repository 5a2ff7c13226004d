import { Hono } from 'hono';
import { type AgentProfiles, defaultSkillName } from '../agents/agent-profile.ts';
import type { ErrorLogger } from '../app/error-handler.ts';
import { errorResponse } from '../app/http-error.ts';
import type { RunRegistry } from '../app/run-registry.ts';
import type { AuditLog } from '../governance/audit-log.ts';
import type { CallLimits } from '../governance/call-limits.ts';
import { governTools } from '../governance/govern-tools.ts';
import { createEventStreamResponse } from '../run/event-stream-response.ts';
import { executeAgentRun } from '../run/execute-agent-run.ts';
import { negotiateStreamFormat } from '../run/negotiate-stream-format.ts';
import { parseRunRequest } from '../run/parse-run-request.ts';
import type { AgentModel } from '../run/run-agent.ts';
import { storeClientToolResults } from '../run/store-client-tool-results.ts';
import type { Store } from '../store/store.ts';
import { ThreadNotFoundError } from '../store/thread-not-found-error.ts';

export interface AgentRoutesDependencies {
  store: Store;
  model: AgentModel;
  /** The agents a run may ask for, by skill name. */
  profiles: AgentProfiles;
  /** Where every tool call's audit record goes. */
  auditLog: AuditLog;
  callLimits: CallLimits;
  clock: () => Date;
  ids: () => string;
  heartbeatIntervalMs: number;
  logError: ErrorLogger;
  runs: RunRegistry;
}

function isJsonContentType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType?.endsWith('+json') ?? false);
}

/**
 * A retried turn whose first attempt stored nothing after the user's message (the model failed at
 * once, or the client gave up): the message is already in the thread, so it is not stored twice.
 */
async function isRetryOfUnansweredMessage(
  store: Store,
  threadId: string,
  userText: string,
): Promise<boolean> {
  const last = await store.lastMessage(threadId);
  return last?.role === 'user' && last.content === userText;
}

/**
 * `POST /` (mounted at `/api/agent`): body = AG-UI `RunAgentInput`; streams the run as NDJSON, or as SSE
 * for `Accept: text/event-stream`. Every refusal happens before the stream starts, as 4xx JSON.
 */
export function createAgentRoutes(dependencies: AgentRoutesDependencies): Hono {
  const { store, clock, ids, logError, runs } = dependencies;
  const routes = new Hono();

  routes.post('/', async (context) => {
    const format = negotiateStreamFormat(context);
    if (format === undefined) {
      return errorResponse(
        context,
        406,
        'not_acceptable',
        'The run streams as application/x-ndjson or text/event-stream; the Accept header allows neither.',
      );
    }
    // Requiring JSON means a cross-site form or a sandboxed widget cannot post here without a CORS preflight.
    if (!isJsonContentType(context.req.header('content-type'))) {
      return errorResponse(context, 415, 'unsupported_media_type', 'Send the run input as application/json.');
    }
    let body: unknown;
    try {
      body = JSON.parse(await context.req.text());
    } catch {
      return errorResponse(context, 400, 'invalid_json', 'The request body is not valid JSON.');
    }
    const parsed = parseRunRequest(body);
    if (!parsed.success) {
      const { status, code, message } = parsed.rejection;
      return errorResponse(context, status, code, message);
    }
    const { threadId, runId, userText, clientAttached, clientState } = parsed.request;
    const { declaredToolNames, toolResults, continuesAfterToolResults } = parsed.request;
    const skillName = parsed.request.skill ?? defaultSkillName;
    const profile = dependencies.profiles.get(skillName);
    if (profile === undefined) {
      const known = [...dependencies.profiles.keys()].join(', ');
      return errorResponse(
        context,
        400,
        'unknown_skill',
        `There is no skill "${skillName}"; this server has: ${known}.`,
      );
    }
    const threadNotFound = () =>
      errorResponse(context, 404, 'thread_not_found', `Thread ${threadId} does not exist; create it first.`);
    if ((await store.getThread(threadId)) === undefined) return threadNotFound();

    try {
      // A client answering its own frontend tool calls continues the turn instead of starting one.
      const toolResultsOutcome = await storeClientToolResults({ store, threadId, toolResults, ids });
      if (continuesAfterToolResults && !toolResultsOutcome.awaitsContinuation) {
        return errorResponse(
          context,
          409,
          'nothing_to_continue',
          'The run input ends with tool results, but none of them answers an open tool call of this thread.',
        );
      }
      if (!continuesAfterToolResults && !(await isRetryOfUnansweredMessage(store, threadId, userText))) {
        await store.appendMessage({ id: ids(), threadId, role: 'user', content: userText });
      }
    } catch (error) {
      // Deleted between the check above and now.
      if (error instanceof ThreadNotFoundError) return threadNotFound();
      throw error;
    }

    return createEventStreamResponse({
      format,
      heartbeatIntervalMs: dependencies.heartbeatIntervalMs,
      now: () => clock().getTime(),
      requestSignal: context.req.raw.signal,
      reportError: (error) => logError(`run ${runId} in thread ${threadId} failed unexpectedly`, error),
      produce: async (emit, abortSignal) => {
        const toolset = governTools({
          tools: profile.tools,
          skill: profile.skill,
          limits: dependencies.callLimits,
          auditLog: dependencies.auditLog,
          clock,
          ids,
        });
        const runContext = { threadId, runId, abortSignal, clientAttached, clientState };
        // The AG-UI convention: a client that cannot answer parked calls declares the tools it runs itself.
        const declared = new Set(declaredToolNames);
        const clientExecutedToolNames = new Set(
          clientAttached ? [] : toolset.offered.map((tool) => tool.name).filter((name) => declared.has(name)),
        );
        try {
          const result = await runs.track(
            executeAgentRun({
              store,
              model: dependencies.model,
              system: profile.system,
              tools: toolset.offered,
              clientState,
              clientExecutedToolNames,
              onUnofferedToolCall: ({ toolCallId, toolName, input }) =>
                toolset.refuse({ toolName, input, context: { ...runContext, toolCallId } }),
              threadId,
              runId,
              runRecordId: ids(),
              clientAttached,
              ids,
              emit,
              abortSignal,
              reportError: logError,
            }),
          );
          for (const call of result?.pendingToolCalls ?? []) {
            await toolset.recordClientExecution({
              toolName: call.toolName,
              input: call.input,
              context: { ...runContext, toolCallId: call.toolCallId },
            });
          }
        } finally {
          dependencies.callLimits.endRun(runId);
        }
      },
    });
  });

  return routes;
}
