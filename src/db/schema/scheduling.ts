/** Row types of what is booked and when: locations, resources, working time, blocks, bookings, attendees. */
import type { Generated } from 'kysely';
import type { Metadata } from '../../lib/metadata.js';
import type { HolidayType } from '../../lib/holidays.js';
import type { DefaultedNullableJson, Json, JsonWithDefault, NullableJson, NullableTimestamp, Timestamp } from './columns.js';

/** One use of override_policy, as recorded on the booking (migration 015). */
export interface PolicyOverride {
  rule: 'cancel_cutoff_minutes' | 'reschedule_cutoff_minutes';
  action: 'cancel' | 'reschedule';
  at: string;
}

/** An amount in a currency's minor units (ISO 4217: 2000 EUR is 20.00 €). */
export interface Money {
  amount: number;
  currency: string;
}

/** What a late cancel or a no-show costs, as recorded on the booking (migration 015). */
export interface ChargeRow extends Money {
  id: string;
  type: 'late_cancel' | 'no_show';
  status: 'due' | 'settled' | 'waived';
  created_at: string;
  closed_at: string | null;
}

/** A payment of a booking's deposit, as recorded on the booking (migration 020, docs/policies.md#deposits). */
export interface PaymentRow extends Money {
  id: string;
  provider: string;
  reference: string;
  created_at: string;
}

/** What the platform owes the customer back (migration 020): a deposit paid for a booking that did not take place. */
export interface RefundRow extends Money {
  id: string;
  reason: 'cancelled' | 'declined' | 'expired';
  status: 'due';
  created_at: string;
}

/** A booking's deposit payment state (migration 020; null on a booking without a deposit). */
export type PaymentStatus = 'required' | 'partially_paid' | 'paid' | 'refund_due';

/** The deposit of a booking policy (migration 020): what to pay, and how long the slot is held for it. */
export interface DepositPolicy extends Money {
  hold_minutes: number;
}

/** A booking policy as stored on accounts and resources (migration 015): the fields set (absent or null: none of its own). */
export interface BookingPolicyRow {
  approval?: 'none' | 'required' | null;
  approval_timeout_minutes?: number | null;
  cancel_cutoff_minutes?: number | null;
  reschedule_cutoff_minutes?: number | null;
  late_cancel_fee?: Money | null;
  no_show_fee?: Money | null;
  /** Migration 020 (API version 2027-03-15). */
  deposit?: DepositPolicy | null;
}

/** Booking rules as stored on accounts and resources: the fields set (absent or null: none of its own). */
export interface BookingRulesRow {
  min_notice_minutes?: number | null;
  max_advance_days?: number | null;
  max_per_day?: number | null;
  max_per_week?: number | null;
}

/** Public holidays as stored (migration 016, docs/availability.md#holidays): which country's and region's days close. */
export interface HolidaysRow {
  country: string;
  subdivision: string | null;
  types: HolidayType[];
}

/** On a resource: null follows the account's; `{ off: true }` turns them off; else its own. */
export type ResourceHolidaysRow = HolidaysRow | { off: true };

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
  /** Migration 015 (docs/policies.md). */
  booking_policy: JsonWithDefault<BookingPolicyRow>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 010: null follows the account's offsets (docs/reminders.md). */
  reminder_offsets_minutes: NullableJson<number[]>;
  /** Migration 016: null follows the account's holidays. */
  holidays: DefaultedNullableJson<ResourceHolidaysRow>;
  /** Migration 016: `weighted` candidate order's share (1–100) and level (0–9). */
  assignment_weight: Generated<number>;
  assignment_priority: Generated<number>;
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

export type BookingStatus = 'requested' | 'pending' | 'confirmed' | 'cancelled' | 'expired' | 'completed' | 'no_show';
/** Attendees have the booking states, and `waitlisted` (migration 009, docs/waitlists.md). */
export type AttendeeStatus = 'pending' | 'confirmed' | 'cancelled' | 'expired' | 'completed' | 'no_show' | 'waitlisted';

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
  /** Migration 015: each time a secret key went past a policy (docs/policies.md#override). */
  policy_overrides: JsonWithDefault<PolicyOverride[]>;
  /** Migration 015: fees due, settled or waived (docs/policies.md#fees). */
  charges: JsonWithDefault<ChargeRow[]>;
  /** Migration 020: the deposit fixed on the booking when made (docs/policies.md#deposits); null: none. */
  deposit: DefaultedNullableJson<DepositPolicy>;
  /** Migration 020: null exactly when there is no deposit. */
  payment_status: PaymentStatus | null;
  /** Migration 020: the deposit's payments, each (provider, reference) once. */
  payments: JsonWithDefault<PaymentRow[]>;
  /** Migration 020: refunds due to the customer. */
  refunds: JsonWithDefault<RefundRow[]>;
  /** Migration 015: the customer (docs/policies.md#customers); present when customer_reference is set. */
  customer_reference: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  customer_locale: string | null;
  customer_time_zone: string | null;
}

/** One pair of a booking's metadata (035-booking-lists-bounded.sql): kept by triggers, read by the list's `metadata[key]` filter. */
export interface BookingMetadataTable {
  account_id: string;
  key: string;
  value: string;
  booking_id: string;
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
  /**
   * Migration 011: copies of the booking's status and expires_at, written with the segment and
   * kept in step by a trigger, so a segment answers "does it hold capacity" by itself.
   */
  booking_status: BookingStatus;
  booking_expires_at: NullableTimestamp;
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
  /** Migration 015: the customer (docs/policies.md#customers); present when customer_reference is set. */
  customer_reference: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  customer_locale: string | null;
  customer_time_zone: string | null;
}

/** The customer's columns, the same on bookings and attendees (migration 015). */
export type CustomerColumns = Pick<BookingsTable, 'customer_reference' | 'customer_name' | 'customer_email' | 'customer_phone' | 'customer_locale' | 'customer_time_zone'>;
