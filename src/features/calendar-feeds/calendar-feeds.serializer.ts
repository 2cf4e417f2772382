import { iso, isoRequired } from '../../lib/time-format.js';
import type { CalendarFeedRow } from './calendar-feeds.repository.js';
import { redactedFeedUrl } from './redacted-url.js';

export function serializeFeed(row: CalendarFeedRow) {
  return {
    id: row.id,
    object: 'calendar_feed' as const,
    livemode: row.livemode,
    resource: row.resource_id,
    // The URL's token is a secret: every response and event shows it redacted, in every API version.
    url: redactedFeedUrl(row.url),
    refresh_minutes: row.refresh_minutes,
    description: row.description,
    busy_count: row.busy_count,
    last_synced_at: iso(row.last_synced_at),
    last_attempt_at: iso(row.last_attempt_at),
    last_error: row.last_error,
    consecutive_failures: row.consecutive_failures,
    next_sync_at: isoRequired(row.next_sync_at),
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}
export type ApiCalendarFeed = ReturnType<typeof serializeFeed>;
