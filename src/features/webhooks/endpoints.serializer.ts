import { iso, isoRequired } from '../../lib/time-format.js';
import type { EndpointRow } from './endpoints.repository.js';

export type { EndpointRow };

/** The endpoint object; `secret` is added only to the create response. */
export function serializeEndpoint(row: EndpointRow) {
  return {
    id: row.id,
    object: 'webhook_endpoint' as const,
    livemode: row.livemode,
    url: row.url,
    enabled_events: row.enabled_events,
    api_version: row.api_version,
    status: row.status,
    disabled_reason: row.disabled_reason,
    disabled_at: iso(row.disabled_at),
    last_success_at: iso(row.last_success_at),
    failing_since: iso(row.failing_since),
    consecutive_failures: row.consecutive_failures,
    description: row.description,
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}
export type ApiEndpoint = ReturnType<typeof serializeEndpoint>;
