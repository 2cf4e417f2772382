import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each test file gets its own fresh database; files run in parallel workers.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
