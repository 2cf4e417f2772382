import type { DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { buildResourceTimeline } from '../../core/availability/resource-timeline.js';
import { availabilityCalendar } from '../../core/availability/calendar.js';
import { formatInstant } from '../../core/time/wall-time.js';
import { loadResourceFacts } from './facts.repository.js';
import { checkLocations, checkRange, resolveTimeZone } from './range.js';

export interface CalendarRequest {
  resource: string;
  from: string;
  to: string;
  location?: string;
  timezone?: string;
}

/**
 * One resource's open time per local date in `timezone` (decisions.md §6): schedule after
 * overrides, less blocks, each piece with the units free over it.
 */
export async function availabilityCalendarFor(db: DbHandle, scope: AccountScope, req: CalendarRequest, now: number) {
  const range = checkRange(req.from, req.to);
  const timeZone = await resolveTimeZone(db, scope, req.timezone);
  if (req.location !== undefined) await checkLocations(db, scope, [{ id: req.location, param: 'location' }]);
  const facts = await loadResourceFacts(db, scope, [req.resource], range, new Date(now));
  const bundle = facts.get(req.resource);
  if (!bundle) throw notFound('resource', req.resource, 'resource');
  const timeline = buildResourceTimeline({ ...bundle, range });
  const days = availabilityCalendar({ timeline, from: range.start, to: range.end, timeZone, location: req.location });
  return {
    object: 'availability_calendar' as const,
    resource: req.resource,
    timezone: timeZone,
    days: days.map((d) => ({
      date: d.date,
      intervals: d.intervals.map((it) => ({
        start: formatInstant(it.start),
        end: formatInstant(it.end),
        location: it.location,
        available_capacity: it.availableCapacity,
      })),
    })),
  };
}
