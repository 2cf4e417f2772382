import { iso, isoRequired } from '../../lib/time-format.js';
import type { BookingSessionRow } from '../../tenancy/index.js';

export type SessionStatus = 'open' | 'completed' | 'expired';

/** A session's status is read at `now`: it expires without a write (the worker writes the event). */
export function sessionStatus(row: BookingSessionRow, now: Date): SessionStatus {
  if (row.completed_at) return 'completed';
  return row.expired_at || row.expires_at.getTime() <= now.getTime() ? 'expired' : 'open';
}

export function serializeSession(row: BookingSessionRow, now: Date) {
  const t = row.template;
  return {
    id: row.id,
    object: 'booking_session' as const,
    livemode: row.livemode,
    status: sessionStatus(row, now),
    segments: t.segments,
    search: { from: t.search_from, to: t.search_to, timezone: t.timezone, slot_interval_minutes: t.slot_interval_minutes },
    hold_minutes: t.hold_minutes,
    customer: row.customer,
    customer_fields: row.customer_fields,
    allowed_origins: row.allowed_origins,
    return_url: row.return_url,
    booking: row.booking_id,
    metadata: row.metadata,
    expires_at: isoRequired(row.expires_at),
    completed_at: iso(row.completed_at),
    expired_at: iso(row.expired_at ?? (row.completed_at ? null : row.expires_at.getTime() <= now.getTime() ? row.expires_at : null)),
    created_at: isoRequired(row.created_at),
  };
}
export type ApiBookingSession = ReturnType<typeof serializeSession>;
