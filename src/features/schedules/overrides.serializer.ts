import { isoRequired } from '../../lib/time-format.js';
import type { OverrideRow } from './overrides.repository.js';
import { serializeIntervals } from './wall-intervals.js';

/** No updated_at: every object has one except the override and the delivery (docs/api-conventions.md#responses). */
export function serializeOverride(row: OverrideRow) {
  return {
    id: row.id,
    object: 'schedule_override' as const,
    livemode: row.livemode,
    resource: row.resource_id,
    date: row.date,
    intervals: serializeIntervals(row.intervals),
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
  };
}
export type ApiOverride = ReturnType<typeof serializeOverride>;
