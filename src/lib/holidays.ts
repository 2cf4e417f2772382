/**
 * Public holidays by country and subdivision (docs/availability.md#holidays), from the
 * `date-holidays` library, which ships its rules for every country. Its data costs most of a
 * second to load, so it is imported on first use, not at start-up; each country's calendar of
 * a year is then remembered. The days are local dates: a holiday closes that date in the zone
 * of each resource it applies to (the planner's facts), whatever the country's own zone.
 */
import type HolidaysLibrary from 'date-holidays';
import { invalid } from './errors.js';
import { addDays } from '../core/time/calendar-date.js';

/** The library's holiday types, in its order; `public` is the default. */
export const HOLIDAY_TYPES = ['public', 'bank', 'school', 'optional', 'observance'] as const;
export type HolidayType = (typeof HOLIDAY_TYPES)[number];

/** Which holidays close days: a country (ISO 3166-1 alpha-2), optionally a subdivision (ISO 3166-2 code after the dash), the types. */
export interface HolidaySource {
  country: string;
  subdivision: string | null;
  types: readonly string[];
}

/** One day of a holiday. */
export interface HolidayDay {
  /** YYYY-MM-DD */
  date: string;
  name: string;
  type: HolidayType;
  /** The library's rule, e.g. `easter 1` or `3rd monday in January`. */
  rule: string;
  substitute: boolean;
}

type Library = typeof HolidaysLibrary;
let library: Promise<Library> | null = null;

/** The library, imported once, on first use. */
function loadLibrary(): Promise<Library> {
  library ??= import('date-holidays').then((m) => m.default);
  return library;
}

let countryNames: Record<string, string> | null = null;
const subdivisionNames = new Map<string, Record<string, string>>();

async function countries(): Promise<Record<string, string>> {
  if (!countryNames) {
    const Holidays = await loadLibrary();
    countryNames = new Holidays().getCountries('en') ?? {};
  }
  return countryNames;
}

async function subdivisions(country: string): Promise<Record<string, string>> {
  let names = subdivisionNames.get(country);
  if (!names) {
    const Holidays = await loadLibrary();
    names = new Holidays().getStates(country, 'en') ?? {};
    subdivisionNames.set(country, names);
  }
  return names;
}

/**
 * 400 parameter_invalid naming `{prefix}country`, `{prefix}subdivision` or `{prefix}types`
 * when the library does not know them. `prefix` is e.g. `holidays.` for a body field.
 */
export async function checkHolidaySource(source: HolidaySource, prefix = ''): Promise<void> {
  if (!(source.country in (await countries()))) {
    throw invalid(`${prefix}country`, `Unknown country '${source.country}': give an ISO 3166-1 alpha-2 code that GET /v1/holidays knows (e.g. DE, US).`);
  }
  if (source.subdivision !== null && !(source.subdivision in (await subdivisions(source.country)))) {
    const known = Object.keys(await subdivisions(source.country));
    const hint = known.length === 0 ? `${source.country} has no subdivisions with holidays of their own` : `known: ${known.join(', ')}`;
    throw invalid(`${prefix}subdivision`, `Unknown subdivision '${source.subdivision}' of ${source.country} (${hint}).`);
  }
  const bad = source.types.find((t) => !(HOLIDAY_TYPES as readonly string[]).includes(t));
  if (bad !== undefined) throw invalid(`${prefix}types`, `Unknown holiday type '${bad}': one of ${HOLIDAY_TYPES.join(', ')}.`);
}

const YEAR_CACHE_LIMIT = 2000;
const years = new Map<string, HolidayDay[]>();
/** A country's (subdivision's) calendar: building one parses its rules, so each is built once. */
const calendars = new Map<string, InstanceType<Library>>();
const DAY_MS = 24 * 3600 * 1000;

/** Every holiday of every type of one calendar year (the library's year), sorted by date. */
async function holidaysOfYear(country: string, subdivision: string | null, year: number): Promise<HolidayDay[]> {
  const key = `${country}|${subdivision ?? ''}|${year}`;
  let days = years.get(key);
  if (!days) {
    const Holidays = await loadLibrary();
    const place = `${country}|${subdivision ?? ''}`;
    let calendar = calendars.get(place);
    if (!calendar) calendars.set(place, (calendar = subdivision === null ? new Holidays(country) : new Holidays(country, subdivision)));
    days = [];
    for (const h of calendar.getHolidays(year)) {
      const first = h.date.slice(0, 10);
      // A holiday of several days (rare) closes each of them.
      const length = Math.max(1, Math.round((h.end.getTime() - h.start.getTime()) / DAY_MS));
      for (let i = 0; i < length; i++) {
        days.push({ date: addDays(first, i), name: h.name, type: h.type, rule: h.rule, substitute: h.substitute === true });
      }
    }
    days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    if (years.size >= YEAR_CACHE_LIMIT) years.clear();
    years.set(key, days);
  }
  return days;
}

/** The holidays of one year, of the given types (all types when `types` is null). */
export async function holidaysInYear(country: string, subdivision: string | null, year: number, types: readonly string[] | null = null): Promise<HolidayDay[]> {
  const all = await holidaysOfYear(country, subdivision, year);
  return types === null ? all : all.filter((d) => types.includes(d.type));
}

/**
 * The days from `from` to `to` (local dates, both included) that are holidays of `source`, one
 * per date (the first of the library's order when two fall on one date). A year's observed day
 * can fall in the year before (a New Year's Day on a Saturday, observed on the Friday), so the
 * neighbouring years are asked too.
 */
export async function holidayDays(source: HolidaySource, from: string, to: string): Promise<HolidayDay[]> {
  const out = new Map<string, HolidayDay>();
  const first = Number(from.slice(0, 4)) - 1;
  const last = Number(to.slice(0, 4)) + 1;
  for (let year = first; year <= last; year++) {
    for (const day of await holidaysOfYear(source.country, source.subdivision, year)) {
      if (day.date < from || day.date > to || !source.types.includes(day.type) || out.has(day.date)) continue;
      out.set(day.date, day);
    }
  }
  return [...out.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}
