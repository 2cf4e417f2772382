/**
 * Wall-clock time ("HH:MM", local dates) and its conversion to instants (epoch ms)
 * in an IANA time zone, plus the wire formats of instants.
 *
 * Conversions go through Temporal with disambiguation 'compatible' (RFC 5545): a local
 * time inside a spring-forward gap moves forward by the gap's length, a repeated local
 * time takes the earlier instant. Temporal is slow (~15 µs a conversion) and search
 * converts thousands of wall times, so per (zone, date) we cache the day's shape: on a
 * day without offset transitions every wall minute is midnight + minutes, exactly. The
 * other way, instant → local, per zone we cache the periods of constant UTC offset (up to
 * the next transition, as Temporal reports it) and add the offset.
 */
import { Temporal } from 'temporal-polyfill';
import { addDays, parseDate, daysFromCivil, daysInMonth, fromEpochDay } from './calendar-date.js';
import { firstEndingAfter } from './interval-set.js';

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

/** Per zone, per date: two levels, so that a lookup builds no key string. */
const dayCache = new Map<string, Map<string, DayShape>>();
let dayCacheSize = 0;
const slowCache = new Map<string, number>();
const CACHE_LIMIT = 200_000;

function plainDateTime(date: string, minutes: number): Temporal.PlainDateTime {
  const p = parseDate(date);
  if (!p) throw new RangeError(`invalid date: ${date}`);
  return new Temporal.PlainDateTime(p.year, p.month, p.day, Math.floor(minutes / 60), minutes % 60);
}

function dayShape(date: string, timeZone: string): DayShape {
  let zone = dayCache.get(timeZone);
  let shape = zone?.get(date);
  if (shape) return shape;
  const zdt = plainDateTime(date, 0).toZonedDateTime(timeZone, { disambiguation: 'compatible' });
  const startMs = zdt.epochMilliseconds;
  const midnightExists = zdt.hour === 0 && zdt.minute === 0 && zdt.toPlainDate().toString() === date;
  const next = zdt.getTimeZoneTransition('next');
  const uniform = midnightExists && (next === null || next.epochMilliseconds >= startMs + DAY_MINUTES * MINUTE_MS);
  shape = { startMs, uniform };
  if (dayCacheSize > CACHE_LIMIT) {
    dayCache.clear();
    dayCacheSize = 0;
    zone = undefined;
  }
  if (!zone) dayCache.set(timeZone, (zone = new Map()));
  zone.set(date, shape);
  dayCacheSize++;
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
  const local = ms + offsetAt(ms, timeZone);
  const day = Math.floor(local / DAY_MS);
  return { date: fromEpochDay(day), minutes: Math.floor((local - day * DAY_MS) / MINUTE_MS) };
}

const DAY_MS = DAY_MINUTES * MINUTE_MS;

/**
 * A stretch of time over which a zone's UTC offset does not change: [start, end), where
 * `end` is the zone's next offset transition (Infinity: none).
 */
interface OffsetPeriod {
  start: number;
  end: number;
  offsetMs: number;
}

/** Per zone, the periods met so far, sorted by start and disjoint; the last one found first. */
const offsetPeriods = new Map<string, { periods: OffsetPeriod[]; last: OffsetPeriod | null }>();
const PERIOD_LIMIT = 10_000;

/**
 * The zone's UTC offset at instant `ms`, in ms: what Temporal gives (local = ms + offset),
 * asked of Temporal once per offset period and then answered from the cache. A period is
 * learnt as [the instant asked, the next transition): the offset cannot change before the
 * next transition, which is the same rule dayShape relies on for a uniform day. Asked for an
 * earlier instant whose next transition is the same, the period grows back to it.
 */
function offsetAt(ms: number, timeZone: string): number {
  let zone = offsetPeriods.get(timeZone);
  if (!zone) {
    if (offsetPeriods.size > 1_000) offsetPeriods.clear();
    offsetPeriods.set(timeZone, (zone = { periods: [], last: null }));
  }
  const last = zone.last;
  if (last && ms >= last.start && ms < last.end) return last.offsetMs;
  const { periods } = zone;
  // The first period ending after ms: the only one that can hold it.
  const lo = firstEndingAfter(periods, ms);
  const found = lo < periods.length ? periods[lo] : null;
  if (found && found.start <= ms) {
    zone.last = found;
    return found.offsetMs;
  }
  const zdt = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
  const offsetMs = zdt.offsetNanoseconds / 1e6;
  const next = zdt.getTimeZoneTransition('next');
  const end = next === null ? Infinity : next.epochMilliseconds;
  if (!Number.isInteger(offsetMs) || end <= ms) return offsetMs; // nothing to learn safely
  if (found && found.end === end) {
    // Same next transition: no change of offset between ms and the known period.
    found.start = ms;
    zone.last = found;
    return offsetMs;
  }
  if (periods.length > PERIOD_LIMIT) periods.length = 0;
  const period = { start: ms, end, offsetMs };
  // Disjoint from its neighbours: the one before ends at or before ms (it ends after no
  // instant ≥ ms), and the found one (if any) starts after ms and ends after `end`; a
  // period ending after `end` that started before `end` would hold the transition.
  if (found && found.start < end) period.end = found.start;
  periods.splice(lo, 0, period);
  zone.last = period;
  return offsetMs;
}

// ------------------------------------------------------------ wire formats

/** RFC 3339 UTC with Z, second precision: "2026-03-02T14:00:00Z" (sub-seconds truncated). */
export function formatInstant(ms: number): string {
  // The same text as Date#toISOString, built from integers: a response lists hundreds of
  // instants, and most of them share their date with the one before.
  const seconds = Math.floor(ms / 1000);
  const day = Math.floor(seconds / 86_400);
  if (day !== lastFormattedDay) {
    if (!isPlainDay(day)) return new Date(seconds * 1000).toISOString().slice(0, 19) + 'Z';
    lastFormattedDay = day;
    lastFormattedDate = `${fromEpochDay(day)}T`;
  }
  const s = seconds - day * 86_400;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s - h * 3600) / 60);
  return `${lastFormattedDate}${TWO_DIGITS[h]}:${TWO_DIGITS[m]}:${TWO_DIGITS[s - h * 3600 - m * 60]}Z`;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
/** Years 0000–9999: toISOString writes them as four plain digits, as formatDate does. */
const FIRST_PLAIN_DAY = daysFromCivil(0, 1, 1);
const LAST_PLAIN_DAY = daysFromCivil(9999, 12, 31);

/** Whether `toISOString` writes this instant with four plain digits of year (0000–9999); false for NaN. */
export function hasPlainYear(ms: number): boolean {
  return isPlainDay(Math.floor(ms / 86_400_000));
}
function isPlainDay(epochDay: number): boolean {
  return epochDay >= FIRST_PLAIN_DAY && epochDay <= LAST_PLAIN_DAY;
}
let lastFormattedDay = NaN;
let lastFormattedDate = '';

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
