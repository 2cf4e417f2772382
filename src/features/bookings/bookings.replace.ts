/**
 * Reschedule (docs/bookings.md#reschedule): a new booking with `replaces`, the old one cancelled with
 * `replaced_by` and cancellation_reason "rescheduled", attendees moved over. The old
 * booking's own hold does not count against the new one. Used by
 * POST /v1/bookings/{id}/reschedule and by POST /v1/bookings with `replaces`.
 */
import { json, type Trx } from '../../db/transaction.js';
import { checkCutoff, replacementStatus, type ReplacementAsked } from './bookings.policy.js';
import type { BookingStatus } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError, invalid, missing, notFound } from '../../lib/errors.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import { effectiveStatus } from '../../core/bookings/transitions.js';
import type { ConflictPolicy } from '../../core/availability/types.js';
import { hydrateBooking } from './bookings.read.js';
import type { ParsedSegments } from './bookings.input.js';
import { moveAttendees } from './attendees.move.js';
import { promoteWaitlist } from './attendees.waitlist.js';
import { bookingsTable, conflictError, customerOf, lockAndPlan, recheckBookings, resourcesOfBooking, seatsTakenOf, writeBooking, type ApiBooking, type BookingRow, type CustomerColumns } from '../../capacity/index.js';

export interface ReplaceRequest {
  oldId: string;
  /** Where the old id came from, for a 404 (`replaces`, or null for the path id). */
  oldParam: string | null;
  parsed: ParsedSegments;
  policy: ConflictPolicy;
  /**
   * The status and expiry asked by `replaces`, and who asked (a customer door cannot stretch a
   * deposit hold); omitted (a reschedule): the old booking's status and hold. The policy may
   * keep the old ones anyway (`replacementStatus`).
   */
  asked?: ReplacementAsked;
  /** Omitted: copied from the old booking. */
  seats?: number | null;
  /** Omitted: copied from the old booking, as its waitlisted attendees move too. */
  waitlistLimit?: number;
  waitlistHoldMinutes?: number;
  metadata?: Record<string, string>;
  /** Omitted: the old booking's customer. */
  customer?: CustomerColumns;
  /** A secret key going past the reschedule window (docs/policies.md#windows). */
  overridePolicy: boolean;
  /**
   * `prefer_previous_resource` (docs/bookings.md#returning-customers): the customer given, else
   * the old booking's, has its previous resource tried first.
   */
  preferPrevious?: boolean;
}

function assertReplaceable(old: BookingRow, now: Date): BookingStatus {
  const status = effectiveStatus(old.status, old.expires_at?.getTime() ?? null, now.getTime());
  if (status !== 'pending' && status !== 'confirmed' && status !== 'requested') {
    throw new ApiError('invalid_state_transition', `Cannot reschedule booking ${old.id}: it is ${status}, a final state.`);
  }
  return status;
}

/** The customer whose previous resource a replacement prefers: the one given, else the old booking's; 400 with neither. */
function previousCustomerOf(r: ReplaceRequest, old: BookingRow): string {
  const reference = r.customer ? r.customer.customer_reference : old.customer_reference;
  if (reference === null) {
    throw r.customer === undefined
      ? invalid('prefer_previous_resource', `Booking ${old.id} has no customer, so there is no previous resource to prefer.`)
      : missing('customer.reference', 'prefer_previous_resource needs the customer whose previous resource to prefer: give customer.reference.');
  }
  return reference;
}

export async function replaceBooking(trx: Trx, scope: AccountScope, r: ReplaceRequest, now: Date): Promise<ApiBooking> {
  const first = await bookingsTable.find(trx, scope, r.oldId);
  if (!first) throw notFound('booking', r.oldId, r.oldParam);
  assertReplaceable(first, now);
  const oldResources = await resourcesOfBooking(trx, scope, r.oldId);
  const preferPreviousOf = r.preferPrevious ? previousCustomerOf(r, first) : undefined;
  // Resources first, then the booking row: the order every writer uses, so no deadlock.
  const plan = await lockAndPlan(trx, scope, { ...r.parsed, policy: r.policy, now, alsoLock: oldResources, ignoreBookingIds: [r.oldId], preferPreviousOf });
  const old = (await bookingsTable.lock(trx, scope, r.oldId, plan.locks))!;
  const oldStatus = assertReplaceable(old, now);
  const override = await checkCutoff(trx, scope, old, 'reschedule_cutoff_minutes', r.overridePolicy, now);
  const overrides = override ? [...old.policy_overrides, override] : old.policy_overrides;
  if (!plan.ok) throw conflictError(plan);

  const taken = (await seatsTakenOf(trx, scope, [old.id], now)).get(old.id) ?? 0;
  const seats = r.seats !== undefined ? r.seats : old.seats;
  if (taken > 0 && (seats === null || seats < taken)) {
    throw new ApiError('seats_exhausted', `The booking's attendees take ${taken} seats; the new booking must have at least that many.`, 'seats');
  }
  const waitlistLimit = r.waitlistLimit ?? old.waitlist_limit;
  if (seats === null && waitlistLimit > 0) throw invalid('waitlist_limit', 'A waitlist needs a booking with seats; set seats too.');
  const { status, expiresAt } = replacementStatus(old, oldStatus, r.asked);
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
      customer: r.customer ?? customerOf(old),
      replaces: old.id,
      seriesId: old.series_id,
      policyOverrides: overrides,
      seatsTaken: taken,
      // The deposit and what was paid of it move with the booking (docs/policies.md#deposits).
      deposit: old.deposit,
      payments: old.payments,
      paymentStatus: old.payment_status ?? undefined,
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
    ...(override ? { policy_overrides: json(overrides) } : {}),
    // Its deposit and payments now belong to the new booking: nothing is paid here, nothing due back.
    ...(old.deposit ? { deposit: null, payment_status: null, payments: json([]) } : {}),
  });
  const after = await hydrateBooking(trx, scope, cancelled, now);
  await recordEvent(trx, scope, 'booking.rescheduled', after, changedAttributes(before, after), now);
  // The old hold is gone: bookings flagged on its resources may fit now.
  await recheckBookings(trx, scope, plan.locks, now, { resources: oldResources, onlyConflicted: true });
  // Read again: promotion may have changed seats_taken.
  return hydrateBooking(trx, scope, createdRow, now);
}

