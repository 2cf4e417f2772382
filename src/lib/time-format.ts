import { formatInstant, hasPlainYear } from '../core/time/wall-time.js';

/**
 * Times out: RFC 3339 in UTC with Z, second precision. Every serialised object writes its times
 * through here; built from integers (`formatInstant`), where `toISOString` and a regular
 * expression cost a list of 20 bookings a tenth of its server time (docs/performance.md,
 * "Times in and out").
 */
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (hasPlainYear(ms)) return formatInstant(ms);
  // Years outside 0000–9999 are written with a sign and six digits; an invalid date throws.
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function isoRequired(value: Date | string): string {
  return iso(value)!;
}

/** Instants are taken from year 1000 to year 9999, in UTC (as dates are, see isValidDate). */
const EARLIEST_INSTANT = Date.UTC(1000, 0, 1);
const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Times in: any RFC 3339 offset. Returns epoch ms, or null when the text is not RFC 3339. */
export function parseRfc3339(text: string): number | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  // Years before 1000 are refused, as for dates (see isValidDate).
  if (y < 1000 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const ms = Date.parse(text.toUpperCase());
  if (Number.isNaN(ms)) return null;
  // The offset may carry a local year 1000 or 9999 over the edge (9999-12-31T23:59:59-12:00
  // is in year 10000): the instant itself must lie in years 1000-9999 too.
  if (ms < EARLIEST_INSTANT || ms > LATEST_INSTANT) return null;
  // Date.parse rolls 2026-02-31 over to March: reject days that do not exist.
  const day = utcDay(y, mo, d);
  if (day.getUTCMonth() !== mo - 1) return null;
  return ms;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Dates are taken from year 1000 to 9999. Earlier years gain nothing for a scheduling API
 * and reach year 0 once a positive UTC offset is applied, which PostgreSQL refuses.
 */
export function isValidDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [, y, mo, d] = m.map(Number);
  if (y < 1000) return false;
  const day = utcDay(y, mo, d);
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

/** Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not. */
function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}
