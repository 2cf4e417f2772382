/** Row types of what belongs to platforms: keys, accounts, events, idempotency, webhooks, usage. */
import type { Generated } from 'kysely';
import type { Metadata } from '../../lib/metadata.js';
import type { DefaultedNullableJson, Json, JsonWithDefault, NullableJson, NullableTimestamp, Timestamp } from './columns.js';
import type { BookingPolicyRow, BookingRulesRow, HolidaysRow } from './scheduling.js';

export interface PlatformsTable {
  id: string;
  name: string;
  api_version: string;
  created_at: Generated<Date>;
  /** Migration 023 (docs/privacy.md#retention): days kept, 1 to 30 (default 30). */
  events_retention_days: Generated<number>;
  deliveries_retention_days: Generated<number>;
  /** Days after a booking's end its customer fields are kept; null: until erased. */
  bookings_personal_data_retention_days: number | null;
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
  /** Migration 016: the default holidays of the account's resources, or null (none). */
  holidays: DefaultedNullableJson<HolidaysRow>;
  /** Migration 015 (docs/policies.md). */
  booking_policy: JsonWithDefault<BookingPolicyRow>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 010: the default reminder offsets of its resources (docs/reminders.md). */
  reminder_offsets_minutes: Json<number[]>;
  /** Migration 017: how the account shows itself on the pages people see (docs/accounts.md#pages). */
  display_name: string | null;
  accent_color: string | null;
  booking_label_metadata_key: string | null;
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
  /** Migration 019: who made the change, through which door (src/events/source.ts); null before it. */
  actor_type: string | null;
  actor_id: string | null;
  request_id: string | null;
  /** The id of the object the event is about (`object.id`), for one object's history. */
  object_id: string | null;
}

export interface IdempotencyKeysTable {
  platform_id: string;
  livemode: boolean;
  key: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: string | null;
  /** The account the request acted for; null for a platform-level request. */
  account_id: string | null;
  created_at: Timestamp;
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
  /** `whsec_…`, sealed with SECRETS_KEY (`v1:…`, src/lib/secrets-box.ts; plaintext in rows written before encryption, until `secrets rotate`). */
  secret: string;
  status: WebhookEndpointStatus;
  disabled_reason: 'manual' | 'failing' | null;
  disabled_at: NullableTimestamp;
  last_success_at: NullableTimestamp;
  failing_since: NullableTimestamp;
  consecutive_failures: number;
  /** The delivery lane rests until then after a failed attempt (migration 012; delivery-lanes.ts). */
  backoff_until: NullableTimestamp;
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

/**
 * The deliveries pending or sending, one row each (028-delivery-queue.sql): what the worker
 * reads to find work. Written only by the trigger of `webhook_deliveries`.
 */
export interface WebhookDeliveryQueueTable {
  platform_id: string;
  delivery_id: string;
  endpoint_id: string;
  status: 'pending' | 'sending';
  endpoint_paused: boolean;
  next_attempt_at: NullableTimestamp;
  locked_until: NullableTimestamp;
}

/** Usage metering (006-usage.sql, docs/usage.md). `period` is a month's first day ('2026-03-01'); counters are bigint, read as numbers. */
export interface UsageCountersTable {
  account_id: string;
  period: string;
  platform_id: string;
  livemode: boolean;
  /** One of the COUNTER_SLOTS rows of the account's month (migration 024). */
  slot: Generated<number>;
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

export type ExportStatus = 'pending' | 'ready' | 'failed';

/** Where the export worker stopped: the object type it writes and the last id written. */
export interface ExportProgress {
  type?: string;
  after?: string;
  /** The length of the type's file when this progress was recorded. */
  bytes?: number;
  /** Objects written so far, by type. */
  counts?: Record<string, number>;
}

export interface ExportManifestFile {
  type: string;
  file: string;
  count: number;
  bytes: number;
  sha256: string;
}

/** Migration 023: an export of an account's data (docs/privacy.md#export). */
export interface ExportsTable {
  account_id: string;
  id: string;
  livemode: boolean;
  status: ExportStatus;
  progress: JsonWithDefault<ExportProgress>;
  manifest: NullableJson<{ files: ExportManifestFile[] }>;
  checksum: string | null;
  size_bytes: number | null;
  failure_reason: string | null;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}
