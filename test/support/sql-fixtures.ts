/**
 * Rows written straight into the database, for tests of the foundation that need objects
 * whose API lives elsewhere (a booking to block an account's deletion, a schedule to be
 * removed with its resource). They bypass every rule: use them only to set the scene.
 */
import type { Kysely } from 'kysely';
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
