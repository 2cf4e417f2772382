import type { DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { notFound } from '../../lib/errors.js';
import { bookingsTable, seatsTakenOf, segmentsOf, serializeBooking, type ApiBooking, type BookingRow } from '../../capacity/index.js';

/** Rows → API objects with their segments and seats_taken, in two queries for any number of rows. */
export async function hydrateBookings(db: DbHandle, scope: AccountScope, rows: BookingRow[], now: Date): Promise<ApiBooking[]> {
  const ids = rows.map((r) => r.id);
  const [segments, taken] = await Promise.all([
    segmentsOf(db, scope, ids),
    seatsTakenOf(db, scope, rows.filter((r) => r.seats !== null).map((r) => r.id), now),
  ]);
  return rows.map((r) => serializeBooking(r, segments.get(r.id) ?? [], taken.get(r.id) ?? 0, now));
}

export async function hydrateBooking(db: DbHandle, scope: AccountScope, row: BookingRow, now: Date): Promise<ApiBooking> {
  return (await hydrateBookings(db, scope, [row], now))[0];
}

export async function getBooking(db: DbHandle, scope: AccountScope, id: string, now: Date, param: string | null = null): Promise<ApiBooking> {
  const row = await bookingsTable.find(db, scope, id);
  if (!row) throw notFound('booking', id, param);
  return hydrateBooking(db, scope, row, now);
}
