/**
 * Plans a run of occurrences, in time order, with the one booking rule (planBooking).
 * The timelines are built once for the whole range; each occurrence the policy accepts
 * adds its held time, so later occurrences are weighed against it exactly as a booking
 * made afterwards would be. An occurrence the policy refuses adds nothing and is reported
 * with its conflicts (a skipped occurrence). Pure.
 */
import { planBooking, type BookingPlan, type PlanSegmentInput } from '../availability/booking-plan.js';
import type { ResourceTimeline } from '../availability/resource-timeline.js';
import type { ConflictPolicy } from '../availability/types.js';
import { growingCapacity, type GrowingCapacity } from './capacity-overlay.js';
import { occurrenceSegments, type TemplateSegment } from './template.js';
import type { Occurrence } from './expand.js';

export interface OccurrencePlan {
  occurrence: Occurrence;
  segments: PlanSegmentInput[];
  plan: BookingPlan;
}

export interface PlanOccurrencesInput {
  occurrences: readonly Occurrence[];
  template: readonly TemplateSegment[];
  /** A timeline for every resource of the template, covering every occurrence's held time. */
  timelines: ReadonlyMap<string, ResourceTimeline>;
  policy: ConflictPolicy;
  now: number;
}

export function planOccurrences(input: PlanOccurrencesInput): OccurrencePlan[] {
  const growing = new Map<string, GrowingCapacity>();
  const timelines = new Map<string, ResourceTimeline>();
  for (const [id, t] of input.timelines) {
    const capacity = growingCapacity(t.capacity);
    growing.set(id, capacity);
    timelines.set(id, { ...t, capacity });
  }
  const ordered = [...input.occurrences].sort((a, b) => a.start - b.start);
  return ordered.map((occurrence, n) => {
    const segments = occurrenceSegments(input.template, occurrence.start);
    // Occurrences apply the caps of the booking rules, not notice and advance: a series books
    // ahead by design (docs/series.md#booking-rules).
    const plan = planBooking({ segments, timelines, now: input.now, policy: input.policy, rules: 'caps' });
    if (plan.ok) {
      for (const s of plan.segments) {
        growing.get(s.resource)!.add({ start: s.heldStart, end: s.heldEnd, quantity: s.quantity });
        // Later occurrences count this one against the caps and in `balanced` order; each is
        // booked a moment after the one before it.
        timelines.get(s.resource)!.usage.add({ bookingId: `occurrence ${occurrence.key}`, start: s.start, bookedAt: input.now + n + 1 });
      }
    }
    return { occurrence, segments, plan };
  });
}
