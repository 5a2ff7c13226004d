import type { AgentRouteErrorCode } from '@drawbridge/protocol';
import { Hono } from 'hono';
import type { ClientErrorStatusCode } from 'hono/utils/http-status';
import type { AgentProfiles } from '../agents/agent-profile.ts';
import { type ErrorResponder, errorResponse } from '../app/http-error.ts';
import { isJsonMediaType } from '../app/is-json-media-type.ts';
import type { AgentRunServices } from '../run/agent-run-services.ts';
import { createEventStreamResponse } from '../run/event-stream-response.ts';
import { negotiateStreamFormat } from '../run/negotiate-stream-format.ts';
import { parseRunRequest } from '../run/parse-run-request.ts';
import { type AgentRunRefusal, startAgentRun } from '../run/start-agent-run.ts';

export interface AgentRoutesDependencies extends AgentRunServices {
  /** The agents a run may ask for, by skill name. */
  profiles: AgentProfiles;
  heartbeatIntervalMs: number;
}

const refuse: ErrorResponder<AgentRouteErrorCode> = errorResponse;

const refusalStatuses = {
  unknown_skill: 400,
  thread_not_found: 404,
  nothing_to_continue: 409,
  form_not_open: 409,
} as const satisfies Record<AgentRunRefusal['code'], ClientErrorStatusCode>;

/**
 * `POST /` (mounted at `/api/agent`): body = AG-UI `RunAgentInput`; streams the run as NDJSON, or as SSE
 * for `Accept: text/event-stream`. The route parses, negotiates and maps outcomes to HTTP; `startAgentRun`
 * decides. Every refusal happens before the stream starts, as 4xx JSON.
 */
export function createAgentRoutes(dependencies: AgentRoutesDependencies): Hono {
  const { profiles, heartbeatIntervalMs, ...services } = dependencies;
  const routes = new Hono();

  routes.post('/', async (context) => {
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
    const outcome = await startAgentRun({ request, profiles, services });
    if (!outcome.started) {
      const { code, message } = outcome.refusal;
      return refuse(context, refusalStatuses[code], code, message);
    }
    return createEventStreamResponse({
      format,
      heartbeatIntervalMs,
      now: () => services.clock().getTime(),
      requestSignal: context.req.raw.signal,
      reportError: (error) =>
        services.logError(`run ${request.runId} in thread ${request.threadId} failed unexpectedly`, error),
      produce: (emit, abortSignal) => outcome.run.produceEvents({ emit, abortSignal }),
    });
  });

  return routes;
}
