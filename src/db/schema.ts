/** Row types of every table, as Kysely sees them. Timestamps read as Date; dates as 'YYYY-MM-DD'. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
/** jsonb columns are written as JSON text (see db/json.ts) and read back parsed. */
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null, string | null>;
export type { Metadata } from '../lib/metadata.js';
import type { Metadata } from '../lib/metadata.js';

export interface PlatformsTable {
  id: string;
  name: string;
  api_version: string;
  created_at: Generated<Date>;
}

export interface ApiKeysTable {
  id: string;
  platform_id: string;
  livemode: boolean;
  kind: 'secret' | 'restricted';
  secret_hash: string;
  last4: string;
  name: string | null;
  permissions: NullableJson<Record<string, 'none' | 'read' | 'write'>>;
  account_id: string | null;
  created_at: Generated<Date>;
  revoked_at: NullableTimestamp;
}

export interface AccountsTable {
  id: string;
  platform_id: string;
  livemode: boolean;
  name: string;
  timezone: string;
  metadata: Json<Metadata>;
  booking_rules: Json<BookingRulesRow>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 010: the default reminder offsets of its resources (docs/reminders.md). */
  reminder_offsets_minutes: Json<number[]>;
}

/** Booking rules as stored on accounts and resources: the fields set (absent or null: none of its own). */
export interface BookingRulesRow {
  min_notice_minutes?: number | null;
  max_advance_days?: number | null;
  max_per_day?: number | null;
  max_per_week?: number | null;
}

