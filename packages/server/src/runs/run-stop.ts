import type { RunStatus } from '../store/store.ts';

/** Why the server stopped a run before its model finished. */
export type RunStopCause = 'cancelled' | 'timeout' | 'interrupted';

/** The reason a run's abort signal carries when the server stops it; `describeRunStop` reads it back. */
export class RunStop extends Error {
  override readonly name = 'RunStop';
  readonly stopCause: RunStopCause;

  constructor(stopCause: RunStopCause, message?: string) {
    super(message ?? defaultMessages[stopCause]);
    this.stopCause = stopCause;
  }
}

const defaultMessages: Record<RunStopCause, string> = {
  cancelled: 'The run was cancelled.',
  timeout: 'The run took too long and was stopped.',
  interrupted: 'The server stopped this run before it ended (it shut down or lost track of the run).',
};

/** What a stopped run tells its followers (the RUN_ERROR `code` and `message`) and records as its status. */
export interface RunStopDescription {
  code: 'cancelled' | 'run_timeout' | 'interrupted' | 'aborted';
  message: string;
  status: Exclude<RunStatus, 'running' | 'finished'>;
}

/** Reads an abort reason: a `RunStop`, or anything else (a plain abort) as a cancel. */
export function describeRunStop(reason: unknown): RunStopDescription {
  if (!(reason instanceof RunStop))
    return { code: 'aborted', message: defaultMessages.cancelled, status: 'cancelled' };
  if (reason.stopCause === 'timeout')
    return { code: 'run_timeout', message: reason.message, status: 'error' };
  if (reason.stopCause === 'interrupted') {
    return { code: 'interrupted', message: reason.message, status: 'interrupted' };
  }
  return { code: 'cancelled', message: reason.message, status: 'cancelled' };
}
