/**
 * A capacity timeline that grows: the units held by existing bookings (built once for a
 * whole series range) plus the holds of occurrences planned so far in this run. Planning
 * 730 occurrences then costs one load and one timeline, and each occurrence is still
 * weighed against the earlier ones, as if each had been booked on its own.
 */
import { maxUsedWithExtra, type CapacityPiece, type CapacityTimeline, type QuantityHold } from '../time/capacity-timeline.js';
import type { Interval } from '../time/types.js';

export interface GrowingCapacity extends CapacityTimeline {
  add(hold: QuantityHold): void;
}

export function growingCapacity(base: CapacityTimeline): GrowingCapacity {
  // Sorted by start; occurrences are planned in time order, so adds are nearly always appends.
  const extra: QuantityHold[] = [];
  let longest = 0;

  function overlapping(start: number, end: number): QuantityHold[] {
    if (extra.length === 0) return [];
    // First hold that could still reach `start`: starts after start − longest.
    let lo = 0;
    let hi = extra.length;
    const from = start - longest;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (extra[mid].start <= from) lo = mid + 1;
      else hi = mid;
    }
    const out: QuantityHold[] = [];
    for (let i = Math.max(0, lo - 1); i < extra.length && extra[i].start < end; i++) {
      const h = extra[i];
      if (h.end > start && h.start < end) out.push(h);
    }
    return out;
  }

  function usedAt(t: number): number {
    let level = base.usedAt(t);
    for (const h of overlapping(t, t + 1)) level += h.quantity;
    return level;
  }

  function pieces(start: number, end: number): CapacityPiece[] {
    const holds = overlapping(start, end);
    if (holds.length === 0) return base.pieces(start, end);
    const cuts = new Set<number>([start, end]);
    for (const p of base.pieces(start, end)) cuts.add(p.start);
    for (const h of holds) {
      if (h.start > start && h.start < end) cuts.add(h.start);
      if (h.end > start && h.end < end) cuts.add(h.end);
    }
    const points = [...cuts].sort((a, b) => a - b);
    const out: CapacityPiece[] = [];
    for (let i = 0; i + 1 < points.length; i++) {
      const a = points[i];
      let level = base.usedAt(a);
      for (const h of holds) if (h.start <= a && h.end > a) level += h.quantity;
      const last = out[out.length - 1];
      if (last && last.used === level) last.end = points[i + 1];
      else out.push({ start: a, end: points[i + 1], used: level });
    }
    return out;
  }

  function usedAbove(threshold: number): Interval[] {
    if (extra.length === 0) return base.usedAbove(threshold);
    const lo = extra[0].start;
    const hi = Math.max(...extra.map((h) => h.end));
    const parts: Interval[] = [];
    for (const i of base.usedAbove(threshold)) {
      if (i.start < lo) parts.push({ start: i.start, end: Math.min(i.end, lo) });
      if (i.end > hi) parts.push({ start: Math.max(i.start, hi), end: i.end });
    }
    for (const p of pieces(lo, hi)) if (p.used > threshold) parts.push({ start: p.start, end: p.end });
    parts.sort((a, b) => a.start - b.start);
    const merged: Interval[] = [];
    for (const p of parts) {
      const last = merged[merged.length - 1];
      if (last && p.start <= last.end) last.end = Math.max(last.end, p.end);
      else merged.push({ ...p });
    }
    return merged;
  }

  return {
    maxUsed: (start, end) => maxUsedWithExtra(base, start, end, overlapping(start, end)),
    usedAt,
    pieces,
    usedAbove,
    add(hold) {
      if (hold.end <= hold.start || hold.quantity === 0) return;
      longest = Math.max(longest, hold.end - hold.start);
      let i = extra.length;
      while (i > 0 && extra[i - 1].start > hold.start) i--;
      extra.splice(i, 0, { start: hold.start, end: hold.end, quantity: hold.quantity });
    },
  };
}
