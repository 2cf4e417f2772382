/**
 * Units in use over time, as a step function built once from holds (interval +
 * quantity). `maxUsed` answers "the peak over [start, end)" in O(log n) with a
 * sparse table, because search asks it for every grid start of every candidate.
 */
import type { Interval } from './types.js';

export interface QuantityHold extends Interval {
  quantity: number;
}

export interface CapacityPiece extends Interval {
  used: number;
}

export interface CapacityTimeline {
  /** Peak units in use at any instant of [start, end); 0 for an empty range. */
  maxUsed(start: number, end: number): number;
  /** Units in use at instant t. */
  usedAt(t: number): number;
  /** Constant-usage pieces covering [start, end), adjacent equal pieces merged. */
  pieces(start: number, end: number): CapacityPiece[];
  /** The instants (a normalized interval set) at which more than `threshold` units are used. */
  usedAbove(threshold: number): Interval[];
}

export function buildCapacityTimeline(holds: readonly QuantityHold[]): CapacityTimeline {
  // Every hold's two edges, sorted and deduplicated, are the breakpoints; the level on
  // [times[i], times[i+1]) is the running sum of the quantities starting and ending there.
  // Typed arrays and a numeric sort: a search builds this for every candidate.
  let n = 0;
  const edges = new Float64Array(holds.length * 2);
  for (const h of holds) {
    if (h.end <= h.start || h.quantity === 0) continue;
    edges[n++] = h.start;
    edges[n++] = h.end;
  }
  const sortedEdges = edges.subarray(0, n).sort();
  // times[i] is a breakpoint; used[i] is the usage on [times[i], times[i+1]).
  // Before times[0] and from the last breakpoint on, nothing is held.
  const times: number[] = [];
  for (let i = 0; i < n; i++) if (i === 0 || sortedEdges[i] !== sortedEdges[i - 1]) times.push(sortedEdges[i]);
  const deltas = new Float64Array(times.length);
  for (const h of holds) {
    if (h.end <= h.start || h.quantity === 0) continue;
    deltas[indexAt(h.start)] += h.quantity;
    deltas[indexAt(h.end)] -= h.quantity;
  }
  const used: number[] = new Array(times.length);
  let level = 0;
  for (let i = 0; i < times.length; i++) {
    level += deltas[i];
    used[i] = level;
  }
  const table = sparseMaxTable(used);

  /** Index of the last breakpoint ≤ t, or −1. */
  function indexAt(t: number): number {
    let lo = 0;
    let hi = times.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid] <= t) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  function usedAt(t: number): number {
    const i = indexAt(t);
    return i < 0 ? 0 : used[i];
  }

  function maxUsed(start: number, end: number): number {
    if (end <= start || times.length === 0) return 0;
    const first = indexAt(start);
    const lastIdx = indexBefore(end);
    if (lastIdx < 0) return 0;
    const lo = Math.max(first, 0);
    // Before the first breakpoint usage is 0, so starting the query there adds nothing.
    return Math.max(0, rangeMax(table, lo, lastIdx));
  }

  /** Index of the last breakpoint < t, or −1. */
  function indexBefore(t: number): number {
    let lo = 0;
    let hi = times.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid] < t) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  function pieces(start: number, end: number): CapacityPiece[] {
    const out: CapacityPiece[] = [];
    if (end <= start) return out;
    let i = indexAt(start);
    let cur = start;
    while (cur < end) {
      const level = i < 0 ? 0 : used[i];
      const nextBreak = i + 1 < times.length ? times[i + 1] : Infinity;
      const pieceEnd = Math.min(end, nextBreak);
      const last = out[out.length - 1];
      if (last && last.used === level) last.end = pieceEnd;
      else out.push({ start: cur, end: pieceEnd, used: level });
      cur = pieceEnd;
      i++;
    }
    return out;
  }

  function usedAbove(threshold: number): Interval[] {
    const out: Interval[] = [];
    for (let i = 0; i + 1 < times.length; i++) {
      if (used[i] <= threshold) continue;
      const last = out[out.length - 1];
      if (last && last.end === times[i]) last.end = times[i + 1];
      else out.push({ start: times[i], end: times[i + 1] });
    }
    // Usage before the first breakpoint and after the last is 0: only a negative
    // threshold would count it, and callers never ask for one.
    return out;
  }

  return { maxUsed, usedAt, pieces, usedAbove };
}

/** table[k][i] = max of values[i .. i + 2^k). */
function sparseMaxTable(values: number[]): number[][] {
  const table: number[][] = [values];
  for (let k = 1; 1 << k <= values.length; k++) {
    const prev = table[k - 1];
    const half = 1 << (k - 1);
    const row: number[] = new Array(values.length - (1 << k) + 1);
    for (let i = 0; i < row.length; i++) row[i] = Math.max(prev[i], prev[i + half]);
    table.push(row);
  }
  return table;
}

/** Max of values[lo ..= hi] in O(1). */
function rangeMax(table: number[][], lo: number, hi: number): number {
  if (hi < lo) return 0;
  const k = 31 - Math.clz32(hi - lo + 1);
  return Math.max(table[k][lo], table[k][hi - (1 << k) + 1]);
}

/**
 * Peak of the timeline plus a few extra holds over [start, end). The extra holds
 * are the earlier segments of the booking being planned: few, so we split the range
 * at their edges and add their constant sum to each piece's peak.
 */
export function maxUsedWithExtra(
  timeline: CapacityTimeline,
  start: number,
  end: number,
  extra: readonly QuantityHold[],
): number {
  if (end <= start) return 0;
  const relevant = extra.filter((h) => h.start < end && h.end > start && h.end > h.start);
  if (relevant.length === 0) return timeline.maxUsed(start, end);
  const cuts = new Set<number>([start, end]);
  for (const h of relevant) {
    if (h.start > start) cuts.add(h.start);
    if (h.end < end) cuts.add(h.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    let add = 0;
    for (const h of relevant) if (h.start <= a && h.end >= b) add += h.quantity;
    peak = Math.max(peak, timeline.maxUsed(a, b) + add);
  }
  return peak;
}
