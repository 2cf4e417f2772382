/**
 * Booking rules (docs/bookings.md#booking-rules): minimum notice, maximum advance, and caps
 * per local day and ISO week. Checked by checkSegmentFit, so search, booking, reschedule and
 * series cannot disagree; which rules apply is the caller's RuleScope.
 */
import type { BookingRules, Conflict, ResourceFacts, RuleName, RuleScope } from './types.js';
import { NO_RULES } from './types.js';
import type { ResourceTimeline } from './resource-timeline.js';
import type { Period } from './usage.js';
import { formatInstant, MINUTE_MS } from '../time/wall-time.js';

const DAY_MS = 24 * 60 * MINUTE_MS;

/** The account's rules, each field replaced by the resource's own when it sets one. */
export function effectiveRules(account: Partial<BookingRules> | null | undefined, resource: Partial<BookingRules> | null | undefined): BookingRules {
  const pick = (k: keyof BookingRules) => resource?.[k] ?? account?.[k] ?? null;
  return {
    minNoticeMinutes: pick('minNoticeMinutes'),
    maxAdvanceDays: pick('maxAdvanceDays'),
    maxPerDay: pick('maxPerDay'),
    maxPerWeek: pick('maxPerWeek'),
  };
}

export function rulesOf(resource: ResourceFacts): BookingRules {
  return resource.rules ?? NO_RULES;
}

/** Whether the resource has a cap, so that planning needs its bookings per day. */
export function hasCaps(rules: BookingRules): boolean {
  return rules.maxPerDay !== null || rules.maxPerWeek !== null;
}

/** The earliest and latest start the notice and advance rules allow at `now` (±Infinity: no rule). */
export function startWindow(rules: BookingRules, now: number): { earliest: number; latest: number } {
  return {
    earliest: rules.minNoticeMinutes === null ? -Infinity : now + rules.minNoticeMinutes * MINUTE_MS,
    latest: rules.maxAdvanceDays === null ? Infinity : now + rules.maxAdvanceDays * DAY_MS,
  };
}

export interface CapBreach {
  rule: Extract<RuleName, 'max_per_day' | 'max_per_week'>;
  limit: number;
  period: Period;
}

/** The caps that one more booking starting at `start` would break, with the bookings counted. */
export function capBreaches(timeline: ResourceTimeline, start: number): CapBreach[] {
  const rules = rulesOf(timeline.resource);
  const out: CapBreach[] = [];
  if (rules.maxPerDay !== null) {
    const day = timeline.usage.day(start);
    if (day.bookings.length + 1 > rules.maxPerDay) out.push({ rule: 'max_per_day', limit: rules.maxPerDay, period: day });
  }
  if (rules.maxPerWeek !== null) {
    const week = timeline.usage.week(start);
    if (week.bookings.length + 1 > rules.maxPerWeek) out.push({ rule: 'max_per_week', limit: rules.maxPerWeek, period: week });
  }
  return out;
}

interface RuleConflicts {
  timing: readonly Conflict[];
  caps: readonly Conflict[];
}

const NO_RULE_CONFLICTS: RuleConflicts = Object.freeze({ timing: [], caps: [] });

export function ruleConflicts(
  timeline: ResourceTimeline,
  segment: { index: number; start: number },
  check: { scope: RuleScope; now: number },
): RuleConflicts {
  if (check.scope === 'none') return NO_RULE_CONFLICTS;
  const rules = rulesOf(timeline.resource);
  // Most resources have no rule at all: nothing to check, nothing to allocate.
  if (rules.minNoticeMinutes === null && rules.maxAdvanceDays === null && !hasCaps(rules)) return NO_RULE_CONFLICTS;
  const timing: Conflict[] = [];
  const caps: Conflict[] = [];
  const id = timeline.resource.id;
  const base = { segment: segment.index, resource: id };
  if (check.scope === 'all') {
    const window = startWindow(rules, check.now);
    if (segment.start < window.earliest) {
      timing.push({
        ...base,
        reason: 'too_soon',
        rule: 'min_notice_minutes',
        limit: rules.minNoticeMinutes!,
        message: `Resource ${id} takes bookings at least ${rules.minNoticeMinutes} minutes ahead: segment ${segment.index} may start at ${formatInstant(window.earliest)} at the earliest.`,
      });
    }
    if (segment.start > window.latest) {
      timing.push({
        ...base,
        reason: 'too_far_ahead',
        rule: 'max_advance_days',
        limit: rules.maxAdvanceDays!,
        message: `Resource ${id} takes bookings at most ${rules.maxAdvanceDays} days ahead: segment ${segment.index} may start at ${formatInstant(window.latest)} at the latest.`,
      });
    }
  }
  for (const b of capBreaches(timeline, segment.start)) {
    const what = b.rule === 'max_per_day' ? `on ${b.period.from}` : `in the week of ${b.period.from}`;
    caps.push({
      ...base,
      reason: 'limit_reached',
      rule: b.rule,
      limit: b.limit,
      message: `Resource ${id} takes at most ${b.limit} bookings ${b.rule === 'max_per_day' ? 'a day' : 'a week'}, and ${b.period.bookings.length} already hold it ${what}.`,
    });
  }
  return { timing, caps };
}
