/**
 * The time core's vocabulary: instants are epoch milliseconds (UTC), intervals are
 * half-open [start, end). The availability core builds on these; nothing here looks up.
 */

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface Interval {
  start: number;
  end: number;
}
