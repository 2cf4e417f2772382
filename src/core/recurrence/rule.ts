/**
 * A series' recurrence rule: an RFC 5545 RRULE without DTSTART, limited to the parts a
 * series needs (docs/series.md). Parsing is strict and every refusal names the part, so
 * the API can answer 400 parameter_invalid with param "rrule" and a message a caller can
 * act on. Pure: no clock, no I/O.
 */

export type Frequency = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
export type WeekdayCode = 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA' | 'SU';

export const WEEKDAY_CODES: readonly WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const FREQUENCIES: readonly Frequency[] = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];

/** A BYDAY entry: a weekday, optionally with an ordinal (2TU = second Tuesday, -1FR = last Friday). */
export interface ByDay {
  weekday: WeekdayCode;
  ordinal: number | null;
}

export interface RecurrenceRule {
  freq: Frequency;
  interval: number;
  count: number | null;
  /** Epoch ms; inclusive: an occurrence starting exactly at UNTIL is part of the rule. */
  until: number | null;
  byDay: ByDay[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
  wkst: WeekdayCode;
}

export type RuleParse = { ok: true; rule: RecurrenceRule } | { ok: false; message: string };

/** Bounds that keep expansion cheap; generous for any calendar use. */
export const MAX_INTERVAL = 1000;
export const MAX_COUNT = 100_000;

const TIME_PARTS = new Set(['BYHOUR', 'BYMINUTE', 'BYSECOND']);
const UNSUPPORTED_PARTS = new Set(['BYYEARDAY', 'BYWEEKNO', 'RSCALE', 'SKIP', 'EXDATE', 'RDATE']);
const KNOWN_PARTS = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST']);

const fail = (message: string): RuleParse => ({ ok: false, message });

class RuleError extends Error {}

function integer(part: string, text: string, min: number, max: number, allowNegative = false): number {
  const m = /^([+-]?)(\d{1,6})$/.exec(text);
  if (!m || (m[1] === '-' && !allowNegative)) {
    throw new RuleError(`${part}=${text} is not valid: expected ${allowNegative ? 'a non-zero integer' : 'a positive integer'}.`);
  }
  const n = Number(m[2]) * (m[1] === '-' ? -1 : 1);
  const abs = Math.abs(n);
  if (abs < min || abs > max) {
    const range = allowNegative ? `${min} to ${max} or -${max} to -${min}` : `${min} to ${max}`;
    throw new RuleError(`${part}=${text} is out of range: expected ${range}.`);
  }
  return n;
}

function integerList(part: string, text: string, min: number, max: number, allowNegative: boolean): number[] {
  const values = text.split(',').map((v) => integer(part, v, min, max, allowNegative));
  return [...new Set(values)];
}

function parseUntil(text: string): number {
  // RFC 5545: with a DTSTART that has a time zone, UNTIL must be a UTC DATE-TIME.
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) {
    throw new RuleError(`UNTIL=${text} is not valid: expected a UTC date-time such as 20271231T235959Z (an inclusive instant).`);
  }
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // Date.UTC maps 0-99 to 19xx and rolls invalid dates over; both must be refused.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
    throw new RuleError(`UNTIL=${text} is not a real date and time.`);
  }
  return ms;
}

