/**
 * Expands a series' rule into occurrences (docs/series.md, "Expansion").
 *
 * The rule is expanded by rrule-temporal in local wall time only: DTSTART is given to it
 * as a UTC date-time with the series' local fields, so its arithmetic never meets a
 * daylight-saving transition and every occurrence keeps the rule's wall time. Each local
 * date and time is then placed in the series' zone by `localToInstant` ('compatible',
 * the same conversion schedules use): a wall time that does not exist moves forward by
 * the gap, one that occurs twice takes the earlier instant. Letting the library resolve
 * zones instead would drop nonexistent times, which would shift COUNT and occurrence keys.
 *
 * UNTIL is an instant, so it is applied here on the resolved instants, not by the
 * library on wall times. Pure: no clock, no I/O.
 */
import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';
import { fromEpochDay, toEpochDay } from '../time/calendar-date.js';
import { formatWallTime, localToInstant } from '../time/wall-time.js';
import type { RecurrenceRule } from './rule.js';

const DAY_MS = 86_400_000;
/**
 * A zone's offset is within ±14 h and a gap moves a time forward by at most a few hours, so
 * a wall time and its instant are less than two days apart: a window widened by two days
 * in wall time holds every occurrence whose instant lies in the window.
 */
const WALL_MARGIN_MS = 2 * DAY_MS;

export interface SeriesRecurrence {
  rule: RecurrenceRule;
  /** DTSTART's local date, "YYYY-MM-DD". */
  startDate: string;
  /** DTSTART's local time, minutes after midnight (00:00–23:59). */
  startMinutes: number;
  timezone: string;
}

export interface Occurrence {
  /** The local start at the rule's wall time, "2027-03-14T09:00": stable, unique per series. */
  key: string;
  /** Local date of the occurrence. */
  date: string;
  /** The start instant (epoch ms). */
  start: number;
}

export function occurrenceKey(date: string, minutes: number): string {
  return `${date}T${formatWallTime(minutes)}`;
}

/** Raised when the rule produces no occurrence in any reachable period (e.g. 30 February). */
export class RuleNeverOccursError extends Error {}

const ruleCache = new Map<string, RRuleTemporal>();

function wallRule(s: SeriesRecurrence): RRuleTemporal {
  const r = s.rule;
  const cacheKey = JSON.stringify([r.freq, r.interval, r.count, r.byDay, r.byMonthDay, r.byMonth, r.bySetPos, r.wkst, s.startDate, s.startMinutes]);
  const cached = ruleCache.get(cacheKey);
  if (cached) return cached;
  const [year, month, day] = s.startDate.split('-').map(Number);
  const dtstart = Temporal.ZonedDateTime.from({
    year,
    month,
    day,
    hour: Math.floor(s.startMinutes / 60),
    minute: s.startMinutes % 60,
    timeZone: 'UTC',
  });
  const rule = new RRuleTemporal({
    tzid: 'UTC',
    dtstart,
    freq: r.freq,
    interval: r.interval,
    ...(r.count !== null ? { count: r.count } : {}),
    ...(r.byDay.length > 0 ? { byDay: libraryByDay(r) } : {}),
    ...(r.byMonthDay.length > 0 ? { byMonthDay: r.byMonthDay } : {}),
    ...(r.byMonth.length > 0 ? { byMonth: r.byMonth } : {}),
    ...(r.bySetPos.length > 0 ? { bySetPos: r.bySetPos } : {}),
    wkst: r.wkst,
    // Occurrences are read window by window; memoizing all() would keep them all.
    cache: false,
  });
  if (ruleCache.size > 1000) ruleCache.clear();
  ruleCache.set(cacheKey, rule);
  return rule;
}

/**
 * BYDAY as the library takes it. A weekday listed both plainly and with an ordinal (MO,-1MO)
 * means every such weekday; rrule-temporal 2.2.7 keeps only the ordinal then, so the
 * redundant ordinal entries are dropped first (the set of days is the same).
 */
