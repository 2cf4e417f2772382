/**
 * Usage periods are UTC calendar months (docs/usage.md). A period is written `YYYY-MM` on the
 * wire and stored as the date of its first day (`YYYY-MM-01`). Pure: `now` is an argument.
 */

export interface Period {
  /** `2026-03` */
  name: string;
  /** `2026-03-01`: the stored form. */
  firstDay: string;
  /** Inclusive start, 00:00 UTC on the first day. */
  start: Date;
  /** Exclusive end: 00:00 UTC on the first day of the next month. */
  end: Date;
}

const PERIOD_RE = /^(\d{4})-(\d{2})$/;

function build(year: number, month: number): Period {
  const name = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  return {
    name,
    firstDay: `${name}-01`,
    start: new Date(Date.UTC(year, month - 1, 1)),
    end: new Date(Date.UTC(month === 12 ? year + 1 : year, month === 12 ? 0 : month, 1)),
  };
}

/** The month holding `now`. */
export function periodOf(now: Date): Period {
  return build(now.getUTCFullYear(), now.getUTCMonth() + 1);
}

/** `YYYY-MM` (years 1000 to 9999, months 01 to 12), or null when malformed. */
export function parsePeriod(text: string): Period | null {
  const m = PERIOD_RE.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (year < 1000 || month < 1 || month > 12) return null;
  return build(year, month);
}

/** The period whose stored first day is `firstDay` (`2026-03-01`). */
export function periodFromFirstDay(firstDay: string): Period {
  const p = parsePeriod(firstDay.slice(0, 7));
  if (!p) throw new Error(`not a period first day: ${firstDay}`);
  return p;
}

export function nextPeriod(p: Period): Period {
  return periodOf(p.end);
}

export function previousPeriod(p: Period): Period {
  return periodOf(new Date(p.start.getTime() - 1));
}

/**
 * The last month that is closed for statements at `now`: a month closes when it has ended and
 * `graceMs` has passed, so that request counts still held in memory by a server process (flushed
 * every few seconds) reach the database before the month is frozen.
 */
export function lastClosedPeriod(now: Date, graceMs: number): Period {
  return previousPeriod(periodOf(new Date(now.getTime() - graceMs)));
}

/** Periods from `first` to `last`, both included, oldest first (empty when first is after last). */
export function periodsBetween(first: Period, last: Period, max = Number.POSITIVE_INFINITY): Period[] {
  const out: Period[] = [];
  for (let p = first; p.start <= last.start && out.length < max; p = nextPeriod(p)) out.push(p);
  return out;
}
