import { DrawbridgeError } from '@drawbridge/protocol';

/** Raised when a run is started in a thread that already has one running; names the run to attach to. */
export class RunInProgressError extends DrawbridgeError<'run_in_progress'> {
  static override readonly errorName = 'RunInProgressError';
  readonly threadId: string;
  readonly runId: string;

  constructor({ threadId, runId }: { threadId: string; runId: string }) {
    super({ code: 'run_in_progress', message: `thread ${threadId} already has run ${runId} in progress` });
    this.threadId = threadId;
    this.runId = runId;
  }
}
