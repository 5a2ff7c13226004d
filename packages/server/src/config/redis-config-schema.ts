import { z } from 'zod';
import { someText } from './setting-schemas.ts';

/** `DRAWBRIDGE_REDIS_URL`: run logs, parked calls, cancels and leases shared by several instances. */
export const redisConfigSchema = z.strictObject({
  /** Unset: one instance keeps all of it in its own process. */
  url: someText('a redis:// or rediss:// URL')
    .refine((url) => /^rediss?:\/\//.test(url), { error: '{} must be a redis:// or rediss:// URL' })
    .optional(),
});
