/**
 * Search and booking must agree (one rule): on random schedules, overrides, blocks and
 * holds, the offered slots are exactly the grid starts at which planBooking(reject)
 * succeeds, found by brute force over every grid start.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { searchSlots, type SearchSegment } from '../../../src/core/availability/search.js';
import { planBooking } from '../../../src/core/availability/booking-plan.js';
import { buildResourceTimeline, timelineRangeFor, type ResourceTimeline } from '../../../src/core/availability/resource-timeline.js';
import type { BlockFacts, HoldFacts, OverrideFacts, ResourceFacts, ScheduleFacts, WallInterval, WeekMap } from '../../../src/core/availability/types.js';
import { addDays } from '../../../src/core/time/wall-time.js';
import { formatWallTime } from '../../../src/core/time/wall-time.js';
import { MIN, WEEKDAYS, local } from '../helpers.js';

const Q = 15 * MIN;
// Zones whose offsets are whole quarter hours, so the 15-minute local grid is exactly
// the UTC multiples of 15 minutes: the brute force needs no time-zone code at all.
const SCENES: [string, string][] = [
  ['UTC', '2026-03-02'],
  ['America/New_York', '2026-03-07'],
  ['America/New_York', '2026-10-31'],
  ['Europe/London', '2026-03-28'],
  ['Australia/Lord_Howe', '2026-10-03'],
  ['Asia/Kathmandu', '2026-03-02'],
];
const LOCATIONS = [null, 'loc_a', 'loc_b'];

/** A day's intervals: sorted quarter-hour boundaries paired up, so they never overlap. */
const dayIntervals: fc.Arbitrary<WallInterval[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 4 })
  .chain((cuts) =>
    fc.array(fc.constantFrom(...LOCATIONS), { minLength: 2, maxLength: 2 }).map((locs) => {
      const sorted = [...cuts].sort((a, b) => a - b);
      const out: WallInterval[] = [];
      for (let i = 0; i + 1 < sorted.length; i += 2) {
        out.push({ start: formatWallTime(sorted[i] * 15), end: formatWallTime(sorted[i + 1] * 15), location: locs[i / 2] });
      }
      return out;
    }),
  );
const weekMap: fc.Arbitrary<WeekMap> = fc.array(fc.option(dayIntervals, { nil: undefined }), { minLength: 7, maxLength: 7 }).map((days) => {
  const map: WeekMap = {};
  days.forEach((d, i) => {
    if (d) map[WEEKDAYS[i]] = d;
  });
  return map;
});

