import { isoRequired } from '../../lib/time-format.js';
import type { EventRow } from '../../events/events.repository.js';

/**
 * Events are stored in the latest shape; the version chain renders them per reader, and
 * `api_version` names the version they are rendered in.
 */
export function serializeEvent(row: EventRow, apiVersion: string) {
  return {
    id: row.id,
    object: 'event' as const,
    account: row.account_id,
    api_version: apiVersion,
    type: row.type,
    livemode: row.livemode,
    created_at: isoRequired(row.created_at),
    data: { object: row.object, previous_attributes: row.previous_attributes ?? null, ...(row.details ?? {}) },
  };
}
