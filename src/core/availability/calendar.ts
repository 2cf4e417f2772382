/**
 * The availability calendar of one resource (docs/availability.md#calendar): per local date, its open
 * intervals (working time less blocked time) split into pieces of constant free capacity.
 */
import type { Interval } from '../time/types.js';
import type { ResourceTimeline } from './resource-timeline.js';
import { clip, subtract } from '../time/interval-set.js';
import { addDays, instantToLocalDate, localToInstant } from '../time/wall-time.js';

export interface CalendarInterval extends Interval {
  location: string | null;
  /** Units free over the whole piece (capacity − units held); 0 while archived. */
  availableCapacity: number;
}

export interface CalendarDay {
  date: string;
  intervals: CalendarInterval[];
}

export interface CalendarInput {
  timeline: ResourceTimeline;
  /** The instants to report on; every local date they touch gets a day (possibly empty). */
  from: number;
  to: number;
  /** IANA zone whose local dates group the intervals (need not be the resource's). */
  timeZone: string;
  /** Only working time at this location. */
  location?: string | null;
}

export function availabilityCalendar(input: CalendarInput): CalendarDay[] {
  const steps = availabilityCalendarInSteps(input);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The calendar as a generator that yields after each day, for callers that run it in slices. */
export function* availabilityCalendarInSteps(input: CalendarInput): Generator<void, CalendarDay[], void> {
  const { timeline, timeZone } = input;
  const range = { start: input.from, end: input.to };
  if (range.end <= range.start) return [];
  const { resource, capacity } = timeline;
  const archived = resource.status === 'archived';

  // Open time per location: a working interval minus blocks keeps its location.
  const open: CalendarInterval[] = [];
  for (const w of clip(timeline.working, range)) {
    if (input.location !== undefined && input.location !== null && w.location !== input.location) continue;
    for (const piece of subtract([{ start: w.start, end: w.end }], timeline.blocked)) {
      // Written out, not spread: on Node 20 a spread followed by new properties costs about a
      // microsecond an object (docs/performance.md, "Object spreads").
      open.push({ start: piece.start, end: piece.end, location: w.location, availableCapacity: 0 });
    }
  }

  const days: CalendarDay[] = [];
  const lastDate = instantToLocalDate(range.end - 1, timeZone);
  for (let date = instantToLocalDate(range.start, timeZone); date <= lastDate; date = addDays(date, 1)) {
    // Day boundaries are the local midnights; a midnight that does not exist moves
    // forward, and a date the zone skips entirely yields an empty day.
    const day = { start: localToInstant(date, 0, timeZone), end: localToInstant(date, 1440, timeZone) };
    const intervals: CalendarInterval[] = [];
    for (const o of clip(open, day)) {
      for (const p of capacity.pieces(o.start, o.end)) {
        const free = archived ? 0 : Math.max(0, resource.capacity - p.used);
        const last = intervals[intervals.length - 1];
        if (last && last.end === p.start && last.location === o.location && last.availableCapacity === free) {
          last.end = p.end;
        } else {
          intervals.push({ start: p.start, end: p.end, location: o.location, availableCapacity: free });
        }
      }
    }
    days.push({ date, intervals });
    yield;
  }
  return days;
}

/** The open instants (working − blocked) as one set, for callers that need no capacity. */
export function openTime(timeline: ResourceTimeline, range: Interval): Interval[] {
  return clip(subtract(timeline.workingSet, timeline.blocked), range);
}
