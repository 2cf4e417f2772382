/**
 * Capacity is never oversold: against an independent quarter-hour model, planBooking
 * with policy reject accepts a booking exactly when no instant would exceed capacity.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { planBooking } from '../../../src/core/availability/booking-plan.js';
import { everyDay, hold, resource, schedule, t, timeline, timelines, wall, MIN } from '../helpers.js';

const Q = 15 * MIN;
const BASE = t('2026-03-02T00:00:00Z');
const SLOTS = 96;

const holdArb = fc.record({ startQ: fc.integer({ min: 0, max: SLOTS - 1 }), lenQ: fc.integer({ min: 1, max: 16 }), quantity: fc.integer({ min: 1, max: 3 }) });
const segmentArb = fc.record({
  startQ: fc.integer({ min: 8, max: SLOTS - 24 }),
  lenQ: fc.integer({ min: 1, max: 12 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  beforeQ: fc.integer({ min: 0, max: 4 }),
  afterQ: fc.integer({ min: 0, max: 4 }),
});

describe('capacity of pools', () => {
  it('never lets planBooking(reject) push any instant above capacity, and never refuses a booking that fits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(holdArb, { maxLength: 12 }),
        fc.array(segmentArb, { minLength: 1, maxLength: 3 }),
        (capacity, holds, segments) => {
          const used = new Array<number>(SLOTS + 40).fill(0);
          for (const h of holds) for (let q = h.startQ; q < h.startQ + h.lenQ; q++) used[q] += h.quantity;
          const touched = new Set<number>();
          for (const s of segments) {
            for (let q = s.startQ - s.beforeQ; q < s.startQ + s.lenQ + s.afterQ; q++) {
              used[q] += s.quantity;
              touched.add(q);
            }
          }
          // Existing holds may already exceed capacity (bookings made with `allow`); the
          // booking is judged only on the instants it holds.
          const fits = [...touched].every((q) => used[q] <= capacity);

          const tl = timeline({
            resource: resource({ id: 'res_pool', capacity }),
            schedules: [schedule('2026-01-01', everyDay(wall('00:00', '24:00')))],
            holds: holds.map((h, i) => hold('res_pool', BASE + h.startQ * Q, BASE + (h.startQ + h.lenQ) * Q, h.quantity, `bk_${i}`)),
          });
          const plan = planBooking({
            segments: segments.map((s) => ({
              resource: 'res_pool',
              start: BASE + s.startQ * Q,
              end: BASE + (s.startQ + s.lenQ) * Q,
              quantity: s.quantity,
              bufferBeforeMinutes: s.beforeQ * 15,
              bufferAfterMinutes: s.afterQ * 15,
            })),
            timelines: timelines(tl),
            now: t('2026-01-01T00:00:00Z'),
            policy: 'reject',
          });
          expect(plan.ok).toBe(fits);
          if (!fits) expect(plan.refused.every((c) => c.reason === 'capacity_exceeded')).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
