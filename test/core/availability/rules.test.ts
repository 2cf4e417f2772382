import { describe, expect, it } from 'vitest';
import { buildResourceTimeline } from '../../../src/core/availability/resource-timeline.js';
import { planBooking } from '../../../src/core/availability/booking-plan.js';
import { effectiveRules } from '../../../src/core/availability/rules.js';
import { searchSlots } from '../../../src/core/availability/search.js';
import { NO_RULES, type BookedStart, type BookingRules } from '../../../src/core/availability/types.js';
import { everyDay, HOUR, MIN, resource, schedule, t, timelines, wall } from '../helpers.js';

const RANGE = { start: t('2026-06-01T00:00:00Z'), end: t('2026-06-20T00:00:00Z') };
const NOW = t('2026-06-01T08:00:00Z');

function tl(id: string, rules: Partial<BookingRules> = {}, starts: BookedStart[] = [], extra: { timezone?: string; lastBookedAt?: number | null } = {}) {
  return buildResourceTimeline({
    resource: resource({ id, timezone: extra.timezone ?? 'UTC', capacity: 5, rules: { ...NO_RULES, ...rules } }),
    schedules: [schedule('2020-01-01', everyDay(wall('00:00', '24:00')))],
    overrides: [],
    blocks: [],
    holds: [],
    starts,
    lastBookedAt: extra.lastBookedAt ?? null,
    range: RANGE,
  });
}

const seg = (start: number, resources: string[], candidateOrder: 'listed' | 'balanced' = 'listed') => ({
  start,
  end: start + 30 * MIN,
  quantity: 1,
  resources,
  candidateOrder,
});

describe('booking rules in the core', () => {
  it("takes the resource's value of each field, else the account's", () => {
    expect(effectiveRules({ minNoticeMinutes: 60, maxPerDay: 3 }, { minNoticeMinutes: 0, maxPerWeek: 9 })).toEqual({
      minNoticeMinutes: 0,
      maxAdvanceDays: null,
      maxPerDay: 3,
      maxPerWeek: 9,
    });
  });

  it('applies notice and advance under scope all, the caps under caps, nothing under none', () => {
    const starts = [{ bookingId: 'bk_1', start: t('2026-06-01T09:00:00Z'), bookedAt: 0 }];
    const r = tl('res_a', { minNoticeMinutes: 600, maxPerDay: 1 }, starts);
    const segment = [{ start: t('2026-06-01T10:00:00Z'), end: t('2026-06-01T10:30:00Z'), quantity: 1, resource: 'res_a' }];
    const reasons = (rules: 'all' | 'caps' | 'none') =>
      planBooking({ segments: segment, timelines: timelines(r), now: NOW, policy: 'allow', rules }).conflicts.map((c) => c.reason);
    expect(reasons('all')).toEqual(['too_soon', 'limit_reached']);
    expect(reasons('caps')).toEqual(['limit_reached']);
    expect(reasons('none')).toEqual([]);
  });

  it('counts the local day in the resource zone, and leaves out an ignored booking', () => {
    const late = { bookingId: 'bk_late', start: t('2026-06-03T03:00:00Z'), bookedAt: 0 }; // 23:00 on 06-02 in New York
    const ny = tl('res_ny', { maxPerDay: 1 }, [late], { timezone: 'America/New_York' });
    expect(ny.usage.day(t('2026-06-02T14:00:00Z')).bookings).toEqual(['bk_late']);
    expect(ny.usage.day(t('2026-06-03T14:00:00Z')).bookings).toEqual([]);
    const ignoring = buildResourceTimeline({
      resource: ny.resource,
      schedules: [],
      overrides: [],
      blocks: [],
      holds: [],
      starts: [late],
      range: RANGE,
      ignoreBookingIds: ['bk_late'],
    });
    expect(ignoring.usage.day(t('2026-06-02T14:00:00Z')).bookings).toEqual([]);
  });

  it('orders balanced candidates by bookings that day, then least recently booked, then as listed', () => {
    const day = t('2026-06-05T10:00:00Z');
    const busy = tl('res_busy', {}, [{ bookingId: 'bk_x', start: day - HOUR, bookedAt: 1 }], { lastBookedAt: 1 });
    const recent = tl('res_recent', {}, [], { lastBookedAt: 500 });
    const old = tl('res_old', {}, [], { lastBookedAt: 100 });
    const never = tl('res_never');
    const all = timelines(busy, recent, old, never);
    const pick = (ids: string[], order: 'listed' | 'balanced') =>
      planBooking({ segments: [seg(day, ids, order)], timelines: all, now: NOW, policy: 'reject', rules: 'all' }).segments[0].resource;
    expect(pick(['res_busy', 'res_recent', 'res_old', 'res_never'], 'listed')).toBe('res_busy');
    expect(pick(['res_busy', 'res_recent', 'res_old', 'res_never'], 'balanced')).toBe('res_never');
    expect(pick(['res_busy', 'res_recent', 'res_old'], 'balanced')).toBe('res_old');
    expect(pick(['res_recent', 'res_busy'], 'balanced')).toBe('res_recent');
  });

  it('search skips the starts before the notice and after the advance', () => {
    const r = tl('res_a', { minNoticeMinutes: 90, maxAdvanceDays: 1 });
    const result = searchSlots({
      from: RANGE.start,
      to: t('2026-06-04T00:00:00Z'),
      timeZone: 'UTC',
      slotIntervalMinutes: 30,
      limit: 1000,
      segments: [{ candidates: ['res_a'], durationMinutes: 30, quantity: 1 }],
      timelines: timelines(r),
      now: NOW,
    });
    expect(result.slots[0].start).toBe(NOW + 90 * MIN);
    expect(result.slots.at(-1)!.start).toBe(NOW + 24 * HOUR);
  });
});
