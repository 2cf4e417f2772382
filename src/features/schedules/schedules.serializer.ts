import { isoRequired } from '../../lib/time-format.js';
import type { WallIntervalRow } from '../../db/schema.js';
import type { ScheduleRow } from './schedules.repository.js';
import { serializeIntervals, WEEKDAYS } from './wall-intervals.js';

/** Week maps with weekday keys in calendar order (jsonb would return them in its own order). */
export function serializeWeeks(weeks: readonly Record<string, WallIntervalRow[]>[]) {
  return weeks.map((week) => {
    const out: Record<string, ReturnType<typeof serializeIntervals>> = {};
    for (const day of WEEKDAYS) if (week[day] !== undefined) out[day] = serializeIntervals(week[day]);
    return out;
  });
}

export function serializeSchedule(row: ScheduleRow) {
  return {
    id: row.id,
    object: 'schedule' as const,
    livemode: row.livemode,
    resource: row.resource_id,
    effective_from: row.effective_from,
    weeks: serializeWeeks(row.weeks),
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}
export type ApiSchedule = ReturnType<typeof serializeSchedule>;
