import { iso, isoRequired } from '../../lib/time-format.js';
import type { Conflict } from '../../core/availability/types.js';
import type { SeriesRow, SkippedRow } from './series.repository.js';

export function serializeSeries(row: SeriesRow) {
  const t = row.template;
  return {
    id: row.id,
    object: 'series' as const,
    livemode: row.livemode,
    status: row.status,
    rrule: row.rrule,
    start_date: row.start_date,
    start_time: row.start_time,
    timezone: row.timezone,
    template: {
      segments: t.segments.map((s) => ({
        resource: s.resource,
        resources: s.resources,
        offset_minutes: s.offset_minutes,
        duration_minutes: s.duration_minutes,
        quantity: s.quantity,
        location: s.location,
        buffer_before_minutes: s.buffer_before_minutes,
        buffer_after_minutes: s.buffer_after_minutes,
        candidate_order: s.candidate_order ?? 'listed',
        fairness_period: s.fairness_period ?? 'week',
      })),
      seats: t.seats,
      metadata: t.metadata,
    },
    horizon_days: row.horizon_days,
    conflict_policy: row.conflict_policy,
    generated_until: iso(row.generated_until),
    ends_before: iso(row.ends_before),
    split_from: row.split_from,
    split_into: row.split_into,
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}
export type ApiSeries = ReturnType<typeof serializeSeries>;

export function serializeSkipped(row: SkippedRow) {
  return {
    object: 'skipped_occurrence' as const,
    series: row.series_id,
    occurrence_key: row.occurrence_key,
    start: isoRequired(row.start_at),
    end: isoRequired(row.end_at),
    conflicts: row.conflicts as Conflict[],
  };
}
