import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './throwaway-postgres.ts';
import { startThrowawayRedis } from './throwaway-redis.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's throwaway PostgreSQL server (its `postgres` database). */
    postgresAdminUrl: string;
    /** URL of the run's throwaway Redis server. */
    redisUrl: string;
  }
}

/**
 * Vitest global setup: one throwaway PostgreSQL and one Redis server for the whole run, their URLs handed
 * to the tests with `inject`, both stopped and deleted when the run ends. A missing server program fails
 * the run with instructions; the tests that need them are never skipped.
 */
export default async function setupServices(project: TestProject): Promise<() => Promise<void>> {
  const [postgres, redis] = await Promise.allSettled([startThrowawayPostgres(), startThrowawayRedis()]);
  const stopAll = async () => {
    await Promise.all(
      [postgres, redis].map((started) => (started.status === 'fulfilled' ? started.value.stop() : undefined)),
    );
  };
  if (postgres.status === 'rejected' || redis.status === 'rejected') {
    await stopAll();
    throw postgres.status === 'rejected' ? postgres.reason : (redis as PromiseRejectedResult).reason;
  }
  project.provide('postgresAdminUrl', postgres.value.adminUrl);
  project.provide('redisUrl', redis.value.url);
  return stopAll;
}
