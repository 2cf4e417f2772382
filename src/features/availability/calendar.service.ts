import type { DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { notFound } from '../../lib/errors.js';
import { buildResourceTimeline } from '../../core/availability/resource-timeline.js';
import { availabilityCalendarInSteps } from '../../core/availability/calendar.js';
import { runInSlices } from '../../lib/slices.js';
import { formatInstant } from '../../core/time/wall-time.js';
import { loadResourceFacts } from '../../capacity/index.js';
import { checkRange, givenTimeZone, resolveTimeZone } from './range.js';
import { assertLocationsExist as checkLocations } from '../../capacity/index.js';
import { domainSignals } from '../../metrics/signals.js';

export interface CalendarRequest {
  resource: string;
  from: string;
  to: string;
  location?: string;
  timezone?: string;
}

/**
 * One resource's open time per local date in `timezone` (docs/availability.md#calendar): schedule after
 * overrides, less blocks, each piece with the units free over it.
 */
/** Timed and counted for the metrics (scheduling_availability_search_duration_seconds, kind calendar). */
export function availabilityCalendarFor(db: DbHandle, scope: AccountScope, req: CalendarRequest, now: number) {
  return domainSignals.timeAvailability('calendar', () => computeAvailabilityCalendarFor(db, scope, req, now));
}

async function computeAvailabilityCalendarFor(db: DbHandle, scope: AccountScope, req: CalendarRequest, now: number) {
  const range = checkRange(req.from, req.to);
  const given = givenTimeZone(req.timezone);
  if (req.location !== undefined) await checkLocations(db, scope, [{ id: req.location, param: 'location' }]);
  const facts = await loadResourceFacts(db, scope, [req.resource], range, new Date(now), { unnamed: true }); // it names no booking
  const timeZone = await resolveTimeZone(db, scope, given, facts);
  const bundle = facts.get(req.resource);
  if (!bundle) throw notFound('resource', req.resource, 'resource');
  const timeline = buildResourceTimeline({ ...bundle, range });
  // Day by day, in slices: the event loop stays free for everyone else (docs/limits.md).
  const days = await runInSlices(availabilityCalendarInSteps({ timeline, from: range.start, to: range.end, timeZone, location: req.location }));
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
