/** The eval was stopped (Ctrl-C) before every case ran; nothing is written for a partial run. */
export class EvalInterruptedError extends Error {
  override readonly name = 'EvalInterruptedError';
  readonly code = 'eval_interrupted';
  readonly finished: number;
  readonly total: number;

  constructor({ finished, total }: { finished: number; total: number }) {
    super(`Interrupted after ${finished} of ${total} cases; no summary was written.`);
    this.finished = finished;
    this.total = total;
  }
}
