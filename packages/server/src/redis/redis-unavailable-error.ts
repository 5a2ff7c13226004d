import { DrawbridgeError } from '@drawbridge/protocol';

/** Raised at start-up when `DRAWBRIDGE_REDIS_URL` is not a Redis URL or Redis cannot be reached. */
export class RedisUnavailableError extends DrawbridgeError<'redis_unavailable'> {
  static override readonly errorName = 'RedisUnavailableError';

  constructor(message: string) {
    super({ code: 'redis_unavailable', message });
  }
}
