/**
 * Schedules and overrides (wall-clock, in the resource's zone) → working intervals
 * (instants, with resolved location). Rules: docs/availability.md#schedules.
 */
import type { HolidayFacts, OverrideFacts, ResourceFacts, ScheduleFacts, WallInterval, WorkingInterval } from './types.js';
import type { Interval } from '../time/types.js';
import {
  fromEpochDay,
  instantToLocalDate,
  localToInstant,
  parseWallTime,
  toEpochDay,
} from '../time/wall-time.js';
import { WEEKDAYS, weekdayIndexOfDay } from '../time/calendar-date.js';

/** The schedule in force on `date`: latest effectiveFrom ≤ date, or null (closed). */
export function scheduleInForce(sortedSchedules: readonly ScheduleFacts[], date: string): ScheduleFacts | null {
  let found: ScheduleFacts | null = null;
  for (const s of sortedSchedules) {
    if (s.effectiveFrom <= date) found = s; // "YYYY-MM-DD" strings sort as dates
    else break;
  }
  return found;
}

/** The rotation week index for `date` under `schedule` (Monday-based weeks). */
export function rotationWeek(schedule: ScheduleFacts, date: string): number {
  return rotationWeekOfDay(schedule, toEpochDay(date));
}

/** The epoch day of the Monday of `epochDay`'s Monday-based week. */
function mondayIndex(epochDay: number): number {
  return epochDay - weekdayIndexOfDay(epochDay);
}

/** Each schedule's first Monday, worked out once: days are asked of it one after another. */
const scheduleMondays = new WeakMap<ScheduleFacts, number>();

function rotationWeekOfDay(schedule: ScheduleFacts, epochDay: number): number {
  let first = scheduleMondays.get(schedule);
  if (first === undefined) scheduleMondays.set(schedule, (first = mondayIndex(toEpochDay(schedule.effectiveFrom))));
  const n = schedule.weeks.length;
  const weeks = Math.floor((mondayIndex(epochDay) - first) / 7);
  return ((weeks % n) + n) % n;
}

/** What decides one local day's working time, and the wall-clock intervals it gives. */
export interface DayRule {
  date: string;
  /** The day's override: it replaces the schedule for that date (a holiday's closing too). */
  override: OverrideFacts | null;
  /** Without an override, the holiday that closes the day, if any. */
  holiday: HolidayFacts | null;
  /** Without an override, the schedule in force (null: none, closed); on a holiday, the one it closes. */
  schedule: ScheduleFacts | null;
  walls: readonly WallInterval[];
}

const NO_HOLIDAYS: ReadonlyMap<string, HolidayFacts> = new Map();

/**
 * The one rule for a local day (an epoch day): its override if it has one, else closed when
 * it is a holiday, else the day's intervals in the rotation week of the schedule in force.
 * Working time (search, booking) and explain both ask it. `holidaysByDate` left out (or
 * empty): the day as it would be without holidays.
 */
export function dayRule(
  epochDay: number,
  sortedSchedules: readonly ScheduleFacts[],
  overridesByDate: ReadonlyMap<string, OverrideFacts>,
  holidaysByDate: ReadonlyMap<string, HolidayFacts> = NO_HOLIDAYS,
): DayRule {
  const date = fromEpochDay(epochDay);
  const override = overridesByDate.get(date);
  if (override) return { date, override, holiday: null, schedule: null, walls: override.intervals };
  const schedule = scheduleInForce(sortedSchedules, date);
  const holiday = holidaysByDate.size === 0 ? null : (holidaysByDate.get(date) ?? null);
  if (holiday) return { date, override: null, holiday, schedule, walls: [] };
  const walls = schedule && schedule.weeks.length > 0 ? (schedule.weeks[rotationWeekOfDay(schedule, epochDay)]?.[WEEKDAYS[weekdayIndexOfDay(epochDay)]] ?? []) : [];
  return { date, override: null, holiday: null, schedule, walls };
}


/**
 * Working intervals of `resource` overlapping `range`, clipped to it, sorted by start.
 * Each local date is converted on its own with the zone's rules of that day, so a
 * 09:00–17:00 day stays 09:00–17:00 local across daylight saving changes. Touching or
 * overlapping intervals at the same location merge (22:00–24:00 + 00:00–02:00 the next
 * day is one interval). A date the zone skips entirely (Pacific/Apia 2011-12-30) has
 * its times moved forward like any nonexistent local time ('compatible'); they then
 * overlap the next day's and merge with it.
 *
 * The days are walked as epoch days (integers): this runs for every day of every candidate
 * of a search, so it stays clear of date-string parsing.
 */
export function workingTime(
  resource: ResourceFacts,
  schedules: readonly ScheduleFacts[],
  overrides: readonly OverrideFacts[],
  range: Interval,
  holidays: readonly HolidayFacts[] = [],
): WorkingInterval[] {
  if (range.end <= range.start) return [];
  const tz = resource.timezone;
  const sorted = [...schedules].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0));
  const byDate = new Map(overrides.map((o) => [o.date, o]));
  const holidaysByDate = holidays.length === 0 ? NO_HOLIDAYS : new Map(holidays.map((h) => [h.date, h]));
  // One day either side: a local day's intervals can reach into the neighbouring UTC
  // days (24:00 ends, zones far from UTC, moved-forward times).
  const first = toEpochDay(instantToLocalDate(range.start, tz)) - 1;
  const last = toEpochDay(instantToLocalDate(range.end, tz)) + 1;

  const raw: WorkingInterval[] = [];
  for (let day = first; day <= last; day++) {
    const { date, walls } = dayRule(day, sorted, byDate, holidaysByDate);
    for (const wall of walls) {
      const startMin = wallMinutes(wall.start, false);
      const endMin = wallMinutes(wall.end, true);
      if (startMin === null || endMin === null) {
        throw new RangeError(`invalid wall interval on ${date}: ${wall.start}–${wall.end}`);
      }
      const start = Math.max(localToInstant(date, startMin, tz), range.start);
      const end = Math.min(localToInstant(date, endMin, tz), range.end);
      if (start < end) raw.push({ start, end, location: wall.location ?? resource.defaultLocation });
    }
  }
  return mergeSameLocation(raw);
}

/** parseWallTime, remembered: a schedule repeats the same few wall times every day. */
const wallStarts = new Map<string, number | null>();
const wallEnds = new Map<string, number | null>();
function wallMinutes(text: string, allowEndOfDay: boolean): number | null {
  const cache = allowEndOfDay ? wallEnds : wallStarts;
  let minutes = cache.get(text);
  if (minutes === undefined) {
    minutes = parseWallTime(text, allowEndOfDay);
    if (cache.size > 10_000) cache.clear();
    cache.set(text, minutes);
  }
  return minutes;
}

/** Sorts and merges touching/overlapping intervals that share a location. */
export function mergeSameLocation(items: readonly WorkingInterval[]): WorkingInterval[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: WorkingInterval[] = [];
  for (const it of sorted) {
    const last = out[out.length - 1];
    if (last && last.location === it.location && it.start <= last.end) {
      if (it.end > last.end) last.end = it.end;
    } else {
      out.push({ ...it });
    }
  }
  return out;
}
