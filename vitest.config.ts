import { configDefaults, defineConfig } from 'vitest/config';

/*
 * How the suite runs fast (figures in docs/performance.md, "Test suite"):
 * - globalSetup builds dist/ if stale (the process tests run compiled code) and migrates one
 *   template database per run; each test file clones it (test/support/database.ts). It is the
 *   root's alone: both projects below read the template it provides, and it runs once.
 * - isolate: false: a worker loads the app's modules once and runs file after file with them,
 *   instead of loading them again for every file. Each file still gets its own database and
 *   app; setup-file.ts resets what a file may change in the runner (fake timers, config).
 * - maxWorkers: 2. Vitest's default is one worker less than the CPUs: one worker on a 2-core
 *   machine, which ran the files one after another while most of them wait on timers, HTTP
 *   and child processes part of the time.
 * - test/cluster is left out: those tests stop nodes of a Citus cluster and run on their own
 *   (vitest.cluster.config.ts).
 *
 * The files that time another tenant's requests while heavy work runs (TIMED) run last, one
 * at a time, once every other file has finished: beside another file on a 2-core machine they
 * measured that file's load as much as their own work, and failed CI on a pause of the
 * machine (an archive's probes at 76 ms p99 against a 60 ms bound, with an idle p99 of 2 ms
 * just before). They take about 15 s together.
 */
const TIMED = ['test/api/hostile-load.test.ts', 'test/api/hostile-load.rechecks.test.ts'];

const common = {
  setupFiles: ['test/support/setup-file.ts'],
  pool: 'forks' as const,
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    projects: [
      {
        test: {
          ...common,
          name: 'suite',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/cluster/**', ...TIMED],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: { ...common, name: 'timed', include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
