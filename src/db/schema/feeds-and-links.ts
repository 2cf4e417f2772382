/** Row types of feed URLs, subscribed calendar feeds, reminders and manage links. */
import type { Generated } from 'kysely';
import type { Metadata } from '../../lib/metadata.js';
import type { Json, NullableTimestamp, Timestamp } from './columns.js';

/** Secret feed URLs of a resource's calendar (docs/feed-urls.md); only the token's hash is kept. */
export interface ResourceFeedUrlsTable {
  account_id: string;
  id: string;
  livemode: boolean;
  resource_id: string;
  token_hash: string;
  token_last4: string;
  description: string | null;
  created_at: Timestamp;
}

/** Subscribed iCalendar feeds: busy time of a resource (migration 009, docs/calendar-feeds.md). */
export interface CalendarFeedsTable {
  account_id: string;
  id: string;
  livemode: boolean;
  resource_id: string;
  /** Sealed with SECRETS_KEY (`v1:…`, src/lib/secrets-box.ts): the URL carries its owner's token. */
  url: string;
  refresh_minutes: number;
  description: string | null;
  metadata: Json<Metadata>;
  /** The validators of the last 200 answer, sent back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  last_modified: string | null;
  /** SHA-256 of the last good body: the same text again changes nothing. */
  content_hash: string | null;
  busy_count: Generated<number>;
  last_synced_at: NullableTimestamp;
  last_attempt_at: NullableTimestamp;
  last_error: string | null;
  consecutive_failures: Generated<number>;
  /** When the worker syncs it next; also its lease while a sync runs. */
  next_sync_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The busy intervals of a feed's last good sync (migration 009). */
export interface CalendarFeedBusyTable {
  account_id: string;
  feed_id: string;
  /** Its place in the sync's list, earliest first: the key within the feed. */
  position: number;
  resource_id: string;
  start_at: Timestamp;
  end_at: Timestamp;
  uid: string;
}

/** Reminders sent (010-reminders.sql, docs/reminders.md): the key makes each one once. */
export interface BookingRemindersTable {
  account_id: string;
  booking_id: string;
  offset_minutes: number;
  start_at: Timestamp;
  remind_at: Timestamp;
  created_at: Timestamp;
}

/**
 * The reminders due, by due time (014-reminder-queue.sql, docs/reminders.md): written by
 * triggers with the booking or the offsets, removed by the worker once handled.
 */
export interface ReminderQueueTable {
  account_id: string;
  booking_id: string;
  offset_minutes: number;
  start_at: Timestamp;
  due_at: Timestamp;
}

/** Self-service links of a booking (010-reminders.sql, docs/manage-links.md); only the token's hash is kept. */
export interface ManageLinksTable {
  account_id: string;
  id: string;
  livemode: boolean;
  booking_id: string;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  metadata: Json<Metadata>;
  created_at: Timestamp;
}

/** What a booking session lets its client secret search and book (docs/elements.md). */
export interface BookingSessionTemplate {
  segments: Record<string, unknown>[];
  search_from: string;
  search_to: string;
  timezone: string | null;
  slot_interval_minutes: number | null;
  hold_minutes: number;
}

/** Booking sessions (migration 022, docs/elements.md); only the client secret's hash is kept. */
export interface BookingSessionsTable {
  account_id: string;
  id: string;
  platform_id: string;
  livemode: boolean;
  secret_hash: string;
  api_version: string;
  template: Json<BookingSessionTemplate>;
  customer: Json<Record<string, string | null>> | null;
  customer_fields: Json<string[]>;
  allowed_origins: Json<string[]>;
  return_url: string | null;
  metadata: Json<Metadata>;
  booking_id: string | null;
  expires_at: Timestamp;
  completed_at: NullableTimestamp;
  expired_at: NullableTimestamp;
  created_at: Timestamp;
}
