import { DrawbridgeError } from '@drawbridge/protocol';

/** The eval was stopped (Ctrl-C) before every case ran; nothing is written for a partial run. */
export class EvalInterruptedError extends DrawbridgeError<'eval_interrupted'> {
  static override readonly errorName = 'EvalInterruptedError';
  readonly finished: number;
  readonly total: number;

  constructor({ finished, total }: { finished: number; total: number }) {
    super({
      code: 'eval_interrupted',
      message: `Interrupted after ${finished} of ${total} cases; no summary was written.`,
    });
    this.finished = finished;
    this.total = total;
  }
}
