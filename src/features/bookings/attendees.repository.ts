import type { DbHandle, Trx } from '../../db/transaction.js';
import type { AttendeeStatus, Row } from '../../db/schema.js';
import { accountTable } from '../../db/account-table.js';
import { pendingAndLapsed, pendingAndLive, type ResourceLocks } from '../../capacity/index.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { PageParams } from '../../db/pagination.js';

export type AttendeeRow = Row<'attendees'>;

/** Attendee rows; a row lock comes after the resource locks (none: seats change no time) and its booking's. */
export const attendees = accountTable<'attendees', [ResourceLocks]>('attendees');

export function listAttendees(
  db: DbHandle,
  scope: AccountScope,
  bookingId: string,
  status: AttendeeStatus | undefined,
  page: PageParams,
  metadata: Record<string, string>,
  now: Date,
) {
  return attendees.list(db, scope, page, metadata, (q) => {
    q = q.where('booking_id', '=', bookingId);
    // The effective status, as for bookings: pending past expires_at lists as expired.
    if (status === 'pending') return q.where(pendingAndLive(null, now));
    if (status === 'expired') return q.where((eb) => eb.or([eb('status', '=', 'expired'), pendingAndLapsed(null, now)]));
    return status !== undefined ? q.where('status', '=', status) : q;
  });
}

/** Moves every attendee of one booking to another (a reschedule); returns them as written. */
export function moveAttendeeRows(trx: Trx, scope: AccountScope, fromBooking: string, toBooking: string, now: Date) {
  return trx
    .updateTable('attendees')
    .set({ booking_id: toBooking, updated_at: now })
    .where('account_id', '=', scope.accountId)
    .where('booking_id', '=', fromBooking)
    .returningAll()
    .execute();
}

/** The booking's line, head first (read under the booking row lock). */
export function waitingLine(trx: Trx, scope: AccountScope, bookingId: string): Promise<AttendeeRow[]> {
  return trx
    .selectFrom('attendees')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'waitlisted')
    .orderBy('waitlist_position')
    .execute();
}

/** Moves everyone behind `after` up by `by` places: the line stays dense. */
export async function closeGap(trx: Trx, scope: AccountScope, bookingId: string, after: number, by: number): Promise<void> {
  await trx
    .updateTable('attendees')
    .set((eb) => ({ waitlist_position: eb('waitlist_position', '-', by) }))
    .where('account_id', '=', scope.accountId)
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'waitlisted')
    .where('waitlist_position', '>', after)
    .execute();
}

/** Promotes the given waitlisted attendees in one statement; returns them as written. */
export function promoteRows(trx: Trx, scope: AccountScope, ids: string[], holdMinutes: number, now: Date): Promise<AttendeeRow[]> {
  const held = holdMinutes > 0;
  return trx
    .updateTable('attendees')
    .set({
      status: held ? 'pending' : 'confirmed',
      expires_at: held ? new Date(now.getTime() + holdMinutes * 60_000) : null,
      confirmed_at: held ? null : now,
      waitlist_position: null,
      updated_at: now,
    })
    .where('account_id', '=', scope.accountId)
    .where('id', 'in', ids)
    .where('status', '=', 'waitlisted')
    .returningAll()
    .execute();
}
