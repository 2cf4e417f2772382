import { beforeEach, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import pino from 'pino';
import { setupTestApp } from '../support/harness.js';
import { freshDatabase } from '../support/database.js';
import { insertBusyBookings } from '../support/sql-fixtures.js';
import { migrate } from '../../src/db/migrate.js';
import { reminderPass } from '../../src/features/reminders/reminders.worker.js';
import { dueAccountsQuery } from '../../src/features/reminders/reminders.repository.js';
import { book, eventsOf, openResource, seg } from './bookings.helpers.js';

/*
 * The queue of due reminders (docs/reminders.md, "The queue"): only offsets make rows, the
 * rows follow the booking and the offsets in the transaction that changes them, and a pass
 * with nothing due reads nothing more than one index range, however many bookings there are.
 */
const t = await setupTestApp();
const DAY = '2031-03-12';
const MANY = 2_000;

beforeEach(() => {
  t.clock.set('2031-03-10T08:00:00Z');
});

async function queued(accountId: string) {
  const { rows } = await sql<{ booking_id: string; offset_minutes: number; due_at: Date }>`
    select booking_id, offset_minutes, due_at from reminder_queue where account_id = ${accountId}
    order by booking_id, offset_minutes desc`.execute(t.db.kysely);
  return rows.map((r) => ({ ...r, due_at: new Date(r.due_at).toISOString() }));
}

async function queueSize(accountId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from reminder_queue where account_id = ${accountId}`.execute(t.db.kysely);
  return Number(rows[0]!.n);
}

/** One reminder pass at `iso`, with the statements it sent counted. */
async function countedPass(iso: string): Promise<{ statements: number; more: boolean }> {
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => {
      statements += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const more = await reminderPass(t.db.kysely.withPlugin(counter), new Date(iso), pino({ level: 'silent' }));
  return { statements, more };
}

async function setOffsets(api: Awaited<ReturnType<typeof t.newAccount>>, path: string, offsets: number[] | null) {
  const res = await api.post(path, { reminder_offsets_minutes: offsets });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('the reminder queue', () => {
  it('holds no row for an account without offsets, whatever it books', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    const pending = await book(api, { segments: [seg(room.id, DAY, '12:00', '13:00')], status: 'pending', expires_at: '2031-03-11T12:00:00Z' });
    expect((await api.post(`/v1/bookings/${pending.id}/confirm`)).status).toBe(200);
    await insertBusyBookings(t.db.kysely, { accountId: api.accountId, resourceId: room.id, count: MANY, segments: 1, from: new Date('2031-04-01T00:00:00Z') });
    expect(await queueSize(api.accountId)).toBe(0);
  });

  it('reads nothing in a pass when nothing is due, with thousands of future bookings queued', async () => {
    const api = await t.newAccount();
    await setOffsets(api, `/v1/accounts/${api.accountId}`, [60]);
    const room = await openResource(api);
    await insertBusyBookings(t.db.kysely, { accountId: api.accountId, resourceId: room.id, count: MANY, segments: 1, from: new Date('2031-04-01T00:00:00Z') });
    expect(await queueSize(api.accountId)).toBe(MANY);
    await sql`analyze reminder_queue`.execute(t.db.kysely);

    // The first reminder falls due at 2031-03-31T23:00Z.
    expect(await countedPass('2031-03-31T22:59:00Z')).toEqual({ statements: 1, more: false });
    expect(await queueSize(api.accountId)).toBe(MANY);
    expect(await eventsOf(api, 'booking.reminder')).toEqual([]);
    // That one statement reads the due_at index up to now: no row of the queue, no booking.
    // (On a Citus coordinator the plan shows one shard's task, which may hold no row of the
    // queue and be scanned whole: there the statement count above is the proof.)
    const plan = JSON.stringify(await dueAccountsQuery(t.db.kysely, new Date('2031-03-31T22:59:00Z'), 50).explain('json'));
    expect(plan).not.toContain('"bookings"');
    if (!plan.includes('Citus')) {
      expect(plan).toContain('reminder_queue_due');
      expect(plan).not.toContain('Seq Scan');
    }

    expect((await countedPass('2031-03-31T23:30:00Z')).more).toBe(false);
    expect((await eventsOf(api, 'booking.reminder')).length).toBe(1);
    expect(await queueSize(api.accountId)).toBe(MANY - 1);
  });

  it("follows the account's and the resource's offsets, a cancel and a confirm, in their transactions", async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const b = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    expect(await queued(api.accountId)).toEqual([]);

    await setOffsets(api, `/v1/accounts/${api.accountId}`, [1440, 60]);
    expect(await queued(api.accountId)).toEqual([
      { booking_id: b.id, offset_minutes: 1440, due_at: '2031-03-11T10:00:00.000Z' },
      { booking_id: b.id, offset_minutes: 60, due_at: '2031-03-12T09:00:00.000Z' },
    ]);
    await setOffsets(api, `/v1/resources/${room.id}`, [30]);
    expect(await queued(api.accountId)).toEqual([{ booking_id: b.id, offset_minutes: 30, due_at: '2031-03-12T09:30:00.000Z' }]);
    await setOffsets(api, `/v1/resources/${room.id}`, []);
    expect(await queued(api.accountId)).toEqual([]);
    await setOffsets(api, `/v1/resources/${room.id}`, null);
    expect((await queued(api.accountId)).map((r) => r.offset_minutes)).toEqual([1440, 60]);

    // Sent reminders are not queued again when the offsets change.
    t.clock.set('2031-03-11T10:00:00Z');
    await t.runWorker('booking-reminders');
    expect((await queued(api.accountId)).map((r) => r.offset_minutes)).toEqual([60]);
    await setOffsets(api, `/v1/resources/${room.id}`, [60, 1440]);
    expect((await queued(api.accountId)).map((r) => r.offset_minutes)).toEqual([60]);

    expect((await api.post(`/v1/bookings/${b.id}/cancel`)).status).toBe(200);
    expect(await queued(api.accountId)).toEqual([]);

    const pending = await book(api, { segments: [seg(room.id, DAY, '12:00', '13:00')], status: 'pending', expires_at: '2031-03-12T11:00:00Z' });
    expect(await queued(api.accountId)).toEqual([]);
    expect((await api.post(`/v1/bookings/${pending.id}/confirm`)).status).toBe(200);
    // Confirmed at 10:00 on the 11th: its one-day instant (12:00 on the 11th) is still to come.
    expect((await queued(api.accountId)).map((r) => r.offset_minutes)).toEqual([1440, 60]);
  });
});

describe('migration 014', () => {
  it('queues the reminders of the existing future confirmed bookings, not those sent, cancelled or past', async () => {
    const { db, drop } = await freshDatabase({ migrated: false });
    try {
      await migrate(db.kysely, { through: '012-webhook-lanes' });
      const account = 'acct_upgrade';
      const resource = 'res_upgrade';
      await sql`insert into platforms (id, name, api_version) values ('plat_upgrade', 'Upgrade', '2026-01-01')`.execute(db.kysely);
      await sql`insert into accounts (id, platform_id, livemode, name, timezone, reminder_offsets_minutes, created_at, updated_at)
        values (${account}, 'plat_upgrade', false, 'Upgrade', 'UTC', '[1440, 60]', now(), now())`.execute(db.kysely);
      await sql`insert into resources (account_id, id, livemode, name, type, capacity, timezone, status, buffer_before_minutes, buffer_after_minutes, created_at, updated_at)
        values (${account}, ${resource}, false, 'Room', 'room', 1, 'UTC', 'active', 0, 0, now(), now())`.execute(db.kysely);
      const bookings = [
        ['bk_future', 'confirmed', '2040-01-02T09:00Z'],
        ['bk_sent', 'confirmed', '2040-01-03T09:00Z'],
        ['bk_cancelled', 'cancelled', '2040-01-04T09:00Z'],
        ['bk_past', 'confirmed', '2020-01-02T09:00Z'],
      ] as const;
      for (const [id, status, start] of bookings) {
        await sql`insert into bookings (account_id, id, livemode, status, start_at, end_at, conflict_policy, created_at, updated_at)
          values (${account}, ${id}, false, ${status}, ${start}, ${start}::timestamptz + interval '1 hour', 'reject', '2019-01-01', now())`.execute(db.kysely);
        await sql`insert into booking_segments (account_id, booking_id, position, resource_id, start_at, end_at, held_start, held_end, quantity, buffer_before_minutes, buffer_after_minutes, booking_status)
          values (${account}, ${id}, 0, ${resource}, ${start}, ${start}::timestamptz + interval '1 hour', ${start}, ${start}::timestamptz + interval '1 hour', 1, 0, 0, ${status})`.execute(db.kysely);
      }
      await sql`insert into booking_reminders (account_id, booking_id, offset_minutes, start_at, remind_at, created_at)
        values (${account}, 'bk_sent', 1440, '2040-01-03T09:00Z', '2040-01-02T09:00Z', now())`.execute(db.kysely);

      expect(await migrate(db.kysely)).toContain('014-reminder-queue');
      const { rows } = await sql<{ booking_id: string; offset_minutes: number; due_at: Date }>`
        select booking_id, offset_minutes, due_at from reminder_queue order by booking_id, offset_minutes desc`.execute(db.kysely);
      expect(rows.map((r) => [r.booking_id, r.offset_minutes, new Date(r.due_at).toISOString()])).toEqual([
        ['bk_future', 1440, '2040-01-01T09:00:00.000Z'],
        ['bk_future', 60, '2040-01-02T08:00:00.000Z'],
        ['bk_sent', 60, '2040-01-03T08:00:00.000Z'],
      ]);
    } finally {
      await drop();
    }
  });
});
