/**
 * Booking segments carry copies of their booking's status and expires_at (migration 011), and
 * held time is read from those copies alone (src/capacity/facts.repository.ts). These tests
 * drive every way a booking's status or expiry changes, through the API and the workers, and
 * check after each that no segment disagrees with its booking, and that the time it frees or
 * holds is seen by the very next search; and the migration fills the copies of bookings made
 * before it.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setupTestApp } from '../support/harness.js';
import { freshDatabase } from '../support/database.js';
import { migrate } from '../../src/db/migrate.js';
import { book, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(12);

/** Segments whose copies differ from their booking's status or expires_at, in any account. */
async function disagreements(): Promise<unknown[]> {
  const rows = await sql<{ booking_id: string }>`
    select s.booking_id, s.booking_status, b.status, s.booking_expires_at, b.expires_at
    from booking_segments s join bookings b on b.account_id = s.account_id and b.id = s.booking_id
    where s.booking_status is distinct from b.status or s.booking_expires_at is distinct from b.expires_at`.execute(t.db.kysely);
  return rows.rows;
}

/** Start times (HH:MM, UTC) of the free hour-long slots on `day` between 09:00 and 13:00. */
async function freeHours(api: Awaited<ReturnType<typeof t.newAccount>>, resource: string): Promise<string[]> {
  const res = await api.post('/v1/availability', {
    from: `${day}T09:00:00Z`,
    to: `${day}T13:00:00Z`,
    segments: [{ resource, duration_minutes: 60 }],
    slot_interval_minutes: 60,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.slots.map((s: { start: string }) => s.start.slice(11, 16));
}

describe("a segment's copies of its booking's status", () => {
  it('follow confirm, cancel and reschedule, and the freed or held hour shows in the next search', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const pending = await book(api, { segments: [seg(r.id, day, '09:00', '10:00')], status: 'pending', expires_at: new Date(t.clock.now().getTime() + 3600_000).toISOString() });
    const confirmed = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    expect(await freeHours(api, r.id)).toEqual(['11:00', '12:00']);

    expect((await api.post(`/v1/bookings/${pending.id}/confirm`)).status).toBe(200);
    expect(await disagreements()).toEqual([]);
    expect((await api.post(`/v1/bookings/${confirmed.id}/cancel`)).status).toBe(200);
    expect(await disagreements()).toEqual([]);
    expect(await freeHours(api, r.id)).toEqual(['10:00', '11:00', '12:00']);

    const moved = await api.post(`/v1/bookings/${pending.id}/reschedule`, { segments: [seg(r.id, day, '12:00', '13:00')] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await disagreements()).toEqual([]);
    expect(await freeHours(api, r.id)).toEqual(['09:00', '10:00', '11:00']);
  });

  it('follow a pending hold that lapses, before and after the expiry worker marks it', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    await book(api, { segments: [seg(r.id, day, '11:00', '12:00')], status: 'pending', expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    expect(await freeHours(api, r.id)).toEqual(['09:00', '10:00', '12:00']);
    // Lapsed but not yet marked: the copies still say pending, and the rule reads the time as free.
    t.clock.advance(61_000);
    expect(await freeHours(api, r.id)).toEqual(['09:00', '10:00', '11:00', '12:00']);
    await t.runWorker('booking-expiry');
    expect(await disagreements()).toEqual([]);
    const [row] = (await sql<{ booking_status: string }>`select booking_status from booking_segments where account_id = ${api.accountId}`.execute(t.db.kysely)).rows;
    expect(row.booking_status).toBe('expired');
  });

  it("follow a change made with the database's own SQL, in the same statement", async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '09:00', '10:00'), seg(r.id, day, '11:00', '12:00')] });
    await sql`update bookings set status = 'pending', expires_at = ${new Date(t.clock.now().getTime() + 600_000)} where account_id = ${api.accountId} and id = ${b.id}`.execute(t.db.kysely);
    expect(await disagreements()).toEqual([]);
    expect(await freeHours(api, r.id)).toEqual(['10:00', '12:00']);
    await sql`update bookings set status = 'cancelled', expires_at = null where account_id = ${api.accountId} and id = ${b.id}`.execute(t.db.kysely);
    expect(await disagreements()).toEqual([]);
    expect(await freeHours(api, r.id)).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });

  it('follow a series cancelled from a date on, and imported bookings start in step', async () => {
    const api = await t.newAccount();
    const r = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const series = await api.post('/v1/series', {
      rrule: 'FREQ=DAILY;COUNT=4',
      start_date: day,
      start_time: '09:00',
      template: { segments: [{ resource: r.id, duration_minutes: 60 }] },
    });
    expect(series.status, JSON.stringify(series.body)).toBe(200);
    const cancel = await api.post(`/v1/series/${series.body.id}/cancel`, { from: `${futureDay(14)}T00:00:00Z` });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const imported = await api.post('/v1/bookings/import', {
      bookings: [{ segments: [seg(r.id, futureDay(20), '09:00', '10:00')], status: 'cancelled' }],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const statuses = await sql<{ booking_status: string }>`select booking_status from booking_segments where account_id = ${api.accountId} order by start_at`.execute(t.db.kysely);
    expect(statuses.rows.map((s) => s.booking_status)).toEqual(['confirmed', 'confirmed', 'cancelled', 'cancelled', 'cancelled']);
    expect(await disagreements()).toEqual([]);
  });
});

