import type { DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError, invalid, missing, notFound } from '../../lib/errors.js';
import { buildResourceTimeline, timelineRangeFor, type ResourceTimeline } from '../../core/availability/resource-timeline.js';
import { searchSlotsInSteps, type SearchSegment } from '../../core/availability/search.js';
import type { CandidateOrder, FairnessPeriod, PreviousBooking } from '../../core/availability/types.js';
import { runInSlices, Slicer } from '../../lib/slices.js';
import { formatInstant } from '../../core/time/wall-time.js';
import { latestBookingOfCustomer, loadResourceFacts, resourceIdsOfType } from '../../capacity/index.js';
import { checkRange, givenTimeZone, resolveTimeZone } from './range.js';
import { assertLocationsExist as checkLocations } from '../../capacity/index.js';
import { domainSignals } from '../../metrics/signals.js';
import { assertSearchBudget, assertTypeCandidates } from './cost.js';

export interface SearchSegmentInput {
  resource?: string;
  resources?: string[];
  type?: string;
  location?: string;
  duration_minutes: number;
  offset_minutes?: number | null;
  quantity?: number;
  buffer_before_minutes?: number;
  buffer_after_minutes?: number;
  candidate_order?: CandidateOrder;
  fairness_period?: FairnessPeriod;
}

export interface SearchRequest {
  from: string;
  to: string;
  timezone?: string;
  segments: SearchSegmentInput[];
  slot_interval_minutes?: number;
  limit?: number;
  /** Returning customers (docs/bookings.md#returning-customers): needs `customer_reference`. */
  prefer_previous_resource?: boolean;
  customer_reference?: string;
}

const SCOPES = ['resource', 'resources', 'type'] as const;

function candidateScope(seg: SearchSegmentInput, i: number): (typeof SCOPES)[number] {
  const given = SCOPES.filter((k) => seg[k] !== undefined);
  if (given.length === 0) {
    throw new ApiError('parameter_missing', `Segment ${i} needs one of resource, resources or type.`, `segments[${i}].resource`);
  }
  if (given.length > 1) {
    throw new ApiError('parameters_exclusive', `Segment ${i} takes one of resource, resources or type; got ${given.join(' and ')}.`, `segments[${i}].${given[1]}`);
  }
  return given[0];
}

/**
 * Availability search (docs/availability.md#availability-search): resolves candidates, loads every fact in one go,
 * builds each candidate's timeline once and lets the core walk the grid. Whether a start is
 * offered is decided by the core's planBooking, the same rule booking creation uses.
 */
/** Timed and counted for the metrics (scheduling_availability_search_duration_seconds, kind search). */
export function searchAvailability(db: DbHandle, scope: AccountScope, req: SearchRequest, now: number) {
  return domainSignals.timeAvailability('search', () => computeSearchAvailability(db, scope, req, now));
}

/** What search and explain share: the checked request, its candidates and its segments. */
export interface PreparedSearch {
  range: { start: number; end: number };
  /** The zone given, checked; null: the account's (`resolveTimeZone`, with the facts). */
  timeZone: string | null;
  /** Candidates per segment, in order (a type with none: an empty list). */
  candidates: string[][];
  /** Every named resource, with where it was named (404 if it does not exist). */
  named: { id: string; param: string }[];
  segments: SearchSegment[];
  balanced: boolean;
  weighted: boolean;
  /** `prefer_previous_resource`: the customer whose previous resource each segment tries first. */
  previousOf?: string;
}

/**
 * Checks a search request and resolves its candidates; the cost is checked here, before any
 * fact is loaded, so that search and explain share one budget (docs/limits.md).
 */
export async function prepareSearch(db: DbHandle, scope: AccountScope, req: SearchRequest): Promise<PreparedSearch> {
  const range = checkRange(req.from, req.to);
  const scopes = req.segments.map(candidateScope);
  const previousOf = customerToPrefer(req);
  const timeZone = givenTimeZone(req.timezone);

  // Candidates per segment, in order: the named one, the given list, or the type's active
  // resources in creation order.
  const typeCache = new Map<string, string[]>();
  const candidates: string[][] = [];
  const named: { id: string; param: string }[] = [];
  for (const [i, seg] of req.segments.entries()) {
    if (scopes[i] === 'resource') {
      candidates.push([seg.resource!]);
      named.push({ id: seg.resource!, param: `segments[${i}].resource` });
    } else if (scopes[i] === 'resources') {
      candidates.push([...seg.resources!]);
      seg.resources!.forEach((id, j) => named.push({ id, param: `segments[${i}].resources[${j}]` }));
    } else {
      let ids = typeCache.get(seg.type!);
      if (!ids) typeCache.set(seg.type!, (ids = await resourceIdsOfType(db, scope, seg.type!)));
      assertTypeCandidates(seg.type!, ids.length, i);
      candidates.push(ids);
    }
  }
  // The cost is known now, before any fact is loaded (docs/limits.md).
  assertSearchBudget({ candidates: candidates.map((c) => c.length), slotIntervalMinutes: req.slot_interval_minutes ?? 15, range });
  await checkLocations(
    db,
    scope,
    req.segments.flatMap((s, i) => (s.location ? [{ id: s.location, param: `segments[${i}].location` }] : [])),
  );

  const segments: SearchSegment[] = req.segments.map((s, i) => ({
    candidates: candidates[i],
    durationMinutes: s.duration_minutes,
    offsetMinutes: s.offset_minutes,
    quantity: s.quantity ?? 1,
    bufferBeforeMinutes: s.buffer_before_minutes,
    bufferAfterMinutes: s.buffer_after_minutes,
    location: s.location,
    candidateOrder: s.candidate_order ?? 'listed',
    ...(s.fairness_period ? { fairnessPeriod: s.fairness_period } : {}),
  }));
  const ordered = (order: CandidateOrder) => segments.some((s) => s.candidateOrder === order && s.candidates.length > 1);
  return {
    range,
    timeZone,
    candidates,
    named,
    segments,
    balanced: ordered('balanced'),
    weighted: ordered('weighted'),
    ...(previousOf === undefined ? {} : { previousOf }),
  };
}

