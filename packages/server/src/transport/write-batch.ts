/** Streams waiting at most before their writes leave without waiting for the end of the loop's turn. */
export const defaultMaxWaitingStreams = 64;

/**
 * The writes of many event streams, sent back to back: each stream hands in one flush per turn of the event
 * loop, and the batch calls them all at the end of that turn (`setImmediate`), or in the same tick once
 * `maxWaitingStreams` are waiting, so a loaded loop does not hold output back for long. A thousand streams
 * flushing one by one as their events come spend far more in `writev` than the same writes made together
 * (bench/stream.ts: the reader of a socket is woken once per burst instead of once per write).
 */
export class WriteBatch {
  readonly #maxWaitingStreams: number;
  #waiting: Array<() => void> = [];
  #tickScheduled = false;
  #turnEndScheduled = false;

  constructor({ maxWaitingStreams = defaultMaxWaitingStreams }: { maxWaitingStreams?: number } = {}) {
    this.#maxWaitingStreams = maxWaitingStreams;
  }

  /** Calls `flush` with the batch; a stream adds itself once and again only after its flush ran. */
  add(flush: () => void): void {
    this.#waiting.push(flush);
    if (this.#waiting.length >= this.#maxWaitingStreams) {
      if (this.#tickScheduled) return;
      this.#tickScheduled = true;
      // A tick, not a synchronous flush: events the current callback still emits join their stream's write.
      process.nextTick(() => {
        this.#tickScheduled = false;
        this.#flush();
      });
    } else if (!this.#turnEndScheduled) {
      this.#turnEndScheduled = true;
      setImmediate(() => {
        this.#turnEndScheduled = false;
        this.#flush();
      });
    }
  }

  #flush(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const flush of waiting) flush();
  }
}

/** The batch of every event stream of this process: there is one event loop to gather writes for. */
export const processWriteBatch = new WriteBatch();
