/**
 * One worker of the Citus cluster stopped while bookings are made for 20 accounts, whose
 * shards land on both workers (docs/scaling.md). Every change also writes an event to the
 * platform's event shard, so the node left running is the one holding that shard: the claim
 * is that the accounts on it keep being served, while those on the stopped node are answered
 * 503 database_unavailable (never 500, never a half-written change) until it is back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { api, freshPgDatabase, randomKey, serversOfThisFile, type Server } from '../process/helpers.js';
import { citusCluster, shardNode, type WorkerNode } from '../support/citus-nodes.js';
import { withClient } from '../support/server-databases.js';
import { book, bookingLoad, expectConsistent, makeAccounts, type Account, type Attempt } from './bookings-load.js';
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';

const { cluster, reason } = await citusCluster();
const start = serversOfThisFile();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Unexpected answers as `status code`, so that the first line of a failure says what came back. */
const answers = (attempts: Attempt[]) => attempts.map((x) => `${x.status} ${x.code ?? ''}`.trim());

/** Three bookings for each account at once, and the list of its bookings. */
async function round(server: Server, key: string, accounts: Account[], label: string) {
  const attempts = await Promise.all(accounts.flatMap((acc) => [0, 1, 2].map((i) => book(server, key, acc, `${label}-${acc.id}-${i}`))));
  const lists = await Promise.all(accounts.map(async (acc) => ({ account: acc.id, res: await api(server, key, 'GET', '/v1/bookings?limit=1', undefined, { 'service-account': acc.id }) })));
  return { attempts, lists };
}

describe.skipIf(!cluster)(`a worker node stopped under load${cluster ? '' : ` (skipped: ${reason})`}`, () => {
  it('keeps serving the accounts of the other worker, answers 503 database_unavailable for those of the stopped one, and loses nothing once it is back', async () => {
    const db = await freshPgDatabase();
    cleanups.push(db.drop);
    const key = randomKey();
    const server = await start({ DATABASE_URL: db.url, BOOTSTRAP_API_KEY: key, SECRETS_KEY: TEST_SECRETS_KEY, RUN_WORKERS: 'false', LOG_LEVEL: 'fatal' });
    const accounts = await makeAccounts(server, key, 20);

    // A session of its own, closed before the node stops (it would keep a connection to it).
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const platform = (await c.query<{ platform_id: string }>('select platform_id from accounts where id = $1', [accounts[0]!.id])).rows[0]!.platform_id;
    const eventsPort = await shardNode(c, 'events', platform);
    const nodeOf = new Map<string, number>();
    for (const acc of accounts) nodeOf.set(acc.id, await shardNode(c, 'accounts', acc.id));
    await c.end();
    const down: WorkerNode = cluster!.workers.find((w) => w.port !== eventsPort)!;
    const onDown = (id: string) => nodeOf.get(id) === down.port;
    const healthy = accounts.filter((acc) => !onDown(acc.id));
    const stranded = accounts.filter((acc) => onDown(acc.id));
    expect(healthy.length, 'accounts on the worker left running').toBeGreaterThan(0);
    expect(stranded.length, 'accounts on the worker to stop').toBeGreaterThan(0);

    const all: Attempt[] = [];
    const before = await round(server, key, accounts, 'before');
    all.push(...before.attempts);
    expect(answers(before.attempts.filter((x) => x.status !== 200)), 'every account served before the stop').toEqual([]);

    // Besides the rounds below, a steady load runs across the stop and the restart, so that
    // the node goes down with transactions in flight.
    const load = bookingLoad({ clients: 4, key, accounts, target: () => server });
    await new Promise((r) => setTimeout(r, 500));
    await cluster!.stop(down);
    let stopped = true;
    cleanups.push(async () => {
      if (stopped) await cluster!.start(down); // the test failed with the node down
    });
    const during = await round(server, key, accounts, 'during');
    all.push(...during.attempts);
    const servedDuring = during.attempts.filter((x) => !onDown(x.account));
    const refusedDuring = during.attempts.filter((x) => onDown(x.account));
    expect(answers(servedDuring.filter((x) => x.status !== 200)), 'healthy accounts served').toEqual([]);
    for (const x of refusedDuring) expect([x.status, x.code, x.retryAfter]).toEqual([503, 'database_unavailable', '2']);
    for (const l of during.lists) expect(l.res.status).toBe(onDown(l.account) ? 503 : 200);
    const shape = (await api(server, key, 'GET', '/v1/bookings', undefined, { 'service-account': stranded[0]!.id })).body.error;
    expect(shape).toMatchObject({ type: 'api_error', code: 'database_unavailable', param: null });
    expect(shape.message).not.toMatch(/remote node|127\.0\.0\.1|ECONN/); // never the database's own message

    await cluster!.start(down);
    stopped = false;
    const restartedAt = Date.now();
    // A transaction the node had prepared (two-phase commit) when it stopped keeps its rows
    // locked until the coordinator's recovery settles it: its daemon runs that every minute,
    // and an operator bringing a node back runs it at once, as here (docs/scaling.md, "A node
    // that comes back"). Without it, a booking on such a row waits out the statement timeout.
    const recovered = await withClient(db.url, async (fresh) => (await fresh.query<{ n: number }>('select recover_prepared_transactions() as n')).rows[0]!.n);
    // Each coordinator session that had a connection to the node open before it stopped finds
    // it closed on its next use: that request is answered 503 too, once per session.
    let refusedAfter = 0;
    for (let probe = 0; ; probe++) {
      const tries = await Promise.all(stranded.map((acc) => book(server, key, acc, `probe${probe}-${acc.id}`)));
      all.push(...tries);
      expect(answers(tries.filter((x) => x.status !== 200 && x.status !== 503)), 'stranded accounts after the restart: 200 or 503').toEqual([]);
      refusedAfter += tries.filter((x) => x.status === 503).length;
      if (tries.every((x) => x.status === 200)) break;
      expect(Date.now() - restartedAt, 'the stranded accounts answer again').toBeLessThan(30_000);
      await new Promise((r) => setTimeout(r, 200));
    }
    const firstServed = Date.now() - restartedAt;
    const after = await round(server, key, accounts, 'after');
    all.push(...after.attempts);
    expect(answers(after.attempts.filter((x) => x.status !== 200)), 'every account served once all answer again').toEqual([]);
    for (const l of after.lists) expect(l.res.status).toBe(200);

    const steady = await load.stop();
    all.push(...steady);
    expect(answers(steady.filter((x) => !onDown(x.account) && x.status !== 200)), 'healthy accounts served throughout').toEqual([]);
    expect(answers(steady.filter((x) => onDown(x.account) && !(x.status === 200 || (x.status === 503 && x.code === 'database_unavailable')))), 'stranded accounts: 200 or 503').toEqual([]);

    const held = await expectConsistent(db.url, all, (x) => x.status === 503);
    console.log(
      `node ${down.port} stopped: ${healthy.length} accounts served (${servedDuring.length} bookings), ${stranded.length} answered 503 (${refusedDuring.length} bookings, ` +
        `slowest ${Math.max(...refusedDuring.map((x) => x.endedAt - x.startedAt))} ms); all served again ${firstServed} ms after its restart (${refusedAfter} answered 503 on stale connections first); steady load: ${steady.length} bookings, ${steady.filter((x) => x.status === 503).length} answered 503; ` +
        `${recovered} prepared transactions recovered; ${held.bookings} bookings held, ${held.acknowledged} acknowledged`,
    );
  });
});
