import type { Redis } from 'ioredis';
import type { RedisSubscriptions } from '../../redis/redis-subscriptions.ts';
import type { RunSignals } from './run-signals.ts';

const cancelChannel = 'drawbridge:runs:cancel';

/**
 * Cancel requests across instances on one Redis channel: every instance hears every cancel and the one
 * executing the run acts on it. A cancel is rare, so one shared channel costs nothing.
 */
export class RedisRunSignals implements RunSignals {
  readonly #redis: Redis;
  readonly #listeners = new Set<(runId: string) => void>();
  readonly #subscribed: Promise<() => Promise<void>>;

  constructor({ redis, subscriptions }: { redis: Redis; subscriptions: RedisSubscriptions }) {
    this.#redis = redis;
    this.#subscribed = subscriptions.listen(cancelChannel, (runId) => {
      for (const listener of [...this.#listeners]) listener(runId);
    });
  }

  /** Resolves once this instance hears cancels (before the server listens). */
  async ready(): Promise<void> {
    await this.#subscribed;
  }

  async requestCancel(runId: string): Promise<void> {
    await this.#redis.publish(cancelChannel, runId);
  }

  onCancelRequested(listener: (runId: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    await (await this.#subscribed)();
  }
}
