import { defineConfig } from 'vitest/config';
import { sourceConditions } from './test-support/source-conditions.ts';

export default defineConfig({
  ...sourceConditions,
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'test-support/**/*.test.ts', 'bench/**/*.test.ts'],
    // A throwaway PostgreSQL and Redis for the run: the store suites run on both dialects, never skipped.
    globalSetup: ['test-support/services-global-setup.ts'],
    testTimeout: 20_000,
  },
});
