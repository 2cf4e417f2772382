/**
 * The vocabulary of the pure availability core. Everything here is plain data:
 * instants are epoch milliseconds (UTC), intervals are half-open [start, end).
 * No I/O, no clock: `now` is always passed in.
 */

import type { Interval, Weekday } from '../time/types.js';

/** A wall-clock interval as stored on schedules and overrides ("HH:MM", end may be "24:00"). */
export interface WallInterval {
  start: string;
  end: string;
  location: string | null;
}

export type WeekMap = Partial<Record<Weekday, WallInterval[]>>;

export interface ScheduleFacts {
  id: string;
  /** YYYY-MM-DD, a local date in the resource's time zone. */
  effectiveFrom: string;
  /** 1 to 4 week maps: a rotation anchored on the Monday-based week holding effectiveFrom. */
  weeks: WeekMap[];
}

export interface OverrideFacts {
  /** The override's id (explanations name it); optional for hand-built facts. */
  id?: string;
  /** YYYY-MM-DD local date; replaces that date's intervals ([] closes the day). */
  date: string;
  intervals: WallInterval[];
}

/**
 * A public holiday of a resource (docs/availability.md#holidays): it closes the local date in
 * the resource's zone, as a closing override would; an override on that date wins.
 */
export interface HolidayFacts {
  /** YYYY-MM-DD local date in the resource's zone. */
  date: string;
  name: string;
  /** The library's rule (e.g. `easter 1`), and the holiday's type (`public`, `bank` …). */
  rule: string;
  type: string;
}

/** Working time turned into instants. `location` is already resolved (null → resource default). */
export interface WorkingInterval extends Interval {
  location: string | null;
}

export interface ResourceFacts {
  id: string;
  capacity: number;
  status: 'active' | 'archived';
  timezone: string;
  defaultLocation: string | null;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** The booking rules in force (the account's, each field overridden by the resource's); absent: none. */
  rules?: BookingRules;
  /** `weighted` order (docs/bookings.md#weighted-assignment): its share (1–100, default 1) and level (0–9, lower first, default 0). */
  assignmentWeight?: number;
  assignmentPriority?: number;
}

/**
 * Booking rules (docs/bookings.md#booking-rules); null: no rule. Minimum notice and maximum
 * advance bound a segment's start relative to now; the caps count the bookings holding the
 * resource on the local day (ISO week) of the segment's start, in the resource's zone.
 */
export interface BookingRules {
  minNoticeMinutes: number | null;
  maxAdvanceDays: number | null;
  maxPerDay: number | null;
  maxPerWeek: number | null;
}

export const NO_RULES: BookingRules = { minNoticeMinutes: null, maxAdvanceDays: null, maxPerDay: null, maxPerWeek: null };

/** Which rules a plan applies: all of them (booking, reschedule, search), the caps only (series), none (imports, re-checks). */
export type RuleScope = 'all' | 'caps' | 'none';

/** How a segment orders its candidates (docs/bookings.md#conflict-policies-and-candidates). */
export type CandidateOrder = 'listed' | 'balanced' | 'weighted';

/** The period over which `weighted` counts each candidate's bookings, in the candidate's zone. */
export type FairnessPeriod = 'day' | 'week' | 'month';

/**
 * A returning customer's latest completed or confirmed booking (docs/bookings.md#returning-customers):
 * its id and the resources of its segments, in segment order. A segment that asks for the
 * previous resource tries the first of these that is among its candidates before any other.
 */
export interface PreviousBooking {
  booking: string;
  resources: readonly string[];
}

/**
 * What became of the previous resource in one segment (explain names it): `preferred`, it fits
 * and is booked; `unavailable`, it is a candidate but does not fit, so the candidate order
 * chose; `not_a_candidate`, none of the previous booking's resources is a candidate of the
 * segment; `no_history`, the customer has no completed or confirmed booking.
 */
export type PreviousOutcome = 'preferred' | 'unavailable' | 'not_a_candidate' | 'no_history';

export interface PreviousChoice {
  outcome: PreviousOutcome;
  /** The previous resource among the candidates (null: none is). */
  resource: string | null;
  /** The customer's latest completed or confirmed booking (null: none). */
  booking: string | null;
}

/** One booking's segment start on a resource: what the caps and `balanced` count. */
export interface BookedStart {
  bookingId: string;
  start: number;
  /** When the booking was made (epoch ms): `balanced` prefers the resource booked least recently. */
  bookedAt: number;
}

/** A block as stored: exactly one scope is set. */
export interface BlockFacts extends Interval {
  id: string;
  resource: string | null;
  location: string | null;
  accountWide: boolean;
  /** Busy time of a subscribed calendar feed (docs/calendar-feeds.md): which feed and event. */
  feed?: { id: string; uid: string };
}

/**
 * Capacity held by another booking's segment: its held time (buffers included) and quantity.
 * Where only capacity counts (a booking's plan), the segments of one held time on a resource
 * come as one hold of their summed quantity, named by the earliest of their bookings.
 */
export interface HoldFacts extends Interval {
  /**
   * The booking holding it; null where held time was read without names (search and the
   * calendar, which only count it: docs/performance.md, "Held time unnamed").
   */
  bookingId: string | null;
  resource: string;
  quantity: number;
}

export type ConflictReason =
  | 'outside_schedule'
  | 'holiday'
  | 'blocked'
  | 'capacity_exceeded'
  | 'resource_archived'
  | 'no_candidate_available'
  | 'start_passed'
  | 'too_soon'
  | 'too_far_ahead'
  | 'limit_reached';

export type CandidateReason =
  | 'outside_schedule'
  | 'holiday'
  | 'blocked'
  | 'capacity_exceeded'
  | 'resource_archived'
  | 'too_soon'
  | 'too_far_ahead'
  | 'limit_reached';

/** The booking rule behind a too_soon, too_far_ahead or limit_reached conflict. */
export type RuleName = 'min_notice_minutes' | 'max_advance_days' | 'max_per_day' | 'max_per_week';

export interface Conflict {
  segment: number;
  resource: string | null;
  reason: ConflictReason;
  message: string;
  candidates?: { resource: string; reason: CandidateReason }[];
  /** Rule conflicts only: which rule, and its limit. */
  rule?: RuleName;
  limit?: number;
  /** On `blocked` caused by a calendar feed's busy time: the feed and the event's UID. */
  calendar_feed?: string;
  event_uid?: string;
  /** On `holiday`: the holiday that closes the day (the first one the held time touches). */
  holiday?: { date: string; name: string; rule: string };
}

export type ConflictPolicy = 'reject' | 'capacity_only' | 'allow';
