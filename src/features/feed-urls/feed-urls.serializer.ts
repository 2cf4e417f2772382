import type { FeedBookingRow } from '../../capacity/index.js';
import type { FeedUrlRow } from './feed-urls.repository.js';
import type { FeedEvent } from './ics.js';

export interface FeedUrl {
  id: string;
  object: 'feed_url';
  livemode: boolean;
  resource: string;
  description: string | null;
  token_last4: string;
  created_at: string;
  /** Only in the answer to create: the secret URL is never shown again. */
  url?: string;
}

export function serializeFeedUrl(row: FeedUrlRow): FeedUrl {
  return {
    id: row.id,
    object: 'feed_url',
    livemode: row.livemode,
    resource: row.resource_id,
    description: row.description,
    token_last4: row.token_last4,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** A booking of the feed as an iCalendar event (a cancelled one with STATUS:CANCELLED). */
export function feedEventOf(resourceName: string, b: FeedBookingRow): FeedEvent {
  const cancelled = b.status === 'cancelled';
  const lines = [`Booking ${b.id} (${b.status})`];
  if (b.seats !== null) lines.push(`Seats: ${b.seats}`);
  if (cancelled && b.cancellation_reason) lines.push(`Cancelled: ${b.cancellation_reason}`);
  return {
    uid: `${b.id}@scheduling-api`,
    start: b.start_at,
    end: b.end_at,
    sequence: b.revision,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    summary: b.metadata?.summary || `Booked: ${resourceName}`,
    description: lines.join('\n'),
    created: new Date(b.created_at),
    lastModified: new Date(b.updated_at),
  };
}
