import { defineConfig } from 'vitest/config';

/*
 * How the suite runs fast (figures in docs/performance.md, "Test suite"):
 * - globalSetup builds dist/ if stale (the process tests run compiled code) and migrates one
 *   template database per run; each test file clones it (test/support/database.ts).
 * - isolate: false: a worker loads the app's modules once and runs file after file with them,
 *   instead of loading them again for every file. Each file still gets its own database and
 *   app; setup-file.ts resets what a file may change in the runner (fake timers, config).
 * - maxWorkers: 2. Vitest's default is one worker less than the CPUs: one worker on a 2-core
 *   machine, which ran the files one after another while most of them wait on timers, HTTP
 *   and child processes part of the time.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup-file.ts'],
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
