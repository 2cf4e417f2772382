/** Row types of what is booked and when: locations, resources, working time, blocks, bookings, attendees. */
import type { Generated } from 'kysely';
import type { Metadata } from '../../lib/metadata.js';
import type { Json, NullableJson, NullableTimestamp, Timestamp } from './columns.js';

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
}
