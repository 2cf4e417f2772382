import pino from 'pino';
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp, Client } from '../support/harness.js';
import { freshDatabase } from '../support/database.js';
import { connect } from '../../src/db/connect.js';
import { loadConfig } from '../../src/config.js';
import { buildApp, createWorkers } from '../../src/app.js';
import { TestClock } from '../../src/lib/clock.js';
import { createPlatform } from '../../src/tenancy/platforms.repository.js';
import { eventsOf } from './bookings.helpers.js';
import { createSeries, dailyKeys, liveKeys, occurrences, openResource, pinClock, seriesBody, DAY_MS, NOW } from './series.helpers.js';

const t = await setupTestApp();
beforeEach(() => pinClock(t));

describe('the horizon worker', () => {
  it('keeps a series generated to its horizon as the clock moves, and moves generated_until', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 3 }));
    expect(await liveKeys(api, series.id)).toEqual(dailyKeys('2027-01-04', 3));

    await t.runWorker('series.horizon');
    expect(await liveKeys(api, series.id)).toEqual(dailyKeys('2027-01-04', 3));

    t.clock.set(Date.parse(NOW) + 2 * DAY_MS);
    await t.runWorker('series.horizon');
    expect(await liveKeys(api, series.id)).toEqual(dailyKeys('2027-01-04', 5));
    expect((await api.get(`/v1/series/${series.id}`)).body.generated_until).toBe('2027-01-09T08:00:00Z');
    const created = (await eventsOf(api, 'booking.created')).filter((e) => e.data.object.series === series.id);
    expect(created).toHaveLength(5);
  });

  it('skips what conflicts when it generates, like creation does', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 2 }));
    await api.post('/v1/schedule_overrides', { resource: room.id, date: '2027-01-07', intervals: [] });
    t.clock.set(Date.parse(NOW) + 2 * DAY_MS);
    await t.runWorker('series.horizon');
    expect(await liveKeys(api, series.id)).toEqual(['2027-01-04T10:00', '2027-01-05T10:00', '2027-01-06T10:00']);
    const skipped = (await api.get(`/v1/series/${series.id}/skipped_occurrences`)).body.data;
    expect(skipped.map((s: any) => s.occurrence_key)).toEqual(['2027-01-07T10:00']);
  });

  it('ends a series once its rule has no more occurrences and the last one is over', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { rrule: 'FREQ=DAILY;COUNT=3', horizon_days: 30 }));
    t.clock.set('2027-01-06T10:59:00Z');
    await t.runWorker('series.horizon');
    expect((await api.get(`/v1/series/${series.id}`)).body.status).toBe('active');
    t.clock.set('2027-01-06T11:00:00Z');
    await t.runWorker('series.horizon');
    const ended = (await api.get(`/v1/series/${series.id}`)).body;
    expect(ended.status).toBe('ended');
    const [event] = await eventsOf(api, 'series.ended', series.id);
    expect(event.data.object).toEqual(ended);
    expect(event.data.previous_attributes).toEqual({ status: 'active' });
  });

  it('ends a series cancelled from a date once its last occurrence before that date is over', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 5 }));
    await api.post(`/v1/series/${series.id}/cancel`, { from: '2027-01-05T12:00:00Z' });
    t.clock.set('2027-01-05T11:00:00Z');
    await t.runWorker('series.horizon');
    expect((await api.get(`/v1/series/${series.id}`)).body).toMatchObject({ status: 'ended', ends_before: '2027-01-05T12:00:00Z' });
    expect((await occurrences(api, series.id)).filter((b) => b.status === 'confirmed')).toHaveLength(2);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two horizon workers on one PostgreSQL', () => {
  it('never generate the same occurrence twice', async () => {
    const { db: db1, url, drop } = await freshDatabase();
    const db2 = await connect({ databaseUrl: url, dataDir: null, poolSize: 12 });
    const config = loadConfig({ NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY });
    const clock = new TestClock();
    clock.set(NOW);
    const silent = pino({ level: 'silent' });
    const app = await buildApp(db1, config, false, { clock });
    const [w1, w2] = [db1, db2].map((db) => createWorkers(db, config, silent, { clock }).find((w) => w.name === 'series.horizon')!);
    try {
      const platform = await createPlatform(db1.kysely, 'Two workers');
      const root = new Client(app, platform.testKey);
      const api = root.withAccount((await root.post('/v1/accounts', { name: 'Shared' })).body.id);
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const room = await openResource(api, { name: `Room ${i}` });
        ids.push((await createSeries(api, seriesBody(room.id, { horizon_days: 1 }))).id);
      }
      // Day after day, both workers pass at once, again and again, until neither finds work.
      for (let day = 1; day <= 6; day++) {
        clock.set(Date.parse(NOW) + day * DAY_MS);
        for (let round = 0; round < 20; round++) {
          const [a, b] = await Promise.all([w1.runOnce(), w2.runOnce()]);
          if (!a && !b) break;
        }
      }
      for (const id of ids) {
        const keys = (await occurrences(api, id)).map((b) => b.occurrence_key);
        expect(keys).toEqual(dailyKeys('2027-01-04', 7));
      }
    } finally {
      await Promise.all([w1.stop(), w2.stop()]);
      await app.close();
      await db2.close();
      await drop();
    }
  }, 240_000);
});
