/**
 * The order in which a segment's candidates are tried (docs/bookings.md#conflict-policies-and-candidates).
 * `listed`: as given. `balanced`: fewest bookings holding the candidate on the local day of
 * the segment's start (in the candidate's zone), then the one booked least recently (never
 * booked first), then the listed order. The first candidate that fits, in this order, is booked.
 */
import type { CandidateOrder } from './types.js';
import type { ResourceTimeline } from './resource-timeline.js';

export function orderCandidates(candidates: readonly ResourceTimeline[], start: number, order: CandidateOrder): string[] {
  if (order === 'listed' || candidates.length < 2) return candidates.map((t) => t.resource.id);
  const keyed = candidates.map((t, listed) => ({
    id: t.resource.id,
    count: t.usage.day(start).bookings.length,
    last: t.usage.lastBookedAt() ?? -Infinity,
    listed,
  }));
  keyed.sort((a, b) => a.count - b.count || a.last - b.last || a.listed - b.listed);
  return keyed.map((k) => k.id);
}
