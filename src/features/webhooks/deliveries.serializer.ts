import { iso, isoRequired } from '../../lib/time-format.js';
import type { Row } from '../../db/schema.js';

export type DeliveryRow = Row<'webhook_deliveries'>;

/** The delivery object (object 'webhook_delivery'); `recent_attempts` is oldest first, at most 10. */
export function serializeDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    object: 'webhook_delivery' as const,
    livemode: row.livemode,
    event: row.event_id,
    event_type: row.event_type,
    endpoint: row.endpoint_id,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: iso(row.next_attempt_at),
    last_attempt_at: iso(row.last_attempt_at),
    last_response_status: row.last_response_status,
    last_error: row.last_error,
    resent_at: iso(row.resent_at),
    recent_attempts: row.recent_attempts.map((a) => ({
      attempted_at: a.attempted_at,
      response_status: a.response_status,
      error: a.error,
      duration_ms: a.duration_ms,
    })),
    metadata: {} as Record<string, string>,
    created_at: isoRequired(row.created_at),
  };
}
export type ApiDelivery = ReturnType<typeof serializeDelivery>;
