/**
 * The strongest proof of "never a double booking": real server processes
 * (`node bin/scheduling.js serve`, the compiled code) racing over HTTP, each with its own
 * expiry worker.
 * - PostgreSQL (DATABASE_URL): two processes on one database, each with its own pool.
 * - PGlite: one process holds a data folder (a second one is refused by the folder lock,
 *   test/process/pglite-lock.test.ts), so the race runs through that process's HTTP server
 *   and its one connection queue, with its own expiry worker.
 */
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/database.js';
import { pgliteDataDir, serversOfThisFile, type Server } from '../process/helpers.js';
import { DAYS, futureDay, seg } from './bookings.helpers.js';
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';

const KEY = 'sk_test_ProcessRaceKey0123456789abcd';
const start = serversOfThisFile();
const onPostgres = Boolean(process.env.DATABASE_URL);

/** Servers answer /readyz (database reachable) before the race starts. */
async function startServer(database: Record<string, string>): Promise<Server> {
  const server = await start({
    ...database,
    BOOTSTRAP_API_KEY: KEY,
    RUN_WORKERS: 'true',
    WORKER_POLL_MS: '100',
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
  });
  expect((await fetch(`${server.url}/readyz`)).ok).toBe(true);
  return server;
}

describe(onPostgres ? 'two server processes on one PostgreSQL' : 'one server process on PGlite, raced over HTTP', () => {
  it('never double-books across processes, and only one of them writes each booking.expired', { timeout: 300_000 }, async () => {
    let a: Server;
    let b: Server;
    let drop = async () => {};
    if (onPostgres) {
      const fresh = await freshDatabase({ migrated: false }); // the servers migrate it, both at once
      drop = fresh.drop;
      await fresh.db.close();
      [a, b] = await Promise.all([startServer({ DATABASE_URL: fresh.url!, SECRETS_KEY: TEST_SECRETS_KEY }), startServer({ DATABASE_URL: fresh.url!, SECRETS_KEY: TEST_SECRETS_KEY })]);
    } else {
      a = b = await startServer({ DATA_DIR: await pgliteDataDir('race') });
    }
    try {
      const call = async (server: Server, method: string, p: string, body?: unknown, account?: string) => {
        const res = await fetch(server.url + p, {
          method,
          headers: {
            authorization: `Bearer ${KEY}`,
            ...(account ? { 'service-account': account } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
        });
        return { status: res.status, body: (await res.json()) as any };
      };
      const account = (await call(a, 'POST', '/v1/accounts', { name: 'Race' })).body.id;
      const pool = (await call(a, 'POST', '/v1/resources', { name: 'Courts', type: 'court', capacity: 3 }, account)).body.id;
      const week = Object.fromEntries(DAYS.map((d) => [d, [{ start: '08:00', end: '20:00' }]]));
      expect((await call(b, 'POST', '/v1/schedules', { resource: pool, effective_from: '2020-01-06', weeks: [week] }, account)).status).toBe(200);

      const day = futureDay(24);
      const body = { segments: [seg(pool, day, '10:00', '11:00')] };
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i % 2 ? a : b, 'POST', '/v1/bookings', body, account)));
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(3);
      expect(results.filter((r) => r.status === 409 && r.body.error.code === 'booking_conflict')).toHaveLength(17);

      // Every process runs the expiry worker; FOR UPDATE SKIP LOCKED makes exactly one write it.
      const pending = await call(a, 'POST', '/v1/bookings', { segments: [seg(pool, day, '12:00', '13:00')], status: 'pending', expires_at: new Date(Date.now() + 1500).toISOString() }, account);
      expect(pending.status).toBe(200);
      let expired: any[] = [];
      for (let i = 0; i < 100 && expired.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        expired = (await call(b, 'GET', '/v1/events?type=booking.expired', undefined, account)).body.data;
      }
      expect(expired.map((e) => e.data.object.id)).toEqual([pending.body.id]);
      await new Promise((r) => setTimeout(r, 500));
      expect((await call(a, 'GET', '/v1/events?type=booking.expired', undefined, account)).body.data).toHaveLength(1);
      expect((await call(a, 'GET', `/v1/bookings/${pending.body.id}`, undefined, account)).body.status).toBe('expired');
    } finally {
      a.kill('SIGTERM');
      b.kill('SIGTERM');
      await Promise.all([a.exited, b.exited]);
      await drop();
    }
  });
});