const scenario = fc
  .record({
    scene: fc.constantFrom(...SCENES),
    resources: fc.array(
      fc.record({
        capacity: fc.integer({ min: 1, max: 3 }),
        archived: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
        buffers: fc.tuple(fc.constantFrom(0, 0, 15, 30), fc.constantFrom(0, 0, 15)),
        defaultLocation: fc.constantFrom(null, 'loc_a'),
        schedules: fc.array(fc.record({ offsetDays: fc.integer({ min: -10, max: 2 }), weeks: fc.array(weekMap, { minLength: 1, maxLength: 2 }) }), { minLength: 1, maxLength: 2 }),
        overrides: fc.array(fc.record({ day: fc.integer({ min: -1, max: 2 }), intervals: dayIntervals }), { maxLength: 2 }),
        holds: fc.array(fc.record({ startQ: fc.integer({ min: -8, max: 200 }), lenQ: fc.integer({ min: 1, max: 16 }), quantity: fc.integer({ min: 1, max: 2 }) }), { maxLength: 5 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    blocks: fc.array(
      fc.record({ startQ: fc.integer({ min: -8, max: 200 }), lenQ: fc.integer({ min: 1, max: 12 }), scope: fc.integer({ min: 0, max: 5 }) }),
      { maxLength: 3 },
    ),
    segments: fc.array(
      fc.record({
        candidates: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }),
        durationMinutes: fc.constantFrom(15, 30, 45, 60, 90, 120),
        offsetMinutes: fc.constantFrom(null, null, 0, 15, 60),
        quantity: fc.integer({ min: 1, max: 2 }),
        bufferBefore: fc.constantFrom(null, null, 0, 15),
        bufferAfter: fc.constantFrom(null, null, 0, 30),
        location: fc.constantFrom(null, null, null, 'loc_a'),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    fromQ: fc.integer({ min: 0, max: 40 }),
    lengthQ: fc.integer({ min: 8, max: 192 }),
    nowQ: fc.integer({ min: -50, max: 100 }),
    limit: fc.integer({ min: 1, max: 6 }),
  });

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function materialize(s: Scenario) {
  const [tz, date] = s.scene;
  const dayStart = local(`${date}T00:00`, tz);
  const from = dayStart + s.fromQ * Q;
  const to = from + s.lengthQ * Q;
  const range = timelineRangeFor({ start: from, end: to });
  const at = (q: number) => dayStart + q * Q;
  const blocks: BlockFacts[] = s.blocks.map((b, i) => ({
    id: `blk_${i}`,
    start: at(b.startQ),
    end: at(b.startQ + b.lenQ),
    resource: b.scope <= 2 ? `res_${b.scope}` : null,
    location: b.scope === 3 ? 'loc_a' : b.scope === 4 ? 'loc_b' : null,
    accountWide: b.scope === 5,
  }));
  const tls = new Map<string, ResourceTimeline>();
  s.resources.forEach((r, i) => {
    const id = `res_${i}`;
    const facts: ResourceFacts = {
      id,
      capacity: r.capacity,
      status: r.archived ? 'archived' : 'active',
      timezone: tz,
      defaultLocation: r.defaultLocation,
      bufferBeforeMinutes: r.buffers[0],
      bufferAfterMinutes: r.buffers[1],
    };
    const schedules: ScheduleFacts[] = r.schedules.map((sc, k) => ({ id: `sch_${k}`, effectiveFrom: addDays(date, sc.offsetDays), weeks: sc.weeks }));
    const overrides: OverrideFacts[] = [];
    for (const o of r.overrides) {
      const d = addDays(date, o.day);
      if (!overrides.some((x) => x.date === d)) overrides.push({ date: d, intervals: o.intervals });
    }
    const holds: HoldFacts[] = r.holds.map((h, k) => ({ bookingId: `bk_${k}`, resource: id, start: at(h.startQ), end: at(h.startQ + h.lenQ), quantity: h.quantity }));
    tls.set(id, buildResourceTimeline({ resource: facts, schedules, overrides, blocks, holds, range }));
  });
  const n = s.resources.length;
  const segments: SearchSegment[] = s.segments.map((g) => ({
    candidates: [...new Set(g.candidates.map((c) => `res_${c % n}`))],
    durationMinutes: g.durationMinutes,
    offsetMinutes: g.offsetMinutes,
    quantity: g.quantity,
    bufferBeforeMinutes: g.bufferBefore,
    bufferAfterMinutes: g.bufferAfter,
    location: g.location,
  }));
  return { tz, from, to, now: dayStart + s.nowQ * Q, tls, segments };
}

/** Brute force: every UTC quarter hour in [from, to] whose booking passes planBooking(reject). */
function bruteForce(m: ReturnType<typeof materialize>) {
  const out: { start: number; resources: string[] }[] = [];
  for (let t = Math.ceil(m.from / Q) * Q; t <= m.to; t += Q) {
    let cursor = t;
    const segs = m.segments.map((g) => {
      const start = g.offsetMinutes !== null && g.offsetMinutes !== undefined ? t + g.offsetMinutes * MIN : cursor;
      cursor = start + g.durationMinutes * MIN;
      return { start, end: cursor, quantity: g.quantity, resources: g.candidates, location: g.location, bufferBeforeMinutes: g.bufferBeforeMinutes, bufferAfterMinutes: g.bufferAfterMinutes };
    });
    if (Math.max(...segs.map((x) => x.end)) > m.to) continue;
    const plan = planBooking({ segments: segs, timelines: m.tls, now: m.now, policy: 'reject' });
    if (plan.ok) out.push({ start: t, resources: plan.segments.map((p) => p.resource) });
  }
  return out;
}

describe('availability search agrees with booking', () => {
  it('offers exactly the grid starts at which a booking with policy reject would succeed', () => {
    let nonEmpty = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        const m = materialize(s);
        const expected = bruteForce(m);
        if (expected.length > 0) nonEmpty++;
        const all = searchSlots({ from: m.from, to: m.to, timeZone: m.tz, slotIntervalMinutes: 15, limit: 1000, segments: m.segments, timelines: m.tls, now: m.now });
        expect(all.slots.map((x) => x.start)).toEqual(expected.map((x) => x.start));
        expect(all.slots.map((x) => x.segments.map((g) => g.resource))).toEqual(expected.map((x) => x.resources));
        expect(all.hasMore).toBe(false);

        const page = searchSlots({ from: m.from, to: m.to, timeZone: m.tz, slotIntervalMinutes: 15, limit: s.limit, segments: m.segments, timelines: m.tls, now: m.now });
        expect(page.slots.map((x) => x.start)).toEqual(expected.slice(0, s.limit).map((x) => x.start));
        expect(page.hasMore).toBe(expected.length > s.limit);
        expect(page.nextFrom).toBe(expected.length > s.limit ? expected[s.limit].start : null);
      }),
      { numRuns: 250 },
    );
    // The generator must produce real availability often enough to mean something.
    expect(nonEmpty).toBeGreaterThan(25);
  });

  it('offers only slots that book successfully, segment by segment', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const m = materialize(s);
        const r = searchSlots({ from: m.from, to: m.to, timeZone: m.tz, slotIntervalMinutes: 15, limit: 50, segments: m.segments, timelines: m.tls, now: m.now });
        for (const slot of r.slots) {
          expect(slot.start).toBeGreaterThanOrEqual(m.from);
          expect(slot.end).toBeLessThanOrEqual(m.to);
          const plan = planBooking({
            segments: slot.segments.map((g, i) => ({
              start: g.start,
              end: g.end,
              quantity: g.quantity,
              resource: g.resource,
              location: m.segments[i].location,
              bufferBeforeMinutes: m.segments[i].bufferBeforeMinutes,
              bufferAfterMinutes: m.segments[i].bufferAfterMinutes,
            })),
            timelines: m.tls,
            now: m.now,
            policy: 'reject',
          });
          expect(plan.conflicts).toEqual([]);
          expect(plan.segments.map((p) => p.location)).toEqual(slot.segments.map((g) => g.location));
        }
      }),
      { numRuns: 150 },
    );
  });
});
