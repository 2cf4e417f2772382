/**
 * The booking's serializer lives in capacity, beside the repository of the rows that hold
 * capacity, because capacity's writer and re-check record booking.created, booking.conflicted
 * and booking.conflict_resolved with it; the bookings feature uses it through capacity/index.ts.
 */
import { iso, isoRequired } from '../lib/time-format.js';
import { effectiveStatus } from '../core/bookings/transitions.js';
import type { Conflict } from '../core/availability/types.js';
import type { BookingRow, SegmentRow } from './bookings.repository.js';
import { lifecycleFields } from './lifecycle.js';
import { serializeCustomer } from './customer.js';
import { amountPaid } from '../core/bookings/deposits.js';

export function serializeSegment(s: SegmentRow) {
  return {
    resource: s.resource_id,
    location: s.location_id,
    start: isoRequired(s.start_at),
    end: isoRequired(s.end_at),
    quantity: s.quantity,
    buffer_before_minutes: s.buffer_before_minutes,
    buffer_after_minutes: s.buffer_after_minutes,
  };
}

/**
 * The booking as the API shows it. `status` is the effective one: a pending booking past
 * its expires_at reads as expired even before the expiry worker has written it.
 */
export function serializeBooking(row: BookingRow, segments: SegmentRow[], seatsTaken: number, now: Date) {
  return {
    id: row.id,
    object: 'booking' as const,
    livemode: row.livemode,
    status: effectiveStatus(row.status, row.expires_at ? row.expires_at.getTime() : null, now.getTime()),
    expires_at: iso(row.expires_at),
    start: isoRequired(row.start_at),
    end: isoRequired(row.end_at),
    segments: segments.map(serializeSegment),
    seats: row.seats,
    seats_taken: row.seats === null ? null : seatsTaken,
    conflict_policy: row.conflict_policy,
    conflicted: row.conflicted,
    conflicts: (row.conflicts as Conflict[] | null) ?? null,
    series: row.series_id,
    occurrence_key: row.occurrence_key,
    replaces: row.replaces,
    replaced_by: row.replaced_by,
    waitlist_limit: row.waitlist_limit,
    waitlist_hold_minutes: row.waitlist_hold_minutes,
    policy_overrides: row.policy_overrides,
    charges: row.charges,
    deposit: row.deposit,
    payment_status: row.payment_status,
    amount_paid: amountPaid(row.payments),
    payments: row.payments,
    refunds: row.refunds,
    customer: serializeCustomer(row),
    ...lifecycleFields(row),
  };
}
export type ApiBooking = ReturnType<typeof serializeBooking>;
