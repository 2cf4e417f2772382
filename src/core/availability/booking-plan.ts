/**
 * Plans a booking: picks a resource for every segment (first fitting candidate),
 * collects every conflict, and applies the conflict policy (docs/bookings.md#conflict-policies-and-candidates). Booking
 * creation, reschedule, import, series generation, re-checks and availability search
 * all call this, so they cannot disagree.
 */
import type { CandidateOrder, Conflict, ConflictPolicy, ConflictReason, CandidateReason, FairnessPeriod, PreviousBooking, PreviousChoice, RuleScope } from './types.js';
import type { ResourceTimeline } from './resource-timeline.js';
import { formatInstant } from '../time/wall-time.js';
import { checkSegmentFit, type ExtraHold, type SegmentFit } from './segment-fit.js';
import { orderCandidates, previousCandidate, withPreviousFirst } from './candidate-order.js';

export interface PlanSegmentInput {
  start: number;
  end: number;
  quantity: number;
  /** Exactly one of `resource` (book that one) or `resources` (ordered candidates, 1–50). */
  resource?: string;
  resources?: readonly string[];
  location?: string | null;
  /** null/undefined → the chosen resource's default buffer. */
  bufferBeforeMinutes?: number | null;
  bufferAfterMinutes?: number | null;
  /** How `resources` are tried: as listed (default), balanced or weighted (docs/bookings.md#conflict-policies-and-candidates). */
  candidateOrder?: CandidateOrder;
  /** `weighted` only: the period its counts cover (default week). */
  fairnessPeriod?: FairnessPeriod;
}

export interface PlanInput {
  segments: readonly PlanSegmentInput[];
  /** A timeline for every resource named by the segments, covering their held times. */
  timelines: ReadonlyMap<string, ResourceTimeline>;
  now: number;
  policy: ConflictPolicy;
  /** Imports and re-checks of existing bookings do not check `start_passed`. */
  skipStartPassed?: boolean;
  /**
   * Which booking rules apply (docs/bookings.md#booking-rules): `all` for a booking made or
   * moved and for search, `caps` for series occurrences, `none` (default) for imports and
   * re-checks. They are conflicts like the others, refused only under `reject`.
   */
  rules?: RuleScope;
  /** Try every candidate, not only up to the first that fits, and return the trials (explain). */
  evaluateAll?: boolean;
  /**
   * `prefer_previous_resource` (docs/bookings.md#returning-customers): the customer's latest
   * completed or confirmed booking (null: it has none). Each segment tries that booking's
   * resource first, when it is a candidate; absent: not asked.
   */
  previous?: PreviousBooking | null;
}

/** One candidate of one segment, as planned: its fit and the buffers it was weighed with. */
export interface CandidateTrial {
  resource: string;
  fit: SegmentFit;
  buffers: [number, number];
  /** Earlier segments' holds of this booking on this resource, as weighed. */
  extraHolds: ExtraHold[];
}

export interface SegmentTrials {
  /** In the order tried (balanced order, when asked). */
  candidates: CandidateTrial[];
  /** The candidate the booking gets, or null. */
  chosen: string | null;
  /** What became of the previous resource, when it was asked for. */
  previous?: PreviousChoice;
}

export interface PlannedSegment {
  resource: string;
  location: string | null;
  start: number;
  end: number;
  quantity: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  heldStart: number;
  heldEnd: number;
  remainingCapacity: number;
}

export interface BookingPlan {
  /** True when the policy refuses none of the conflicts; the booking may be written. */
  ok: boolean;
  /** One per input segment, in order, when ok; segments without a resource are missing otherwise. */
  segments: PlannedSegment[];
  /** Everything found; what is not refused is recorded on the booking (`conflicted`). */
  conflicts: Conflict[];
  /** The conflicts the policy refuses (the 409 `booking_conflict` list). */
  refused: Conflict[];
  /** Per segment, every candidate tried; only with `evaluateAll`. */
  trials?: SegmentTrials[];
}

const REFUSED_BY: Record<ConflictPolicy, ReadonlySet<ConflictReason>> = {
  reject: new Set<ConflictReason>([
    'outside_schedule',
    'holiday',
    'blocked',
    'capacity_exceeded',
    'resource_archived',
    'no_candidate_available',
    'start_passed',
    'too_soon',
    'too_far_ahead',
    'limit_reached',
  ]),
  capacity_only: new Set<ConflictReason>(['capacity_exceeded', 'no_candidate_available', 'resource_archived']),
  // `allow` lists no_candidate_available too: we only emit it when no candidate could be
  // booked at all, and a booking cannot be written without a resource for every segment.
  allow: new Set<ConflictReason>(['resource_archived', 'no_candidate_available']),
};

export function policyRefuses(policy: ConflictPolicy, reason: ConflictReason): boolean {
  return REFUSED_BY[policy].has(reason);
}

