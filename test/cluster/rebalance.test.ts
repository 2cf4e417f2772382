/**
 * A third worker added to a running cluster and the shards rebalanced onto it
 * (`citus_rebalance_start()`) while two API processes take bookings (docs/scaling.md). The
 * moves block writes to the shards they move while those are copied; requests wait out that
 * window rather than fail, no booking is lost or doubled, and the shards end up on three
 * workers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshPgDatabase, randomKey, serversOfThisFile } from '../process/helpers.js';
import { withClient } from '../support/server-databases.js';
import { citusCluster, nodeUrl, shardsPerNode, type WorkerNode } from '../support/citus-nodes.js';
import { bookingLoad, expectConsistent, longestFailureRun, makeAccounts } from './bookings-load.js';
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';

const { cluster, reason } = await citusCluster();
const why = !cluster ? reason : !cluster.addWorker ? 'CITUS_CLUSTER_SCRIPT and CITUS_SPARE_PORT are not set' : '';
const start = serversOfThisFile();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Logical replication moves a shard with writes blocked only at the end; without it, for the whole copy. */
async function transferMode(urls: string[]): Promise<'force_logical' | 'block_writes'> {
  for (const url of urls) {
    const level = await withClient(url, async (n) => (await n.query<{ l: string }>(`select current_setting('wal_level') as l`)).rows[0]!.l);
    if (level !== 'logical') return 'block_writes';
  }
  return 'force_logical';
}

describe.skipIf(Boolean(why))(`a worker added and the shards rebalanced under load${why ? ` (skipped: ${why})` : ''}`, () => {
  it('loses and doubles no booking, fails no request for longer than a move blocks writes, and spreads the shards over three workers', { timeout: 240_000 }, async () => {
    const db = await freshPgDatabase();
    const name = new URL(db.url).pathname.slice(1);
    let added: WorkerNode | null = null;
    cleanups.push(async () => {
      await db.drop();
      if (!added) return;
      await withClient(nodeUrl(cluster!.base, added, 'postgres'), (n) => n.query(`drop database if exists ${name} with (force)`));
      await cluster!.stop(added); // the script starts it again next time
    });
    // Eight shards a table rather than 32: the same moves, fewer of them, in seconds rather than minutes.
    await withClient(db.url, (n) => n.query(`alter database ${name} set citus.shard_count = 8`));
    const key = randomKey();
    const env = { DATABASE_URL: db.url, BOOTSTRAP_API_KEY: key, SECRETS_KEY: TEST_SECRETS_KEY, RUN_WORKERS: 'false', LOG_LEVEL: 'fatal' };
    const [a, b] = await Promise.all([start(env), start(env)]);
    const accounts = await makeAccounts(a, key, 10);

    added = await cluster!.addWorker!(name);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    cleanups.push(() => c.end());
    const mode = await transferMode([db.url, ...[...cluster!.workers, added].map((w) => nodeUrl(cluster!.base, w, name))]);

    const load = bookingLoad({ clients: 8, key, accounts, target: (client) => (client % 2 ? a : b) });
    cleanups.push(async () => void (await load.stop())); // when the test fails before it stops the load
    await new Promise((r) => setTimeout(r, 1000));
    const startedAt = Date.now();
    await c.query(`select citus_rebalance_start(shard_transfer_mode => $1)`, [mode]);
    let state = '';
    while (!['finished', 'failing', 'failed', 'cancelled'].includes(state)) {
      await new Promise((r) => setTimeout(r, 250));
      state = (await c.query<{ state: string }>(`select state from citus_rebalance_status()`)).rows[0]?.state ?? 'finished';
      expect(Date.now() - startedAt, 'the rebalance finishes').toBeLessThan(100_000);
    }
    const tookMs = Date.now() - startedAt;
    await new Promise((r) => setTimeout(r, 1000));
    const attempts = await load.stop();
    expect(state).toBe('finished');

    const failed = attempts.filter((x) => x.status !== 200);
    const longest = longestFailureRun(attempts);
    const during = attempts.filter((x) => x.endedAt >= startedAt && x.startedAt <= startedAt + tookMs);
    const slowest = Math.max(...during.map((x) => x.endedAt - x.startedAt));
    const moves = await c.query<{ n: string }>(
      `select count(*) as n from pg_dist_background_task t join pg_dist_background_job j using (job_id) where j.job_type = 'rebalance' and t.command like '%citus_move_shard_placement%'`,
    );
    console.log(
      `rebalance (${mode}): ${moves.rows[0]!.n} shard group moves in ${tookMs} ms; ${during.length} bookings during it, slowest ${slowest} ms; ` +
        `${failed.length} of ${attempts.length} failed (${[...new Set(failed.map((x) => `${x.status} ${x.code}`))].join(', ') || 'none'}), longest failing stretch ${longest.ms} ms`,
    );
    expect(failed, 'requests that failed during the rebalance').toEqual([]);
    expect(slowest, 'no request waits longer than the moves themselves').toBeLessThanOrEqual(tookMs);
    const held = await expectConsistent(db.url, attempts);
    expect(held.bookings).toBe(held.acknowledged);

    const spread = await shardsPerNode(c);
    expect([...spread.keys()].sort()).toEqual([...cluster!.workers.map((w) => w.port), added.port].sort());
    expect(spread.get(added.port)).toBeGreaterThan(0);
  });
});
