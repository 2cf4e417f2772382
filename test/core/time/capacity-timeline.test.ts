import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCapacityTimeline, maxUsedWithExtra, type QuantityHold } from '../../../src/core/time/capacity-timeline.js';

const N = 48;
function usage(holds: readonly QuantityHold[]): number[] {
  const used = new Array<number>(N).fill(0);
  for (const h of holds) for (let m = Math.max(0, h.start); m < Math.min(N, h.end); m++) used[m] += h.quantity;
  return used;
}
const holdArb = fc
  .tuple(fc.integer({ min: 0, max: N - 1 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 4 }))
  .map(([s, len, q]) => ({ start: s, end: Math.min(N, s + len), quantity: q }));
const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: N - 1 }), fc.integer({ min: 1, max: N }))
  .map(([s, len]) => ({ start: s, end: Math.min(N, s + len) }));

describe('capacity timeline', () => {
  it('reports the peak over a range exactly like summing holds minute by minute', () => {
    fc.assert(
      fc.property(fc.array(holdArb, { maxLength: 30 }), rangeArb, (holds, r) => {
        const tl = buildCapacityTimeline(holds);
        const used = usage(holds);
        expect(tl.maxUsed(r.start, r.end)).toBe(Math.max(0, ...used.slice(r.start, r.end)));
        expect(tl.usedAt(r.start)).toBe(used[r.start]);
      }),
    );
  });

  it('adds the extra holds of earlier segments where they overlap, not their peaks', () => {
    fc.assert(
      fc.property(fc.array(holdArb, { maxLength: 15 }), fc.array(holdArb, { maxLength: 4 }), rangeArb, (holds, extra, r) => {
        const used = usage([...holds, ...extra]);
        expect(maxUsedWithExtra(buildCapacityTimeline(holds), r.start, r.end, extra)).toBe(
          Math.max(0, ...used.slice(r.start, r.end)),
        );
      }),
    );
  });

  it('splits a range into merged pieces of constant usage', () => {
    fc.assert(
      fc.property(fc.array(holdArb, { maxLength: 20 }), rangeArb, (holds, r) => {
        const used = usage(holds);
        const pieces = buildCapacityTimeline(holds).pieces(r.start, r.end);
        expect(pieces[0].start).toBe(r.start);
        expect(pieces[pieces.length - 1].end).toBe(r.end);
        for (let i = 0; i < pieces.length; i++) {
          if (i > 0) {
            expect(pieces[i].start).toBe(pieces[i - 1].end);
            expect(pieces[i].used).not.toBe(pieces[i - 1].used);
          }
          for (let m = pieces[i].start; m < pieces[i].end; m++) expect(used[m]).toBe(pieces[i].used);
        }
      }),
    );
  });

  it('sees nothing held outside every hold and at a hold end (half-open)', () => {
    const tl = buildCapacityTimeline([{ start: 10, end: 20, quantity: 2 }]);
    expect(tl.maxUsed(0, 10)).toBe(0);
    expect(tl.maxUsed(20, 30)).toBe(0);
    expect(tl.maxUsed(19, 20)).toBe(2);
    expect(tl.usedAt(20)).toBe(0);
  });
});
