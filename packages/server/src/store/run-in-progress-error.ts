/** Raised when a run is started in a thread that already has one running; names the run to attach to. */
export class RunInProgressError extends Error {
  override readonly name = 'RunInProgressError';
  readonly code = 'run_in_progress';
  readonly threadId: string;
  readonly runId: string;

  constructor({ threadId, runId }: { threadId: string; runId: string }) {
    super(`thread ${threadId} already has run ${runId} in progress`);
    this.threadId = threadId;
    this.runId = runId;
  }
}
