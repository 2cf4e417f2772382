import { defineConfig } from 'vitest/config';

/*
 * The proofs that only a Citus cluster gives (test/cluster; docs/scaling.md): they stop and
 * start nodes, kill API processes and add a worker, so they run alone, one file after
 * another, never in the ordinary suite (vitest.config.ts leaves test/cluster out):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:9700/sched_base CITUS_PORTS="9700 9701 9702" \
 *   CITUS_CLUSTER_SCRIPT=<the cluster script> CITUS_SPARE_PORT=9703 \
 *   npx vitest run --config vitest.cluster.config.ts
 *
 * Skipped, each with its reason, when DATABASE_URL is not a Citus coordinator or CITUS_PORTS
 * does not list its workers (test/support/citus-nodes.ts).
 */
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    globalSetup: ['test/cluster/build-setup.ts'],
    setupFiles: ['test/support/setup-file.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
