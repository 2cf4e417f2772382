/**
 * Wall-clock intervals shared by schedules and overrides (docs/availability.md#schedules): their schema,
 * the checks the schema cannot express (24:00 only as an end, end after start, no overlap
 * within a day) and the existence of the locations they name.
 */
import { Type } from 'typebox';
import type { DbHandle } from '../../db/transaction.js';
import type { WallIntervalRow } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { invalid } from '../../lib/errors.js';
import { assertLocationsExist } from '../../capacity/index.js';
import { Id, Nullable } from '../../http/schemas.js';
import { parseWallTime } from '../../core/time/wall-time.js';
import type { Weekday } from '../../core/time/types.js';

export const WEEKDAYS: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** At most this many intervals in one day (every 15 minutes of a day). */
export const MAX_INTERVALS_PER_DAY = 96;

const WallTime = (which: string) =>
  Type.String({ format: 'wall-time', description: `${which}, HH:MM in the resource's time zone (24:00 only as an end).` });

export const WallIntervalInput = Type.Object(
  {
    start: WallTime('Start'),
    end: WallTime('End, after start'),
    location: Type.Optional(Nullable(Id("Location id; null (default) means the resource's default_location."))),
  },
  { additionalProperties: false },
);

export const WallIntervalSchema = Type.Object({
  start: Type.String(),
  end: Type.String(),
  location: Nullable(Type.String()),
});

export const DayIntervalsInput = Type.Array(WallIntervalInput, {
  maxItems: MAX_INTERVALS_PER_DAY,
  description: `Up to ${MAX_INTERVALS_PER_DAY} non-overlapping intervals; [] or a missing key is a closed day.`,
});

export interface WallIntervalInputValue {
  start: string;
  end: string;
  location?: string | null;
}

/** A location id named by an interval, with the parameter that named it (for the 404). */
export interface LocationRef {
  id: string;
  param: string;
}

/**
 * Checks one day's intervals and returns them in the stored shape (location null when not
 * given). `param` is the bracket path of the day, e.g. `weeks[0].monday` or `intervals`.
 * Touching intervals (12:00–13:00 after 09:00–12:00) do not overlap.
 */
export function checkDayIntervals(input: readonly WallIntervalInputValue[], param: string, refs: LocationRef[]): WallIntervalRow[] {
  const parsed = input.map((it, i) => {
    const start = parseWallTime(it.start);
    if (start === null) throw invalid(`${param}[${i}].start`, `Invalid ${param}[${i}].start: 24:00 is allowed only as an interval end.`);
    const end = parseWallTime(it.end, true);
    if (end === null) throw invalid(`${param}[${i}].end`, `Invalid ${param}[${i}].end: must be HH:MM.`);
    if (end <= start) throw invalid(`${param}[${i}].end`, `Invalid ${param}[${i}].end: must be after start (${it.start}).`);
    if (it.location) refs.push({ id: it.location, param: `${param}[${i}].location` });
    return { i, start, end };
  });
  // Report the later of two overlapping intervals, in start order, by its input position.
  const sorted = [...parsed].sort((a, b) => a.start - b.start || a.i - b.i);
  for (let k = 1; k < sorted.length; k++) {
    const prev = sorted[k - 1];
    const cur = sorted[k];
    if (cur.start < prev.end) {
      const other = input[prev.i];
      throw invalid(
        `${param}[${cur.i}].start`,
        `Invalid ${param}[${cur.i}]: it overlaps ${param}[${prev.i}] (${other.start}–${other.end}); intervals of one day must not overlap.`,
      );
    }
  }
  return input.map((it) => ({ start: it.start, end: it.end, location: it.location ?? null }));
}

/** Every named location must exist in the account: 404 resource_missing naming the first that does not. */
export const checkLocationRefs = assertLocationsExist;

/** Stored intervals in the output shape, keys in a fixed order (jsonb reorders keys). */
export function serializeIntervals(intervals: readonly WallIntervalRow[]) {
  return intervals.map((it) => ({ start: it.start, end: it.end, location: it.location ?? null }));
}
