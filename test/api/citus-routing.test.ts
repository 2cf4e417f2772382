/**
 * Citus readiness, shown rather than claimed (docs/scaling.md): a workload that touches every
 * distributed table runs with the statement log on (SQL_STATEMENT_LOG), and every statement
 * of ours that cannot be routed to one shard must be listed, with its file, in
 * docs/scaling.md. `.ci/run` runs the same check over the whole suite on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyzeStatement,
  documentedFanouts,
  fanouts,
  loadParser,
  readCatalogue,
  readStatementLog,
  undocumented,
  type Catalogue,
} from '../support/citus-routing.js';
import { setupTestApp } from '../support/harness.js';
import { Receiver } from '../support/receiver.js';
import { createWebhookDispatcher } from '../../src/features/webhooks/sender.js';
import { runDeliveryPass } from '../../src/features/webhooks/deliveries.worker.js';
import { runRetention } from '../../src/features/webhooks/retention.worker.js';
import { expirePass } from '../../src/features/bookings/expiry.worker.js';
import { listMigrations, splitStatements } from '../../src/db/migrate.js';
import { DAYS, at, futureDay, seg } from './bookings.helpers.js';

// Set before the database opens: connect() reads it when it makes the driver.
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'statements-'));
const LOG = path.join(logDir, 'statements.jsonl');
const outerLog = process.env.SQL_STATEMENT_LOG; // .ci/run logs the whole suite: give it back after
process.env.SQL_STATEMENT_LOG = LOG;

const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 0] });
if (outerLog === undefined) delete process.env.SQL_STATEMENT_LOG;
else process.env.SQL_STATEMENT_LOG = outerLog;
afterAll(() => fs.rmSync(logDir, { recursive: true, force: true }));

let catalogue: Catalogue;
beforeAll(async () => {
  await loadParser();
  catalogue = await readCatalogue(t.db.kysely);
});

const ROOT = path.resolve(import.meta.dirname, '../..');
const scaling = () => fs.readFileSync(path.join(ROOT, 'docs/scaling.md'), 'utf8');

describe('the routing analysis', () => {
  const tables = (sql: string) => analyzeStatement(sql, catalogue).map((f) => f.table);

  it('knows which tables are distributed, by account or by platform', () => {
    expect(catalogue.distribution.get('accounts')).toEqual({ group: 'account', column: 'id' });
    expect(catalogue.distribution.get('bookings')).toEqual({ group: 'account', column: 'account_id' });
    expect(catalogue.distribution.get('events')).toEqual({ group: 'platform', column: 'platform_id' });
    expect(catalogue.distribution.has('platforms')).toBe(false);
    expect(catalogue.distribution.has('api_keys')).toBe(false);
  });

  it('accepts statements pinned by their distribution column, directly or through a co-located join', () => {
    for (const sql of [
      'select * from "bookings" where "account_id" = $1 and "id" = $2',
      'select * from accounts where id = $1',
      'select b.* from bookings b join booking_segments s on s.account_id = b.account_id and s.booking_id = b.id where b.account_id = $1',
      'select * from bookings b where b.account_id = $1 and exists (select 1 from booking_segments s where s.account_id = b.account_id and s.booking_id = b.id)',
      'with x as (select id from bookings where account_id = $1::text) select * from x',
      'insert into "bookings" ("account_id", "id") values ($1, $2), ($1, $3)',
      'update resources set name = $1 where account_id = $2 and id in ($3)',
      'select * from events where platform_id = $1 and livemode = $2 order by id desc limit $3',
      'select * from api_keys where secret_hash = $1',
      'select pg_advisory_xact_lock($1)',
      'begin',
    ]) {
      expect(tables(sql), sql).toEqual([]);
    }
  });

  it('finds statements that reach every shard, several shards, or two co-location groups', () => {
    expect(tables('select * from bookings where status = $1')).toEqual(['bookings']);
    expect(tables('select * from accounts where platform_id = $1')).toEqual(['accounts']);
    expect(tables('select * from bookings where account_id = $1 or id = $2')).toEqual(['bookings']);
    expect(tables('select b.* from bookings b join booking_segments s on s.booking_id = b.id where b.account_id = $1')).toEqual(['booking_segments']);
    expect(analyzeStatement('select * from resources where account_id in ($1, $2)', catalogue)[0].reason).toMatch(/list/);
    expect(analyzeStatement('select * from resources where account_id = any($1)', catalogue)[0].reason).toMatch(/list/);
    expect(tables('insert into bookings (id) values ($1)')).toEqual(['bookings']);
    expect(tables('delete from events where (platform_id, id) in (select platform_id, id from events where created_at < $1 limit $2)')).toEqual(['events', 'events']);
    expect(tables('select e.* from events e join accounts a on a.id = e.account_id where e.platform_id = $1 and a.id = $2')).toEqual(['events']);
  });

  it('reads the list of fan-out statements from docs/scaling.md', () => {
    const listed = documentedFanouts(scaling());
    expect(listed.length).toBeGreaterThan(0);
    for (const { file } of listed) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it("lists every statement of the migrations that would reach every shard (a backfill), as the suite's log would find it", () => {
    // A database made by this suite has run every migration already; CI's check over the log
    // of a whole run on PostgreSQL found migration 028's backfill unlisted: this finds it first.
    const statements = listMigrations().flatMap((m) => splitStatements(m.sql).map((sql) => ({ sql, caller: 'src/db/migrate.ts:1' })));
    expect(undocumented(fanouts(statements, catalogue), documentedFanouts(scaling()))).toEqual([]);
  });
});

describe('a workload over every table, as Citus would route it', () => {
  it('sends no statement to more than one shard but the ones docs/scaling.md lists', async () => {
    const receiver = await Receiver.start();
    try {
      const api = await t.newAccount({ name: 'Routing', timezone: 'Europe/Paris' });
      await t.api.get('/v1/accounts');
      await t.api.post(`/v1/accounts/${api.accountId}`, { metadata: { plan: 'pro' } });
      const location = (await api.post('/v1/locations', { name: 'Hall' })).body;
      await api.post(`/v1/locations/${location.id}`, { name: 'Main hall' });
      const room = (await api.post('/v1/resources', { name: 'Room', type: 'room', capacity: 2, default_location: location.id })).body;
      const coach = (await api.post('/v1/resources', { name: 'Coach', type: 'person' })).body;
      const week = Object.fromEntries(DAYS.map((d) => [d, [{ start: '08:00', end: '20:00' }]]));
      for (const r of [room, coach]) expect((await api.post('/v1/schedules', { resource: r.id, effective_from: '2020-01-06', weeks: [week] })).status).toBe(200);
      const day = futureDay(20);
      const other = futureDay(21);
      const override = await api.post('/v1/schedule_overrides', { resource: room.id, date: futureDay(30), hours: [{ start: '10:00', end: '12:00' }] });
      const block = await api.post('/v1/blocks', { resource: coach.id, start: at(other, '08:00'), end: at(other, '09:00') });
      await api.get('/v1/resources');
      await api.get('/v1/schedules', { resource: room.id });
      await api.post('/v1/availability', { from: at(day, '00:00'), to: at(day, '23:59'), timezone: 'UTC', segments: [{ resource: room.id, duration_minutes: 60 }] });
      await api.get('/v1/availability/calendar', { resource: room.id, from: day, to: other });

      const endpoint = (await t.api.post('/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['*'] })).body;
      const booking = (await api.post('/v1/bookings', { segments: [seg(room.id, day, '10:00', '11:00'), seg([coach.id], day, '11:00', '12:00')], seats: 2 }, { idempotencyKey: 'routing-1' })).body;
      expect(booking.id).toBeDefined();
      await api.post('/v1/bookings', { segments: [seg(room.id, day, '10:00', '11:00')] }, { idempotencyKey: 'routing-1' });
      const attendee = (await api.post(`/v1/bookings/${booking.id}/attendees`, { name: 'Ada' })).body;
      await api.get(`/v1/bookings/${booking.id}/attendees`);
      await api.post(`/v1/attendees/${attendee.id}`, { metadata: { seat: 'A' } });
      await api.post(`/v1/bookings/${booking.id}/reschedule`, { segments: [seg(room.id, day, '13:00', '14:00'), seg([coach.id], day, '14:00', '15:00')] });
      await api.get('/v1/bookings', { resource: room.id });
      await api.post('/v1/conflict_previews', { request: { method: 'POST', path: `/v1/blocks`, body: { resource: room.id, start: at(day, '13:00'), end: at(day, '14:00') } } });
      await api.post('/v1/bookings/import', { bookings: [{ segments: [seg(room.id, other, '10:00', '11:00')] }] });
      const held = (await api.post('/v1/bookings', { segments: [seg(room.id, other, '15:00', '16:00')], status: 'pending', expires_at: new Date(Date.now() + 60_000).toISOString() })).body;
      expect(held.id).toBeDefined();
      await api.post(`/v1/bookings/${booking.id}/cancel`, {});

      // The workers: deliveries, expiry of the hold, retention.
      const dispatcher = createWebhookDispatcher(t.config);
      try {
        while ((await runDeliveryPass(t.db.kysely, t.config, t.clock, t.secrets, dispatcher, pino({ level: 'silent' }))) > 0);
      } finally {
        await dispatcher.close();
      }
      expect(receiver.requests.length).toBeGreaterThan(0);
      await expirePass(t.db.kysely, new Date(Date.now() + 120_000), pino({ level: 'silent' }));
      await runRetention(t.db.kysely, new Date(Date.now() + 400 * 86_400_000));
      const events = (await api.get('/v1/events', { limit: 5 })).body.data;
      await t.api.get(`/v1/webhook_endpoints/${endpoint.id}/deliveries`);
      if (events[0]) await t.api.get(`/v1/events/${events[0].id}`);

      for (const id of [block.body?.id && `/v1/blocks/${block.body.id}`, override.body?.id && `/v1/schedule_overrides/${override.body.id}`]) if (id) await api.del(id);
      await api.del(`/v1/resources/${coach.id}`);
      await t.api.del(`/v1/webhook_endpoints/${endpoint.id}`);
      await t.api.del(`/v1/accounts/${api.accountId}`);
    } finally {
      await receiver.close();
    }

    const statements = await readStatementLog(LOG);
    const touched = new Set(statements.flatMap((s) => [...catalogue.distribution.keys()].filter((table) => new RegExp(`"?\\b${table}\\b"?`).test(s.sql))));
    // The tables of migrations 001-004; later tables are checked by .ci/run over the whole suite.
    for (const table of ['accounts', 'locations', 'resources', 'schedules', 'schedule_overrides', 'blocks', 'bookings', 'booking_segments', 'attendees', 'events', 'webhook_endpoints', 'webhook_deliveries', 'idempotency_keys']) {
      expect(touched, `the workload touches ${table}`).toContain(table);
    }
    const found = fanouts(statements, catalogue);
    const missing = undocumented(found, documentedFanouts(scaling()));
    expect(missing.map((f) => `${f.file} ${f.table}: ${f.reason}\n  ${f.sql.replace(/\s+/g, ' ').slice(0, 200)}`)).toEqual([]);
  });
});
