/**
 * Availability search (docs/availability.md#availability-search): walk a slot grid aligned to local midnight and
 * list every grid start at which a booking with these segments, policy `reject`, would
 * succeed. Whether a start works is decided ONLY by planBooking; the shortcut below
 * merely skips starts that provably fail it (using segment-fit's own fitSpace).
 */
import type { CandidateOrder, FairnessPeriod, PreviousBooking } from './types.js';
import type { Interval } from '../time/types.js';
import { rulesOf, startWindow } from './rules.js';
import type { ResourceTimeline } from './resource-timeline.js';
import { planBooking, type PlanSegmentInput } from './booking-plan.js';
import { fitSpace, heldInterval } from './segment-fit.js';
import { earliestFit } from '../time/interval-set.js';
import { addDays, instantToLocalDate, localGridInstants, MINUTE_MS } from '../time/wall-time.js';

export interface SearchSegment {
  /** Ordered candidate ids; a single `resource` is a list of one. */
  candidates: readonly string[];
  durationMinutes: number;
  /** Minutes from the slot start; null/undefined → right after the previous segment. */
  offsetMinutes?: number | null;
  quantity: number;
  /** null/undefined → the chosen resource's buffer. */
  bufferBeforeMinutes?: number | null;
  bufferAfterMinutes?: number | null;
  location?: string | null;
  /** How candidates are tried; the slot names the one a booking would get. */
  candidateOrder?: CandidateOrder;
  fairnessPeriod?: FairnessPeriod;
}

export interface SearchInput {
  from: number;
  to: number;
  /** IANA zone of the grid and its day boundaries. */
  timeZone: string;
  slotIntervalMinutes: number;
  limit: number;
  segments: readonly SearchSegment[];
  /** Timelines of every candidate, built over timelineRangeFor({start: from, end: to}). */
  timelines: ReadonlyMap<string, ResourceTimeline>;
  now: number;
  /** `prefer_previous_resource`: the customer's latest booking, or null (none); absent: not asked. */
  previous?: PreviousBooking | null;
}

export interface SlotSegment {
  resource: string;
  location: string | null;
  start: number;
  end: number;
  quantity: number;
  remainingCapacity: number;
}

export interface Slot {
  /** The grid instant. Equal to the first segment's start unless offsets say otherwise. */
  start: number;
  /** The latest segment end. */
  end: number;
  segments: SlotSegment[];
}

export interface SearchResult {
  slots: Slot[];
  hasMore: boolean;
  /** Start of the first slot beyond `limit` (use as the next page's `from`), or null. */
  nextFrom: number | null;
}

/** Segment i covers [t + starts[i], t + ends[i]) for grid start t. */
export function relativeLayout(segments: readonly SearchSegment[]): { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  let previousEnd = 0;
  for (const s of segments) {
    const start = s.offsetMinutes !== undefined && s.offsetMinutes !== null ? s.offsetMinutes * MINUTE_MS : previousEnd;
    starts.push(start);
    ends.push(start + s.durationMinutes * MINUTE_MS);
    previousEnd = start + s.durationMinutes * MINUTE_MS;
  }
  return { starts, ends };
}

/** The booking a slot at grid start t stands for: what search plans, and what explain explains. */
export function slotSegments(
  segments: readonly SearchSegment[],
  t: number,
  { starts, ends }: { starts: number[]; ends: number[] } = relativeLayout(segments),
): PlanSegmentInput[] {
  return segments.map((s, i) => ({
    start: t + starts[i],
    end: t + ends[i],
    quantity: s.quantity,
    resources: s.candidates,
    location: s.location,
    bufferBeforeMinutes: s.bufferBeforeMinutes,
    bufferAfterMinutes: s.bufferAfterMinutes,
    candidateOrder: s.candidateOrder,
    fairnessPeriod: s.fairnessPeriod,
  }));
}

