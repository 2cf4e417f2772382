/**
 * Reschedule (docs/bookings.md#reschedule): a new booking with `replaces`, the old one cancelled with
 * `replaced_by` and cancellation_reason "rescheduled", attendees moved over. The old
 * booking's own hold does not count against the new one. Used by
 * POST /v1/bookings/{id}/reschedule and by POST /v1/bookings with `replaces`.
 */
import type { Trx } from '../../db/transaction.js';
import type { BookingStatus } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError, invalid, notFound } from '../../lib/errors.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import { effectiveStatus } from '../../core/bookings/transitions.js';
import type { ConflictPolicy } from '../../core/availability/types.js';
import { hydrateBooking } from './bookings.read.js';
import type { ParsedSegments } from './bookings.input.js';
import { moveAttendees } from './attendees.move.js';
import { promoteWaitlist } from './attendees.waitlist.js';
import { bookingsTable, conflictError, lockAndPlan, recheckBookings, resourcesOfBooking, seatsTakenOf, writeBooking, type ApiBooking, type BookingRow } from '../../capacity/index.js';

export interface ReplaceRequest {
  oldId: string;
  /** Where the old id came from, for a 404 (`replaces`, or null for the path id). */
  oldParam: string | null;
  parsed: ParsedSegments;
  policy: ConflictPolicy;
  /** Omitted: the old booking's status (and expires_at while pending). */
  status?: BookingStatus;
  expiresAt?: Date | null;
  /** Omitted: copied from the old booking. */
  seats?: number | null;
  /** Omitted: copied from the old booking, as its waitlisted attendees move too. */
  waitlistLimit?: number;
  waitlistHoldMinutes?: number;
  metadata?: Record<string, string>;
}

function assertReplaceable(old: BookingRow, now: Date): BookingStatus {
  const status = effectiveStatus(old.status, old.expires_at?.getTime() ?? null, now.getTime());
  if (status !== 'pending' && status !== 'confirmed') {
    throw new ApiError('invalid_state_transition', `Cannot reschedule booking ${old.id}: it is ${status}, a final state.`);
  }
  return status;
}

export async function replaceBooking(trx: Trx, scope: AccountScope, r: ReplaceRequest, now: Date): Promise<ApiBooking> {
  const first = await bookingsTable.find(trx, scope, r.oldId);
  if (!first) throw notFound('booking', r.oldId, r.oldParam);
  assertReplaceable(first, now);
  const oldResources = await resourcesOfBooking(trx, scope, r.oldId);
  // Resources first, then the booking row: the order every writer uses, so no deadlock.
  const plan = await lockAndPlan(trx, scope, { ...r.parsed, policy: r.policy, now, alsoLock: oldResources, ignoreBookingIds: [r.oldId] });
  const old = (await bookingsTable.lock(trx, scope, r.oldId, plan.locks))!;
  const oldStatus = assertReplaceable(old, now);
  if (!plan.ok) throw conflictError(plan);

  const taken = (await seatsTakenOf(trx, scope, [old.id], now)).get(old.id) ?? 0;
  const seats = r.seats !== undefined ? r.seats : old.seats;
  if (taken > 0 && (seats === null || seats < taken)) {
    throw new ApiError('seats_exhausted', `The booking's attendees take ${taken} seats; the new booking must have at least that many.`, 'seats');
  }
  const waitlistLimit = r.waitlistLimit ?? old.waitlist_limit;
  if (seats === null && waitlistLimit > 0) throw invalid('waitlist_limit', 'A waitlist needs a booking with seats; set seats too.');
  const status = r.status ?? oldStatus;
  const expiresAt = r.status !== undefined ? (r.expiresAt ?? null) : status === 'pending' ? old.expires_at : null;
  const before = await hydrateBooking(trx, scope, old, now);

  const { row: createdRow, booking: created } = await writeBooking(
    trx,
    scope,
    {
      plan,
      locationRequested: r.parsed.segments.map((s) => s.locationRequested),
      status,
      expiresAt,
      seats,
      waitlistLimit,
      waitlistHoldMinutes: r.waitlistHoldMinutes ?? old.waitlist_hold_minutes,
      policy: r.policy,
      metadata: r.metadata ?? old.metadata,
      replaces: old.id,
      seriesId: old.series_id,
      seatsTaken: taken,
    },
    now,
  );
  await moveAttendees(trx, scope, old.id, created.id, now);
  // The line moved with the attendees, in order; more seats on the new booking promote it.
  // The new booking is only visible to this transaction, so its row needs no lock.
  await promoteWaitlist(trx, scope, createdRow, now);
  const cancelled = await bookingsTable.update(trx, scope, old.id, {
    status: 'cancelled',
    replaced_by: created.id,
    cancellation_reason: 'rescheduled',
    cancelled_at: now,
    updated_at: now,
  });
  const after = await hydrateBooking(trx, scope, cancelled, now);
  await recordEvent(trx, scope, 'booking.rescheduled', after, changedAttributes(before, after), now);
  // The old hold is gone: bookings flagged on its resources may fit now.
  await recheckBookings(trx, scope, plan.locks, now, { resources: oldResources, onlyConflicted: true });
  // Read again: promotion may have changed seats_taken.
  return hydrateBooking(trx, scope, createdRow, now);
}

