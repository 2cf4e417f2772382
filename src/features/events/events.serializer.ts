import { isoRequired } from '../../lib/time-format.js';
import type { EventRow } from '../../events/events.repository.js';
import type { ActorType } from '../../events/source.js';
import { renderInVersion, type ApiVersion } from '../../lib/api-versions.js';

const actorOf = (row: EventRow) => (row.actor_type ? { type: row.actor_type as ActorType, id: row.actor_id } : null);

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
    actor: actorOf(row),
    request_id: row.request_id,
    data: { object: row.object, previous_attributes: row.previous_attributes ?? null, ...(row.details ?? {}) },
  };
}

/**
 * An event of an object's history as a change: the attributes it set, each with its value
 * before (the event's `previous_attributes`) and after (the object it carries). The change is
 * read from the event as the reader's version renders it, so that a history shows exactly what
 * that version's events say: fields of later versions left out or renamed, and no change at all
 * for an event the version does not have (null).
 */
export function serializeChange(row: EventRow, apiVersion: string) {
  // The version was checked when the request was authenticated.
  const event = renderInVersion(serializeEvent(row, apiVersion), apiVersion as ApiVersion) as ReturnType<typeof serializeEvent> | null;
  if (!event) return null;
  const previous = event.data.previous_attributes as Record<string, unknown> | null;
  const current = event.data.object as Record<string, unknown>;
  const changed = previous ? Object.fromEntries(Object.keys(previous).map((k) => [k, { previous: previous[k], current: current[k] ?? null }])) : null;
  return {
    id: row.id,
    object: 'booking_change' as const,
    type: event.type,
    created_at: isoRequired(row.created_at),
    actor: actorOf(row),
    request_id: row.request_id,
    changed_attributes: changed,
  };
}