describe('migration 011', () => {
  it("copies each existing booking's status and expires_at onto its segments", async () => {
    const { db, drop } = await freshDatabase({ migrated: false });
    try {
      await migrate(db.kysely, { through: '010-reminders' });
      const account = 'acct_upgrade';
      const resource = 'res_upgrade';
      await sql`insert into platforms (id, name, api_version) values ('plat_upgrade', 'Upgrade', '2026-01-01')`.execute(db.kysely);
      await sql`insert into accounts (id, platform_id, livemode, name, timezone, created_at, updated_at)
        values (${account}, 'plat_upgrade', false, 'Upgrade', 'UTC', now(), now())`.execute(db.kysely);
      await sql`insert into resources (account_id, id, livemode, name, type, capacity, timezone, status, buffer_before_minutes, buffer_after_minutes, created_at, updated_at)
        values (${account}, ${resource}, false, 'Room', 'room', 1, 'UTC', 'active', 0, 0, now(), now())`.execute(db.kysely);
      const expires = new Date('2030-01-01T10:00:00Z');
      for (const [id, status, expiresAt] of [['bk_one', 'pending', expires], ['bk_two', 'cancelled', null]] as const) {
        await sql`insert into bookings (account_id, id, livemode, status, expires_at, start_at, end_at, conflict_policy, created_at, updated_at)
          values (${account}, ${id}, false, ${status}, ${expiresAt}, '2030-01-02T09:00Z', '2030-01-02T10:00Z', 'reject', now(), now())`.execute(db.kysely);
        await sql`insert into booking_segments (account_id, booking_id, position, resource_id, start_at, end_at, held_start, held_end, quantity, buffer_before_minutes, buffer_after_minutes)
          values (${account}, ${id}, 0, ${resource}, '2030-01-02T09:00Z', '2030-01-02T10:00Z', '2030-01-02T09:00Z', '2030-01-02T10:00Z', 1, 0, 0)`.execute(db.kysely);
      }
      expect(await migrate(db.kysely)).toContain('011-segments-carry-booking-status');
      const rows = await sql<{ booking_id: string; booking_status: string; booking_expires_at: Date | null }>`
        select booking_id, booking_status, booking_expires_at from booking_segments order by booking_id`.execute(db.kysely);
      expect(rows.rows).toEqual([
        { booking_id: 'bk_one', booking_status: 'pending', booking_expires_at: expires },
        { booking_id: 'bk_two', booking_status: 'cancelled', booking_expires_at: null },
      ]);
    } finally {
      await drop();
    }
  });
});
