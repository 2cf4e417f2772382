import { describe, expect, it } from 'vitest';
import { searchSlots, type SearchSegment } from '../../../src/core/availability/search.js';
import { buildResourceTimeline, timelineRangeFor, type ResourceTimeline } from '../../../src/core/availability/resource-timeline.js';
import { everyDay, hold, local, resource, schedule, t, timeline, timelines, view, wall, MIN } from '../helpers.js';

const NOW = t('2026-01-01T00:00:00Z');

function search(tls: Map<string, ResourceTimeline>, segments: SearchSegment[], opts: Partial<Parameters<typeof searchSlots>[0]> = {}) {
  return searchSlots({
    from: t('2026-03-02T00:00:00Z'),
    to: t('2026-03-03T00:00:00Z'),
    timeZone: 'UTC',
    slotIntervalMinutes: 30,
    limit: 100,
    segments,
    timelines: tls,
    now: NOW,
    ...opts,
  });
}
const one = (id = 'res_1', durationMinutes = 60, extra: Partial<SearchSegment> = {}): SearchSegment => ({
  candidates: [id],
  durationMinutes,
  quantity: 1,
  ...extra,
});
const starts = (r: { slots: { start: number }[] }, tz = 'UTC') => r.slots.map((s) => view(s.start, tz).slice(11));

