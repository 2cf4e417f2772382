import type { AccountScope } from '../../tenancy/index.js';
import { isoRequired } from '../../lib/time-format.js';

export interface ErasureCounts {
  bookings: number;
  attendees: number;
  events: number;
  stored_responses: number;
  booking_sessions: number;
}

/** The answer to an erase request, and the object of its `customer.erased` event: counts, never the customer. */
export function serializeErasure(id: string, scope: AccountScope, counts: ErasureCounts, now: Date) {
  return {
    id,
    object: 'customer_erasure' as const,
    livemode: scope.livemode,
    account: scope.accountId,
    erased: counts,
    created_at: isoRequired(now),
  };
}
