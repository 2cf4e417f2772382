import { iso } from '../../lib/time-format.js';
import { lifecycleFields, serializeCustomer } from '../../capacity/index.js';
import { effectiveStatus } from '../../core/bookings/transitions.js';
import type { AttendeeRow } from './attendees.repository.js';

export function serializeAttendee(row: AttendeeRow, now: Date) {
  return {
    id: row.id,
    object: 'attendee' as const,
    livemode: row.livemode,
    booking: row.booking_id,
    status: effectiveStatus(row.status, row.expires_at ? row.expires_at.getTime() : null, now.getTime()),
    seats: row.seats,
    expires_at: iso(row.expires_at),
    waitlist_position: row.waitlist_position,
    customer: serializeCustomer(row),
    ...lifecycleFields(row),
  };
}
export type ApiAttendee = ReturnType<typeof serializeAttendee>;
