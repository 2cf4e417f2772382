/**
 * Interval sets over epoch ms: arrays of half-open [start, end) intervals that are
 * sorted, non-empty, and neither overlap nor touch (touching intervals are merged).
 * Every function taking an `IntervalSet` relies on that invariant for its linear
 * merges and binary searches; build sets with `normalize` (or the set operations,
 * which all return normalized sets).
 */
import type { Interval } from './types.js';

export type IntervalSet = readonly Interval[];

export const EMPTY_SET: IntervalSet = Object.freeze([]) as IntervalSet;

/** Sorts, drops empty intervals and merges overlapping or touching ones. */
export function normalize(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) {
      if (i.end > last.end) last.end = i.end;
    } else {
      out.push({ start: i.start, end: i.end });
    }
  }
  return out;
}

export function union(a: IntervalSet, b: IntervalSet): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i].start <= b[j].start) ? a[i++] : b[j++];
    const last = out[out.length - 1];
    if (last && next.start <= last.end) {
      if (next.end > last.end) last.end = next.end;
    } else {
      out.push({ start: next.start, end: next.end });
    }
  }
  return out;
}

export function intersect(a: IntervalSet, b: IntervalSet): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i].start, b[j].start);
    const end = Math.min(a[i].end, b[j].end);
    if (start < end) out.push({ start, end });
    if (a[i].end < b[j].end) i++;
    else j++;
  }
  return out;
}

/** a − b. */
export function subtract(a: IntervalSet, b: IntervalSet): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const x of a) {
    let cur = x.start;
    while (j < b.length && b[j].end <= cur) j++;
    let k = j;
    while (k < b.length && b[k].start < x.end) {
      if (b[k].start > cur) out.push({ start: cur, end: b[k].start });
      cur = Math.max(cur, b[k].end);
      if (cur >= x.end) break;
      k++;
    }
    if (cur < x.end) out.push({ start: cur, end: x.end });
  }
  return out;
}

/** Index of the last interval whose start ≤ t, or −1. Works on any start-sorted array. */
export function lastStartingAtOrBefore(items: readonly Interval[], t: number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid].start <= t) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** Index of the first interval whose end > t (the first that can contain or follow t), or length. */
export function firstEndingAfter(set: IntervalSet, t: number): number {
  let lo = 0;
  let hi = set.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (set[mid].end > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function containsPoint(set: IntervalSet, t: number): boolean {
  const k = lastStartingAtOrBefore(set, t);
  return k >= 0 && set[k].end > t;
}

/** True when the whole interval lies inside one member of the set (an empty interval always does). */
export function contains(set: IntervalSet, interval: Interval): boolean {
  if (interval.end <= interval.start) return true;
  const k = lastStartingAtOrBefore(set, interval.start);
  return k >= 0 && set[k].end >= interval.end;
}

/** True when the set and the interval share some instant. */
export function overlaps(set: IntervalSet, interval: Interval): boolean {
  if (interval.end <= interval.start) return false;
  const k = firstEndingAfter(set, interval.start);
  return k < set.length && set[k].start < interval.end;
}

/**
 * The members cut to `range`. Generic so that extra fields (e.g. a working interval's
 * location) survive; works on any start-sorted, non-overlapping array.
 */
export function clip<T extends Interval>(items: readonly T[], range: Interval): T[] {
  const out: T[] = [];
  for (let k = Math.max(0, firstEndingAfter(items, range.start)); k < items.length; k++) {
    const it = items[k];
    if (it.start >= range.end) break;
    const start = Math.max(it.start, range.start);
    const end = Math.min(it.end, range.end);
    if (start < end) out.push({ ...it, start, end });
  }
  return out;
}

/**
 * The earliest x ≥ from such that [x, x + length) lies inside the set, or null.
 * Lets search jump over closed time instead of testing every grid start in it.
 */
export function earliestFit(set: IntervalSet, from: number, length: number): number | null {
  for (let k = firstEndingAfter(set, from); k < set.length; k++) {
    const x = Math.max(set[k].start, from);
    if (x + length <= set[k].end) return x;
  }
  return null;
}

export function totalLength(set: IntervalSet): number {
  let sum = 0;
  for (const i of set) sum += i.end - i.start;
  return sum;
}