describe('availability search', () => {
  it('lists every grid start at which the booking fits, ending by closing time', () => {
    const r = search(timelines(timeline()), [one()]);
    expect(starts(r)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00']);
    expect(r.slots[0]).toEqual({
      start: t('2026-03-02T09:00:00Z'),
      end: t('2026-03-02T10:00:00Z'),
      segments: [{ resource: 'res_1', location: null, start: t('2026-03-02T09:00:00Z'), end: t('2026-03-02T10:00:00Z'), quantity: 1, remainingCapacity: 1 }],
    });
    expect(r).toMatchObject({ hasMore: false, nextFrom: null });
  });

  it('aligns the grid to local midnight of the requested time zone', () => {
    const r = search(timelines(timeline()), [one()], { timeZone: 'Asia/Kathmandu', slotIntervalMinutes: 60 });
    expect(starts(r, 'Asia/Kathmandu')).toEqual(['15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
    expect(r.slots[0].start).toBe(t('2026-03-02T09:15:00Z'));
  });

  it('keeps slots at 09:00–16:00 local on the spring-forward day in New York', () => {
    const tz = 'America/New_York';
    const tl = timeline({ resource: resource({ timezone: tz }) });
    const r = search(timelines(tl), [one()], { timeZone: tz, slotIntervalMinutes: 60, from: local('2026-03-08T00:00', tz), to: local('2026-03-09T00:00', tz) });
    expect(starts(r, tz)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it('offers both passes through the repeated hour on the fall-back day for a round-the-clock resource', () => {
    const tz = 'America/New_York';
    const tl = timeline({ resource: resource({ timezone: tz }), schedules: [schedule('2026-01-01', everyDay(wall('00:00', '24:00')))] });
    const r = search(timelines(tl), [one('res_1', 30)], { timeZone: tz, slotIntervalMinutes: 30, from: local('2026-11-01T00:00', tz), to: local('2026-11-01T03:00', tz) });
    expect(starts(r, tz)).toEqual(['00:00', '00:30', '01:00', '01:30', '01:00', '01:30', '02:00', '02:30']);
    for (let i = 1; i < r.slots.length; i++) expect(r.slots[i].start - r.slots[i - 1].start).toBe(30 * MIN);
  });

  it('keeps slots within from and to', () => {
    const r = search(timelines(timeline()), [one()], { from: t('2026-03-02T10:10:00Z'), to: t('2026-03-02T12:00:00Z') });
    expect(starts(r)).toEqual(['10:30', '11:00']);
  });

  it('skips starts that have already passed', () => {
    const r = search(timelines(timeline()), [one()], { now: t('2026-03-02T15:01:00Z') });
    expect(starts(r)).toEqual(['15:30', '16:00']);
  });

  it('stops at the limit and points to the next slot', () => {
    const r = search(timelines(timeline()), [one()], { limit: 3 });
    expect(starts(r)).toEqual(['09:00', '09:30', '10:00']);
    expect(r).toMatchObject({ hasMore: true, nextFrom: t('2026-03-02T10:30:00Z') });
    const exact = search(timelines(timeline()), [one()], { limit: 15 });
    expect(exact).toMatchObject({ hasMore: false, nextFrom: null });
  });

  it('leaves out starts where another booking or buffers get in the way', () => {
    const tl = timeline({
      resource: resource({ bufferAfterMinutes: 30 }),
      holds: [hold('res_1', t('2026-03-02T11:00:00Z'), t('2026-03-02T14:00:00Z'))],
    });
    const r = search(timelines(tl), [one()]);
    expect(starts(r)).toEqual(['09:00', '09:30', '14:00', '14:30', '15:00', '15:30']);
  });

  it('places segments one after another, or at their offsets from the slot start', () => {
    const tls = timelines(timeline({ resource: resource({ id: 'res_a' }) }), timeline({ resource: resource({ id: 'res_b' }) }));
    const chained = search(tls, [one('res_a', 30), one('res_b', 60)], { limit: 1 });
    expect(chained.slots[0].segments.map((s) => [view(s.start, 'UTC').slice(11), view(s.end, 'UTC').slice(11)])).toEqual([
      ['09:00', '09:30'],
      ['09:30', '10:30'],
    ]);
    expect(chained.slots[0].end).toBe(t('2026-03-02T10:30:00Z'));
    const parallel = search(tls, [one('res_a', 30), one('res_b', 60, { offsetMinutes: 0 })], { limit: 1 });
    expect(parallel.slots[0].segments.map((s) => view(s.start, 'UTC').slice(11))).toEqual(['09:00', '09:00']);
  });

  it('picks candidates in order and reports the remaining capacity of the pool', () => {
    const tls = timelines(
      timeline({ resource: resource({ id: 'res_a' }), holds: [hold('res_a', t('2026-03-02T09:00:00Z'), t('2026-03-02T10:00:00Z'))] }),
      timeline({ resource: resource({ id: 'res_b', capacity: 5 }), holds: [hold('res_b', t('2026-03-02T09:00:00Z'), t('2026-03-02T12:00:00Z'), 2)] }),
    );
    const r = search(tls, [{ candidates: ['res_a', 'res_b'], durationMinutes: 60, quantity: 1 }], { limit: 3 });
    expect(r.slots.map((s) => [view(s.start, 'UTC').slice(11), s.segments[0].resource, s.segments[0].remainingCapacity])).toEqual([
      ['09:00', 'res_b', 3],
      ['09:30', 'res_b', 3],
      ['10:00', 'res_a', 1],
    ]);
  });

  it('finds nothing for an archived resource', () => {
    expect(search(timelines(timeline({ resource: resource({ status: 'archived' }) })), [one()]).slots).toEqual([]);
  });

  it('searches 62 days of a one-minute grid over 20 candidates quickly', () => {
    const from = t('2026-03-02T00:00:00Z');
    const to = from + 62 * 24 * 60 * MIN;
    const ids = Array.from({ length: 20 }, (_, i) => `res_${i}`);
    const tls = new Map(ids.map((id, i) => {
      const holds = Array.from({ length: 62 }, (_, d) => hold(id, from + d * 1440 * MIN + (9 + (i % 8)) * 60 * MIN, from + d * 1440 * MIN + (10 + (i % 8)) * 60 * MIN));
      return [id, buildResourceTimeline({
        resource: resource({ id, bufferBeforeMinutes: 5 }),
        schedules: [schedule('2026-01-01', { monday: [wall('09:00', '17:00')], wednesday: [wall('09:00', '17:00')] })],
        overrides: [], blocks: [], holds,
        range: timelineRangeFor({ start: from, end: to }),
      })];
    }));
    const began = performance.now();
    const r = searchSlots({ from, to, timeZone: 'Europe/Paris', slotIntervalMinutes: 1, limit: 1000, segments: [{ candidates: ids, durationMinutes: 45, quantity: 1 }], timelines: tls, now: NOW });
    expect(r.slots.length).toBe(1000);
    expect(performance.now() - began).toBeLessThan(3000);
  });
});
