/**
 * Promotion from a booking's waitlist (docs/waitlists.md). Every change that can free seats
 * (an attendee cancelled, expired or giving seats back, the booking's seats growing, a
 * waitlisted attendee leaving the line) calls `promoteWaitlist` in its own transaction,
 * under the booking row lock that also serializes joins: so a freed seat goes to the head of
 * the line at once, never to a newcomer, and never beyond the seats.
 */
import type { Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { changedAttributes, recordEvents } from '../../events/outbox.repository.js';
import { effectiveStatus } from '../../core/bookings/transitions.js';
import { promotions } from '../../core/bookings/waitlist.js';
import { seatsTakenOf, type BookingRow } from '../../capacity/index.js';
import { closeGap, promoteRows, waitingLine, type AttendeeRow } from './attendees.repository.js';
import { serializeAttendee } from './attendees.serializer.js';

/** Whether the booking gives out seats at `now` (pending or confirmed, with seats). */
export function givesSeats(b: BookingRow, now: Date): boolean {
  const status = effectiveStatus(b.status, b.expires_at?.getTime() ?? null, now.getTime());
  return b.seats !== null && (status === 'pending' || status === 'confirmed');
}

/**
 * Promotes waitlisted attendees of `booking` (its row locked by the caller), head first, while
 * the head's seats fit the free seats. Returns the line as it stands afterwards.
 */
export async function promoteWaitlist(trx: Trx, scope: AccountScope, booking: BookingRow, now: Date): Promise<AttendeeRow[]> {
  const line = await waitingLine(trx, scope, booking.id);
  if (line.length === 0 || !givesSeats(booking, now)) return line;
  const taken = (await seatsTakenOf(trx, scope, [booking.id], now)).get(booking.id) ?? 0;
  const chosen = promotions(
    booking.seats! - taken,
    line.map((a) => ({ id: a.id, seats: a.seats, position: a.waitlist_position! })),
  );
  if (chosen.length === 0) return line;
  const promoted = await promoteRows(trx, scope, chosen.map((a) => a.id), booking.waitlist_hold_minutes, now);
  // The promoted were the first places: everyone left moves up by as many.
  await closeGap(trx, scope, booking.id, 0, chosen.length);
  const before = new Map(line.map((a) => [a.id, serializeAttendee(a, now)]));
  const ordered = promoted.sort((a, b) => (before.get(a.id)!.waitlist_position! - before.get(b.id)!.waitlist_position!));
  await recordEvents(
    trx,
    scope,
    'attendee.promoted',
    ordered.map((row) => {
      const after = serializeAttendee(row, now);
      return { object: after, previous: changedAttributes(before.get(row.id)!, after) };
    }),
    now,
  );
  return line.slice(chosen.length).map((a) => ({ ...a, waitlist_position: a.waitlist_position! - chosen.length }));
}

/** A waitlisted attendee leaves the line (cancelled): those behind it move up one place. */
export async function leaveLine(trx: Trx, scope: AccountScope, bookingId: string, position: number): Promise<void> {
  await closeGap(trx, scope, bookingId, position, 1);
}
