/**
 * Local calendar dates ("YYYY-MM-DD") as plain strings, with arithmetic done on
 * epoch days. Pure integer math on purpose: date stepping runs once per day per
 * resource per request, and Temporal objects are far slower than a few divisions.
 */
import type { Weekday } from './types.js';

const WEEKDAYS: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Inverse of daysFromCivil. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function daysInMonth(year: number, month: number): number {
  return daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - daysFromCivil(year, month, 1);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses "YYYY-MM-DD" (a real calendar date) into its parts, or null. */
export function parseDate(date: string): { year: number; month: number; day: number } | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isValidDate(date: string): boolean {
  return parseDate(date) !== null;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

export function formatDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * Dates already converted, both ways. A search or a calendar steps through the same few hundred
 * dates many times over (each day of each resource, its working time, its holidays), and a
 * lookup costs a fraction of a parse or a format (docs/performance.md, "Availability"). Bounded:
 * emptied when full, so a process that meets every date of a century keeps at most this many.
 */
const KNOWN_DATES_LIMIT = 20_000;
const epochDayOf = new Map<string, number>();
const dateOfEpochDay = new Map<number, string>();

function remember<K, V>(known: Map<K, V>, key: K, value: V): V {
  if (known.size >= KNOWN_DATES_LIMIT) known.clear();
  known.set(key, value);
  return value;
}

/** Epoch day of a "YYYY-MM-DD"; throws on an invalid date (callers validate input first). */
export function toEpochDay(date: string): number {
  const known = epochDayOf.get(date);
  if (known !== undefined) return known;
  const p = parseDate(date);
  if (!p) throw new RangeError(`invalid date: ${date}`);
  return remember(epochDayOf, date, daysFromCivil(p.year, p.month, p.day));
}

export function fromEpochDay(days: number): string {
  const known = dateOfEpochDay.get(days);
  if (known !== undefined) return known;
  const c = civilFromDays(days);
  return remember(dateOfEpochDay, days, formatDate(c.year, c.month, c.day));
}

export function addDays(date: string, days: number): string {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return toEpochDay(b) - toEpochDay(a);
}

/** Monday = 0 … Sunday = 6, of an epoch day. 1970-01-01 was a Thursday (index 3). */
export function weekdayIndexOfDay(epochDay: number): number {
  return (((epochDay + 3) % 7) + 7) % 7;
}

/** Monday = 0 … Sunday = 6. */
export function weekdayIndex(date: string): number {
  return weekdayIndexOfDay(toEpochDay(date));
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[weekdayIndex(date)];
}

/** The Monday of the Monday-based week holding `date`. */
export function mondayOf(date: string): string {
  return fromEpochDay(toEpochDay(date) - weekdayIndex(date));
}

export { WEEKDAYS };
