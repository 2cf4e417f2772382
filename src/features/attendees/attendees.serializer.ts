import { iso, isoRequired } from '../../lib/time-format.js';
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
    cancellation_reason: row.cancellation_reason,
    confirmed_at: iso(row.confirmed_at),
    cancelled_at: iso(row.cancelled_at),
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}
export type ApiAttendee = ReturnType<typeof serializeAttendee>;
