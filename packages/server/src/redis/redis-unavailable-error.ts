/** Raised at start-up when `DRAWBRIDGE_REDIS_URL` is not a Redis URL or Redis cannot be reached. */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
  readonly code = 'redis_unavailable';
}
