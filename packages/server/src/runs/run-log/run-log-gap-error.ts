import { DrawbridgeError } from '@drawbridge/protocol';

/**
 * A follower's next event is not the one after the last it was handed, and the store cannot fill the gap: its
 * stream ends here, without the run's final event, and the client resumes after the last event it took in.
 */
export class RunLogGapError extends DrawbridgeError<'run_log_gap'> {
  static override readonly errorName = 'RunLogGapError';
  readonly runId: string;
  /** The last seq the follower was handed. */
  readonly after: number;
  /** The seq that came next instead of `after + 1`. */
  readonly next: number;

  constructor({ runId, after, next }: { runId: string; after: number; next: number }) {
    super({
      code: 'run_log_gap',
      message: `run ${runId}: event ${next} came after event ${after}, and the store does not hold those between`,
    });
    this.runId = runId;
    this.after = after;
    this.next = next;
  }
}
