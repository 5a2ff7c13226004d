import type { Redis } from 'ioredis';

type Listener = (message: string) => void;

/**
 * Many listeners over one subscriber connection: a channel is subscribed while anyone listens to it and
 * unsubscribed when the last one leaves, so followers of a thousand runs cost one connection.
 */
export class RedisSubscriptions {
  readonly #subscriber: Redis;
  readonly #listeners = new Map<string, Set<Listener>>();

  constructor(subscriber: Redis) {
    this.#subscriber = subscriber;
    subscriber.on('message', (channel: string, message: string) => {
      for (const listener of [...(this.#listeners.get(channel) ?? [])]) listener(message);
    });
  }

  /** Calls `listener` for each message on `channel` from the moment this resolves; returns the unsubscribe. */
  async listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      listeners.add(listener);
      await this.#subscriber.subscribe(channel);
    } else {
      listeners.add(listener);
    }
    return async () => {
      const current = this.#listeners.get(channel);
      if (current === undefined || !current.delete(listener) || current.size > 0) return;
      this.#listeners.delete(channel);
      // A connection that is already closing has no subscriptions left to drop.
      await this.#subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }
}
