/**
 * POST /v1/availability/explain (docs/availability.md#explain): the search request plus one
 * `start`. Checked and costed exactly as the search is (prepareSearch), then the core plans
 * that one start the way search does and says, per segment and candidate, whether it fits
 * and every reason it does not, with the objects behind each.
 */
import type { DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { invalid } from '../../lib/errors.js';
import { buildResourceTimeline, timelineRangeFor, type ResourceTimeline } from '../../core/availability/resource-timeline.js';
import { relativeLayout, slotSegments } from '../../core/availability/search.js';
import { explainPlan } from '../../core/availability/explain.js';
import { formatInstant, instantToLocalDate, localGridInstants, parseInstant } from '../../core/time/wall-time.js';
import { loadCandidateFacts, prepareSearch, previousOfSearch, type SearchRequest } from './search.service.js';
import { resolveTimeZone } from './range.js';

export interface ExplainRequest extends SearchRequest {
  start: string;
}

export async function explainAvailability(db: DbHandle, scope: AccountScope, req: ExplainRequest, now: number) {
  const { start: _start, ...search } = req;
  const prepared = await prepareSearch(db, scope, search);
  const { range, segments } = prepared;
  const timeZone = await resolveTimeZone(db, scope, prepared.timeZone);
  const start = parseInstant(req.start);
  if (start === null) throw invalid('start', 'Invalid start: must be an RFC 3339 date-time such as 2026-03-02T14:00:00Z.');
  if (start < range.start || start >= range.end) throw invalid('start', 'Invalid start: must lie in the searched range, from (inclusive) to to (exclusive).');

  const layout = relativeLayout(segments);
  const span = Math.max(...layout.ends);
  const step = req.slot_interval_minutes ?? 15;
  // The grid search walks: local multiples of the slot interval, the whole slot inside from–to.
  const onGrid = start + span <= range.end && localGridInstants(instantToLocalDate(start, timeZone), step, timeZone).includes(start);

  const base = { object: 'availability_explanation' as const, timezone: timeZone, start: formatInstant(start), end: formatInstant(start + span), on_grid: onGrid };
  if (prepared.candidates.some((c) => c.length === 0)) {
    // A type with no active resource: no candidate to explain.
    return {
      ...base,
      fits: false,
      segments: segments.map((s, i) => ({
        segment: i,
        start: formatInstant(start + layout.starts[i]),
        end: formatInstant(start + layout.ends[i]),
        quantity: s.quantity,
        fits: s.candidates.length > 0,
        resource: null,
        candidates: [],
        previous_resource: null,
      })),
    };
  }

  const loadRange = timelineRangeFor({ start: start + Math.min(...layout.starts), end: start + span });
  // Explain names the bookings that fill a resource: held time comes named.
  const [facts, previous] = await Promise.all([loadCandidateFacts(db, scope, prepared, loadRange, now, { unnamed: false }), previousOfSearch(db, scope, prepared)]);
  const timelines = new Map<string, ResourceTimeline>();
  for (const [id, bundle] of facts) timelines.set(id, buildResourceTimeline({ ...bundle, range: loadRange }));

  const explanation = explainPlan(slotSegments(segments, start, layout), timelines, now, previous);
  return {
    ...base,
    fits: explanation.fits,
    segments: explanation.segments.map((s) => ({ ...s, start: formatInstant(s.start), end: formatInstant(s.end) })),
  };
}
