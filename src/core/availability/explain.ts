/**
 * "Why is this slot not offered?" (docs/availability.md#explain). Plans the slot at one start
 * with the planning code search uses (planBooking, every booking rule), but tries every
 * candidate of every segment, and names the objects behind each conflict: the working time
 * of the days the held time touches (schedule or override id), the blocks, the bookings that
 * hold the capacity, the rule and its limit, the archived resource. Pure.
 */
import type { BlockFacts, Conflict, HolidayFacts, OverrideFacts, PreviousBooking, PreviousChoice, ScheduleFacts } from './types.js';
import type { Interval } from '../time/types.js';
import type { ResourceTimeline } from './resource-timeline.js';
import { planBooking, type CandidateTrial, type PlanSegmentInput } from './booking-plan.js';
import { capBreaches, rulesOf, startWindow } from './rules.js';
import { dayRule } from './working-time.js';
import { formatInstant, instantToLocalDate, localToInstant, parseWallTime, toEpochDay } from '../time/wall-time.js';

export type Details = Record<string, unknown>;

export interface ExplainedReason extends Details {
  reason: Conflict['reason'];
  message: string;
}

export interface ExplainedCandidate {
  resource: string;
  fits: boolean;
  reasons: ExplainedReason[];
}

export interface ExplainedSegment {
  segment: number;
  start: number;
  end: number;
  quantity: number;
  fits: boolean;
  /** The candidate a booking would get under `reject`, or null. */
  resource: string | null;
  candidates: ExplainedCandidate[];
  /** With `prefer_previous_resource`: what became of the customer's previous resource; else null. */
  previous_resource: (PreviousChoice & { message: string }) | null;
}

export interface Explanation {
  /** A booking of these segments at this start would succeed under `reject` (search offers it, on its grid). */
  fits: boolean;
  segments: ExplainedSegment[];
}

export function explainPlan(
  segments: readonly PlanSegmentInput[],
  timelines: ReadonlyMap<string, ResourceTimeline>,
  now: number,
  previous?: PreviousBooking | null,
): Explanation {
  // Planned as a booking under `allow` would be: where no candidate of a segment fits, that
  // booking still takes the first one it may, and later segments of the same booking are
  // weighed against its hold; so the reasons here are the conflicts it would report. Where
  // every segment has a candidate that fits, `allow` and `reject` choose alike, so `fits`
  // is exactly search's answer.
  const plan = planBooking({ segments, timelines, now, policy: 'allow', rules: 'all', evaluateAll: true, previous });
  const trials = plan.trials!;
  return {
    fits: plan.ok && plan.conflicts.length === 0 && plan.segments.length === segments.length,
    segments: segments.map((seg, i) => {
      const candidates = trials[i].candidates.map((t): ExplainedCandidate => {
        const timeline = timelines.get(t.resource)!;
        return {
          resource: t.resource,
          fits: t.fit.conflicts.length === 0,
          reasons: t.fit.conflicts.map((c) => ({ reason: c.reason, message: c.message, ...detailsOf(c, timeline, t, seg, now) })),
        };
      });
      const chosen = candidates.find((c) => c.resource === trials[i].chosen);
      return {
        segment: i,
        start: seg.start,
        end: seg.end,
        quantity: seg.quantity,
        fits: candidates.some((c) => c.fits),
        // The candidate a booking gets under `reject`: only one that fits.
        resource: chosen?.fits ? chosen.resource : null,
        candidates,
        previous_resource: trials[i].previous ? { ...trials[i].previous, message: previousMessage(trials[i].previous!, i) } : null,
      };
    }),
  };
}

/** A sentence on the previous resource of segment `i`: preferred, or why it was not used. */
function previousMessage(p: PreviousChoice, i: number): string {
  switch (p.outcome) {
    case 'preferred':
      return `The customer's previous resource ${p.resource} (booking ${p.booking}) fits and is preferred for segment ${i}, before the candidate order.`;
    case 'unavailable':
      return `The customer's previous resource ${p.resource} (booking ${p.booking}) does not fit segment ${i} (its reasons are listed with it), so the candidate order decides among the others.`;
    case 'not_a_candidate':
      return `None of the resources of the customer's latest booking ${p.booking} is a candidate of segment ${i}, so the candidate order chose.`;
    case 'no_history':
      return `The customer has no completed or confirmed booking, so the candidate order chose for segment ${i}.`;
  }
}