export function searchSlots(input: SearchInput): SearchResult {
  const steps = searchSlotsInSteps(input);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * The search as a generator that yields every few grid starts, so that a caller can spread
 * a long search over many turns of the event loop (features/availability: runInSlices).
 * Still pure: it yields nothing but control.
 */
export function* searchSlotsInSteps(input: SearchInput): Generator<void, SearchResult, void> {
  const { segments, timelines, timeZone, slotIntervalMinutes: step } = input;
  if (segments.length === 0) return { slots: [], hasMore: false, nextFrom: null };
  const { starts, ends } = relativeLayout(segments);
  const span = Math.max(...ends);
  // A start before now fails start_passed under reject; jump straight past those.
  const firstUseful = Math.max(input.from, input.now - Math.min(...starts));
  const lastUseful = input.to - span; // slot end must be ≤ to

  const timelineOf = (id: string): ResourceTimeline => {
    const t = timelines.get(id);
    if (!t) throw new RangeError(`no timeline for resource ${id}`);
    return t;
  };

  /** Held time of segment i on a candidate, for grid start t. */
  const held = (i: number, tl: ResourceTimeline, t: number): Interval =>
    heldInterval({
      start: t + starts[i],
      end: t + ends[i],
      bufferBeforeMinutes: segments[i].bufferBeforeMinutes ?? tl.resource.bufferBeforeMinutes,
      bufferAfterMinutes: segments[i].bufferAfterMinutes ?? tl.resource.bufferAfterMinutes,
    });

  // Per segment and candidate, the set its held time must lie in to have any chance
  // (fitSpace), and the held interval's position relative to the grid start t.
  const spaces = segments.map((seg, i) =>
    seg.candidates.map((id) => {
      const tl = timelineOf(id);
      const h = held(i, tl, 0);
      // Notice and advance rules bound the segment's start: grid starts outside that window fail too_soon or too_far_ahead.
      const window = startWindow(rulesOf(tl.resource), input.now);
      return {
        space: fitSpace(tl, seg.quantity, seg.location),
        lead: h.start,
        length: h.end - h.start,
        earliest: window.earliest - starts[i],
        latest: window.latest - starts[i],
        // The last earliestFit asked of this space: its `from` and its answer.
        askedFrom: Infinity,
        answer: null as number | null,
      };
    }),
  );

  /**
   * The earliest t' ≥ t at which every segment has some candidate whose held time lies
   * in its fitSpace, inside the start window of its notice and advance rules, or null if
   * there is none before the timelines end. Every start in [t, t') has a segment on which
   * every candidate has a conflict that `reject` refuses (outside_schedule, blocked,
   * capacity_exceeded, resource_archived, too_soon or too_far_ahead), so planBooking
   * fails there: skipping those starts cannot change the answer.
   */
  const nextPossible = (t: number): number | null => {
    for (let guard = 0; guard < 10_000; guard++) {
      let moved = false;
      for (const options of spaces) {
        let best: number | null = null;
        for (const o of options) {
          const from = Math.max(t, o.earliest) + o.lead;
          // earliestFit is the least fitting x ≥ from, so for any later from' up to that
          // answer the answer is the same (and none stays none): the walk only moves forward.
          if (from < o.askedFrom || (o.answer !== null && from > o.answer)) {
            o.askedFrom = from;
            o.answer = earliestFit(o.space, from, o.length);
          }
          const x = o.answer;
          if (x === null || x - o.lead > o.latest) continue;
          if (best === null || x - o.lead < best) best = x - o.lead;
        }
        if (best === null) return null;
        if (best > t) {
          t = best;
          moved = true;
        }
      }
      if (!moved) return t;
    }
    return t; // pathological fragmentation: hand the rest to planBooking
  };

  const trySlot = (t: number): Slot | null => {
    const plan = planBooking({ segments: slotSegments(segments, t, { starts, ends }), timelines, now: input.now, policy: 'reject', rules: 'all', previous: input.previous });
    if (!plan.ok) return null;
    return {
      start: t,
      end: t + span,
      segments: plan.segments.map((p) => ({
        resource: p.resource,
        location: p.location,
        start: p.start,
        end: p.end,
        quantity: p.quantity,
        remainingCapacity: p.remainingCapacity,
      })),
    };
  };

  const slots: Slot[] = [];
  let skipUntil = firstUseful;
  let lastEmitted = -Infinity;
  const lastDate = instantToLocalDate(Math.max(lastUseful, input.from), timeZone);
  let date = instantToLocalDate(Math.max(firstUseful, input.from), timeZone);

  for (; date <= lastDate && lastUseful >= firstUseful; date = addDays(date, 1)) {
    const grid = localGridInstants(date, step, timeZone);
    if (grid.length === 0 || grid[grid.length - 1] < skipUntil) continue;
    for (const t of grid) {
      if (t <= lastEmitted || t < skipUntil) continue; // keep instants strictly increasing
      yield; // one grid start per step: planning one start can try 20 × 50 candidates
      if (t > lastUseful) return { slots, hasMore: false, nextFrom: null };
      lastEmitted = t;
      const next = nextPossible(t);
      if (next === null) return { slots, hasMore: false, nextFrom: null };
      if (next > t) {
        skipUntil = next;
        continue;
      }
      const slot = trySlot(t);
      if (!slot) continue;
      if (slots.length === input.limit) return { slots, hasMore: true, nextFrom: slot.start };
      slots.push(slot);
    }
  }
  return { slots, hasMore: false, nextFrom: null };
}
