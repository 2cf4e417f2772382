/**
 * Everything the fit rule needs about one resource over one range, computed once per
 * request: working intervals, blocked time, and the capacity held by other bookings.
 */
import type {
  BlockFacts,
  BookedStart,
  HolidayFacts,
  HoldFacts,
  OverrideFacts,
  ResourceFacts,
  ScheduleFacts,
  WorkingInterval,
} from './types.js';
import type { Interval } from '../time/types.js';
import { workingTime } from './working-time.js';
import { blockedSet } from './blocks.js';
import { normalize, type IntervalSet } from '../time/interval-set.js';
import { buildCapacityTimeline, type CapacityTimeline } from '../time/capacity-timeline.js';
import { MINUTE_MS } from '../time/wall-time.js';
import { buildUsage, type ResourceUsage } from './usage.js';

export interface ResourceTimeline {
  resource: ResourceFacts;
  /** The range this timeline knows about; checks of held time outside it are refused. */
  range: Interval;
  /** Working intervals with resolved locations, sorted, clipped to `range`. */
  working: WorkingInterval[];
  /** All working time as one normalized set (locations ignored). */
  workingSet: IntervalSet;
  /** Working time per location (null = no location known), normalized. */
  workingByLocation: ReadonlyMap<string | null, IntervalSet>;
  /**
   * Where some day of the range is closed by a holiday: the working time as it would be
   * without holidays, so that a segment outside working time only because of a holiday is
   * told `holiday`, not `outside_schedule`. Absent when no holiday closes a day of the range.
   */
  withoutHolidays?: { workingSet: IntervalSet; workingByLocation: ReadonlyMap<string | null, IntervalSet> };
  /** The holidays that close a day of the range (an override on the date wins: not listed). */
  holidays: readonly HolidayFacts[];
  blocked: IntervalSet;
  /** The calendar feed busy time among the blocks, to name the feed and event of a conflict. */
  feedBusy: readonly BlockFacts[];
  /** Units held by other bookings (those in `ignoreBookingIds` left out). */
  capacity: CapacityTimeline;
  /** Bookings per local day and week, for the caps and `balanced` order (ignored ones left out). */
  usage: ResourceUsage;
  /** The facts it was built from, kept for explanations (availability explain). */
  facts: {
    schedules: readonly ScheduleFacts[];
    overrides: readonly OverrideFacts[];
    blocks: readonly BlockFacts[];
    holds: readonly HoldFacts[];
    holidays: readonly HolidayFacts[];
  };
}

export interface ResourceTimelineInput {
  resource: ResourceFacts;
  schedules: readonly ScheduleFacts[];
  overrides: readonly OverrideFacts[];
  /** Holidays of the resource's country and region, as local dates in its zone; default none. */
  holidays?: readonly HolidayFacts[];
  /** Blocks that may apply (others' resource blocks are ignored). */
  blocks: readonly BlockFacts[];
  /**
   * Holds that count against capacity: segments of bookings that are confirmed, or
   * pending and not past expires_at (docs/bookings.md#held-time). Holds of other resources are ignored.
   */
  holds: readonly HoldFacts[];
  /** Segment starts of bookings holding the resource around the range (caps, `balanced`); default none. */
  starts?: readonly BookedStart[];
  /** When a booking holding the resource was last made (epoch ms), for `balanced`; default: never. */
  lastBookedAt?: number | null;
  range: Interval;
  /**
   * Bookings whose holds must not count: the booking being re-checked, or the booking
   * a reschedule replaces ("the old booking's own hold does not count").
   */
  ignoreBookingIds?: Iterable<string>;
}

export function buildResourceTimeline(input: ResourceTimelineInput): ResourceTimeline {
  const { resource, range } = input;
  const ignored = new Set(input.ignoreBookingIds ?? []);
  // An override on a holiday's date wins: that holiday closes nothing.
  const overridden = new Set(input.overrides.map((o) => o.date));
  const holidays = (input.holidays ?? []).filter((h) => !overridden.has(h.date));
  const working = workingTime(resource, input.schedules, input.overrides, range, holidays);
  const withoutHolidays = holidays.length === 0 ? undefined : workingSets(workingTime(resource, input.schedules, input.overrides, range));
  const { workingByLocation } = workingSets(working);
  const holds = input.holds.filter((h) => h.resource === resource.id && (h.bookingId === null || !ignored.has(h.bookingId)));
  return {
    resource,
    range: { start: range.start, end: range.end },
    working,
    workingSet: normalize(working),
    workingByLocation,
    ...(withoutHolidays && !sameSet(withoutHolidays.workingSet, normalize(working)) ? { withoutHolidays } : {}),
    holidays,
    blocked: blockedSet(resource, input.blocks, working),
    feedBusy: input.blocks.filter((b) => b.feed && b.resource === resource.id && b.end > b.start),
    capacity: buildCapacityTimeline(holds),
    usage: buildUsage(resource.timezone, input.starts ?? [], ignored, input.lastBookedAt ?? null),
    facts: { schedules: input.schedules, overrides: input.overrides, blocks: input.blocks, holds, holidays },
  };
}

function workingSets(working: readonly WorkingInterval[]) {
  const byLocation = new Map<string | null, WorkingInterval[]>();
  for (const w of working) {
    const list = byLocation.get(w.location) ?? [];
    list.push(w);
    byLocation.set(w.location, list);
  }
  const workingByLocation = new Map<string | null, IntervalSet>();
  for (const [loc, list] of byLocation) workingByLocation.set(loc, normalize(list));
  return { workingSet: normalize(working), workingByLocation };
}

function sameSet(a: IntervalSet, b: IntervalSet): boolean {
  return a.length === b.length && a.every((x, i) => x.start === b[i].start && x.end === b[i].end);
}

/** Buffers are at most 1440 minutes (a day), so a day of padding covers any held time. */
export const MAX_BUFFER_MS = 1440 * MINUTE_MS;

/**
 * The range to build timelines (and to load blocks and holds) for segments spanning
 * [start, end): padded by the largest possible buffer on each side.
 */
export function timelineRangeFor(span: Interval, padMs: number = MAX_BUFFER_MS): Interval {
  return { start: span.start - padMs, end: span.end + padMs };
}