function parseByDay(text: string, freq: Frequency): ByDay[] {
  const seen = new Set<string>();
  const out: ByDay[] = [];
  for (const item of text.split(',')) {
    const m = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
    if (!m) throw new RuleError(`BYDAY=${text} is not valid: '${item}' is not a weekday such as MO, 2TU or -1FR.`);
    const ordinal = m[1] === undefined ? null : Number(m[1]);
    if (ordinal !== null) {
      if (freq !== 'MONTHLY' && freq !== 'YEARLY') {
        throw new RuleError(`BYDAY=${text}: an ordinal such as '${item}' is only allowed with FREQ=MONTHLY or FREQ=YEARLY.`);
      }
      const max = freq === 'MONTHLY' ? 5 : 53;
      if (ordinal === 0 || Math.abs(ordinal) > max) {
        throw new RuleError(`BYDAY=${text}: the ordinal of '${item}' must be 1 to ${max} or -${max} to -1.`);
      }
    }
    const key = `${ordinal ?? ''}${m[2]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ weekday: m[2] as WeekdayCode, ordinal });
  }
  return out;
}

/**
 * Parses an RRULE value ("FREQ=WEEKLY;BYDAY=MO,WE"; an "RRULE:" prefix is accepted).
 * Names are case-insensitive (RFC 5545, section 3.1).
 */
export interface RuleParseOptions {
  /**
   * A rule already stored with a series, read again: what an earlier release accepted still
   * parses (year-counted ordinals of ±53, refused for new rules since), so that a stored series
   * keeps being served and generated as before.
   */
  stored?: boolean;
}

export function parseRecurrenceRule(input: string, options: RuleParseOptions = {}): RuleParse {
  if (typeof input !== 'string' || input.trim() === '') return fail('The rule is empty: give at least FREQ, e.g. FREQ=WEEKLY;BYDAY=MO.');
  if (input.length > 1000) return fail('The rule is too long (at most 1000 characters).');
  const text = input.trim().toUpperCase();
  if (text.includes('DTSTART')) {
    return fail('DTSTART must not be part of the rule: the series starts at start_date and start_time in its timezone.');
  }
  const body = text.startsWith('RRULE:') ? text.slice('RRULE:'.length) : text;
  if (/[\r\n]/.test(body)) return fail('The rule must be a single RRULE value, without other lines.');
  const parts = new Map<string, string>();
  for (const raw of body.split(';')) {
    if (raw === '') continue;
    const eq = raw.indexOf('=');
    if (eq <= 0) return fail(`'${raw}' is not a rule part: expected NAME=VALUE.`);
    const name = raw.slice(0, eq);
    const value = raw.slice(eq + 1);
    if (TIME_PARTS.has(name)) {
      return fail(`${name} is not supported: every occurrence starts at the series' start_time.`);
    }
    if (UNSUPPORTED_PARTS.has(name)) return fail(`${name} is not supported in a series rule.`);
    if (!KNOWN_PARTS.has(name)) return fail(`Unknown rule part '${name}'.`);
    if (parts.has(name)) return fail(`${name} is given twice.`);
    if (value === '') return fail(`${name} has no value.`);
    parts.set(name, value);
  }

  const freqText = parts.get('FREQ');
  if (freqText === undefined) return fail('FREQ is missing: give FREQ=DAILY, WEEKLY, MONTHLY or YEARLY.');
  if (!FREQUENCIES.includes(freqText as Frequency)) {
    return fail(`FREQ=${freqText} is not supported: use DAILY, WEEKLY, MONTHLY or YEARLY.`);
  }
  const freq = freqText as Frequency;
  try {
    const get = (name: string) => parts.get(name);
    const interval = get('INTERVAL') === undefined ? 1 : integer('INTERVAL', get('INTERVAL')!, 1, MAX_INTERVAL);
    const count = get('COUNT') === undefined ? null : integer('COUNT', get('COUNT')!, 1, MAX_COUNT);
    const until = get('UNTIL') === undefined ? null : parseUntil(get('UNTIL')!);
    if (count !== null && until !== null) return fail('COUNT and UNTIL cannot both be given (RFC 5545): choose one.');
    const byDay = get('BYDAY') === undefined ? [] : parseByDay(get('BYDAY')!, freq);
    const byMonthDay = get('BYMONTHDAY') === undefined ? [] : integerList('BYMONTHDAY', get('BYMONTHDAY')!, 1, 31, true);
    if (byMonthDay.length > 0 && freq === 'WEEKLY') return fail('BYMONTHDAY cannot be used with FREQ=WEEKLY (RFC 5545).');
    const byMonth = get('BYMONTH') === undefined ? [] : integerList('BYMONTH', get('BYMONTH')!, 1, 12, false);
    const yearOrdinals = freq === 'YEARLY' && byMonth.length === 0 && byDay.some((d) => d.ordinal !== null);
    // Unsupported rather than wrong: the expansion library mis-handles these two mixes.
    if (yearOrdinals && byDay.some((d) => d.ordinal === null)) {
      return fail('BYDAY cannot mix plain weekdays and ordinals (such as MO,-1FR) with FREQ=YEARLY unless BYMONTH is given.');
    }
    if (yearOrdinals && byMonthDay.length > 0) {
      return fail('BYMONTHDAY cannot be combined with a BYDAY ordinal (such as 20MO, counted in the year) with FREQ=YEARLY unless BYMONTH is given.');
    }
    // A 53rd weekday exists only in some years; in the others the library answers a day of the
    // next or previous year (53MO in 2026 gave 2027-01-04, -53MO the year's last Monday).
    const fiftyThird = yearOrdinals && !options.stored ? byDay.find((d) => d.ordinal !== null && Math.abs(d.ordinal) === 53) : undefined;
    if (fiftyThird) {
      return fail(
        `BYDAY ordinal ${fiftyThird.ordinal}${fiftyThird.weekday} is not supported: a weekday counted in the year takes ordinals 1 to 52 or -52 to -1 (a 53rd exists only in some years).`,
      );
    }
    const bySetPos = get('BYSETPOS') === undefined ? [] : integerList('BYSETPOS', get('BYSETPOS')!, 1, 366, true);
    if (bySetPos.length > 0 && byDay.length === 0 && byMonthDay.length === 0 && byMonth.length === 0) {
      return fail('BYSETPOS needs another BY part (BYDAY, BYMONTHDAY or BYMONTH) to choose from.');
    }
    const wkstText = get('WKST') ?? 'MO';
    if (!WEEKDAY_CODES.includes(wkstText as WeekdayCode)) return fail(`WKST=${wkstText} is not a weekday (MO to SU).`);
    return {
      ok: true,
      rule: {
        freq,
        interval,
        count,
        until,
        byDay,
        byMonthDay: byMonthDay.sort((a, b) => a - b),
        byMonth: byMonth.sort((a, b) => a - b),
        bySetPos: bySetPos.sort((a, b) => a - b),
        wkst: wkstText as WeekdayCode,
      },
    };
  } catch (err) {
    if (err instanceof RuleError) return fail(err.message);
    throw err;
  }
}

/** The canonical text of a rule (upper case, fixed part order, no defaults spelled out). */
export function formatRecurrenceRule(rule: RecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${new Date(rule.until).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
  if (rule.byDay.length > 0) parts.push(`BYDAY=${rule.byDay.map((d) => `${d.ordinal ?? ''}${d.weekday}`).join(',')}`);
  if (rule.byMonthDay.length > 0) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byMonth.length > 0) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.bySetPos.length > 0) parts.push(`BYSETPOS=${rule.bySetPos.join(',')}`);
  if (rule.wkst !== 'MO') parts.push(`WKST=${rule.wkst}`);
  return parts.join(';');
}
