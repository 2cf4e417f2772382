import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../../db/schema.js';
import type { AccountScope } from '../../http/context.js';

export type BookingRow = Row<'bookings'>;
export type SegmentRow = Row<'booking_segments'>;

/** Attendee states that take seats; a pending one only until its expires_at. */
export const SEAT_TAKING = ['confirmed', 'completed', 'no_show'] as const;

export function findBooking(db: DbHandle, scope: AccountScope, id: string, forUpdate = false) {
  let q = db.selectFrom('bookings').selectAll().where('account_id', '=', scope.accountId).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertBookingRow(trx: Trx, row: NewRow<'bookings'>) {
  return trx.insertInto('bookings').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertSegmentRows(trx: Trx, rows: NewRow<'booking_segments'>[]): Promise<SegmentRow[]> {
  if (rows.length === 0) return [];
  return trx.insertInto('booking_segments').values(rows).returningAll().execute();
}

export function updateBookingRow(trx: Trx, scope: AccountScope, id: string, changes: RowUpdate<'bookings'>) {
  return trx
    .updateTable('bookings')
    .set(changes)
    .where('account_id', '=', scope.accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * `column = any($1::text[])`: one array parameter instead of one per id (a re-check can
 * touch tens of thousands of bookings; PostgreSQL takes at most 65,535 parameters).
 */
function anyOf(column: string, ids: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} = any(${[...ids]}::text[])`;
}

/** Segments of the given bookings, by booking id, in position order. */
export async function segmentsOf(db: DbHandle, scope: AccountScope, bookingIds: string[]): Promise<Map<string, SegmentRow[]>> {
  const out = new Map<string, SegmentRow[]>();
  if (bookingIds.length === 0) return out;
  const rows = await db
    .selectFrom('booking_segments')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where(anyOf('booking_id', bookingIds))
    .orderBy('booking_id')
    .orderBy('position')
    .execute();
  for (const r of rows) {
    const list = out.get(r.booking_id) ?? [];
    list.push(r);
    out.set(r.booking_id, list);
  }
  return out;
}

/** Seats held by attendees (pending and not past expires_at, confirmed, completed, no_show). */
export async function seatsTakenOf(db: DbHandle, scope: AccountScope, bookingIds: string[], now: Date): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (bookingIds.length === 0) return out;
  const rows = await db
    .selectFrom('attendees')
    .select(['booking_id', sql<number>`coalesce(sum(seats), 0)::int`.as('taken')])
    .where('account_id', '=', scope.accountId)
    .where(anyOf('booking_id', bookingIds))
    .where((eb) =>
      eb.or([
        eb('status', 'in', [...SEAT_TAKING]),
        eb.and([eb('status', '=', 'pending'), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]),
      ]),
    )
    .groupBy('booking_id')
    .execute();
  for (const r of rows) out.set(r.booking_id, Number(r.taken));
  return out;
}

/** Which of the given ids are locations of this account. */
export async function existingLocations(db: DbHandle, scope: AccountScope, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('locations').select('id').where('account_id', '=', scope.accountId).where('id', 'in', [...new Set(ids)]).execute();
  return new Set(rows.map((r) => r.id));
}

/** Resource ids of a booking's segments (distinct). */
export async function resourcesOfBooking(db: DbHandle, scope: AccountScope, bookingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('booking_segments')
    .select('resource_id')
    .distinct()
    .where('account_id', '=', scope.accountId)
    .where('booking_id', '=', bookingId)
    .execute();
  return rows.map((r) => r.resource_id);
}
