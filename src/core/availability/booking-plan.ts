/**
 * Plans a booking: picks a resource for every segment (first fitting candidate),
 * collects every conflict, and applies the conflict policy (docs/bookings.md#conflict-policies-and-candidates). Booking
 * creation, reschedule, import, series generation, re-checks and availability search
 * all call this, so they cannot disagree.
 */
import type { Conflict, ConflictPolicy, ConflictReason, CandidateReason } from './types.js';
import type { ResourceTimeline } from './resource-timeline.js';
import { formatInstant } from '../time/wall-time.js';
import { checkSegmentFit, type ExtraHold, type SegmentFit } from './segment-fit.js';

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
}

export interface PlanInput {
  segments: readonly PlanSegmentInput[];
  /** A timeline for every resource named by the segments, covering their held times. */
  timelines: ReadonlyMap<string, ResourceTimeline>;
  now: number;
  policy: ConflictPolicy;
  /** Imports and re-checks of existing bookings do not check `start_passed`. */
  skipStartPassed?: boolean;
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
}

const REFUSED_BY: Record<ConflictPolicy, ReadonlySet<ConflictReason>> = {
  reject: new Set<ConflictReason>([
    'outside_schedule',
    'blocked',
    'capacity_exceeded',
    'resource_archived',
    'no_candidate_available',
    'start_passed',
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

  input.segments.forEach((seg, index) => {
    const single = seg.resource !== undefined;
    const candidates = single ? [seg.resource as string] : [...(seg.resources ?? [])];
    if (candidates.length === 0) throw new RangeError(`segment ${index} names no resource`);

    const tried: { resource: string; fit: SegmentFit; buffers: [number, number] }[] = [];
    let chosen: (typeof tried)[number] | null = null;
    for (const id of candidates) {
      const timeline = timelines.get(id);
      if (!timeline) throw new RangeError(`no timeline for resource ${id}`);
      const r = timeline.resource;
      const buffers: [number, number] = [seg.bufferBeforeMinutes ?? r.bufferBeforeMinutes, seg.bufferAfterMinutes ?? r.bufferAfterMinutes];
      const fit = checkSegmentFit(
        timeline,
        { index, start: seg.start, end: seg.end, quantity: seg.quantity, bufferBeforeMinutes: buffers[0], bufferAfterMinutes: buffers[1], location: seg.location },
        now,
        extraHolds,
      );
      tried.push({ resource: id, fit, buffers });
      // start_passed is a property of the segment's time, the same for every
      // candidate, so it must not make us skip a candidate.
      if (ownConflicts(fit).length === 0) {
        chosen = tried[tried.length - 1];
        break;
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
      chosen = tried.find((t) => ownConflicts(t.fit).every((c) => !policyRefuses(policy, c.reason))) ?? null;
    }

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
  return { ok: refused.length === 0, segments: planned, conflicts, refused };
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