function detailsOf(c: Conflict, timeline: ResourceTimeline, trial: CandidateTrial, seg: PlanSegmentInput, now: number): Details {
  const held: Interval = { start: trial.fit.heldStart, end: trial.fit.heldEnd };
  const heldOut = { held_start: formatInstant(held.start), held_end: formatInstant(held.end) };
  const resource = timeline.resource;
  switch (c.reason) {
    case 'resource_archived':
      return { resource: resource.id, status: resource.status };
    case 'start_passed':
      return { now: formatInstant(now) };
    case 'too_soon':
      return { rule: c.rule, limit: c.limit, earliest_start: formatInstant(startWindow(rulesOf(resource), now).earliest) };
    case 'too_far_ahead':
      return { rule: c.rule, limit: c.limit, latest_start: formatInstant(startWindow(rulesOf(resource), now).latest) };
    case 'limit_reached': {
      const breach = capBreaches(timeline, seg.start).find((b) => b.rule === c.rule)!;
      return { rule: c.rule, limit: c.limit, period: { from: breach.period.from, until: breach.period.until }, bookings: breach.period.bookings };
    }
    case 'outside_schedule':
      return { ...heldOut, location: seg.location ?? null, working_days: workingDays(timeline, held) };
    case 'holiday':
      return { ...heldOut, holiday: c.holiday, location: seg.location ?? null, working_days: workingDays(timeline, held) };
    case 'blocked':
      return { ...heldOut, blocks: blocksOver(timeline, held) };
    case 'capacity_exceeded':
      return {
        ...heldOut,
        capacity: resource.capacity,
        requested: seg.quantity,
        bookings: timeline.facts.holds
          .filter((h) => h.start < held.end && h.end > held.start)
          .sort((a, b) => a.start - b.start || ((a.bookingId ?? '') < (b.bookingId ?? '') ? -1 : 1)) // explain reads held time named
          .map((h) => ({ booking: h.bookingId, quantity: h.quantity, held_start: formatInstant(h.start), held_end: formatInstant(h.end) })),
        // Earlier segments of this same request on this resource hold it too.
        this_request: trial.extraHolds
          .filter((h) => h.start < held.end && h.end > held.start)
          .map((h) => ({ quantity: h.quantity, held_start: formatInstant(h.start), held_end: formatInstant(h.end) })),
      };
    default:
      return {};
  }
}

/**
 * The working time of every local day the held time touches, and where it comes from: the
 * day's override (its id), else the holiday that closes it (its name, date and rule; the
 * schedule it closes is named too), else the schedule in force (its id), else nothing (closed).
 */
function workingDays(timeline: ResourceTimeline, held: Interval) {
  const tz = timeline.resource.timezone;
  const { schedules, overrides, holidays } = timeline.facts;
  const sorted = [...schedules].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0));
  const byDate = new Map(overrides.map((o) => [o.date, o]));
  const holidaysByDate = new Map(holidays.map((h) => [h.date, h]));
  const out = [];
  const last = toEpochDay(instantToLocalDate(held.end - 1, tz));
  for (let day = toEpochDay(instantToLocalDate(held.start, tz)); day <= last; day++) {
    out.push(dayOf(day, tz, sorted, byDate, holidaysByDate, timeline.resource.defaultLocation));
  }
  return out;
}

function dayOf(
  day: number,
  tz: string,
  sorted: readonly ScheduleFacts[],
  byDate: ReadonlyMap<string, OverrideFacts>,
  holidaysByDate: ReadonlyMap<string, HolidayFacts>,
  defaultLocation: string | null,
) {
  const { date, override, holiday, schedule, walls } = dayRule(day, sorted, byDate, holidaysByDate);
  return {
    date,
    override: override?.id ?? null,
    holiday: holiday ? { date: holiday.date, name: holiday.name, rule: holiday.rule, type: holiday.type } : null,
    schedule: schedule?.id ?? null,
    intervals: walls.map((w) => ({
      start: formatInstant(localToInstant(date, parseWallTime(w.start) ?? 0, tz)),
      end: formatInstant(localToInstant(date, parseWallTime(w.end, true) ?? 0, tz)),
      location: w.location ?? defaultLocation,
    })),
  };
}

/** The blocks that apply to the resource during the held time (location blocks: where it works there then). */
function blocksOver(timeline: ResourceTimeline, held: Interval) {
  const { resource, working } = timeline;
  const applies = (b: BlockFacts) => {
    if (b.start >= held.end || b.end <= held.start) return false;
    if (b.resource !== null) return b.resource === resource.id;
    if (b.accountWide) return true;
    const from = Math.max(b.start, held.start);
    const to = Math.min(b.end, held.end);
    return working.some((w) => w.location === b.location && w.start < to && w.end > from);
  };
  return timeline.facts.blocks
    .filter(applies)
    .sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : 1))
    .map((b) => ({
      id: b.id,
      scope: b.resource !== null ? 'resource' : b.accountWide ? 'account' : 'location',
      start: formatInstant(b.start),
      end: formatInstant(b.end),
    }));
}
