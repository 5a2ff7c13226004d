import { identifierPattern, type RunResponse, type RunRouteErrorCode } from '@drawbridge/protocol';
import { type Context, Hono } from 'hono';
import { requestUser } from '../../auth/request-user.ts';
import { findOwnedRun } from '../../runs/find-owned-run.ts';
import type { RunLog } from '../../runs/run-log/run-log.ts';
import type { RunSupervisor } from '../../runs/run-supervisor.ts';
import { toRunSummary } from '../../runs/to-run-summary.ts';
import type { Store } from '../../store/store.ts';
import { createFollowRunResponse } from '../../transport/follow-run-response.ts';
import { negotiateStreamFormat } from '../../transport/negotiate-stream-format.ts';
import { readResumePoint } from '../../transport/read-resume-point.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';
import { invalidIdentifierMessage } from './identifier-params.ts';

export interface RunRoutesDependencies {
  store: Pick<Store, 'getRun' | 'findRunByClientId' | 'getThread'>;
  log: RunLog;
  supervisor: Pick<RunSupervisor, 'requestCancel' | 'settled'>;
  heartbeatIntervalMs: number;
  clock: () => Date;
  logError(message: string, error: unknown): void;
}

const refuse: ErrorResponder<RunRouteErrorCode> = errorResponse;

/** How long a cancel waits for the run to record its end before answering with the status it has then. */
const cancelSettleMs = 2_000;

/**
 * Routes under `/api/runs`: a run's record, its events (replayed after `Last-Event-ID` or `?after=`, then
 * followed live), and its cancel. The run may execute on any instance; these read the shared store and log.
 * `:runId` is the server's id of the run or the `runId` its client sent. Each answers only the owner of the
 * run's thread; anyone else's run is a 404.
 */
export function createRunRoutes(dependencies: RunRoutesDependencies): Hono {
  const { store, log, supervisor } = dependencies;
  const routes = new Hono();

  const findRun = async (context: Context) => {
    const runId = context.req.param('runId') ?? '';
    if (!identifierPattern.test(runId)) {
      return { refusal: refuse(context, 400, 'invalid_run_id', invalidIdentifierMessage('run')) };
    }
    // Another user's run is answered exactly as one that does not exist.
    const run = await findOwnedRun({ store, runId, userId: requestUser(context).id });
    if (run === undefined)
      return { refusal: refuse(context, 404, 'run_not_found', `run ${runId} does not exist`) };
    return { run };
  };

  routes.get('/:runId', async (context) => {
    const found = await findRun(context);
    if (found.refusal) return found.refusal;
    return context.json({ run: toRunSummary(found.run) } satisfies RunResponse);
  });

  routes.get('/:runId/events', async (context) => {
    const format = negotiateStreamFormat(context);
    if (format === undefined) {
      return refuse(
        context,
        406,
        'not_acceptable',
        'Run events stream as application/x-ndjson or text/event-stream; the Accept header allows neither.',
      );
    }
    const after = readResumePoint({
      lastEventId: context.req.header('last-event-id'),
      after: context.req.query('after'),
    });
    if (!after.success) return refuse(context, 400, 'invalid_after', after.message);
    const found = await findRun(context);
    if (found.refusal) return found.refusal;
    const { run } = found;
    if (!(await log.exists(run.id))) {
      return refuse(
        context,
        410,
        'run_events_expired',
        `The events of run ${run.id} (${run.status}) are no longer kept; the thread's messages hold its reply.`,
      );
    }
    return createFollowRunResponse({
      log,
      runId: run.id,
      after: after.seq,
      format,
      heartbeatIntervalMs: dependencies.heartbeatIntervalMs,
      now: () => dependencies.clock().getTime(),
      requestSignal: context.req.raw.signal,
      reportError: (error) => dependencies.logError(`following run ${run.id} failed unexpectedly`, error),
    });
  });

  routes.post('/:runId/cancel', async (context) => {
    const found = await findRun(context);
    if (found.refusal) return found.refusal;
    let { run } = found;
    // Cancelling an ended run changes nothing: the answer is the same, so a retried cancel is harmless.
    if (run.status === 'running') {
      await supervisor.requestCancel(run.id);
      await supervisor.settled(run.id, { timeoutMs: cancelSettleMs });
      run = (await store.getRun(run.id)) ?? run;
    }
    return context.json({ run: toRunSummary(run) } satisfies RunResponse, 202);
  });

  return routes;
}
