import type { DbHandle, Trx } from '../../db/transaction.js';
import type { AttendeeStatus, Row } from '../../db/schema.js';
import { accountTable } from '../../db/account-table.js';
import { ERASED_CUSTOMER, ERASED_REFERENCE, pendingAndLapsed, pendingAndLive, type CustomerMatch, type ResourceLocks } from '../../capacity/index.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { PageParams } from '../../db/pagination.js';

export type AttendeeRow = Row<'attendees'>;

/** Attendee rows; a row lock comes after the resource locks (none: seats change no time) and its booking's. */
export const attendees = accountTable<'attendees', [ResourceLocks]>('attendees');

export interface AttendeeFilters {
  status?: AttendeeStatus;
  customerReference?: string;
}

export function listAttendees(
  db: DbHandle,
  scope: AccountScope,
  bookingId: string,
  f: AttendeeFilters,
  page: PageParams,
  metadata: Record<string, string>,
  now: Date,
) {
  return attendees.list(db, scope, page, metadata, (q) => {
    q = q.where('booking_id', '=', bookingId);
    if (f.customerReference !== undefined) q = q.where('customer_reference', '=', f.customerReference);
    const status = f.status;
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

/**
 * Replaces the customer of up to `limit` of the account's attendees that carry it (by reference
 * or, whatever its case, email) with the tombstone (docs/privacy.md#erasure); returns how many.
 * Seats and status stay.
 */
export async function eraseCustomerOfAttendees(trx: Trx, scope: AccountScope, _locks: ResourceLocks, match: CustomerMatch, now: Date, limit: number): Promise<number> {
  const rows = await trx
    .selectFrom('attendees')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where((eb) =>
      eb.and([
        eb.or([
          ...(match.reference !== undefined ? [eb('customer_reference', '=', match.reference)] : []),
          ...(match.email !== undefined ? [eb(eb.fn('lower', ['customer_email']), '=', match.email.toLowerCase())] : []),
        ]),
        eb('customer_reference', '<>', ERASED_REFERENCE),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .execute();
  if (rows.length === 0) return 0;
  await trx
    .updateTable('attendees')
    .set({ ...ERASED_CUSTOMER, updated_at: now })
    .where('account_id', '=', scope.accountId)
    .where('id', 'in', rows.map((r) => r.id))
    .execute();
  return rows.length;
}
