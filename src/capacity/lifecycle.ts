/** The fields bookings and attendees share at the end of their API shape, in this order. */
import { iso, isoRequired } from '../lib/time-format.js';
import type { Metadata } from '../db/schema.js';

export interface LifecycleRow {
  cancellation_reason: string | null;
  confirmed_at: Date | null;
  cancelled_at: Date | null;
  metadata: Metadata;
  created_at: Date;
  updated_at: Date;
}

export function lifecycleFields(row: LifecycleRow) {
  return {
    cancellation_reason: row.cancellation_reason,
    confirmed_at: iso(row.confirmed_at),
    cancelled_at: iso(row.cancelled_at),
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}
