/**
 * The booking a series makes at each occurrence: its template's segments placed at the
 * occurrence's start. Offsets and durations are exact minutes from the start instant
 * (not wall times), so a segment that crosses a daylight-saving change keeps its length.
 */
import type { PlanSegmentInput } from '../availability/booking-plan.js';
import type { CandidateOrder, FairnessPeriod } from '../availability/types.js';
import { MINUTE_MS } from '../time/wall-time.js';

export interface TemplateSegment {
  /** Exactly one of `resource` (book that one) or `resources` (ordered candidates). */
  resource?: string;
  resources?: string[];
  /** Minutes from the occurrence start; null: right after the previous segment (0 for the first). */
  offsetMinutes: number | null;
  durationMinutes: number;
  quantity: number | null;
  location: string | null;
  bufferBeforeMinutes: number | null;
  bufferAfterMinutes: number | null;
  /** How `resources` are tried; absent: listed. */
  candidateOrder?: CandidateOrder;
  /** `weighted` only; absent: week. */
  fairnessPeriod?: FairnessPeriod;
}

export interface SeriesTemplate {
  segments: TemplateSegment[];
  seats: number | null;
  metadata: Record<string, string> | null;
}

/** Each segment's [start, end) in minutes from the occurrence start. */
export function segmentOffsets(segments: readonly TemplateSegment[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let previousEnd = 0;
  for (const s of segments) {
    const start = s.offsetMinutes ?? previousEnd;
    const end = start + s.durationMinutes;
    out.push({ start, end });
    previousEnd = end;
  }
  return out;
}

/** Minutes from the occurrence start to the end of its last-ending segment (no buffers). */
export function templateLengthMinutes(segments: readonly TemplateSegment[]): number {
  return Math.max(0, ...segmentOffsets(segments).map((o) => o.end));
}

/** The planner's input for the occurrence starting at `start` (epoch ms). */
export function occurrenceSegments(segments: readonly TemplateSegment[], start: number): PlanSegmentInput[] {
  const offsets = segmentOffsets(segments);
  return segments.map((s, i) => ({
    start: start + offsets[i].start * MINUTE_MS,
    end: start + offsets[i].end * MINUTE_MS,
    quantity: s.quantity ?? 1,
    ...(s.resource !== undefined ? { resource: s.resource } : { resources: s.resources ?? [] }),
    location: s.location,
    bufferBeforeMinutes: s.bufferBeforeMinutes,
    bufferAfterMinutes: s.bufferAfterMinutes,
    candidateOrder: s.candidateOrder ?? 'listed',
    ...(s.fairnessPeriod ? { fairnessPeriod: s.fairnessPeriod } : {}),
  }));
}

/** Every resource the template may book (named or candidate), each once. */
export function templateResources(segments: readonly TemplateSegment[]): string[] {
  const ids = new Set<string>();
  for (const s of segments) {
    if (s.resource !== undefined) ids.add(s.resource);
    for (const r of s.resources ?? []) ids.add(r);
  }
  return [...ids];
}
