/**
 * Wall-clock time ("HH:MM", local dates) and its conversion to instants (epoch ms)
 * in an IANA time zone, plus the wire formats of instants.
 *
 * Conversions go through Temporal with disambiguation 'compatible' (RFC 5545): a local
 * time inside a spring-forward gap moves forward by the gap's length, a repeated local
 * time takes the earlier instant. Temporal is slow (~15 µs a conversion) and search
 * converts thousands of wall times, so per (zone, date) we cache the day's shape: on a
 * day without offset transitions every wall minute is midnight + minutes, exactly.
 */
import { Temporal } from 'temporal-polyfill';
import { addDays, parseDate, daysFromCivil, daysInMonth, formatDate } from './calendar-date.js';

export {
  addDays,
  daysBetween,
  isValidDate,
  mondayOf,
  parseDate,
  weekdayOf,
  weekdayIndex,
  toEpochDay,
  fromEpochDay,
} from './calendar-date.js';

export const MINUTE_MS = 60_000;
export const DAY_MINUTES = 1440;

const WALL_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * "HH:MM" → minutes after midnight, or null. "24:00" (1440) is accepted only when
 * `allowEndOfDay` is set, because it is meaningful only as the end of an interval.
 */
export function parseWallTime(text: string, allowEndOfDay = false): number | null {
  if (text === '24:00') return allowEndOfDay ? DAY_MINUTES : null;
  const m = WALL_RE.exec(text);
  if (!m) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes after midnight → "HH:MM" (1440 → "24:00"). */
export function formatWallTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

// ---------------------------------------------------------------- time zones

const zoneCache = new Map<string, string | null>();

/**
 * The canonical IANA id of a zone name, or null. Offset ids ("+05:00") are refused:
 * the API takes IANA names, and a fixed offset would silently ignore daylight saving.
 */
export function canonicalTimeZone(name: string): string | null {
  const cached = zoneCache.get(name);
  if (cached !== undefined) return cached;
  let id: string | null = null;
  if (typeof name === 'string' && name.length > 0 && name.length <= 64 && !/^[+-]/.test(name)) {
    try {
      id = new Temporal.ZonedDateTime(0n, name).timeZoneId;
    } catch {
      id = null;
    }
  }
  if (zoneCache.size > 10_000) zoneCache.clear();
  zoneCache.set(name, id);
  return id;
}

export function isValidTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

// ------------------------------------------------------ local ↔ instant

interface DayShape {
  /** Instant of the day's first moment (00:00, or later if midnight does not exist). */
  startMs: number;
  /** True when no offset transition happens in [00:00, 24:00): minute m = startMs + m min. */
  uniform: boolean;
}

const dayCache = new Map<string, DayShape>();
const slowCache = new Map<string, number>();
const CACHE_LIMIT = 200_000;

function plainDateTime(date: string, minutes: number): Temporal.PlainDateTime {
  const p = parseDate(date);
  if (!p) throw new RangeError(`invalid date: ${date}`);
  return new Temporal.PlainDateTime(p.year, p.month, p.day, Math.floor(minutes / 60), minutes % 60);
}

function dayShape(date: string, timeZone: string): DayShape {
  const key = `${timeZone}|${date}`;
  let shape = dayCache.get(key);
  if (shape) return shape;
  const zdt = plainDateTime(date, 0).toZonedDateTime(timeZone, { disambiguation: 'compatible' });
  const startMs = zdt.epochMilliseconds;
  const midnightExists = zdt.hour === 0 && zdt.minute === 0 && zdt.toPlainDate().toString() === date;
  const next = zdt.getTimeZoneTransition('next');
  const uniform = midnightExists && (next === null || next.epochMilliseconds >= startMs + DAY_MINUTES * MINUTE_MS);
  shape = { startMs, uniform };
  if (dayCache.size > CACHE_LIMIT) dayCache.clear();
  dayCache.set(key, shape);
  return shape;
}

/**
 * The instant of local `date` + `minutesOfDay` in `timeZone` ('compatible': a
 * nonexistent time moves forward, a repeated one takes the earlier instant).
 * 1440 (24:00) is the next day's 00:00.
 */
export function localToInstant(date: string, minutesOfDay: number, timeZone: string): number {
  if (minutesOfDay >= DAY_MINUTES) {
    return localToInstant(addDays(date, Math.floor(minutesOfDay / DAY_MINUTES)), minutesOfDay % DAY_MINUTES, timeZone);
  }
  const shape = dayShape(date, timeZone);
  if (shape.uniform) return shape.startMs + minutesOfDay * MINUTE_MS;
  const key = `${timeZone}|${date}|${minutesOfDay}`;
  let ms = slowCache.get(key);
  if (ms === undefined) {
    ms = plainDateTime(date, minutesOfDay).toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds;
    if (slowCache.size > CACHE_LIMIT) slowCache.clear();
    slowCache.set(key, ms);
  }
  return ms;
}

/**
 * Every instant at which the local clock reads `date` `minutesOfDay`: none inside a
 * spring-forward gap, two inside a repeated (fall-back) hour, otherwise one.
 * Used for slot grids, where a start must really show that wall time.
 */
export function wallTimeInstants(date: string, minutesOfDay: number, timeZone: string): number[] {
  const shape = dayShape(date, timeZone);
  if (shape.uniform) return [shape.startMs + minutesOfDay * MINUTE_MS];
  const pdt = plainDateTime(date, minutesOfDay);
  const earlier = pdt.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  const later = pdt.toZonedDateTime(timeZone, { disambiguation: 'later' });
  const out: number[] = [];
  for (const z of earlier.epochMilliseconds === later.epochMilliseconds ? [earlier] : [earlier, later]) {
    // Inside a gap 'earlier'/'later' land on other wall times; keep only real matches.
    if (Temporal.PlainDateTime.compare(z.toPlainDateTime(), pdt) === 0) out.push(z.epochMilliseconds);
  }
  return out;
}

const gridCache = new Map<string, number[]>();

/**
 * The slot grid of one local date: every instant whose wall clock reads a multiple of
 * `stepMinutes` after midnight, ascending. Wall times skipped by a spring-forward gap
 * have no instant (they are not moved forward: that would put starts off the grid);
 * wall times of a repeated hour appear twice, so the grid stays dense in real time.
 */
export function localGridInstants(date: string, stepMinutes: number, timeZone: string): number[] {
  if (!Number.isInteger(stepMinutes) || stepMinutes < 1) throw new RangeError(`invalid grid step: ${stepMinutes}`);
  const shape = dayShape(date, timeZone);
  const out: number[] = [];
  if (shape.uniform) {
    for (let m = 0; m < DAY_MINUTES; m += stepMinutes) out.push(shape.startMs + m * MINUTE_MS);
    return out;
  }
  const key = `${timeZone}|${date}|${stepMinutes}`;
  const cached = gridCache.get(key);
  if (cached) return cached.slice();
  for (let m = 0; m < DAY_MINUTES; m += stepMinutes) out.push(...wallTimeInstants(date, m, timeZone));
  out.sort((a, b) => a - b);
  if (gridCache.size > 10_000) gridCache.clear();
  gridCache.set(key, out.slice());
  return out;
}

/** The instant's local date ("YYYY-MM-DD") in `timeZone`. */
export function instantToLocalDate(ms: number, timeZone: string): string {
  return instantToLocal(ms, timeZone).date;
}

/** The instant's local date and minutes after midnight (seconds dropped). */
export function instantToLocal(ms: number, timeZone: string): { date: string; minutes: number } {
  const z = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
  return { date: formatDate(z.year, z.month, z.day), minutes: z.hour * 60 + z.minute };
}

// ------------------------------------------------------------ wire formats

/** RFC 3339 UTC with Z, second precision: "2026-03-02T14:00:00Z" (sub-seconds truncated). */
export function formatInstant(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19) + 'Z';
}

const RFC3339_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * Parses an RFC 3339 date-time with any offset into epoch ms, or null. Stricter than
 * Date.parse on purpose (no date-only, no missing seconds, no locale formats).
 * A leap second (":60") is refused: epoch time has no slot for it.
 */
export function parseInstant(text: string): number | null {
  if (typeof text !== 'string') return null;
  const m = RFC3339_RE.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (m[9]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  // Digits, not floats: Number('0.29') * 1000 is not exactly 290.
  const millis = m[7] ? Number(`${m[7].slice(1)}00`.slice(0, 3)) : 0;
  const days = daysFromCivil(year, month, day);
  return ((days * 24 + hour) * 60 + minute - offsetMinutes) * MINUTE_MS + second * 1000 + millis;
}