export function planBooking(input: PlanInput): BookingPlan {
  const { timelines, policy } = input;
  const now = input.skipStartPassed ? -Infinity : input.now;
  const planned: PlannedSegment[] = [];
  const conflicts: Conflict[] = [];
  const extraHolds: ExtraHold[] = [];
  const rules = { scope: input.rules ?? 'none', now: input.now };
  const trials: SegmentTrials[] = [];

  input.segments.forEach((seg, index) => {
    const single = seg.resource !== undefined;
    const listed: readonly string[] = single ? [seg.resource as string] : (seg.resources ?? []);
    if (listed.length === 0) throw new RangeError(`segment ${index} names no resource`);
    const timelineOf = (id: string) => {
      const timeline = timelines.get(id);
      if (!timeline) throw new RangeError(`no timeline for resource ${id}`);
      return timeline;
    };
    // `listed` order needs no timelines to order by (search plans every grid start with it);
    // every candidate must still have one.
    const order = seg.candidateOrder ?? 'listed';
    let candidates: readonly string[];
    if (single) candidates = listed;
    else if (order === 'listed') {
      for (const id of listed) timelineOf(id);
      candidates = listed;
    } else candidates = orderCandidates(listed.map(timelineOf), seg.start, order, seg.fairnessPeriod);
    // A returning customer's previous resource goes first: it wins when it fits, before
    // weights, priorities and balance; when it does not, the order above decides.
    const asked = input.previous !== undefined;
    const preferred = asked ? previousCandidate(listed, input.previous ?? null) : null;
    const inOrder = candidates;
    candidates = withPreviousFirst(candidates, preferred);

    const tried: CandidateTrial[] = [];
    let chosen: CandidateTrial | null = null;
    for (const id of candidates) {
      const timeline = timelineOf(id);
      const r = timeline.resource;
      const buffers: [number, number] = [seg.bufferBeforeMinutes ?? r.bufferBeforeMinutes, seg.bufferAfterMinutes ?? r.bufferAfterMinutes];
      const fit = checkSegmentFit(
        timeline,
        { index, start: seg.start, end: seg.end, quantity: seg.quantity, bufferBeforeMinutes: buffers[0], bufferAfterMinutes: buffers[1], location: seg.location },
        now,
        extraHolds,
        rules,
      );
      tried.push({ resource: id, fit, buffers, extraHolds: extraHolds.length === 0 ? [] : extraHolds.filter((h) => h.resource === id) });
      // start_passed is a property of the segment's time, the same for every
      // candidate, so it must not make us skip a candidate.
      if (!chosen && ownConflicts(fit).length === 0) {
        chosen = tried[tried.length - 1];
        if (!input.evaluateAll) break;
      }
    }

    if (!chosen && single) {
      // A named resource is booked or refused with its own conflicts; no candidate list.
      chosen = tried[0];
    } else if (!chosen) {
      // Every candidate has conflicts. Choice: book the first candidate whose conflicts
      // the policy would only record (e.g. `allow` with outside_schedule, or
      // `capacity_only` with blocked), since the caller asked for a booking despite such
      // conflicts; prefer order over "fewest conflicts" so the result is predictable.
      // Under `reject` nothing qualifies and the segment reports no_candidate_available.
      // The previous resource did not fit, so the candidate order alone decides here.
      chosen =
        inOrder
          .map((id) => tried.find((t) => t.resource === id)!)
          .find((t) => ownConflicts(t.fit).every((c) => !policyRefuses(policy, c.reason))) ?? null;
    }

    trials.push({
      candidates: tried,
      chosen: chosen?.resource ?? null,
      ...(asked ? { previous: previousChoice(input.previous ?? null, preferred, tried) } : {}),
    });
    if (!chosen) {
      if (seg.start < now) conflicts.push(startPassed(index, null, seg.start));
      conflicts.push({
        segment: index,
        resource: null,
        reason: 'no_candidate_available',
        message: `None of the ${candidates.length} candidate resources can take segment ${index}.`,
        candidates: tried.map((t) => ({ resource: t.resource, reason: ownConflicts(t.fit)[0].reason as CandidateReason })),
      });
      return;
    }

    const { fit } = chosen;
    conflicts.push(...fit.conflicts);
    planned.push({
      resource: chosen.resource,
      location: fit.location,
      start: seg.start,
      end: seg.end,
      quantity: seg.quantity,
      bufferBeforeMinutes: chosen.buffers[0],
      bufferAfterMinutes: chosen.buffers[1],
      heldStart: fit.heldStart,
      heldEnd: fit.heldEnd,
      remainingCapacity: fit.remainingCapacity,
    });
    // Later segments of this booking see this one's hold: a booking that holds the same
    // pool twice at once needs both quantities free.
    extraHolds.push({ resource: chosen.resource, start: fit.heldStart, end: fit.heldEnd, quantity: seg.quantity });
  });

  const refused = conflicts.filter((c) => policyRefuses(policy, c.reason));
  return { ok: refused.length === 0, segments: planned, conflicts, refused, ...(input.evaluateAll ? { trials } : {}) };
}

/** What became of the previous resource: booked first when it fits, else why not. */
function previousChoice(previous: PreviousBooking | null, preferred: string | null, tried: readonly CandidateTrial[]): PreviousChoice {
  const booking = previous?.booking ?? null;
  if (!previous) return { outcome: 'no_history', resource: null, booking };
  if (preferred === null) return { outcome: 'not_a_candidate', resource: null, booking };
  // Preferred only when it fits outright: a start that has passed books no one.
  const trial = tried.find((t) => t.resource === preferred)!;
  return { outcome: trial.fit.conflicts.length === 0 ? 'preferred' : 'unavailable', resource: preferred, booking };
}

function ownConflicts(fit: SegmentFit): Conflict[] {
  return fit.conflicts.filter((c) => c.reason !== 'start_passed');
}

function startPassed(index: number, resource: string | null, start: number): Conflict {
  return {
    segment: index,
    resource,
    reason: 'start_passed',
    message: `Segment ${index} starts at ${formatInstant(start)}, which has already passed.`,
  };
}
