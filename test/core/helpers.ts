/**
 * Builders for core tests: resources, schedules and timelines from readable local times.
 */
import { Temporal } from 'temporal-polyfill';
import type {
  BlockFacts,
  HoldFacts,
  OverrideFacts,
  ResourceFacts,
  ScheduleFacts,
  WallInterval,
  WeekMap,
} from '../../src/core/availability/types.js';
import type { Interval, Weekday } from '../../src/core/time/types.js';
import { buildResourceTimeline, type ResourceTimeline } from '../../src/core/availability/resource-timeline.js';
import { parseInstant } from '../../src/core/time/wall-time.js';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

export const WEEKDAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** An RFC 3339 string → epoch ms (throws on a typo in a test). */
export function t(text: string): number {
  const ms = parseInstant(text);
  if (ms === null) throw new Error(`bad instant in test: ${text}`);
  return ms;
}

/** Local "YYYY-MM-DDTHH:MM" in `tz` → epoch ms ('compatible'). */
export function local(text: string, tz: string): number {
  return Temporal.PlainDateTime.from(text).toZonedDateTime(tz, { disambiguation: 'compatible' }).epochMilliseconds;
}

/** Epoch ms → local "YYYY-MM-DDTHH:MM" in `tz`, for readable assertions. */
export function view(ms: number, tz: string): string {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(tz).toPlainDateTime().toString().slice(0, 16);
}

export function views(intervals: readonly (Interval & { location?: string | null })[], tz: string): string[] {
  return intervals.map((i) => `${view(i.start, tz)}–${view(i.end, tz)}${i.location ? ` @${i.location}` : ''}`);
}

export function resource(overrides: Partial<ResourceFacts> = {}): ResourceFacts {
  return {
    id: 'res_1',
    capacity: 1,
    status: 'active',
    timezone: 'UTC',
    defaultLocation: null,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    ...overrides,
  };
}

export function wall(start: string, end: string, location: string | null = null): WallInterval {
  return { start, end, location };
}

/** The same intervals every day of the week. */
export function everyDay(...intervals: WallInterval[]): WeekMap {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, intervals])) as WeekMap;
}

export function schedule(effectiveFrom: string, ...weeks: WeekMap[]): ScheduleFacts {
  return { id: `sch_${effectiveFrom}`, effectiveFrom, weeks };
}

export function override(date: string, ...intervals: WallInterval[]): OverrideFacts {
  return { date, intervals };
}

export function block(start: number, end: number, scope: Partial<BlockFacts> = {}): BlockFacts {
  return { id: `blk_${start}`, start, end, resource: null, location: null, accountWide: false, ...scope };
}

export function hold(resourceId: string, start: number, end: number, quantity = 1, bookingId = `bk_${start}_${resourceId}`): HoldFacts {
  return { bookingId, resource: resourceId, start, end, quantity };
}

export interface TimelineSpec {
  resource?: ResourceFacts;
  schedules?: ScheduleFacts[];
  overrides?: OverrideFacts[];
  blocks?: BlockFacts[];
  holds?: HoldFacts[];
  range?: Interval;
  ignoreBookingIds?: string[];
}

/** A timeline over a wide default range (2025–2028), open 09:00–17:00 every day unless told. */
export function timeline(spec: TimelineSpec = {}): ResourceTimeline {
  return buildResourceTimeline({
    resource: spec.resource ?? resource(),
    schedules: spec.schedules ?? [schedule('2020-01-01', everyDay(wall('09:00', '17:00')))],
    overrides: spec.overrides ?? [],
    blocks: spec.blocks ?? [],
    holds: spec.holds ?? [],
    range: spec.range ?? { start: t('2026-01-01T00:00:00Z'), end: t('2026-12-31T00:00:00Z') },
    ignoreBookingIds: spec.ignoreBookingIds,
  });
}

export function timelines(...list: ResourceTimeline[]): Map<string, ResourceTimeline> {
  return new Map(list.map((tl) => [tl.resource.id, tl]));
}
