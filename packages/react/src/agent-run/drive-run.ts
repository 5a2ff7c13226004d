import { isDrawbridgeEvent, type RunEvent, type SequencedRunEvent } from '@drawbridge/protocol';
import { ApiError } from '../api/api-error.ts';
import type { AgentRunTransport } from './agent-run-transport.ts';
import { type Connectivity, waitToReconnect } from './connectivity.ts';
import { describeRunFailure } from './describe-run-failure.ts';
import { followRunEvents } from './follow-run-events.ts';
import type { RunStatus } from './run-status.ts';
import type { SessionRun, ThreadSession } from './thread-session.ts';

/** How a followed run ended, or that the thread was busy with another run (`409 run_in_progress`). */
export type RunOutcome = { kind: 'settled'; status: RunStatus } | { kind: 'busy'; runId: string };

export interface DriveRunOptions<View> {
  session: ThreadSession<View>;
  run: SessionRun;
  /** When the run started, on the clock of `now`. */
  startedAt: number;
  /** The first connection: the response that starts the run, or a follow of a run already running. */
  open(signal: AbortSignal): AsyncIterable<SequencedRunEvent>;
  transport: AgentRunTransport;
  connectivity: Connectivity;
  reconnectDelayMs(attempt: number): number;
  now(): number;
  /** The run's first event arrived. */
  onStarted(): void;
  /** The server parked a call for this browser. */
  onParkedCall(toolCallId: string): void;
  /** Sends the cancel Stop asked for once the run's id is known. */
  cancel(run: SessionRun): void;
}

/** A RUN_ERROR that reports a cancelled run: the reply was stopped, not broken. */
function isCancellation(event: RunEvent): boolean {
  return event.type === 'RUN_ERROR' && (event.code === 'cancelled' || event.code === 'aborted');
}

/** Why following ended without a final event: Stop's last resort (stopped), or a failure said in a sentence. */
export function failedOrStopped({
  run,
  error,
  elapsedMs,
}: {
  run: SessionRun;
  error: unknown;
  elapsedMs: number;
}): RunStatus {
  return run.controller.signal.aborted
    ? { phase: 'stopped', elapsedMs }
    : { phase: 'failed', message: describeRunFailure(error) };
}

/**
 * Follows one run into its session until the run's final event: folds each event into the transcript, hands
 * parked calls on, shows "reconnecting" while a dropped connection waits to resume, and says how it ended
 * (finished, stopped by a cancel, failed, or refused because the thread already runs another run).
 */
export async function driveRun<View>(options: DriveRunOptions<View>): Promise<RunOutcome> {
  const { session, run, startedAt } = options;
  const running = { phase: 'running', startedAt } as const;
  session.update({ status: running });
  let failure: string | undefined;
  let cancelled = false;
  let started = false;
  try {
    await followRunEvents({
      open: options.open,
      resume: (input) => options.transport.follow(input),
      position: run.position,
      signal: run.controller.signal,
      onEvent: (event) => {
        if (!started) {
          started = true;
          options.onStarted();
        }
        if (run.stopRequested && run.position.runId !== undefined && !run.cancelSent) options.cancel(run);
        session.dispatch({ type: 'run-event', event });
        if (isCancellation(event)) cancelled = true;
        else if (event.type === 'RUN_ERROR') failure = event.message;
        else if (isDrawbridgeEvent(event, 'drawbridge.parked')) options.onParkedCall(event.value.toolCallId);
      },
      waitToReconnect: async ({ attempt, signal }) => {
        session.update({ status: { ...running, reconnecting: true } });
        const delayMs = options.reconnectDelayMs(attempt);
        await waitToReconnect({ delayMs, connectivity: options.connectivity, signal });
        session.update({ status: running });
      },
      watchConnection: (drop) =>
        options.connectivity.onChange((online) => {
          if (!online) drop();
        }),
    });
  } catch (error) {
    if (ApiError.isInstance(error) && error.code === 'run_in_progress' && error.runId !== undefined) {
      return { kind: 'busy', runId: error.runId };
    }
    return {
      kind: 'settled',
      status: failedOrStopped({ run, error, elapsedMs: Math.round(options.now() - startedAt) }),
    };
  }
  const elapsedMs = Math.round(options.now() - startedAt);
  if (cancelled) return { kind: 'settled', status: { phase: 'stopped', elapsedMs } };
  return {
    kind: 'settled',
    status: failure === undefined ? { phase: 'finished', elapsedMs } : { phase: 'failed', message: failure },
  };
}
