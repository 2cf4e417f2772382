/**
 * The one path from a request to a plan: lock the touched resources (fixed order), load
 * their facts, build timelines and ask the core's planBooking — THE rule that availability
 * search asks too. Callers are inside their use case's ONE transaction, so the facts read
 * here cannot change before the booking is written (the row locks serialize writers on
 * PostgreSQL; PGlite runs one transaction at a time).
 */
import type { Trx } from '../db/transaction.js';
import type { AccountScope } from '../tenancy/index.js';
import { ApiError, notFound } from '../lib/errors.js';
import { loadResourceFacts, type ResourceFactsBundle } from './facts.repository.js';
import { lockResources, type ResourceLocks } from './locks.js';
import { buildResourceTimeline, timelineRangeFor, type ResourceTimeline } from '../core/availability/resource-timeline.js';
import { planBooking, type BookingPlan } from '../core/availability/booking-plan.js';
import type { PlanSegmentInput } from '../core/availability/booking-plan.js';
import type { ConflictPolicy, RuleScope } from '../core/availability/types.js';
import type { Interval } from '../core/time/types.js';
import { existingLocations, type Reference } from './references.repository.js';
import { latestBookingOfCustomer } from './booking-reads.repository.js';

export interface ParsedSegment extends PlanSegmentInput {
  /** Whether the caller named the location (stored: re-checks keep requiring it). */
  locationRequested: boolean;
}

export function distinctIds(refs: readonly Reference[]): string[] {
  return [...new Set(refs.map((r) => r.id))];
}

export interface PlanRequest {
  segments: ParsedSegment[];
  resources: Reference[];
  locations: Reference[];
  policy: ConflictPolicy;
  now: Date;
  /** Other resources to lock in the same ordered step (a reschedule's old resources). */
  alsoLock?: string[];
  /** Bookings whose holds do not count (the booking a reschedule replaces). */
  ignoreBookingIds?: string[];
  /** Imports do not check start_passed. */
  skipStartPassed?: boolean;
  /** Booking rules: `all` (default) when a booking is made or moved; imports pass `none` (docs/bookings.md#booking-rules). */
  rules?: RuleScope;
  /**
   * `prefer_previous_resource` (docs/bookings.md#returning-customers): the reference of the
   * customer whose latest completed or confirmed booking's resource each segment tries first.
   */
  preferPreviousOf?: string;
}

/** A plan made under the resource locks it carries: the only kind writeBooking takes. */
export type LockedPlan = BookingPlan & { readonly locks: ResourceLocks };

export function spanOf(segments: readonly { start: number; end: number }[]): Interval {
  return { start: Math.min(...segments.map((s) => s.start)), end: Math.max(...segments.map((s) => s.end)) };
}

export function timelinesFrom(
  bundles: ReadonlyMap<string, ResourceFactsBundle>,
  range: Interval,
  ignoreBookingIds: Iterable<string> = [],
): Map<string, ResourceTimeline> {
  const ignored = [...ignoreBookingIds];
  const out = new Map<string, ResourceTimeline>();
  for (const [id, b] of bundles) {
    out.set(id, buildResourceTimeline({ ...b, range, ignoreBookingIds: ignored }));
  }
  return out;
}

/**
 * Locks (step 1 of the lock order), loads, checks that every named resource and location
 * exists, and plans. Returns the plan and the locks, which the caller's row locks need.
 */
export async function lockAndPlan(trx: Trx, scope: AccountScope, req: PlanRequest): Promise<LockedPlan> {
  const ids = distinctIds(req.resources);
  const locks = await lockResources(trx, scope, [...ids, ...(req.alsoLock ?? [])]);
  const range = timelineRangeFor(spanOf(req.segments));
  // Read after the locks: the bookings per day that caps, `balanced` and `weighted` count cannot
  // change before this booking is written, so two racing bookings never pick by a stale count.
  const ordered = (order: string) => req.segments.some((s) => s.candidateOrder === order && (s.resources?.length ?? 0) > 1);
  const [bundles, locations, previous] = await Promise.all([
    loadResourceFacts(trx, scope, ids, range, req.now, {
      balanced: ordered('balanced'),
      weighted: ordered('weighted'),
      heldAsCapacity: { excluding: req.ignoreBookingIds ?? [] },
    }),
    existingLocations(trx, scope, distinctIds(req.locations)),
    req.preferPreviousOf === undefined ? undefined : latestBookingOfCustomer(trx, scope, req.preferPreviousOf),
  ]);
  const unknownResource = req.resources.find((r) => !bundles.has(r.id));
  if (unknownResource) throw notFound('resource', unknownResource.id, unknownResource.param);
  const unknownLocation = req.locations.find((l) => !locations.has(l.id));
  if (unknownLocation) throw notFound('location', unknownLocation.id, unknownLocation.param);
  const plan = planBooking({
    segments: req.segments,
    timelines: timelinesFrom(bundles, range, req.ignoreBookingIds),
    now: req.now.getTime(),
    policy: req.policy,
    skipStartPassed: req.skipStartPassed,
    rules: req.rules ?? 'all',
    ...(previous === undefined ? {} : { previous }),
  });
  return { ...plan, locks };
}

/** 409 booking_conflict listing the conflicts the policy refuses. */
export function conflictError(plan: BookingPlan, param: string | null = null, what = 'The booking'): ApiError {
  const reasons = [...new Set(plan.refused.map((c) => c.reason))].join(', ');
  return new ApiError('booking_conflict', `${what} conflicts (${reasons}) and its conflict_policy refuses that.`, param, {
    conflicts: plan.refused,
  });
}
