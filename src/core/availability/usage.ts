/**
 * How busy a resource is, by local day and ISO week: the bookings holding it that start a
 * segment there (docs/bookings.md#booking-rules). The per-day and per-week caps read it, and
 * so does `balanced` candidate order (fewest bookings that day, then booked least recently).
 * Pure; a series run adds the occurrences it plans, so later ones count the earlier ones.
 */
import type { BookedStart } from './types.js';
import { addDays, instantToLocalDate, localToInstant } from '../time/wall-time.js';
import { mondayOf } from '../time/calendar-date.js';

export interface Period {
  /** First local date of the period and the first date after it. */
  from: string;
  until: string;
  /** Distinct bookings with a segment on the resource starting in the period (shared: read only). */
  readonly bookings: readonly string[];
}

export interface ResourceUsage {
  /** The local day of `start` in the resource's zone, with the bookings counted there. */
  day(start: number): Period;
  /** The ISO week (Monday to Sunday) of `start`, with the bookings counted there. */
  week(start: number): Period;
  /** The calendar month of `start`, with the bookings counted there (`weighted` order). */
  month(start: number): Period;
  /** When the resource was last booked (epoch ms), or null: never (among those counted). */
  lastBookedAt(): number | null;
  /** Another booking's start, planned in this run (a series occurrence). */
  add(start: BookedStart): void;
}

export function buildUsage(
  timeZone: string,
  starts: readonly BookedStart[],
  ignore: ReadonlySet<string> = new Set(),
  lastBookedAt: number | null = null,
): ResourceUsage {
  const byDate = new Map<string, Set<string>>();
  let last: number | null = lastBookedAt;
  // One day's bounds remembered: consecutive questions nearly always fall on the same day,
  // and a zone lookup costs far more than a comparison.
  let cached: { start: number; end: number; date: string } | null = null;

  const dateOf = (ms: number): string => {
    if (cached && ms >= cached.start && ms < cached.end) return cached.date;
    const date = instantToLocalDate(ms, timeZone);
    cached = { start: localToInstant(date, 0, timeZone), end: localToInstant(addDays(date, 1), 0, timeZone), date };
    return date;
  };

  // Each period's answer, by the local date asked about: candidate order and the caps ask it of
  // every candidate at every start a search plans, and building it walks the period's days.
  // A booking added (a series occurrence) forgets them all.
  const remembered = { day: new Map<string, Period>(), week: new Map<string, Period>(), month: new Map<string, Period>() };
  const periodOf = (kind: keyof typeof remembered, start: number, make: (date: string) => Period): Period => {
    const date = dateOf(start);
    let answer = remembered[kind].get(date);
    if (!answer) remembered[kind].set(date, (answer = make(date)));
    return answer;
  };

  const add = (s: BookedStart) => {
    if (ignore.has(s.bookingId)) return;
    for (const answers of Object.values(remembered)) answers.clear();
    const date = dateOf(s.start);
    let set = byDate.get(date);
    if (!set) byDate.set(date, (set = new Set()));
    set.add(s.bookingId);
    if (last === null || s.bookedAt > last) last = s.bookedAt;
  };
  for (const s of starts) add(s);

  const period = (from: string, days: number): Period => {
    const ids = new Set<string>();
    for (let i = 0, d = from; i < days; i++, d = addDays(d, 1)) for (const id of byDate.get(d) ?? []) ids.add(id);
    return { from, until: addDays(from, days), bookings: [...ids].sort() };
  };

  return {
    day: (start) => periodOf('day', start, (date) => period(date, 1)),
    week: (start) => periodOf('week', start, (date) => period(mondayOf(date), 7)),
    month: (start) =>
      periodOf('month', start, (date) => {
        const first = `${date.slice(0, 8)}01`;
        return period(first, daysInMonthOf(first));
      }),
    lastBookedAt: () => last,
    add,
  };
}

/** The days around [start, end) whose bookings the caps may need: the ISO weeks touched, and a day more for zones. */
export const USAGE_PAD_MS = 8 * 24 * 3600 * 1000;

/** The same for `weighted` order over a month: the calendar months touched, and a day more. */
export const MONTH_USAGE_PAD_MS = 32 * 24 * 3600 * 1000;

function daysInMonthOf(first: string): number {
  const [y, m] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
