import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clip,
  contains,
  containsPoint,
  earliestFit,
  intersect,
  normalize,
  overlaps,
  subtract,
  union,
} from '../../../src/core/time/interval-set.js';
import type { Interval } from '../../../src/core/time/types.js';

/** The brute-force model: which minutes 0..N-1 a set covers. */
const N = 60;
function toBits(set: readonly Interval[]): boolean[] {
  const bits = new Array<boolean>(N).fill(false);
  for (const i of set) for (let m = i.start; m < i.end; m++) bits[m] = true;
  return bits;
}
function fromBits(bits: boolean[]): Interval[] {
  const out: Interval[] = [];
  for (let m = 0; m < N; m++) {
    if (!bits[m]) continue;
    const last = out[out.length - 1];
    if (last && last.end === m) last.end = m + 1;
    else out.push({ start: m, end: m + 1 });
  }
  return out;
}

const rawInterval = fc.tuple(fc.integer({ min: 0, max: N }), fc.integer({ min: 0, max: N })).map(([a, b]) => ({ start: a, end: b }));
const rawSet = fc.array(rawInterval, { maxLength: 8 });
const set = rawSet.map(normalize);
const probe = fc
  .tuple(fc.integer({ min: 0, max: N - 1 }), fc.integer({ min: 1, max: N }))
  .map(([s, len]) => ({ start: s, end: Math.min(N, s + len) }));

describe('interval sets', () => {
  it('normalizes into sorted, merged, non-empty intervals covering the same minutes', () => {
    fc.assert(
      fc.property(rawSet, (raw) => {
        const n = normalize(raw);
        expect(n).toEqual(fromBits(toBits(raw.filter((i) => i.end > i.start))));
      }),
    );
  });

  it('unions, intersects and subtracts exactly like the minute model', () => {
    fc.assert(
      fc.property(set, set, (a, b) => {
        const A = toBits(a);
        const B = toBits(b);
        expect(union(a, b)).toEqual(fromBits(A.map((x, m) => x || B[m])));
        expect(intersect(a, b)).toEqual(fromBits(A.map((x, m) => x && B[m])));
        expect(subtract(a, b)).toEqual(fromBits(A.map((x, m) => x && !B[m])));
      }),
    );
  });

  it('obeys the set laws: commutative union and intersection, a − b disjoint from b, (a − b) ∪ (a ∩ b) = a', () => {
    fc.assert(
      fc.property(set, set, set, (a, b, c) => {
        expect(union(a, b)).toEqual(union(b, a));
        expect(intersect(a, b)).toEqual(intersect(b, a));
        expect(intersect(subtract(a, b), b)).toEqual([]);
        expect(union(subtract(a, b), intersect(a, b))).toEqual(a);
        expect(intersect(a, union(b, c))).toEqual(union(intersect(a, b), intersect(a, c)));
      }),
    );
  });

  it('answers contains, overlaps and point lookups like the minute model', () => {
    fc.assert(
      fc.property(set, probe, fc.integer({ min: 0, max: N - 1 }), (s, iv, point) => {
        const bits = toBits(s);
        const covered = bits.slice(iv.start, iv.end);
        expect(contains(s, iv)).toBe(covered.every(Boolean));
        expect(overlaps(s, iv)).toBe(covered.some(Boolean));
        expect(containsPoint(s, point)).toBe(bits[point]);
      }),
    );
  });

  it('clips to a range like intersecting with it', () => {
    fc.assert(
      fc.property(set, probe, (s, range) => {
        expect(clip(s, range)).toEqual(intersect(s, [range]));
      }),
    );
  });

  it('finds the earliest place an interval of a given length fits', () => {
    fc.assert(
      fc.property(set, fc.integer({ min: 0, max: N - 1 }), fc.integer({ min: 1, max: 20 }), (s, from, len) => {
        let expected: number | null = null;
        for (let x = from; x + len <= N; x++) {
          if (contains(s, { start: x, end: x + len })) {
            expected = x;
            break;
          }
        }
        expect(earliestFit(s, from, len)).toBe(expected);
      }),
    );
  });

  it('keeps extra fields such as a location when clipping', () => {
    expect(clip([{ start: 0, end: 10, location: 'loc_a' }], { start: 5, end: 20 })).toEqual([{ start: 5, end: 10, location: 'loc_a' }]);
  });

  it('treats an empty interval as contained and as overlapping nothing', () => {
    expect(contains([], { start: 5, end: 5 })).toBe(true);
    expect(overlaps([{ start: 0, end: 10 }], { start: 5, end: 5 })).toBe(false);
  });
});