function libraryByDay(r: RecurrenceRule): string[] {
  const plain = new Set(r.byDay.filter((d) => d.ordinal === null).map((d) => d.weekday));
  return r.byDay.filter((d) => d.ordinal === null || !plain.has(d.weekday)).map((d) => `${d.ordinal ?? ''}${d.weekday}`);
}

/** Wall-clock epoch ms ("local fields read as UTC") of a library occurrence. */
function wallMs(z: Temporal.ZonedDateTime): number {
  return z.epochMilliseconds;
}

function toOccurrence(s: SeriesRecurrence, wall: number): Occurrence {
  const epochDay = Math.floor(wall / DAY_MS);
  const date = fromEpochDay(epochDay);
  return { key: occurrenceKey(date, s.startMinutes), date, start: localToInstant(date, s.startMinutes, s.timezone) };
}

function guard<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    // rrule-temporal gives up after maxIterations periods without an occurrence.
    if (err instanceof Error && /maximum (iterations|candidate)/i.test(err.message)) {
      throw new RuleNeverOccursError('The rule produces no occurrence.');
    }
    throw err;
  }
}

function withinUntil(s: SeriesRecurrence, o: Occurrence): boolean {
  return s.rule.until === null || o.start <= s.rule.until;
}

/** Every occurrence whose start instant lies in [from, to), in order. */
export function occurrencesBetween(s: SeriesRecurrence, from: number, to: number): Occurrence[] {
  if (to <= from) return [];
  const rule = wallRule(s);
  const wall = guard(() => rule.between(new Date(from - WALL_MARGIN_MS), new Date(to + WALL_MARGIN_MS), true));
  const out: Occurrence[] = [];
  for (const z of wall) {
    const o = toOccurrence(s, wallMs(z as Temporal.ZonedDateTime));
    if (o.start >= from && o.start < to && withinUntil(s, o)) out.push(o);
  }
  return out;
}

/** The first occurrence starting at or after `at`, or null when the rule has no more. */
export function nextOccurrence(s: SeriesRecurrence, at: number): Occurrence | null {
  const rule = wallRule(s);
  let cursor = at - WALL_MARGIN_MS;
  let inclusive = true;
  for (;;) {
    const z = guard(() => rule.next(new Date(cursor), inclusive));
    if (z === null) return null;
    const w = wallMs(z as Temporal.ZonedDateTime);
    const o = toOccurrence(s, w);
    if (!withinUntil(s, o)) return null;
    if (o.start >= at) return o;
    cursor = w;
    inclusive = false;
  }
}

/** The last occurrence starting before `before`, or null when there is none. */
export function previousOccurrence(s: SeriesRecurrence, before: number): Occurrence | null {
  const rule = wallRule(s);
  // Nothing after UNTIL counts: start the backward walk there, not far beyond it.
  const bound = s.rule.until === null ? before : Math.min(before, s.rule.until + 1);
  let cursor = bound + WALL_MARGIN_MS;
  let inclusive = true;
  for (;;) {
    const z = guard(() => rule.previous(new Date(cursor), inclusive));
    if (z === null) return null;
    const w = wallMs(z as Temporal.ZonedDateTime);
    const o = toOccurrence(s, w);
    if (o.start < bound) return o;
    cursor = w;
    inclusive = false;
  }
}

/** The first occurrence of the rule, or throws RuleNeverOccursError. */
export function firstOccurrence(s: SeriesRecurrence): Occurrence {
  const first = nextOccurrence(s, localToInstant(s.startDate, 0, s.timezone) - DAY_MS);
  if (first === null) throw new RuleNeverOccursError('The rule produces no occurrence.');
  return first;
}

/** The occurrence's local date-time parts from a key ("2027-03-14T09:00"). */
export function parseOccurrenceKey(key: string): { date: string; minutes: number } | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(key);
  if (!m) return null;
  try {
    toEpochDay(m[1]);
  } catch {
    return null;
  }
  return { date: m[1], minutes: Number(m[2]) * 60 + Number(m[3]) };
}
