import type { AgentRouteErrorCode, RunInProgressResponse } from '@drawbridge/protocol';
import { Hono } from 'hono';
import type { ClientErrorStatusCode } from 'hono/utils/http-status';
import type { AgentProfiles } from '../../agents/agent-profile.ts';
import { requestUser } from '../../auth/request-user.ts';
import type { RunLimits } from '../../limits/run-limits.ts';
import type { ServerShutdown } from '../../node-server/server-shutdown.ts';
import type { AgentRunServices } from '../../runs/agent-run-services.ts';
import { parseRunRequest } from '../../runs/parse-run-request.ts';
import type { RunLog } from '../../runs/run-log/run-log.ts';
import type { RunSupervisor } from '../../runs/run-supervisor.ts';
import { type AgentRunRefusal, startAgentRun } from '../../runs/start-agent-run.ts';
import { createFollowRunResponse } from '../../transport/follow-run-response.ts';
import { negotiateStreamFormat } from '../../transport/negotiate-stream-format.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';
import { isJsonMediaType } from '../is-json-media-type.ts';

export interface AgentRoutesDependencies extends AgentRunServices {
  /** The agents a run may ask for, by skill name. */
  profiles: AgentProfiles;
  /** Per-user runs per minute and tokens per day. */
  runLimits: RunLimits;
  /** A draining server starts no runs (the supervisor interrupts those still going once the grace runs out). */
  shutdown: ServerShutdown;
  heartbeatIntervalMs: number;
  /** Executes runs apart from the response that started them. */
  supervisor: RunSupervisor;
  /** Where each run's events go; the response is one follower of it. */
  runLog: RunLog;
}

const refuse: ErrorResponder<AgentRouteErrorCode> = errorResponse;

const refusalStatuses = {
  unknown_skill: 400,
  thread_not_found: 404,
  nothing_to_continue: 409,
  form_not_open: 409,
  run_in_progress: 409,
  run_id_taken: 409,
  wrong_thread_kind: 409,
  unknown_model: 400,
  attachment_not_found: 404,
} as const satisfies Record<AgentRunRefusal['code'], ClientErrorStatusCode>;

/**
 * `POST /` (mounted at `/api/agent`): body = AG-UI `RunAgentInput`; starts a run and streams it as NDJSON,
 * or as SSE for `Accept: text/event-stream`. The route parses, negotiates and maps outcomes to HTTP;
 * `startAgentRun` decides. Every refusal happens before the stream starts, as 4xx JSON. The run belongs to
 * the server: the response follows its log, and a client that goes away ends only the response.
 */
export function createAgentRoutes(dependencies: AgentRoutesDependencies): Hono {
  const { profiles, heartbeatIntervalMs, runLimits, shutdown, supervisor, runLog, ...services } =
    dependencies;
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
    const outcome = await startAgentRun({ request, profiles, services, owner, lease: supervisor.newLease() });
    if (!outcome.started) {
      const { refusal } = outcome;
      if (refusal.code === 'run_in_progress') {
        const body = { error: { code: refusal.code, message: refusal.message, runId: refusal.runId } };
        return context.json(body satisfies RunInProgressResponse, 409);
      }
      return refuse(context, refusalStatuses[refusal.code], refusal.code, refusal.message);
    }
    const { run } = outcome;
    supervisor.launch(run);
    return createFollowRunResponse({
      log: runLog,
      runId: run.runId,
      after: 0,
      format,
      heartbeatIntervalMs,
      now: () => services.clock().getTime(),
      requestSignal: context.req.raw.signal,
      reportError: (error) =>
        services.logError(
          `following run ${run.runId} in thread ${request.threadId} failed unexpectedly`,
          error,
        ),
    });
  });

  return routes;
}
