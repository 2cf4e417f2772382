/**
 * THE rule: does one booking segment fit one resource? Availability search, booking
 * creation, reschedules, imports, series and re-checks all ask this function (through
 * planBooking), so that a slot that is offered can be booked (ARCHITECTURE habit 5).
 */
import type { Conflict, HolidayFacts, RuleScope } from './types.js';
import type { Interval } from '../time/types.js';
import { ruleConflicts } from './rules.js';
import type { ResourceTimeline } from './resource-timeline.js';
import { contains, lastStartingAtOrBefore, overlaps, subtract, EMPTY_SET, type IntervalSet } from '../time/interval-set.js';
import { maxUsedWithExtra, type QuantityHold } from '../time/capacity-timeline.js';
import { formatInstant, instantToLocalDate, MINUTE_MS } from '../time/wall-time.js';

export interface SegmentRequest {
  /** Position of the segment in the booking; reported in conflicts. */
  index: number;
  start: number;
  end: number;
  quantity: number;
  /** Resolved by the caller (segment value, else the resource's default). */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** A requested location: held time must then lie in working intervals at that location. */
  location?: string | null;
}

/** How the booking rules apply to one check: which of them, and the real now (imports pass -Infinity as `now`). */
export interface RuleCheck {
  scope: RuleScope;
  now: number;
}

/** A hold of an earlier segment of the same booking; only those on this resource count. */
export interface ExtraHold extends QuantityHold {
  resource: string;
}

export interface SegmentFit {
  /** Every conflict found, in a stable order: archived, start, notice and advance, schedule, blocks, capacity, caps. */
  conflicts: Conflict[];
  /** Requested location, else the working interval's at the start, else the default. */
  location: string | null;
  heldStart: number;
  heldEnd: number;
  /** capacity − peak units held by others (and extra holds) over the held time, ≥ 0. */
  remainingCapacity: number;
}

export function heldInterval(segment: Pick<SegmentRequest, 'start' | 'end' | 'bufferBeforeMinutes' | 'bufferAfterMinutes'>): Interval {
  return {
    start: segment.start - segment.bufferBeforeMinutes * MINUTE_MS,
    end: segment.end + segment.bufferAfterMinutes * MINUTE_MS,
  };
}

/** The working time a segment must lie in: all of it, or only that at the requested location. */
export function workingSetFor(timeline: ResourceTimeline, location: string | null | undefined): IntervalSet {
  if (location === undefined || location === null) return timeline.workingSet;
  return timeline.workingByLocation.get(location) ?? EMPTY_SET;
}

/** True when the held time lies inside the (location's) working time. Shared with search's skip. */
export function insideWorkingTime(timeline: ResourceTimeline, held: Interval, location: string | null | undefined): boolean {
  return contains(workingSetFor(timeline, location), held);
}

/**
 * The holiday that is why the held time is not working time: the held time would lie inside
 * working time but for the holidays, and the first holiday whose local day it touches is
 * named. Null when it would be outside working time anyway (a holiday on a closed day).
 */
export function closingHoliday(timeline: ResourceTimeline, held: Interval, location: string | null | undefined): HolidayFacts | null {
  const without = timeline.withoutHolidays;
  if (!without) return null;
  const set = location === undefined || location === null ? without.workingSet : (without.workingByLocation.get(location) ?? EMPTY_SET);
  if (!contains(set, held)) return null;
  const tz = timeline.resource.timezone;
  const first = instantToLocalDate(held.start, tz);
  const last = instantToLocalDate(held.end - 1, tz);
  return timeline.holidays.find((h) => h.date >= first && h.date <= last) ?? null;
}

/**
 * Where held time of `quantity` units could lie on this resource: working time (at the
 * location, if one is requested) less blocked time less the instants with fewer than
 * `quantity` units free. For a booking's first segment on a resource, checkSegmentFit
 * finds no conflict other than start_passed exactly when the held time lies inside
 * this set; earlier segments' extra holds can only add conflicts. Search uses it to
 * skip, in one step, grid starts that cannot pass (an archived resource: nowhere).
 */
export function fitSpace(timeline: ResourceTimeline, quantity: number, location: string | null | undefined): IntervalSet {
  const { resource } = timeline;
  if (resource.status === 'archived' || quantity > resource.capacity) return EMPTY_SET;
  const open = subtract(workingSetFor(timeline, location), timeline.blocked);
  return subtract(open, timeline.capacity.usedAbove(resource.capacity - quantity));
}

