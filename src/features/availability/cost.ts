/**
 * The cost of an availability search, in work units, decided before any work starts
 * (docs/limits.md). A search walks a grid of slot starts over the range and, at each start,
 * may try every candidate of every segment:
 *
 *     units = (candidates of segment 1 + … + candidates of segment n) × grid starts per day × days
 *
 * A `type` counts its active resources as candidates, under the same cap of 50 as a
 * `resources` list. A search over budget is 400 parameter_invalid, with what to narrow.
 */
import { ApiError, invalid } from '../../lib/errors.js';

/** Candidates per segment, whether listed in `resources` or found through `type`. */
export const MAX_CANDIDATES = 50;

/**
 * At most this many work units per search: a 62-day search of one segment over 50
 * candidates on the default 15-minute grid (297,600) fits; the worst allowed search (every
 * start trying all 50 candidates of 20 segments) takes a few seconds of CPU on a small
 * machine, run in slices that leave the event loop free (docs/limits.md, npm run bench).
 */
export const MAX_SEARCH_UNITS = 300_000;

const DAY_MS = 24 * 3600 * 1000;

export interface SearchShape {
  /** Candidates of each segment, in order. */
  candidates: number[];
  slotIntervalMinutes: number;
  range: { start: number; end: number };
}

export function searchUnits(shape: SearchShape): number {
  const candidates = shape.candidates.reduce((sum, n) => sum + n, 0);
  const startsPerDay = Math.ceil(1440 / shape.slotIntervalMinutes);
  const days = Math.max(1, Math.ceil((shape.range.end - shape.range.start) / DAY_MS));
  return candidates * startsPerDay * days;
}

/** A `type` with more active resources than a segment may have candidates. */
export function assertTypeCandidates(type: string, found: number, segment: number): void {
  if (found <= MAX_CANDIDATES) return;
  throw invalid(
    `segments[${segment}].type`,
    `Invalid segments[${segment}].type: '${type.slice(0, 100)}' has ${found} active resources, and a segment may have at most ${MAX_CANDIDATES} candidates. List up to ${MAX_CANDIDATES} of them in segments[${segment}].resources instead.`,
  );
}

export function assertSearchBudget(shape: SearchShape): void {
  const units = searchUnits(shape);
  if (units <= MAX_SEARCH_UNITS) return;
  const days = Math.ceil((shape.range.end - shape.range.start) / DAY_MS);
  throw new ApiError(
    'parameter_invalid',
    `This search would cost ${units.toLocaleString('en-US')} work units (candidates of all segments × grid starts per day × days: ` +
      `${shape.candidates.reduce((a, b) => a + b, 0)} × ${Math.ceil(1440 / shape.slotIntervalMinutes)} × ${days}); the limit is ` +
      `${MAX_SEARCH_UNITS.toLocaleString('en-US')}. Narrow it: a shorter range from–to, a larger slot_interval_minutes, or fewer candidates per segment.`,
    null,
  );
}
