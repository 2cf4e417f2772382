/**
 * fitSpace is the shortcut search uses to skip grid starts; it must say exactly what
 * checkSegmentFit says for a segment without earlier segments (start_passed aside).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkSegmentFit, fitSpace, heldInterval } from '../../../src/core/availability/segment-fit.js';
import { contains } from '../../../src/core/time/interval-set.js';
import { block, hold, resource, schedule, t, timeline, wall, MIN } from '../helpers.js';
import { formatWallTime } from '../../../src/core/time/wall-time.js';

const BASE = t('2026-03-02T00:00:00Z'); // a Monday
const Q = 15 * MIN;

describe('fit space', () => {
  it('contains a segment’s held time exactly when the segment has no conflict other than start_passed', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 6 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 2 })), { maxLength: 3 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 3 })), { maxLength: 6 }),
        fc.record({
          capacity: fc.integer({ min: 1, max: 3 }),
          archived: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
          startQ: fc.integer({ min: 4, max: 90 }),
          lenQ: fc.integer({ min: 1, max: 8 }),
          quantity: fc.integer({ min: 1, max: 3 }),
          before: fc.integer({ min: 0, max: 2 }),
          after: fc.integer({ min: 0, max: 2 }),
          location: fc.constantFrom(undefined, null, 'loc_a', 'loc_b'),
        }),
        (cuts, blocks, holds, s) => {
          const sorted = [...cuts].sort((a, b) => a - b);
          const intervals = [];
          for (let i = 0; i + 1 < sorted.length; i += 2) {
            intervals.push(wall(formatWallTime(sorted[i] * 15), formatWallTime(sorted[i + 1] * 15), i % 4 === 0 ? 'loc_a' : 'loc_b'));
          }
          const tl = timeline({
            resource: resource({ capacity: s.capacity, status: s.archived ? 'archived' : 'active' }),
            schedules: [schedule('2026-01-01', { monday: intervals })],
            blocks: blocks.map(([q, len, scope]) =>
              block(BASE + q * Q, BASE + (q + len) * Q, scope === 0 ? { resource: 'res_1' } : scope === 1 ? { location: 'loc_a' } : { accountWide: true }),
            ),
            holds: holds.map(([q, len, n], i) => hold('res_1', BASE + q * Q, BASE + (q + len) * Q, n, `bk_${i}`)),
          });
          const segment = {
            index: 0,
            start: BASE + s.startQ * Q,
            end: BASE + (s.startQ + s.lenQ) * Q,
            quantity: s.quantity,
            bufferBeforeMinutes: s.before * 15,
            bufferAfterMinutes: s.after * 15,
            location: s.location,
          };
          const fit = checkSegmentFit(tl, segment, BASE + 200 * Q);
          const clean = fit.conflicts.every((c) => c.reason === 'start_passed');
          expect(contains(fitSpace(tl, s.quantity, s.location), heldInterval(segment))).toBe(clean);
        },
      ),
      { numRuns: 500 },
    );
  });
});