export interface LocationsTable {
  account_id: string;
  id: string;
  livemode: boolean;
  name: string;
  timezone: string | null;
  metadata: Json<Metadata>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ResourcesTable {
  account_id: string;
  id: string;
  livemode: boolean;
  name: string;
  type: string;
  capacity: number;
  timezone: string;
  default_location: string | null;
  status: 'active' | 'archived';
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  metadata: Json<Metadata>;
  booking_rules: Json<BookingRulesRow>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 010: null follows the account's offsets (docs/reminders.md). */
  reminder_offsets_minutes: NullableJson<number[]>;
}

export interface EventsTable {
  platform_id: string;
  id: string;
  livemode: boolean;
  account_id: string | null;
  type: string;
  object: Json<Record<string, unknown>>;
  previous_attributes: NullableJson<Record<string, unknown>>;
  created_at: Timestamp;
  /** Migration 010: extra members of the event's `data` (a reminder's offset, a manage link's source). */
  details: NullableJson<Record<string, unknown>>;
}

export interface IdempotencyKeysTable {
  platform_id: string;
  livemode: boolean;
  key: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: Timestamp;
}

export interface WallIntervalRow {
  start: string;
  end: string;
  location: string | null;
}

export interface SchedulesTable {
  account_id: string;
  id: string;
  livemode: boolean;
  resource_id: string;
  effective_from: string;
  weeks: Json<Record<string, WallIntervalRow[]>[]>;
  metadata: Json<Metadata>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ScheduleOverridesTable {
  account_id: string;
  id: string;
  livemode: boolean;
  resource_id: string;
  date: string;
  intervals: Json<WallIntervalRow[]>;
  metadata: Json<Metadata>;
  created_at: Timestamp;
}

export interface BlocksTable {
  account_id: string;
  id: string;
  livemode: boolean;
  resource_id: string | null;
  location_id: string | null;
  account_wide: boolean;
  start_at: Timestamp;
  end_at: Timestamp;
  reason: string | null;
  metadata: Json<Metadata>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type BookingStatus = 'pending' | 'confirmed' | 'cancelled' | 'expired' | 'completed' | 'no_show';
/** Attendees have the booking states, and `waitlisted` (migration 009, docs/waitlists.md). */
export type AttendeeStatus = BookingStatus | 'waitlisted';

export interface BookingsTable {
  account_id: string;
  id: string;
  livemode: boolean;
  status: BookingStatus;
  expires_at: NullableTimestamp;
  start_at: Timestamp;
  end_at: Timestamp;
  seats: number | null;
  conflict_policy: 'reject' | 'capacity_only' | 'allow';
  conflicted: boolean;
  conflicts: NullableJson<unknown[]>;
  series_id: string | null;
  occurrence_key: string | null;
  /** Migration 005: cancelled by a change of its series, not by hand (may be generated again). */
  cancelled_by_series: Generated<boolean>;
  replaces: string | null;
  replaced_by: string | null;
  cancellation_reason: string | null;
  confirmed_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  metadata: Json<Metadata>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The iCalendar SEQUENCE: raised by a trigger on every update of the row (migration 007). */
  revision: Generated<number>;
  /** Migration 009: attendees that may wait for a seat (0: no waitlist). */
  waitlist_limit: Generated<number>;
  /** Migration 009: the hold of a promoted attendee, in minutes (0: promoted to confirmed). */
  waitlist_hold_minutes: Generated<number>;
}

export interface BookingSegmentsTable {
  account_id: string;
  booking_id: string;
  position: number;
  resource_id: string;
  location_id: string | null;
  start_at: Timestamp;
  end_at: Timestamp;
  held_start: Timestamp;
  held_end: Timestamp;
  quantity: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  /** Migration 004: the caller named this location (re-checks keep requiring it). */
  location_requested: Generated<boolean>;
}

export interface AttendeesTable {
  account_id: string;
  id: string;
  livemode: boolean;
  booking_id: string;
  status: AttendeeStatus;
  seats: number;
  /** Migration 009: the place in line, dense from 1; set only while waitlisted. */
  waitlist_position: number | null;
  expires_at: NullableTimestamp;
  cancellation_reason: string | null;
  confirmed_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  metadata: Json<Metadata>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type WebhookEndpointStatus = 'enabled' | 'disabled';
export type WebhookDeliveryStatus = 'pending' | 'sending' | 'succeeded' | 'failed';

export interface WebhookEndpointsTable {
  platform_id: string;
  id: string;
  livemode: boolean;
  url: string;
  enabled_events: Json<string[]>;
  api_version: string;
  /** `whsec_…`; kept in clear because every delivery is signed with it. */
  secret: string;
  status: WebhookEndpointStatus;
  disabled_reason: 'manual' | 'failing' | null;
  disabled_at: NullableTimestamp;
  last_success_at: NullableTimestamp;
  failing_since: NullableTimestamp;
  consecutive_failures: number;
  description: string | null;
  metadata: Json<Metadata>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DeliveryAttemptRow {
  attempted_at: string;
  response_status: number | null;
  error: string | null;
  duration_ms: number;
}

export interface WebhookDeliveriesTable {
  platform_id: string;
  id: string;
  livemode: boolean;
  event_id: string;
  event_type: string | null;
  endpoint_id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: NullableTimestamp;
  /** While `sending`: the lease; past it the delivery may be claimed again. */
  locked_until: NullableTimestamp;
  /** Which claim holds the lease; the attempt is recorded only by that claim. */
  claim_token: string | null;
  /** True while the endpoint is disabled: keeps its waiting deliveries out of the due index. */
  endpoint_paused: Generated<boolean>;
  last_attempt_at: NullableTimestamp;
  last_response_status: number | null;
  last_error: string | null;
  resent_at: NullableTimestamp;
  recent_attempts: Json<DeliveryAttemptRow[]>;
  created_at: Timestamp;
}

export type SeriesStatus = 'active' | 'ended' | 'cancelled';

/** A series template as stored (the API's output shape; docs/series.md). */
export interface SeriesTemplateRow {
  segments: {
    resource: string | null;
    resources: string[] | null;
    offset_minutes: number | null;
    duration_minutes: number;
    quantity: number | null;
    location: string | null;
    buffer_before_minutes: number | null;
    buffer_after_minutes: number | null;
    /** Absent in templates stored before candidate order existed: listed. */
    candidate_order?: 'listed' | 'balanced';
  }[];
  seats: number | null;
  metadata: Metadata | null;
}

export interface SeriesTable {
  account_id: string;
  id: string;
  livemode: boolean;
  status: SeriesStatus;
  rrule: string;
  start_date: string;
  start_time: string;
  timezone: string;
  template: Json<SeriesTemplateRow>;
  horizon_days: number;
  conflict_policy: 'reject' | 'capacity_only' | 'allow';
  generated_until: NullableTimestamp;
  ends_before: NullableTimestamp;
  split_from: string | null;
  split_into: string | null;
  /** A split's new series: occurrences begin here (its rule keeps the parent's DTSTART). */
  begins_at: NullableTimestamp;
  /** When the horizon worker must look at the series next (generate, or end it). */
  due_at: NullableTimestamp;
  metadata: Json<Metadata>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SeriesResourcesTable {
  account_id: string;
  series_id: string;
  resource_id: string;
}

export interface SeriesSkippedOccurrencesTable {
  account_id: string;
  series_id: string;
  occurrence_key: string;
  start_at: Timestamp;
  end_at: Timestamp;
  conflicts: Json<unknown[]>;
  created_at: Timestamp;
}

/** Usage metering (006-usage.sql, docs/usage.md). `period` is a month's first day ('2026-03-01'); counters are bigint, read as numbers. */
export interface UsageCountersTable {
  account_id: string;
  period: string;
  platform_id: string;
  livemode: boolean;
  active_accounts: Generated<number>;
  active_resources: Generated<number>;
  bookings_created: Generated<number>;
  api_requests: Generated<number>;
  webhook_deliveries: Generated<number>;
}

export interface UsagePlatformCountersTable {
  platform_id: string;
  livemode: boolean;
  period: string;
  api_requests: Generated<number>;
  webhook_deliveries: Generated<number>;
}

export interface UsageActiveObjectsTable {
  account_id: string;
  period: string;
  object_id: string;
}

export interface UsagePeriodsTable {
  period: string;
  opened_at: Timestamp;
}

export interface UsageStatementsTable {
  platform_id: string;
  livemode: boolean;
  period: string;
  id: string;
  totals: Json<Record<string, number>>;
  accounts: Json<Record<string, unknown>[]>;
  created_at: Timestamp;
}

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

export interface Database {
  platforms: PlatformsTable;
  api_keys: ApiKeysTable;
  accounts: AccountsTable;
  locations: LocationsTable;
  resources: ResourcesTable;
  events: EventsTable;
  idempotency_keys: IdempotencyKeysTable;
  schedules: SchedulesTable;
  schedule_overrides: ScheduleOverridesTable;
  blocks: BlocksTable;
  bookings: BookingsTable;
  booking_segments: BookingSegmentsTable;
  attendees: AttendeesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  series: SeriesTable;
  series_resources: SeriesResourcesTable;
  series_skipped_occurrences: SeriesSkippedOccurrencesTable;
  usage_counters: UsageCountersTable;
  usage_platform_counters: UsagePlatformCountersTable;
  usage_active_objects: UsageActiveObjectsTable;
  usage_periods: UsagePeriodsTable;
  usage_statements: UsageStatementsTable;
  resource_feed_urls: ResourceFeedUrlsTable;
  calendar_feeds: CalendarFeedsTable;
  calendar_feed_busy: CalendarFeedBusyTable;
  booking_reminders: BookingRemindersTable;
  manage_links: ManageLinksTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
