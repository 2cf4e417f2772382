/**
 * GET /v1/holidays (docs/availability.md#holidays): the days of one country's (and region's)
 * holidays in one year, from the same library and rules that close resources' days, so a
 * platform can show what its accounts' `holidays` setting will close.
 */
import { checkHolidaySource, holidaysInYear, HOLIDAY_TYPES } from '../../lib/holidays.js';

export interface HolidaysQuery {
  country: string;
  subdivision?: string;
  year?: number;
  types?: string;
}

export async function listHolidays(query: HolidaysQuery, now: Date) {
  const subdivision = query.subdivision ?? null;
  const types = query.types === undefined ? [...HOLIDAY_TYPES] : query.types.split(',');
  await checkHolidaySource({ country: query.country, subdivision, types }, '');
  const year = query.year ?? now.getUTCFullYear();
  const days = await holidaysInYear(query.country, subdivision, year, types);
  return {
    object: 'list' as const,
    data: days.map((d) => ({ object: 'holiday' as const, date: d.date, name: d.name, type: d.type, rule: d.rule, substitute: d.substitute, country: query.country, subdivision })),
    has_more: false,
  };
}
