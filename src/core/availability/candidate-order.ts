/**
 * The order in which a segment's candidates are tried (docs/bookings.md#conflict-policies-and-candidates).
 * `listed`: as given. `balanced`: fewest bookings holding the candidate on the local day of
 * the segment's start (in the candidate's zone), then the one booked least recently (never
 * booked first), then the listed order. `weighted` (docs/bookings.md#weighted-assignment):
 * by `assignment_priority` (lower first), and within a level the candidate furthest below its
 * weighted share of the level's bookings in the fairness period, then booked least recently,
 * then listed. The first candidate that fits, in this order, is booked. A returning customer's
 * previous resource (docs/bookings.md#returning-customers) is tried before all of these.
 */
import type { CandidateOrder, FairnessPeriod, PreviousBooking } from './types.js';
import type { ResourceTimeline } from './resource-timeline.js';

export function orderCandidates(
  candidates: readonly ResourceTimeline[],
  start: number,
  order: CandidateOrder,
  period: FairnessPeriod = 'week',
): string[] {
  if (order === 'listed' || candidates.length < 2) return candidates.map((t) => t.resource.id);
  if (order === 'weighted') return weightedOrder(candidates, start, period);
  const keyed = candidates.map((t, listed) => ({
    id: t.resource.id,
    count: t.usage.day(start).bookings.length,
    last: t.usage.lastBookedAt() ?? -Infinity,
    listed,
  }));
  keyed.sort((a, b) => a.count - b.count || a.last - b.last || a.listed - b.listed);
  return keyed.map((k) => k.id);
}

/** A candidate as `weighted` weighs it. */
export interface WeightedStanding {
  id: string;
  priority: number;
  weight: number;
  /** Bookings holding it in the fairness period around the segment's start. */
  count: number;
  /**
   * How far below its weighted share it stands, times the level's total weight (an integer,
   * so that no rounding decides a tie): weight × (level's bookings + 1) − count × level weight.
   * The share counts the booking being placed, so a level nobody has booked yet starts with
   * its heaviest candidate.
   */
  deficit: number;
}

/** Each candidate's standing under `weighted`, in the listed order. */
export function weightedStandings(candidates: readonly ResourceTimeline[], start: number, period: FairnessPeriod): WeightedStanding[] {
  const rows = candidates.map((t) => ({
    id: t.resource.id,
    priority: t.resource.assignmentPriority ?? 0,
    weight: t.resource.assignmentWeight ?? 1,
    count: t.usage[period](start).bookings.length,
  }));
  const levels = new Map<number, { bookings: number; weight: number }>();
  for (const r of rows) {
    const level = levels.get(r.priority) ?? { bookings: 0, weight: 0 };
    level.bookings += r.count;
    level.weight += r.weight;
    levels.set(r.priority, level);
  }
  // Objects written out, not spread with new properties: that costs about a microsecond an
  // object on Node 20, and search orders the candidates at every grid start it plans
  // (docs/performance.md, "Object spreads").
  return rows.map((r) => {
    const level = levels.get(r.priority)!;
    return { id: r.id, priority: r.priority, weight: r.weight, count: r.count, deficit: r.weight * (level.bookings + 1) - r.count * level.weight };
  });
}

function weightedOrder(candidates: readonly ResourceTimeline[], start: number, period: FairnessPeriod): string[] {
  const keyed = weightedStandings(candidates, start, period).map((s, listed) => ({
    id: s.id,
    priority: s.priority,
    deficit: s.deficit,
    last: candidates[listed].usage.lastBookedAt() ?? -Infinity,
    listed,
  }));
  keyed.sort((a, b) => a.priority - b.priority || b.deficit - a.deficit || a.last - b.last || a.listed - b.listed);
  return keyed.map((k) => k.id);
}

/**
 * The previous resource of a segment: the first resource of the customer's latest booking
 * (in its segment order) that is among the segment's candidates, or null.
 */
export function previousCandidate(candidates: readonly string[], previous: PreviousBooking | null): string | null {
  if (!previous) return null;
  return previous.resources.find((id) => candidates.includes(id)) ?? null;
}

/** The order with the previous resource first: it wins when it fits, and the order stands for the rest. */
export function withPreviousFirst(ordered: readonly string[], preferred: string | null): readonly string[] {
  if (preferred === null || ordered[0] === preferred) return ordered;
  return [preferred, ...ordered.filter((id) => id !== preferred)];
}
