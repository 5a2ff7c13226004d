import type { AgentRouteErrorCode } from '@drawbridge/protocol';
import { Hono } from 'hono';
import type { ClientErrorStatusCode } from 'hono/utils/http-status';
import type { AgentProfiles } from '../agents/agent-profile.ts';
import { type ErrorResponder, errorResponse } from '../app/http-error.ts';
import { isJsonMediaType } from '../app/is-json-media-type.ts';
import type { ServerShutdown } from '../app/server-shutdown.ts';
import { requestUser } from '../auth/request-user.ts';
import type { RunLimits } from '../limits/run-limits.ts';
import type { AgentRunServices } from '../run/agent-run-services.ts';
import { createEventStreamResponse } from '../run/event-stream-response.ts';
import { negotiateStreamFormat } from '../run/negotiate-stream-format.ts';
import { parseRunRequest } from '../run/parse-run-request.ts';
import { type AgentRunRefusal, startAgentRun } from '../run/start-agent-run.ts';

export interface AgentRoutesDependencies extends AgentRunServices {
  /** The agents a run may ask for, by skill name. */
  profiles: AgentProfiles;
  /** Per-user runs per minute and tokens per day. */
  runLimits: RunLimits;
  /** A draining server starts no runs; one whose grace ran out ends the runs still going. */
  shutdown: ServerShutdown;
  heartbeatIntervalMs: number;
}

const refuse: ErrorResponder<AgentRouteErrorCode> = errorResponse;

const refusalStatuses = {
  unknown_skill: 400,
  thread_not_found: 404,
  nothing_to_continue: 409,
} as const satisfies Record<AgentRunRefusal['code'], ClientErrorStatusCode>;

/**
 * `POST /` (mounted at `/api/agent`): body = AG-UI `RunAgentInput`; streams the run as NDJSON, or as SSE
 * for `Accept: text/event-stream`. The route parses, negotiates and maps outcomes to HTTP; `startAgentRun`
 * decides. Every refusal happens before the stream starts, as 4xx JSON.
 */
export function createAgentRoutes(dependencies: AgentRoutesDependencies): Hono {
  const { profiles, heartbeatIntervalMs, runLimits, shutdown, ...services } = dependencies;
  const routes = new Hono();

  routes.post('/', async (context) => {
    if (shutdown.draining) {
      context.header('Retry-After', '5');
      context.header('Connection', 'close');
      return refuse(
        context,
        503,
        'shutting_down',
        'The server is shutting down; send the message again in a moment.',
      );
    }
    const format = negotiateStreamFormat(context);
    if (format === undefined) {
      return refuse(
        context,
        406,
        'not_acceptable',
        'The run streams as application/x-ndjson or text/event-stream; the Accept header allows neither.',
      );
    }
    // Requiring JSON means a cross-site form or a sandboxed widget cannot post here without a CORS preflight.
    if (!isJsonMediaType(context.req.header('content-type'))) {
      return refuse(context, 415, 'unsupported_media_type', 'Send the run input as application/json.');
    }
    let body: unknown;
    try {
      body = JSON.parse(await context.req.text());
    } catch {
      return refuse(context, 400, 'invalid_json', 'The request body is not valid JSON.');
    }
    const parsed = parseRunRequest(body);
    if (!parsed.success) {
      const { status, code, message } = parsed.rejection;
      return refuse(context, status, code, message);
    }
    const request = parsed.request;
    const user = requestUser(context);
    const limited = await runLimits.check({ userId: user.id });
    if (limited !== undefined) {
      context.header('Retry-After', String(limited.retryAfterSeconds));
      return refuse(context, 429, limited.code, limited.message);
    }
    const owner = { userId: user.id, isAdmin: user.isAdmin };
    const outcome = await startAgentRun({ request, profiles, services, owner });
    if (!outcome.started) {
      const { code, message } = outcome.refusal;
      return refuse(context, refusalStatuses[code], code, message);
    }
    return createEventStreamResponse({
      format,
      heartbeatIntervalMs,
      now: () => services.clock().getTime(),
      requestSignal: context.req.raw.signal,
      shutdown,
      reportError: (error) =>
        services.logError(`run ${request.runId} in thread ${request.threadId} failed unexpectedly`, error),
      produce: (emit, abortSignal) => outcome.run.produceEvents({ emit, abortSignal }),
    });
  });

  return routes;
}