export function resolveLocation(timeline: ResourceTimeline, start: number, requested: string | null | undefined): string | null {
  if (requested !== undefined && requested !== null) return requested;
  const k = lastStartingAtOrBefore(timeline.working, start);
  // Working intervals do not overlap (except pathological skipped days), so the
  // last one starting at or before `start` is the only one that can contain it.
  if (k >= 0 && timeline.working[k].end > start) return timeline.working[k].location;
  return timeline.resource.defaultLocation;
}

export function checkSegmentFit(
  timeline: ResourceTimeline,
  segment: SegmentRequest,
  now: number,
  extraHolds: readonly ExtraHold[] = [],
  rules: RuleCheck = { scope: 'none', now },
): SegmentFit {
  const { resource } = timeline;
  const held = heldInterval(segment);
  if (held.start < timeline.range.start || held.end > timeline.range.end) {
    // A programming error, not a conflict: the caller built the timeline (and loaded
    // blocks and holds) over too small a range, so any answer here would be a guess.
    throw new RangeError(
      `held time ${formatInstant(held.start)}–${formatInstant(held.end)} lies outside the timeline range of ${resource.id}`,
    );
  }
  const conflicts: Conflict[] = [];
  const add = (reason: Conflict['reason'], message: string) =>
    conflicts.push({ segment: segment.index, resource: resource.id, reason, message });
  // Formatted only for a conflict's message: search asks this for every grid start.
  const span = () => `${formatInstant(held.start)} to ${formatInstant(held.end)}`;

  if (resource.status === 'archived') {
    add('resource_archived', `Resource ${resource.id} is archived and takes no new bookings.`);
  }
  if (segment.start < now) {
    add('start_passed', `Segment ${segment.index} starts at ${formatInstant(segment.start)}, which has already passed.`);
  }
  const fromRules = ruleConflicts(timeline, segment, rules);
  conflicts.push(...fromRules.timing);
  if (!insideWorkingTime(timeline, held, segment.location)) {
    const where = segment.location ? ` at location ${segment.location}` : '';
    const holiday = closingHoliday(timeline, held, segment.location);
    if (holiday) {
      add('holiday', `Resource ${resource.id} is closed on ${holiday.date} for the holiday ${holiday.name}, during the held time ${span()}.`);
      conflicts[conflicts.length - 1].holiday = { date: holiday.date, name: holiday.name, rule: holiday.rule };
    } else {
      add(
        'outside_schedule',
        `Resource ${resource.id} is not working${where} for all of the held time ${span()} (buffers included).`,
      );
    }
  }
  if (overlaps(timeline.blocked, held)) {
    const busy = timeline.feedBusy.find((b) => b.start < held.end && b.end > held.start);
    if (busy?.feed) {
      add('blocked', `Resource ${resource.id} is busy in calendar feed ${busy.feed.id} (event ${busy.feed.uid}) during the held time ${span()}.`);
      Object.assign(conflicts[conflicts.length - 1], { calendar_feed: busy.feed.id, event_uid: busy.feed.uid });
    } else {
      add('blocked', `Resource ${resource.id} is blocked during the held time ${span()}.`);
    }
  }
  const mine = extraHolds.length === 0 ? extraHolds : extraHolds.filter((h) => h.resource === resource.id);
  const peak = maxUsedWithExtra(timeline.capacity, held.start, held.end, mine);
  if (segment.quantity > resource.capacity) {
    add(
      'capacity_exceeded',
      `Segment ${segment.index} asks for ${segment.quantity} units but resource ${resource.id} has a capacity of ${resource.capacity}.`,
    );
  } else if (peak + segment.quantity > resource.capacity) {
    add(
      'capacity_exceeded',
      `Resource ${resource.id} has ${Math.max(0, resource.capacity - peak)} of ${resource.capacity} units free at some time in ${span()}; ${segment.quantity} requested.`,
    );
  }
  conflicts.push(...fromRules.caps);
  return {
    conflicts,
    location: resolveLocation(timeline, segment.start, segment.location),
    heldStart: held.start,
    heldEnd: held.end,
    remainingCapacity: Math.max(0, resource.capacity - peak),
  };
}
