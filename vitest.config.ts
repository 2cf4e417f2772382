import { configDefaults, defineConfig } from 'vitest/config';

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
 * - test/cluster is left out: those tests stop nodes of a Citus cluster and run on their own
 *   (vitest.cluster.config.ts).
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/cluster/**'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup-file.ts'],
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
