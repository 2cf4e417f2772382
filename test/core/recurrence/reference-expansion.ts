/**
 * An independent expansion of series rules, for the property test: written from RFC 5545
 * section 3.3.10 with no recurrence library and no Temporal. First the sequence of local dates
 * (period by period: filter the days of each period, BYSETPOS, then COUNT), then each
 * local date-time is placed in the zone with offsets read from Intl.
 */
import type { RecurrenceRule, WeekdayCode } from '../../../src/core/recurrence/rule.js';

const DAY = 86_400_000;
const CODES: WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

interface LocalDay {
  y: number;
  m: number;
  d: number;
  /** Days since 1970-01-01. */
  n: number;
}

function day(n: number): LocalDay {
  const dt = new Date(n * DAY);
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate(), n };
}
function dayOf(y: number, m: number, d: number): number {
  return Math.round(Date.UTC(y, m - 1, d) / DAY);
}
/** Monday = 0 … Sunday = 6. */
function weekday(n: number): number {
  return (((n + 3) % 7) + 7) % 7;
}
function daysInMonth(y: number, m: number): number {
  return dayOf(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1) - dayOf(y, m, 1);
}

/** The days of the period holding day `n`, and that period's number counted from the start's. */
function periodOf(rule: RecurrenceRule, n: number): { first: number; last: number } {
  const x = day(n);
  switch (rule.freq) {
    case 'DAILY':
      return { first: n, last: n };
    case 'WEEKLY': {
      const first = n - ((weekday(n) - CODES.indexOf(rule.wkst) + 7) % 7);
      return { first, last: first + 6 };
    }
    case 'MONTHLY':
      return { first: dayOf(x.y, x.m, 1), last: dayOf(x.y, x.m, daysInMonth(x.y, x.m)) };
    case 'YEARLY':
      return { first: dayOf(x.y, 1, 1), last: dayOf(x.y, 12, 31) };
  }
}

function periodIndex(rule: RecurrenceRule, startDay: number, periodFirst: number): number {
  const a = day(startDay);
  const b = day(periodFirst);
  switch (rule.freq) {
    case 'DAILY':
      return periodFirst - startDay;
    case 'WEEKLY':
      return Math.round((periodFirst - periodOf(rule, startDay).first) / 7);
    case 'MONTHLY':
      return b.y * 12 + b.m - (a.y * 12 + a.m);
    case 'YEARLY':
      return b.y - a.y;
  }
}

/** Is `n` the `ordinal`-th (negative: from the end) of its weekday within [first, last]? */
function isNth(n: number, ordinal: number, first: number, last: number): boolean {
  if (ordinal > 0) return Math.floor((n - first) / 7) + 1 === ordinal;
  return Math.floor((last - n) / 7) + 1 === -ordinal;
}

function matches(rule: RecurrenceRule, start: LocalDay, n: number): boolean {
  const x = day(n);
  const noDayParts = rule.byDay.length === 0 && rule.byMonthDay.length === 0;
  // RFC 5545: parts that are not given take their value from DTSTART where the frequency needs one.
  let byMonth = rule.byMonth;
  let byMonthDay = rule.byMonthDay;
  let byDay = rule.byDay;
  if (noDayParts && rule.freq === 'WEEKLY') byDay = [{ weekday: CODES[weekday(start.n)], ordinal: null }];
  if (noDayParts && rule.freq === 'MONTHLY') byMonthDay = [start.d];
  if (noDayParts && rule.freq === 'YEARLY') {
    byMonthDay = [start.d];
    if (byMonth.length === 0) byMonth = [start.m];
  }
  if (byMonth.length > 0 && !byMonth.includes(x.m)) return false;
  const dim = daysInMonth(x.y, x.m);
  if (byMonthDay.length > 0 && !byMonthDay.some((v) => (v > 0 ? v === x.d : dim + v + 1 === x.d))) return false;
  if (byDay.length > 0) {
    const ok = byDay.some((b) => {
      if (CODES.indexOf(b.weekday) !== weekday(n)) return false;
      if (b.ordinal === null) return true;
      // Ordinals count within the month (MONTHLY, or YEARLY with BYMONTH), else within the year.
      if (rule.freq === 'MONTHLY' || rule.byMonth.length > 0) return isNth(n, b.ordinal, dayOf(x.y, x.m, 1), dayOf(x.y, x.m, dim));
      return isNth(n, b.ordinal, dayOf(x.y, 1, 1), dayOf(x.y, 12, 31));
    });
    if (!ok) return false;
  }
  return true;
}

/** Local dates of the rule, from start_date, for periods starting before `untilDay` (exclusive). */
export function referenceDates(rule: RecurrenceRule, startDate: string, untilDay: number): string[] {
  const [y, m, d] = startDate.split('-').map(Number);
  const start = day(dayOf(y, m, d));
  const out: string[] = [];
  let p = periodOf(rule, start.n);
  while (p.first < untilDay) {
    if (periodIndex(rule, start.n, p.first) % rule.interval === 0) {
      let set: number[] = [];
      for (let n = p.first; n <= p.last; n++) if (matches(rule, start, n)) set.push(n);
      if (rule.bySetPos.length > 0) {
        const picked = new Set<number>();
        for (const pos of rule.bySetPos) {
          const i = pos > 0 ? pos - 1 : set.length + pos;
          if (i >= 0 && i < set.length) picked.add(set[i]);
        }
        set = [...picked].sort((a, b) => a - b);
      }
      for (const n of set) {
        if (n < start.n) continue;
        const x = day(n);
        out.push(`${String(x.y).padStart(4, '0')}-${String(x.m).padStart(2, '0')}-${String(x.d).padStart(2, '0')}`);
        if (rule.count !== null && out.length >= rule.count) return out;
      }
    }
    p = periodOf(rule, p.last + 1);
  }
  return out;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset in minutes at instant `ms`, read from Intl ("GMT+05:45"). */
export function offsetMinutes(ms: number, tz: string): number {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' });
    formatters.set(tz, f);
  }
  const name = f.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * The instant of a local date-time: the earlier one when the wall time occurs twice, and
 * for a wall time that does not exist, the one moved forward by the gap (the wall time
 * read with the offset in force before the gap).
 */
export function referenceInstant(date: string, minutes: number, tz: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d) + minutes * 60_000;
  const before = offsetMinutes(wall - DAY, tz);
  const after = offsetMinutes(wall + DAY, tz);
  const candidates = [...new Set([before, after])]
    .map((o) => wall - o * 60_000)
    .filter((t) => wall - offsetMinutes(t, tz) * 60_000 === t);
  if (candidates.length > 0) return Math.min(...candidates);
  return wall - before * 60_000;
}
