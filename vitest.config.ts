import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'test-support/**/*.test.ts', 'bench/**/*.test.ts'],
    // A throwaway PostgreSQL and Redis for the run: the store suites run on both dialects, never skipped.
    globalSetup: ['test-support/services-global-setup.ts'],
    testTimeout: 20_000,
  },
});
