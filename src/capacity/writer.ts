/**
 * Writes a planned booking (row + segments) and its booking.created event. Shared by create,
 * reschedule, import and series generation, so every booking is stored the same way.
 */
import { afterCommit, type Trx } from '../db/transaction.js';
import { usageMeter } from '../metering/index.js';
import { domainSignals } from '../metrics/signals.js';
import type { BookingStatus, DepositPolicy, PaymentRow, PaymentStatus, PolicyOverride } from '../db/schema.js';
import type { AccountScope } from '../tenancy/index.js';
import { newId, ID_PREFIX } from '../lib/ids.js';
import { recordEvent } from '../events/outbox.repository.js';
import type { Conflict, ConflictPolicy } from '../core/availability/types.js';
import type { BookingRow, SegmentRow } from './bookings.repository.js';
import { insertBookingWithSegments } from './booking-insert.repository.js';
import { serializeBooking, type ApiBooking } from './bookings.serializer.js';
import { spanOf, type LockedPlan } from './planner.js';
import { NO_CUSTOMER, type CustomerColumns } from './customer.js';

export interface WriteBooking {
  /** From lockAndPlan: the booking is written under the locks it was planned with. */
  plan: LockedPlan;
  /** Per input segment: whether the caller named its location. */
  locationRequested: boolean[];
  status: BookingStatus;
  expiresAt: Date | null;
  seats: number | null;
  /** The waitlist settings (docs/waitlists.md); default 0 and 0: no waitlist. */
  waitlistLimit?: number;
  waitlistHoldMinutes?: number;
  policy: ConflictPolicy;
  metadata: Record<string, string>;
  /** Uses of override_policy carried over (a reschedule keeps the old booking's). */
  policyOverrides?: PolicyOverride[];
  /** The customer's columns (customer.ts); default: none. */
  customer?: CustomerColumns;
  /** The deposit the booking must be paid (docs/policies.md#deposits); default: none. */
  deposit?: DepositPolicy | null;
  /** A reschedule carries the old booking's payments and status over; default: none paid (`required`). */
  payments?: PaymentRow[];
  paymentStatus?: PaymentStatus;
  /** Conflicts to record on the booking; default: everything the plan found. */
  conflicts?: Conflict[];
  replaces?: string | null;
  seriesId?: string | null;
  occurrenceKey?: string | null;
  createdAt?: Date;
  confirmedAt?: Date | null;
  cancelledAt?: Date | null;
  cancellationReason?: string | null;
  /** Seats already taken (attendees moved in by a reschedule). */
  seatsTaken?: number;
  /** Set false when the caller writes the event itself. */
  emitEvent?: boolean;
}

export async function writeBooking(
  trx: Trx,
  scope: AccountScope,
  w: WriteBooking,
  now: Date,
): Promise<{ row: BookingRow; segments: SegmentRow[]; booking: ApiBooking }> {
  const createdAt = w.createdAt ?? now;
  const conflicts = w.conflicts ?? w.plan.conflicts;
  const span = spanOf(w.plan.segments);
  const id = newId(ID_PREFIX.booking);
  const customer = w.customer ?? NO_CUSTOMER;
  // Every column, none left to a default: the row written is this one (insertBookingWithSegments).
  const row: BookingRow = {
    account_id: scope.accountId,
    id,
    livemode: scope.livemode,
    status: w.status,
    expires_at: w.expiresAt,
    start_at: new Date(span.start),
    end_at: new Date(span.end),
    seats: w.seats,
    conflict_policy: w.policy,
    conflicted: conflicts.length > 0,
    conflicts: conflicts.length > 0 ? conflicts : null,
    series_id: w.seriesId ?? null,
    occurrence_key: w.occurrenceKey ?? null,
    cancelled_by_series: false,
    replaces: w.replaces ?? null,
    replaced_by: null,
    cancellation_reason: w.cancellationReason ?? null,
    confirmed_at: w.confirmedAt !== undefined ? w.confirmedAt : w.status === 'confirmed' ? now : null,
    cancelled_at: w.cancelledAt ?? null,
    metadata: w.metadata,
    created_at: createdAt,
    updated_at: now,
    revision: 0,
    waitlist_limit: w.waitlistLimit ?? 0,
    waitlist_hold_minutes: w.waitlistHoldMinutes ?? 0,
    policy_overrides: w.policyOverrides ?? [],
    charges: [],
    deposit: w.deposit ?? null,
    payment_status: w.deposit ? (w.paymentStatus ?? 'required') : null,
    payments: w.payments ?? [],
    refunds: [],
    customer_reference: customer.customer_reference,
    customer_name: customer.customer_name,
    customer_email: customer.customer_email,
    customer_phone: customer.customer_phone,
    customer_locale: customer.customer_locale,
    customer_time_zone: customer.customer_time_zone,
  };
  const segments: SegmentRow[] = w.plan.segments.map((s, position) => ({
    account_id: scope.accountId,
    booking_id: id,
    position,
    resource_id: s.resource,
    location_id: s.location,
    location_requested: w.locationRequested[position] ?? false,
    start_at: new Date(s.start),
    end_at: new Date(s.end),
    held_start: new Date(s.heldStart),
    held_end: new Date(s.heldEnd),
    quantity: s.quantity,
    buffer_before_minutes: s.bufferBeforeMinutes,
    buffer_after_minutes: s.bufferAfterMinutes,
    // Copies of the booking's (migration 011).
    booking_status: row.status,
    booking_expires_at: row.expires_at,
  }));
  await insertBookingWithSegments(trx, row, segments);
  const booking = serializeBooking(row, segments, w.seatsTaken ?? 0, now);
  if (w.emitEvent !== false) await recordEvent(trx, scope, 'booking.created', booking, null, now);
  // Metered here, where every booking is stored, so no way of creating one escapes the count.
  await usageMeter.bookingsCreated(trx, scope, now);
  afterCommit(trx, () => domainSignals.bookingsCreated(scope.livemode));
  return { row, segments, booking };
}
