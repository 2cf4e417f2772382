import { describe, expect, it } from 'vitest';
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';
import { loadConfig } from '../../src/config.js';
import { connect } from '../../src/db/connect.js';
import { buildApp } from '../../src/app.js';
import { createPlatform } from '../../src/tenancy/platforms.repository.js';
import { freshDatabase } from '../support/database.js';
import { Client, setupTestApp } from '../support/harness.js';
import { book, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(23);

const statuses = (results: { status: number }[]) => {
  const count: Record<number, number> = {};
  for (const r of results) count[r.status] = (count[r.status] ?? 0) + 1;
  return count;
};

describe('racing for the last units', () => {
  it('20 parallel requests at a capacity-3 pool: exactly 3 succeed, the rest get booking_conflict', async () => {
    const api = await t.newAccount();
    const pool = await openResource(api, { capacity: 3 });
    const results = await Promise.all(Array.from({ length: 20 }, () => api.post('/v1/bookings', { segments: [seg(pool.id, day, '10:00', '11:00')] })));
    expect(statuses(results)).toEqual({ 200: 3, 409: 17 });
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('booking_conflict');
    const listed = await api.get('/v1/bookings', { resource: pool.id });
    expect(listed.body.data).toHaveLength(3);
  });

  it('parallel requests with overlapping candidate lists never double-book a candidate', async () => {
    const api = await t.newAccount();
    const rooms = [await openResource(api), await openResource(api), await openResource(api)];
    const orders = [rooms, [...rooms].reverse(), [rooms[1], rooms[0], rooms[2]]].map((list) => list.map((r) => r.id));
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.post('/v1/bookings', { segments: [seg(orders[i % 3], day, '10:00', '11:00')] })),
    );
    expect(statuses(results)).toEqual({ 200: 3, 409: 9 });
    const taken = results.filter((r) => r.status === 200).map((r) => r.body.segments[0].resource);
    expect(new Set(taken).size).toBe(3);
  });

  it('parallel reschedules into one free slot: exactly one moves', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const old = await Promise.all(['09:00', '10:00', '11:00', '12:00'].map((h, i) => book(api, { segments: [seg(r.id, day, h, ['10:00', '11:00', '12:00', '13:00'][i])] })));
    const results = await Promise.all(old.map((b) => api.post(`/v1/bookings/${b.id}/reschedule`, { segments: [seg(r.id, day, '15:00', '16:00')] })));
    expect(statuses(results)).toEqual({ 200: 1, 409: 3 });
  });

  it('parallel attendees racing for the last seats never exceed the booking seats', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], seats: 5 });
    const results = await Promise.all(Array.from({ length: 12 }, () => api.post(`/v1/bookings/${b.id}/attendees`, { seats: 2 })));
    expect(statuses(results)).toEqual({ 200: 2, 409: 10 });
    expect((await api.get(`/v1/bookings/${b.id}`)).body.seats_taken).toBe(4);
  });
});

/*
 * Two app instances on one database. On PostgreSQL each has its own connection pool, as two
 * processes would. On PGlite one process holds the database (its data folder lock), so two
 * instances in that process share its one connection queue: the race runs through the queue.
 */
describe(`two apps on one database (${process.env.DATABASE_URL ? 'PostgreSQL, a pool each' : 'PGlite, one shared queue'})`, () => {
  it('splits 20 requests between two apps: exactly 3 succeed on a capacity-3 pool', async () => {
    const { db: db1, url, drop } = await freshDatabase();
    const db2 = url ? await connect({ databaseUrl: url, dataDir: null, poolSize: 12 }) : db1;
    const config = { ...loadConfig({ NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY }), rateLimitLive: 1_000_000, rateLimitTest: 1_000_000 };
    const app1 = await buildApp(db1, config, false);
    const app2 = await buildApp(db2, config, false);
    try {
      const platform = await createPlatform(db1.kysely, 'Two apps');
      const c1 = new Client(app1, platform.testKey);
      const account = (await c1.post('/v1/accounts', { name: 'Shared' })).body.id;
      const api1 = c1.withAccount(account);
      const api2 = new Client(app2, platform.testKey, account);
      const pool = await openResource(api1, { capacity: 3 });
      const body = { segments: [seg(pool.id, day, '10:00', '11:00')] };
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? api1 : api2).post('/v1/bookings', body)));
      expect(statuses(results)).toEqual({ 200: 3, 409: 17 });
      expect((await api2.get('/v1/bookings', { resource: pool.id })).body.data).toHaveLength(3);
    } finally {
      await app1.close();
      await app2.close();
      if (db2 !== db1) await db2.close();
      await drop();
    }
  });
});
