/**
 * Counts events per key within a sliding window, for "at most N per minute" limits. Memory is bounded twice:
 * a key keeps at most `limit` timestamps, and at most `maximumKeys` keys are held (the least recently used
 * key goes first, which can only forgive a limit, never impose one on someone else).
 */
export class SlidingWindowCounter {
  readonly #windowMs: number;
  readonly #limit: number;
  readonly #maximumKeys: number;
  readonly #timestamps = new Map<string, number[]>();

  constructor({
    windowMs,
    limit,
    maximumKeys = 10_000,
  }: { windowMs: number; limit: number; maximumKeys?: number }) {
    this.#windowMs = windowMs;
    this.#limit = limit;
    this.#maximumKeys = maximumKeys;
  }

  /** Records one event for `key` at `now` if the window has room; otherwise says when it will. */
  take({
    key,
    now,
  }: {
    key: string;
    now: number;
  }): { allowed: true } | { allowed: false; retryAfterMs: number } {
    const recent = (this.#timestamps.get(key) ?? []).filter((at) => at > now - this.#windowMs);
    // Re-inserting moves the key to the end of the map's order, so the first key is the least recently used.
    this.#timestamps.delete(key);
    if (recent.length >= this.#limit) {
      this.#timestamps.set(key, recent);
      return { allowed: false, retryAfterMs: Math.max(1, recent[0]! + this.#windowMs - now) };
    }
    recent.push(now);
    this.#timestamps.set(key, recent);
    if (this.#timestamps.size > this.#maximumKeys) {
      const leastRecent = this.#timestamps.keys().next().value;
      if (leastRecent !== undefined) this.#timestamps.delete(leastRecent);
    }
    return { allowed: true };
  }

  /** Keys currently held; for the bound's test. */
  get size(): number {
    return this.#timestamps.size;
  }
}
