/**
 * The strongest proof of "never a double booking": two real server processes
 * (`node bin/scheduling.js serve`) on one PostgreSQL database, each with its own pool and
 * its own expiry worker. PostgreSQL only: skipped when DATABASE_URL is unset.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { freshDatabase } from '../support/database.js';
import { DAYS, futureDay, seg } from './bookings.helpers.js';

const KEY = 'sk_test_ProcessRaceKey0123456789abcd';
const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['bin/scheduling.js', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      BOOTSTRAP_API_KEY: KEY,
      RUN_WORKERS: 'true',
      WORKER_POLL_MS: '100',
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  let dropDb: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await Promise.all(children.map(stop));
    await dropDb?.();
  });

  it('never double-books across processes, and only one of them writes each booking.expired', async () => {
    const { url, drop, db } = await freshDatabase();
    dropDb = drop;
    await db.close();
    const a = await startServer(url!);
    children.push(a.child);
    const b = await startServer(url!);
    children.push(b.child);

    const call = async (base: string, method: string, p: string, body?: unknown, account?: string) => {
      const res = await fetch(base + p, {
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
    const account = (await call(a.base, 'POST', '/v1/accounts', { name: 'Race' })).body.id;
    const pool = (await call(a.base, 'POST', '/v1/resources', { name: 'Courts', type: 'court', capacity: 3 }, account)).body.id;
    const week = Object.fromEntries(DAYS.map((d) => [d, [{ start: '08:00', end: '20:00' }]]));
    expect((await call(b.base, 'POST', '/v1/schedules', { resource: pool, effective_from: '2020-01-06', weeks: [week] }, account)).status).toBe(200);

    const day = futureDay(24);
    const body = { segments: [seg(pool, day, '10:00', '11:00')] };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i % 2 ? a.base : b.base, 'POST', '/v1/bookings', body, account)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'booking_conflict')).toHaveLength(17);

    // Both processes run the expiry worker; FOR UPDATE SKIP LOCKED makes exactly one write it.
    const pending = await call(a.base, 'POST', '/v1/bookings', { segments: [seg(pool, day, '12:00', '13:00')], status: 'pending', expires_at: new Date(Date.now() + 1500).toISOString() }, account);
    expect(pending.status).toBe(200);
    let expired: any[] = [];
    for (let i = 0; i < 100 && expired.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      expired = (await call(b.base, 'GET', '/v1/events?type=booking.expired', undefined, account)).body.data;
    }
    expect(expired.map((e) => e.data.object.id)).toEqual([pending.body.id]);
    await new Promise((r) => setTimeout(r, 500));
    expect((await call(a.base, 'GET', '/v1/events?type=booking.expired', undefined, account)).body.data).toHaveLength(1);
    expect((await call(a.base, 'GET', `/v1/bookings/${pending.body.id}`, undefined, account)).body.status).toBe('expired');
  });
});
