/**
 * Rows written straight into the database, for tests of the foundation that need objects
 * whose API lives elsewhere (a booking to block an account's deletion, a schedule to be
 * removed with its resource). They bypass every rule: use them only to set the scene.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { newId, ID_PREFIX } from '../../src/lib/ids.js';

export interface BookingFixture {
  accountId: string;
  resourceId: string;
  status?: 'pending' | 'confirmed' | 'cancelled' | 'expired' | 'completed' | 'no_show';
  start: Date;
  end: Date;
  expiresAt?: Date | null;
  livemode?: boolean;
  locationId?: string | null;
}

/** A one-segment booking on one resource; returns its id. */
export async function insertBooking(db: Kysely<Database>, b: BookingFixture): Promise<string> {
  const id = newId(ID_PREFIX.booking);
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('bookings')
      .values({
        account_id: b.accountId,
        id,
        livemode: b.livemode ?? false,
        status: b.status ?? 'confirmed',
        expires_at: b.expiresAt ?? null,
        start_at: b.start,
        end_at: b.end,
        seats: null,
        conflict_policy: 'reject',
        conflicted: false,
        conflicts: null,
        metadata: '{}',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('booking_segments')
      .values({
        account_id: b.accountId,
        booking_id: id,
        position: 0,
        resource_id: b.resourceId,
        location_id: b.locationId ?? null,
        start_at: b.start,
        end_at: b.end,
        held_start: b.start,
        held_end: b.end,
        quantity: 1,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        booking_status: b.status ?? 'confirmed',
        booking_expires_at: b.expiresAt ?? null,
      })
      .execute();
  });
  return id;
}

/** A weekly schedule (Monday 09:00–17:00) for a resource; returns its id. */
export async function insertSchedule(
  db: Kysely<Database>,
  s: { accountId: string; resourceId: string; effectiveFrom?: string; locationId?: string | null; livemode?: boolean },
): Promise<string> {
  const id = newId(ID_PREFIX.schedule);
  const now = new Date();
  await db
    .insertInto('schedules')
    .values({
      account_id: s.accountId,
      id,
      livemode: s.livemode ?? false,
      resource_id: s.resourceId,
      effective_from: s.effectiveFrom ?? '2026-01-05',
      weeks: JSON.stringify([{ monday: [{ start: '09:00', end: '17:00', location: s.locationId ?? null }] }]),
      metadata: '{}',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Counts rows of a table that belong to one account. */
export async function countRows(db: Kysely<Database>, table: keyof Database, accountId: string): Promise<number> {
  const row = await db
    .selectFrom(table as 'resources')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000);

/**
 * `count` confirmed bookings of `segments` consecutive one-hour segments each on one resource,
 * one after the other from `from`, in two statements (thousands of bookings in a fraction of
 * a second). Ids follow the time order. With `overlapEvery: n`, every n-th booking (the n-th,
 * 2n-th, …) starts an hour earlier, so its first segment overlaps the last of the booking
 * before it: on a resource of capacity 1, those are the bookings a re-check finds over capacity.
 * Returns the ids in order.
 */
export async function insertBusyBookings(
  db: Kysely<Database>,
  b: { accountId: string; resourceId: string; count: number; segments: number; from: Date; overlapEvery?: number },
): Promise<string[]> {
  const ids = Array.from({ length: b.count }, () => newId(ID_PREFIX.booking));
  const hour = 3600_000;
  const starts = ids.map((_, i) => new Date(b.from.getTime() + i * b.segments * hour - (b.overlapEvery && (i + 1) % b.overlapEvery === 0 ? hour : 0)));
  const now = new Date();
  await sql`
    insert into bookings (account_id, id, livemode, status, expires_at, start_at, end_at, seats, conflict_policy, conflicted, conflicts, metadata, created_at, updated_at)
    select ${b.accountId}, v.id, false, 'confirmed', null, v.start_at, v.start_at + make_interval(hours => ${b.segments}), null, 'allow', false, null, '{}', ${now}, ${now}
    from unnest(${ids}::text[], ${starts.map((d) => d.toISOString())}::timestamptz[]) as v(id, start_at)`.execute(db);
  await sql`
    insert into booking_segments (account_id, booking_id, position, resource_id, location_id, location_requested, start_at, end_at, held_start, held_end, quantity, buffer_before_minutes, buffer_after_minutes, booking_status, booking_expires_at)
    select ${b.accountId}, v.id, p, ${b.resourceId}, null, false, s, s + interval '1 hour', s, s + interval '1 hour', 1, 0, 0, 'confirmed', null
    from unnest(${ids}::text[], ${starts.map((d) => d.toISOString())}::timestamptz[]) as v(id, start_at)
    cross join generate_series(0, ${b.segments - 1}) as p
    cross join lateral (select v.start_at + make_interval(hours => p) as s) as t`.execute(db);
  return ids;
}
