/**
 * Two API processes on the coordinator of a Citus cluster (docs/scaling.md): a booking race
 * settles in the database whatever process takes each request, and a process killed with
 * SIGKILL in the middle of a booking load leaves no booking without its event and no event
 * without its booking, though the two live on different shards (the account's, and the
 * platform's event shard) and often on different nodes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { api, freshPgDatabase, randomKey, serversOfThisFile, type Server } from '../process/helpers.js';
import { citusCluster, shardNode } from '../support/citus-nodes.js';
import { bookingLoad, expectConsistent, makeAccounts } from './bookings-load.js';
import { DAYS, futureDay, seg } from '../api/bookings.helpers.js';
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';

const { cluster, reason } = await citusCluster();
const start = serversOfThisFile();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.skipIf(!cluster)(`two API processes on a Citus coordinator${cluster ? '' : ` (skipped: ${reason})`}`, () => {
  let a: Server;
  let b: Server;
  let url: string;
  const key = randomKey();

  it('start on a fresh database, both migrating it at once', async () => {
    const db = await freshPgDatabase();
    cleanups.push(db.drop);
    url = db.url;
    const env = { DATABASE_URL: url, BOOTSTRAP_API_KEY: key, SECRETS_KEY: TEST_SECRETS_KEY, RUN_WORKERS: 'false', LOG_LEVEL: 'fatal' };
    [a, b] = await Promise.all([start(env), start(env)]);
  });

  it('settle a race of 40 bookings for a capacity-3 slot: exactly 3 succeed, the rest are 409 booking_conflict', async () => {
    const account = (await api(a, key, 'POST', '/v1/accounts', { name: 'Race' })).body.id as string;
    const as = { 'service-account': account };
    const courts = (await api(a, key, 'POST', '/v1/resources', { name: 'Courts', type: 'court', capacity: 3 }, as)).body.id as string;
    const week = Object.fromEntries(DAYS.map((d) => [d, [{ start: '08:00', end: '20:00' }]]));
    expect((await api(b, key, 'POST', '/v1/schedules', { resource: courts, effective_from: '2020-01-06', weeks: [week] }, as)).status).toBe(200);
    const body = { segments: [seg(courts, futureDay(30), '10:00', '11:00')] };
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => api(i % 2 ? a : b, key, 'POST', '/v1/bookings', body, as)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'booking_conflict')).toHaveLength(37);
  });

  it('lose no event and no booking when one of them is killed with SIGKILL in the middle of a booking load', async () => {
    const accounts = await makeAccounts(a, key, 6);
    // The proof needs accounts whose shard is on another node than the platform's event shard.
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    let eventsNode: number;
    let accountNodes: number[];
    try {
      const platform = (await c.query<{ platform_id: string }>('select platform_id from accounts where id = $1', [accounts[0]!.id])).rows[0]!.platform_id;
      eventsNode = await shardNode(c, 'events', platform);
      accountNodes = [];
      for (const acc of accounts) accountNodes.push(await shardNode(c, 'accounts', acc.id));
    } finally {
      await c.end();
    }
    expect(accountNodes.some((n) => n !== eventsNode), 'an account on another node than the events').toBe(true);

    let killed = false;
    // Most clients on the process to be killed, so that it dies with requests in flight.
    const load = bookingLoad({ clients: 12, key, accounts, target: (client) => (client < 9 ? (killed ? null : a) : b) });
    while (load.attempts.filter((x) => x.status === 200).length < 60) await new Promise((r) => setTimeout(r, 20));
    a.kill('SIGKILL');
    killed = true;
    await a.exited;
    await new Promise((r) => setTimeout(r, 1000)); // the other process goes on booking
    const attempts = await load.stop();

    const unanswered = attempts.filter((x) => x.status === 0);
    expect(attempts.filter((x) => x.status !== 200 && x.status !== 0), 'answers other than 200').toEqual([]);
    const held = await expectConsistent(url, attempts);
    console.log(`SIGKILL under load: ${attempts.length} attempts, ${held.acknowledged} acknowledged, ${unanswered.length} cut off by the kill, ${held.bookings} bookings held, each with one booking.created`);
    expect(held.bookings).toBeGreaterThanOrEqual(held.acknowledged);
    expect(held.bookings).toBeLessThanOrEqual(held.acknowledged + unanswered.length);
  });
});
