import { Redis } from 'ioredis';
import { RedisSubscriptions } from './redis-subscriptions.ts';
import { RedisUnavailableError } from './redis-unavailable-error.ts';

/** The two connections an instance keeps to Redis: one for commands, one in subscriber mode. */
export interface RedisConnections {
  commands: Redis;
  subscriptions: RedisSubscriptions;
  close(): Promise<void>;
}

/** The URL with its password replaced, for messages. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}

/**
 * Connects to `DRAWBRIDGE_REDIS_URL` before the server listens (a wrong URL stops the start-up with one
 * line); afterwards a lost connection is retried by ioredis while commands fail fast, so a run sees an
 * error instead of hanging, and `logError` hears about it.
 */
export async function openRedisConnections({
  url,
  logError,
}: {
  url: string;
  logError(message: string, error: unknown): void;
}): Promise<RedisConnections> {
  if (!/^rediss?:\/\//.test(url)) {
    throw new RedisUnavailableError(
      `DRAWBRIDGE_REDIS_URL must be a redis:// or rediss:// URL (got ${describeUrl(url)}).`,
    );
  }
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableAutoPipelining: true } as const;
  const commands = new Redis(url, options);
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  let reported = false;
  for (const connection of [commands, subscriber]) {
    connection.on('error', (error: unknown) => {
      // ioredis reconnects by itself; one report per outage is enough.
      if (reported) return;
      reported = true;
      logError(`lost the connection to Redis at ${describeUrl(url)}; retrying`, error);
    });
    connection.on('ready', () => {
      reported = false;
    });
  }
  try {
    await Promise.all([commands.connect(), subscriber.connect()]);
  } catch (error) {
    commands.disconnect();
    subscriber.disconnect();
    throw new RedisUnavailableError(
      `could not connect to Redis at ${describeUrl(url)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return {
    commands,
    subscriptions: new RedisSubscriptions(subscriber),
    close: async () => {
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
    },
  };
}
