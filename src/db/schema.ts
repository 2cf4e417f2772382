/**
 * Row types of every table, as Kysely sees them. Timestamps read as Date; dates as
 * 'YYYY-MM-DD'. The tables are declared by area in src/db/schema/; `Database` names them all
 * (test/db/schema-types.test.ts checks them against the migrated database).
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type * as platform from './schema/platform.js';
import type * as scheduling from './schema/scheduling.js';
import type * as series from './schema/series.js';
import type * as feeds from './schema/feeds-and-links.js';

export type { Metadata } from '../lib/metadata.js';
export type * from './schema/platform.js';
export type * from './schema/scheduling.js';
export type * from './schema/series.js';
export type * from './schema/feeds-and-links.js';

export interface Database {
  platforms: platform.PlatformsTable;
  api_keys: platform.ApiKeysTable;
  accounts: platform.AccountsTable;
  locations: scheduling.LocationsTable;
  resources: scheduling.ResourcesTable;
  events: platform.EventsTable;
  idempotency_keys: platform.IdempotencyKeysTable;
  schedules: scheduling.SchedulesTable;
  schedule_overrides: scheduling.ScheduleOverridesTable;
  blocks: scheduling.BlocksTable;
  bookings: scheduling.BookingsTable;
  booking_segments: scheduling.BookingSegmentsTable;
  booking_metadata: scheduling.BookingMetadataTable;
  attendees: scheduling.AttendeesTable;
  webhook_endpoints: platform.WebhookEndpointsTable;
  webhook_deliveries: platform.WebhookDeliveriesTable;
  webhook_delivery_queue: platform.WebhookDeliveryQueueTable;
  series: series.SeriesTable;
  series_resources: series.SeriesResourcesTable;
  series_skipped_occurrences: series.SeriesSkippedOccurrencesTable;
  usage_counters: platform.UsageCountersTable;
  usage_platform_counters: platform.UsagePlatformCountersTable;
  usage_active_objects: platform.UsageActiveObjectsTable;
  usage_periods: platform.UsagePeriodsTable;
  usage_statements: platform.UsageStatementsTable;
  resource_feed_urls: feeds.ResourceFeedUrlsTable;
  calendar_feeds: feeds.CalendarFeedsTable;
  calendar_feed_busy: feeds.CalendarFeedBusyTable;
  booking_reminders: feeds.BookingRemindersTable;
  reminder_queue: feeds.ReminderQueueTable;
  manage_links: feeds.ManageLinksTable;
  exports: platform.ExportsTable;
  booking_sessions: feeds.BookingSessionsTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
