/**
 * Lends one connection to one holder at a time, in the order they asked.
 *
 * Kysely's own lock for single-connection dialects wakes every waiter at each release. Each waiter checks
 * again, and all but one go back to waiting, so N queued queries cost N² wake-ups. With 3,000 calls in flight
 * a store call cost three to ten times what it costs alone (`bench/store-in-flight.ts`). Here a release wakes
 * the next holder only.
 */
export class ConnectionQueue {
  #held = false;
  readonly #waiting: Array<() => void> = [];

  /** Resolves when the caller holds the connection; it must `release()` it once, when done. */
  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the connection to the longest waiter, or frees it. */
  release(): void {
    const next = this.#waiting.shift();
    if (next === undefined) this.#held = false;
    else next();
  }

  /** How many callers wait for the connection. */
  get waiting(): number {
    return this.#waiting.length;
  }
}
