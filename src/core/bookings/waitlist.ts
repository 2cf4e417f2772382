/**
 * Waitlist rules (docs/waitlists.md), pure: who gets a freed seat, and where a new attendee
 * goes. The line is strict: the head is served first, and nobody behind it is promoted past
 * it, even when a smaller request would fit (that would skip a place in line).
 */

export interface WaitingAttendee {
  id: string;
  seats: number;
  position: number;
}

/** The attendees to promote, head first: while the head's seats fit what is free. */
export function promotions(freeSeats: number, line: readonly WaitingAttendee[]): WaitingAttendee[] {
  const ordered = [...line].sort((a, b) => a.position - b.position);
  const out: WaitingAttendee[] = [];
  let free = freeSeats;
  for (const a of ordered) {
    if (a.seats > free) break;
    out.push(a);
    free -= a.seats;
  }
  return out;
}

export type Placement =
  | { kind: 'seat' }
  | { kind: 'wait'; position: number }
  | { kind: 'refuse'; message: string };

export interface PlacementInput {
  capacity: number;
  taken: number;
  /** Attendees already waiting (after any promotion this change made first). */
  waiting: number;
  limit: number;
  seats: number;
}

/**
 * Where a new attendee goes: a seat when nobody waits and its seats fit; else the end of the
 * line while the line has room; else refused. A request larger than the booking's seats can
 * never be served, so it is refused rather than left to block the line forever.
 */
export function placeNewAttendee(p: PlacementInput): Placement {
  const left = p.capacity - p.taken;
  if (p.waiting === 0 && p.seats <= left) return { kind: 'seat' };
  const full = `has ${Math.max(left, 0)} of ${p.capacity} seats left; ${p.seats} requested`;
  if (p.seats > p.capacity) return { kind: 'refuse', message: `${full}, more than the booking has.` };
  if (p.limit === 0) return { kind: 'refuse', message: `${full}.` };
  if (p.waiting >= p.limit) return { kind: 'refuse', message: `${full}, and its waitlist is full (${p.waiting} of ${p.limit}).` };
  return { kind: 'wait', position: p.waiting + 1 };
}
