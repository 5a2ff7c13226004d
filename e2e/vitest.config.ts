import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../test-support/source-conditions.ts';

export default defineConfig({
  ...sourceConditions,
  test: {
    include: ['e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A poll waits for a positive signal (a rendered widget, a pressed button); on a loaded machine the
    // default second is a flake, while a real failure still fails, only later.
    expect: { poll: { timeout: 15_000 } },
  },
});