/** The customer of `prefer_previous_resource`, checked: a search has no customer object, so `customer_reference` names it. */
function customerToPrefer(req: SearchRequest): string | undefined {
  if (req.prefer_previous_resource !== true) return undefined;
  if (req.customer_reference === undefined) {
    throw missing('customer_reference', 'prefer_previous_resource needs the customer whose previous resource to prefer: give customer_reference.');
  }
  if (req.customer_reference.trim() === '') throw invalid('customer_reference', 'customer_reference must not be blank.');
  return req.customer_reference;
}

/**
 * The customer's latest completed or confirmed booking when the search prefers the previous
 * resource (null: none), read as a booking made now would read it; undefined when not asked.
 */
export function previousOfSearch(db: DbHandle, scope: AccountScope, prepared: PreparedSearch): Promise<PreviousBooking | null | undefined> {
  return prepared.previousOf === undefined ? Promise.resolve(undefined) : latestBookingOfCustomer(db, scope, prepared.previousOf);
}

/** The facts of every candidate over `loadRange`; 404 naming the first named resource that does not exist. */
export async function loadCandidateFacts(
  db: DbHandle,
  scope: AccountScope,
  prepared: PreparedSearch,
  loadRange: { start: number; end: number },
  now: number,
  { unnamed }: { unnamed: boolean },
) {
  const ids = [...new Set(prepared.candidates.flat())];
  const facts = await loadResourceFacts(db, scope, ids, loadRange, new Date(now), { balanced: prepared.balanced, weighted: prepared.weighted, unnamed });
  const missing = prepared.named.find((n) => !facts.has(n.id));
  if (missing) throw notFound('resource', missing.id, missing.param);
  return facts;
}

async function computeSearchAvailability(db: DbHandle, scope: AccountScope, req: SearchRequest, now: number) {
  const prepared = await prepareSearch(db, scope, req);
  const { range, candidates, segments } = prepared;
  const loadRange = timelineRangeFor(range);
  // A search names no booking: held time comes unnamed.
  const [facts, previous] = await Promise.all([loadCandidateFacts(db, scope, prepared, loadRange, now, { unnamed: true }), previousOfSearch(db, scope, prepared)]);
  const timeZone = await resolveTimeZone(db, scope, prepared.timeZone, facts);

  const empty = { object: 'availability' as const, timezone: timeZone, slots: [], has_more: false, next_from: null };
  // A type with no active resource: nothing can be booked.
  if (candidates.some((c) => c.length === 0)) return empty;

  // Timelines and the walk run in slices: the event loop stays free for everyone else.
  const slicer = new Slicer();
  const timelines = new Map<string, ResourceTimeline>();
  for (const [id, bundle] of facts) {
    timelines.set(id, buildResourceTimeline({ ...bundle, range: loadRange }));
    await slicer.tick();
  }

  const result = await runInSlices(searchSlotsInSteps({
    from: range.start,
    to: range.end,
    timeZone,
    slotIntervalMinutes: req.slot_interval_minutes ?? 15,
    limit: req.limit ?? 100,
    segments,
    timelines,
    now,
    ...(previous === undefined ? {} : { previous }),
  }), slicer);
  return {
    ...empty,
    slots: result.slots.map((slot) => ({
      start: formatInstant(slot.start),
      end: formatInstant(slot.end),
      segments: slot.segments.map((s) => ({
        resource: s.resource,
        location: s.location,
        start: formatInstant(s.start),
        end: formatInstant(s.end),
        quantity: s.quantity,
        remaining_capacity: s.remainingCapacity,
      })),
    })),
    has_more: result.hasMore,
    next_from: result.nextFrom === null ? null : formatInstant(result.nextFrom),
  };
}
